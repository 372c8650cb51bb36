import { formatCents } from '@portal/contract';
import { formatMonthShort } from '@/lib/format';
import { TableHead, type Heading } from '../ui/table';

export interface EarningsPoint {
  /** "2026-10" */
  month: string;
  bonus_cents: number;
  residual_cents: number;
}

const figureHeading = 'px-3 py-2 text-right font-medium';
const headings: Heading[] = [
  ['Month', 'px-3 py-2 font-medium'],
  ['Residual', figureHeading],
  ['Bonus', figureHeading],
  ['Total', figureHeading],
];

/** The chart's figures as a table behind a disclosure, so no one depends on the canvas. */
export function EarningsTable({ points, currency }: { points: readonly EarningsPoint[]; currency: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700 hover:underline">Show as table</summary>
      <div className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200">
        <table className="w-full text-left">
          <caption className="sr-only">Bonus and residual per month</caption>
          <TableHead className="sticky top-0 bg-slate-50 text-xs text-slate-600" headings={headings} />
          <tbody className="divide-y divide-slate-100">
            {points.map((point) => (
              <tr key={point.month}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {formatMonthShort(point.month)}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCents(point.residual_cents, currency)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCents(point.bonus_cents, currency)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {formatCents(point.residual_cents + point.bonus_cents, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
