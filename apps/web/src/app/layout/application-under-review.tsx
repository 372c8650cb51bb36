import { messages, type User } from '@portal/contract';
import { BrandCardPage } from '@/components/brand-card-page';
import { LogOutIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';

/**
 * What a partner whose application waits for an admin sees instead of the portal (Registration
 * Mode "approval"). The server refuses every partner call until the account is approved.
 */
export function ApplicationUnderReview({
  user,
  isLoggingOut,
  onLogout,
}: {
  user: User;
  isLoggingOut: boolean;
  onLogout: () => void;
}) {
  return (
    <BrandCardPage title={messages.application.underReviewTitle} width="md">
      <p className="mt-2 text-sm text-slate-600">{messages.application.underReviewBody}</p>
      <p className="mt-4 text-sm text-slate-600">
        Signed in as <span className="font-medium text-slate-900">{user.email}</span>
      </p>
      <Button variant="secondary" className="mt-6 w-full" onClick={onLogout} isLoading={isLoggingOut}>
        {!isLoggingOut && <LogOutIcon className="size-4" />}
        Log Out
      </Button>
    </BrandCardPage>
  );
}
