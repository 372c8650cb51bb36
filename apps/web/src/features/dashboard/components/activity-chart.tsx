import { useMemo } from 'react';
import type { DashboardTimeseries } from '@portal/contract';
import { barPaths, Chart, type ChartConfig } from '@/components/ui/chart';
import { formatBucket, formatCount } from './format';

const colors = { referrals: '#2563eb', visits: '#f59e0b' };

/**
 * Referrals per bucket as bars with link visits as a line. The same figures are in the table under it
 * for screen readers and for anyone who prefers numbers.
 */
export function ActivityChart({ series }: { series: DashboardTimeseries }) {
  const points = series.points;
  const config = useMemo(
    (): ChartConfig => ({
      labels: points.map((p) => formatBucket(p.date, series.granularity)),
      data: [points.map((p) => p.referrals), points.map((p) => p.visits)],
      max: Math.max(1, ...points.map((p) => Math.max(p.referrals, p.visits))),
      yAxis: {
        size: 40,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : '')),
      },
      series: [
        {
          label: 'Referrals',
          stroke: colors.referrals,
          fill: `${colors.referrals}cc`,
          width: 0,
          points: { show: false },
          paths: barPaths(),
        },
        { label: 'Link visits', stroke: colors.visits, width: 2, points: { show: points.length <= 31, size: 5 } },
      ],
    }),
    [points, series.granularity],
  );

  return (
    <Chart
      config={config}
      legend={[
        { label: 'Referrals', color: colors.referrals },
        { label: 'Link visits', color: colors.visits, isLine: true },
      ]}
      describe={(i) => {
        const point = points[i]!;
        return `${formatBucket(point.date, series.granularity)}: ${formatCount(point.referrals)} referrals · ${formatCount(point.visits)} visits`;
      }}
    />
  );
}
