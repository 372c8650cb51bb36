import { useMemo } from 'react';
import { formatCents } from '@portal/contract';
import { formatMonthShort } from '@/lib/format';
import { barPaths, Chart, type ChartConfig } from '../ui/chart';
import type { EarningsPoint } from './earnings-table';

const earningsColors = { residual: '#2563eb', bonus: '#f59e0b' };

/**
 * Bonus and residual per month as stacked bars (the dashboard's chart pattern). The residual is drawn
 * over a bar as tall as both, so the visible top part is the bonus. The same figures are in
 * EarningsTable for screen readers and anyone who prefers numbers.
 */
export function EarningsChart({ points, currency }: { points: readonly EarningsPoint[]; currency: string }) {
  const config = useMemo((): ChartConfig => {
    const totals = points.map((p) => Math.max(0, p.bonus_cents) + Math.max(0, p.residual_cents));
    const dollars = (cents: number) => formatCents(cents, currency).replace(/\.00$/, '');
    const bars = barPaths();
    const bar = (label: string, color: string) => ({
      label,
      stroke: color,
      fill: `${color}dd`,
      width: 0,
      points: { show: false },
      paths: bars,
    });
    return {
      labels: points.map((p) => formatMonthShort(p.month)),
      data: [totals, points.map((p) => Math.max(0, p.residual_cents))],
      max: Math.max(100, ...totals),
      yAxis: { size: 64, values: (_u, splits) => splits.map((v) => dollars(v)) },
      series: [bar('Bonus', earningsColors.bonus), bar('Residual', earningsColors.residual)],
    };
  }, [points, currency]);

  return (
    <Chart
      config={config}
      legend={[
        { label: 'Residual', color: earningsColors.residual },
        { label: 'Bonus', color: earningsColors.bonus },
      ]}
      describe={(i) => {
        const point = points[i]!;
        return `${formatMonthShort(point.month)}: ${formatCents(point.residual_cents, currency)} residual · ${formatCents(point.bonus_cents, currency)} bonus`;
      }}
    />
  );
}
