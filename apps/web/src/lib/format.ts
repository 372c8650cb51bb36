// One format across the app (issue 23 §9): the app's text is English, so are its dates, for every reader.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Nov 22, 2026"; an em dash when there is no date. */
export const formatDate = (iso: string | null | undefined) => {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '—';
};

/** "Nov 22, 2026, 9:41 AM" in the reader's time zone. */
export const formatDateTime = (iso: string | null | undefined) => {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '—';
};

/** A month "2026-10" as "Oct 2026" (chart axes and narrow tables; the contract's monthLabel is the long form). */
export function formatMonthShort(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
