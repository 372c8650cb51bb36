// zod-free on purpose: the period picker and the dashboard must not pull zod in.
/** Dashboard periods (kept in the URL as `?period=`). */
export const periods = ['7d', '30d', '90d', '12m', 'all'] as const;
export type Period = (typeof periods)[number];
export const periodLabels: Record<Period, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  all: 'All time',
};
