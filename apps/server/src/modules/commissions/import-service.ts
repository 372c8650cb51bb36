import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  columnMappingSchema,
  commissionMessages as m,
  importErrorsMax,
  importPreviewMax,
  type ColumnMapping,
  type ImportResult,
  type ImportSummary,
  teamMessages,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import {
  commissionImportRows,
  commissionImports,
  commissionLines,
  ignoredMids,
  merchantAccounts,
  processorMappings,
  statements,
  users,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { hasIntegrationListener, publishIntegrationEvents } from '../../lib/integration-events';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { commissionCreatedEvents, evaluateBonuses } from './merchant-service';
import { refreshDrafts } from './statement-service';
import { parseReport, processorKey, type ParsedReport } from './report-parser';
import {
  committedImportSplits,
  planImportSplits,
  sqlResidualShareBps,
  writeImportSplits,
  type PlannedSplits,
} from './split-service';
import { blockedLineReason } from './risk-hold-service';

type ImportRow = typeof commissionImports.$inferSelect;

/** The saved mapping of a processor, or null. */
export async function savedMapping(db: DbExecutor, processor: string): Promise<ColumnMapping | null> {
  const [row] = await db
    .select()
    .from(processorMappings)
    .where(eq(processorMappings.key, processorKey(processor)));
  if (!row) return null;
  const parsed = columnMappingSchema.safeParse(row.mapping);
  return parsed.success ? parsed.data : null;
}

/**
 * Stores the parsed rows: one INSERT … SELECT from a JSON array per 10,000 rows (three parameters
 * instead of ten per row; the multi-row VALUES it replaces cost seconds for 20,000 rows).
 */
async function insertImportRows(tx: DbExecutor, importId: string, rows: ParsedReport['rows']): Promise<void> {
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = rows.slice(i, i + 10_000).map((r) => ({
      row_no: r.rowNo,
      mid: r.mid,
      business: r.business ?? null,
      transactions: r.transactions ?? null,
      volume_cents: r.volumeCents,
      income_cents: r.incomeCents ?? null,
      costs_cents: r.costsCents ?? null,
      net_revenue_cents: r.netRevenueCents,
    }));
    await tx.execute(sql`
      insert into ${commissionImportRows} (import_id, row_no, mid, business, transactions, volume_cents, income_cents, costs_cents, net_revenue_cents)
      select ${importId}::uuid, r.row_no, r.mid, r.business, r.transactions, r.volume_cents, r.income_cents, r.costs_cents, r.net_revenue_cents
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(row_no integer, mid text, business text, transactions integer,
        volume_cents bigint, income_cents bigint, costs_cents bigint, net_revenue_cents bigint)`);
  }
}

export interface UploadInput {
  month: string;
  processor: string;
  mapping?: ColumnMapping;
  dryRun: boolean;
  file: { name: string; bytes: Buffer };
}

/**
 * POST /admin/commissions/imports. Parses the file, saves the mapping for the processor, and stores
 * a draft import (its rows, no commission lines) in place of older drafts of the same month and
 * processor; without `dry_run` it is committed in the same transaction.
 */
export async function uploadImport(db: Database, input: UploadInput, actorId: number): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const processor = input.processor.trim().replace(/\s+/g, ' ');
    const mapping = input.mapping ?? (await savedMapping(tx, processor));
    if (!mapping) throw unprocessable(m.mappingRequired, { mapping: m.mappingRequired });
    const parsed = parseReport(input.file.bytes, mapping);
    const key = processorKey(processor);
    await tx
      .insert(processorMappings)
      .values({ key, processor, mapping })
      .onConflictDoUpdate({ target: processorMappings.key, set: { processor, mapping, updatedAt: new Date() } });
    const stale = await tx
      .select({ id: commissionImports.id })
      .from(commissionImports)
      .where(
        and(
          eq(commissionImports.month, input.month),
          sql`lower(${commissionImports.processor}) = ${key}`,
          eq(commissionImports.status, 'draft'),
        ),
      );
    if (stale.length)
      await tx.delete(commissionImports).where(
        inArray(
          commissionImports.id,
          stale.map((s) => s.id),
        ),
      );
    const [created] = await tx
      .insert(commissionImports)
      .values({
        month: input.month,
        processor,
        fileName: input.file.name.slice(0, 255) || 'report.csv',
        fileBytes: input.file.bytes.length,
        rowCount: parsed.rowCount,
        headers: parsed.headers,
        mapping,
        errors: parsed.errors.slice(0, 1_000),
        duplicates: parsed.duplicates,
        createdBy: actorId,
      })
      .returning();
    const importId = created!.id;
    await insertImportRows(tx, importId, parsed.rows);
    await recordAudit(tx, {
      actorId,
      action: 'commission_import.upload',
      targetType: 'commission_import',
      targetId: importId,
      after: {
        month: input.month,
        processor,
        file: created!.fileName,
        rows: parsed.rowCount,
        errors: parsed.errors.length,
        duplicates: parsed.duplicates.length,
      },
    });
    if (input.dryRun) return importResult(tx, importId, true);
    const { written, matched } = await commitImport(tx, importId, actorId);
    return { ...(await importResult(tx, importId, false, matched)), lines_written: written };
  });
}

