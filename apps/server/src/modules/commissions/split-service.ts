import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  chainProblem,
  commissionMessages as cm,
  defaultCommissionPlan,
  formatCents,
  maxOverrideLevels,
  maxPayoutBps,
  midLast4,
  splitBalances,
  splitResidual,
  teamMessages as tm,
  type ImportSplits,
  type MerchantSplits,
  type NegativeNetPolicy,
  shareOfCents,
  type SplitLevel,
  type putSplitsRequest,
} from '@portal/contract';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db';
import {
  commissionImportRows,
  commissionLines,
  commissionPlans,
  merchantAccounts,
  merchantSplitLevels,
  merchantSplitVersions,
  statements,
  users,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { enqueue } from '../../lib/outbox';
import { effectivePlans, getCurrency } from './plan-service';
import { ensureDrafts, refreshDrafts } from './statement-service';
import { uplinesOf } from './team-service';

// Split residuals (issue 21): the chain frozen on each merchant account, its versions "from month
// M", and the override lines an import writes with `splitResidual` (the contract's pure function).

export const teamMerchantMailAction = 'mail.team_merchant_approved';

type MerchantRow = typeof merchantAccounts.$inferSelect;
type LevelRow = typeof merchantSplitLevels.$inferSelect;
interface Version {
  fromMonth: string;
  levels: LevelRow[];
}

type VersionRow = { version: typeof merchantSplitVersions.$inferSelect; level: LevelRow | null };

function groupVersions(rows: readonly VersionRow[], result = new Map<string, Version[]>()): Map<string, Version[]> {
  for (const { version, level } of rows) {
    const list = result.get(version.merchantAccountId) ?? [];
    let last = list[list.length - 1];
    if (!last || last.fromMonth !== version.fromMonth) {
      last = { fromMonth: version.fromMonth, levels: [] };
      list.push(last);
    }
    if (level) last.levels.push(level);
    result.set(version.merchantAccountId, list);
  }
  return result;
}

const versionColumns = { version: merchantSplitVersions, level: merchantSplitLevels };
const levelsOfVersion = and(
  eq(merchantSplitLevels.merchantAccountId, merchantSplitVersions.merchantAccountId),
  eq(merchantSplitLevels.fromMonth, merchantSplitVersions.fromMonth),
);

/** Every version of these merchants' chains, oldest first. */
async function versionsOf(db: DbExecutor, merchantIds: readonly string[]): Promise<Map<string, Version[]>> {
  const result = new Map<string, Version[]>();
  for (let i = 0; i < merchantIds.length; i += 5_000) {
    const rows = await db
      .select(versionColumns)
      .from(merchantSplitVersions)
      .leftJoin(merchantSplitLevels, levelsOfVersion)
      .where(inArray(merchantSplitVersions.merchantAccountId, merchantIds.slice(i, i + 5_000)))
      .orderBy(asc(merchantSplitVersions.fromMonth), asc(merchantSplitLevels.level));
    groupVersions(rows, result);
  }
  return result;
}

/**
 * The version in force in a month: the latest from that month or before; for a month before the
 * first version (a report for a month before approval), the chain frozen at approval.
 */
function versionFor(versions: readonly Version[] | undefined, month: string): Version | null {
  if (!versions?.length) return null;
  let found = versions[0]!;
  for (const v of versions) if (v.fromMonth <= month) found = v;
  return found;
}

interface LevelZero {
  partnerId: number;
  rateBps: number;
  negativeNet: NegativeNetPolicy;
}

/**
 * The chain of a version: level 0 as frozen with it (the partner's share and negative-net policy at
 * approval, or as an admin's version set them); a version written before level 0 was frozen has
 * none, and falls back to `zero` (the partner's plan now).
 */
function chainOf(zero: LevelZero, version: Version | null): SplitLevel[] {
  const own = version?.levels.find((l) => l.level === 0);
  return [
    {
      level: 0,
      partnerId: zero.partnerId,
      rateBps: own?.rateBps ?? zero.rateBps,
      basis: 'share_of_net',
      funding: 'house',
      endMonth: null,
      rateAfterBps: null,
      negativeNet: own?.negativeNet ?? zero.negativeNet,
    },
    ...(version?.levels ?? [])
      .filter((l) => l.level > 0)
      .map((l) => ({
        level: l.level,
        partnerId: l.partnerId,
        rateBps: l.rateBps,
        basis: l.basis,
        funding: l.funding,
        endMonth: l.endMonth,
        rateAfterBps: l.rateAfterBps,
        negativeNet: l.negativeNet,
      })),
  ];
}

/**
 * When a merchant account opens: its partner's own share (level 0) and the chain above them as it
 * stands, each upline at the rate its own plan sets for that level (0 when it sets none), frozen
 * from the approval month, so a later plan change or move never rewrites what this merchant pays;
 * and each upline with a rate is mailed (through the outbox).
 */
export async function freezeChain(tx: DbExecutor, merchant: MerchantRow): Promise<void> {
  const uplines = (await uplinesOf(tx, merchant.partnerId)).slice(0, maxOverrideLevels);
  const fromMonth = merchant.approvedOn.slice(0, 7);
  const plans = await effectivePlans(tx, [merchant.partnerId, ...uplines.map((u) => u.id)]);
  const own = plans.get(merchant.partnerId)!;
  const inserted = await tx
    .insert(merchantSplitVersions)
    .values({ merchantAccountId: merchant.id, fromMonth })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) return;
  const levelZero = {
    merchantAccountId: merchant.id,
    fromMonth,
    level: 0,
    partnerId: merchant.partnerId,
    rateBps: own.residual_share_bps,
    basis: 'share_of_net' as const,
    funding: 'house' as const,
    endMonth: null,
    rateAfterBps: null,
    negativeNet: own.negative_net,
  };
  const levels = uplines.map((upline, i) => {
    const plan = plans.get(upline.id)!;
    const rate = plan.override_levels[i];
    return {
      merchantAccountId: merchant.id,
      fromMonth,
      level: i + 1,
      partnerId: upline.id,
      rateBps: rate?.rate_bps ?? 0,
      basis: plan.override_basis,
      funding: plan.override_funding,
      endMonth: rate?.end_month ?? null,
      rateAfterBps: rate?.rate_after_bps ?? null,
      negativeNet: plan.negative_net,
    };
  });
  await tx.insert(merchantSplitLevels).values([levelZero, ...levels]);
  if (!levels.length) return;
  await enqueue(
    tx,
    levels
      .filter((l) => l.rateBps > 0 || (l.rateAfterBps ?? 0) > 0)
      .map((l) => ({
        action: teamMerchantMailAction,
        subjectType: 'merchant_account',
        subjectId: merchant.id,
        payload: { merchantId: merchant.id, uplineId: l.partnerId },
        dedupeKey: `${teamMerchantMailAction}:${merchant.id}:${l.partnerId}`,
      })),
  );
}

