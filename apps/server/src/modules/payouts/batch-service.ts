import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  describeReturnCode,
  maskAccount,
  payoutMessages as m,
  personTypes,
  type BatchDetail,
  type BatchPayout,
  type BatchSummary,
  type CreateBatchRequest,
  type EntityType,
  type RecordReturnRequest,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { commissionLines, payoutBatches, payoutProfiles, payouts, payoutStatements, statements, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { enqueue } from '../../lib/outbox';
import type { SecretBox } from '../../lib/secret-box';
import { effectivePlans, getCurrency } from '../commissions';
import { getSettingValue } from '../settings';
import { isoDay, isReady, payoutMailActions, type ProfileRow } from './details-service';
import { settingKeys } from './payout-settings';
import { buildNachaFile, type NachaEntry, type NachaOriginator } from './nacha';
import { openBank } from './payout-box';

type BatchRow = typeof payoutBatches.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

/** Return codes that say the account itself is wrong: the partner must change it before a retry. */
const accountReturnCodes = new Set(['R02', 'R03', 'R04', 'R12', 'R13', 'R16', 'R17', 'R20']);

interface Candidate {
  partnerId: number;
  partnerName: string;
  total: number;
  statementIds: string[];
}

/** Published statements up to the month that no live payout carries, per partner. */
async function unpaidByPartner(db: DbExecutor, month: string): Promise<Candidate[]> {
  const rows = await db
    .select({
      partnerId: statements.partnerId,
      partnerName: users.fullName,
      total: sql<number>`sum(${statements.totalCents})`.mapWith(Number),
      ids: sql<string[]>`array_agg(${statements.id}::text order by ${statements.month})`,
    })
    .from(statements)
    .innerJoin(users, eq(users.id, statements.partnerId))
    .where(
      and(
        eq(statements.status, 'published'),
        lte(statements.month, month),
        sql`not exists (select 1 from ${payoutStatements} ps where ps.statement_id = ${statements.id} and ps.active)`,
      ),
    )
    .groupBy(statements.partnerId, users.fullName)
    .orderBy(asc(users.fullName), asc(statements.partnerId));
  return rows.map((r) => ({ partnerId: r.partnerId, partnerName: r.partnerName, total: r.total, statementIds: r.ids }));
}

interface Sorted {
  payable: { candidate: Candidate; profile: ProfileRow }[];
  held: { partner_id: number; partner_name: string; total_cents: number; reason: string }[];
}

/** Payable: Ready, paid by bank transfer, not on a payout hold, total at or above the plan's minimum. */
async function sortCandidates(db: DbExecutor, candidates: Candidate[], today: string): Promise<Sorted> {
  const ids = candidates.map((c) => c.partnerId);
  const profiles = new Map<number, ProfileRow>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const chunk = ids.slice(i, i + 5_000);
    for (const p of await db.select().from(payoutProfiles).where(inArray(payoutProfiles.partnerId, chunk))) {
      profiles.set(p.partnerId, p);
    }
  }
  const plans = await effectivePlans(db, ids);
  const out: Sorted = { payable: [], held: [] };
  for (const c of candidates) {
    const profile = profiles.get(c.partnerId);
    const hold = (reason: string) =>
      out.held.push({ partner_id: c.partnerId, partner_name: c.partnerName, total_cents: c.total, reason });
    if (!profile || !isReady(profile, today)) hold(m.heldNotReady);
    else if (profile.payoutHoldSince) hold(m.heldPayoutHold);
    else if (profile.bankMethod !== 'ach') hold(m.heldOutside);
    else if (c.total <= 0 || c.total < (plans.get(c.partnerId)?.min_payout_cents ?? 0)) hold(m.heldBelowMinimum);
    else out.payable.push({ candidate: c, profile });
  }
  return out;
}

