import { useState } from 'react';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents, type UnmatchedItem } from '@portal/contract';
import { Button } from '@/components/ui/button';
import { Table, type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { useIgnoreMid, useUnmatched } from '../api/unmatched';
import { AssignMidDialog, type UnknownMid } from './assign-mid-dialog';

const amount = 'tabular-nums sm:text-right';

/** MIDs of the month's uploads that match no merchant account, to assign to a partner or ignore. */
export function UnmatchedPanel({ month, currency }: { month: string; currency: string }) {
  const unmatched = useUnmatched(month);
  const ignore = useIgnoreMid();
  const [assigning, setAssigning] = useState<UnknownMid | null>(null);
  const money = (cents: number) => formatCents(cents, currency);

  const onIgnore = async (mid: string) => {
    try {
      toast.success((await ignore.mutateAsync({ mid })) ?? commissionMessages.midIgnored);
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'The MID could not be ignored.');
    }
  };

  const columns: Column<UnmatchedItem>[] = [
    {
      key: 'merchant',
      header: 'Merchant',
      hideLabelOnPhone: true,
      cell: (row) => (
        <span className="block min-w-0">
          <span className="block font-medium text-slate-900 wrap-anywhere">{row.business ?? 'Unknown business'}</span>
          <span className="block text-xs text-slate-500">
            MID {row.mid} · {row.processor}, row {row.row}
          </span>
        </span>
      ),
    },
    { key: 'volume', header: 'Volume', className: amount, cell: (row) => money(row.volume_cents) },
    { key: 'net', header: 'Net revenue', className: amount, cell: (row) => money(row.net_revenue_cents) },
    {
      key: 'actions',
      header: 'Actions',
      hideLabelOnPhone: true,
      className: 'sm:text-right',
      cell: (row) => (
        <span className="flex justify-end gap-2 pt-2 sm:pt-0">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Assign MID ${row.mid} to a partner`}
            onClick={() => setAssigning(row)}
          >
            Assign
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Ignore MID ${row.mid}`}
            isLoading={ignore.isPending && ignore.variables.mid === row.mid}
            onClick={() => void onIgnore(row.mid)}
          >
            Ignore
          </Button>
        </span>
      ),
    },
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
