import { formatCents, monthLabel, teamMessages, type PartnerTeam } from '@portal/contract';
import { CopyIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Table, type Column } from '@/components/ui/table';
import { useCopyLink } from '@/components/share-kit/use-copy-link';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { usePartnerTeam } from '../api/get-partner-team';
import { memberColumns } from '../components/team-columns';

type Member = PartnerTeam['members'][number];
type MonthRow = PartnerTeam['overrides_by_month'][number];
const amount = 'tabular-nums sm:text-right';

/** /team: the partner's downline (names, statuses, counts) and what their overrides earned per month. */
export function MyTeamPage() {
  const team = usePartnerTeam();
  return (
    <>
      <PageHeader
        title="My team"
        description="Partners who joined through you, and the override you earn on the merchants they bring in."
      />
      <QueryState query={team} errorTitle="Failed to load your team." retryLabel="Retry">
        {(data) => (
          <div className="space-y-6">
            {data.recruit_path && <RecruitLink path={data.recruit_path} />}
            <TeamMembers members={data.members} />
            <OverridesByMonth rows={data.overrides_by_month} currency={data.currency} />
          </div>
        )}
      </QueryState>
    </>
  );
}

function RecruitLink({ path }: { path: string }) {
  const link = `${usePublicSettings().publicUrl}${path}`;
  const { copy, isCopied } = useCopyLink();
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Your recruit link</h2>
      <p className="mt-1 text-sm text-slate-600">
        Partners who sign up through this link join your team. It is not your referral link: send merchants that one.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="recruit-link"
          className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-800"
        >
          {link}
        </code>
        <Button variant="secondary" onClick={() => void copy(link)}>
          <CopyIcon className="size-4" />
          {isCopied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </Card>
  );
}

function TeamMembers({ members }: { members: Member[] }) {
  const columns: Column<Member>[] = [
    ...memberColumns<Member>((row) => row.name),
    {
      key: 'approved',
      header: 'Approved merchants',
      className: amount,
      cell: (row) => row.approved_merchants.toLocaleString('en-US'),
    },
  ];
  return (
    <section aria-labelledby="team-members" className="space-y-3">
      <h2 id="team-members" className="text-base font-semibold text-slate-900">
        Team members
      </h2>
      <Table
        caption="Team members"
        columns={columns}
        rows={members}
        getRowId={(row) => String(row.id)}
        empty={
          <EmptyState title={teamMessages.noTeam}>
            Partners who sign up through your recruit link appear here with their referrals and approved merchants.
          </EmptyState>
        }
      />
    </section>
  );
}

function OverridesByMonth({ rows, currency }: { rows: MonthRow[]; currency: string }) {
  const columns: Column<MonthRow>[] = [
    {
      key: 'month',
      header: 'Month',
      hideLabelOnPhone: true,
      cell: (row) => <span className="font-medium">{monthLabel(row.month)}</span>,
    },
    { key: 'lines', header: 'Merchants', className: amount, cell: (row) => row.lines.toLocaleString('en-US') },
    { key: 'amount', header: 'Overrides', className: amount, cell: (row) => formatCents(row.amount_cents, currency) },
  ];
  return (
    <section aria-labelledby="team-overrides" className="space-y-3">
      <h2 id="team-overrides" className="text-base font-semibold text-slate-900">
        Overrides earned
      </h2>
      <p className="text-sm text-slate-600">
        Each override is on your statement for its month, with the merchant's MID ending and the rate.
      </p>
      <Table
        caption="Overrides earned per month"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.month}
        empty={
          <p className="py-6 text-center text-sm text-slate-600">
            No overrides yet. They start with your team's first residual month.
          </p>
        }
      />
    </section>
  );
}
