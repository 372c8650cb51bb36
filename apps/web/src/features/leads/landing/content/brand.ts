/** The program's name on the landing page; the company's name comes from the Company Name setting. */
export const brand = {
  program: 'Dual Pricing Program',
} as const;
