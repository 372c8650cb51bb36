import { PrecheckCard } from '@/features/integrity/components/precheck-card';
import { SubmitPage } from '@/features/leads/pages/submit-page';

/** /submit: the referral form, with the "already registered?" pre-check (integrity feature) under it. */
export function PartnerSubmitRoute() {
  return (
    <>
      <SubmitPage />
      <div className="mx-auto mt-6 max-w-3xl">
        <PrecheckCard />
      </div>
    </>
  );
}
