import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Zoho (accounts + CRM API) for tests, speaking the documented shapes of the calls the
 * connector makes. Faults can be queued per route to play an outage.
 */
export type ZohoRoute = 'token' | 'insert' | 'search' | 'note' | 'notes';
export type ZohoFault =
  | 'http500'
  | 'http429'
  | 'invalidToken'
  | 'invalidData'
  /** No answer, nothing done: the request was lost. */
  | 'hang'
  /** The record is stored, the answer never comes: the dangerous case for exactly-once. */
  | 'recordThenHang';

export interface FakeZohoLead {
  id: string;
  record: Record<string, unknown>;
  notes: { id: string; Note_Title: string; Note_Content: string }[];
}

export const FAKE_ZOHO_CREDENTIALS = { clientId: 'cid', clientSecret: 'secret', refreshToken: 'refresh-1' };

export interface FakeZoho {
  url: string;
  leads: FakeZohoLead[];
  /** Lead and note inserts that were stored, whether or not the answer reached the caller. */
  counts: { token: number; insert: number; note: number };
  requests: { route: ZohoRoute; authorization?: string; body?: unknown }[];
  inject(route: ZohoRoute, fault: ZohoFault, times?: number): void;
  clearFaults(): void;
  /** Forgets records, requests, counts, faults and latency; issued tokens stay valid. */
  reset(): void;
  /** Answer DUPLICATE_DATA for an email already stored, as Zoho does when Email is a unique field. */
  uniqueEmails: boolean;
  latencyMs: number;
  close(): Promise<void>;
}

export async function startFakeZoho(): Promise<FakeZoho> {
  const faults: { route: ZohoRoute; fault: ZohoFault }[] = [];
  const tokens = new Set<string>();
  let nextId = 5_000_000_000_000_000_000n;
  const newId = () => String(++nextId);

  const fake: FakeZoho = {
    url: '',
    leads: [],
    counts: { token: 0, insert: 0, note: 0 },
    requests: [],
    inject(route, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ route, fault });
    },
    clearFaults() {
      faults.length = 0;
    },
    reset() {
      faults.length = 0;
      fake.leads.length = 0;
      fake.requests.length = 0;
      fake.counts = { token: 0, insert: 0, note: 0 };
      fake.latencyMs = 0;
      fake.uniqueEmails = true;
    },
    uniqueEmails: true,
    latencyMs: 0,
    close: async () => {},
  };

  const takeFault = (route: ZohoRoute) => {
    const index = faults.findIndex((f) => f.route === route);
    return index >= 0 ? faults.splice(index, 1)[0]!.fault : null;
  };

  function routeOf(method: string, path: string): ZohoRoute | null {
    if (method === 'POST' && path === '/oauth/v2/token') return 'token';
    if (method === 'POST' && path === '/crm/v2/Leads') return 'insert';
    if (method === 'GET' && path === '/crm/v2/Leads/search') return 'search';
    if (method === 'POST' && /^\/crm\/v2\/Leads\/\d+\/Notes$/.test(path)) return 'note';
    if (method === 'GET' && /^\/crm\/v2\/Leads\/\d+\/Notes$/.test(path)) return 'notes';
    return null;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = routeOf(req.method ?? '', url.pathname);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : undefined;
    const send = (status: number, json?: unknown) => {
      if (json === undefined) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    if (!route) return send(404, { code: 'INVALID_URL_PATTERN', status: 'error' });
    fake.requests.push({ route, authorization: req.headers.authorization, body });
    if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));

    const fault = takeFault(route);
    if (fault === 'hang') return;
    if (fault === 'http500') return send(500, { code: 'INTERNAL_ERROR', status: 'error' });
    if (fault === 'http429') return send(429, { code: 'TOO_MANY_REQUESTS', status: 'error' });
    if (fault === 'invalidToken') return send(401, { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' });
    if (fault === 'invalidData') {
      return send(400, { data: [{ code: 'INVALID_DATA', details: { api_name: 'Email' }, message: 'invalid data', status: 'error' }] });
    }

    if (route === 'token') {
      const p = url.searchParams;
      const valid =
        p.get('grant_type') === 'refresh_token' &&
        p.get('client_id') === FAKE_ZOHO_CREDENTIALS.clientId &&
        p.get('client_secret') === FAKE_ZOHO_CREDENTIALS.clientSecret &&
        p.get('refresh_token') === FAKE_ZOHO_CREDENTIALS.refreshToken;
      if (!valid) return send(200, { error: 'invalid_client' });
      fake.counts.token++;
      const token = `token-${tokens.size + 1}`;
      tokens.add(token);
      return send(200, { access_token: token, api_domain: fake.url, token_type: 'Bearer', expires_in: 3600 });
    }

    const token = req.headers.authorization?.replace(/^Zoho-oauthtoken /, '');
    if (!token || !tokens.has(token)) {
      return send(401, { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' });
    }

    if (route === 'insert') {
      const record = (body?.data as Record<string, unknown>[] | undefined)?.[0] ?? {};
      const email = String(record.Email ?? '').toLowerCase();
      const existing = fake.leads.find((l) => String(l.record.Email).toLowerCase() === email);
      if (fake.uniqueEmails && existing) {
        return send(202, {
          data: [{ code: 'DUPLICATE_DATA', details: { api_name: 'Email', id: existing.id }, message: 'duplicate data', status: 'error' }],
        });
      }
      if (!record.Last_Name) {
        return send(202, {
          data: [{ code: 'MANDATORY_NOT_FOUND', details: { api_name: 'Last_Name' }, message: 'required field not found', status: 'error' }],
        });
      }
      const lead = { id: newId(), record, notes: [] };
      fake.leads.push(lead);
      fake.counts.insert++;
      if (fault === 'recordThenHang') return;
      return send(201, { data: [{ code: 'SUCCESS', details: { id: lead.id, Created_Time: new Date().toISOString() }, message: 'record added', status: 'success' }] });
    }

    if (route === 'search') {
      const email = (url.searchParams.get('email') ?? '').toLowerCase();
      const found = fake.leads.filter((l) => String(l.record.Email).toLowerCase() === email);
      if (!found.length) return send(204);
      return send(200, { data: found.map((l) => ({ id: l.id, ...l.record })), info: { count: found.length, more_records: false } });
    }

    const leadId = url.pathname.split('/')[4];
    const lead = fake.leads.find((l) => l.id === leadId);
    if (!lead) return send(400, { data: [{ code: 'INVALID_DATA', details: { api_name: 'id' }, message: 'the related id given seems to be invalid', status: 'error' }] });
    if (route === 'note') {
      const input = (body?.data as { Note_Title: string; Note_Content: string }[] | undefined)?.[0];
      const note = { id: newId(), Note_Title: input?.Note_Title ?? '', Note_Content: input?.Note_Content ?? '' };
      lead.notes.push(note);
      fake.counts.note++;
      if (fault === 'recordThenHang') return;
      return send(201, { data: [{ code: 'SUCCESS', details: { id: note.id }, message: 'record added', status: 'success' }] });
    }
    if (!lead.notes.length) return send(204);
    return send(200, { data: lead.notes, info: { count: lead.notes.length, more_records: false } });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