/** Each partner's residual share and negative-net policy (their plan, else the program's). */
async function levelZeroPlans(db: DbExecutor, partnerIds: readonly number[]): Promise<Map<number, LevelZero>> {
  const plans = await effectivePlans(db, partnerIds);
  const result = new Map<number, LevelZero>();
  for (const [partnerId, plan] of plans)
    result.set(partnerId, { partnerId, rateBps: plan.residual_share_bps, negativeNet: plan.negative_net });
  return result;
}

/** A line an import (or a new chain version) writes: a residual (level 0) or an override. */
interface PlannedLine {
  kind: 'residual' | 'override';
  partner_id: number;
  merchant_id: string;
  amount: number;
  net: number;
  bps: number;
  /** Overrides only: the chain level, its basis and the team member whose merchant it is. */
  level: number | null;
  basis: string | null;
  downline: number | null;
  /** Residuals only: the row's volume and transactions. */
  volume: number | null;
  transactions: number | null;
}

export interface PlannedSplits {
  totals: ImportSplits;
  /** Matched rows, and their residuals at the merchant's share (net × level-0 rate, before any split). */
  matched: { count: number; residual: number };
  /** When written: the merchant of every matched row, each of which got its residual line. */
  merchantIds: string[];
}

/**
 * A merchant's residual share in a month, in SQL (for a query over `merchant_accounts`): level 0 of
 * the chain version in force that month (the latest from it or before, else the first), as frozen at
 * approval; for an account without one (opened before level 0 was frozen), the partner's plan now
 * (their override, else the program plan, else the default). Must agree with `chainOf`/`versionFor`.
 */
