import { useState } from 'react';
import {
  conflictDecisionLabels,
  leadStatusLabels,
  matchKindLabels,
  type Conflict,
  type ConflictSide,
  type LeadStatus,
} from '@portal/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Tabs } from '@/components/ui/tabs';
import { getServerMessage } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { useConflicts, type ConflictStatus } from '../api/get-conflicts';
import { DecideDialog } from '../components/decide-dialog';
import { IntegrityTabs, UtcTime } from '../components/integrity-tabs';
import { TermList } from '@/components/ui/term-list';

const sourceLabels: Record<string, string> = { landing_page: 'Link', portal: 'Partner form', admin: 'Admin' };

function Side({ side, label, suggested }: { side: ConflictSide; label: string; suggested: boolean }) {
  const rows: [string, React.ReactNode][] = [
    ['Partner', side.partner ? `${side.partner.name} (${side.partner.email})` : 'None'],
    ['Submitted', <UtcTime key="s" iso={side.submitted_at} />],
    [
      'Source',
      `${sourceLabels[side.source] ?? side.source}${side.visit_source ? ` · ${side.visit_source === 'qr' ? 'QR' : side.visit_source}` : ''}`,
    ],
    ['First visit', <UtcTime key="v" iso={side.first_visit_at} />],
    ['Contact', `${side.contact} · ${side.email} · ${side.phone}`],
    [
      'Consent',
      <span key="c">
        SMS{' '}
        {side.consent.sms ? (
          <>
            yes, <UtcTime iso={side.consent.sms_at} />
          </>
        ) : (
          'no'
        )}
        ; marketing{' '}
        {side.consent.marketing ? (
          <>
            yes, <UtcTime iso={side.consent.marketing_at} />
          </>
        ) : (
          'no'
        )}
        ; text {side.consent.text_version}
      </span>,
    ],
    ['Status', leadStatusLabels[side.status as LeadStatus] ?? side.status],
  ];
  if (side.partner_notes.length)
    rows.push([
      "Partner's note",
      <ul key="n" className="space-y-1">
        {side.partner_notes.map((n, i) => (
          <li key={i} className="whitespace-pre-wrap">
            “{n.note}”{' '}
            <span className="text-xs text-slate-500">
              <UtcTime iso={n.at} />
            </span>
          </li>
        ))}
      </ul>,
    ]);
  return (
    <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 p-4">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
        {suggested && <Badge tone="blue">Suggested by the owner rule</Badge>}
      </div>
      <p className="mb-3 font-medium wrap-anywhere text-slate-900">
        <a className="text-brand-700 hover:underline" href={`${paths.admin.leads}?q=${encodeURIComponent(side.email)}`}>
          {side.business}
        </a>
      </p>
      <TermList
        items={rows}
        className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-sm"
        itemClassName="contents"
        valueClassName="min-w-0 wrap-anywhere text-slate-800"
      />
    </section>
  );
}

function ConflictCard({ conflict, onDecide }: { conflict: Conflict; onDecide: (c: Conflict) => void }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>Matched on</span>
          {conflict.matched_on.map((kind) => (
            <Badge key={kind} tone="amber">
              {matchKindLabels[kind]}
            </Badge>
          ))}
          <span>
            · raised <UtcTime iso={conflict.created_at} />
          </span>
        </div>
        {conflict.status === 'open' ? (
          <Button onClick={() => onDecide(conflict)}>Decide</Button>
        ) : (
          <Badge tone="green">{conflict.decision ? conflictDecisionLabels[conflict.decision] : 'Decided'}</Badge>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Side
          side={conflict.first}
          label="First referral"
          suggested={conflict.status === 'open' && conflict.suggested === 'first'}
        />
        <Side
          side={conflict.second}
          label="Second referral"
          suggested={conflict.status === 'open' && conflict.suggested === 'second'}
        />
      </div>
      {conflict.status === 'decided' && (
        <p className="mt-3 text-sm text-slate-600">
          {conflict.decided_by ?? 'An admin'} · <UtcTime iso={conflict.decided_at} />
          {conflict.first_share_bps !== null && ` · first ${conflict.first_share_bps / 100}%`} · “{conflict.reason}”
        </p>
      )}
    </Card>
  );
}

/** /admin/conflicts: two partners' referrals of one business, side by side, waiting for a decision. */
export function AdminConflictsPage() {
  const [status, setStatus] = useState<ConflictStatus>('open');
  const [deciding, setDeciding] = useState<Conflict | null>(null);
  const conflicts = useConflicts(status);
  return (
    <>
      <PageHeader
        title="Referral integrity"
        description="A business referred by two partners waits here: no bonus and no residual until you decide."
      />
      <IntegrityTabs />
      <Tabs
        label="Conflict status"
        className="mb-4"
        value={status}
        onChange={setStatus}
        items={[
          { value: 'open', label: 'Waiting' },
          { value: 'decided', label: 'Decided' },
        ]}
      />
      <QueryState
        query={conflicts}
        errorTitle={getServerMessage(conflicts.error) ?? 'The conflicts could not be loaded'}
        empty={{
          when: (data) => data.pages.every((page) => page.items.length === 0),
          show: (
            <Card className="p-8 text-center text-sm text-slate-600">
              {status === 'open' ? 'No conflicts are waiting.' : 'No conflicts have been decided yet.'}
            </Card>
          ),
        }}
      >
        {(data) => (
          <div className="space-y-4">
            {data.pages
              .flatMap((page) => page.items)
              .map((conflict) => (
                <ConflictCard key={conflict.id} conflict={conflict} onDecide={setDeciding} />
              ))}
            {conflicts.hasNextPage && (
              <div className="text-center">
                <Button
                  variant="secondary"
                  isLoading={conflicts.isFetchingNextPage}
                  onClick={() => void conflicts.fetchNextPage()}
                >
                  Load more
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
      <DecideDialog conflict={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
