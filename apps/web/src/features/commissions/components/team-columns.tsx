import type { ReactNode } from 'react';
import type { UserStatus } from '@portal/contract';
import { amountClass } from '@/components/commissions/money-columns';
import { Badge } from '@/components/ui/badge';
import { NameCell, titleColumn, type Column } from '@/components/ui/table';
import { userStatusTones } from '@/components/user-status';
import { levelLabel, memberStatusLabels } from './team-format';

interface Member {
  name: string;
  level: number;
  status: UserStatus;
  referrals: number;
}

/** The first columns of both team tables (the admin's and the partner's): who, how deep, their status and referrals. */
export function memberColumns<T extends Member>(name: (row: T) => ReactNode): Column<T>[] {
  return [
    titleColumn('name', 'Team member', (row) => <NameCell name={name(row)} detail={levelLabel(row.level)} />),
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <Badge tone={userStatusTones[row.status]}>{memberStatusLabels[row.status]}</Badge>,
    },
    { key: 'referrals', header: 'Referrals', className: amountClass, cell: (row) => row.referrals.toLocaleString('en-US') },
  ];
}
