import { useRef, useState } from 'react';
import { CheckIcon, CopyIcon, QrCodeIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/field';
import { useProgramTerms } from '@/lib/api/get-program-terms';
import { QrDialog } from './qr-dialog';
import { useOwnReferralLink } from './referral-link';
import { useCopyLink } from './use-copy-link';

interface ShareKitProps {
  uuid: string;
  /** 'card' on the dashboard; 'compact' inside the nav's Public URL menu. */
  variant?: 'card' | 'compact';
  className?: string;
}

/** The partner's link written out, Copy (works on plain http too), its QR code, and the program terms. */
export function ShareKit({ uuid, variant = 'card', className }: ShareKitProps) {
  const link = useOwnReferralLink(uuid);
  const field = useRef<HTMLInputElement>(null);
  const { copy, isCopied } = useCopyLink();
  const [isQrOpen, setQrOpen] = useState(false);
  const terms = useProgramTerms().data;
  const isCard = variant === 'card';

  const body = (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Your referral link</span>
          <input
            ref={field}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={cn(inputClasses(false), 'font-mono text-xs sm:text-sm')}
          />
        </label>
        <div className="flex gap-2">
          <Button
            onClick={() => void copy(link, field.current)}
            className="flex-1 sm:flex-none"
            aria-label={isCopied ? 'Copied' : 'Copy link'}
          >
            {isCopied ? <CheckIcon role="img" aria-label="Copied" className="size-4" /> : <CopyIcon className="size-4" />}
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="secondary" onClick={() => setQrOpen(true)} className="flex-1 sm:flex-none">
            <QrCodeIcon className="size-4" />
            QR code
          </Button>
        </div>
      </div>
      {terms && (
        <p className="mt-3 text-sm text-slate-600" data-testid="program-terms">
          <span className="font-medium text-slate-800">Program terms: </span>
          {terms.line}
          {terms.addition && <> · {terms.addition}</>}
        </p>
      )}
      <QrDialog uuid={uuid} open={isQrOpen} onClose={() => setQrOpen(false)} />
    </>
  );

  if (!isCard) return <div className={className}>{body}</div>;
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      <section aria-labelledby="share-kit-title">
        <h2 id="share-kit-title" className="mb-3 text-sm font-semibold text-slate-900">
          Your referral link
        </h2>
        {body}
      </section>
    </Card>
  );
}
