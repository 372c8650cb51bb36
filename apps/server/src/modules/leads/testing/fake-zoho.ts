import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Zoho (accounts + CRM API v8) for tests, speaking the documented shapes of the calls the
 * connector makes: paths under /crm/v8, `fields` required on record and note lists, DUPLICATE_DATA
 * answered 400 with `details.duplicate_record`. Faults can be queued per route to play an outage.
 */
export type ZohoRoute = 'token' | 'insert' | 'search' | 'note' | 'notes' | 'update' | 'list';
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
  /** Lead_Status and Modified_Time included, as Zoho keeps them. */
  record: Record<string, unknown>;
  /** Modified_Time in milliseconds, for the modified-since query. */
  modifiedAt: number;
  notes: { id: string; Note_Title: string; Note_Content: string }[];
}

export const FAKE_ZOHO_CREDENTIALS = { clientId: 'cid', clientSecret: 'secret', refreshToken: 'refresh-1' };

export interface FakeZoho {
  url: string;
  leads: FakeZohoLead[];
  /** Lead and note inserts that were stored, whether or not the answer reached the caller. */
  counts: { token: number; insert: number; note: number };
  requests: { route: ZohoRoute; authorization?: string; body?: unknown; ifModifiedSince?: string; query?: string }[];
  /** A salesperson changes a lead's status in Zoho (its Modified_Time moves to now). */
  setLeadStatus(id: string, value: string): void;
  /** Records per page of the list route (Zoho: up to 200). */
  pageSize: number;
  inject(route: ZohoRoute, fault: ZohoFault, times?: number): void;
  clearFaults(): void;
  /** Forgets records, requests, counts, faults and latency; issued tokens stay valid. */
  reset(): void;
  /** Answer DUPLICATE_DATA for an email already stored, as Zoho does when Email is a unique field. */
  uniqueEmails: boolean;
  latencyMs: number;
  /** Sent as `Retry-After` with the http429 fault (seconds or an HTTP date); none when null. */
  retryAfter: string | null;
  close(): Promise<void>;
}

