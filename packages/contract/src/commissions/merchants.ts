import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { isoDay } from '../paging';
import { merchantStatuses } from './statuses';

// Commissions: merchant accounts.

export const merchantAccountSchema = z.object({
  id: z.string(),
  mid: z.string(),
  business: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  lead_id: z.string().nullable(),
  approved_on: z.string(),
  status: z.enum(merchantStatuses),
  closed_on: z.string().nullable(),
  /** Imported volume so far (the bonus threshold counts this). */
  volume_cents: z.number(),
});
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;
/** POST /admin/merchant-accounts/{id}/close: the account stopped processing on `closed_on`. */
export const closeMerchantRequest = z.object({ closed_on: isoDay });
export const merchantAccountResponse = successEnvelope(merchantAccountSchema);
/** GET /admin/merchant-accounts?partner_id= */
export const merchantAccountListResponse = successEnvelope(z.object({ items: z.array(merchantAccountSchema) }));
