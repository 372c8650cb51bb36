import type { Period } from '@portal/contract';

export interface PeriodRange {
  /** First instant of the period (UTC midnight) and the instant after its last day. */
  from: Date;
  to: Date;
  /** Start of the previous period of the same length (it ends at `from`); null for "all". */
  previousFrom: Date | null;
  granularity: 'day' | 'month';
  /** Every bucket's first day, `YYYY-MM-DD`, in order. */
  buckets: string[];
}

const dayMs = 86_400_000;
const dayCounts = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The one meaning of a period, on the admin home and the partner dashboard alike: whole UTC days,
 * never a window rolling to the second. The days a period covers: "30d" is today and the 29 days before it; "12m" is this
 * calendar month and the 11 before it; "all" runs from the month of the first activity. The
 * previous period is the same span just before, so the cards compare like with like.
 */
export function periodRange(period: Period, now: Date, firstActivity: Date | null = null): PeriodRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = new Date(today + dayMs);
  if (period === '7d' || period === '30d' || period === '90d') {
    const n = dayCounts[period];
    const from = new Date(to.getTime() - n * dayMs);
    const buckets = Array.from({ length: n }, (_, i) => isoDay(new Date(from.getTime() + i * dayMs)));
    return { from, to, previousFrom: new Date(from.getTime() - n * dayMs), granularity: 'day', buckets };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  let from: Date;
  let previousFrom: Date | null;
  if (period === '12m') {
    from = new Date(Date.UTC(year, month - 11, 1));
    previousFrom = new Date(Date.UTC(year, month - 23, 1));
  } else {
    const start = firstActivity && firstActivity < now ? firstActivity : now;
    from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    previousFrom = null;
  }
  const buckets: string[] = [];
  for (let d = from; d < to; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) buckets.push(isoDay(d));
  return { from, to, previousFrom, granularity: 'month', buckets };
}
