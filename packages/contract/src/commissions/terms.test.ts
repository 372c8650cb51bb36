import { describe, expect, it } from 'vitest';
import { defaultCommissionPlan } from './plan';
import { planTerms } from './terms';

describe('planTerms', () => {
  it('says nothing of a team when the plan pays no override', () => {
    expect(planTerms(defaultCommissionPlan, 'USD').some((t) => t.startsWith('Team override'))).toBe(false);
  });

  it('names each override level with its rate, basis and end', () => {
    const plan = {
      ...defaultCommissionPlan,
      override_basis: 'pay_order' as const,
      override_levels: [
        { rate_bps: 1_000, end_month: null, rate_after_bps: null },
        { rate_bps: 500, end_month: '2027-12', rate_after_bps: 250 },
      ],
    };
    const team = planTerms(plan, 'USD').filter((t) => t.startsWith('Team override'));
    expect(team).toEqual([
      "Team override: 10% of what is left of each team member's merchant's net after the levels below you, for partners you recruit.",
      "Team override: 5% until 2027-12, then 2.5% of what is left of each team member's merchant's net after the levels below you, for level 2 of your team.",
    ]);
  });
});
