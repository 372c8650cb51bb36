import { useState } from 'react';
import { riskActionLabels, riskSignalLabels, type RiskItem, type RiskItemStatus } from '@portal/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';
import { PageHeader } from '@/components/ui/page-header';
import { type Column } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { getServerMessage } from '@/lib/api/errors';
import { useRisk } from '../api/get-risk';
import { IntegrityTabs, UtcTime } from '../components/integrity-tabs';
import { RiskPanel } from '../components/risk-panel';

/** /admin/risk: one row per partner and fraud signal; a row opens its evidence and actions. */
export function AdminRiskPage() {
  const [status, setStatus] = useState<RiskItemStatus>('open');
  const [openId, setOpenId] = useState<string | null>(null);
  const risk = useRisk(status);
  const rows = usePagedRows(risk);
  const columns: Column<RiskItem>[] = [
    {
      key: 'partner',
      header: 'Partner',
      cell: (item) => (
        <span className="block min-w-0">
          <span className="block text-slate-900">{item.partner.name}</span>
          <span className="block text-xs wrap-anywhere text-slate-500">{item.partner.email}</span>
        </span>
      ),
    },
    { key: 'signal', header: 'Signal', cell: (item) => <Badge tone="amber">{riskSignalLabels[item.signal]}</Badge> },
    {
      key: 'action',
      header: 'Action',
      cell: (item) => <Badge tone={item.action === 'flag' ? 'slate' : 'red'}>{riskActionLabels[item.action]}</Badge>,
    },
    { key: 'count', header: 'Count', className: 'tabular-nums', cell: (item) => item.count },
    { key: 'last', header: 'Last seen', className: 'whitespace-nowrap', cell: (item) => <UtcTime iso={item.last_seen_at} /> },
    {
      key: 'open',
      header: '',
      hideLabelOnPhone: true,
      className: 'text-right',
      cell: (item) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setOpenId(item.id)}
          aria-label={`Review ${item.partner.name}, ${riskSignalLabels[item.signal]}`}
        >
          Review
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Referral integrity"
        description="Fraud signals per partner. Held bonuses never reach a statement until resolved."
      />
      <IntegrityTabs />
      <Tabs
        label="Risk status"
        className="mb-4"
        value={status}
        onChange={setStatus}
        items={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
          { value: 'voided', label: 'Voided' },
        ]}
      />
      <CursorTable
        query={risk}
        errorTitle={getServerMessage(risk.error) ?? 'The risk queue could not be loaded'}
        noun="items"
        caption="Risk queue"
        columns={columns}
        rows={rows}
        getRowId={(item) => item.id}
        empty={status === 'open' ? 'Nothing waits for review.' : 'None yet.'}
      />
      <RiskPanel id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
