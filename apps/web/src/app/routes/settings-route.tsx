import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsPage } from '@/features/users/pages/settings-page';
import { PayoutSettingsPanel } from '@/features/payouts/pages/payout-settings-panel';

type Tab = 'general' | 'payouts';
const tabItems = [
  { value: 'general', label: 'General' },
  { value: 'payouts', label: 'Payouts' },
] as const;

/** /settings: the user's own settings (users feature) and, on `?tab=payouts`, their payout details (payouts feature). */
export function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'payouts' ? 'payouts' : 'general';
  const tabs = (
    <Tabs
      items={tabItems}
      value={tab}
      onChange={(next) => setParams(next === 'general' ? {} : { tab: next })}
      label="Settings sections"
      className="mb-6"
    />
  );
  if (tab === 'general') return <SettingsPage tabs={tabs} />;
  return (
    <>
      <PageHeader title="Settings" description="Your tax form and the bank account your commissions are paid to." />
      {tabs}
      <PayoutSettingsPanel />
    </>
  );
}
