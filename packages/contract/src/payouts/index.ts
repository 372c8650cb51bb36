/*
 * Payouts (issue 22): tax forms, bank details, readiness, review, payout batches (NACHA), returns
 * and the 1099-NEC. TINs and bank numbers travel only inbound (PUT) or masked.
 */

export * from './messages';
export * from './bank';
export * from './tax';
export * from './schemas';
export * from './holds';
