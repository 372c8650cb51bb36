// "What would I save?" (issue 12 §2; product brief §7a): the landing page's estimate of a merchant's
// card processing cost today and under the dual pricing program. Zod-free, like referral-rules.ts,
// because the landing page imports it (docs/decisions/003). The server recomputes every estimate it
// stores from the inputs and the admin's settings, and the proposal PDF uses the same functions.
import { parseDecimalSetting } from './brand-settings';
import { defaultDualPricingTerms, type DualPricingTerms } from './dual-pricing-terms';

export { defaultDualPricingTerms, type DualPricingTerms } from './dual-pricing-terms';

/** The effective rate assumed when the merchant does not know their fees: a rule of thumb, said so on screen. */
export const typicalEffectiveRatePct = { low: 2.5, high: 3.5 } as const;

export const savingsEstimateLimits = {
  salesMin: 500,
  salesMax: 5_000_000,
  rateMin: 0.5,
  rateMax: 8,
  ticketMin: 1,
  ticketMax: 100_000,
  customerFeeMax: 10,
  programFeeMax: 100_000,
} as const;

/** How the merchant tells us what they pay today. */
export const feeBases = ['fees', 'rate', 'unknown'] as const;
export type FeeBasis = (typeof feeBases)[number];

export interface SavingsEstimateInput {
  /** Monthly card sales, dollars. */
  monthlySales: number;
  basis: FeeBasis;
  /** basis 'fees': current monthly processing fees, dollars. */
  monthlyFees?: number | null;
  /** basis 'rate': current effective rate, percent. */
  effectiveRatePct?: number | null;
  /** Optional average ticket, dollars. */
  averageTicket?: number | null;
}

export type SavingsEstimateErrors = Partial<
  Record<'monthlySales' | 'basis' | 'monthlyFees' | 'effectiveRatePct' | 'averageTicket', string>
>;

/** low === high when the merchant gave their fees or rate; a band when they did not know. */
export interface Range {
  low: number;
  high: number;
}

export interface SavingsEstimate {
  /** True when the current cost comes from the typical range, not from the merchant's figures. */
  usedTypicalRange: boolean;
  /** Fees ÷ sales × 100, rounded to 2 decimals. */
  effectiveRatePct: Range;
  currentMonthly: Range;
  currentYearly: Range;
  /** What the merchant still pays under dual pricing: program fee + sales × remaining rate. */
  dualPricingMonthly: number;
  dualPricingYearly: number;
  savingMonthly: Range;
  savingYearly: Range;
  /** Saving ÷ current cost × 100, rounded to 1 decimal (0 when the current cost is 0). */
  savingPct: Range;
  /** The program's card adjustment, percent. */
  customerFeePct: number;
  monthlyProgramFee: number;
  remainingRatePct: number;
  /** On the average ticket, what a card customer pays more; null without a ticket. */
  cardCustomerExtra: { ticket: number; extra: number } | null;
}

export const savingsEstimateMessages = {
  salesRequired: 'Enter your monthly card sales',
  salesRange: 'Monthly card sales must be between $500 and $5,000,000',
  basisRequired: 'Choose how you know your current fees',
  feesRequired: 'Enter your current monthly processing fees',
  feesNegative: 'Processing fees cannot be negative',
  feesAboveSales: 'Processing fees must be less than your monthly card sales',
  rateRequired: 'Enter your effective rate',
  rateRange: 'Effective rate must be between 0.5% and 8%',
  ticketRange: 'Average ticket must be between $1 and $100,000',
} as const;

const m = savingsEstimateMessages;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};
const cents = (value: number) => round(value, 2);
const range = (low: number, high: number, digits = 2): Range => ({ low: round(low, digits), high: round(high, digits) });

/**
 * The input's problems, one message per field (`{}` when fine). Reads defensively, so the server
 * may hand it a parsed body: a missing or non-numeric value is "required".
 */
