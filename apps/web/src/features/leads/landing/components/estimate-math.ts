// Loaded when the merchant first asks for an estimate, not with the page: the math and its words
// stay out of the landing page's first JavaScript (issue 12 §1 budget).
import {
  estimateSavings,
  formatPctRange,
  formatUsd,
  formatUsdRange,
  normalizeSavingsEstimateInput,
  savingsDisclaimer,
  typicalRangeNote,
  type DualPricingTerms,
  type SavingsEstimateErrors,
  type SavingsEstimateInput,
} from '@portal/contract';

/** What the result card shows, as text. */
export interface EstimateView {
  nowMonth: string;
  nowYear: string;
  rate: string;
  dualMonth: string;
  dualYear: string;
  savingMonth: string;
  savingYear: string;
  savingPct: string;
  typicalNote: string | null;
  ticketLine: string | null;
  disclaimer: string;
}

export type EstimateOutcome =
  { ok: true; input: SavingsEstimateInput; view: EstimateView } | { ok: false; errors: SavingsEstimateErrors };

export function runEstimate(input: SavingsEstimateInput, terms: DualPricingTerms): EstimateOutcome {
  const result = estimateSavings(input, terms);
  if (!result.ok) return result;
  const e = result.estimate;
  return {
    ok: true,
    input: normalizeSavingsEstimateInput(input),
    view: {
      nowMonth: formatUsdRange(e.currentMonthly),
      nowYear: formatUsdRange(e.currentYearly),
      rate: formatPctRange(e.effectiveRatePct),
      dualMonth: formatUsd(e.dualPricingMonthly),
      dualYear: formatUsd(e.dualPricingYearly),
      savingMonth: formatUsdRange(e.savingMonthly),
      savingYear: formatUsdRange(e.savingYearly),
      savingPct: formatPctRange(e.savingPct),
      typicalNote: e.usedTypicalRange ? typicalRangeNote : null,
      ticketLine: e.cardCustomerExtra
        ? `On a ${formatUsd(e.cardCustomerExtra.ticket)} sale, a customer paying by card pays ${formatUsd(e.cardCustomerExtra.extra)} more (${e.customerFeePct}%); cash customers pay the listed price.`
        : null,
      disclaimer: savingsDisclaimer(e.customerFeePct),
    },
  };
}
