import { Link } from 'react-router';
import { type AdminUserSummary } from '@portal/contract';
import { Badge } from '@/components/ui/badge';
import { userStatusTones } from '@/components/user-status';
import { type Column } from '@/components/ui/table';
import { paths } from '@/lib/paths';
import { percent, relativeTime, roleLabels, shortDate, statusLabels } from './format';
import { formatDateTime } from '@/lib/format';

/** The admin user list's columns; on a phone the card keeps name, status and referrals. */
export const adminUserColumns: Column<AdminUserSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    hideLabelOnPhone: true,
    cell: (row) => (
      <div className="min-w-0">
        <Link to={paths.admin.user(row.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {row.full_name}
        </Link>
        <p className="truncate text-slate-500">{row.email}</p>
      </div>
    ),
  },
  // On a phone the card keeps name, status and referrals; the detail page has the rest.
  { key: 'role', header: 'Role', className: 'max-sm:hidden', cell: (row) => roleLabels[row.role] },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={userStatusTones[row.status]}>{statusLabels[row.status]}</Badge>,
  },
  { key: 'referrals', header: 'Referrals', sortable: true, className: 'sm:text-right', cell: (row) => row.referrals },
  {
    key: 'approved',
    header: 'Approved',
    sortable: true,
    className: 'max-sm:hidden sm:text-right',
    cell: (row) => row.approved,
  },
  {
    key: 'conversion',
    header: 'Conversion',
    sortable: true,
    className: 'max-sm:hidden sm:text-right',
    cell: (row) => percent(row.conversion),
  },
  {
    key: 'last_login',
    header: 'Last login',
    sortable: true,
    className: 'max-sm:hidden',
    cell: (row) => (
      <span title={row.last_login_at ? formatDateTime(row.last_login_at) : undefined}>{relativeTime(row.last_login_at)}</span>
    ),
  },
  { key: 'created', header: 'Created', sortable: true, className: 'max-sm:hidden', cell: (row) => shortDate(row.created_at) },
];
