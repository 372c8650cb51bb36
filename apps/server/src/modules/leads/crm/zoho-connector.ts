import { limits } from '@portal/contract';
import { CrmError, type CrmConnector, type CrmLead, type CrmLeadStatus } from './crm-connector';

export interface ZohoOptions {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Data-center domains, e.g. https://accounts.zoho.eu and https://www.zohoapis.eu. */
  accountsUrl: string;
  apiUrl: string;
  /** The REST API version in the paths (`/crm/v8/...`), default v8. */
  apiVersion?: string;
  /** Per HTTP call, body included. */
  timeoutMs?: number;
  now?: () => number;
}

type Json = Record<string, unknown> | null;
interface ZohoEntry {
  code?: string;
  /** v8: `details.id` on success; `details.duplicate_record.id` on DUPLICATE_DATA (v2 put it in `details.id`). */
  details?: { id?: string | number; duplicate_record?: { id?: string | number } };
}
interface ZohoResponse {
  status: number;
  body: Json;
  /** Milliseconds from the Retry-After header, when the answer had one. */
  retryAfterMs?: number;
}

/** Refresh early so a token never expires between the check and the call. */
const TOKEN_MARGIN_MS = 60_000;

/** The API version this connector's request and answer shapes follow. */
export const ZOHO_DEFAULT_API_VERSION = 'v8';

/**
 * `Retry-After` as milliseconds from `nowMs`: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse reads "-5" too.
  if (!/^[a-z]{3}/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * Zoho CRM REST API (v8 by default): Leads insert, search and Notes, with the OAuth refresh-token flow. The
 * access token is cached until shortly before it expires (Zoho limits how often one may be minted)
 * and refreshed once when a call answers 401.
 */
