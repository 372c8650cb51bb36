import { divideRoundHalfUp, maxBps } from './money';

// Commissions: split residuals (issue 21). The arithmetic of one residual row over a frozen chain.
//
// Level 0 is the merchant's own partner (their residual share of net); levels 1..5 are the uplines,
// each earning an override. Every amount is integer cents; each line is rounded half up exactly once;
// whatever the lines do not take is the house's, so the lines plus the house equal the net, always.

export const splitBases = ['share_of_net', 'pay_order', 'downline_share'] as const;
export type SplitBasis = (typeof splitBases)[number];
export const splitBasisLabels: Record<SplitBasis, string> = {
  share_of_net: 'Share of net',
  pay_order: 'Pay order',
  downline_share: "Share of the downline's residual",
};

/** Who pays a `downline_share` override: the house on top, or the downline out of its own line. */
export const splitFundings = ['house', 'downline'] as const;
export type SplitFunding = (typeof splitFundings)[number];
export const splitFundingLabels: Record<SplitFunding, string> = {
  house: 'Paid by the house',
  downline: 'Deducted from the downline',
};

/** What a partner's line does when a row's net is negative (chargebacks, a month of refunds). */
export const negativeNetPolicies = ['pass_through', 'floor_zero'] as const;
export type NegativeNetPolicy = (typeof negativeNetPolicies)[number];
export const negativeNetLabels: Record<NegativeNetPolicy, string> = {
  pass_through: 'Pass on as a negative line',
  floor_zero: 'Floor at zero',
};

/** IRIS allows five pay levels; so do we. */
export const maxOverrideLevels = 5;

export interface SplitLevel {
  /** 0 = the merchant's own partner; 1 = its upline; 2 = the upline's upline … */
  level: number;
  partnerId: number;
  rateBps: number;
  /** Ignored at level 0 (always share of net). */
  basis: SplitBasis;
  /** Only read for `downline_share`. */
  funding: SplitFunding;
  /** The last month (`YYYY-MM`, inclusive) paid at `rateBps`; later months pay `rateAfterBps`. */
  endMonth: string | null;
  /** The rate from the month after `endMonth`; null means the line ends (0). */
  rateAfterBps: number | null;
  negativeNet: NegativeNetPolicy;
}

export interface SplitLine {
  level: number;
  partnerId: number;
  basis: SplitBasis;
  /** The rate that applied this month (after an end month, the rate after it). */
  rateBps: number;
  /** What the rate was applied to: the net, what was left of it, or the downline's line. */
  baseCents: number;
  /** The line as paid: for a level whose upline is funded by it, after that deduction. */
  amountCents: number;
  /** The part of this line deducted to fund the upline's `downline_share` override (0 otherwise). */
  fundedUplineCents: number;
}

export interface SplitResult {
  lines: SplitLine[];
  houseCents: number;
}

/** The rate a level pays in a month, honouring its end month. */
export function rateInMonth(level: Pick<SplitLevel, 'rateBps' | 'endMonth' | 'rateAfterBps'>, month: string): number {
  if (level.endMonth && month > level.endMonth) return level.rateAfterBps ?? 0;
  return level.rateBps;
}

type PayoutLevel = Pick<SplitLevel, 'level' | 'rateBps' | 'rateAfterBps' | 'basis' | 'funding'> & {
  /** Known on a merchant's chain; left out on a plan's levels, whose end comes with each merchant. */
  endMonth?: string | null;
};

/**
 * The share of the net a chain pays out at most (in basis points, a real number), over every month.
 * Above 10,000 the chain could pay more than the net and is refused when saved.
 *
 * Each period between end months pays its own rates, and the largest payout is not simply every
 * level at its larger rate: a `pay_order` level's base shrinks as the levels below draw more, and a
 * `downline_share` above it grows with it (level 0 at 100 % after its end leaves a pay-order level
 * nothing, but at 0 % before it, 78 % pay order with a 58 % downline share above pays 123 %). So the
 * payout is taken in every period: before any end, and after each end month, when each level's end
 * month is known; where it is not (a plan's levels), in every combination of before and after.
 */
export function maxPayoutBps(chain: readonly PayoutLevel[]): number {
  const ordered = [...chain].sort((a, b) => a.level - b.level);
  let periods: number[][];
  if (ordered.every((l) => l.endMonth !== undefined)) {
    const ends = [...new Set(ordered.map((l) => l.endMonth).filter((e): e is string => !!e))].sort();
    // A month just after an end month ('2026-06~' sorts after '2026-06' and before '2026-07').
    periods = [null, ...ends].map((end) =>
      ordered.map((l) => rateInMonth({ ...l, endMonth: l.endMonth ?? null }, end ? `${end}~` : '')),
    );
  } else {
    periods = [[]];
    for (const level of ordered) {
      const rates = level.endMonth === null ? [level.rateBps] : [level.rateBps, level.rateAfterBps ?? 0];
      periods = periods.flatMap((period) => rates.map((rate) => [...period, rate]));
    }
  }
  return Math.max(...periods.map((rates) => payoutBps(ordered, rates)));
}

