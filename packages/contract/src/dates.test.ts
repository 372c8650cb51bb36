import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeUtc, formatMonth, formatMonthShort } from './dates';

describe('the one date format (web, mails and PDFs)', () => {
  it('prints a calendar day as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-01', 'America/Los_Angeles')).toBe('Jan 1, 2026');
  });

  it('prints a moment as its day in the given time zone, the server in UTC', () => {
    const late = new Date('2026-11-22T23:30:00Z');
    expect(formatDate(late, 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate(late.toISOString(), 'Asia/Tokyo')).toBe('Nov 23, 2026');
    expect(formatDateTime(late, 'UTC').replace(/\s/g, ' ')).toBe('Nov 22, 2026, 11:30 PM');
    expect(formatDateTimeUtc(late).replace(/\s/g, ' ')).toBe('Nov 22, 2026, 11:30 PM UTC');
  });

  it('prints months long and short, and an em dash for no date', () => {
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonthShort('2026-10')).toBe('Oct 2026');
    for (const none of [null, undefined, '', 'not a date']) {
      expect(formatDate(none)).toBe('—');
      expect(formatDateTimeUtc(none)).toBe('—');
    }
  });
});
