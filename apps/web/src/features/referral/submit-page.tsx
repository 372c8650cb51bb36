import { storageKeys } from '@portal/contract';
import { usePublicSettings } from './api/get-public-settings';
import { ReferralForm } from './components/referral-form';
import { sendReferral } from './send-referral';

/** The logged-in partner's session as spec §3 stores it; null parts when absent or corrupt. */
function readPartnerSession(): { token: string | null; uuid: string | null } {
  try {
    const user: unknown = JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null');
    const uuid = typeof user === 'object' && user !== null && 'uuid' in user ? user.uuid : null;
    return { token: localStorage.getItem(storageKeys.token), uuid: typeof uuid === 'string' && uuid ? uuid : null };
  } catch {
    return { token: null, uuid: null };
  }
}

/**
 * /submit: a partner refers a merchant directly. Same form as the landing page; the lead is sent
 * with the partner's token (attributed, source 'portal') and the form clears for the next one.
 * Rendered inside the partner layout, which provides the Toaster.
 */
export function SubmitPage() {
  const { supportPhone } = usePublicSettings();

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Submit Referral</h1>
      <p className="mt-2 text-sm text-slate-600 sm:text-base">
        Refer a merchant for a free processing-fee analysis. We contact them, and the referral is credited to you.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <ReferralForm
          supportPhone={supportPhone}
          submitLabel="Submit Referral"
          resetOnSuccess
          consentNote="Confirm that the merchant agreed to both of the following:"
          onSubmit={(form, honeypot) => {
            const { token, uuid } = readPartnerSession();
            return sendReferral({ form, uuid, supportPhone, honeypot, token });
          }}
        />
      </div>
    </div>
  );
}
