import { Link } from 'react-router';
import { periodLabels, type AdminStats } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TableHead, type Heading } from '@/components/ui/table';
import { PeriodPicker, usePeriod } from '@/components/ui/period-picker';
import { paths } from '@/lib/paths';
import { useAdminStats } from '../api/get-admin-stats';
import { QueryState } from '@/components/ui/query-state';
import { pct, fmt } from '../components/figures';
import { StatCard, TodoItem } from '../components/stat-card';
import { PerDayChart } from '../components/per-day-chart';
import { Funnel } from '../components/funnel';
import { CrmHealthPanel } from '../components/crm-health-panel';
import { MoneyPanel } from '../components/money-panel';

/** /admin: the program at a glance for a period kept in the URL. */
export function AdminDashboardPage() {
  const [period] = usePeriod();
  const stats = useAdminStats(period);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`The referral program, ${periodLabels[period].toLowerCase()}.`}
        actions={<PeriodPicker className="w-44" />}
      />
      <QueryState query={stats} errorTitle="Failed to load the figures">
        {(data) => <Dashboard stats={data} />}
      </QueryState>
    </>
  );
}

const topPartnerHeadings: Heading[] = [
  ['#', 'w-12 px-5 py-2'],
  ['Partner', 'px-2 py-2'],
  ['Referrals', 'px-2 py-2 text-right'],
  ['Approved', 'px-2 py-2 text-right'],
  ['Conversion', 'hidden px-5 py-2 text-right sm:table-cell'],
];

function Dashboard({ stats }: { stats: AdminStats }) {
  const c = stats.cards;
  return (
    <div className="space-y-6">
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <StatCard label="Link visits" {...c.visits} />
        <StatCard label="Referrals" {...c.referrals} />
        <StatCard label="Conversion" {...c.conversion} isRatio />
        <StatCard label="Approved merchants" {...c.approved} />
        <StatCard label="Active partners" {...c.active_partners} />
        <StatCard label="New partners" {...c.new_partners} />
      </section>

      <MoneyPanel />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 p-5 lg:col-span-2">
          <h2 className="text-base font-semibold text-slate-900">Referrals per day</h2>
          <PerDayChart stats={stats} />
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Funnel</h2>
          <Funnel funnel={stats.funnel} />
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <CrmHealthPanel />
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">To do</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <TodoItem
              count={stats.todo.applications}
              label="applications waiting"
              to={`${paths.admin.users}?status=pending_approval`}
            />
            <TodoItem count={stats.todo.failed_syncs} label="failed CRM syncs" to={`${paths.admin.leads}?sync_state=failed`} />
            <TodoItem
              count={stats.todo.unattributed_leads}
              label="unattributed referrals"
              to={`${paths.admin.leads}?unattributed=true`}
            />
          </ul>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Recent activity</h2>
          {stats.recent_activity.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No admin changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {stats.recent_activity.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">
                    <span className="font-medium text-slate-900">{entry.actor?.name ?? 'System'}</span>{' '}
                    <span className="text-slate-600">{entry.action.replace('.', ' ').replace(/_/g, ' ')}</span>
                  </span>
                  <time className="shrink-0 text-slate-500" dateTime={entry.at}>
                    {new Date(entry.at).toLocaleDateString('en', { month: 'short', day: 'numeric' })}
                  </time>
                </li>
              ))}
            </ol>
          )}
          <Link to={paths.admin.audit} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
            View the audit log
          </Link>
        </Card>
      </div>

      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Top partners</h2>
        {stats.top_partners.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600">No referrals in this period.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Top partners by approved merchants, then referrals</caption>
            <TableHead
              className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500"
              headings={topPartnerHeadings}
            />
            <tbody className="divide-y divide-slate-200">
              {stats.top_partners.map((p, index) => (
                <tr key={p.id}>
                  <td className="px-5 py-2 text-slate-500">{index + 1}</td>
                  <td className="max-w-0 truncate px-2 py-2">
                    <Link to={paths.admin.user(p.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {p.full_name}
                    </Link>
                  </td>
                  <td className="px-2 py-2 text-right">{fmt(p.referrals)}</td>
                  <td className="px-2 py-2 text-right">{fmt(p.approved)}</td>
                  <td className="hidden px-5 py-2 text-right sm:table-cell">{pct(p.referrals ? p.approved / p.referrals : 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