export function sqlResidualShareBps(month: string): SQL<number> {
  const versions = sql`${merchantSplitVersions} v where v.merchant_account_id = ${merchantAccounts.id}`;
  return sql<number>`coalesce(
    (select l.rate_bps from ${merchantSplitLevels} l
      where l.merchant_account_id = ${merchantAccounts.id} and l.level = 0
        and l.from_month = coalesce((select max(v.from_month) from ${versions} and v.from_month <= ${month}),
                                    (select min(v.from_month) from ${versions}))),
    (select p.residual_share_bps from ${commissionPlans} p where p.partner_id = ${merchantAccounts.partnerId}),
    (select p.residual_share_bps from ${commissionPlans} p where p.partner_id is null),
    ${defaultCommissionPlan.residual_share_bps})`;
}

/**
 * The levels of each merchant's chain version in force in `month` (the latest from it or before,
 * else the first: `versionFor`), level 0 included, in one set-based query.
 */
async function levelsInForce(db: DbExecutor, merchantIds: readonly string[], month: string): Promise<Map<string, LevelRow[]>> {
  const { rows } = await db.execute<{
    merchant_id: string;
    level: number;
    partner_id: number;
    rate_bps: number;
    basis: LevelRow['basis'];
    funding: LevelRow['funding'];
    end_month: string | null;
    rate_after_bps: number | null;
    negative_net: NegativeNetPolicy;
  }>(sql`
    with v as (
      select distinct on (v.merchant_account_id) v.merchant_account_id, v.from_month
      from ${merchantSplitVersions} v
      where v.merchant_account_id = any(${sql.param(`{${merchantIds.join(',')}}`)}::uuid[])
      order by v.merchant_account_id, case when v.from_month <= ${month} then v.from_month end desc nulls last, v.from_month
    )
    select l.merchant_account_id as merchant_id, l.level, l.partner_id, l.rate_bps, l.basis, l.funding, l.end_month,
      l.rate_after_bps, l.negative_net
    from v join ${merchantSplitLevels} l on l.merchant_account_id = v.merchant_account_id and l.from_month = v.from_month`);
  const result = new Map<string, LevelRow[]>();
  for (const r of rows) {
    const list = result.get(r.merchant_id) ?? [];
    list.push({
      merchantAccountId: r.merchant_id,
      fromMonth: month,
      level: Number(r.level),
      partnerId: Number(r.partner_id),
      rateBps: Number(r.rate_bps),
      basis: r.basis,
      funding: r.funding,
      endMonth: r.end_month,
      rateAfterBps: r.rate_after_bps === null ? null : Number(r.rate_after_bps),
      negativeNet: r.negative_net,
    });
    result.set(r.merchant_id, list);
  }
  for (const list of result.values()) list.sort((a, b) => a.level - b.level);
  return result;
}

/**
 * Matched rows are split a page at a time: a page's rows, chains and lines die young, before V8
 * promotes them, instead of filling the old generation until a full collection (decision 015:
 * +158 to +177 MB peak RSS in pages of 2,000 rows; +200 to +217 MB with every row at once).
 */
const splitPageRows = 2_000;

/** One page of an import's matched rows after `afterRowNo`, in row order. */
async function matchedPage(db: DbExecutor, importId: string, afterRowNo: number, pageRows: number) {
  const { rows } = await db.execute<{
    row_no: number;
    mid: string;
    merchant_id: string;
    partner_id: number;
    net: string | number;
    volume: string | number;
    transactions: number | null;
  }>(sql`
    select r.row_no, r.mid, a.id as merchant_id, a.partner_id, r.net_revenue_cents as net, r.volume_cents as volume, r.transactions
    from ${commissionImportRows} r join ${merchantAccounts} a on a.mid = r.mid
    where r.import_id = ${importId} and r.row_no > ${afterRowNo}
    order by r.row_no
    limit ${pageRows}`);
  return rows;
}

