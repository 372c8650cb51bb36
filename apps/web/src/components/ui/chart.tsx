import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** What a chart draws; build it with useMemo so the chart is drawn again only when its figures change. */
export interface ChartConfig {
  /** The x axis' label of each point. */
  labels: readonly string[];
  /** One array of values per series, each as long as `labels`. */
  data: number[][];
  max: number;
  /** The y axis' own settings: its width, its steps and how it prints a value. */
  yAxis: Pick<uPlot.Axis, 'size' | 'incrs' | 'values'>;
  series: uPlot.Series[];
}

export interface LegendItem {
  label: string;
  color: string;
  /** A line series (drawn as a dash in the legend), else a bar (a square). */
  isLine?: boolean;
}

const axisStyle = { stroke: '#64748b', ticks: { show: false }, font: '11px system-ui, sans-serif' };
const height = 240;

/** Bars as uPlot draws them (canvas), for the series that are bars. */
export const barPaths = () => uPlot.paths.bars!({ size: [0.6, 40], align: 0 });

/**
 * A chart over a row of points (uPlot, canvas) with its legend and, on hover, a line that says the
 * point's figures. The canvas is hidden from screen readers: every chart has the same figures in a
 * table beside it.
 */
export function Chart({
  config,
  legend,
  describe,
}: {
  config: ChartConfig;
  legend: LegendItem[];
  describe: (index: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const { labels, data, max, yAxis, series } = config;
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: [0, Math.ceil(max * 1.15)] } },
        axes: [
          {
            ...axisStyle,
            grid: { show: false },
            splits: () => {
              const step = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(element.clientWidth / 70))));
              return xs.filter((i) => i % step === 0);
            },
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          { ...axisStyle, grid: { stroke: '#e2e8f0', width: 1 }, ...yAxis },
        ],
        series: [{}, ...series],
        hooks: { setCursor: [(u) => setHover(u.cursor.idx ?? null)] },
      },
      [xs, ...data],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [config]);

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {legend.map((item) => (
          <span key={item.label} className="inline-flex items-center gap-1.5">
            <span className={item.isLine ? 'h-0.5 w-3 rounded' : 'size-2.5 rounded-sm'} style={{ background: item.color }} />{' '}
            {item.label}
          </span>
        ))}
        <span className="ml-auto tabular-nums text-slate-700">
          {hover !== null && config.labels[hover] ? describe(hover) : ' '}
        </span>
      </div>
      <div ref={host} className="w-full" aria-hidden="true" />
    </div>
  );
}
