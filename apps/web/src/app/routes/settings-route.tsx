import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsPage } from '@/features/users/pages/settings-page';
import { PayoutSettingsPanel } from '@/features/payouts/pages/payout-settings-panel';
import { PartnerIntegrationsSections } from '@/features/integrations/pages/integrations-sections';

type Tab = 'general' | 'payouts' | 'integrations';
const tabItems = [
  { value: 'general', label: 'General' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'integrations', label: 'API & postbacks' },
] as const;

/**
 * /settings: the user's own settings (users feature); on `?tab=payouts` their payout details (payouts
 * feature); on `?tab=integrations` their API keys and postbacks (integrations feature).
 */
export function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = requested === 'payouts' || requested === 'integrations' ? requested : 'general';
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
  if (tab === 'integrations')
    return (
      <>
        <PageHeader
          title="Settings"
          description="Keys for your own software, and the addresses your referrals' events are sent to."
        />
        {tabs}
        <PartnerIntegrationsSections />
      </>
    );
  return (
    <>
      <PageHeader title="Settings" description="Your tax form and the bank account your commissions are paid to." />
      {tabs}
      <PayoutSettingsPanel />
    </>
  );
}
