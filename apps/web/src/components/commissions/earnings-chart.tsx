import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCents } from '@portal/contract';
import { formatMonthShort } from '@/lib/format';
import type { EarningsPoint } from './earnings-table';

const earningsColors = { residual: '#2563eb', bonus: '#f59e0b' };

/**
 * Bonus and residual per month as stacked bars (uPlot, canvas; the dashboard's chart pattern). The
 * residual is drawn over a bar as tall as both, so the visible top part is the bonus. The same
 * figures are in EarningsTable for screen readers and anyone who prefers numbers.
 */
export function EarningsChart({ points, currency }: { points: readonly EarningsPoint[]; currency: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = points.map((_, i) => i);
    const totals = points.map((p) => Math.max(0, p.bonus_cents) + Math.max(0, p.residual_cents));
    const residuals = points.map((p) => Math.max(0, p.residual_cents));
    const data: uPlot.AlignedData = [xs, totals, residuals];
    const max = Math.max(100, ...totals);
    const label = (i: number) => (points[i] ? formatMonthShort(points[i].month) : '');
    const dollars = (cents: number) => formatCents(cents, currency).replace(/\.00$/, '');
    const bars = uPlot.paths.bars!({ size: [0.6, 40], align: 0 });
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 240,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: { x: { time: false, range: [-0.6, points.length - 0.4] }, y: { range: [0, Math.ceil(max * 1.15)] } },
        axes: [
          {
            stroke: '#64748b',
            grid: { show: false },
            ticks: { show: false },
            font: '11px system-ui, sans-serif',
            splits: () => {
              const step = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(element.clientWidth / 70))));
              return xs.filter((i) => i % step === 0);
            },
            values: (_u, splits) => splits.map((i) => label(i)),
          },
          {
            stroke: '#64748b',
            grid: { stroke: '#e2e8f0', width: 1 },
            ticks: { show: false },
            font: '11px system-ui, sans-serif',
            size: 64,
            values: (_u, splits) => splits.map((v) => dollars(v)),
          },
        ],
        series: [
          {},
          {
            label: 'Bonus',
            stroke: earningsColors.bonus,
            fill: `${earningsColors.bonus}dd`,
            width: 0,
            points: { show: false },
            paths: bars,
          },
          {
            label: 'Residual',
            stroke: earningsColors.residual,
            fill: `${earningsColors.residual}dd`,
            width: 0,
            points: { show: false },
            paths: bars,
          },
        ],
        hooks: { setCursor: [(u) => setHover(u.cursor.idx ?? null)] },
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 240 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points, currency]);

  const hovered = hover !== null ? points[hover] : null;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: earningsColors.residual }} /> Residual
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: earningsColors.bonus }} /> Bonus
        </span>
        <span className="ml-auto tabular-nums text-slate-700">
          {hovered
            ? `${formatMonthShort(hovered.month)}: ${formatCents(hovered.residual_cents, currency)} residual · ${formatCents(hovered.bonus_cents, currency)} bonus`
            : ' '}
        </span>
      </div>
      <div ref={host} className="w-full" aria-hidden="true" />
    </div>
  );
}