export function validateSavingsEstimateInput(input: Partial<Record<keyof SavingsEstimateInput, unknown>>): SavingsEstimateErrors {
  const errors: SavingsEstimateErrors = {};
  const { monthlySales: sales, basis, monthlyFees: fees, effectiveRatePct: rate, averageTicket: ticket } = input;
  const limits = savingsEstimateLimits;
  if (!isNumber(sales)) errors.monthlySales = m.salesRequired;
  else if (sales < limits.salesMin || sales > limits.salesMax) errors.monthlySales = m.salesRange;
  if (!(feeBases as readonly unknown[]).includes(basis)) errors.basis = m.basisRequired;
  if (basis === 'fees') {
    if (!isNumber(fees)) errors.monthlyFees = m.feesRequired;
    else if (fees < 0) errors.monthlyFees = m.feesNegative;
    else if (isNumber(sales) && fees >= sales) errors.monthlyFees = m.feesAboveSales;
  }
  if (basis === 'rate') {
    if (!isNumber(rate)) errors.effectiveRatePct = m.rateRequired;
    else if (rate < limits.rateMin || rate > limits.rateMax) errors.effectiveRatePct = m.rateRange;
  }
  if (ticket !== undefined && ticket !== null) {
    if (!isNumber(ticket) || ticket < limits.ticketMin || ticket > limits.ticketMax) errors.averageTicket = m.ticketRange;
  }
  return errors;
}

/** The input with only the fields its basis uses (what is stored with a lead). */
export function normalizeSavingsEstimateInput(input: SavingsEstimateInput): SavingsEstimateInput {
  return {
    monthlySales: input.monthlySales,
    basis: input.basis,
    ...(input.basis === 'fees' ? { monthlyFees: input.monthlyFees ?? 0 } : {}),
    ...(input.basis === 'rate' ? { effectiveRatePct: input.effectiveRatePct ?? 0 } : {}),
    ...(isNumber(input.averageTicket) ? { averageTicket: input.averageTicket } : {}),
  };
}

export type SavingsEstimateResult = { ok: true; estimate: SavingsEstimate } | { ok: false; errors: SavingsEstimateErrors };

/**
 * Current cost F = the fees given, or sales × rate, or sales × the typical range; effective rate =
 * F ÷ sales. Under dual pricing the merchant still pays R = program fee + sales × remaining rate
 * (the settings say what the program leaves them); saving = max(0, F − R), per month and × 12.
 */
export function estimateSavings(
  input: SavingsEstimateInput,
  terms: DualPricingTerms = defaultDualPricingTerms,
): SavingsEstimateResult {
  const errors = validateSavingsEstimateInput(input);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const sales = input.monthlySales;
  const [feesLow, feesHigh] =
    input.basis === 'fees'
      ? [input.monthlyFees!, input.monthlyFees!]
      : input.basis === 'rate'
        ? [(sales * input.effectiveRatePct!) / 100, (sales * input.effectiveRatePct!) / 100]
        : [(sales * typicalEffectiveRatePct.low) / 100, (sales * typicalEffectiveRatePct.high) / 100];
  const remaining = terms.monthlyProgramFee + (sales * terms.remainingRatePct) / 100;
  const saveLow = Math.max(0, feesLow - remaining);
  const saveHigh = Math.max(0, feesHigh - remaining);
  const pct = (saving: number, fees: number) => (fees > 0 ? (saving / fees) * 100 : 0);
  const ticket = isNumber(input.averageTicket) ? input.averageTicket : null;
  return {
    ok: true,
    estimate: {
      usedTypicalRange: input.basis === 'unknown',
      effectiveRatePct: range((feesLow / sales) * 100, (feesHigh / sales) * 100),
      currentMonthly: range(feesLow, feesHigh),
      currentYearly: range(feesLow * 12, feesHigh * 12),
      dualPricingMonthly: cents(remaining),
      dualPricingYearly: cents(remaining * 12),
      savingMonthly: range(saveLow, saveHigh),
      savingYearly: range(saveLow * 12, saveHigh * 12),
      savingPct: range(pct(saveLow, feesLow), pct(saveHigh, feesHigh), 1),
      customerFeePct: terms.customerFeePct,
      monthlyProgramFee: terms.monthlyProgramFee,
      remainingRatePct: terms.remainingRatePct,
      cardCustomerExtra: ticket === null ? null : { ticket, extra: cents((ticket * terms.customerFeePct) / 100) },
    },
  };
}

