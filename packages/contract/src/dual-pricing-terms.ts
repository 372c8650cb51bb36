// The dual pricing program's terms on their own, so the landing page's first script can hold the
// defaults without the estimate's math, which loads on the first estimate (issue 12 §1 budget).

/** What the dual pricing program costs the merchant, from the admin settings (see `settingKeys`). */
export interface DualPricingTerms {
  /** The non-cash adjustment card customers pay, in percent (3.99 = 3.99 %). */
  customerFeePct: number;
  /** What the program still leaves the merchant to pay each month, in dollars (program fee). */
  monthlyProgramFee: number;
  /** What the program still leaves the merchant to pay, in percent of card sales (e.g. debit cost). */
  remainingRatePct: number;
}

export const defaultDualPricingTerms: DualPricingTerms = {
  customerFeePct: 3.99,
  monthlyProgramFee: 0,
  remainingRatePct: 0,
};
