import { and, desc, eq, sql } from 'drizzle-orm';
import {
  commissionMessages as cm,
  defaultMaxTeamDepth,
  maxTeamDepthLimit,
  maxTeamDepthSettingKey,
  recruitPath,
  teamMessages as tm,
  type AdminTeam,
  type PartnerTeam,
  type SetUplineRequest,
  type TeamMember,
  type UserStatus,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { commissionLines, partnerTeams, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import { getSettingValue } from '../settings';
import { getCurrency } from './plan-service';

// Partner hierarchies (issue 21): the tree. A partner has at most one upline (partner_teams row);
// the tree is read with recursive queries, bounded by the depth limit so a bad row cannot loop.

/** The program's depth limit: levels below a team's top partner (setting, default 2, at most 5). */
export async function maxTeamDepth(db: DbExecutor): Promise<number> {
  const value = Number((await getSettingValue(db, maxTeamDepthSettingKey))?.trim());
  return Number.isInteger(value) && value >= 1 && value <= maxTeamDepthLimit ? value : defaultMaxTeamDepth;
}

/** The partners above one, nearest first (at most `maxTeamDepthLimit + 1`, a guard against a loop). */
export async function uplinesOf(db: DbExecutor, partnerId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    with recursive up(id, depth) as (
      select t.upline_id, 1 from ${partnerTeams} t where t.partner_id = ${partnerId} and t.upline_id is not null
      union all
      select t.upline_id, up.depth + 1 from up join ${partnerTeams} t on t.partner_id = up.id
      where t.upline_id is not null and up.depth <= ${maxTeamDepthLimit}
    )
    select u.id, u.full_name as name from up join ${users} u on u.id = up.id order by up.depth`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

type SubtreeRow = {
  id: number;
  name: string;
  status: UserStatus;
  level: number;
  upline_id: number;
  referrals: number;
  active_merchants: number;
  approved_merchants: number;
};

/** Everyone below a partner, level by level, with their referrals and merchants. */
async function subtree(db: DbExecutor, partnerId: number): Promise<SubtreeRow[]> {
  const { rows } = await db.execute<SubtreeRow>(sql`
    with recursive down(id, upline_id, level) as (
      select t.partner_id, t.upline_id, 1 from ${partnerTeams} t where t.upline_id = ${partnerId}
      union all
      select t.partner_id, t.upline_id, down.level + 1 from down join ${partnerTeams} t on t.upline_id = down.id
      where down.level <= ${maxTeamDepthLimit}
    )
    select u.id, u.full_name as name, u.status, down.level, down.upline_id,
      (select count(*) from leads l where l.partner_id = u.id)::int as referrals,
      (select count(*) from merchant_accounts a where a.partner_id = u.id and a.status = 'active')::int as active_merchants,
      (select count(*) from merchant_accounts a where a.partner_id = u.id)::int as approved_merchants
    from down join ${users} u on u.id = down.id
    order by down.level, u.full_name, u.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    level: Number(r.level),
    upline_id: Number(r.upline_id),
    referrals: Number(r.referrals),
    active_merchants: Number(r.active_merchants),
    approved_merchants: Number(r.approved_merchants),
  }));
}

async function partnerRow(db: DbExecutor, partnerId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.fullName, status: users.status, team: partnerTeams })
    .from(users)
    .leftJoin(partnerTeams, eq(partnerTeams.partnerId, users.id))
    .where(and(eq(users.id, partnerId), eq(users.role, 'user')));
  return row;
}

/** GET /admin/users/{id}/team */
export async function getAdminTeam(db: DbExecutor, partnerId: number): Promise<AdminTeam> {
  const row = await partnerRow(db, partnerId);
  if (!row) throw notFound(cm.partnerNotFound);
  const uplines = await uplinesOf(db, partnerId);
  const members: TeamMember[] = (await subtree(db, partnerId)).map(({ approved_merchants: _, ...m }) => m);
  return {
    partner_id: partnerId,
    upline: uplines[0] ?? null,
    uplines,
    may_recruit: row.team?.mayRecruit ?? false,
    recruit_path: row.team?.mayRecruit ? recruitPath(row.team.recruitToken) : null,
    max_depth: await maxTeamDepth(db),
    members,
  };
}

/**
 * PUT /admin/users/{id}/upline. Refuses the partner itself, anyone in its own team (a loop) and a
 * move that would put any member deeper than the program's limit. When the partner has a team and
 * the upline changes, `downline` says whether the team moves with it or goes to its old upline.
 * Merchant accounts keep the chain frozen at their approval: nothing here rewrites a split.
 */
