import { ReviewNoteCard } from '@/features/integrity/components/review-note-card';
import { ReferralDetailPage } from '@/features/leads/pages/referral-detail-page';

/** /referrals/:id: the referral, with the note to the reviewer (integrity feature) while it is under review. */
export function ReferralDetailRoute() {
  return <ReferralDetailPage underReviewSlot={(leadId) => <ReviewNoteCard leadId={leadId} />} />;
}
