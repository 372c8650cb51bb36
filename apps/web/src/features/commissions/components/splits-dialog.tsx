import { useState } from 'react';
import { formatBps, monthLabel, splitBasisLabels, splitFundingLabels, type MerchantSplits } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { useMerchantSplits } from '../api/get-merchant-splits';
import { EditSplitsDialog } from './edit-splits-dialog';

type Version = MerchantSplits['versions'][number];

/**
 * A merchant account's Splits panel (issue 21): the chain frozen when it was approved (and any later
 * version "from month M"), each beneficiary's level, basis and rate, and last month's net split.
 * "Edit splits" opens the form for a new version in its place; saving comes back here.
 */
export function SplitsDialog({
  accountId,
  business,
  partnerId,
  onClose,
}: {
  accountId: string;
  business: string;
  /** The merchant's own partner. */
  partnerId: number;
  onClose: () => void;
}) {
  const splits = useMerchantSplits(accountId);
  const [isEditing, setIsEditing] = useState(false);
  if (isEditing && splits.data)
    return (
      <EditSplitsDialog
        splits={splits.data}
        partnerId={partnerId}
        onClose={() => setIsEditing(false)}
        onSaved={() => setIsEditing(false)}
      />
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Splits · ${business}`}
      description="Who earns on this merchant's residual, frozen when it was approved."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            Close
          </Button>
          {splits.data && <Button onClick={() => setIsEditing(true)}>Edit splits</Button>}
        </>
      }
    >
      <QueryState query={splits} errorTitle="Failed to load the splits." retryLabel="Retry">
        {(data) => (
          <div className="space-y-4" data-testid="splits-panel">
            {data.problem && <Alert tone="error">{data.problem}</Alert>}
            {data.preview ? (
              <div className="rounded-lg bg-slate-50 p-3">
                <p className="text-xs text-slate-500">{monthLabel(data.preview.month)} net, split</p>
                <p className="mt-1 text-sm font-medium text-slate-900 tabular-nums wrap-anywhere" data-testid="splits-preview">
                  {data.preview.summary}
                </p>
              </div>
            ) : (
              <p className="text-sm text-slate-600">No residual imported yet: the preview appears with the first month.</p>
            )}
            {data.versions.length === 0 ? (
              <p className="text-sm text-slate-600">
                The partner had no upline when this merchant was approved: the residual is theirs alone.
              </p>
            ) : (
              data.versions.map((version, i) => <VersionTable key={version.from_month} version={version} current={i === 0} />)
            )}
            <p className="text-xs text-slate-500">
              Lines are rounded half up to the cent; the rounding remainder stays with the house. Amounts in {data.currency}.
            </p>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}

function VersionTable({ version, current }: { version: Version; current: boolean }) {
  return (
    <section aria-label={`Chain from ${monthLabel(version.from_month)}`}>
      <h3 className="text-sm font-semibold text-slate-900">
        From {monthLabel(version.from_month)}
        {current && <span className="ml-2 text-xs font-normal text-slate-500">latest</span>}
      </h3>
      <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {version.levels.map((level) => (
          <li key={level.level} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-slate-900 wrap-anywhere">{level.partner_name}</span>
              <span className="ml-2 text-xs text-slate-500">
                {level.level === 0 ? 'Merchant’s partner' : `Level ${level.level}`}
              </span>
            </span>
            <span className="text-slate-700 tabular-nums">
              {formatBps(level.rate_bps)} · {splitBasisLabels[level.basis]}
              {level.level > 0 && level.basis === 'downline_share' ? ` · ${splitFundingLabels[level.funding]}` : ''}
              {level.end_month && ` · until ${monthLabel(level.end_month)}, then ${formatBps(level.rate_after_bps ?? 0)}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
