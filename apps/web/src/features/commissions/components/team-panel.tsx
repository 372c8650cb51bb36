import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { teamMessages, type AdminTeam, type DownlineMove, type SetUplineRequest, type TeamMember } from '@portal/contract';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { Switch } from '@/components/ui/switch';
import { Table, type Column } from '@/components/ui/table';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { searchPartners } from '@/lib/api/search-partners';
import { paths } from '@/lib/paths';
import { useAdminTeam } from '../api/get-admin-team';
import { useSetUpline } from '../api/set-upline';
import { memberColumns } from './team-columns';
import { getFieldErrors } from './server-errors';

const amount = 'tabular-nums sm:text-right';

/**
 * A partner's place in a team (issue 21): the chain above, "Set upline", "May recruit", and the
 * team below with each member's status, referrals and active merchants. Moving a partner changes
 * no merchant already approved: their chains were frozen then.
 */
export function TeamPanel({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const team = useAdminTeam(partnerId);
  return (
    <QueryState query={team} errorTitle="Failed to load the team." retryLabel="Retry">
      {(data) => <TeamContent team={data} partnerId={partnerId} partnerName={partnerName} />}
    </QueryState>
  );
}

function TeamContent({ team, partnerId, partnerName }: { team: AdminTeam; partnerId: number; partnerName: string }) {
  const save = useSetUpline(partnerId);
  const [isMoving, setIsMoving] = useState(false);
  const publicUrl = usePublicSettings().publicUrl;

  const toggleRecruit = async (mayRecruit: boolean) => {
    await tryOrToast(async () => {
      await save.mutateAsync({ upline_id: team.upline?.id ?? null, may_recruit: mayRecruit });
      toast.success(teamMessages.recruitSaved);
    }, 'Failed to save the setting');
  };

  const columns: Column<TeamMember>[] = [
    ...memberColumns<TeamMember>((row) => (
      <Link to={paths.admin.user(row.id)} className="block text-brand-700 hover:underline">
        {row.name}
      </Link>
    )),
    { key: 'active', header: 'Active merchants', className: amount, cell: (row) => row.active_merchants.toLocaleString('en-US') },
  ];

  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm text-slate-500">Upline</p>
            <p className="font-medium text-slate-900 wrap-anywhere" data-testid="upline">
              {team.uplines.length ? team.uplines.map((u) => u.name).join(' → ') : 'None: top of their team'}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              Teams may be {team.max_depth} level{team.max_depth === 1 ? '' : 's'} deep below their top partner. Merchants already
              approved keep the chain they were approved with.
            </p>
          </div>
          <Button variant="secondary" onClick={() => setIsMoving(true)}>
            Set upline
          </Button>
        </div>
        <div className="border-t border-slate-200 pt-4">
          <Switch
            label="May recruit"
            description="Gives the partner a recruit link: partners who sign up through it join this team."
            checked={team.may_recruit}
            disabled={save.isPending}
            onChange={(checked) => void toggleRecruit(checked)}
          />
          {team.recruit_path && (
            <p className="mt-2 text-sm break-all text-slate-700">
              Recruit link: <code className="rounded bg-slate-100 px-1.5 py-0.5">{`${publicUrl}${team.recruit_path}`}</code>
            </p>
          )}
        </div>
      </Card>
      <Table
        caption={`${partnerName}'s team`}
        columns={columns}
        rows={team.members}
        getRowId={(row) => String(row.id)}
        empty={<p className="py-6 text-center text-sm text-slate-600">{teamMessages.noTeam}</p>}
      />
      {isMoving && (
        <SetUplineDialog team={team} partnerId={partnerId} partnerName={partnerName} onClose={() => setIsMoving(false)} />
      )}
    </div>
  );
}

function SetUplineDialog({
  team,
  partnerId,
  partnerName,
  onClose,
}: {
  team: AdminTeam;
  partnerId: number;
  partnerName: string;
  onClose: () => void;
}) {
  const save = useSetUpline(partnerId);
  const [upline, setUpline] = useState<PartnerOption | null>(team.upline ? { ...team.upline, email: '' } : null);
  const [downline, setDownline] = useState<DownlineMove | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const directs = team.members.filter((m) => m.level === 1).length;
  const changes = (upline?.id ?? null) !== (team.upline?.id ?? null);
  const asksDownline = changes && directs > 0;

  const submit = async () => {
    if (asksDownline && !downline) return setErrors({ downline: teamMessages.downlineRequired });
    const body: SetUplineRequest = { upline_id: upline?.id ?? null, ...(asksDownline && downline ? { downline } : {}) };
    try {
      await save.mutateAsync(body);
      toast.success(body.upline_id === null ? teamMessages.uplineRemoved : teamMessages.uplineSaved);
      onClose();
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast.error(getServerMessage(error) ?? 'Failed to save the upline');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Upline of ${partnerName}`}
      description="The partner above this one earns an override on merchants approved from now on."
      footer={
        <DialogActions
          submitLabel="Save upline"
          onCancel={onClose}
          onSubmit={submit}
          isPending={save.isPending}
          submitDisabled={!changes}
        />
      }
    >
      <div className="space-y-4">
        <div>
          <PartnerPicker
            label="Upline partner"
            value={upline}
            onChange={(next) => {
              setUpline(next);
              setErrors({});
            }}
            search={searchPartners}
            emptyLabel="No upline (top of a team)"
          />
          {errors.upline_id && (
            <p role="alert" className="mt-1.5 text-sm text-red-600">
              {errors.upline_id}
            </p>
          )}
        </div>
        {asksDownline && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">
              {partnerName} has {directs} team member{directs === 1 ? '' : 's'} of their own. What becomes of them?
            </legend>
            {(
              [
                ['moves_with', `They move with ${partnerName}`],
                [
                  'to_old_upline',
                  team.upline ? `They stay, under ${team.upline.name}` : 'They stay, each at the top of their own team',
                ],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="downline"
                  value={value}
                  checked={downline === value}
                  onChange={() => {
                    setDownline(value);
                    setErrors({});
                  }}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
            {errors.downline && (
              <p role="alert" className="text-sm text-red-600">
                {errors.downline}
              </p>
            )}
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