/**
 * Splits every matched row of an import over its merchant's chain in force that month, in the app
 * with `splitResidual` (the contract's function the property tests hold to the cent), a page of
 * rows at a time: three reads per page (its rows, their chains, their partners' plans), no per-row
 * lookup. Level 0 totals every matched row's residual; a row whose split would break the sum is a
 * problem and writes nothing. With `write`, each page's lines (every row's residual and its
 * non-zero overrides) are written before the next page is read, and a problem refuses the commit.
 */
export async function planImportSplits(
  db: DbExecutor,
  importId: string,
  month: string,
  { write = false, pageRows = splitPageRows } = {},
): Promise<PlannedSplits> {
  const levelTotals = new Map<number, { lines: number; amount: number }>([[0, { lines: 0, amount: 0 }]]);
  const planned: PlannedSplits = {
    totals: { levels: [], house_cents: 0, problems: [] },
    matched: { count: 0, residual: 0 },
    merchantIds: [],
  };
  let netTotal = 0;
  for (let after = 0; ;) {
    const rows = await matchedPage(db, importId, after, pageRows);
    if (!rows.length) break;
    after = Number(rows[rows.length - 1]!.row_no);
    const levels = await levelsInForce(
      db,
      rows.map((r) => r.merchant_id),
      month,
    );
    const zeros = await levelZeroPlans(db, [...new Set(rows.map((r) => Number(r.partner_id)))]);
    const lines: PlannedLine[] = [];
    for (const r of rows) {
      const rowNo = Number(r.row_no);
      const partnerId = Number(r.partner_id);
      const netCents = Number(r.net);
      netTotal += netCents;
      planned.matched.count += 1;
      levelTotals.get(0)!.lines += 1;
      const own = levels.get(r.merchant_id);
      const chain = chainOf(zeros.get(partnerId)!, own ? { fromMonth: month, levels: own } : null);
      const plain = shareOfCents(netCents, chain[0]!.rateBps);
      planned.matched.residual += plain;
      const result = chainProblem(chain) ? null : splitResidual(netCents, month, chain);
      if (!result || !splitBalances(netCents, result)) {
        levelTotals.get(0)!.amount += plain;
        const problem = { row: rowNo, mid_last4: midLast4(r.mid), message: tm.rowBreaksSum(rowNo, r.mid) };
        if (write) throw unprocessable(tm.importSplitsBroken, { file: problem.message });
        planned.totals.problems.push(problem);
        continue;
      }
      for (const line of result.lines) {
        if (line.level > 0 && line.amountCents === 0) continue;
        const total = levelTotals.get(line.level) ?? { lines: 0, amount: 0 };
        if (line.level > 0) total.lines += 1;
        total.amount += line.amountCents;
        levelTotals.set(line.level, total);
        if (!write) continue;
        const residual = line.level === 0;
        lines.push({
          kind: residual ? 'residual' : 'override',
          partner_id: line.partnerId,
          merchant_id: r.merchant_id,
          amount: line.amountCents,
          net: netCents,
          bps: line.rateBps,
          level: residual ? null : line.level,
          basis: residual ? null : line.basis,
          downline: residual ? null : partnerId,
          volume: residual ? Number(r.volume) : null,
          transactions: residual ? r.transactions : null,
        });
      }
      if (write) planned.merchantIds.push(r.merchant_id);
    }
    if (write) await insertLines(db, month, lines, importId);
  }
  planned.totals.levels = [...levelTotals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, t]) => ({ level, lines: t.lines, amount_cents: t.amount }));
  planned.totals.house_cents = netTotal - planned.totals.levels.reduce((a, l) => a + l.amount_cents, 0);
  return planned;
}

/** A committed import's split totals, from its stored lines. */
export async function committedImportSplits(db: DbExecutor, importId: string): Promise<ImportSplits> {
  const rows = await db
    .select({
      level: sql<number>`coalesce(${commissionLines.level}, 0)`.mapWith(Number),
      lines: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number),
    })
    .from(commissionLines)
    .where(and(eq(commissionLines.importId, importId), inArray(commissionLines.kind, ['residual', 'override'])))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const [net] = await db
    .select({ net: sql<number>`coalesce(sum(${commissionImportRows.netRevenueCents}), 0)`.mapWith(Number) })
    .from(commissionImportRows)
    .innerJoin(merchantAccounts, eq(merchantAccounts.mid, commissionImportRows.mid))
    .where(eq(commissionImportRows.importId, importId));
  const levels = rows.map((r) => ({ level: r.level, lines: r.lines, amount_cents: r.amount }));
  return { levels, house_cents: (net?.net ?? 0) - levels.reduce((a, l) => a + l.amount_cents, 0), problems: [] };
}

