import { referralMessages as m } from '@portal/contract';
import { submitReferral, type SubmitReferralInput } from './api/submit-referral';
import { notify } from './notify';

/**
 * Submits with the spec §8 feedback: 'Invalid referral link' without a uuid, the success toast, or
 * the generic failure toast with the precise reason (duplicate, lead or note failure) only logged.
 */
export async function sendReferral(
  input: Omit<SubmitReferralInput, 'uuid'> & { uuid: string | null },
  submit: (input: SubmitReferralInput) => Promise<{ leadId: string }> = submitReferral,
): Promise<boolean> {
  const { uuid } = input;
  if (!uuid) {
    void notify('error', m.invalidLink);
    return false;
  }
  try {
    await submit({ ...input, uuid });
  } catch (error) {
    console.error('Referral submission failed:', error instanceof Error ? error.message : error);
    void notify('error', m.submitFailed);
    return false;
  }
  void notify('success', m.submitted);
  return true;
}
