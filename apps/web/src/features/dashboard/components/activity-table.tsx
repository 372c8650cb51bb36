import type { DashboardTimeseries } from '@portal/contract';
import { formatBucket, formatCount } from './format';

/** The chart's figures as a table (behind a disclosure), so no one depends on the canvas. */
export function ActivityTable({ series }: { series: DashboardTimeseries }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700 hover:underline">Show as table</summary>
      <div className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200">
        <table className="w-full text-left">
          <caption className="sr-only">Referrals and link visits per {series.granularity}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {series.granularity === 'day' ? 'Day' : 'Month'}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Referrals
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Link visits
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {series.points.map((point) => (
              <tr key={point.date}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {formatBucket(point.date, series.granularity)}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(point.referrals)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(point.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
