import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Meta Graph API for tests: `POST /{version}/{pixel_id}/events` as the Conversions API
 * documents it. It checks what Meta checks (a known access token, hashed user data that is 64
 * lowercase hex digits, the required fields of a website event) and answers in Meta's shapes.
 * Faults can be queued to play an outage or a refused token.
 */
export type GraphFault = 'http500' | 'http429' | 'invalidToken' | 'rateLimitCode';

export interface FakeGraphRequest {
  version: string;
  pixelId: string;
  accessToken: unknown;
  /** The body without the access token. */
  body: Record<string, unknown>;
  status: number;
}

export interface FakeGraph {
  url: string;
  /** Every call, answered or not, in order. */
  requests: FakeGraphRequest[];
  /** Events accepted (200), in order. */
  received: Record<string, unknown>[];
  /** Tokens the fake accepts. */
  validTokens: Set<string>;
  inject(fault: GraphFault, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

const sha256Hex = /^[0-9a-f]{64}$/;

/** What Meta would refuse in one event; null when the event is acceptable. */
export function checkEvent(event: Record<string, unknown>): string | null {
  if (event.event_name !== 'Lead') return 'event_name must be Lead';
  if (typeof event.event_time !== 'number' || !Number.isInteger(event.event_time)) return 'event_time must be Unix seconds';
  if (typeof event.event_id !== 'string' || !event.event_id) return 'event_id is missing';
  if (event.action_source !== 'website') return 'action_source must be website';
  if (typeof event.event_source_url !== 'string' || !URL.canParse(event.event_source_url))
    return 'event_source_url is required for website events';
  const user = event.user_data as Record<string, unknown> | undefined;
  if (!user || typeof user.client_user_agent !== 'string' || !user.client_user_agent)
    return 'client_user_agent is required for website events';
  for (const key of ['em', 'ph']) {
    const values = user[key];
    if (values === undefined) continue;
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' && sha256Hex.test(v))) {
      return `user_data.${key} must be SHA-256 hashes (64 lowercase hex digits)`;
    }
  }
  return null;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const faults: GraphFault[] = [];
  const fake: FakeGraph = {
    url: '',
    requests: [],
    received: [],
    validTokens: new Set(['EAAtest-token-1']),
    inject(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    reset() {
      faults.length = 0;
      fake.requests.length = 0;
      fake.received.length = 0;
      fake.validTokens = new Set(['EAAtest-token-1']);
    },
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      const metaError = (status: number, code: number, message: string, type = 'OAuthException') =>
        send(status, { error: { message, type, code, fbtrace_id: 'AfakeTrace' } });
      const match = /^\/(v\d+\.\d+)\/(\d+)\/events$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (req.method !== 'POST' || !match) return metaError(400, 100, 'Unknown path components');
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      } catch {
        return metaError(400, 100, 'Invalid JSON');
      }
      const { access_token: accessToken, ...body } = parsed;
      const record = (status: number) =>
        fake.requests.push({ version: match[1]!, pixelId: match[2]!, accessToken, body, status });
      const fault = faults.shift();
      if (fault === 'http500') {
        record(500);
        return metaError(500, 2, 'An unexpected error has occurred. Please retry your request later.', 'OAuthException');
      }
      if (fault === 'http429') {
        record(429);
        res.setHeader('retry-after', '0');
        return metaError(429, 4, 'Application request limit reached');
      }
      if (fault === 'rateLimitCode') {
        record(400);
        return metaError(400, 17, 'User request limit reached');
      }
      if (fault === 'invalidToken' || typeof accessToken !== 'string' || !fake.validTokens.has(accessToken)) {
        record(400);
        return metaError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      const data = body.data;
      if (!Array.isArray(data) || !data.length) {
        record(400);
        return metaError(400, 100, 'The parameter data is required', 'GraphMethodException');
      }
      for (const event of data as Record<string, unknown>[]) {
        const problem = checkEvent(event);
        if (problem) {
          record(400);
          return metaError(400, 100, `Invalid parameter: ${problem}`, 'GraphMethodException');
        }
      }
      record(200);
      fake.received.push(...(data as Record<string, unknown>[]));
      send(200, { events_received: data.length, messages: [], fbtrace_id: 'AfakeTrace' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
