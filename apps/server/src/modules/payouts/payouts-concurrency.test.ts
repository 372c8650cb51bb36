import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { payoutMessages as m } from '@portal/contract';
import { auditLog, commissionLines, statements } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { ach, publishedStatement, setOriginator, w9 } from '../../../test/payout-fixtures';

// Run on PostgreSQL too (server-postgres project): there the two requests really run at once,
// each in its own connection and transaction.
let ctx: TestContext;
const api = '/api/v1';

beforeAll(async () => {
  ctx = await createTestContext();
  await setOriginator(ctx.db);
});
afterAll(() => ctx.close());

describe('two admins press "sent" at once', () => {
  it('pays each statement once: one answer 200, the other 409, one audit row', async () => {
    const a1 = await createAdmin(ctx.db);
    const a2 = await createAdmin(ctx.db);
    const auth1 = bearer(await loginAs(ctx.app, a1));
    const auth2 = bearer(await loginAs(ctx.app, a2));
    const statementIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const name = `Pat Payee ${i}`;
      const partner = await createPartner(ctx.db, { fullName: name });
      const auth = bearer(await loginAs(ctx.app, partner));
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `${api}/users/payout-details`,
        headers: auth,
        payload: { tax_form: w9({ legal_name: name, signature: name }), bank: ach({ holder_name: name }) },
      });
      expect(put.statusCode).toBe(200);
      statementIds.push((await publishedStatement(ctx.db, partner.id, '2026-07', 10_000 + i)).id);
    }
    const queue = await ctx.app.inject({ method: 'GET', url: `${api}/admin/payouts/review?limit=100`, headers: auth1 });
    for (const item of queue.json().data.items) {
      await ctx.app.inject({
        method: 'POST',
        url: `${api}/admin/payouts/review/${item.id}`,
        headers: auth1,
        payload: { decision: 'approve' },
      });
    }
    const effective = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${api}/admin/payouts/batches`,
      headers: auth1,
      payload: { month: '2026-07', effective_date: effective },
    });
    expect(created.json().data.payouts).toHaveLength(5);
    const id = created.json().data.batch.id;

    const [r1, r2] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: `${api}/admin/payouts/batches/${id}/sent`, headers: auth1 }),
      ctx.app.inject({ method: 'POST', url: `${api}/admin/payouts/batches/${id}/sent`, headers: auth2 }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect([r1, r2].find((r) => r.statusCode === 409)!.json().message).toBe(m.batchSent);
    const rows = await ctx.db.select().from(statements).where(inArray(statements.id, statementIds));
    expect(rows.every((s) => s.status === 'paid')).toBe(true);
    const lines = await ctx.db.select().from(commissionLines).where(inArray(commissionLines.statementId, statementIds));
    expect(lines.every((l) => l.status === 'paid')).toBe(true);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payout_batch.sent'))).toHaveLength(1);

    // A new batch finds nothing left to pay for these statements.
    const next = await ctx.app.inject({
      method: 'POST',
      url: `${api}/admin/payouts/batches`,
      headers: auth1,
      payload: { month: '2026-07', effective_date: effective },
    });
    expect(next.json().data.payouts).toHaveLength(0);
  });
});
