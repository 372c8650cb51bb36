import { partnerData, publishIntegrationEvent } from '../../lib/integration-events';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  messages,
  rejectionReasons,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserSort,
  type AdminUserSummary,
  type InviteUserRequest,
  type RejectRequest,
  type UpdateUserRequest,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { auditLog, leads, referralVisits, users } from '../../db/schema';
import { isAdminAccount, isPartnerAccount } from '../../lib/access';
import { recordAudit, toAuditEntry } from '../../lib/audit';
import { containsPattern } from '../../lib/cursor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { evictSessionsOnCommit } from '../../lib/session-evictions';
import { revokeUserSessions, type UserRow } from '../../lib/sessions';
import { generateToken } from '../../lib/tokens';
import { accountMailActions, enqueueAccountMail, normalizeEmail, removeTwoFactor, voidResetTokens } from '../users';

const m = messages.adminUsers;
const NO_RECENT_DAYS = 90;

/** Referral figures per partner, grouped once per query. */
function leadStats(db: DbExecutor) {
  return db
    .select({
      partnerId: leads.partnerId,
      referrals: sql<number>`count(*)::int`.as('referrals'),
      approved: sql<number>`(count(*) filter (where ${leads.status} = 'approved'))::int`.as('approved'),
      lastReferralAt: sql<Date>`max(${leads.createdAt})`.as('last_referral_at'),
    })
    .from(leads)
    .groupBy(leads.partnerId)
    .as('lead_stats');
}

type Stats = ReturnType<typeof leadStats>;

/** The ORDER BY expression of a sort, and the cast that reads its cursor value back. */
function sortExpr(sort: AdminUserSort, s: Stats): { expr: SQL; cast: 'text' | 'timestamptz' | 'int' | 'float8' } {
  switch (sort) {
    case 'name':
      return { expr: sql`lower(${users.fullName})`, cast: 'text' };
    case 'created':
      return { expr: sql`${users.createdAt}`, cast: 'timestamptz' };
    case 'last_login':
      return { expr: sql`coalesce(${users.lastLoginAt}, 'epoch'::timestamptz)`, cast: 'timestamptz' };
    case 'referrals':
      return { expr: sql`coalesce(${s.referrals}, 0)`, cast: 'int' };
    case 'approved':
      return { expr: sql`coalesce(${s.approved}, 0)`, cast: 'int' };
    case 'conversion':
      return { expr: sql`coalesce(${s.approved}::float8 / nullif(${s.referrals}, 0), -1)`, cast: 'float8' };
  }
}

interface UserCursor {
  v: string;
  id: number;
}
const encodeCursor = (c: UserCursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
function decodeCursor(cursor: string): UserCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<UserCursor>;
    if (typeof parsed.v === 'string' && Number.isSafeInteger(parsed.id)) return parsed as UserCursor;
  } catch {
    // falls through
  }
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}

type Filters = Pick<AdminUserListQuery, 'search' | 'role' | 'status' | 'no_recent_referrals' | 'ids'>;

function filterConditions(f: Filters, s: Stats): (SQL | undefined)[] {
  const search = f.search?.trim();
  return [
    search
      ? or(
          ilike(users.fullName, containsPattern(search)),
          ilike(users.email, containsPattern(search)),
          sql`${users.uuid}::text = ${search.toLowerCase()}`,
        )
      : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    f.no_recent_referrals
      ? or(isNull(s.lastReferralAt), lt(s.lastReferralAt, sql`now() - make_interval(days => ${NO_RECENT_DAYS})`))
      : undefined,
    f.ids ? inArray(users.id, f.ids.length ? f.ids : [-1]) : undefined,
  ];
}

interface ListRow {
  user: UserRow;
  referrals: number;
  approved: number;
  sortValue: string;
}

