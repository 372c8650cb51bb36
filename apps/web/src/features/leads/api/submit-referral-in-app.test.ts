import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { messages, type User } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { api, setUnauthorizedRedirect } from '@/lib/api/client';
import { useAuthStore } from '@/lib/auth/auth-store';
import { submitReferralInApp } from './submit-referral-in-app';

const user: User = {
  id: 7,
  uuid: '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60',
  full_name: 'Pat Partner',
  email: 'pat@example.test',
  role: 'user',
  status: 'active',
  compensation_link: null,
  facebook_pixel_id: '',
  created_at: '2026-11-22T00:00:00.000Z',
};
const result = (code: string, id = 'lead-1') => ({ data: [{ code, message: '', details: { id } }] });
const submit = (partnerId?: number) =>
  submitReferralInApp({ form: buildReferralForm(), uuid: user.uuid, supportPhone: '+1 (800) 555-0199', honeypot: '', partnerId });

let requests: InternalAxiosRequestConfig[] = [];
function answer(status: number, data: unknown) {
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`HTTP ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
}

beforeEach(() => {
  requests = [];
  useAuthStore.getState().setSession('session-token', user);
});
afterEach(() => {
  localStorage.clear();
});

describe('submitReferralInApp (/submit and /admin/submit)', () => {
  it('posts through the app client with the stored session and resolves with the lead id', async () => {
    answer(201, { status: 'success', leadData: result('SUCCESS'), noteData: result('SUCCESS') });
    await expect(submit()).resolves.toEqual({ leadId: 'lead-1' });
    expect(requests[0]?.url).toBe('/leads/referral/by-uuid');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer session-token');
    expect(JSON.parse(String(requests[0]?.data))).toMatchObject({ uuid: user.uuid, website: '' });
    expect(JSON.parse(String(requests[0]?.data))).not.toHaveProperty('partner_id');
  });

  it('sends the partner an admin credits', async () => {
    answer(201, { status: 'success', leadData: result('SUCCESS'), noteData: result('SUCCESS') });
    await submit(42);
    expect(JSON.parse(String(requests[0]?.data))).toMatchObject({ partner_id: 42 });
  });

  it('reads DUPLICATE_DATA from a 409 answer', async () => {
    answer(409, { status: 'error', message: 'dup', leadData: result('DUPLICATE_DATA', 'lead-9') });
    await expect(submit()).rejects.toThrow(messages.referral.duplicate('lead-9'));
  });

  it('signs out and goes to /login on a 401, like every other call of the app', async () => {
    const redirect = vi.fn();
    setUnauthorizedRedirect(redirect);
    answer(401, { status: 'error', message: 'Unauthorized' });
    await expect(submit()).rejects.toThrow(/401/);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().signOutReason).toBe('expired');
    expect(redirect).toHaveBeenCalledOnce();
  });
});