export const FAKE_ZOHO_API_VERSION = 'v8';
const OWNER = { name: 'Fake Owner', id: '5000000000000000001', zuid: '90000001' };

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
    setLeadStatus(id, value) {
      const lead = fake.leads.find((l) => l.id === id);
      if (!lead) throw new Error(`no fake Zoho lead ${id}`);
      touch(lead, { Lead_Status: value });
    },
    pageSize: 200,
    reset() {
      faults.length = 0;
      fake.leads.length = 0;
      fake.requests.length = 0;
      fake.counts = { token: 0, insert: 0, note: 0 };
      fake.latencyMs = 0;
      fake.uniqueEmails = true;
      fake.pageSize = 200;
      fake.retryAfter = null;
    },
    uniqueEmails: true,
    latencyMs: 0,
    retryAfter: null,
    close: async () => {},
  };

  // Zoho's clock: strictly increasing, so a record changed after a query is always "modified since" it.
  let lastModified = 0;
  function touch(lead: FakeZohoLead, fields: Record<string, unknown>): void {
    lead.modifiedAt = lastModified = Math.max(Date.now(), lastModified + 1);
    Object.assign(lead.record, fields, { Modified_Time: new Date(lead.modifiedAt).toISOString() });
  }

  const takeFault = (route: ZohoRoute) => {
    const index = faults.findIndex((f) => f.route === route);
    return index >= 0 ? faults.splice(index, 1)[0]!.fault : null;
  };

  function routeOf(method: string, fullPath: string): ZohoRoute | null {
    if (method === 'POST' && fullPath === '/oauth/v2/token') return 'token';
    const prefix = `/crm/${FAKE_ZOHO_API_VERSION}`;
    if (!fullPath.startsWith(`${prefix}/`)) return null;
    const path = fullPath.slice(prefix.length);
    if (method === 'POST' && path === '/Leads') return 'insert';
    if (method === 'GET' && path === '/Leads/search') return 'search';
    if (method === 'POST' && /^\/Leads\/\d+\/Notes$/.test(path)) return 'note';
    if (method === 'GET' && /^\/Leads\/\d+\/Notes$/.test(path)) return 'notes';
    if (method === 'PUT' && /^\/Leads\/\d+$/.test(path)) return 'update';
    if (method === 'GET' && path === '/Leads') return 'list';
    return null;
  }
  const requiredParamMissing = {
    code: 'REQUIRED_PARAM_MISSING',
    details: { param: 'fields' },
    message: 'One of the expected parameter is missing',
    status: 'error',
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = routeOf(req.method ?? '', url.pathname);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : undefined;
    const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      if (json === undefined) res.writeHead(status, headers).end();
      else res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
    };
    if (!route) return send(404, { code: 'INVALID_URL_PATTERN', status: 'error' });
    const ifModifiedSince = req.headers['if-modified-since'];
    fake.requests.push({ route, authorization: req.headers.authorization, body, ifModifiedSince, query: url.search });
    if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));

    const fault = takeFault(route);
    if (fault === 'hang') return;
    if (fault === 'http500') return send(500, { code: 'INTERNAL_ERROR', status: 'error' });
    if (fault === 'http429') {
      return send(
        429,
        { code: 'TOO_MANY_REQUESTS', status: 'error' },
        fake.retryAfter === null ? {} : { 'retry-after': fake.retryAfter },
      );
    }
    if (fault === 'invalidToken')
      return send(401, { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' });
    if (fault === 'invalidData') {
      return send(400, {
        data: [
          {
            code: 'INVALID_DATA',
            details: { api_name: 'Email', json_path: '$.data[0].Email' },
            message: 'invalid data',
            status: 'error',
          },
        ],
      });
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
        return send(400, {
          data: [
            {
              code: 'DUPLICATE_DATA',
              details: {
                api_name: 'Email',
                json_path: '$.data[0].Email',
                duplicate_record: { Owner: OWNER, module: { api_name: 'Leads', id: '5000000000000000002' }, id: existing.id },
              },
              message: 'duplicate data',
              status: 'error',
            },
          ],
        });
      }
      if (!record.Last_Name) {
        return send(400, {
          data: [
            {
              code: 'MANDATORY_NOT_FOUND',
              details: { api_name: 'Last_Name', json_path: '$.data[0].Last_Name' },
              message: 'required field not found',
              status: 'error',
            },
          ],
        });
      }
      const lead: FakeZohoLead = { id: newId(), record: { Lead_Status: 'Not Contacted', ...record }, modifiedAt: 0, notes: [] };
      touch(lead, {});
      fake.leads.push(lead);
      fake.counts.insert++;
      if (fault === 'recordThenHang') return;
      const at = String(lead.record.Modified_Time);
      return send(201, {
        data: [
          {
            code: 'SUCCESS',
            duplicate_field: null,
            action: 'insert',
            details: { Modified_Time: at, Modified_By: OWNER, Created_Time: at, id: lead.id, Created_By: OWNER },
            message: 'record added',
            status: 'success',
          },
        ],
      });
    }

    if (route === 'search') {
      const email = (url.searchParams.get('email') ?? '').toLowerCase();
      const found = fake.leads.filter((l) => String(l.record.Email).toLowerCase() === email);
      if (!found.length) return send(204);
      return send(200, {
        data: found.map((l) => ({ id: l.id, ...l.record })),
        info: { count: found.length, more_records: false },
      });
    }

    if (route === 'list') {
      if (!url.searchParams.get('fields')) return send(400, requiredParamMissing);
      // Get Records: If-Modified-Since keeps records modified after it (304 when none); sorted, paged.
      const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NEGATIVE_INFINITY;
      if (Number.isNaN(since))
        return send(400, { code: 'INVALID_DATA', details: { header: 'If-Modified-Since' }, status: 'error' });
      const matching = fake.leads.filter((l) => l.modifiedAt > since).sort((a, b) => a.modifiedAt - b.modifiedAt);
      if (!matching.length) return send(ifModifiedSince ? 304 : 204);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 200), fake.pageSize);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = matching.slice((page - 1) * perPage, page * perPage);
      const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
      const pick = (l: FakeZohoLead) =>
        fields.length ? Object.fromEntries(fields.map((f) => [f, l.record[f] ?? null])) : l.record;
      return send(200, {
        data: slice.map((l) => ({ id: l.id, ...pick(l) })),
        info: { per_page: perPage, count: slice.length, page, more_records: page * perPage < matching.length },
      });
    }

    const leadId = url.pathname.split('/')[4];
    const lead = fake.leads.find((l) => l.id === leadId);
    if (!lead)
      return send(400, {
        data: [
          {
            code: 'INVALID_DATA',
            details: { api_name: 'id' },
            message: 'the related id given seems to be invalid',
            status: 'error',
          },
        ],
      });
    if (route === 'update') {
      const fields = (body?.data as Record<string, unknown>[] | undefined)?.[0] ?? {};
      touch(lead, fields);
      return send(200, {
        data: [
          {
            code: 'SUCCESS',
            details: { id: lead.id, Modified_Time: lead.record.Modified_Time },
            message: 'record updated',
            status: 'success',
          },
        ],
      });
    }
    if (route === 'note') {
      const input = (body?.data as { Note_Title: string; Note_Content: string }[] | undefined)?.[0];
      const note = { id: newId(), Note_Title: input?.Note_Title ?? '', Note_Content: input?.Note_Content ?? '' };
      lead.notes.push(note);
      fake.counts.note++;
      if (fault === 'recordThenHang') return;
      return send(201, { data: [{ code: 'SUCCESS', details: { id: note.id }, message: 'record added', status: 'success' }] });
    }
    if (!url.searchParams.get('fields')) return send(400, requiredParamMissing);
    if (!lead.notes.length) return send(204);
    const noteFields = url.searchParams.get('fields')!.split(',');
    const notes = lead.notes.map((n) => ({
      id: n.id,
      ...Object.fromEntries(noteFields.map((f) => [f, (n as Record<string, unknown>)[f] ?? null])),
    }));
    return send(200, { data: notes, info: { count: notes.length, more_records: false } });
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
