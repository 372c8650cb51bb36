import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { maxRowId } from '../paging';
import { userStatuses } from '../users';
import { maxBps } from './money';
import { monthField, monthPattern } from './months';
import { maxOverrideLevels, negativeNetPolicies, splitBases, splitFundings } from './splits';
import { teamMessages } from './team-messages';

// Commissions: partner hierarchies (issue 21): the tree, the frozen split chains, their API.

/** Program setting: how many levels a team may reach below its top partner. */
export const maxTeamDepthSettingKey = 'Team max depth';
export const defaultMaxTeamDepth = 2;
export const maxTeamDepthLimit = 5;
/** Program setting: "false" shows uplines "Team member" instead of the downline's name on statements. */
export const teamNamesVisibleSettingKey = 'Team names visible';

/** The recruit link's path: `/join/{uuid}`. */
export const recruitPath = (token: string) => `/join/${token}`;

export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(userStatuses),
  /** 1 = directly below the partner whose team this is. */
  level: z.number(),
  upline_id: z.number(),
  referrals: z.number(),
  /** Approved merchants still processing (not closed). */
  active_merchants: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

const personRef = z.object({ id: z.number(), name: z.string() });

/** GET /admin/users/{id}/team */
export const adminTeamSchema = z.object({
  partner_id: z.number(),
  upline: personRef.nullable(),
  /** The chain above, nearest first. */
  uplines: z.array(personRef),
  may_recruit: z.boolean(),
  recruit_path: z.string().nullable(),
  max_depth: z.number(),
  members: z.array(teamMemberSchema),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamResponse = successEnvelope(adminTeamSchema);

/** What becomes of a moved partner's own team: it moves with them, or goes to their old upline. */
export const downlineMoves = ['moves_with', 'to_old_upline'] as const;
export type DownlineMove = (typeof downlineMoves)[number];

/** PUT /admin/users/{id}/upline */
export const setUplineRequest = z.object({
  upline_id: z
    .number({ error: teamMessages.uplineNotPartner })
    .int(teamMessages.uplineNotPartner)
    .positive(teamMessages.uplineNotPartner)
    .max(maxRowId, teamMessages.uplineNotPartner)
    .nullable(),
  /** Required when the partner has a team of their own and the upline changes. */
  downline: z.enum(downlineMoves, { error: teamMessages.downlineRequired }).optional(),
  may_recruit: z.boolean().optional(),
});
export type SetUplineRequest = z.infer<typeof setUplineRequest>;

/** GET /partner/team: the partner's own downline and what their overrides earned. */
export const partnerTeamSchema = z.object({
  may_recruit: z.boolean(),
  recruit_path: z.string().nullable(),
  members: z.array(teamMemberSchema.omit({ active_merchants: true }).extend({ approved_merchants: z.number() })),
  overrides_by_month: z.array(z.object({ month: z.string(), amount_cents: z.number(), lines: z.number() })),
  currency: z.string(),
});
export type PartnerTeam = z.infer<typeof partnerTeamSchema>;
export const partnerTeamResponse = successEnvelope(partnerTeamSchema);

export const splitLevelSchema = z.object({
  level: z.number(),
  partner_id: z.number(),
  partner_name: z.string(),
  rate_bps: z.number(),
  basis: z.enum(splitBases),
  funding: z.enum(splitFundings),
  end_month: z.string().nullable(),
  rate_after_bps: z.number().nullable(),
  negative_net: z.enum(negativeNetPolicies),
});
export type SplitLevelView = z.infer<typeof splitLevelSchema>;

/** GET|PUT /admin/merchant-accounts/{id}/splits */
export const merchantSplitsSchema = z.object({
  merchant_account_id: z.string(),
  business: z.string(),
  mid_last4: z.string(),
  /** Each version of the chain, newest first; level 0 is the merchant's own partner at its plan's share. */
  versions: z.array(z.object({ from_month: z.string(), levels: z.array(splitLevelSchema) })),
  /** The last committed month's net split over the chain in force that month, or null. */
  preview: z
    .object({
      month: z.string(),
      net_cents: z.number(),
      lines: z.array(z.object({ level: z.number(), partner_id: z.number(), partner_name: z.string(), amount_cents: z.number() })),
      house_cents: z.number(),
      /** "$100.00 → Agent $50.00 · Manager $5.00 · House $45.00" */
      summary: z.string(),
    })
    .nullable(),
  /** Why the chain in force cannot be split (rates paying more than the net), or null. */
  problem: z.string().nullable(),
  currency: z.string(),
});
export type MerchantSplits = z.infer<typeof merchantSplitsSchema>;
export const merchantSplitsResponse = successEnvelope(merchantSplitsSchema);

const rateField = z
  .number({ error: teamMessages.overRate })
  .int(teamMessages.overRate)
  .min(0, teamMessages.overRate)
  .max(maxBps, teamMessages.overRate);

/** PUT /admin/merchant-accounts/{id}/splits: a new version of the upline levels, in force from a month. */
export const putSplitsRequest = z.object({
  from_month: monthField,
  /** Level 0: the merchant's own partner's share from that month; null keeps the share in force then. */
  residual_share_bps: rateField.nullable().default(null),
  levels: z
    .array(
      z
        .object({
          partner_id: z.number({ error: teamMessages.uplineNotPartner }).int().positive().max(maxRowId),
          rate_bps: rateField,
          basis: z.enum(splitBases).default('share_of_net'),
          funding: z.enum(splitFundings).default('house'),
          end_month: z.string().trim().regex(monthPattern, 'Use a month as YYYY-MM').nullable().default(null),
          rate_after_bps: rateField.nullable().default(null),
        })
        .superRefine((value, ctx) => {
          if (value.end_month && value.rate_after_bps === null)
            ctx.addIssue({ code: 'custom', path: ['rate_after_bps'], message: teamMessages.endMonthNeedsRate });
        }),
    )
    .max(maxOverrideLevels, teamMessages.tooManyLevels),
});
export type PutSplitsRequest = z.input<typeof putSplitsRequest>;

/** The dry run's (and a committed import's) split totals: per chain level, and the house's net. */
export const importSplitsSchema = z.object({
  /** Level 0 is the merchants' own partners' residuals; 1.. the overrides. */
  levels: z.array(z.object({ level: z.number(), lines: z.number(), amount_cents: z.number() })),
  /** The matched rows' net less every partner line. */
  house_cents: z.number(),
  /** Rows whose splits would pay out more than their net; any blocks the commit. */
  problems: z.array(z.object({ row: z.number(), mid_last4: z.string(), message: z.string() })),
});
export type ImportSplits = z.infer<typeof importSplitsSchema>;
