import type { UserStatus } from '@portal/contract';
import { formatDate } from '@/lib/format';

export const statusLabels: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  pending_approval: 'Pending',
  disabled: 'Disabled',
};
export const roleLabels = { user: 'Partner', admin: 'Admin' } as const;

export const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
/** "3 days ago", "yesterday", "just now"; "Never" for null. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'Never';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  if (abs < 365 * 86_400) return rtf.format(Math.round(seconds / (30 * 86_400)), 'month');
  return rtf.format(Math.round(seconds / (365 * 86_400)), 'year');
}

/** The app's one date format (lib/format). */
export const shortDate = (iso: string) => formatDate(iso);