/**
 * In the commit's transaction: writes the residual line of every matched row (level 0 of its split)
 * and one override line per chain level, each on its partner's draft for the month. A row whose
 * split would break the sum refuses the whole commit. Returns the plan's totals and the merchants
 * written.
 */
export async function writeImportSplits(
  tx: DbExecutor,
  importId: string,
  month: string,
  { pageRows = splitPageRows } = {},
): Promise<PlannedSplits> {
  return planImportSplits(tx, importId, month, { write: true, pageRows });
}

/**
 * Inserts lines on their partners' drafts for the month (made empty here if missing; `refreshDrafts`
 * sums them): the draft ids are read once and sent with the lines, 10,000 lines a statement from a
 * JSON array (a join to the drafts per statement cost a nested loop on fresh statistics).
 */
async function insertLines(tx: DbExecutor, month: string, lines: readonly PlannedLine[], importId: string | null) {
  if (!lines.length) return;
  const partners = [...new Set(lines.map((l) => l.partner_id))];
  const partnerArray = sql.param(`{${partners.join(',')}}`);
  await ensureDrafts(tx, month, sql`select unnest(${partnerArray}::int[])`);
  const { rows: drafts } = await tx.execute<{ partner_id: number; id: string }>(sql`
    select partner_id, id from ${statements}
    where month = ${month} and status = 'draft' and partner_id = any(${partnerArray}::int[])`);
  const draftOf = new Map(drafts.map((d) => [Number(d.partner_id), d.id]));
  for (let i = 0; i < lines.length; i += 10_000) {
    const chunk = lines.slice(i, i + 10_000).map((l) => ({ ...l, statement_id: draftOf.get(l.partner_id) ?? null }));
    await tx.execute(sql`
      insert into ${commissionLines} (partner_id, merchant_account_id, kind, status, month, amount_cents, volume_cents, transactions,
        net_revenue_cents, share_bps, level, basis, downline_partner_id, import_id, statement_id)
      select o.partner_id, o.merchant_id, o.kind, 'approved', ${month}, o.amount, o.volume, o.transactions, o.net, o.bps, o.level,
        o.basis, o.downline, ${importId}::uuid, o.statement_id
      from json_to_recordset(${JSON.stringify(chunk)}::json) as o(partner_id integer, merchant_id uuid, kind text, amount bigint,
        volume bigint, transactions integer, net bigint, bps integer, level integer, basis text, downline integer, statement_id uuid)`);
  }
}

// ---------------------------------------------------------------------------------------------
// GET|PUT /admin/merchant-accounts/{id}/splits

async function merchantRow(db: DbExecutor, id: string): Promise<MerchantRow> {
  const [row] = await db.select().from(merchantAccounts).where(eq(merchantAccounts.id, id));
  if (!row) throw notFound(cm.merchantNotFound);
  return row;
}