/** Dollars as people read them: "$1,050", "$1.60" (cents only when there are some). */
export function formatUsd(value: number): string {
  const amount = cents(value);
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** "$750–$1,050", or one amount when the range is a single value. */
export function formatUsdRange(value: Range): string {
  return value.low === value.high ? formatUsd(value.low) : `${formatUsd(value.low)}–${formatUsd(value.high)}`;
}

/** "2.5–3.5%" or "3%". */
export function formatPctRange(value: Range): string {
  const pct = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return value.low === value.high ? `${pct(value.low)}%` : `${pct(value.low)}–${pct(value.high)}%`;
}

/** The plain disclaimer shown under every estimate (and printed with it). */
export const savingsDisclaimer = (customerFeePct: number) =>
  `Estimate for illustration only, based on the figures you entered and typical rates; not an offer. Actual savings depend on your statement, card mix, pricing and program fees. Under dual pricing, customers who pay by card pay a ${customerFeePct}% non-cash adjustment; card brand rules apply, surcharging debit cards is not allowed, and some states (such as CT, ME, MA, OK and PR) restrict or ban surcharges. We'll confirm what applies to your business in your free analysis.`;

export const typicalRangeNote = `You didn't enter your fees, so we used a typical effective rate of ${typicalEffectiveRatePct.low}–${typicalEffectiveRatePct.high}%.`;

/** The estimate in a few plain lines: the CRM note and the admin's lead sheet read the same text. */
export function describeSavingsEstimate(input: SavingsEstimateInput, estimate: SavingsEstimate): string[] {
  const given =
    input.basis === 'fees'
      ? `current fees ${formatUsd(input.monthlyFees ?? 0)} / month`
      : input.basis === 'rate'
        ? `effective rate ${formatPctRange({ low: input.effectiveRatePct ?? 0, high: input.effectiveRatePct ?? 0 })}`
        : `fees unknown (typical rate ${typicalEffectiveRatePct.low}–${typicalEffectiveRatePct.high}% used)`;
  const ticket = isNumber(input.averageTicket) ? `; average ticket ${formatUsd(input.averageTicket)}` : '';
  return [
    `Savings estimate: monthly card sales ${formatUsd(input.monthlySales)}; ${given}${ticket}.`,
    `Now: ${formatUsdRange(estimate.currentMonthly)} / month, ${formatUsdRange(estimate.currentYearly)} / year (effective rate ${formatPctRange(estimate.effectiveRatePct)}).`,
    `Dual pricing (${estimate.customerFeePct}% card adjustment): ${formatUsd(estimate.dualPricingMonthly)} / month, ${formatUsd(estimate.dualPricingYearly)} / year.`,
    `Saving: ${formatUsdRange(estimate.savingMonthly)} / month, ${formatUsdRange(estimate.savingYearly)} / year.`,
  ];
}

/**
 * The program's terms from the settings' raw values (`Dual Pricing Fee`, `Dual Pricing Monthly
 * Fee`, `Dual Pricing Remaining Rate`); an unset or invalid value takes its default.
 */
export function dualPricingTermsOf(values: {
  customerFeePct?: string | null;
  monthlyProgramFee?: string | null;
  remainingRatePct?: string | null;
}): DualPricingTerms {
  const d = defaultDualPricingTerms;
  return {
    customerFeePct: parseDecimalSetting(values.customerFeePct, 0, savingsEstimateLimits.customerFeeMax) ?? d.customerFeePct,
    monthlyProgramFee:
      parseDecimalSetting(values.monthlyProgramFee, 0, savingsEstimateLimits.programFeeMax) ?? d.monthlyProgramFee,
    remainingRatePct: parseDecimalSetting(values.remainingRatePct, 0, savingsEstimateLimits.rateMax) ?? d.remainingRatePct,
  };
}
