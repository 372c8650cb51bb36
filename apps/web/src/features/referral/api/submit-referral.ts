import {
  composeLeadPayload,
  consentTextVersion,
  leadResultCodes,
  referralMessages as m,
  type ReferralForm,
} from '@portal/contract';
import { callApi, isRecord } from './http';

export interface SubmitReferralInput {
  form: ReferralForm;
  /** The partner whose link (or account) the lead is credited to. */
  uuid: string;
  /** The support phone shown in the SMS consent text, which identifies the wording agreed to. */
  supportPhone: string;
  /** The hidden `website` field; people leave it empty. */
  honeypot: string;
  /** A logged-in partner's bearer token: the lead is then attributed with source 'portal'. */
  token?: string | null;
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

/**
 * POST /leads/referral/by-uuid. Resolves with the lead id; throws with the spec §8 message
 * otherwise (the duplicate message on DUPLICATE_DATA, which arrives as 409 or 200).
 */
export async function submitReferral(input: SubmitReferralInput): Promise<{ leadId: string }> {
  const payload = {
    ...composeLeadPayload(input.form, input.uuid, { consentTextVersion: consentTextVersion(input.supportPhone) }),
    website: input.honeypot,
  };
  const response = await callApi('/leads/referral/by-uuid', { method: 'POST', json: payload, token: input.token });

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
