import { type AdminStats } from '@portal/contract';
import { pct, fmt } from './figures';

export function Funnel({ funnel }: { funnel: AdminStats['funnel'] }) {
  const steps = [
    { label: 'Link visits', value: funnel.visits },
    { label: 'Referrals', value: funnel.referrals },
    { label: 'Contacted', value: funnel.contacted },
    { label: 'Approved', value: funnel.approved },
  ];
  const top = Math.max(...steps.map((s) => s.value), 1);
  return (
    <ol className="mt-4 space-y-3">
      {steps.map((step, i) => {
        const prev = i > 0 ? steps[i - 1]!.value : null;
        return (
          <li key={step.label}>
            <div className="flex justify-between text-sm">
              <span className="text-slate-700">{step.label}</span>
              <span className="font-medium text-slate-900">
                {fmt(step.value)}
                {prev !== null && prev > 0 && <span className="ml-1 font-normal text-slate-500">({pct(step.value / prev)})</span>}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(step.value / top) * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