async function namesOf(db: DbExecutor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function getMerchantSplits(db: DbExecutor, merchantId: string): Promise<MerchantSplits> {
  const merchant = await merchantRow(db, merchantId);
  const versions = (await versionsOf(db, [merchantId])).get(merchantId) ?? [];
  const zero = (await levelZeroPlans(db, [merchant.partnerId])).get(merchant.partnerId)!;
  const names = await namesOf(db, [merchant.partnerId, ...versions.flatMap((v) => v.levels.map((l) => l.partnerId))]);
  const currency = await getCurrency(db);
  const view = (chain: SplitLevel[]) =>
    chain.map((l) => ({
      level: l.level,
      partner_id: l.partnerId,
      partner_name: names.get(l.partnerId) ?? '',
      rate_bps: l.rateBps,
      basis: l.basis,
      funding: l.funding,
      end_month: l.endMonth,
      rate_after_bps: l.rateAfterBps,
      negative_net: l.negativeNet,
    }));
  const [last] = await db
    .select({ month: commissionLines.month, net: commissionLines.netRevenueCents })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, merchantId),
        eq(commissionLines.kind, 'residual'),
        sql`${commissionLines.status} <> 'void'`,
      ),
    )
    .orderBy(desc(commissionLines.month))
    .limit(1);
  const current = chainOf(zero, versionFor(versions, last?.month ?? '9999-12'));
  const problem = chainProblem(current);
  let preview: MerchantSplits['preview'] = null;
  if (last && last.net !== null && !problem) {
    const result = splitResidual(last.net, last.month, current);
    const lines = result.lines.map((l) => ({
      level: l.level,
      partner_id: l.partnerId,
      partner_name: names.get(l.partnerId) ?? '',
      amount_cents: l.amountCents,
    }));
    const parts = [
      ...lines.map((l) => `${l.partner_name} ${formatCents(l.amount_cents, currency)}`),
      `House ${formatCents(result.houseCents, currency)}`,
    ];
    preview = {
      month: last.month,
      net_cents: last.net,
      lines,
      house_cents: result.houseCents,
      summary: `${formatCents(last.net, currency)} → ${parts.join(' · ')}`,
    };
  }
  return {
    merchant_account_id: merchant.id,
    business: merchant.business,
    mid_last4: midLast4(merchant.mid),
    versions: [...versions].reverse().map((v) => ({ from_month: v.fromMonth, levels: view(chainOf(zero, v)) })),
    preview,
    problem: problem ? tm.overridesPayTooMuch(maxPayoutBps(current)) : null,
    currency,
  };
}

/**
 * PUT /admin/merchant-accounts/{id}/splits: a new chain from a month on. Refused when any line of
 * this merchant from that month on is paid or on a published statement (history stays as
 * published). The months already imported from then on are split again on their drafts.
 */
export async function putMerchantSplits(
  db: Database,
  merchantId: string,
  body: z.output<typeof putSplitsRequest>,
  actorId: number,
): Promise<MerchantSplits> {
  return db.transaction(async (tx) => {
    const merchant = await merchantRow(tx, merchantId);
    const ids = body.levels.map((l) => l.partner_id);
    const partners = ids.length
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.role, 'user')))
      : [];
    const known = new Set(partners.map((p) => p.id));
    const seen = new Set<number>([merchant.partnerId]);
    body.levels.forEach((l, i) => {
      if (!known.has(l.partner_id)) throw unprocessable(tm.uplineNotFound, { [`levels.${i}.partner_id`]: tm.uplineNotFound });
      if (seen.has(l.partner_id))
        throw unprocessable(tm.splitsChainInvalid, { [`levels.${i}.partner_id`]: tm.splitsChainInvalid });
      seen.add(l.partner_id);
    });
    const zero = (await levelZeroPlans(tx, [merchant.partnerId])).get(merchant.partnerId)!;
    // Level 0 is frozen with the version too: the share given, else the one in force that month.
    const inForce = chainOf(zero, versionFor((await versionsOf(tx, [merchantId])).get(merchantId), body.from_month))[0]!;
    const plans = await effectivePlans(tx, ids);
    const own = {
      merchantAccountId: merchantId,
      fromMonth: body.from_month,
      level: 0,
      partnerId: merchant.partnerId,
      rateBps: body.residual_share_bps ?? inForce.rateBps,
      basis: 'share_of_net' as const,
      funding: 'house' as const,
      endMonth: null,
      rateAfterBps: null,
      negativeNet: inForce.negativeNet,
    };
    const levels = body.levels.map((l, i) => ({
      merchantAccountId: merchantId,
      fromMonth: body.from_month,
      level: i + 1,
      partnerId: l.partner_id,
      rateBps: l.rate_bps,
      basis: l.basis,
      funding: l.funding,
      endMonth: l.end_month,
      rateAfterBps: l.rate_after_bps,
      negativeNet: plans.get(l.partner_id)!.negative_net,
    }));
    const chain = chainOf(zero, { fromMonth: body.from_month, levels: [own, ...levels] });
    const problem = chainProblem(chain);
    if (problem) {
      const message = problem.problem === 'over_net' ? tm.overridesPayTooMuch(maxPayoutBps(chain)) : tm.splitsChainInvalid;
      const field = problem.level === 0 ? 'residual_share_bps' : `levels.${problem.level - 1}.rate_bps`;
      throw unprocessable(message, { [field]: message });
    }
    const [locked] = await tx
      .select({ id: commissionLines.id })
      .from(commissionLines)
      .leftJoin(statements, eq(statements.id, commissionLines.statementId))
      .where(
        and(
          eq(commissionLines.merchantAccountId, merchantId),
          gte(commissionLines.month, body.from_month),
          inArray(commissionLines.kind, ['residual', 'override']),
          sql`(${commissionLines.status} = 'paid' or ${statements.status} in ('published', 'paid'))`,
        ),
      )
      .limit(1);
    if (locked) throw conflict(tm.splitsPublished(body.from_month), { from_month: tm.splitsPublished(body.from_month) });
    const before = await getMerchantSplits(tx, merchantId);
    await tx
      .delete(merchantSplitVersions)
      .where(and(eq(merchantSplitVersions.merchantAccountId, merchantId), eq(merchantSplitVersions.fromMonth, body.from_month)));
    await tx
      .insert(merchantSplitVersions)
      .values({ merchantAccountId: merchantId, fromMonth: body.from_month, createdBy: actorId });
    await tx.insert(merchantSplitLevels).values([own, ...levels]);
    const months = await resplitMerchant(tx, merchant, body.from_month);
    for (const month of months) await refreshDrafts(tx, month);
    const after = await getMerchantSplits(tx, merchantId);
    await recordAudit(tx, {
      actorId,
      action: 'merchant_account.splits',
      targetType: 'merchant_account',
      targetId: merchantId,
      before: { versions: before.versions },
      after: { from_month: body.from_month, levels: after.versions.find((v) => v.from_month === body.from_month)?.levels ?? [] },
    });
    return after;
  });
}

