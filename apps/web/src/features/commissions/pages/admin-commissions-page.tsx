import { useState } from 'react';
import toast from 'react-hot-toast';
import { addMonths, commissionMessages, monthOf, monthPattern } from '@portal/contract';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useUrlFilters } from '@/lib/url-state';
import { useProgramPlan } from '../api/get-program-plan';
import { useSaveProgramPlan } from '../api/save-program-plan';
import { AdjustmentDialog } from '../components/adjustment-dialog';
import { ImportWizard } from '../components/import-wizard';
import { PlanForm } from '../components/plan-form';
import { StatementsPanel } from '../components/statements-panel';
import { TotalsPanel } from '../components/totals-panel';
import { UnmatchedPanel } from '../components/unmatched-panel';
import { QueryError } from '@/components/ui/query-state';

const tabs = ['statements', 'import', 'unmatched', 'totals', 'plan'] as const;
type Tab = (typeof tabs)[number];
const tabLabels: Record<Tab, string> = {
  statements: 'Statements',
  import: 'Import report',
  unmatched: 'Unmatched MIDs',
  totals: 'Monthly totals',
  plan: 'Plan',
};

/** Residual reports arrive for the month just ended. */
const lastMonth = () => addMonths(monthOf(new Date()), -1);

/** /admin/commissions: import residual reports, review and publish statements, pay them, run the plan. */
export function AdminCommissionsPage() {
  const { values, setValues } = useUrlFilters(['tab', 'month'] as const);
  const tab: Tab = (tabs as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'statements';
  const month = monthPattern.test(values.month) ? values.month : lastMonth();
  const plan = useProgramPlan();
  const currency = plan.data?.currency ?? 'USD';
  const [isAdjusting, setIsAdjusting] = useState(false);

  const monthPicker = (
    <div className="flex items-center gap-2">
      <label htmlFor="commission-month" className="text-sm font-medium text-slate-700">
        Month
      </label>
      <input
        id="commission-month"
        type="month"
        value={month}
        max={monthOf(new Date())}
        onChange={(event) => event.target.value && setValues({ month: event.target.value })}
        className={cn(inputClasses(false), 'w-44')}
      />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Commissions"
        description="Monthly residual reports become statements partners can trust: import, review, publish, pay."
        actions={
          <Button variant="secondary" onClick={() => setIsAdjusting(true)}>
            <PlusIcon className="size-4" />
            Add adjustment
          </Button>
        }
      />
      <Tabs<Tab>
        label="Commissions"
        value={tab}
        onChange={(next) => setValues({ tab: next === 'statements' ? null : next })}
        items={tabs.map((value) => ({ value, label: tabLabels[value] }))}
        className="mb-5"
      />
      <div role="tabpanel" aria-label={tabLabels[tab]}>
        {tab === 'statements' && (
          <div className="space-y-4">
            {monthPicker}
            <StatementsPanel query={{ month }} by="month" />
          </div>
        )}
        {tab === 'import' && (
          <ImportWizard
            defaultMonth={month}
            currency={currency}
            onCommitted={(committedMonth) => setValues({ tab: null, month: committedMonth })}
          />
        )}
        {tab === 'unmatched' && (
          <div className="space-y-4">
            {monthPicker}
            <UnmatchedPanel month={month} currency={currency} />
          </div>
        )}
        {tab === 'totals' && <TotalsPanel onOpenMonth={(next) => setValues({ tab: null, month: next })} />}
        {tab === 'plan' && <ProgramPlanCard />}
      </div>
      <AdjustmentDialog open={isAdjusting} defaultMonth={month} onClose={() => setIsAdjusting(false)} />
    </>
  );
}

function ProgramPlanCard() {
  const plan = useProgramPlan();
  const save = useSaveProgramPlan();
  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) {
    return <QueryError query={plan} title="Failed to load the commission plan." retryLabel="Retry" />;
  }
  return (
    <Card className="max-w-3xl p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Program plan</h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">
        Applies to every partner without their own plan (set one from the partner&rsquo;s page in Users). Changes apply to
        merchants approved from now on: an approved merchant keeps the shares it was approved with (change them from its Splits
        panel, from a month on), and lines already made keep their amounts.
      </p>
      <PlanForm
        plan={plan.data.plan}
        currency={plan.data.currency}
        submitLabel="Save plan"
        onSubmit={async (next) => {
          await save.mutateAsync(next);
          toast.success(commissionMessages.planSaved);
        }}
      />
    </Card>
  );
}
