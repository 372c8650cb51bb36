// Payouts: when a partner's published statements are held (issue 22), shared by the batch and the statements.

/** Why a partner's earnings wait: their payout details are not Ready, or a bank change holds one payout. */
export type PayoutHoldKind = 'not_ready' | 'payout_hold';

/** The parts of a partner's payout profile that decide a hold. */
export interface PayoutHoldProfile {
  taxStatus: string | null;
  bankStatus: string | null;
  /** A W-8's end date (YYYY-MM-DD); null for a W-9. */
  taxExpiresOn: string | null | undefined;
  payoutHoldSince: Date | string | null;
}

/** Ready: an approved tax form (a W-8 still valid on `today`) and an approved way to be paid. */
export function isPayoutReady(p: PayoutHoldProfile | undefined, today: string): boolean {
  return !!p && p.taxStatus === 'approved' && p.bankStatus === 'approved' && !(p.taxExpiresOn && p.taxExpiresOn < today);
}

/** The hold on a partner's unpaid statements, or null when the next batch may pay them. */
export function payoutHoldOf(p: PayoutHoldProfile | undefined, today: string): PayoutHoldKind | null {
  if (!isPayoutReady(p, today)) return 'not_ready';
  return p?.payoutHoldSince ? 'payout_hold' : null;
}
