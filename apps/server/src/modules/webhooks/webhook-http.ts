import http from 'node:http';
import https from 'node:https';
import { guardedLookup, RefusedAddressError, type AddressPolicy } from './url-guard';

export interface PostResult {
  statusCode: number | null;
  /** The first 2 KB of the answer. */
  excerpt: string;
  durationMs: number;
  /** Why no answer came: refused address, time-out, network error. */
  error: string | null;
  /** The answer's `Retry-After` in milliseconds (seconds or an HTTP date), when it gave one. */
  retryAfterMs?: number | null;
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMsOf(value: string | undefined, now = Date.now()): number | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const excerptBytes = 2048;

/**
 * POSTs a webhook: the host is resolved and checked at connection time (url-guard.ts), redirects are
 * not followed (a 3xx is an answer like any other), and the whole exchange has `timeoutMs`.
 * Never throws: the outcome is the result.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  opts: { policy: AddressPolicy; timeoutMs: number },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PartnerPortal-Webhooks/1.0',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
        lookup: guardedLookup(opts.policy),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < excerptBytes) chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the rest of a large answer is not worth waiting for.
          if (size >= excerptBytes) {
            response.destroy();
            done();
          }
        });
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            excerpt: Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8'),
            error: null,
            retryAfterMs: retryAfterMsOf([response.headers['retry-after']].flat()[0]),
          });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${opts.timeoutMs / 1000} s`));
    }, opts.timeoutMs);
    request.on('error', (err) => {
      const message =
        err instanceof RefusedAddressError
          ? err.message
          : err.message.startsWith('No answer within')
            ? err.message
            : `Could not connect: ${(err as NodeJS.ErrnoException).code ?? err.message}`;
      finish({ statusCode: null, excerpt: '', error: message });
    });
    request.end(body);
  });
}
