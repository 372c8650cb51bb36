import { ChartIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the referral program." />
      <EmptyState icon={<ChartIcon className="size-6" />} title="Nothing to show yet">
        Program activity will appear here as partners share their links and submit referrals.
      </EmptyState>
    </>
  );
}