/**
 * Splits again this merchant's imported months from `fromMonth` (all on drafts or none): after a
 * new chain version, and when an unmatched MID is assigned (its residuals are written then). The
 * residual takes level 0 of the version in force (its share too); under a version without a frozen
 * level 0 it keeps the share it was written with.
 */
export async function resplitMerchant(tx: DbExecutor, merchant: MerchantRow, fromMonth: string): Promise<string[]> {
  await tx
    .delete(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, merchant.id),
        eq(commissionLines.kind, 'override'),
        gte(commissionLines.month, fromMonth),
      ),
    );
  const residuals = await tx
    .select()
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, merchant.id),
        eq(commissionLines.kind, 'residual'),
        gte(commissionLines.month, fromMonth),
        sql`${commissionLines.status} <> 'void'`,
      ),
    );
  const versions = (await versionsOf(tx, [merchant.id])).get(merchant.id);
  const zero = (await levelZeroPlans(tx, [merchant.partnerId])).get(merchant.partnerId)!;
  const months = new Set<string>();
  for (const line of residuals) {
    months.add(line.month);
    const net = line.netRevenueCents ?? 0;
    const chain = chainOf({ ...zero, rateBps: line.shareBps ?? zero.rateBps }, versionFor(versions, line.month));
    if (chainProblem(chain)) {
      const message = tm.overridesPayTooMuch(maxPayoutBps(chain));
      throw unprocessable(message, { partner_id: message });
    }
    const result = splitResidual(net, line.month, chain);
    const [own, ...ups] = result.lines;
    if (own!.amountCents !== line.amountCents || own!.rateBps !== line.shareBps)
      await tx
        .update(commissionLines)
        .set({ amountCents: own!.amountCents, shareBps: own!.rateBps })
        .where(eq(commissionLines.id, line.id));
    await insertLines(
      tx,
      line.month,
      ups
        .filter((u) => u.amountCents !== 0)
        .map((u) => ({
          kind: 'override' as const,
          partner_id: u.partnerId,
          merchant_id: merchant.id,
          amount: u.amountCents,
          net,
          bps: u.rateBps,
          level: u.level,
          basis: u.basis,
          downline: merchant.partnerId,
          volume: null,
          transactions: null,
        })),
      line.importId,
    );
  }
  return [...months].sort();
}
