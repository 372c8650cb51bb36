import {
  composeLeadPayload,
  consentTextVersion,
  leadResultCodes,
  referralMessages as m,
  type LeadTracking,
  type ReferralForm,
  type SavingsEstimateInput,
} from '@portal/contract';
import { callApi, isRecord } from './http';

export interface SubmitReferralInput {
  form: ReferralForm;
  /** The partner whose link (or account) the lead is credited to. */
  uuid: string;
  /** The support phone shown in the SMS consent text, which identifies the wording agreed to. */
  supportPhone: string | null;
  /** The hidden `website` field; people leave it empty. */
  honeypot: string;
  /** The savings estimate the merchant made before sending (landing page only; issue 12 §2). */
  estimate?: SavingsEstimateInput | null;
  /** A logged-in partner's bearer token: the lead is then attributed with source 'portal'. */
  token?: string | null;
  /** An admin's submission: the partner credited (source 'admin'); none leaves it unattributed. */
  partnerId?: number | null;
  /** The landing page's pixel event id, page URL and Meta cookies (server-side Lead event). */
  tracking?: LeadTracking;
  /** The campaign link's tag the merchant came through (`?c=`), if any. */
  campaign?: string;
}

/** `leadData.data[0]` / `noteData.data[0]` of the response, when the body has one. */
function firstResult(body: unknown, key: 'leadData' | 'noteData') {
  const section = isRecord(body) ? body[key] : undefined;
  const first = isRecord(section) && Array.isArray(section.data) ? (section.data[0] as unknown) : undefined;
  if (!isRecord(first)) return undefined;
  const details = isRecord(first.details) ? first.details : {};
  return {
    code: typeof first.code === 'string' ? first.code : '',
    message: typeof first.message === 'string' ? first.message : '',
    id: details.id === undefined || details.id === null ? '' : String(details.id),
  };
}

/** The spec's lead payload for the form, plus the honeypot and, for an admin, the credited partner. */
export function buildReferralPayload(input: SubmitReferralInput) {
  return {
    ...composeLeadPayload(input.form, input.uuid, { consentTextVersion: consentTextVersion(input.supportPhone) }),
    website: input.honeypot,
    ...(input.partnerId ? { partner_id: input.partnerId } : {}),
    ...(input.tracking ? { tracking: input.tracking } : {}),
    ...(input.estimate ? { estimate: input.estimate } : {}),
    ...(input.campaign ? { campaign: input.campaign } : {}),
  };
}

/**
 * Reads the answer of POST /leads/referral/by-uuid, whichever client made the call. Resolves with
 * the lead id; throws with the spec §8 message otherwise (the duplicate message on DUPLICATE_DATA,
 * which arrives as 409 or 200).
 */
export function readReferralAnswer(response: { status: number; ok: boolean; body: unknown }): { leadId: string } {
  const lead = firstResult(response.body, 'leadData');
  if (lead?.code === leadResultCodes.duplicate) throw new Error(m.duplicate(lead.id));
  if (!response.ok) {
    const { body } = response;
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
    throw new Error(`${message || 'Request failed'} (HTTP ${response.status})`);
  }
  if (!lead || lead.code !== leadResultCodes.success) throw new Error(lead?.message || m.leadFailed);
  const note = firstResult(response.body, 'noteData');
  if (!note || note.code !== leadResultCodes.success) throw new Error(note?.message || m.noteFailed);
  return { leadId: lead.id };
}

/** POST /leads/referral/by-uuid through the landing page's own fetch client (no session). */
export async function submitReferral(input: SubmitReferralInput): Promise<{ leadId: string }> {
  return readReferralAnswer(
    await callApi('/leads/referral/by-uuid', { method: 'POST', json: buildReferralPayload(input), token: input.token }),
  );
}
