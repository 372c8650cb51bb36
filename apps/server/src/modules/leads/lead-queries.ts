import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  canMoveLead,
  defaultAdminLeadSort,
  describeSavingsEstimate,
  maxRowId,
  pipelineMessages,
  type AdminLeadSort,
  type AdminLeadSortKey,
  leadStatuses,
  searchCountCap,
  type AdminLeadDetail,
  type AdminLeadSummary,
  type LeadAttachment,
  type LeadEvent,
  type LeadSource,
  type LeadStatus,
  type PartnerLeadDetail,
  type PartnerLeadSummary,
  type SyncState,
} from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leadAttachments, leadEvents, leadStatusRank, leads, outbox, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { afterCursor, containsPattern, dayRange, keysetTimestamp, newestFirst, pageOf } from '../../lib/cursor';
import { PUSH_LEAD } from './crm-push';
import { countAllLeadsByStatus } from './status-counts';

/** The filters of /admin/leads and its CSV export. */
export interface AdminLeadFilters {
  status?: LeadStatus;
  partner_id?: number;
  unattributed?: 'true' | 'false';
  source?: LeadSource;
  sync_state?: SyncState;
  from?: string;
  to?: string;
  q?: string;
  disabled_partner?: 'true' | 'false';
  owner?: 'me' | 'none';
  /** The signed-in admin, whom `owner: 'me'` names. */
  actorId?: number;
}

/** The partner whose link a lead came through while that partner was disabled (a second join of users). */
const disabledPartners = alias(users, 'disabled_partner');
/** The admin responsible for a lead (a third join of users). */
const owners = alias(users, 'lead_owner');

/** The filters of /referrals (always one partner's own leads). */
export interface PartnerLeadFilters {
  partnerId: number;
  status?: LeadStatus;
  q?: string;
}

export type StatusCounts = Record<LeadStatus, number>;

/** Case-insensitive search on business, contact name and email (ILIKE; a trigram index is the next step at volume). */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(leads.company, pattern),
    ilike(sql`(${leads.firstName} || ' ' || ${leads.lastName})`, pattern),
    ilike(leads.email, pattern),
  );
}

/**
 * The three fields of a search as one text: whenever one of them contains the text, this does too,
 * so `searchCondition AND searchPrefilter` selects exactly what `searchCondition` does. It only
 * changes the plan of the capped matches query: PostgreSQL has no statistics on the expression and
 * so expects few matches, and reads them through the trigram indexes (a bitmap, about 60% of the
 * CPU of a sequential scan that runs three ILIKEs on every row until the cap at 1,000,000 leads)
 * instead of scanning until the cap.
 */
function searchPrefilter(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return ilike(
    sql`concat_ws(chr(10), ${leads.company}, (${leads.firstName} || ' ' || ${leads.lastName}), ${leads.email})`,
    containsPattern(text),
  );
}

function adminConditions(f: AdminLeadFilters, withStatus: boolean): (SQL | undefined)[] {
  return [
    withStatus && f.status ? eq(leads.status, f.status) : undefined,
    f.partner_id ? eq(leads.partnerId, f.partner_id) : undefined,
    f.unattributed === 'true' ? isNull(leads.partnerId) : undefined,
    f.disabled_partner === 'true' ? isNotNull(leads.disabledPartnerId) : undefined,
    f.owner === 'me' ? eq(leads.ownerId, f.actorId ?? 0) : f.owner === 'none' ? isNull(leads.ownerId) : undefined,
    f.source ? eq(leads.source, f.source) : undefined,
    f.sync_state ? eq(leads.syncState, f.sync_state) : undefined,
    ...dayRange(leads.createdAt, f.from, f.to),
    searchCondition(f.q),
  ];
}

function partnerConditions(f: PartnerLeadFilters, withStatus: boolean): (SQL | undefined)[] {
  return [
    eq(leads.partnerId, f.partnerId),
    withStatus && f.status ? eq(leads.status, f.status) : undefined,
    searchCondition(f.q),
  ];
}

