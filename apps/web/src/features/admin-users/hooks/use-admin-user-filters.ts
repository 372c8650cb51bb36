import { useSearchParams } from 'react-router';
import { adminUserSorts, type AdminUserSort, type Role, type UserStatus } from '@portal/contract';
import { type UserFilters } from '../api/get-users';

/** Filters, sort and search live in the URL, so a shared or reloaded link shows the same list. */
export function useAdminUserFilters(): [UserFilters, (patch: Partial<UserFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const filters: UserFilters = {
    search: params.get('q') ?? undefined,
    role: (params.get('role') as Role | null) ?? undefined,
    status: (params.get('status') as UserStatus | null) ?? undefined,
    no_recent_referrals: params.get('idle') === '1',
    sort: adminUserSorts.includes(sort as AdminUserSort) ? (sort as AdminUserSort) : 'created',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  };
  const update = (patch: Partial<UserFilters>) => {
    const next = { ...filters, ...patch };
    const copy = new URLSearchParams();
    if (next.search) copy.set('q', next.search);
    if (next.role) copy.set('role', next.role);
    if (next.status) copy.set('status', next.status);
    if (next.no_recent_referrals) copy.set('idle', '1');
    if (next.sort !== 'created') copy.set('sort', next.sort);
    if (next.dir !== 'desc') copy.set('dir', next.dir);
    setParams(copy, { replace: true });
  };
  return [filters, update];
}
