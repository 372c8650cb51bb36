import { useState } from 'react';
import { formatCents, type UnmatchedItem } from '@portal/contract';
import { NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { useUnmatched } from '../api/get-unmatched';
import { useUnknownMidActions } from './unknown-mid-actions';
import { moneyColumn } from '@/components/commissions/money-columns';

import { AssignMidDialog, type UnknownMid } from './assign-mid-dialog';

/** MIDs of the month's uploads that match no merchant account, to assign to a partner or ignore. */
export function UnmatchedPanel({ month, currency }: { month: string; currency: string }) {
  const unmatched = useUnmatched(month);
  const unknownMidActions = useUnknownMidActions();
  const [assigning, setAssigning] = useState<UnknownMid | null>(null);
  const money = (cents: number) => formatCents(cents, currency);

  const columns: Column<UnmatchedItem>[] = [
    titleColumn('merchant', 'Merchant', (row) => (
      <NameCell name={row.business ?? 'Unknown business'} detail={`MID ${row.mid} · ${row.processor}, row ${row.row}`} />
    )),
    moneyColumn('volume', 'Volume', (row) => row.volume_cents, money),
    moneyColumn('net', 'Net revenue', (row) => row.net_revenue_cents, money),
    unknownMidActions<UnmatchedItem>(setAssigning),
  ];

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Rows of this month&rsquo;s reports whose MID matches no merchant account. Assigning one credits its residual to the
        partner while the month&rsquo;s statements are drafts.
      </p>
      <Table
        caption="Unmatched MIDs"
        columns={columns}
        rows={unmatched.data ?? []}
        getRowId={(row) => `${row.import_id}-${row.mid}`}
        isLoading={unmatched.isPending}
        empty={
          unmatched.isError
            ? (getServerMessage(unmatched.error) ?? 'Failed to load the unmatched MIDs.')
            : 'Every MID of this month is matched.'
        }
      />
      <AssignMidDialog
        row={assigning}
        currency={currency}
        onClose={() => setAssigning(null)}
        onAssigned={() => setAssigning(null)}
      />
    </div>
  );
}