const rowColumns = {
  id: leads.id,
  publicId: leads.publicId,
  company: leads.company,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  title: leads.title,
  businessType: leads.businessType,
  notes: leads.notes,
  partnerId: leads.partnerId,
  partnerName: users.fullName,
  partnerEmail: users.email,
  disabledPartnerId: leads.disabledPartnerId,
  disabledPartnerName: disabledPartners.fullName,
  disabledPartnerEmail: disabledPartners.email,
  source: leads.source,
  status: leads.status,
  mid: leads.mid,
  syncState: leads.syncState,
  ownerId: leads.ownerId,
  ownerName: owners.fullName,
  crmId: leads.crmId,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  statusChangedAt: leads.statusChangedAt,
  underReview: leads.underReview,
  cursorAt: keysetTimestamp(leads.createdAt),
};
export type LeadListRow = Awaited<ReturnType<typeof selectRows>>[number];

/**
 * The order of /admin/leads by a column (issue 23 §4): each key is never null (a missing partner or
 * owner sorts as ''), text sorts case-insensitively, a status by its place in the pipeline. Ties
 * are broken by id, in the same direction, so the keyset `(key, id)` pages exactly.
 */
function sortKeyOf(key: Exclude<AdminLeadSortKey, 'submitted'>): { expr: SQL; type: 'text' | 'int' } {
  switch (key) {
    case 'business':
      return { expr: sql`lower(${leads.company})`, type: 'text' };
    case 'contact':
      return { expr: sql`lower(${leads.firstName} || ' ' || ${leads.lastName})`, type: 'text' };
    case 'partner':
      return { expr: sql`lower(coalesce(${users.fullName}, ''))`, type: 'text' };
    case 'owner':
      return { expr: sql`lower(coalesce(${owners.fullName}, ''))`, type: 'text' };
    case 'source':
      return { expr: sql`${leads.source}`, type: 'text' };
    case 'sync':
      return { expr: sql`${leads.syncState}`, type: 'text' };
    case 'status':
      return { expr: leadStatusRank(leads.status), type: 'int' };
  }
}

interface SortedKeyset {
  sort: string;
  value: string;
  id: number;
}

const encodeSortedCursor = (key: SortedKeyset) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** A sorted list's cursor, which must have been made for the same sort; else the cursor field's 400. */
function decodeSortedCursor(cursor: string, sort: string): SortedKeyset {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const k = key as Partial<SortedKeyset> | null;
  if (
    !k ||
    k.sort !== sort ||
    typeof k.value !== 'string' ||
    !Number.isSafeInteger(k.id) ||
    (k.id ?? 0) < 1 ||
    (k.id ?? 0) > maxRowId
  )
    throw badRequest(pipelineMessages.invalidCursor, { cursor: pipelineMessages.invalidCursor });
  return k as SortedKeyset;
}

/** The pieces of one sorted page: the key to select, the keyset condition after the cursor and the order. */
function sortedPaging(sort: AdminLeadSort, cursor: string | undefined) {
  const isDesc = sort.startsWith('-');
  const column = sort.replace(/^-/, '') as AdminLeadSortKey;
  const { expr, type } =
    column === 'submitted' ? { expr: sql`${leads.createdAt}`, type: 'timestamptz' as const } : sortKeyOf(column);
  const selectValue = column === 'submitted' ? keysetTimestamp(leads.createdAt) : sql<string>`(${expr})::text`;
  let after: SQL | undefined;
  if (cursor) {
    const key = decodeSortedCursor(cursor, sort);
    if (type === 'timestamptz' && !Number.isFinite(Date.parse(key.value)))
      throw badRequest(pipelineMessages.invalidCursor, { cursor: pipelineMessages.invalidCursor });
    if (type === 'int' && !/^\d{1,9}$/.test(key.value))
      throw badRequest(pipelineMessages.invalidCursor, { cursor: pipelineMessages.invalidCursor });
    const value = sql`${key.value}::${sql.raw(type)}`;
    after = isDesc ? sql`(${expr}, ${leads.id}) < (${value}, ${key.id})` : sql`(${expr}, ${leads.id}) > (${value}, ${key.id})`;
  }
  const direction = sql.raw(isDesc ? 'desc' : 'asc');
  return { selectValue, after, orderBy: [sql`${expr} ${direction}`, sql`${leads.id} ${direction}`] };
}

/**
 * One page in the order the admin chose (any sort but the default newest first). Exported for the
 * plan test, which checks that each sort pages off an index (the query builder, not yet run).
 */
