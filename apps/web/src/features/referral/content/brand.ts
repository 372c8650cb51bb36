/** The reseller's name as the landing page shows it; one place to rename the program. */
export const brand = {
  name: 'Example Payments',
  program: 'Dual Pricing Program',
} as const;
