import toast from 'react-hot-toast';
import { type CrmHealth } from '@portal/contract';
import { RefreshIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useCrmHealth } from '../api/get-crm-health';
import { useRetryFailed } from '../api/retry-failed-pushes';
import { fmt } from './figures';

export const lights: Record<CrmHealth['light'], { dot: string; label: string }> = {
  green: { dot: 'bg-emerald-500', label: 'Healthy' },
  amber: { dot: 'bg-amber-500', label: 'Delayed' },
  red: { dot: 'bg-red-500', label: 'Failing' },
};

export function age(iso: string | null): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} days`;
}

export function CrmHealthPanel() {
  const health = useCrmHealth();
  const retry = useRetryFailed();
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">CRM sync</h2>
        {health.data && (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <span aria-hidden="true" className={cn('size-2.5 rounded-full', lights[health.data.light].dot)} />
            {lights[health.data.light].label}
          </span>
        )}
      </div>
      {health.isPending ? (
        <p className="mt-3 text-sm text-slate-500">Loading…</p>
      ) : health.isError ? (
        <p className="mt-3 text-sm text-red-700">Failed to load the CRM status.</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Connector</dt>
            <dd className="text-right font-medium text-slate-900">{health.data.connector}</dd>
            <dt className="text-slate-500">Pending</dt>
            <dd className="text-right font-medium text-slate-900">{fmt(health.data.pending)}</dd>
            <dt className="text-slate-500">Failed</dt>
            <dd className="text-right font-medium text-slate-900">{fmt(health.data.failed)}</dd>
            <dt className="text-slate-500">Oldest pending</dt>
            <dd className="text-right font-medium text-slate-900">{age(health.data.oldest_pending_at)}</dd>
            <dt className="text-slate-500">Last success</dt>
            <dd className="text-right font-medium text-slate-900">
              {health.data.last_success_at ? `${age(health.data.last_success_at)} ago` : '—'}
            </dd>
          </dl>
          {health.data.errors.length > 0 && (
            <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-xs">
              {health.data.errors.slice(0, 4).map((e) => (
                <li key={e.code} title={e.example} className="flex justify-between gap-2">
                  <span className="truncate font-mono text-slate-700">{e.code}</span>
                  <span className="text-slate-500">×{e.count}</span>
                </li>
              ))}
            </ul>
          )}
          {health.data.failed > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4 w-full"
              isLoading={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: (n) => toast.success(`${n} sync${n === 1 ? '' : 's'} queued again`),
                  onError: () => toast.error('Retry failed'),
                })
              }
            >
              {!retry.isPending && <RefreshIcon className="size-4" />}
              Retry all failed
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
