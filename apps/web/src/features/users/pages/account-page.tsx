import { PageHeader } from '@/components/ui/page-header';
import { AccountSecurity } from '../components/account-security';
import { NotificationSettingsCard } from '../components/notification-settings-card';

/** /admin/account: an admin's own password, sessions and lead emails (partners have them on /settings). */
export function AccountPage() {
  return (
    <>
      <PageHeader
        title="Your account"
        description="Your password, two-factor authentication, the devices signed in to your account, and your emails."
      />
      <AccountSecurity />
      <NotificationSettingsCard audience="admin" />
    </>
  );
}
