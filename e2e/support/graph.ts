import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for Meta's Graph API: accepts `POST /{version}/{pixel}/events` and keeps the events. */
export interface FakeGraph {
  url: string;
  received: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { data } = JSON.parse(body || '{}') as { data?: Record<string, unknown>[] };
      received.push(...(data ?? []));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events_received: data?.length ?? 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
