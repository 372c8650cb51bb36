import axios from 'axios';
import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';
import { buildReferralPayload, readReferralAnswer, type SubmitReferralInput } from '../landing/api/submit-referral';

/**
 * POST /leads/referral/by-uuid from inside the app (/submit, /admin/submit): through the app's axios
 * client, so the session's bearer token and the 401 handling apply. The landing page never loads this.
 */
export async function submitReferralInApp(input: SubmitReferralInput): Promise<{ leadId: string }> {
  try {
    const response = await api.post<unknown>(apiPaths.leads.submit, buildReferralPayload(input));
    return readReferralAnswer({ status: response.status, ok: true, body: response.data });
  } catch (error) {
    if (axios.isAxiosError(error) && error.response) {
      return readReferralAnswer({ status: error.response.status, ok: false, body: error.response.data });
    }
    throw error;
  }
}