async function queryUsers(
  db: DbExecutor,
  q: Filters & { sort: AdminUserSort; dir: 'asc' | 'desc'; cursor?: string; limit?: number },
): Promise<ListRow[]> {
  const s = leadStats(db);
  const { expr, cast } = sortExpr(q.sort, s);
  const conditions = filterConditions(q, s);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const value = sql`${c.v}::${sql.raw(cast)}`;
    conditions.push(
      q.dir === 'desc' ? sql`(${expr}, ${users.id}) < (${value}, ${c.id})` : sql`(${expr}, ${users.id}) > (${value}, ${c.id})`,
    );
  }
  const direction = q.dir === 'desc' ? desc : asc;
  const query = db
    .select({
      user: users,
      referrals: sql<number>`coalesce(${s.referrals}, 0)`.mapWith(Number),
      approved: sql<number>`coalesce(${s.approved}, 0)`.mapWith(Number),
      // The sort value as text, exactly as PostgreSQL compares it, for the next cursor.
      sortValue:
        cast === 'timestamptz'
          ? sql<string>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
          : sql<string>`(${expr})::text`,
    })
    .from(users)
    .leftJoin(s, eq(s.partnerId, users.id))
    .where(and(...conditions))
    .orderBy(direction(expr), direction(users.id));
  return q.limit ? query.limit(q.limit) : query;
}

function toSummary(row: { user: UserRow; referrals: number; approved: number }): AdminUserSummary {
  const { user } = row;
  return {
    id: user.id,
    uuid: user.uuid,
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    status: user.status,
    referrals: row.referrals,
    approved: row.approved,
    conversion: row.referrals > 0 ? row.approved / row.referrals : null,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

export async function listUsers(
  db: DbExecutor,
  q: AdminUserListQuery,
): Promise<{ items: AdminUserSummary[]; next_cursor: string | null }> {
  const rows = await queryUsers(db, { ...q, limit: q.limit + 1 });
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map(toSummary),
    next_cursor: more && last ? encodeCursor({ v: last.sortValue, id: last.user.id }) : null,
  };
}

export const exportHeader = [
  'id',
  'full_name',
  'email',
  'role',
  'status',
  'created_at',
  'last_login_at',
  'referral_link',
  'compensation_link',
  'facebook_pixel_id',
  'referrals_total',
  'referrals_approved',
  'conversion_rate',
] as const;

/** The rows of the export, in the list's order (at most 100,000). */
export async function exportUsers(
  db: DbExecutor,
  q: Filters & { sort: AdminUserSort; dir: 'asc' | 'desc' },
  publicUrl: string,
): Promise<(string | number | null)[][]> {
  const rows = await queryUsers(db, { ...q, limit: 100_000 });
  return rows.map(({ user, referrals, approved }) => [
    user.id,
    user.fullName,
    user.email,
    user.role,
    user.status,
    user.createdAt.toISOString(),
    user.lastLoginAt?.toISOString() ?? null,
    `${publicUrl}/referral/${user.uuid}`,
    user.compensationLink,
    user.facebookPixelId,
    referrals,
    approved,
    referrals > 0 ? (approved / referrals).toFixed(4) : null,
  ]);
}

async function findUser(db: DbExecutor, id: number, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(m.notFound);
  return row;
}

/** What the audit log keeps of a user: never a hash. */
function snapshot(user: UserRow) {
  return {
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    status: user.status,
    compensation_link: user.compensationLink,
    facebook_pixel_id: user.facebookPixelId,
    notes_internal: user.notesInternal,
    disabled_reason: user.disabledReason,
  };
}

export async function getUserDetail(db: Database, id: number): Promise<AdminUserDetail> {
  const [row] = await queryUsers(db, { sort: 'created', dir: 'desc', ids: [id], limit: 1 });
  if (!row) throw notFound(m.notFound);
  const [[visits], recent, audit] = await Promise.all([
    db.select({ n: count() }).from(referralVisits).where(eq(referralVisits.partnerId, id)),
    db.select().from(leads).where(eq(leads.partnerId, id)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(20),
    db
      .select({ entry: auditLog, actorName: users.fullName, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(50),
  ]);
  const { user } = row;
  return {
    ...toSummary(row),
    compensation_link: user.compensationLink,
    facebook_pixel_id: user.facebookPixelId,
    notes_internal: user.notesInternal,
    disabled_reason: user.disabledReason,
    disabled_at: user.disabledAt?.toISOString() ?? null,
    visits: visits?.n ?? 0,
    recent_referrals: recent.map((lead) => ({
      id: lead.publicId,
      company: lead.company,
      contact: `${lead.firstName} ${lead.lastName}`.trim(),
      status: lead.status,
      created_at: lead.createdAt.toISOString(),
    })),
    audit: audit.map(toAuditEntry),
  };
}

/**
 * Creates an invited account (no usable password) and queues the invitation, whose link sets the
 * first password within 72 hours.
 */
export async function inviteUser(db: Database, input: InviteUserRequest, actor: UserRow): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        fullName: input.full_name,
        email: normalizeEmail(input.email),
        // Nobody knows this password: the invitation's link sets the real one.
        passwordHash: await hashPassword(generateToken()),
        role: input.role,
        status: 'invited',
        compensationLink: input.compensation_link || null,
        invitedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(messages.auth.emailTaken, { email: messages.auth.emailTaken });
    await enqueueAccountMail(tx, accountMailActions.invite, row.id, { inviter: actor.fullName });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.invite',
      targetType: 'user',
      targetId: row.id,
      after: snapshot(row),
    });
    return row;
  });
}