export function selectSortedRows(
  db: DbExecutor,
  conditions: (SQL | undefined)[],
  sort: AdminLeadSort,
  cursor: string | undefined,
  limit: number,
) {
  const paging = sortedPaging(sort, cursor);
  return db
    .select({ ...rowColumns, sortValue: paging.selectValue })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.partnerId))
    .leftJoin(disabledPartners, eq(disabledPartners.id, leads.disabledPartnerId))
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .where(and(...conditions, paging.after))
    .orderBy(...paging.orderBy)
    .limit(limit);
}

/** One keyset page, newest first: `WHERE … AND (created_at, id) < cursor ORDER BY created_at DESC, id DESC LIMIT n`, off the indexes. */
function selectRows(db: DbExecutor, conditions: (SQL | undefined)[], cursor: string | undefined, limit: number) {
  return db
    .select(rowColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.partnerId))
    .leftJoin(disabledPartners, eq(disabledPartners.id, leads.disabledPartnerId))
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .where(and(...conditions, afterCursor(leads.createdAt, leads.id, cursor)))
    .orderBy(...newestFirst(leads.createdAt, leads.id))
    .limit(limit);
}

async function countByStatus(db: DbExecutor, conditions: (SQL | undefined)[]): Promise<StatusCounts> {
  const rows = await db
    .select({ status: leads.status, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(...conditions))
    .groupBy(leads.status);
  const counts = Object.fromEntries(leadStatuses.map((s) => [s, 0])) as StatusCounts;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * A search's matches (every filter but the status), reading at most `cap` + 1 of them, and their
 * counts per status: a common word matches tens of thousands of leads at volume, and counting them
 * all costs far more than the page. When more than `cap` match, `capped` is true and the counts
 * cover only the matches read (lower bounds); otherwise `matches` is every match.
 */
async function searchMatchesUpTo(
  db: DbExecutor,
  conditions: (SQL | undefined)[],
  cap: number,
): Promise<{ matches: { id: number; status: LeadStatus }[]; counts: StatusCounts; capped: boolean }> {
  const matches = await db
    .select({ id: leads.id, status: leads.status })
    .from(leads)
    .where(and(...conditions))
    .limit(cap + 1);
  const counts = Object.fromEntries(leadStatuses.map((s) => [s, 0])) as StatusCounts;
  for (const row of matches) counts[row.status] += 1;
  return { matches, counts, capped: matches.length > cap };
}

export const contactName = (row: { firstName: string; lastName: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

export function toAdminSummary(row: LeadListRow): AdminLeadSummary {
  return {
    id: row.publicId,
    business: row.company,
    contact: contactName(row),
    email: row.email,
    partner:
      row.partnerId != null && row.partnerName != null
        ? { id: row.partnerId, name: row.partnerName, email: row.partnerEmail ?? '' }
        : null,
    disabled_partner:
      row.disabledPartnerId != null && row.disabledPartnerName != null
        ? { id: row.disabledPartnerId, name: row.disabledPartnerName, email: row.disabledPartnerEmail ?? '' }
        : null,
    source: row.source,
    status: row.status,
    sync_state: row.syncState,
    submitted_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    owner: row.ownerId != null && row.ownerName != null ? { id: row.ownerId, name: row.ownerName } : null,
  };
}

/** The active admins a lead can be given to, by name. */
export function listLeadOwners(db: DbExecutor) {
  return db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(500);
}

/** The partner's "last update" is the last status move, not CRM bookkeeping. */
export function toPartnerSummary(row: LeadListRow): PartnerLeadSummary {
  return {
    id: row.publicId,
    business: row.company,
    contact: contactName(row),
    industry: row.businessType,
    status: row.status,
    submitted_at: row.createdAt.toISOString(),
    updated_at: row.statusChangedAt.toISOString(),
    under_review: row.underReview,
  };
}

export async function listAdminLeads(
  db: DbExecutor,
  query: AdminLeadFilters & { cursor?: string; limit: number; sort?: AdminLeadSort },
) {
  const countConditions = adminConditions(query, false);
  const isSearch = searchCondition(query.q) !== undefined;
  const sort = query.sort && query.sort !== defaultAdminLeadSort ? query.sort : null;
  let nextSortedCursor: string | null = null;
  // Newest first reads off the list indexes; any other order is cut from its own keyset.
  const select = async (conditions: (SQL | undefined)[]): Promise<LeadListRow[]> => {
    if (!sort) return selectRows(db, conditions, query.cursor, query.limit + 1);
    const sorted = await selectSortedRows(db, conditions, sort, query.cursor, query.limit + 1);
    const last = sorted[Math.min(sorted.length, query.limit) - 1];
    nextSortedCursor =
      sorted.length > query.limit && last ? encodeSortedCursor({ sort, value: last.sortValue, id: last.id }) : null;
    return sorted;
  };
  let rows: LeadListRow[];
  let counts: StatusCounts;
  let capped = false;
  if (isSearch) {
    // A search: its matches are read once, counting stops past the cap (a common word matches tens
    // of thousands of leads). Under the cap they are every match, so the page is cut from them by
    // id (primary-key reads) instead of searching the text again; over it, the page is read off
    // the newest-first index, which meets 25 matches of a common word soon.
    const found = await searchMatchesUpTo(db, [searchPrefilter(query.q), ...countConditions], searchCountCap);
    ({ counts, capped } = found);
    if (found.capped) rows = await select(adminConditions(query, true));
    else {
      const ids = found.matches.filter((m) => !query.status || m.status === query.status).map((m) => m.id);
      rows = ids.length ? await select([inArray(leads.id, ids)]) : [];
    }
  } else {
    // Nothing but a status filter: the daily counts, instead of counting every lead.
    [rows, counts] = await Promise.all([
      select(adminConditions(query, true)),
      countConditions.every((c) => c === undefined) ? countAllLeadsByStatus(db) : countByStatus(db, countConditions),
    ]);
  }
  const page = pageOf(rows, query.limit);
  const nextCursor = sort ? nextSortedCursor : page.nextCursor;
  return { items: page.rows.map(toAdminSummary), next_cursor: nextCursor, counts, counts_capped: capped };
}

export async function listPartnerLeads(db: DbExecutor, query: PartnerLeadFilters & { cursor?: string; limit: number }) {
  const rows = await selectRows(db, partnerConditions(query, true), query.cursor, query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { items: page.rows.map(toPartnerSummary), next_cursor: page.nextCursor };
}

export async function countPartnerLeads(db: DbExecutor, partnerId: number) {
  const counts = await countByStatus(db, partnerConditions({ partnerId }, false));
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

export const exportBatchSize = 1000;

/** Every row of a filter, newest first, in keyset batches: what a streamed export iterates. */
async function* batches(db: DbExecutor, conditions: (SQL | undefined)[]): AsyncGenerator<LeadListRow[]> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await selectRows(db, conditions, cursor, exportBatchSize + 1);
    const page = pageOf(rows, exportBatchSize);
    yield page.rows;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** Every row of a filter in the order the admin chose on the table, in keyset batches off the sort's index. */
async function* sortedBatches(
  db: DbExecutor,
  conditions: (SQL | undefined)[],
  sort: AdminLeadSort,
): AsyncGenerator<LeadListRow[]> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await selectSortedRows(db, conditions, sort, cursor, exportBatchSize + 1);
    const page = rows.slice(0, exportBatchSize);
    yield page;
    const last = page.at(-1);
    if (rows.length <= exportBatchSize || !last) return;
    cursor = encodeSortedCursor({ sort, value: last.sortValue, id: last.id });
  }
}

/** The admin's export: the table's filters and its sort (issue 23 §4), every row. */
export const adminExportBatches = (db: DbExecutor, filters: AdminLeadFilters & { sort?: AdminLeadSort }) =>
  filters.sort && filters.sort !== defaultAdminLeadSort
    ? sortedBatches(db, adminConditions(filters, true), filters.sort)
    : batches(db, adminConditions(filters, true));
export const partnerExportBatches = (db: DbExecutor, filters: PartnerLeadFilters) =>
  batches(db, partnerConditions(filters, true));

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The files of these events, by event id (what a timeline shows next to each reply). */
async function attachmentsByEvent(db: DbExecutor, eventIds: number[]): Promise<Map<number, LeadAttachment>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: leadAttachments.id,
      eventId: leadAttachments.eventId,
      name: leadAttachments.name,
      mime: leadAttachments.mime,
      size: leadAttachments.size,
    })
    .from(leadAttachments)
    .where(inArray(leadAttachments.eventId, eventIds));
  return new Map(rows.map(({ eventId, ...file }) => [eventId, file]));
}

async function loadEvents(db: DbExecutor, leadId: number, forPartner: boolean): Promise<LeadEvent[]> {
  const rows = await db
    .select({ event: leadEvents, actorName: users.fullName })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorId))
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        forPartner ? and(eq(leadEvents.visibleToPartner, true), inArray(leadEvents.kind, partnerEventKinds)) : undefined,
      ),
    )
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  const files = await attachmentsByEvent(
    db,
    rows.filter(({ event }) => event.kind === 'reply').map(({ event }) => event.id),
  );
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    kind: event.kind,
    at: event.createdAt.toISOString(),
    actor: actorName ?? event.actorLabel,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    reason: event.reason,
    note: event.note,
    visible_to_partner: event.visibleToPartner,
    // Details (MIDs, other partners, what was resubmitted) stay with admins.
    data: forPartner ? null : ((event.data as Record<string, unknown> | null) ?? null),
    ...(event.kind === 'reply' ? { attachment: files.get(event.id) ?? null } : {}),
  }));
}

