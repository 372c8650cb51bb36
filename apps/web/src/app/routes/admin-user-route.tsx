import { AdminUserPage } from '@/features/admin-users/pages/admin-user-page';
import { TeamPanel } from '@/features/commissions/components/team-panel';

/** /admin/users/{id}: the user page (admin-users feature) with a Team tab showing the commissions feature's team panel. */
export function AdminUserRoute() {
  return <AdminUserPage renderTeam={(user) => <TeamPanel partnerId={user.id} partnerName={user.full_name} />} />;
}