function entryClassOf(profile: ProfileRow): 'PPD' | 'CCD' {
  if (profile.taxKind === 'w8ben') return 'PPD';
  if (profile.taxKind === 'w8bene') return 'CCD';
  return personTypes.includes(profile.taxForm?.entity_type as EntityType) ? 'PPD' : 'CCD';
}

function toSummary(b: BatchRow, agg: { payouts: number; total: number; returned: number }): BatchSummary {
  return {
    id: b.id,
    number: b.number,
    month: b.month,
    effective_date: b.effectiveDate,
    status: b.status,
    prenotes: b.prenotes,
    payouts: agg.payouts,
    total_cents: agg.total,
    returned: agg.returned,
    created_at: b.createdAt.toISOString(),
    sent_at: b.sentAt?.toISOString() ?? null,
  };
}

const batchAggregates = {
  payouts: sql<number>`count(${payouts.id}) filter (where ${payouts.status} <> 'canceled')`.mapWith(Number),
  total: sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.status} <> 'canceled'), 0)`.mapWith(Number),
  returned: sql<number>`count(${payouts.id}) filter (where ${payouts.status} = 'returned')`.mapWith(Number),
};

/** GET /admin/payouts/batches: newest first. */
export async function listBatches(db: DbExecutor): Promise<BatchSummary[]> {
  const rows = await db
    .select({ batch: payoutBatches, ...batchAggregates })
    .from(payoutBatches)
    .leftJoin(payouts, eq(payouts.batchId, payoutBatches.id))
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.number))
    .limit(200);
  return rows.map((r) => toSummary(r.batch, r));
}

/**
 * POST /admin/payouts/batches: the month's payable partners, one payout each carrying their unpaid
 * published statements. A draft batch of the same month is rebuilt (partners an admin excluded
 * stay excluded). Partners held back are reminded by the hourly sweep (reminder-sweep.ts).
 */
export async function createBatch(db: Database, input: CreateBatchRequest, actorId: number, now = new Date()): Promise<string> {
  const today = isoDay(now);
  if (input.effective_date < today) {
    throw badRequest(m.effectiveDateInvalid, { effective_date: m.effectiveDateInvalid });
  }
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(payoutBatches)
      .where(and(eq(payoutBatches.month, input.month), eq(payoutBatches.status, 'draft')))
      .for('update');
    let batchId: string;
    const excluded = new Set<number>();
    if (draft) {
      batchId = draft.id;
      const old = await tx
        .select({ partnerId: payouts.partnerId, status: payouts.status })
        .from(payouts)
        .where(eq(payouts.batchId, batchId));
      for (const p of old) if (p.status === 'canceled') excluded.add(p.partnerId);
      await tx.delete(payouts).where(eq(payouts.batchId, batchId));
      await tx
        .update(payoutBatches)
        .set({ effectiveDate: input.effective_date, prenotes: input.prenotes })
        .where(eq(payoutBatches.id, batchId));
    } else {
      const [created] = await tx
        .insert(payoutBatches)
        .values({ month: input.month, effectiveDate: input.effective_date, prenotes: input.prenotes, createdBy: actorId })
        .returning();
      batchId = created!.id;
    }
    const sorted = await sortCandidates(tx, await unpaidByPartner(tx, input.month), today);
    // Retries: statements that were in a returned payout before.
    const retried = new Set(
      (
        await tx
          .select({ statementId: payoutStatements.statementId })
          .from(payoutStatements)
          .innerJoin(payouts, eq(payouts.id, payoutStatements.payoutId))
          .where(eq(payouts.status, 'returned'))
      ).map((r) => r.statementId),
    );
    const rows = sorted.payable.map(({ candidate: c, profile: p }, i) => ({
      id: crypto.randomUUID(),
      batchId,
      partnerId: c.partnerId,
      amountCents: c.total,
      status: excluded.has(c.partnerId) ? ('canceled' as const) : ('pending' as const),
      entryClass: entryClassOf(p),
      holderName: p.bankHolder!,
      bankSealed: p.bankSealed!,
      accountLast4: p.accountLast4!,
      accountType: p.accountType!,
      prenote: input.prenotes && !p.bankFirstPaidAt,
      seq: i + 1,
      retry: c.statementIds.some((id) => retried.has(id)),
    }));
    for (let i = 0; i < rows.length; i += 1_000) {
      const chunk = rows.slice(i, i + 1_000);
      await tx.insert(payouts).values(chunk);
      const links = chunk.flatMap((r, j) =>
        sorted.payable[i + j]!.candidate.statementIds.map((statementId) => ({
          payoutId: r.id,
          statementId,
          active: r.status === 'pending',
        })),
      );
      for (let k = 0; k < links.length; k += 5_000) await tx.insert(payoutStatements).values(links.slice(k, k + 5_000));
    }
    await recordAudit(tx, {
      actorId,
      action: draft ? 'payout_batch.rebuild' : 'payout_batch.create',
      targetType: 'payout_batch',
      targetId: batchId,
      after: {
        month: input.month,
        effective_date: input.effective_date,
        prenotes: input.prenotes,
        payouts: rows.filter((r) => r.status === 'pending').length,
        total_cents: rows.filter((r) => r.status === 'pending').reduce((a, r) => a + r.amountCents, 0),
        held: sorted.held.length,
      },
    });
    return batchId;
  });
}

async function loadBatch(db: DbExecutor, id: string, lock = false): Promise<BatchRow> {
  const query = db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch) throw notFound(m.batchNotFound);
  return batch;
}

function toPayout(p: PayoutRow, partnerName: string, months: string[]): BatchPayout {
  return {
    id: p.id,
    partner_id: p.partnerId,
    partner_name: partnerName,
    entry_class: p.entryClass,
    amount_cents: p.amountCents,
    status: p.status,
    account_masked: maskAccount(p.accountLast4),
    account_type: p.accountType,
    prenote: p.prenote,
    statement_months: months,
    trace_number: null,
    return_code: p.returnCode,
    retry: p.retry,
  };
}

async function payoutMonths(db: DbExecutor, payoutIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < payoutIds.length; i += 5_000) {
    const rows = await db
      .select({ payoutId: payoutStatements.payoutId, month: statements.month })
      .from(payoutStatements)
      .innerJoin(statements, eq(statements.id, payoutStatements.statementId))
      .where(inArray(payoutStatements.payoutId, payoutIds.slice(i, i + 5_000)))
      .orderBy(asc(statements.month));
    for (const r of rows) out.set(r.payoutId, [...(out.get(r.payoutId) ?? []), r.month]);
  }
  return out;
}

/** GET /admin/payouts/batches/{id}: its payouts and, for a draft, the partners held back now. */
export async function getBatchDetail(db: DbExecutor, id: string, now = new Date()): Promise<BatchDetail> {
  const batch = await loadBatch(db, id);
  const rows = await db
    .select({ payout: payouts, partnerName: users.fullName })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.partnerId))
    .where(eq(payouts.batchId, id))
    .orderBy(asc(payouts.seq));
  const months = await payoutMonths(
    db,
    rows.map((r) => r.payout.id),
  );
  const odfi = ((await getSettingValue(db, settingKeys.odfiRouting)) ?? '').slice(0, 8);
  const items = rows.map((r) => {
    const item = toPayout(r.payout, r.partnerName, months.get(r.payout.id) ?? []);
    if (batch.status === 'sent' && /^\d{8}$/.test(odfi)) item.trace_number = `${odfi}${String(r.payout.seq).padStart(7, '0')}`;
    return item;
  });
  const live = items.filter((p) => p.status !== 'canceled');
  const held =
    batch.status === 'draft' ? (await sortCandidates(db, await unpaidByPartner(db, batch.month), isoDay(now))).held : [];
  return {
    batch: toSummary(batch, {
      payouts: live.length,
      total: live.reduce((a, p) => a + p.amount_cents, 0),
      returned: items.filter((p) => p.status === 'returned').length,
    }),
    payouts: items,
    held,
    currency: await getCurrency(db),
  };
}

/** Exclude (canceled) or include (pending) a partner's payout in a draft batch. */
export async function setPayoutIncluded(
  db: Database,
  batchId: string,
  payoutId: string,
  included: boolean,
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await loadBatch(tx, batchId, true);
    if (batch.status !== 'draft') throw conflict(m.batchSent);
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), eq(payouts.batchId, batchId)))
      .for('update');
    if (!payout) throw notFound(m.payoutNotFound);
    const status = included ? 'pending' : 'canceled';
    if (payout.status === status) return;
    if (included) {
      // Its statements may have gone into another live payout meanwhile.
      const [taken] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(payoutStatements)
        .where(
          and(
            eq(payoutStatements.active, true),
            sql`${payoutStatements.statementId} in (select statement_id from ${payoutStatements} where payout_id = ${payoutId})`,
          ),
        );
      if (taken && taken.n > 0) throw conflict(m.batchSent);
    }
    await tx.update(payouts).set({ status }).where(eq(payouts.id, payoutId));
    await tx.update(payoutStatements).set({ active: included }).where(eq(payoutStatements.payoutId, payoutId));
    await recordAudit(tx, {
      actorId,
      action: 'payout.status',
      targetType: 'payout',
      targetId: payoutId,
      before: { status: payout.status },
      after: { status, partner_id: payout.partnerId, amount_cents: payout.amountCents, batch_id: batchId },
    });
  });
}

async function originator(db: DbExecutor): Promise<NachaOriginator> {
  const [odfiRouting, odfiName, companyName, companyId] = await Promise.all([
    getSettingValue(db, settingKeys.odfiRouting),
    getSettingValue(db, settingKeys.odfiName),
    getSettingValue(db, settingKeys.companyName),
    getSettingValue(db, settingKeys.companyId),
  ]);
  if (!odfiRouting || !/^\d{9}$/.test(odfiRouting) || !companyName || !companyId) throw unprocessable(m.originatorMissing);
  return { odfiRouting, odfiName: odfiName ?? '', companyName, companyId };
}

/** The batch's NACHA file: its pending payouts (a draft) or those it sent; the download is audited. */
export async function batchNachaFile(
  db: Database,
  box: SecretBox,
  id: string,
  actorId: number,
  now = new Date(),
): Promise<{ fileName: string; body: string }> {
  const batch = await loadBatch(db, id);
  const origin = await originator(db);
  const rows = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.batchId, id),
        batch.status === 'draft' ? eq(payouts.status, 'pending') : sql`${payouts.status} <> 'canceled'`,
      ),
    )
    .orderBy(asc(payouts.seq));
  if (!rows.length) throw unprocessable(m.batchEmpty);
  const entries: NachaEntry[] = [];
  for (const p of rows) {
    const bank = openBank(box, p.bankSealed, p.partnerId);
    const entry = {
      entryClass: p.entryClass,
      accountType: p.accountType,
      routing: bank.routing,
      account: bank.account,
      idNumber: String(p.partnerId),
      name: p.holderName,
    };
    // A prenote's trace numbers sit in their own range, after every payout's.
    if (p.prenote) entries.push({ ...entry, prenote: true, amountCents: 0, seq: 5_000_000 + p.seq });
    entries.push({ ...entry, prenote: false, amountCents: p.amountCents, seq: p.seq });
  }
  const body = buildNachaFile({
    originator: origin,
    entries,
    effectiveDate: batch.effectiveDate,
    createdAt: now,
    fileIdModifier: String.fromCharCode(65 + ((batch.number - 1) % 26)),
    batchNumber: batch.number * 10,
    description: 'PAYOUT',
  });
  await recordAudit(db, {
    actorId,
    action: 'payout_batch.nacha',
    targetType: 'payout_batch',
    targetId: id,
    after: { entries: entries.length, total_cents: rows.reduce((a, p) => a + p.amountCents, 0) },
  });
  return { fileName: `payouts-${batch.month}-batch-${batch.number}.ach`, body };
}

/**
 * POST /admin/payouts/batches/{id}/sent: the batch's file went to the bank. Its payouts become
 * sent, their statements paid (the batch as reference) and their lines paid, in one transaction
 * that holds the batch's row: a second admin pressing "sent" waits, then finds it sent (409). The
 * statements are updated only while published, and the count must match, so no line is paid twice.
 */
export async function markBatchSent(db: Database, id: string, actorId: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await loadBatch(tx, id, true);
    if (batch.status !== 'draft') throw conflict(m.batchSent);
    const sent = await tx
      .update(payouts)
      .set({ status: 'sent' })
      .where(and(eq(payouts.batchId, id), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id, partnerId: payouts.partnerId, amountCents: payouts.amountCents });
    if (!sent.length) throw unprocessable(m.batchEmpty);
    const reference = `Payout batch #${batch.number}`;
    const ids = sent.map((p) => p.id);
    let statementCount = 0;
    let paidCount = 0;
    for (let i = 0; i < ids.length; i += 2_000) {
      const chunk = ids.slice(i, i + 2_000);
      const linked = sql`(select statement_id from ${payoutStatements} where active and payout_id in ${sql`(${sql.join(
        chunk.map((c) => sql`${c}::uuid`),
        sql`, `,
      )})`})`;
      const [count] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(payoutStatements)
        .where(and(eq(payoutStatements.active, true), inArray(payoutStatements.payoutId, chunk)));
      statementCount += count?.n ?? 0;
      const paid = await tx
        .update(statements)
        .set({ status: 'paid', paidOn: batch.effectiveDate, paidMethod: 'ach', paidReference: reference })
        .where(and(sql`${statements.id} in ${linked}`, eq(statements.status, 'published')))
        .returning({ id: statements.id });
      paidCount += paid.length;
      await tx
        .update(commissionLines)
        .set({ status: 'paid' })
        .where(and(sql`${commissionLines.statementId} in ${linked}`, eq(commissionLines.status, 'approved')));
    }
    // A statement paid meanwhile (by hand, or by another batch) would be paid twice: refuse.
    if (paidCount !== statementCount) throw conflict(m.batchSent);
    await tx.update(payoutBatches).set({ status: 'sent', sentAt: now, sentBy: actorId }).where(eq(payoutBatches.id, id));
    const partnerIds = sent.map((p) => p.partnerId);
    for (let i = 0; i < partnerIds.length; i += 5_000) {
      await tx
        .update(payoutProfiles)
        .set({ bankFirstPaidAt: now })
        .where(
          and(inArray(payoutProfiles.partnerId, partnerIds.slice(i, i + 5_000)), sql`${payoutProfiles.bankFirstPaidAt} is null`),
        );
    }
    // A payout hold holds one payout: the batch that left them out has gone.
    await tx
      .update(payoutProfiles)
      .set({ payoutHoldSince: null })
      .where(sql`${payoutProfiles.payoutHoldSince} is not null and ${payoutProfiles.payoutHoldSince} < ${now.toISOString()}`);
    await recordAudit(tx, [
      {
        actorId,
        action: 'payout_batch.sent',
        targetType: 'payout_batch',
        targetId: id,
        before: { status: 'draft' },
        after: { status: 'sent', payouts: sent.length, total_cents: sent.reduce((a, p) => a + p.amountCents, 0), reference },
      },
      ...sent.map((p) => ({
        actorId,
        action: 'payout.status' as const,
        targetType: 'payout',
        targetId: p.id,
        before: { status: 'pending' },
        after: { status: 'sent', partner_id: p.partnerId, amount_cents: p.amountCents, batch_id: id },
      })),
    ]);
    return sent.length;
  });
}

