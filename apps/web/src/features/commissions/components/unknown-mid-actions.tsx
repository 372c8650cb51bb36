import toast from 'react-hot-toast';
import { commissionMessages } from '@portal/contract';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column } from '@/components/ui/table';
import { tryOrToast } from '@/lib/api/errors';
import { useIgnoreMid } from '../api/ignore-mid';

/**
 * The Assign and Ignore buttons of a MID that matches no merchant account, for the dry run's list and
 * the month's unmatched list: `column(onAssign)` is the table's actions column.
 */
export function useUnknownMidActions(onIgnored?: () => void) {
  const ignore = useIgnoreMid();
  const onIgnore = async (mid: string) => {
    await tryOrToast(async () => {
      toast.success((await ignore.mutateAsync({ mid })) ?? commissionMessages.midIgnored);
      onIgnored?.();
    }, 'The MID could not be ignored.');
  };
  return <T extends { mid: string }>(onAssign: (row: T) => void): Column<T> =>
    actionsColumn((row) => (
      <>
        <Button size="sm" variant="secondary" aria-label={`Assign MID ${row.mid} to a partner`} onClick={() => onAssign(row)}>
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
      </>
    ));
}