/** A new invitation mail; the link of the previous one stops working at once. */
export async function resendInvite(db: Database, id: number, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, id, true);
    if (user.status !== 'invited') throw conflict(m.notInvited);
    await voidResetTokens(tx, id);
    await enqueueAccountMail(tx, accountMailActions.invite, id, { inviter: actor.fullName });
    await recordAudit(tx, { actorId: actor.id, action: 'user.invite_resend', targetType: 'user', targetId: id });
  });
}

/** Active admins other than this user: the last one may not be demoted or disabled. */
async function otherActiveAdmins(tx: DbExecutor, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, id)));
  return row?.n ?? 0;
}

async function assertNotLastAdmin(tx: DbExecutor, user: UserRow): Promise<void> {
  if (isAdminAccount(user) && user.status === 'active' && (await otherActiveAdmins(tx, user.id)) === 0) {
    throw conflict(m.lastAdmin);
  }
}

export async function updateUser(db: Database, id: number, patch: UpdateUserRequest, actor: UserRow): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (patch.full_name !== undefined) changes.fullName = patch.full_name;
    if (patch.compensation_link !== undefined) changes.compensationLink = patch.compensation_link || null;
    if (patch.notes_internal !== undefined) changes.notesInternal = patch.notes_internal;
    if (patch.facebook_pixel_id !== undefined) changes.facebookPixelId = patch.facebook_pixel_id;
    const newEmail = patch.email !== undefined ? normalizeEmail(patch.email) : undefined;
    const emailChanges = newEmail !== undefined && newEmail !== normalizeEmail(before.email);
    if (emailChanges) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, newEmail), ne(users.id, id)));
      if (taken) throw conflict(messages.auth.emailTaken, { email: messages.auth.emailTaken });
      changes.email = newEmail;
    }
    if (patch.role !== undefined && patch.role !== before.role) {
      if (id === actor.id) throw conflict(m.notYourself);
      if (patch.role !== 'admin') await assertNotLastAdmin(tx, before);
      changes.role = patch.role;
    }
    if (!Object.keys(changes).length) return before;
    const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    await evictSessionsOnCommit(tx, id);
    if (emailChanges) {
      // Both addresses are told: the old one in case the change was not wanted.
      for (const to of [before.email, newEmail]) {
        await enqueueAccountMail(tx, accountMailActions.emailChanged, id, { to, oldEmail: before.email, newEmail });
      }
      // A reset link mailed to the old address must not work any more.
      await voidResetTokens(tx, id);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after!),
    });
    return after!;
  });
}

