import { ChartIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth/auth-store';

export function DashboardPage() {
  const firstName = useAuthStore((s) => s.user?.full_name.trim().split(/\s+/)[0]);
  return (
    <>
      <PageHeader title="Dashboard" description={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} />
      <EmptyState icon={<ChartIcon className="size-6" />} title="No referral activity yet">
        Your referrals and their progress will appear here. Share your Public URL or submit a referral to get started.
      </EmptyState>
    </>
  );
}
