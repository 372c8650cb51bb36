import { useId, useState, type FormEvent } from 'react';
import type { DualPricingTerms, FeeBasis, SavingsEstimateErrors, SavingsEstimateInput } from '@portal/contract';
import type { EstimateView } from './estimate-math';

/** "$30,000", "2.9 %", "" → a number, or undefined when empty (NaN when not a number). */
export function parseFigure(text: string): number | undefined {
  const cleaned = text.replace(/[$%,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

const bases: { value: FeeBasis; label: string }[] = [
  { value: 'fees', label: 'Monthly fees ($)' },
  { value: 'rate', label: 'Effective rate (%)' },
  { value: 'unknown', label: "I don't know" },
];

const control =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm';
const controlState = (hasError: boolean) =>
  hasError
    ? 'border-red-400 focus:border-red-500 focus:ring-red-500/30'
    : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/25';

export interface SavingsEstimatorProps {
  terms: DualPricingTerms;
  /** The estimate shown (its normalised inputs), sent with the lead; null when the merchant clears it. */
  onEstimate: (input: SavingsEstimateInput | null) => void;
  /** "Get my free analysis": take the merchant to the form. */
  onContinue: () => void;
}

/**
 * "What would I save?" (issue 12 §2): monthly card sales and what they pay now (fees, rate or "I
 * don't know"), optional average ticket; the result per month and year, today and under dual
 * pricing, with the disclaimer. The math loads on the first estimate (estimate-math.ts).
 */
export function SavingsEstimator({ terms, onEstimate, onContinue }: SavingsEstimatorProps) {
  const id = useId();
  const [basis, setBasis] = useState<FeeBasis>('fees');
  const [errors, setErrors] = useState<SavingsEstimateErrors>({});
  const [view, setView] = useState<EstimateView | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  async function estimate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Uncontrolled fields: what was typed before the page hydrated stays, and is read here.
    const values = new FormData(event.currentTarget);
    const figure = (name: string) => parseFigure(String(values.get(name) ?? ''));
    setIsWorking(true);
    try {
      const { runEstimate } = await import('./estimate-math');
      const outcome = runEstimate(
        {
          monthlySales: figure('monthlySales') ?? Number.NaN,
          basis,
          monthlyFees: basis === 'fees' ? (figure('monthlyFees') ?? Number.NaN) : null,
          effectiveRatePct: basis === 'rate' ? (figure('effectiveRatePct') ?? Number.NaN) : null,
          averageTicket: figure('averageTicket') ?? null,
        },
        terms,
      );
      if (outcome.ok) {
        setErrors({});
        setView(outcome.view);
        onEstimate(outcome.input);
      } else {
        setErrors(outcome.errors);
        setView(null);
        onEstimate(null);
        const first = (['monthlySales', 'monthlyFees', 'effectiveRatePct', 'averageTicket'] as const).find(
          (f) => outcome.errors[f],
        );
        if (first) document.getElementById(`${id}-${first}`)?.focus();
      }
    } catch (error) {
      console.error('The estimate could not load', error);
    } finally {
      setIsWorking(false);
    }
  }

  const field = (name: keyof SavingsEstimateErrors, label: string, hint?: string, placeholder?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {hint && <span className="font-normal text-slate-500"> {hint}</span>}
      </label>
      <input
        id={`${id}-${name}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        name={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`${control} ${controlState(!!errors[name])}`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1.5 text-sm text-red-600">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
        What would I save?
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your own numbers in 30 seconds. No statement needed.</p>
      <form noValidate onSubmit={estimate} className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">{field('monthlySales', 'Monthly card sales ($)', undefined, '30,000')}</div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">What you pay for card processing now</legend>
          <div className="grid grid-cols-3 gap-2">
            {bases.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium text-slate-700 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
              >
                <input
                  type="radio"
                  name={`${id}-basis`}
                  value={option.value}
                  checked={basis === option.value}
                  onChange={() => setBasis(option.value)}
                  className="sr-only"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        {basis === 'fees' && field('monthlyFees', 'Current monthly processing fees ($)', undefined, '900')}
        {basis === 'rate' && field('effectiveRatePct', 'Current effective rate (%)', undefined, '2.9')}
        {basis === 'unknown' && (
          <p className="self-end text-sm text-slate-600">We'll use a typical rate and say so in the result.</p>
        )}
        {field('averageTicket', 'Average ticket ($)', '(optional)', '40')}
        <button
          type="submit"
          disabled={isWorking}
          className="inline-flex w-full items-center justify-center rounded-lg bg-slate-900 px-5 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:col-span-2"
        >
          Estimate my savings
        </button>
      </form>

      <div aria-live="polite">
        {view && (
          <div className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="estimate-result">
            <dl className="grid grid-cols-1 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">What you pay now</dt>
                <dd className="font-semibold text-slate-900">
                  {view.nowMonth} / month · {view.nowYear} / year{' '}
                  <span className="font-normal text-slate-600">(effective rate {view.rate})</span>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">With dual pricing</dt>
                <dd className="font-semibold text-slate-900">
                  {view.dualMonth} / month · {view.dualYear} / year
                </dd>
              </div>
              <div className="rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-200">
                <dt className="font-medium text-emerald-800">Your estimated saving</dt>
                <dd className="text-lg font-extrabold text-emerald-900">
                  {view.savingMonth} / month · {view.savingYear} / year
                </dd>
                <dd className="text-emerald-800">{view.savingPct} of what you pay now</dd>
              </div>
            </dl>
            {view.typicalNote && <p className="mt-3 text-sm text-slate-700">{view.typicalNote}</p>}
            {view.ticketLine && <p className="mt-3 text-sm text-slate-700">{view.ticketLine}</p>}
            <p className="mt-3 text-xs leading-relaxed text-slate-600">{view.disclaimer}</p>
            <button
              type="button"
              onClick={onContinue}
              className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Get my exact analysis
            </button>
            <p className="mt-2 text-center text-xs text-slate-600">Your estimate is sent with your request.</p>
          </div>
        )}
      </div>
    </section>
  );
}
