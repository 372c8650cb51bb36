// Webhooks at volume (issue #24 §5): 10,000 events to three endpoints, through the outbox as the
// server runs it (the main worker loop fans each event out, the webhook loop delivers), to three
// local receivers. Figures: time until all 30,000 deliveries arrived, deliveries a second, and
// how many webhook-ids arrived twice at one receiver (should be 0).
// Run alone: `node --import tsx scripts/bench/webhooks.ts` (BENCH_WEBHOOK_EVENTS, default 10000).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { openDatabase } from '../../apps/server/src/db';
import { users } from '../../apps/server/src/db/schema';
import { publishIntegrationEvents } from '../../apps/server/src/lib/integration-events';
import { startOutboxWorker } from '../../apps/server/src/lib/outbox';
import { createSession } from '../../apps/server/src/lib/sessions';
/* eslint-enable no-restricted-imports */
import { buildBenchApp, loadAverageLine, onEachDatabase } from './support';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const ENDPOINTS = 3;
/** "Drain in minutes": the target for all deliveries. */
const TARGET_MS = 5 * 60_000;

export interface WebhookBenchRow {
  database: string;
  deliveries: number;
  ms: number;
  perSecond: number;
  duplicates: number;
}

async function startReceiver() {
  const seen = new Set<string>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    req.resume();
    req.on('end', () => {
      if (seen.has(id)) duplicates++;
      seen.add(id);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => seen.size,
    duplicates: () => duplicates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function benchDatabase(kind: 'pglite' | 'postgres', url?: string): Promise<WebhookBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-webhooks-'));
  const database = await openDatabase(kind === 'postgres' ? { url: url! } : { memory: true });
  // Loopback receivers need the test switch, which production refuses: the bench runs as "test".
  const { app } = await buildBenchApp(database.db, dataDir, { NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: 'on' });
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, startReceiver));
  try {
    const [admin] = await database.db
      .insert(users)
      .values({ fullName: 'Bench Admin', email: 'bench-admin@example.com', role: 'admin', passwordHash: 'x' })
      .returning();
    const token = await createSession(database.db, admin!.id);
    for (const receiver of receivers) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/webhooks',
        headers: { authorization: `Bearer ${token}` },
        payload: { url: receiver.url, events: ['referral.created'] },
      });
      if (res.statusCode !== 201) throw new Error(`endpoint: ${res.statusCode} ${res.body}`);
    }
    for (let i = 0; i < EVENTS; i += 500) {
      // As the lead.created fan-out publishes a batch: one read of the endpoints per 500 events.
      await database.db.transaction(async (tx) => {
        const batch = Array.from({ length: Math.min(EVENTS, i + 500) - i }, (_, k) => i + k);
        await publishIntegrationEvents(
          tx,
          batch.map((j) => ({
            type: 'referral.created' as const,
            partnerId: null,
            data: { referral: { id: `bench-${j}`, company: `Bench ${j}`, status: 'new' } },
          })),
        );
      });
    }
    const started = performance.now();
    const log = app.log;
    const main = startOutboxWorker(database.db, { handlers: app.outbox.handlers, log, pollIntervalMs: 100 });
    const hooks = startOutboxWorker(database.db, {
      handlers: app.webhookOutbox.handlers,
      log,
      concurrency: app.config.WEBHOOK_CONCURRENCY,
      pollIntervalMs: 100,
    });
    const total = EVENTS * ENDPOINTS;
    const deadline = started + 2 * TARGET_MS;
    while (receivers.reduce((n, r) => n + r.received(), 0) < total && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ms = Math.round(performance.now() - started);
    await Promise.all([main.stop(), hooks.stop()]);
    const deliveries = receivers.reduce((n, r) => n + r.received(), 0);
    return [
      {
        database: kind,
        deliveries,
        ms,
        perSecond: Math.round((deliveries / ms) * 1000),
        duplicates: receivers.reduce((n, r) => n + r.duplicates(), 0),
      },
    ];
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runWebhookBench(): Promise<WebhookBenchRow[]> {
  const rows = await onEachDatabase(benchDatabase);
  console.log(loadAverageLine());
  console.log(
    `${EVENTS.toLocaleString('en-US')} events × ${ENDPOINTS} endpoints; target: every delivery within ${TARGET_MS / 60_000} minutes, none twice`,
  );
  for (const r of rows) {
    console.log(
      `${r.database.padEnd(8)}  ${r.deliveries.toLocaleString('en-US')} deliveries in ${(r.ms / 1000).toFixed(1)} s (${r.perSecond}/s), ${r.duplicates} twice  ${
        r.deliveries === EVENTS * ENDPOINTS && r.ms < TARGET_MS && r.duplicates === 0 ? 'within target' : 'OVER'
      }`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runWebhookBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
