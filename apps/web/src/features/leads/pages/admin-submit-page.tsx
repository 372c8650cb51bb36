import { PartnerPicker } from '@/components/partner-picker';
import { searchPartners } from '@/lib/api/search-partners';
import { SubmitPage } from './submit-page';

/** /admin/submit: the Submit Referral form with a picker for the partner to credit. */
export function AdminSubmitRoute() {
  return (
    <SubmitPage
      renderPartnerPicker={(value, onChange) => (
        <PartnerPicker
          label="Credit to partner (optional)"
          value={value}
          onChange={onChange}
          search={searchPartners}
          emptyLabel="Unattributed"
          hint="Leave empty to record the referral without a partner; you can assign one later."
        />
      )}
    />
  );
}
