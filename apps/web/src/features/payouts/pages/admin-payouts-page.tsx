import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { useReviews } from '../api/get-reviews';
import { BatchesPanel } from '../components/batches-panel';
import { ReviewQueue } from '../components/review-queue';
import { Tax1099Panel } from '../components/tax-1099-panel';

type Tab = 'review' | 'batches' | 'tax';

/** /admin/payouts: the review queue and the payout batches. */
export function AdminPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const param = params.get('tab');
  const tab: Tab = param === 'batches' || param === 'tax' ? param : 'review';
  const reviews = useReviews('submitted');
  const count = reviews.data?.items.length;
  return (
    <>
      <PageHeader
        title="Payouts"
        description="Review tax forms and bank accounts, build the month’s payout batch and its NACHA file, record returns, and the year’s 1099-NEC."
      />
      <Tabs
        items={[
          { value: 'review', label: 'Review', badge: count ? count : undefined },
          { value: 'batches', label: 'Batches' },
          { value: 'tax', label: 'Tax (1099-NEC)' },
        ]}
        value={tab}
        onChange={(next) => setParams(next === 'review' ? {} : { tab: next })}
        label="Payouts sections"
        className="mb-6"
      />
      {tab === 'review' && <ReviewQueue />}
      {tab === 'batches' && <BatchesPanel />}
      {tab === 'tax' && <Tax1099Panel />}
    </>
  );
}
