import { messages } from '@portal/contract';
import { ExternalLinkIcon, WalletIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth/auth-store';

export function CompensationPage() {
  const link = useAuthStore((s) => s.user?.compensation_link ?? null);
  return (
    <>
      <PageHeader title="My Commissions" />
      {link ? (
        <Card className="flex max-w-2xl flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <WalletIcon className="size-6" />
          </div>
          <p className="flex-1 text-sm text-slate-600">Your commission statements open in a new tab.</p>
          <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
            Open my commissions
            <ExternalLinkIcon className="size-4" />
          </a>
        </Card>
      ) : (
        <Alert tone="error" className="max-w-2xl">
          {messages.nav.noCompensationLink}
        </Alert>
      )}
    </>
  );
}