/** What a chain pays out of the net (basis points) at the given rate of each level. */
function payoutBps(ordered: readonly PayoutLevel[], rates: readonly number[]): number {
  let drawn = 0; // fraction of the net taken so far
  let previousGross = 0; // fraction of the net of the level below
  ordered.forEach((level, i) => {
    const rate = rates[i]! / maxBps;
    let gross: number;
    if (level.level === 0 || level.basis === 'share_of_net') gross = rate;
    else if (level.basis === 'pay_order') gross = rate * Math.max(0, 1 - drawn);
    else gross = rate * previousGross;
    const fromNet = level.level > 0 && level.basis === 'downline_share' && level.funding === 'downline' ? 0 : gross;
    drawn += fromNet;
    previousGross = gross;
  });
  return drawn * maxBps;
}

export type SplitChainProblem = {
  level: number;
  field: 'rate_bps' | 'level' | 'partner_id';
  problem: 'rate' | 'levels' | 'over_net' | 'partner';
};

/**
 * Whether a chain can be split: levels 0..n in order with no gaps, each rate 0..100 %, no partner
 * twice, and never more than the net paid out. Returns the first problem, or null.
 */
export function chainProblem(chain: readonly SplitLevel[]): SplitChainProblem | null {
  const seen = new Set<number>();
  for (let i = 0; i < chain.length; i++) {
    const level = chain[i]!;
    if (level.level !== i || i > maxOverrideLevels) return { level: level.level, field: 'level', problem: 'levels' };
    for (const rate of [level.rateBps, level.rateAfterBps ?? 0])
      if (!Number.isInteger(rate) || rate < 0 || rate > maxBps) return { level: i, field: 'rate_bps', problem: 'rate' };
    if (seen.has(level.partnerId)) return { level: i, field: 'partner_id', problem: 'partner' };
    seen.add(level.partnerId);
  }
  // A hair of tolerance for the float sum of exact basis-point rates (e.g. 3 × 33.33 %).
  if (maxPayoutBps(chain) > maxBps + 1e-6) return { level: chain.length - 1, field: 'rate_bps', problem: 'over_net' };
  return null;
}

/**
 * Splits one residual row's net over a chain (levels 0..n, in order).
 *
 * - level 0, and any level on `share_of_net`: net × rate;
 * - `pay_order` (IRIS): (net − what the levels below it drew from the net) × rate, so $100.00 over
 *   three levels at 5 % pays $5.00, $4.75, $4.51;
 * - `downline_share`: the line of the level directly below × rate, paid by the house on top, or
 *   deducted from that line (`funding: 'downline'`).
 *
 * Each line is rounded half up once. With a negative net a `floor_zero` partner's line is 0 (and a
 * `downline_share` above a floored line is 0 too). A line never takes more than is left of the net
 * (rounding half up on several lines could otherwise overdraw a cent or two on tiny rows), so the
 * house's remainder has the net's sign or is 0, and `sum(lines) + house === net` exactly.
 *
 * The chain must pass `chainProblem` (a chain that could pay out more than the net throws).
 */
export function splitResidual(netCents: number, month: string, chain: readonly SplitLevel[]): SplitResult {
  if (!Number.isSafeInteger(netCents)) throw new RangeError('net must be whole cents');
  const problem = chainProblem(chain);
  if (problem) throw new RangeError(`invalid chain: ${problem.problem} at level ${problem.level}`);
  const lines: SplitLine[] = [];
  let drawn = 0; // cents taken from the net so far (a downline-funded override takes none)
  const sign = netCents < 0 ? -1 : 1;
  for (const level of chain) {
    const basis: SplitBasis = level.level === 0 ? 'share_of_net' : level.basis;
    const rateBps = rateInMonth(level, month);
    const below = lines[lines.length - 1];
    let baseCents: number;
    if (basis === 'share_of_net') baseCents = netCents;
    else if (basis === 'pay_order') baseCents = netCents - drawn;
    else baseCents = below ? below.amountCents : 0;
    let amount = divideRoundHalfUp(BigInt(baseCents) * BigInt(rateBps), BigInt(maxBps));
    if (netCents < 0 && level.negativeNet === 'floor_zero') amount = 0;
    const fundedByDownline = basis === 'downline_share' && level.funding === 'downline' && below !== undefined;
    if (fundedByDownline) {
      // Never more than the downline's line, never the other way round.
      if (sign * amount > sign * below.amountCents) amount = below.amountCents;
      if (sign * amount < 0) amount = 0;
      below.amountCents -= amount;
      below.fundedUplineCents += amount;
    } else {
      const left = netCents - drawn;
      if (sign * amount > sign * left) amount = left;
      drawn += amount;
    }
    lines.push({
      level: level.level,
      partnerId: level.partnerId,
      basis,
      rateBps,
      baseCents,
      amountCents: amount,
      fundedUplineCents: 0,
    });
  }
  return { lines, houseCents: netCents - drawn };
}

/** `sum(lines) + house === net`; the import checks every row with it before committing. */
export function splitBalances(netCents: number, result: SplitResult): boolean {
  let total = result.houseCents;
  for (const line of result.lines) total += line.amountCents;
  return total === netCents;
}