export function createZohoConnector(opts: ZohoOptions): CrmConnector {
  const timeoutMs = opts.timeoutMs ?? limits.requestTimeoutMs;
  const now = opts.now ?? Date.now;
  const apiBase = `${opts.apiUrl.replace(/\/+$/, '')}/crm/${opts.apiVersion ?? ZOHO_DEFAULT_API_VERSION}`;
  let token: { value: string; expiresAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<ZohoResponse> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      return { status: res.status, body: parseJson(text), retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), now()) };
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : String((err as Error).message);
      throw new CrmError(`Zoho unreachable: ${reason}`, true);
    }
  }

  async function refreshToken(): Promise<string> {
    const params = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: opts.clientId,
      client_secret: opts.clientSecret,
      refresh_token: opts.refreshToken,
    });
    const res = await send(`${opts.accountsUrl.replace(/\/+$/, '')}/oauth/v2/token?${params}`, { method: 'POST' });
    const accessToken = res.body?.access_token;
    if (res.status !== 200 || typeof accessToken !== 'string') {
      // Zoho answers a bad client or refresh token with 200 and {error}: retrying will not help.
      const reason = typeof res.body?.error === 'string' ? res.body.error : `HTTP ${res.status}`;
      throw new CrmError(`Zoho token refresh failed: ${reason}`, res.status === 429 || res.status >= 500, res.retryAfterMs);
    }
    const expiresIn = typeof res.body?.expires_in === 'number' ? res.body.expires_in : 3600;
    token = { value: accessToken, expiresAt: now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return accessToken;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value);
    refreshing ??= refreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ZohoResponse> {
    for (let attempt = 1; ; attempt++) {
      const value = await accessToken();
      const res = await send(`${apiBase}${path}`, {
        method,
        headers: { Authorization: `Zoho-oauthtoken ${value}`, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 401 || attempt > 1) return res;
      // INVALID_TOKEN: revoked or expired early; mint a new one once (unless a parallel call already has).
      if (token?.value === value) token = null;
    }
  }

  return {
    name: 'zoho',
    syncsLeads: true,

    async createLead(lead) {
      // Zoho has no idempotency key; the worker's find-before-retry bookkeeping stands in for it.
      const res = await api('POST', '/Leads', { data: [toZohoLead(lead)], trigger: ['workflow'] });
      // v8 answers 201 with SUCCESS, or 400 with DUPLICATE_DATA naming the existing record.
      const entry = firstEntry(res.body);
      if (entry?.code === 'SUCCESS' && entry.details?.id) return { id: String(entry.details.id), duplicate: false };
      const existingId = entry?.details?.duplicate_record?.id ?? entry?.details?.id;
      if (entry?.code === 'DUPLICATE_DATA' && existingId) return { id: String(existingId), duplicate: true };
      throw failure('lead insert', res, entry?.code ?? res.body?.code);
    },

    async createNote(crmLeadId, title, content) {
      const res = await api('POST', `/Leads/${encodeURIComponent(crmLeadId)}/Notes`, {
        data: [{ Note_Title: title, Note_Content: content }],
      });
      const entry = firstEntry(res.body);
      if (entry?.code === 'SUCCESS' && entry.details?.id) return { id: String(entry.details.id) };
      throw failure('note insert', res, entry?.code ?? res.body?.code);
    },

    async findLeadByEmail(email) {
      const res = await api('GET', `/Leads/search?${new URLSearchParams({ email })}`);
      if (res.status === 204) return null;
      if (res.status !== 200) throw failure('lead search', res, res.body?.code);
      const id = (res.body?.data as { id?: string | number }[] | undefined)?.[0]?.id;
      return id ? { id: String(id) } : null;
    },

    async findNoteByTitle(crmLeadId, title) {
      // Our titles carry the lead's public id, so the first page of a lead's notes is enough.
      // Since v3 `fields` is mandatory on Get Notes.
      const res = await api('GET', `/Leads/${encodeURIComponent(crmLeadId)}/Notes?fields=Note_Title&per_page=200`);
      if (res.status === 204) return null;
      if (res.status !== 200) throw failure('note list', res, res.body?.code);
      const notes = (res.body?.data ?? []) as { id?: string | number; Note_Title?: string }[];
      const note = notes.find((n) => n.Note_Title === title && n.id);
      return note ? { id: String(note.id) } : null;
    },

    async updateLeadStatus(crmLeadId, value) {
      const res = await api('PUT', `/Leads/${encodeURIComponent(crmLeadId)}`, { data: [{ Lead_Status: value }] });
      const entry = firstEntry(res.body);
      if (entry?.code === 'SUCCESS') return;
      throw failure('lead status update', res, entry?.code ?? res.body?.code);
    },

    async *listLeadsModifiedSince(since) {
      // Get Records with If-Modified-Since: 304 when nothing changed since, 204 when the module is empty.
      const ifModifiedSince = since.toISOString().replace(/\.\d{3}Z$/, '+00:00');
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          fields: 'Lead_Status,Modified_Time',
          sort_by: 'Modified_Time',
          sort_order: 'asc',
          per_page: '200',
          page: String(page),
        });
        const res = await api('GET', `/Leads?${query}`, undefined, { 'If-Modified-Since': ifModifiedSince });
        if (res.status === 304 || res.status === 204) return;
        if (res.status !== 200) throw failure('lead list', res, res.body?.code);
        const rows = (res.body?.data ?? []) as { id?: string | number; Lead_Status?: unknown; Modified_Time?: unknown }[];
        const records: CrmLeadStatus[] = rows
          .filter((r) => r.id != null)
          .map((r) => ({
            id: String(r.id),
            status: typeof r.Lead_Status === 'string' && r.Lead_Status ? r.Lead_Status : null,
            modifiedAt: new Date(typeof r.Modified_Time === 'string' ? r.Modified_Time : since),
          }));
        if (records.length) yield records;
        const info = res.body?.info as { more_records?: boolean } | undefined;
        if (!info?.more_records || !rows.length) return;
      }
    },
  };
}

function toZohoLead(lead: CrmLead): Record<string, unknown> {
  // Last_Name is mandatory in Zoho: a one-word name goes there instead of being rejected.
  const oneWord = lead.Last_Name.trim() === '';
  return {
    First_Name: oneWord ? undefined : lead.First_Name,
    Last_Name: oneWord ? lead.First_Name : lead.Last_Name,
    Email: lead.Email,
    Company: lead.Company,
    Business_Type: lead.Business_Type,
    Title: lead.Title,
    Phone: lead.Title,
    Description: lead.Description,
    Lead_Source: 'Partner Referral',
  };
}

function parseJson(text: string): Json {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function firstEntry(body: Json): ZohoEntry | undefined {
  return Array.isArray(body?.data) ? (body.data[0] as ZohoEntry | undefined) : undefined;
}

/**
 * Only the status and Zoho's code: never the lead we sent. A Retry-After (429, 503) travels as the
 * error's retryAfterMs, so the outbox pauses the whole CRM group until then.
 */
function failure(what: string, res: ZohoResponse, code: unknown): CrmError {
  const { status } = res;
  const retryable = status === 429 || status === 401 || status >= 500;
  return new CrmError(
    `Zoho ${what} failed: HTTP ${status}${typeof code === 'string' ? ` ${code}` : ''}`,
    retryable,
    retryable ? res.retryAfterMs : undefined,
  );
}
