import { describe, expect, it } from 'vitest';
import { validateSettingValue } from './brand-settings';
import {
  defaultDualPricingTerms,
  describeSavingsEstimate,
  dualPricingTermsOf,
  estimateSavings,
  formatUsd,
  formatUsdRange,
  normalizeSavingsEstimateInput,
  savingsDisclaimer,
  savingsEstimateMessages as m,
  validateSavingsEstimateInput,
  type SavingsEstimate,
  type SavingsEstimateInput,
} from './savings-estimate';

function estimateOf(input: SavingsEstimateInput, terms = defaultDualPricingTerms): SavingsEstimate {
  const result = estimateSavings(input, terms);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.estimate;
}

describe('estimateSavings', () => {
  it('takes the effective rate as fees ÷ sales, and saves all of it when the program leaves nothing', () => {
    const estimate = estimateOf({ monthlySales: 40_000, basis: 'fees', monthlyFees: 1_100 });
    expect(estimate.usedTypicalRange).toBe(false);
    expect(estimate.effectiveRatePct).toEqual({ low: 2.75, high: 2.75 });
    expect(estimate.currentMonthly).toEqual({ low: 1_100, high: 1_100 });
    expect(estimate.currentYearly).toEqual({ low: 13_200, high: 13_200 });
    expect(estimate.dualPricingMonthly).toBe(0);
    expect(estimate.savingMonthly).toEqual({ low: 1_100, high: 1_100 });
    expect(estimate.savingYearly).toEqual({ low: 13_200, high: 13_200 });
    expect(estimate.savingPct).toEqual({ low: 100, high: 100 });
    expect(estimate.customerFeePct).toBe(3.99);
  });

  it('turns an effective rate into monthly fees', () => {
    const estimate = estimateOf({ monthlySales: 20_000, basis: 'rate', effectiveRatePct: 3.1 });
    expect(estimate.currentMonthly).toEqual({ low: 620, high: 620 });
    expect(estimate.effectiveRatePct).toEqual({ low: 3.1, high: 3.1 });
  });

  it('uses the typical 2.5–3.5 % range when the merchant does not know, and says so (the brief’s example)', () => {
    const estimate = estimateOf({ monthlySales: 30_000, basis: 'unknown', averageTicket: 40 });
    expect(estimate.usedTypicalRange).toBe(true);
    expect(estimate.effectiveRatePct).toEqual({ low: 2.5, high: 3.5 });
    expect(estimate.currentMonthly).toEqual({ low: 750, high: 1_050 });
    expect(estimate.savingMonthly).toEqual({ low: 750, high: 1_050 });
    expect(estimate.savingYearly).toEqual({ low: 9_000, high: 12_600 });
    expect(estimate.cardCustomerExtra).toEqual({ ticket: 40, extra: 1.6 });
    expect(describeSavingsEstimate({ monthlySales: 30_000, basis: 'unknown', averageTicket: 40 }, estimate)[0]).toBe(
      'Savings estimate: monthly card sales $30,000; fees unknown (typical rate 2.5–3.5% used); average ticket $40.',
    );
  });

  it('charges what the settings say the program leaves the merchant: a monthly fee and a share of sales', () => {
    const terms = { customerFeePct: 4, monthlyProgramFee: 99, remainingRatePct: 0.5 };
    const estimate = estimateOf({ monthlySales: 30_000, basis: 'fees', monthlyFees: 900 }, terms);
    expect(estimate.dualPricingMonthly).toBe(249);
    expect(estimate.dualPricingYearly).toBe(2_988);
    expect(estimate.savingMonthly).toEqual({ low: 651, high: 651 });
    expect(estimate.savingPct).toEqual({ low: 72.3, high: 72.3 });
    expect(estimate.customerFeePct).toBe(4);
  });

  it('never shows a negative saving when the program costs more than today', () => {
    const terms = { ...defaultDualPricingTerms, monthlyProgramFee: 500 };
    const estimate = estimateOf({ monthlySales: 10_000, basis: 'fees', monthlyFees: 200 }, terms);
    expect(estimate.savingMonthly).toEqual({ low: 0, high: 0 });
    expect(estimate.savingPct).toEqual({ low: 0, high: 0 });
  });

  it('accepts zero fees: nothing paid now, nothing saved, no division by zero', () => {
    const estimate = estimateOf({ monthlySales: 5_000, basis: 'fees', monthlyFees: 0 });
    expect(estimate.effectiveRatePct).toEqual({ low: 0, high: 0 });
    expect(estimate.currentMonthly).toEqual({ low: 0, high: 0 });
    expect(estimate.savingMonthly).toEqual({ low: 0, high: 0 });
    expect(estimate.savingPct).toEqual({ low: 0, high: 0 });
  });

  it('refuses fees at or above the card sales', () => {
    expect(estimateSavings({ monthlySales: 5_000, basis: 'fees', monthlyFees: 6_000 })).toEqual({
      ok: false,
      errors: { monthlyFees: m.feesAboveSales },
    });
    expect(validateSavingsEstimateInput({ monthlySales: 5_000, basis: 'fees', monthlyFees: 5_000 })).toEqual({
      monthlyFees: m.feesAboveSales,
    });
    expect(validateSavingsEstimateInput({ monthlySales: 5_000, basis: 'fees', monthlyFees: 4_999.99 })).toEqual({});
  });

  it('refuses out-of-range and missing inputs with one message per field', () => {
    expect(validateSavingsEstimateInput({})).toEqual({ monthlySales: m.salesRequired, basis: m.basisRequired });
    expect(validateSavingsEstimateInput({ monthlySales: 499, basis: 'unknown' })).toEqual({ monthlySales: m.salesRange });
    expect(validateSavingsEstimateInput({ monthlySales: 5_000_001, basis: 'unknown' })).toEqual({ monthlySales: m.salesRange });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'fees' })).toEqual({ monthlyFees: m.feesRequired });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'fees', monthlyFees: -1 })).toEqual({
      monthlyFees: m.feesNegative,
    });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'rate', effectiveRatePct: '3' })).toEqual({
      effectiveRatePct: m.rateRequired,
    });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'rate', effectiveRatePct: 0.4 })).toEqual({
      effectiveRatePct: m.rateRange,
    });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'rate', effectiveRatePct: 8.01 })).toEqual({
      effectiveRatePct: m.rateRange,
    });
    expect(validateSavingsEstimateInput({ monthlySales: 500, basis: 'unknown', averageTicket: 0.5 })).toEqual({
      averageTicket: m.ticketRange,
    });
    expect(validateSavingsEstimateInput({ monthlySales: Number.NaN, basis: 'guess' })).toEqual({
      monthlySales: m.salesRequired,
      basis: m.basisRequired,
    });
  });

  it('keeps only the figures the chosen basis uses', () => {
    expect(
      normalizeSavingsEstimateInput({
        monthlySales: 9_000,
        basis: 'unknown',
        monthlyFees: 100,
        effectiveRatePct: 3,
        averageTicket: null,
      }),
    ).toEqual({ monthlySales: 9_000, basis: 'unknown' });
  });
});

