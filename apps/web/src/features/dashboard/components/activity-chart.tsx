import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardTimeseries } from '@portal/contract';
import { formatBucket, formatCount } from './format';

const colors = { referrals: '#2563eb', visits: '#f59e0b' };

/**
 * Referrals per bucket as bars with link visits as a line (uPlot, canvas). The same figures are in
 * the table under it for screen readers and for anyone who prefers numbers.
 */
export function ActivityChart({ series }: { series: DashboardTimeseries }) {
  const host = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const points = series.points;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = points.map((_, i) => i);
    const data: uPlot.AlignedData = [xs, points.map((p) => p.referrals), points.map((p) => p.visits)];
    const max = Math.max(1, ...points.map((p) => Math.max(p.referrals, p.visits)));
    const label = (i: number) => (points[i] ? formatBucket(points[i].date, series.granularity) : '');
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
            size: 40,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : '')),
          },
        ],
        series: [
          {},
          {
            label: 'Referrals',
            stroke: colors.referrals,
            fill: `${colors.referrals}cc`,
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars!({ size: [0.6, 40], align: 0 }),
          },
          { label: 'Link visits', stroke: colors.visits, width: 2, points: { show: points.length <= 31, size: 5 } },
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
  }, [points, series.granularity]);

  const hovered = hover !== null ? points[hover] : null;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: colors.referrals }} /> Referrals
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-3 rounded" style={{ background: colors.visits }} /> Link visits
        </span>
        <span className="ml-auto tabular-nums text-slate-700">
          {hovered
            ? `${formatBucket(hovered.date, series.granularity)}: ${formatCount(hovered.referrals)} referrals · ${formatCount(hovered.visits)} visits`
            : ' '}
        </span>
      </div>
      <div ref={host} className="w-full" aria-hidden="true" />
    </div>
  );
}
