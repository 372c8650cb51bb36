import {
  maxOverrideLevels,
  monthPattern,
  teamMessages,
  type MerchantSplits,
  type PutSplitsRequest,
  type SplitBasis,
  type SplitFunding,
} from '@portal/contract';

// The Edit splits form (issue 21): rates in percent as an admin types them, sent as basis points.
// Errors are keyed as the server keys them (`levels.1.rate_bps`), so its 400/422 lands on the same field.

export interface SplitsLevelDraft {
  /** A stable React key while levels are added and removed. */
  key: number;
  partner: { id: number; name: string; email: string } | null;
  rate: string;
  basis: SplitBasis;
  funding: SplitFunding;
  end_month: string;
  rate_after: string;
}

export interface SplitsDraft {
  from_month: string;
  /** Level 0: the merchant's own partner's share. */
  share: string;
  levels: SplitsLevelDraft[];
}

const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;
const isPercent = (text: string) => percentPattern.test(text.trim()) && Number(text) <= 100;
const bpsToPercent = (bps: number) => String(Number((bps / 100).toFixed(2)));
const percentToBps = (text: string) => Math.round(Number(text.trim()) * 100);

let nextKey = 0;

export const emptyLevel = (): SplitsLevelDraft => ({
  key: ++nextKey,
  partner: null,
  rate: '',
  basis: 'share_of_net',
  funding: 'house',
  end_month: '',
  rate_after: '',
});

/** The latest version as a draft (level 0 as the share, the uplines as levels), from `fromMonth`. */
export function splitsToDraft(splits: MerchantSplits, fromMonth: string): SplitsDraft {
  const latest = splits.versions[0]?.levels ?? [];
  const own = latest.find((level) => level.level === 0);
  return {
    from_month: fromMonth,
    share: own ? bpsToPercent(own.rate_bps) : '',
    levels: latest
      .filter((level) => level.level > 0)
      .map((level) => ({
        key: ++nextKey,
        partner: { id: level.partner_id, name: level.partner_name, email: '' },
        rate: bpsToPercent(level.rate_bps),
        basis: level.basis,
        funding: level.funding,
        end_month: level.end_month ?? '',
        rate_after: level.rate_after_bps === null ? '' : bpsToPercent(level.rate_after_bps),
      })),
  };
}

/** What the form refuses before sending, keyed as the server keys it; empty when it may be sent. */
export function validateSplits(draft: SplitsDraft, merchantPartnerId: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!monthPattern.test(draft.from_month.trim())) errors.from_month = 'Use a month as YYYY-MM';
  if (draft.share.trim() !== '' && !isPercent(draft.share)) errors.residual_share_bps = teamMessages.overRate;
  if (draft.levels.length > maxOverrideLevels) errors.levels = teamMessages.tooManyLevels;
  const seen = new Set<number>([merchantPartnerId]);
  draft.levels.forEach((level, i) => {
    const key = (field: string) => `levels.${i}.${field}`;
    if (!level.partner) errors[key('partner_id')] = teamMessages.uplineNotPartner;
    else if (seen.has(level.partner.id)) errors[key('partner_id')] = teamMessages.splitsChainInvalid;
    if (level.partner) seen.add(level.partner.id);
    if (!isPercent(level.rate)) errors[key('rate_bps')] = teamMessages.overRate;
    if (level.end_month.trim() && !monthPattern.test(level.end_month.trim())) errors[key('end_month')] = 'Use a month as YYYY-MM';
    if (level.rate_after.trim() && !isPercent(level.rate_after)) errors[key('rate_after_bps')] = teamMessages.overRate;
    else if (level.end_month.trim() && !level.rate_after.trim()) errors[key('rate_after_bps')] = teamMessages.endMonthNeedsRate;
  });
  return errors;
}

/** The draft as the PUT body (call after `validateSplits` found nothing). */
export function draftToRequest(draft: SplitsDraft): PutSplitsRequest {
  return {
    from_month: draft.from_month.trim(),
    residual_share_bps: draft.share.trim() === '' ? null : percentToBps(draft.share),
    levels: draft.levels.map((level) => ({
      partner_id: level.partner!.id,
      rate_bps: percentToBps(level.rate),
      basis: level.basis,
      // Funding only matters for a share of the downline's residual.
      funding: level.basis === 'downline_share' ? level.funding : 'house',
      end_month: level.end_month.trim() || null,
      rate_after_bps: level.end_month.trim() && level.rate_after.trim() ? percentToBps(level.rate_after) : null,
    })),
  };
}