/** Disabling ends every session at once; the account cannot sign in until enabled. */
export async function disableUser(db: Database, id: number, reason: string, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    if (id === actor.id) throw conflict(m.notYourself);
    const before = await findUser(tx, id, true);
    await assertNotLastAdmin(tx, before);
    const [after] = await tx
      .update(users)
      .set({ status: 'disabled', disabledReason: reason, disabledAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(tx, id);
    await voidResetTokens(tx, id);
    if (isPartnerAccount(after!)) {
      await publishIntegrationEvent(tx, {
        type: 'partner.disabled',
        partnerId: id,
        data: { partner: partnerData(after!), changes: { status: [before.status, after!.status] }, reason },
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.disable',
      targetType: 'user',
      targetId: id,
      before: snapshot(before),
      after: { ...snapshot(after!), reason },
    });
  });
}

/** Access comes back, old sessions do not (they were revoked on disable). */
export async function enableUser(db: Database, id: number, reason: string | undefined, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    if (before.status !== 'disabled') return;
    const [after] = await tx
      .update(users)
      .set({ status: 'active', disabledReason: null, disabledAt: null })
      .where(eq(users.id, id))
      .returning();
    await evictSessionsOnCommit(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.enable',
      targetType: 'user',
      targetId: id,
      before: snapshot(before),
      after: { ...snapshot(after!), reason: reason ?? null },
    });
  });
}

export async function sendReset(db: Database, id: number, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, id);
    if (user.status === 'invited') return resendInvite(tx, id, actor);
    if (user.status === 'disabled') throw conflict(messages.auth.accountDisabled);
    await enqueueAccountMail(tx, accountMailActions.passwordReset, id);
    await recordAudit(tx, { actorId: actor.id, action: 'user.send_reset', targetType: 'user', targetId: id });
  });
}

export async function revokeSessions(db: Database, id: number, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    await findUser(tx, id);
    await revokeUserSessions(tx, id);
    await recordAudit(tx, { actorId: actor.id, action: 'user.revoke_sessions', targetType: 'user', targetId: id });
  });
}

/**
 * Turns off another account's two-factor, for an owner who lost their phone and recovery codes:
 * every session of theirs ends and they are told by email. Never one's own (that needs the
 * password and a code, on the account page).
 */
export async function resetTwoFactor(db: Database, id: number, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    if (id === actor.id) throw conflict(m.twoFactorResetSelf);
    await findUser(tx, id, true);
    if (!(await removeTwoFactor(tx, id))) throw conflict(m.twoFactorNotOn);
    await revokeUserSessions(tx, id);
    await enqueueAccountMail(tx, accountMailActions.twoFactorReset, id);
    await recordAudit(tx, { actorId: actor.id, action: 'user.two_factor_reset', targetType: 'user', targetId: id });
  });
}

export async function approveUser(db: Database, id: number, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    if (before.status !== 'pending_approval') throw conflict(messages.application.notPending);
    const [after] = await tx.update(users).set({ status: 'active' }).where(eq(users.id, id)).returning();
    await evictSessionsOnCommit(tx, id);
    await enqueueAccountMail(tx, accountMailActions.welcome, id, {}, `welcome:${id}`);
    await publishIntegrationEvent(tx, {
      type: 'partner.approved',
      partnerId: id,
      data: { partner: partnerData(after!), changes: { status: [before.status, after!.status] } },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.approve',
      targetType: 'user',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after!),
    });
  });
}

/** A rejected application becomes a disabled account (reason application_rejected) and is told why. */
export async function rejectUser(db: Database, id: number, input: RejectRequest, actor: UserRow): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    if (before.status !== 'pending_approval') throw conflict(messages.application.notPending);
    const reasonLabel = rejectionReasons[input.reason];
    const [after] = await tx
      .update(users)
      .set({ status: 'disabled', disabledReason: `application_rejected: ${reasonLabel}`, disabledAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(tx, id);
    await enqueueAccountMail(
      tx,
      accountMailActions.rejection,
      id,
      { reasonLabel, message: input.message ?? '' },
      `rejection:${id}`,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reject',
      targetType: 'user',
      targetId: id,
      before: snapshot(before),
      after: { ...snapshot(after!), reason: input.reason, message: input.message ?? null },
    });
  });
}
