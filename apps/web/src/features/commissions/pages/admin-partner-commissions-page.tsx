import { useState } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { useParams } from 'react-router';
import toast from 'react-hot-toast';
import {
  addMonths,
  commissionMessages,
  formatBps,
  formatCents,
  monthOf,
  splitBasisLabels,
  type CommissionPlan,
} from '@portal/contract';
import { PlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageSpinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { usePartner } from '../api/get-partner';
import { usePartnerPlan } from '../api/get-partner-plan';
import { useSavePartnerPlan } from '../api/save-partner-plan';
import { AdjustmentDialog } from '../components/adjustment-dialog';
import { LinesPanel } from '../components/lines-panel';
import { MerchantAccountsPanel } from '../components/merchant-accounts-panel';
import { PlanForm } from '../components/plan-form';
import { StatementsPanel } from '../components/statements-panel';
import { TeamPanel } from '../components/team-panel';
import { TermList } from '@/components/ui/term-list';

/** /admin/commissions/partners/:id: one partner's plan (program plan or an override) and statements. */
export function AdminPartnerCommissionsPage() {
  const id = Number(useParams().id);
  const partner = usePartner(id);
  const [isAdjusting, setIsAdjusting] = useState(false);
  const currency = usePartnerPlan(id).data?.currency ?? 'USD';

  if (!Number.isSafeInteger(id) || id < 1) return <Alert tone="error">{commissionMessages.partnerNotFound}</Alert>;
  if (partner.isPending) return <PageSpinner />;
  if (partner.isError) return <Alert tone="error">{getServerMessage(partner.error) ?? commissionMessages.partnerNotFound}</Alert>;

  return (
    <>
      <BackLink to={paths.admin.user(id)} tone="muted">
        {partner.data.full_name}
      </BackLink>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 wrap-anywhere">
            Commissions · {partner.data.full_name}
          </h1>
          <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{partner.data.email}</p>
        </div>
        <Button variant="secondary" onClick={() => setIsAdjusting(true)}>
          <PlusIcon className="size-4" />
          Add adjustment
        </Button>
      </div>
      <div className="space-y-8">
        <PartnerPlanCard partnerId={id} />
        <section aria-labelledby="partner-team" className="space-y-3">
          <h2 id="partner-team" className="text-base font-semibold text-slate-900">
            Team
          </h2>
          <TeamPanel partnerId={id} partnerName={partner.data.full_name} />
        </section>
        <section aria-labelledby="partner-statements" className="space-y-3">
          <h2 id="partner-statements" className="text-base font-semibold text-slate-900">
            Statements
          </h2>
          <StatementsPanel query={{ partner_id: id }} by="partner" />
        </section>
        <section aria-labelledby="partner-merchants" className="space-y-3">
          <h2 id="partner-merchants" className="text-base font-semibold text-slate-900">
            Merchant accounts
          </h2>
          <MerchantAccountsPanel partnerId={id} currency={currency} />
        </section>
        <section aria-labelledby="partner-lines" className="space-y-3">
          <h2 id="partner-lines" className="text-base font-semibold text-slate-900">
            Lines
          </h2>
          <LinesPanel partnerId={id} currency={currency} />
        </section>
      </div>
      <AdjustmentDialog
        open={isAdjusting}
        defaultMonth={addMonths(monthOf(new Date()), -1)}
        defaultPartner={{ id, name: partner.data.full_name, email: partner.data.email }}
        onClose={() => setIsAdjusting(false)}
      />
    </>
  );
}

function PlanSummary({ plan, currency }: { plan: CommissionPlan; currency: string }) {
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <TermList
      items={[
        ['Bonus', money(plan.bonus_cents)],
        ['Bonus after volume of', money(plan.bonus_min_volume_cents)],
        ['Clawback window', `${plan.clawback_days} days`],
        ['Residual share', formatBps(plan.residual_share_bps)],
        ['Minimum payout', money(plan.min_payout_cents)],
        [
          'Team overrides',
          plan.override_levels.length
            ? `${plan.override_levels.map((l) => formatBps(l.rate_bps)).join(' · ')} (${splitBasisLabels[plan.override_basis]})`
            : 'None',
        ],
      ]}
      className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-6"
      valueClassName="font-medium tabular-nums text-slate-900"
    />
  );
}

function PartnerPlanCard({ partnerId }: { partnerId: number }) {
  const plan = usePartnerPlan(partnerId);
  const save = useSavePartnerPlan(partnerId);
  const [wantsOverride, setWantsOverride] = useState<boolean | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) return <Alert tone="error">{getServerMessage(plan.error) ?? 'Failed to load the commission plan.'}</Alert>;

  const hasOverride = plan.data.override !== null;
  const isOverriding = wantsOverride ?? hasOverride;

  const removeOverride = async () => {
    await tryOrToast(async () => {
      await save.mutateAsync(null);
      toast.success(commissionMessages.overrideRemoved);
      setWantsOverride(null);
      setIsRemoving(false);
    }, 'Failed to save the plan');
  };

  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-900">Commission plan</h2>
        <Badge tone={hasOverride ? 'violet' : 'slate'}>{hasOverride ? 'Own plan' : 'Program plan'}</Badge>
      </div>
      <Switch
        label="Use an own plan for this partner"
        description="Off: the program plan applies, and follows its changes."
        checked={isOverriding}
        onChange={(checked) => {
          if (!checked && hasOverride) setIsRemoving(true);
          else setWantsOverride(checked);
        }}
      />
      <div className="mt-5 border-t border-slate-200 pt-5">
        {isOverriding ? (
          <PlanForm
            plan={plan.data.override ?? plan.data.program}
            currency={plan.data.currency}
            submitLabel="Save partner plan"
            onSubmit={async (next) => {
              await save.mutateAsync(next);
              toast.success(commissionMessages.overrideSaved);
              setWantsOverride(null);
            }}
          />
        ) : (
          <PlanSummary plan={plan.data.program} currency={plan.data.currency} />
        )}
      </div>
      <ConfirmDialog
        open={isRemoving}
        title="Use the program plan"
        message="This partner's own plan is removed; merchants approved from now on follow the program plan. Merchants already approved keep the shares they were approved with, and lines already made keep their amounts."
        confirmLabel="Use program plan"
        isPending={save.isPending}
        onConfirm={() => void removeOverride()}
        onCancel={() => setIsRemoving(false)}
      />
    </Card>
  );
}
