// Commissions: kinds and statuses.

export const lineKinds = ['bonus', 'residual', 'adjustment', 'clawback', 'override'] as const;
export type LineKind = (typeof lineKinds)[number];
export const lineKindLabels: Record<LineKind, string> = {
  bonus: 'Bonus',
  residual: 'Residual',
  adjustment: 'Adjustment',
  clawback: 'Clawback',
  override: 'Override',
};

export const lineStatuses = ['pending', 'approved', 'paid', 'void', 'on_hold'] as const;
export type LineStatus = (typeof lineStatuses)[number];
export const lineStatusLabels: Record<LineStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
  on_hold: 'On hold',
};
/** What each status means to a partner (tooltips and the statement legend). */
export const lineStatusDescriptions: Record<LineStatus, string> = {
  pending: 'Waiting for the merchant to reach the minimum volume, or for the month to be approved',
  approved: 'Approved and waiting for payment',
  paid: 'Paid',
  void: 'Cancelled; the reason is shown with the line',
  on_hold: 'On hold; the reason is shown with the line',
};

export const statementStatuses = ['draft', 'published', 'paid'] as const;
export type StatementStatus = (typeof statementStatuses)[number];
export const statementStatusLabels: Record<StatementStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  paid: 'Paid',
};

export const merchantStatuses = ['active', 'closed'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

export const importStatuses = ['draft', 'committed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const paymentMethods = ['ach', 'wire', 'check', 'paypal', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  check: 'Check',
  paypal: 'PayPal',
  other: 'Other',
};
