import { useState } from 'react';
import toast from 'react-hot-toast';
import { pipelineMessages, type NotificationPreferences } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { tryOrToast } from '@/lib/api/errors';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { QueryState } from '@/components/ui/query-state';

type Toggle = { key: keyof NotificationPreferences; label: string; description: string };
const partnerToggles: Toggle[] = [
  {
    key: 'lead_status_changed',
    label: 'Status changes',
    description: 'An email each time one of your referrals moves, with the reason and any note for you.',
  },
  {
    key: 'lead_note',
    label: 'Notes on my referrals',
    description: 'An email when we add a note for you on one of your referrals, outside a status change.',
  },
  {
    key: 'new_referral',
    label: 'New referral through my link',
    description: 'An email when a merchant sends a request through your Public URL.',
  },
];
const adminToggles: Toggle[] = [
  {
    key: 'new_referral',
    label: 'New leads',
    description: 'An email for each new lead (when the New Lead Emails setting is on).',
  },
  {
    key: 'partner_reply',
    label: 'Partner replies',
    description: 'An email when a partner writes on a referral: to the lead’s owner, or to every admin when it has none.',
  },
];

/** The signed-in user's email notifications (a partner's on /settings, an admin's on /admin/account), each saved as soon as it is switched. */
export function NotificationSettingsCard({ audience = 'partner' }: { audience?: 'partner' | 'admin' } = {}) {
  const toggles = audience === 'admin' ? adminToggles : partnerToggles;
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  // What the switches show while a change is saved: they move at once, and back on a failure.
  const [pending, setPending] = useState<NotificationPreferences | null>(null);
  const shown = pending ?? preferences.data;

  const change = async (key: keyof NotificationPreferences, value: boolean) => {
    if (!shown) return;
    const next = { ...shown, [key]: value };
    setPending(next);
    await tryOrToast(async () => {
      await update.mutateAsync(next);
      toast.success(pipelineMessages.preferencesSaved, { id: 'notification-preferences' });
    }, 'Your notification preferences could not be saved');
    setPending(null);
  };

  return (
    <Card className="mt-6 max-w-2xl">
      <div className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
          <p className="mt-1 text-sm text-slate-600">
            {audience === 'admin'
              ? 'Choose which emails you receive about leads.'
              : 'Choose which emails we send you about your referrals.'}
          </p>
        </div>
        <QueryState
          query={preferences}
          errorTitle="Your notification preferences could not be loaded"
          loading={<Spinner className="size-5 text-slate-400" label="Loading your notification preferences" />}
        >
          {(data) => (
            <div className="space-y-5">
              {toggles.map((toggle) => (
                <Switch
                  key={toggle.key}
                  label={toggle.label}
                  description={toggle.description}
                  checked={(shown ?? data)[toggle.key]}
                  disabled={update.isPending}
                  onChange={(value) => void change(toggle.key, value)}
                />
              ))}
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
