const number = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (value: number) => number.format(value);
export const formatPercent = (value: number | null) => (value === null ? '—' : percent.format(value));

/** A bucket's label: "Mar 4" for days, "Mar 2026" for months (UTC, as the server counts). */
export function formatBucket(date: string, granularity: 'day' | 'month'): string {
  const d = new Date(`${date}T00:00:00Z`);
  return granularity === 'day'
    ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    : d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The change against the previous period, as shown under a card. */
export function describeChange(
  value: number | null,
  previous: number | null,
  kind: 'count' | 'ratio',
): { text: string; tone: 'up' | 'down' | 'flat' } | null {
  if (previous === null || value === null) return null;
  const diff = value - previous;
  if (Math.abs(diff) < 1e-9) return { text: 'No change', tone: 'flat' };
  const tone = diff > 0 ? 'up' : 'down';
  if (kind === 'ratio') {
    const points = Math.round(Math.abs(diff) * 1000) / 10;
    return { text: `${diff > 0 ? '+' : '−'}${points} pts`, tone };
  }
  if (previous === 0) return { text: `+${formatCount(diff)}`, tone };
  const pct = Math.round((Math.abs(diff) / previous) * 100);
  return { text: `${diff > 0 ? '+' : '−'}${pct}%`, tone };
}
