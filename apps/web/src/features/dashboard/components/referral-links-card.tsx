import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  campaignNameMaxLength,
  checkShortName,
  referralLinkMessages as m,
  referralLinkOf,
  shortNameLimits,
  type CampaignLink,
} from '@portal/contract';
import { CheckIcon, CopyIcon, QrCodeIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryError } from '@/components/ui/query-state';
import { QrDialog } from '@/components/share-kit/qr-dialog';
import { useCopyLink } from '@/components/share-kit/use-copy-link';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { useReferralLinks } from '@/lib/api/get-referral-links';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { useCreateCampaign, useDeleteCampaign, useSetShortName } from '../api/referral-links';
import { formatCount } from './format';
import { DashboardCard } from './section-title';

/** The error to show under a field: the server's field message, else its message. */
const fieldError = (error: unknown, field: string) =>
  error ? (getServerFieldErrors(error)[field] ?? getServerMessage(error) ?? 'Something went wrong. Try again.') : undefined;

/**
 * "Your links" (issue 23 §7): the short link name and the campaign links, each with its link on
 * PUBLIC_URL to copy or print as a QR code, and its visits, referrals and approvals.
 */
export function ReferralLinksCard({ uuid }: { uuid: string }) {
  const links = useReferralLinks();
  return (
    <DashboardCard id="referral-links-title" title="Your links">
      {links.isError && !links.data ? (
        <QueryError query={links} title="Failed to load your links." retryLabel="Retry" />
      ) : !links.data ? (
        <Skeleton className="h-32" />
      ) : (
        <div className="space-y-6">
          <ShortNameForm key={links.data.short_name ?? ''} current={links.data.short_name} />
          <CampaignLinks uuid={uuid} shortName={links.data.short_name} campaigns={links.data.campaigns} />
        </div>
      )}
    </DashboardCard>
  );
}

function ShortNameForm({ current }: { current: string | null }) {
  const { publicUrl } = usePublicSettings();
  const [name, setName] = useState(current ?? '');
  const [problem, setProblem] = useState<string>();
  const save = useSetShortName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = checkShortName(name);
    setProblem(local ?? undefined);
    if (local) return;
    save.mutate({ short_name: name.trim() }, { onSuccess: () => toast.success(m.shortNameSaved, { id: 'short-name' }) });
  };
  const remove = () =>
    save.mutate({ short_name: null }, { onSuccess: () => toast.success(m.shortNameRemoved, { id: 'short-name' }) });

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextField
        label="Short link name"
        value={name}
        maxLength={shortNameLimits.max + 8}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
          save.reset();
        }}
        error={problem ?? fieldError(save.error, 'short_name')}
        hint={
          <span className="break-all">
            {`${publicUrl}/r/${name.trim() || 'your-name'}`} · letters, digits and hyphens, {shortNameLimits.min} to{' '}
            {shortNameLimits.max} characters. Your other link keeps working.
          </span>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={save.isPending && save.variables?.short_name !== null}>
          Save short link
        </Button>
        {current && (
          <Button type="button" size="sm" variant="ghost" onClick={remove} disabled={save.isPending}>
            Remove short link
          </Button>
        )}
      </div>
    </form>
  );
}

function CampaignLinks({ uuid, shortName, campaigns }: { uuid: string; shortName: string | null; campaigns: CampaignLink[] }) {
  const { publicUrl } = usePublicSettings();
  const [name, setName] = useState('');
  const create = useCreateCampaign();
  const [qrLink, setQrLink] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: () => {
          setName('');
          toast.success(m.campaignCreated, { id: 'campaign' });
        },
      },
    );
  };

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium text-slate-800">Campaign links</h3>
      <p className="text-xs text-slate-500">
        One link per flyer, post or event: each counts its own visits, referrals and approvals (all time).
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label="Campaign name"
            placeholder="Spring flyers"
            value={name}
            maxLength={campaignNameMaxLength + 10}
            onChange={(event) => {
              setName(event.target.value);
              create.reset();
            }}
            error={fieldError(create.error, 'name')}
          />
        </div>
        <Button type="submit" size="md" className="sm:mt-7" isLoading={create.isPending}>
          Create link
        </Button>
      </form>
      {campaigns.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Campaign links">
          {campaigns.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              link={referralLinkOf(publicUrl, { uuid, shortName, tag: campaign.tag })}
              onQr={setQrLink}
            />
          ))}
        </ul>
      )}
      <QrDialog uuid={uuid} link={qrLink ?? undefined} open={qrLink !== null} onClose={() => setQrLink(null)} />
    </div>
  );
}

function CampaignRow({ campaign, link, onQr }: { campaign: CampaignLink; link: string; onQr: (link: string) => void }) {
  const { copy, isCopied } = useCopyLink();
  const remove = useDeleteCampaign();
  const figures = [
    ['Visits', campaign.visits],
    ['Referrals', campaign.referrals],
    ['Approved', campaign.approved],
  ] as const;
  return (
    <li className="space-y-2 p-3" data-testid="campaign-link" aria-label={campaign.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{campaign.name}</span>
        <dl className="flex gap-3 text-xs text-slate-600">
          {figures.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="font-semibold tabular-nums text-slate-900" data-testid={`campaign-${label.toLowerCase()}`}>
                {formatCount(value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="break-all font-mono text-xs text-slate-600">{link}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy(link)} aria-label={`Copy link of ${campaign.name}`}>
          {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onQr(link)} aria-label={`QR code of ${campaign.name}`}>
          <QrCodeIcon className="size-4" />
          QR code
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => remove.mutate(campaign.id, { onSuccess: () => toast.success(m.campaignDeleted, { id: 'campaign' }) })}
          isLoading={remove.isPending}
          aria-label={`Delete ${campaign.name}`}
        >
          <TrashIcon className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}
