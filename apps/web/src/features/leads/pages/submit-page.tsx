import { useState, type ReactNode } from 'react';
import { useAuthStore } from '@/lib/auth/auth-store';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { submitReferralInApp } from '../api/submit-referral-in-app';
import { ReferralForm } from '../landing/components/referral-form';
import { sendReferral } from '../landing/send-referral';

/** The partner an admin credits a referral to; null leaves it unattributed. */
export interface CreditedPartner {
  id: number;
  name: string;
  email: string;
}

interface SubmitPageProps {
  /** Admins only: a picker for the credited partner, composed by the route (features stay apart). */
  renderPartnerPicker?: (value: CreditedPartner | null, onChange: (partner: CreditedPartner | null) => void) => ReactNode;
}

/**
 * /submit (partner) and /admin/submit (admin): the landing page's form inside the app. The session
 * comes from the auth store and the call goes through the app's client (bearer token, 401 handling).
 * A partner's lead is credited to them (source 'portal'); an admin's to the partner picked, if any
 * (source 'admin'). The form clears for the next one. The layout provides the Toaster.
 */
export function SubmitPage({ renderPartnerPicker }: SubmitPageProps) {
  const { supportPhone } = usePublicSettings();
  const user = useAuthStore((s) => s.user);
  const [partner, setPartner] = useState<CreditedPartner | null>(null);
  const isAdmin = user?.role === 'admin';

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Submit Referral</h1>
      <p className="mt-2 text-sm text-slate-600 sm:text-base">
        {isAdmin
          ? 'Enter a merchant’s request on a partner’s behalf. Pick the partner to credit, or leave it unattributed.'
          : 'Refer a merchant for a free processing-fee analysis. We contact them, and the referral is credited to you.'}
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {isAdmin && renderPartnerPicker && <div className="mb-6">{renderPartnerPicker(partner, setPartner)}</div>}
        <ReferralForm
          supportPhone={supportPhone}
          submitLabel="Submit Referral"
          resetOnSuccess
          consentNote="Confirm that the merchant agreed to both of the following:"
          onSubmit={(form, honeypot) =>
            sendReferral(
              { form, uuid: user?.uuid ?? null, supportPhone, honeypot, partnerId: isAdmin ? (partner?.id ?? null) : undefined },
              submitReferralInApp,
            )
          }
        />
      </div>
    </div>
  );
}
