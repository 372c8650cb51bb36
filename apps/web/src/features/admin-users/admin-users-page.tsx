import { UsersIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function AdminUsersPage() {
  return (
    <>
      <PageHeader title="Users" description="Partners and administrators of the portal." />
      <EmptyState icon={<UsersIcon className="size-6" />} title="User management is coming soon">
        Partner accounts will be listed and managed here.
      </EmptyState>
    </>
  );
}