describe('dual pricing terms from the settings', () => {
  it('defaults to a 3.99 % program fee that leaves the merchant nothing to pay', () => {
    expect(dualPricingTermsOf({})).toEqual({ customerFeePct: 3.99, monthlyProgramFee: 0, remainingRatePct: 0 });
  });

  it('reads the settings, and falls back to the default for a value that is not a number in range', () => {
    expect(dualPricingTermsOf({ customerFeePct: '4', monthlyProgramFee: '99', remainingRatePct: '1.0' })).toEqual({
      customerFeePct: 4,
      monthlyProgramFee: 99,
      remainingRatePct: 1,
    });
    expect(dualPricingTermsOf({ customerFeePct: '4%', monthlyProgramFee: '-5', remainingRatePct: '12' })).toEqual(
      defaultDualPricingTerms,
    );
  });

  it('refuses a setting value the estimate could not use', () => {
    expect(validateSettingValue('Dual Pricing Fee', '3.99')).toBeNull();
    expect(validateSettingValue('dual pricing fee', '11')).toMatch(/between 0 and 10/);
    expect(validateSettingValue('Dual Pricing Monthly Fee', '$99')).toMatch(/in dollars/);
    expect(validateSettingValue('Dual Pricing Remaining Rate', '1')).toBeNull();
  });
});

describe('formatting', () => {
  it('shows dollars without cents unless there are some, and ranges with an en dash', () => {
    expect(formatUsd(1_050)).toBe('$1,050');
    expect(formatUsd(1.6)).toBe('$1.60');
    expect(formatUsdRange({ low: 750, high: 1_050 })).toBe('$750–$1,050');
    expect(formatUsdRange({ low: 900, high: 900 })).toBe('$900');
  });

  it('names card brand rules and the states that restrict surcharging in the disclaimer', () => {
    const text = savingsDisclaimer(3.99);
    expect(text).toContain('3.99% non-cash adjustment');
    expect(text).toContain('card brand rules');
    expect(text).toContain('some states');
  });
});
