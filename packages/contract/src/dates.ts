import { monthLabel } from './commissions/months';

// One date format for every screen, mail and PDF (issue 23 §9): the portal's text is English, so are its
// dates. The web app formats in the reader's time zone; the server, which has no reader, in UTC and says so.

type DateInput = string | Date | null | undefined;

const dayOptions = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const timeOptions = { ...dayOptions, hour: 'numeric', minute: '2-digit' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...(kind === 'day' ? dayOptions : timeOptions), timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** A calendar day as stored ("2026-11-22"): the same day in every time zone. */
const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

const parse = (value: DateInput) => {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * "Nov 22, 2026"; an em dash when there is no date. A calendar day ("2026-11-22") is that day everywhere;
 * a moment is the day in `timeZone` (the reader's when omitted; the server passes "UTC").
 */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = parse(value);
  if (!date) return '—';
  const zone = typeof value === 'string' && calendarDay.test(value) ? 'UTC' : timeZone;
  return formatter('day', zone).format(date);
}

/** "Nov 22, 2026, 9:41 AM" in `timeZone` (the reader's when omitted); an em dash when there is no date. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = parse(value);
  return date ? formatter('time', timeZone).format(date) : '—';
}

/** "Nov 22, 2026, 9:41 AM UTC": a moment in mails and PDFs, which cannot know the reader's time zone. */
export function formatDateTimeUtc(value: DateInput): string {
  const date = parse(value);
  return date ? `${formatter('time', 'UTC').format(date)} UTC` : '—';
}

/** A month "2026-10" as "October 2026" (headings, mails, PDFs). */
export const formatMonth = monthLabel;

/** A month "2026-10" as "Oct 2026" (chart axes and narrow tables). */
export function formatMonthShort(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
