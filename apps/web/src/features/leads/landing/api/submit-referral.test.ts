import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import { buildReferralPayload, submitReferral } from './submit-referral';
import { buildReferralForm } from '@portal/contract/testing';

const m = messages.referral;
const uuid = '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60';
const form = buildReferralForm({
  businessName: 'Corner Bakery',
  fullName: 'Ann Marie Baker',
  email: 'ann@bakery.example',
  description: 'Two locations',
});

const result = (code: string, message = '', id = 'lead-1') => ({ data: [{ code, message, details: { id } }] });

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const submit = (token?: string) => submitReferral({ form, uuid, supportPhone: '+1 (800) 555-0199', honeypot: '', token });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitReferral', () => {
  it('posts the spec payload and resolves with the lead id on SUCCESS', async () => {
    const fetchMock = answer(201, { status: 'success', leadData: result('SUCCESS'), noteData: result('SUCCESS') });
    await expect(submit('partner-token')).resolves.toEqual({ leadId: 'lead-1' });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/leads/referral/by-uuid');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer partner-token');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(init.body))).toMatchObject({
      uuid,
      First_Name: 'Ann',
      Last_Name: 'Marie Baker',
      Email: 'ann@bakery.example',
      Company: 'Corner Bakery',
      Business_Type: 'Retail',
      Title: '+14155550123',
      website: '',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = answer(201, { status: 'success', leadData: result('SUCCESS'), noteData: result('SUCCESS') });
    await submit();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it.each([409, 200])('reports DUPLICATE_DATA with the existing lead id (HTTP %i)', async (status) => {
    answer(status, {
      status: status === 409 ? 'error' : 'success',
      message: 'dup',
      leadData: result('DUPLICATE_DATA', 'duplicate data', 'lead-9'),
    });
    await expect(submit()).rejects.toThrow(m.duplicate('lead-9'));
  });

  it('uses the lead message, or the default, when the lead code is not SUCCESS', async () => {
    answer(200, { status: 'success', leadData: result('INVALID_DATA', 'Bad phone'), noteData: result('SUCCESS') });
    await expect(submit()).rejects.toThrow('Bad phone');
    answer(200, { status: 'success', leadData: result('INVALID_DATA'), noteData: result('SUCCESS') });
    await expect(submit()).rejects.toThrow(m.leadFailed);
  });

  it('uses the note message, or the default, when the note code is not SUCCESS', async () => {
    answer(200, { status: 'success', leadData: result('SUCCESS'), noteData: result('ERROR', 'Note rejected') });
    await expect(submit()).rejects.toThrow('Note rejected');
    answer(200, { status: 'success', leadData: result('SUCCESS'), noteData: { data: [] } });
    await expect(submit()).rejects.toThrow(m.noteFailed);
  });

  it('fails on a validation error or a throttled request', async () => {
    answer(400, { status: 'error', message: 'Please correct the highlighted fields', errors: { Email: m.emailInvalid } });
    await expect(submit()).rejects.toThrow(/highlighted fields/);
    answer(429, { status: 'error', message: messages.http.tooManyRequests });
    await expect(submit()).rejects.toThrow(/429/);
  });
});

describe('buildReferralPayload', () => {
  it("adds the landing page's tracking fields only when given", () => {
    const base = { form, uuid, supportPhone: null, honeypot: '' };
    expect(buildReferralPayload(base)).not.toHaveProperty('tracking');
    const tracking = { eventId: 'lead.1.abc', pageUrl: 'https://portal.example/referral/x', fbp: 'fb.1.1.2' };
    expect(buildReferralPayload({ ...base, tracking })).toMatchObject({ uuid, Email: 'ann@bakery.example', tracking });
  });
});
