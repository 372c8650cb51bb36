import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, createPostgresTestDatabase, type TestContext } from '../../test/context';
import { bearer, createPartner, loginAs } from '../../test/factories';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { startOutboxWorker, type OutboxWorker } from '../lib/outbox';
import { leads } from './schema';
import { openDatabase, openDatabaseWhenReachable } from '.';

/**
 * The server reaches PostgreSQL through a proxy this test cuts and restores: a restart or outage
 * of the database, for this file's connections only.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('when the database goes away', () => {
  let ctx: TestContext;
  let proxy: TcpProxy;
  let worker: OutboxWorker;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresTestDatabase();
    dropDatabase = () => database.drop();
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    ctx = await createTestContext({}, { openDatabase: () => openDatabase({ url: viaProxy.toString() }) });
    worker = startOutboxWorker(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log, pollIntervalMs: 20 });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await proxy?.close();
    await dropDatabase?.();
    // DROP DATABASE waits for a checkpoint, which a machine busy with other tests can make slow.
  }, 90_000);

  const submitLead = (partnerUuid: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: composeLeadPayload(buildReferralForm(), partnerUuid),
    });

  it('answers 503 with Retry-After while it is away, then serves again by itself', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    const dashboard = () => ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);

    // Requests in flight when the connections drop, transactions included, fail cleanly.
    const inFlight = Array.from({ length: 20 }, (_, i) => (i % 2 ? me() : submitLead(partner.uuid)));
    proxy.cut();
    for (const res of await Promise.all(inFlight)) expect([200, 201, 503]).toContain(res.statusCode);

    // The session is served from the session cache, which needs no database; every call that reads or
    // writes the database answers 503.
    expect((await me()).statusCode).toBe(200);
    for (const res of [await dashboard(), await submitLead(partner.uuid)]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'error', message: messages.http.unavailable });
    }

    const ready = () => ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect((await ready()).json()).toMatchObject({ data: { database: 'unreachable' } });
    expect((await ready()).statusCode).toBe(503);
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    proxy.restore();
    expect((await ready()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const submitted = await submitLead(partner.uuid);
    expect(submitted.statusCode).toBe(201);

    // The worker kept polling through the outage and delivers (CRM=none: settles) the new lead.
    const leadId = submitted.json().leadData.data[0].details.id as string;
    for (;;) {
      const [lead] = await ctx.db.select({ syncState: leads.syncState }).from(leads).where(eq(leads.publicId, leadId));
      if (lead?.syncState === 'skipped') break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('when the database is away at start-up', () => {
  it('waits for it instead of failing, then migrates', async () => {
    const database = await createPostgresTestDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    proxy.cut();
    const retries: number[] = [];
    try {
      const handle = await openDatabaseWhenReachable(
        { url: viaProxy.toString() },
        {
          maxDelayMs: 10,
          onRetry: (_err, delayMs) => {
            retries.push(delayMs);
            if (retries.length === 2) proxy.restore();
          },
        },
      );
      expect(retries).toEqual([10, 10]);
      const { rows } = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rows[0]!.n).toBeGreaterThan(0);
      await handle.close();
    } finally {
      await proxy.close();
      await database.drop();
    }
  }, 90_000);
});
