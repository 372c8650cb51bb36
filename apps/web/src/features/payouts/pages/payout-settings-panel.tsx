import { QueryState } from '@/components/ui/query-state';
import { usePayoutDetails } from '../api/get-payout-details';
import { BankSection } from '../components/bank-section';
import { PayoutReadinessCard } from '../components/readiness-card';
import { TaxFormSection } from '../components/tax-form-section';

/** Settings → Payouts: readiness, the tax form and the bank account. */
export function PayoutSettingsPanel() {
  const details = usePayoutDetails();
  return (
    <div className="max-w-3xl space-y-6">
      <PayoutReadinessCard withLink={false} />
      <QueryState query={details} errorTitle="Could not load your payout details">
        {(data) => (
          <>
            <TaxFormSection details={data} />
            <BankSection details={data} />
            <p className="text-xs text-slate-500">
              Your taxpayer ID and account number are stored encrypted and shown only by their last four digits.
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}
