import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { useReviews } from '../api/get-reviews';
import { BatchesPanel } from '../components/batches-panel';
import { ReviewQueue } from '../components/review-queue';

type Tab = 'review' | 'batches';

/** /admin/payouts: the review queue and the payout batches. */
export function AdminPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'batches' ? 'batches' : 'review';
  const reviews = useReviews('submitted');
  const count = reviews.data?.items.length;
  return (
    <>
      <PageHeader
        title="Payouts"
        description="Review tax forms and bank accounts, build the month’s payout batch and its NACHA file, and record returns."
      />
      <Tabs
        items={[
          { value: 'review', label: 'Review', badge: count ? count : undefined },
          { value: 'batches', label: 'Batches' },
        ]}
        value={tab}
        onChange={(next) => setParams(next === 'review' ? {} : { tab: next })}
        label="Payouts sections"
        className="mb-6"
      />
      {tab === 'review' ? <ReviewQueue /> : <BatchesPanel />}
    </>
  );
}