export async function setUpline(db: Database, partnerId: number, body: SetUplineRequest, actorId: number): Promise<AdminTeam> {
  return db.transaction(async (tx) => {
    // One tree change at a time: two concurrent moves could each pass the loop check and together
    // make a loop.
    await tx.execute(sql`lock table ${partnerTeams} in share row exclusive mode`);
    const row = await partnerRow(tx, partnerId);
    if (!row) throw notFound(cm.partnerNotFound);
    const oldUplineId = row.team?.uplineId ?? null;
    const newUplineId = body.upline_id;
    const children = await tx
      .select({ id: partnerTeams.partnerId })
      .from(partnerTeams)
      .where(eq(partnerTeams.uplineId, partnerId));
    const changes = newUplineId !== oldUplineId;
    if (changes && newUplineId !== null) {
      if (newUplineId === partnerId) throw unprocessable(tm.uplineSelf, { upline_id: tm.uplineSelf });
      const upline = await partnerRow(tx, newUplineId);
      if (!upline) throw unprocessable(tm.uplineNotFound, { upline_id: tm.uplineNotFound });
      if (upline.status !== 'active') throw unprocessable(tm.uplineNotPartner, { upline_id: tm.uplineNotPartner });
      const below = await subtree(tx, partnerId);
      if (below.some((member) => member.id === newUplineId)) throw unprocessable(tm.uplineCycle, { upline_id: tm.uplineCycle });
      const max = await maxTeamDepth(tx);
      const depth = (await uplinesOf(tx, newUplineId)).length + 1;
      const height = body.downline === 'to_old_upline' ? 0 : below.reduce((h, member) => Math.max(h, member.level), 0);
      if (depth + height > max) throw unprocessable(tm.uplineTooDeep(max), { upline_id: tm.uplineTooDeep(max) });
    }
    if (changes && children.length && !body.downline) throw unprocessable(tm.downlineRequired, { downline: tm.downlineRequired });
    if (changes && children.length && body.downline === 'to_old_upline')
      await tx
        .update(partnerTeams)
        .set({ uplineId: oldUplineId, updatedAt: new Date() })
        .where(eq(partnerTeams.uplineId, partnerId));
    const mayRecruit = body.may_recruit ?? row.team?.mayRecruit ?? false;
    await tx
      .insert(partnerTeams)
      .values({ partnerId, uplineId: newUplineId, mayRecruit })
      .onConflictDoUpdate({ target: partnerTeams.partnerId, set: { uplineId: newUplineId, mayRecruit, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId,
      action: 'partner.upline',
      targetType: 'user',
      targetId: partnerId,
      before: { upline_id: oldUplineId, may_recruit: row.team?.mayRecruit ?? false },
      after: {
        upline_id: newUplineId,
        may_recruit: mayRecruit,
        ...(changes && children.length ? { downline: body.downline, team: children.map((c) => c.id) } : {}),
      },
    });
    return getAdminTeam(tx, partnerId);
  });
}

/**
 * GET /partner/team: the partner's own downline (names, statuses, counts; never a member's
 * merchants or leads) and what the partner's overrides earned per month.
 */
export async function getPartnerTeam(db: DbExecutor, partnerId: number): Promise<PartnerTeam> {
  const [team] = await db.select().from(partnerTeams).where(eq(partnerTeams.partnerId, partnerId));
  const members = (await subtree(db, partnerId)).map(({ active_merchants: _, ...m }) => m);
  const months = await db
    .select({
      month: commissionLines.month,
      amount: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number),
      lines: sql<number>`count(*)`.mapWith(Number),
    })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.partnerId, partnerId),
        eq(commissionLines.kind, 'override'),
        sql`${commissionLines.status} <> 'void'`,
      ),
    )
    .groupBy(commissionLines.month)
    .orderBy(desc(commissionLines.month))
    .limit(24);
  return {
    may_recruit: team?.mayRecruit ?? false,
    recruit_path: team?.mayRecruit ? recruitPath(team.recruitToken) : null,
    members,
    overrides_by_month: months.map((m) => ({ month: m.month, amount_cents: m.amount, lines: m.lines })),
    currency: await getCurrency(db),
  };
}

/** The partner whose recruit link this is, if they may recruit (sign-up through `/join/{token}`). */
export async function recruiterByToken(db: DbExecutor, token: string): Promise<{ id: number; name: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.fullName })
    .from(partnerTeams)
    .innerJoin(users, eq(users.id, partnerTeams.partnerId))
    .where(and(eq(partnerTeams.recruitToken, token), eq(partnerTeams.mayRecruit, true), eq(users.status, 'active')));
  return row ?? null;
}

/**
 * Sign-up through a recruit link: checks the link (its partner may recruit, is active, and has room
 * below within the depth limit) before the account is made. Throws a 422 on the token field.
 */
export async function checkRecruitLink(db: DbExecutor, token: string): Promise<number> {
  const recruiter = await recruiterByToken(db, token);
  if (!recruiter) throw unprocessable(tm.recruitLinkInvalid, { recruit_token: tm.recruitLinkInvalid });
  const depth = (await uplinesOf(db, recruiter.id)).length + 1;
  if (depth > (await maxTeamDepth(db))) throw unprocessable(tm.recruitTeamFull, { recruit_token: tm.recruitTeamFull });
  return recruiter.id;
}

/** In the sign-up's transaction: the new partner joins the recruiter's team. */
export async function joinTeam(tx: DbExecutor, partnerId: number, uplineId: number): Promise<void> {
  await tx.insert(partnerTeams).values({ partnerId, uplineId }).onConflictDoNothing();
}
