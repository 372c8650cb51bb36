import { z } from 'zod';
import { checkStatusMove, leadStatusSchema, type LeadStatus } from '@portal/contract';

const chooseStatus = 'Please choose the new status';

/**
 * The status dialogs' form (one lead or many): the target status and what it needs, checked by the
 * contract's checkStatusMove, the same rules the server applies. The bulk dialog leaves `mid` empty:
 * Approved merchant is not one of its targets.
 */
export const statusMoveForm = z
  .object({
    status: z.union([leadStatusSchema, z.literal('')]),
    mid: z.string(),
    reason: z.string(),
    note: z.string(),
    visible: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (!values.status) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: chooseStatus });
      return;
    }
    for (const [field, message] of Object.entries(checkStatusMove({ ...values, status: values.status }))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((values) => ({ ...values, status: values.status as LeadStatus }));

export const emptyStatusMove = { status: '' as const, mid: '', reason: '', note: '', visible: false };
