import { useState } from 'react';
import { CheckIcon, CopyIcon, QrCodeIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QrDialog } from '@/components/share-kit/qr-dialog';
import { useOwnReferralLink } from '@/components/share-kit/referral-link';
import { useCopyLink } from '@/components/share-kit/use-copy-link';

const steps = [
  { title: 'Copy your link', body: 'It is yours alone: every request made through it is credited to you.' },
  { title: 'Share it', body: 'Send it to business owners you know, or print its QR code for your counter or flyers.' },
  { title: 'Follow your referrals here', body: 'Visits, requests and approved merchants show up on this page as they happen.' },
];

/** A new partner's dashboard: no figures yet, so three steps to the first referral. */
export function GettingStarted({ uuid }: { uuid: string }) {
  const { copy, isCopied } = useCopyLink();
  const link = useOwnReferralLink(uuid);
  const [isQrOpen, setQrOpen] = useState(false);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Get your first referral in three steps</h2>
      <p className="mt-1 text-sm text-slate-600">Nobody has opened your link yet, so there are no figures to show.</p>
      <ol className="mt-5 grid gap-4 sm:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
              {i + 1}
            </span>
            <div>
              <p className="text-sm font-medium text-slate-900">{step.title}</p>
              <p className="mt-0.5 text-sm text-slate-600">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void copy(link)}>
          {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {isCopied ? 'Copied' : 'Copy your link'}
        </Button>
        <Button variant="secondary" onClick={() => setQrOpen(true)}>
          <QrCodeIcon className="size-4" />
          Get the QR code
        </Button>
      </div>
      <QrDialog uuid={uuid} open={isQrOpen} onClose={() => setQrOpen(false)} />
    </Card>
  );
}
