import { messages, type User } from '@portal/contract';
import { BrandLogo } from '@/components/brand-logo';
import { LogOutIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

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
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-12 sm:justify-center">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <BrandLogo />
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{messages.application.underReviewTitle}</h1>
          <p className="mt-2 text-sm text-slate-600">{messages.application.underReviewBody}</p>
          <p className="mt-4 text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-900">{user.email}</span>
          </p>
          <Button variant="secondary" className="mt-6 w-full" onClick={onLogout} isLoading={isLoggingOut}>
            {!isLoggingOut && <LogOutIcon className="size-4" />}
            Log Out
          </Button>
        </Card>
      </div>
    </main>
  );
}
