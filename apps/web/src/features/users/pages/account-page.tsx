import { PageHeader } from '@/components/ui/page-header';
import { AccountSecurity } from '../components/account-security';

/** /admin/account: an admin's own password and sessions (partners have them on /settings). */
export function AccountPage() {
  return (
    <>
      <PageHeader
        title="Your account"
        description="Your password, two-factor authentication and the devices signed in to your account."
      />
      <AccountSecurity />
    </>
  );
}