/** The bank settled the batch: its sent payouts are paid (returned ones stay returned). */
export async function markBatchSettled(db: Database, id: string, actorId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await loadBatch(tx, id, true);
    if (batch.status !== 'sent') throw conflict(m.batchNotSent);
    const paid = await tx
      .update(payouts)
      .set({ status: 'paid' })
      .where(and(eq(payouts.batchId, id), eq(payouts.status, 'sent')))
      .returning({ id: payouts.id, partnerId: payouts.partnerId, amountCents: payouts.amountCents });
    await recordAudit(
      tx,
      paid.map((p) => ({
        actorId,
        action: 'payout.status',
        targetType: 'payout',
        targetId: p.id,
        before: { status: 'sent' },
        after: { status: 'paid', partner_id: p.partnerId, amount_cents: p.amountCents, batch_id: id },
      })),
    );
    return paid.length;
  });
}

/**
 * POST /admin/payouts/returns: the bank returned an entry. The payout is returned, its statements
 * published again and their lines approved again (the one change a paid line allows, see the
 * migration), so the next batch retries; the partner is mailed what to fix, and an account problem
 * (R02, R03, R04 …) needs a new bank account before that retry.
 */
export async function recordReturn(
  db: Database,
  input: RecordReturnRequest,
  actorId: number,
  now = new Date(),
): Promise<BatchPayout> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts, partnerName: users.fullName })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.partnerId))
      .where(eq(payouts.id, input.payout_id))
      .for('update', { of: payouts });
    if (!row) throw notFound(m.payoutNotFound);
    const payout = row.payout;
    if (payout.status !== 'sent' && payout.status !== 'paid') throw conflict(m.payoutNotSent);
    const [updated] = await tx
      .update(payouts)
      .set({ status: 'returned', returnCode: input.return_code, returnNote: input.note ?? null, returnedAt: now })
      .where(eq(payouts.id, payout.id))
      .returning();
    const links = await tx
      .update(payoutStatements)
      .set({ active: false })
      .where(and(eq(payoutStatements.payoutId, payout.id), eq(payoutStatements.active, true)))
      .returning({ statementId: payoutStatements.statementId });
    const statementIds = links.map((l) => l.statementId);
    if (statementIds.length) {
      await tx.execute(sql`select set_config('portal.payout_return', 'on', true)`);
      await tx
        .update(commissionLines)
        .set({ status: 'approved' })
        .where(and(inArray(commissionLines.statementId, statementIds), eq(commissionLines.status, 'paid')));
      await tx.execute(sql`select set_config('portal.payout_return', 'off', true)`);
      await tx
        .update(statements)
        .set({ status: 'published', paidOn: null, paidMethod: null, paidReference: null })
        .where(and(inArray(statements.id, statementIds), eq(statements.status, 'paid')));
    }
    const code = describeReturnCode(input.return_code);
    if (accountReturnCodes.has(input.return_code)) {
      await tx
        .update(payoutProfiles)
        .set({ bankStatus: 'rejected', bankRejectReason: `${input.return_code} ${code.text}. ${code.fix}` })
        .where(eq(payoutProfiles.partnerId, payout.partnerId));
    }
    await enqueue(tx, {
      action: payoutMailActions.returned,
      subjectType: 'payout',
      subjectId: payout.id,
      payload: { userId: payout.partnerId, payoutId: payout.id },
      dedupeKey: `${payoutMailActions.returned}:${payout.id}`,
    });
    await recordAudit(tx, {
      actorId,
      action: 'payout.status',
      targetType: 'payout',
      targetId: payout.id,
      before: { status: payout.status },
      after: {
        status: 'returned',
        return_code: input.return_code,
        partner_id: payout.partnerId,
        amount_cents: payout.amountCents,
        statements: statementIds.length,
      },
    });
    return toPayout(updated!, row.partnerName, []);
  });
}
