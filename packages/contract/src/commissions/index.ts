/*
 * Commissions (issue 11): bonuses, monthly residuals and statements.
 *
 * Money is integer cents, rates are basis points (1 bp = 0.01 %), a line is rounded half up to the
 * cent exactly once (when it is made), and every total is the sum of its lines' stored amounts.
 */

export * from './money';
export * from './months';
export * from './statuses';
export * from './messages';
export * from './plan';
export * from './lines';
export * from './import';
export * from './merchants';
export * from './statements';
export * from './splits';
export * from './team-messages';
export * from './team';
export * from './earnings';
export * from './terms';