async function lockImport(tx: DbExecutor, id: string): Promise<ImportRow> {
  const [row] = await tx.select().from(commissionImports).where(eq(commissionImports.id, id)).for('update');
  if (!row) throw notFound(m.importNotFound);
  return row;
}

/** Other imports of the same month and processor. */
async function siblings(db: DbExecutor, row: ImportRow): Promise<ImportRow[]> {
  return db
    .select()
    .from(commissionImports)
    .where(
      and(
        eq(commissionImports.month, row.month),
        sql`lower(${commissionImports.processor}) = ${processorKey(row.processor)}`,
        ne(commissionImports.id, row.id),
      ),
    );
}

/** Whether any line of these imports is paid or on a published statement. */
async function hasPublishedLines(db: DbExecutor, importIds: string[]): Promise<boolean> {
  if (!importIds.length) return false;
  const [row] = await db
    .select({ id: commissionLines.id })
    .from(commissionLines)
    .leftJoin(statements, eq(statements.id, commissionLines.statementId))
    .where(
      and(
        inArray(commissionLines.importId, importIds),
        sql`(${commissionLines.status} = 'paid' or ${statements.status} in ('published', 'paid'))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The residual rounded as `shareOfCents` does (numeric `round` is half away from zero, exactly), at
 * the merchant's share for the month (`sqlResidualShareBps`: frozen with its chain at approval).
 */
const residualOf = (bps: SQL) => sql`round(${commissionImportRows.netRevenueCents}::numeric * ${bps} / 10000)::bigint`;

/** The first matched rows of an import (for the preview), with the partner and the computed residual. */
async function matchedRows(db: DbExecutor, importId: string, month: string, limit: number) {
  const shareBps = sqlResidualShareBps(month);
  return db
    .select({
      row: commissionImportRows,
      merchantId: merchantAccounts.id,
      partnerId: merchantAccounts.partnerId,
      partnerName: users.fullName,
      shareBps: shareBps.mapWith(Number),
      residualCents: residualOf(shareBps).mapWith(Number),
    })
    .from(commissionImportRows)
    .innerJoin(merchantAccounts, eq(merchantAccounts.mid, commissionImportRows.mid))
    .innerJoin(users, eq(users.id, merchantAccounts.partnerId))
    .where(eq(commissionImportRows.importId, importId))
    .orderBy(asc(commissionImportRows.rowNo))
    .limit(limit);
}

/** Count and residual total of every matched row of an import. */
async function matchedTotals(db: DbExecutor, importId: string, month: string) {
  const shareBps = sqlResidualShareBps(month);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      residual: sql<number>`coalesce(sum(${residualOf(shareBps)}), 0)`.mapWith(Number),
    })
    .from(commissionImportRows)
    .innerJoin(merchantAccounts, eq(merchantAccounts.mid, commissionImportRows.mid))
    .where(eq(commissionImportRows.importId, importId));
  return totals ?? { count: 0, residual: 0 };
}

/**
 * The lines this import wrote for a merchant referral integrity holds (a conflict or a risk rule)
 * are held as well, off every draft, until the hold is resolved; for a blocked merchant they are
 * written void (risk-hold-service.ts). Run before the drafts are summed.
 */
async function holdLinesOfHeldMerchants(tx: DbExecutor, importId: string): Promise<void> {
  await tx.execute(sql`
    update ${commissionLines} l set
      risk_hold = case when m.risk_hold = 'conflict' then 'conflict' else 'risk' end,
      status = case when m.risk_hold = 'blocked' then 'void' else l.status end,
      reason = case when m.risk_hold = 'blocked' then ${blockedLineReason} else l.reason end,
      statement_id = null
    from ${merchantAccounts} m
    where l.import_id = ${importId} and m.id = l.merchant_account_id and m.risk_hold is not null`);
}

/**
 * `commission.created` for each line a commit wrote (residuals and the team's overrides) that may be
 * paid, held ones included: not those written void for a blocked merchant (a resolution that gives
 * them back announces them then). In the commit's transaction; nothing is read beyond one small
 * query when no endpoint wants the event.
 */
async function publishImportedLines(tx: DbExecutor, importId: string): Promise<void> {
  if (!(await hasIntegrationListener(tx, 'commission.created'))) return;
  const lines = await tx
    .select({ line: commissionLines, mid: merchantAccounts.mid, business: merchantAccounts.business })
    .from(commissionLines)
    .leftJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
    .where(and(eq(commissionLines.importId, importId), ne(commissionLines.status, 'void')));
  const merchants = new Map(lines.map(({ line, mid, business }) => [line.id, { mid, business }]));
  await publishIntegrationEvents(
    tx,
    commissionCreatedEvents(
      lines.map(({ line }) => line),
      (line) => merchants.get(line.id),
    ),
  );
}

/**
 * Commits a draft import in the caller's transaction; returns the residual lines written and the
 * matched rows' totals (as `importResult` counts them).
 */
export async function commitImport(
  tx: DbExecutor,
  importId: string,
  actorId: number,
): Promise<{ written: number; matched: PlannedSplits['matched'] }> {
  const row = await lockImport(tx, importId);
  if (row.status === 'committed') throw conflict(m.importAlreadyCommitted);
  if (row.errors.length) throw unprocessable(m.importHasErrors, { file: m.importHasErrors });
  if (row.duplicates.length) throw unprocessable(m.importHasDuplicates, { file: m.importHasDuplicates });
  const others = await siblings(tx, row);
  if (others.some((o) => o.status === 'draft' && o.createdAt > row.createdAt)) throw conflict(m.importSuperseded);
  const replaced = others.filter((o) => o.status === 'committed').map((o) => o.id);
  if (await hasPublishedLines(tx, replaced)) throw conflict(m.importPublished(row.month));

  // Re-import: the replaced imports' lines go (their statements are drafts), then the imports.
  const touched = new Set<string>();
  if (others.length) {
    const ids = others.map((o) => o.id);
    const old = await tx
      .delete(commissionLines)
      .where(inArray(commissionLines.importId, ids))
      .returning({ merchantId: commissionLines.merchantAccountId });
    for (const o of old) if (o.merchantId) touched.add(o.merchantId);
    await tx.delete(commissionImports).where(inArray(commissionImports.id, ids));
  }

  const [clash] = await tx
    .select({ mid: merchantAccounts.mid })
    .from(commissionLines)
    .innerJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
    .innerJoin(
      commissionImportRows,
      and(eq(commissionImportRows.mid, merchantAccounts.mid), eq(commissionImportRows.importId, importId)),
    )
    .where(and(eq(commissionLines.kind, 'residual'), eq(commissionLines.month, row.month)))
    .limit(1);
  if (clash) throw conflict(m.residualExists(clash.mid, row.month));
  // Every line (each row's residual and its overrides) is split in the app and written in bulk, on
  // its partner's draft for the month (`refreshDrafts` below sums the drafts).
  const planned = await writeImportSplits(tx, importId, row.month);
  for (const id of planned.merchantIds) touched.add(id);
  const written = planned.merchantIds.length;
  await holdLinesOfHeldMerchants(tx, importId);
  await tx
    .update(commissionImports)
    .set({ status: 'committed', committedAt: new Date() })
    .where(eq(commissionImports.id, importId));
  const months = await evaluateBonuses(tx, [...touched]);
  months.add(row.month);
  // The lines were just written: the planner's statistics do not know them yet.
  for (const month of [...months].sort()) await refreshDrafts(tx, month, { afterBulkWrite: true });
  await publishImportedLines(tx, importId);
  await recordAudit(tx, {
    actorId,
    action: 'commission_import.commit',
    targetType: 'commission_import',
    targetId: importId,
    after: { month: row.month, processor: row.processor, lines: written, replaced },
  });
  return { written, matched: planned.matched };
}

/**
 * What an upload holds: matched rows with their residual, unmatched and duplicate MIDs, errors,
 * totals. A draft's matched totals come with its split plan; a commit passes the ones it planned.
 */
export async function importResult(
  db: DbExecutor,
  importId: string,
  dryRun: boolean,
  knownMatched?: PlannedSplits['matched'],
): Promise<ImportResult> {
  const [row] = await db.select().from(commissionImports).where(eq(commissionImports.id, importId));
  if (!row) throw notFound(m.importNotFound);
  const matched = await matchedRows(db, importId, row.month, importPreviewMax);
  const planned = row.status === 'draft' ? await planImportSplits(db, importId, row.month) : null;
  const matchedSum = planned?.matched ?? knownMatched ?? (await matchedTotals(db, importId, row.month));
  const unmatchedRows = await db
    .select({
      row: commissionImportRows,
      ignored: sql<boolean>`exists (select 1 from ${ignoredMids} g where g.mid = ${commissionImportRows.mid})`,
    })
    .from(commissionImportRows)
    .where(
      and(
        eq(commissionImportRows.importId, importId),
        sql`not exists (select 1 from ${merchantAccounts} a where a.mid = ${commissionImportRows.mid})`,
      ),
    )
    .orderBy(asc(commissionImportRows.rowNo));
  const unmatched = unmatchedRows.filter((u) => !u.ignored);
  const totals = await db
    .select({
      volume: sql<number>`coalesce(sum(${commissionImportRows.volumeCents}), 0)`.mapWith(Number),
      net: sql<number>`coalesce(sum(${commissionImportRows.netRevenueCents}), 0)`.mapWith(Number),
    })
    .from(commissionImportRows)
    .where(eq(commissionImportRows.importId, importId));
  const others = await siblings(db, row);
  const replacedIds = others.filter((o) => o.status === 'committed').map((o) => o.id);
  let replaces: ImportResult['replaces'] = null;
  if (row.status === 'draft' && replacedIds.length) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(commissionLines)
      .where(inArray(commissionLines.importId, replacedIds));
    replaces = { import_id: replacedIds[0]!, lines: count?.n ?? 0 };
  }
  const splits = planned ? planned.totals : await committedImportSplits(db, importId);
  let blocked: string | null = null;
  if (row.status === 'draft') {
    if (row.errors.length) blocked = m.importHasErrors;
    else if (row.duplicates.length) blocked = m.importHasDuplicates;
    else if (await hasPublishedLines(db, replacedIds)) blocked = m.importPublished(row.month);
    else if (splits.problems.length) blocked = teamMessages.importSplitsBroken;
  }
  const [written] =
    row.status === 'committed'
      ? await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(commissionLines)
          .where(eq(commissionLines.importId, importId))
      : [{ n: 0 }];
  return {
    import_id: row.id,
    status: row.status,
    month: row.month,
    processor: row.processor,
    dry_run: dryRun,
    file: { name: row.fileName, bytes: row.fileBytes, rows: row.rowCount },
    headers: row.headers,
    mapping: row.mapping,
    matched: matched.map((r) => ({
      row: r.row.rowNo,
      mid: r.row.mid,
      business: r.row.business,
      merchant_account_id: r.merchantId,
      partner_id: r.partnerId,
      partner_name: r.partnerName,
      transactions: r.row.transactions,
      volume_cents: r.row.volumeCents,
      income_cents: r.row.incomeCents,
      costs_cents: r.row.costsCents,
      net_revenue_cents: r.row.netRevenueCents,
      share_bps: r.shareBps,
      residual_cents: r.residualCents,
    })),
    unmatched: unmatched.slice(0, 1_000).map(({ row: u }) => ({
      row: u.rowNo,
      mid: u.mid,
      business: u.business,
      volume_cents: u.volumeCents,
      net_revenue_cents: u.netRevenueCents,
    })),
    duplicates: row.duplicates.map((d) => ({ ...d, message: m.duplicateMid(d.mid, d.rows) })),
    errors: row.errors.slice(0, importErrorsMax),
    totals: {
      rows: row.rowCount,
      matched: matchedSum.count,
      unmatched: unmatched.length,
      ignored: unmatchedRows.length - unmatched.length,
      duplicates: row.duplicates.length,
      errors: row.errors.length,
      volume_cents: totals[0]?.volume ?? 0,
      net_revenue_cents: totals[0]?.net ?? 0,
      residual_cents: matchedSum.residual,
    },
    replaces,
    blocked,
    lines_written: written?.n ?? 0,
    splits,
  };
}

/** POST /admin/commissions/imports/{id}/commit */
export async function commitImportById(db: Database, importId: string, actorId: number): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const { written, matched } = await commitImport(tx, importId, actorId);
    return { ...(await importResult(tx, importId, false, matched)), lines_written: written };
  });
}

/** GET /admin/commissions/imports: the latest uploads, newest first. */
export async function listImports(db: DbExecutor): Promise<ImportSummary[]> {
  const rows = await db
    .select({
      row: commissionImports,
      matched:
        sql<number>`(select count(*) from ${commissionImportRows} r join ${merchantAccounts} a on a.mid = r.mid where r.import_id = ${commissionImports.id})`.mapWith(
          Number,
        ),
      stored: sql<number>`(select count(*) from ${commissionImportRows} r where r.import_id = ${commissionImports.id})`.mapWith(
        Number,
      ),
      residual:
        sql<number>`(select coalesce(sum(l.amount_cents), 0) from ${commissionLines} l where l.import_id = ${commissionImports.id})`.mapWith(
          Number,
        ),
    })
    .from(commissionImports)
    .orderBy(desc(commissionImports.createdAt))
    .limit(100);
  return rows.map(({ row, matched, stored, residual }) => ({
    id: row.id,
    month: row.month,
    processor: row.processor,
    status: row.status,
    file_name: row.fileName,
    rows: row.rowCount,
    matched,
    unmatched: stored - matched,
    residual_cents: residual,
    created_at: row.createdAt.toISOString(),
    committed_at: row.committedAt?.toISOString() ?? null,
  }));
}
