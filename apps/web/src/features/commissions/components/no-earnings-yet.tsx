import { commissionMessages, messages } from '@portal/contract';
import { CheckIcon, CopyIcon, ExternalLinkIcon, WalletIcon } from '@/components/icons';
import { useReferralLink } from '@/components/share-kit/referral-link';
import { useCopyLink } from '@/components/share-kit/use-copy-link';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function NoEarningsYet({ uuid }: { uuid: string }) {
  const { copy, isCopied } = useCopyLink();
  const link = useReferralLink(uuid);
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <WalletIcon className="size-6" />
      </div>
      <h2 className="text-base font-semibold text-slate-900">{commissionMessages.noEarningsTitle}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{commissionMessages.noEarningsBody}</p>
      <Button className="mt-5" onClick={() => void copy(link)}>
        {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {isCopied ? 'Copied' : 'Copy your link'}
      </Button>
    </Card>
  );
}

/** The spec's compensation_link: a button when an admin set one, else the spec's alert text. */
export function ExternalStatement({ href }: { href: string | null }) {
  return (
    <section aria-labelledby="external-title" className="space-y-2">
      <h2 id="external-title" className="text-sm font-semibold text-slate-900">
        External statement
      </h2>
      {href ? (
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-slate-600">
            Your program also keeps statements outside the portal. They open in a new tab.
          </p>
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
            Open external statement
            <ExternalLinkIcon className="size-4" />
          </a>
        </Card>
      ) : (
        <Alert tone="info">{messages.nav.noCompensationLink}</Alert>
      )}
    </section>
  );
}
