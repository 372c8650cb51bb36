import { z } from 'zod';

// Commissions: months (`YYYY-MM`).

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = z.string({ error: 'Month is required' }).trim().regex(monthPattern, 'Use a month as YYYY-MM');
export type Month = string;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `2026-10` → `October 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${monthNames[Number(m) - 1] ?? m} ${year}`;
}

/** `2026-12` → `2027-01`; a negative step goes back. */
export function addMonths(month: string, step: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year! * 12 + (m! - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of a date (UTC). */
export function monthOf(date: Date | string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  return at.toISOString().slice(0, 7);
}