/** What a partner's timeline may show (their own replies included): never reassignments, CRM syncs or repeated requests. */
export const partnerEventKinds = ['created', 'status', 'note', 'reply'] as const;

export async function getAdminLeadDetail(db: DbExecutor, publicId: string): Promise<AdminLeadDetail | null> {
  if (!uuidPattern.test(publicId)) return null;
  const [row] = await db
    .select({
      lead: leads,
      partnerName: users.fullName,
      partnerEmail: users.email,
      disabledPartnerName: disabledPartners.fullName,
      disabledPartnerEmail: disabledPartners.email,
      ownerName: owners.fullName,
      cursorAt: keysetTimestamp(leads.createdAt),
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.partnerId))
    .leftJoin(disabledPartners, eq(disabledPartners.id, leads.disabledPartnerId))
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .where(eq(leads.publicId, publicId));
  if (!row) return null;
  const { lead } = row;
  const [events, [push]] = await Promise.all([
    loadEvents(db, lead.id, false),
    db
      .select({ lastError: outbox.lastError, attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.leadId, lead.id), eq(outbox.action, PUSH_LEAD)))
      .orderBy(desc(outbox.id))
      .limit(1),
  ]);
  return {
    ...toAdminSummary({ ...lead, ...row, cursorAt: row.cursorAt }),
    first_name: lead.firstName,
    last_name: lead.lastName,
    business_type: lead.businessType,
    country_code: lead.countryCode,
    phone: lead.title,
    notes: lead.notes,
    description: lead.description,
    referral_uuid: lead.referralUuid,
    mid: lead.mid,
    consent: {
      sms: lead.smsConsent,
      sms_at: lead.smsConsentAt?.toISOString() ?? null,
      marketing: lead.marketingConsent,
      marketing_at: lead.marketingConsentAt?.toISOString() ?? null,
      text_version: lead.consentTextVersion,
      has_ip_hash: lead.ipHash.length > 0,
    },
    estimate: lead.estimate
      ? { input: { ...lead.estimate.input }, lines: describeSavingsEstimate(lead.estimate.input, lead.estimate.result) }
      : null,
    crm: { id: lead.crmId, note_id: lead.crmNoteId, last_error: push?.lastError ?? null, attempts: push?.attempts ?? 0 },
    allowed_moves: leadStatuses.filter((to) => canMoveLead(lead.status, to)),
    events,
  };
}

/** A partner's own lead; another partner's or an unknown id is null (the route answers 404 for both). */
export async function getPartnerLeadDetail(
  db: DbExecutor,
  partnerId: number,
  publicId: string,
): Promise<PartnerLeadDetail | null> {
  if (!uuidPattern.test(publicId)) return null;
  const [row] = await db
    .select(rowColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.partnerId))
    .leftJoin(disabledPartners, eq(disabledPartners.id, leads.disabledPartnerId))
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .where(and(eq(leads.publicId, publicId), eq(leads.partnerId, partnerId)));
  if (!row) return null;
  return {
    ...toPartnerSummary(row),
    email: row.email,
    phone: row.title,
    notes: row.notes,
    events: await loadEvents(db, row.id, true),
  };
}

/** Partners (role user) by name or email for the partner picker. */
export async function lookupPartners(db: DbExecutor, q: string | undefined, max: number) {
  const text = q?.trim();
  const pattern = text ? containsPattern(text) : null;
  return db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'user'), pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(max);
}
