import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addMonths,
  defaultCommissionPlan,
  settingKeys,
  teamMessages as tm,
  type ImportResult,
  type StatementDetail,
  type StatementSummary,
} from '@portal/contract';
import { commissionLines, leads, merchantAccounts, outbox, partnerTeams, settings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { planImportSplits, writeImportSplits } from './split-service';
import { bearer, createAdmin, createLeadFor, createPartner, loginAs } from '../../../test/factories';

// Issue 21: partner hierarchies and split residuals, through the API.

let ctx: TestContext;
let adminToken: string;
type Partner = Awaited<ReturnType<typeof createPartner>>;
let top: Partner; // Tara Top
let manager: Partner; // Manny Manager, under Tara
let agent: Partner; // Aggie Agent, under Manny
let managerToken: string;
let agentToken: string;

const api = '/api/v1';
const header = 'Merchant ID,DBA Name,# Sales,$ Sales,$ Income,$ Expenses,Net Revenue';
const mapping = {
  mid: 'Merchant ID',
  business: 'DBA Name',
  transactions: '# Sales',
  volume: '$ Sales',
  income: '$ Income',
  costs: '$ Expenses',
  net_revenue: 'Net Revenue',
};
// Agent 50 % of net; uplines 10 % (level 1) and 5 % (level 2) of net.
const plan = {
  ...defaultCommissionPlan,
  bonus_cents: 0,
  residual_share_bps: 5_000,
  min_payout_cents: 100,
  override_levels: [
    { rate_bps: 1_000, end_month: null, rate_after_bps: null },
    { rate_bps: 500, end_month: null, rate_after_bps: null },
  ],
};

const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = adminToken) =>
  ctx.app.inject({ method, url: `${api}${url}`, payload, headers: bearer(token) });
const putUpline = (id: number, body: object) => send('PUT', `/admin/users/${id}/upline`, body);

function multipart(fields: Record<string, string>, csv: string) {
  const boundary = '----team-test-boundary';
  let body = '';
  for (const [name, value] of Object.entries(fields))
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
function upload(month: string, rows: string[], dryRun: boolean) {
  const body = multipart(
    { month, processor: 'Team Processing', dry_run: String(dryRun), mapping: JSON.stringify(mapping) },
    [header, ...rows].join('\n'),
  );
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/admin/commissions/imports`,
    payload: body.payload,
    headers: { ...bearer(adminToken), ...body.headers },
  });
}

async function approveReferral(partner: Partner, mid: string, company: string) {
  const lead = await createLeadFor(ctx.db, partner, {
    status: 'application',
    company,
    email: `${mid.toLowerCase()}@merchant.example`,
  });
  const res = await send('POST', `/admin/leads/${lead.publicId}/status`, {
    status: 'approved',
    expected_status: 'application',
    mid,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [account] = await ctx.db.select().from(merchantAccounts).where(eq(merchantAccounts.mid, mid));
  return account!;
}

async function statementOf(partnerId: number, month: string): Promise<StatementSummary | undefined> {
  const res = await send('GET', `/admin/statements?month=${month}&partner_id=${partnerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0];
}
async function detailOf(id: string): Promise<StatementDetail> {
  const res = await send('GET', `/admin/statements/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db);
  adminToken = await loginAs(ctx.app, admin);
  top = await createPartner(ctx.db, { fullName: 'Tara Top' });
  manager = await createPartner(ctx.db, { fullName: 'Manny Manager' });
  agent = await createPartner(ctx.db, { fullName: 'Aggie Agent' });
  managerToken = await loginAs(ctx.app, manager);
  agentToken = await loginAs(ctx.app, agent);
  const res = await send('PUT', '/admin/commission-plan', plan);
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('plan with override rates', () => {
  it('saves override levels and basis, and refuses rates that could pay out more than the net', async () => {
    const saved = (await send('GET', '/admin/commission-plan')).json().data.plan;
    expect(saved.override_levels).toEqual(plan.override_levels);
    expect(saved.override_basis).toBe('share_of_net');
    const bad = await send('PUT', '/admin/commission-plan', {
      ...plan,
      residual_share_bps: 9_000,
      override_levels: [{ rate_bps: 1_000 }, { rate_bps: 500 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['override_levels.1.rate_bps']).toBe(tm.overridesPayTooMuch(10_500));
    // The same rates paid in pay order never exceed the net.
    const carol = await createPartner(ctx.db);
    const payOrder = await send('PUT', `/admin/users/${carol.id}/commission-plan`, {
      override: { ...plan, residual_share_bps: 9_000, override_basis: 'pay_order' },
    });
    expect(payOrder.statusCode, payOrder.body).toBe(200);
    expect(payOrder.json().data.effective.override_basis).toBe('pay_order');
  });
});

describe('the tree', () => {
  it('sets uplines and shows the team with status, referrals and active merchants', async () => {
    const one = await putUpline(manager.id, { upline_id: top.id, may_recruit: true });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(tm.uplineSaved);
    expect(one.json().data).toMatchObject({ upline: { id: top.id, name: 'Tara Top' }, may_recruit: true });
    expect(one.json().data.recruit_path).toMatch(/^\/join\/[0-9a-f-]{36}$/);
    expect((await putUpline(agent.id, { upline_id: manager.id })).statusCode).toBe(200);
    await createLeadFor(ctx.db, agent, { status: 'new' });
    const team = await send('GET', `/admin/users/${top.id}/team`);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().data.members).toEqual([
      { id: manager.id, name: 'Manny Manager', status: 'active', level: 1, upline_id: top.id, referrals: 0, active_merchants: 0 },
      { id: agent.id, name: 'Aggie Agent', status: 'active', level: 2, upline_id: manager.id, referrals: 1, active_merchants: 0 },
    ]);
    expect(team.json().data.max_depth).toBe(2);
    const agentsTeam = (await send('GET', `/admin/users/${agent.id}/team`)).json().data;
    expect(agentsTeam.uplines).toEqual([
      { id: manager.id, name: 'Manny Manager' },
      { id: top.id, name: 'Tara Top' },
    ]);
  });

  it('refuses the partner itself, a loop, a team deeper than the limit, and a missing downline answer', async () => {
    const self = await putUpline(top.id, { upline_id: top.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.upline_id).toBe(tm.uplineSelf);
    const loop = await putUpline(top.id, { upline_id: agent.id });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors.upline_id).toBe(tm.uplineCycle);
    const extra = await createPartner(ctx.db, { fullName: 'Deep Dee' });
    const deep = await putUpline(extra.id, { upline_id: agent.id });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors.upline_id).toBe(tm.uplineTooDeep(2));
    // Manny (with Aggie below) under another top partner: Aggie would be level 2 there, fine, but the answer is required.
    const other = await createPartner(ctx.db, { fullName: 'Otto Other' });
    const unanswered = await putUpline(manager.id, { upline_id: other.id });
    expect(unanswered.statusCode).toBe(422);
    expect(unanswered.json().errors.downline).toBe(tm.downlineRequired);
    const bad = await putUpline(manager.id, { upline_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.upline_id).toBe(tm.uplineNotPartner);
    const missing = await putUpline(manager.id, { upline_id: 999_999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.upline_id).toBe(tm.uplineNotFound);
    expect((await putUpline(999_999, { upline_id: null })).statusCode).toBe(404);
    expect((await send('PUT', `/admin/users/${agent.id}/upline`, { upline_id: null }, agentToken)).statusCode).toBe(403);
    expect((await send('GET', `/admin/users/${agent.id}/team`, undefined, agentToken)).statusCode).toBe(403);
    // Nothing changed.
    expect((await send('GET', `/admin/users/${top.id}/team`)).json().data.members).toHaveLength(2);
  });

  it('moving a partner takes its team along, or leaves it with the old upline', async () => {
    const a = await createPartner(ctx.db, { fullName: 'Ann A' });
    const b = await createPartner(ctx.db, { fullName: 'Ben B' });
    const c = await createPartner(ctx.db, { fullName: 'Cy C' });
    const d = await createPartner(ctx.db, { fullName: 'Di D' });
    await putUpline(b.id, { upline_id: a.id });
    await putUpline(c.id, { upline_id: b.id });
    const along = await putUpline(b.id, { upline_id: d.id, downline: 'moves_with' });
    expect(along.statusCode, along.body).toBe(200);
    expect(along.json().data.members.map((m: { id: number }) => m.id)).toEqual([c.id]);
    const left = await putUpline(b.id, { upline_id: a.id, downline: 'to_old_upline' });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.members).toEqual([]);
    expect((await send('GET', `/admin/users/${d.id}/team`)).json().data.members.map((m: { id: number }) => m.id)).toEqual([c.id]);
  });
});

describe('split residuals', () => {
  let account: typeof merchantAccounts.$inferSelect;
  let month: string;

  it('freezes the chain with its rates when the merchant is approved, and mails the uplines', async () => {
    account = await approveReferral(agent, 'MID-TEAM-00001234', 'Agent Bakery');
    month = account.approvedOn.slice(0, 7);
    const splits = await send('GET', `/admin/merchant-accounts/${account.id}/splits`);
    expect(splits.statusCode, splits.body).toBe(200);
    expect(splits.json().data.versions).toHaveLength(1);
    expect(splits.json().data.versions[0].from_month).toBe(month);
    expect(
      splits
        .json()
        .data.versions[0].levels.map((l: { level: number; partner_name: string; rate_bps: number }) => [
          l.level,
          l.partner_name,
          l.rate_bps,
        ]),
    ).toEqual([
      [0, 'Aggie Agent', 5_000],
      [1, 'Manny Manager', 1_000],
      [2, 'Tara Top', 500],
    ]);
    expect(splits.json().data.preview).toBeNull();
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.action, 'mail.team_merchant_approved'));
    expect(mails.map((m) => (m.payload as { uplineId: number }).uplineId).sort()).toEqual([top.id, manager.id].sort());
    await ctx.app.outbox.handlers['mail.team_merchant_approved']!.handle(mails[0]!, {
      db: ctx.db,
      log: ctx.app.log,
      now: Date.now,
    });
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.subject).toBe(tm.teamMerchantApprovedSubject);
    expect(mail.text).toContain(tm.teamMerchantApprovedBody('Aggie Agent', 'Agent Bakery'));
  });

  it('the dry run shows each level and the house; the commit writes an override line per level', async () => {
    const rows = ['MID-TEAM-00001234,Agent Bakery,10,"10,000.00",150.00,50.00,100.00'];
    const dry = await upload(month, rows, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const result: ImportResult = dry.json().data;
    expect(result.splits).toEqual({
      levels: [
        { level: 0, lines: 1, amount_cents: 5_000 },
        { level: 1, lines: 1, amount_cents: 1_000 },
        { level: 2, lines: 1, amount_cents: 500 },
      ],
      house_cents: 3_500,
      problems: [],
    });
    expect(result.blocked).toBeNull();
    const committed = await upload(month, rows, false);
    expect(committed.statusCode, committed.body).toBe(201);
    expect(committed.json().data.splits.house_cents).toBe(3_500);
    const lines = await ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, account.id));
    const byKind = lines.map((l) => [l.kind, l.partnerId, l.amountCents, l.level, l.shareBps]).sort();
    expect(byKind).toEqual(
      [
        ['override', manager.id, 1_000, 1, 1_000],
        ['override', top.id, 500, 2, 500],
        ['residual', agent.id, 5_000, null, 5_000],
      ].sort(),
    );
  });

  it("statements carry the override with the member's name, the MID ending, basis and rate, in JSON and CSV", async () => {
    const statement = (await statementOf(manager.id, month))!;
    expect(statement).toMatchObject({ override_cents: 1_000, residual_cents: 0, total_cents: 1_000 });
    const detail = await detailOf(statement.id);
    expect(detail.overrides).toEqual([
      expect.objectContaining({
        member: 'Aggie Agent',
        mid_last4: '1234',
        level: 1,
        basis: 'share_of_net',
        rate_bps: 1_000,
        net_revenue_cents: 10_000,
        amount_cents: 1_000,
      }),
    ]);
    expect(detail.totals).toMatchObject({ override_cents: 1_000, total_cents: 1_000 });
    const csv = await send('GET', `/admin/statements/${statement.id}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`Override,${month},Aggie Agent,1234,,,100.00,10%,`);
    expect(csv.body).toContain(tm.overrideDescription('Aggie Agent', '1234', 'Share of net', 1_000));
    const pdf = await send('GET', `/admin/statements/${statement.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    // With names hidden, the line says "Team member".
    await send('POST', '/admin/settings', { key: 'Team names visible', value: 'false' });
    expect((await detailOf(statement.id)).overrides[0]!.member).toBe(tm.teamMember);
    await send('PUT', `/admin/settings/${encodeURIComponent('Team names visible')}`, { value: 'true' });
  });

  it("the partner's team page shows the downline and overrides per month, never the members' merchants", async () => {
    const res = await send('GET', '/partner/team', undefined, managerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.members).toEqual([
      {
        id: agent.id,
        name: 'Aggie Agent',
        status: 'active',
        level: 1,
        upline_id: manager.id,
        referrals: 2,
        approved_merchants: 1,
      },
    ]);
    expect(res.json().data.overrides_by_month).toEqual([{ month, amount_cents: 1_000, lines: 1 }]);
    expect(res.body).not.toContain('merchant.example');
    expect(res.body).not.toContain('Agent Bakery');
    expect(res.body).not.toContain('4155550123');
    expect((await send('GET', '/partner/team', undefined, adminToken)).statusCode).toBe(403);
  });

  it('the Splits panel previews the last net over the chain', async () => {
    const splits = (await send('GET', `/admin/merchant-accounts/${account.id}/splits`)).json().data;
    expect(splits.preview).toMatchObject({ month, net_cents: 10_000, house_cents: 3_500 });
    expect(splits.preview.summary).toBe('$100.00 → Aggie Agent $50.00 · Manny Manager $10.00 · Tara Top $5.00 · House $35.00');
  });

  it('moving a partner after approval changes no published statement, and the frozen chain keeps paying', async () => {
    const statement = (await statementOf(manager.id, month))!;
    const topStatement = (await statementOf(top.id, month))!;
    const publish = await send('POST', '/admin/statements/publish', { statement_ids: [statement.id, topStatement.id] });
    expect(publish.statusCode, publish.body).toBe(200);
    const before = await detailOf(statement.id);
    const moved = await putUpline(agent.id, { upline_id: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await detailOf(statement.id)).toEqual(before);
    expect((await statementOf(top.id, month))!.total_cents).toBe(500);
    // The next month still pays the chain frozen at approval.
    const nextMonth = addMonths(month, 1);
    const res = await upload(nextMonth, ['MID-TEAM-00001234,Agent Bakery,10,"10,000.00",150.00,50.00,200.00'], false);
    expect(res.statusCode, res.body).toBe(201);
    expect((await statementOf(manager.id, nextMonth))!.override_cents).toBe(2_000);
    // A new version cannot start in the published month; it can from the next one, which is split again.
    const refused = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: month,
      levels: [{ partner_id: manager.id, rate_bps: 2_000 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.from_month).toBe(tm.splitsPublished(month));
    const overpay = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: nextMonth,
      levels: [{ partner_id: manager.id, rate_bps: 6_000 }],
    });
    expect(overpay.statusCode).toBe(422);
    expect(overpay.json().errors['levels.0.rate_bps']).toBe(tm.overridesPayTooMuch(11_000));
    const funded = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: nextMonth,
      levels: [{ partner_id: manager.id, rate_bps: 2_000, basis: 'downline_share', funding: 'downline' }],
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect(funded.json().message).toBe(tm.splitsSaved(nextMonth));
    // $200.00: Aggie 50 % = $100.00, less Manny's 20 % of it ($20.00) → $80.00; Tara is out of this version.
    expect(funded.json().data.preview.summary).toBe('$200.00 → Aggie Agent $80.00 · Manny Manager $20.00 · House $100.00');
    expect((await statementOf(agent.id, nextMonth))!.residual_cents).toBe(8_000);
    expect((await statementOf(manager.id, nextMonth))!.override_cents).toBe(2_000);
    expect(await statementOf(top.id, nextMonth)).toBeUndefined();
    expect(await detailOf(statement.id)).toEqual(before);
  });

  it('a row whose chain would pay out more than its net blocks the commit', async () => {
    const greedy = await createPartner(ctx.db, { fullName: 'Greta Greedy' });
    const boss = await createPartner(ctx.db, { fullName: 'Bo Boss' });
    await putUpline(greedy.id, { upline_id: boss.id });
    // Each plan is fine alone; together, 95 % + 10 % is more than the net.
    expect(
      (
        await send('PUT', `/admin/users/${greedy.id}/commission-plan`, {
          override: { ...plan, residual_share_bps: 9_500, override_levels: [] },
        })
      ).statusCode,
    ).toBe(200);
    const greedyAccount = await approveReferral(greedy, 'MID-GREEDY-9999', 'Greedy Goods');
    const dry = await upload('2027-03', ['MID-GREEDY-9999,Greedy Goods,1,100.00,10.00,0,10.00'], true);
    expect(dry.json().data.blocked).toBe(tm.importSplitsBroken);
    expect(dry.json().data.splits.problems).toEqual([
      { row: 2, mid_last4: '9999', message: tm.rowBreaksSum(2, 'MID-GREEDY-9999') },
    ]);
    const commit = await upload('2027-03', ['MID-GREEDY-9999,Greedy Goods,1,100.00,10.00,0,10.00'], false);
    expect(commit.statusCode).toBe(422);
    expect(commit.json().message).toBe(tm.importSplitsBroken);
    expect(await ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, greedyAccount.id))).toEqual(
      [],
    );
  });
});

describe('a report split a page of rows at a time', () => {
  it('gives the same totals in pages of one row, and a problem on a later page leaves no line of the earlier ones', async () => {
    const importMonth = '2027-04';
    const rows = [
      'MID-TEAM-00001234,Agent Bakery,10,"10,000.00",150.00,50.00,100.00',
      'MID-NOBODY-0001,Nobody Inc,1,10.00,1.00,0,1.00',
      'MID-GREEDY-9999,Greedy Goods,1,100.00,10.00,0,10.00',
    ];
    const dry = await upload(importMonth, rows, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const importId: string = dry.json().data.import_id;
    const whole = await planImportSplits(ctx.db, importId, importMonth);
    const paged = await planImportSplits(ctx.db, importId, importMonth, { pageRows: 1 });
    expect(paged).toEqual(whole);
    expect(whole.matched.count).toBe(2);
    expect(whole.totals.problems.map((p) => p.row)).toEqual([4]);
    await expect(ctx.db.transaction((tx) => writeImportSplits(tx, importId, importMonth, { pageRows: 1 }))).rejects.toThrow(
      tm.importSplitsBroken,
    );
    const written = await ctx.db.select().from(commissionLines).where(eq(commissionLines.month, importMonth));
    expect(written).toEqual([]);
  });
});

describe('recruit link', () => {
  const register = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `${api}/users/register`,
      payload: { full_name: 'Rita Recruit', password: 'a-long-password', confirm_password: 'a-long-password', ...body },
    });

  it('attributes a sign-up to the recruiter, in open and approval mode; a bad or full link is refused', async () => {
    const recruiter = await createPartner(ctx.db, { fullName: 'Rae Recruiter' });
    const off = (await putUpline(recruiter.id, { upline_id: null })).json().data;
    expect(off.recruit_path).toBeNull();
    const on = (await putUpline(recruiter.id, { upline_id: null, may_recruit: true })).json().data;
    const token = on.recruit_path.split('/').pop();
    const open = await register({ email: 'rita@example.com', recruit_token: token });
    expect(open.statusCode, open.body).toBe(201);
    const [row] = await ctx.db.select().from(partnerTeams).where(eq(partnerTeams.partnerId, open.json().data.user.id));
    expect(row).toMatchObject({ uplineId: recruiter.id, mayRecruit: false });

    await ctx.db.insert(settings).values({ key: settingKeys.registrationMode, value: 'approval' });
    const waiting = await register({ email: 'rob@example.com', recruit_token: token });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().data.user.status).toBe('pending_approval');
    const team = (await send('GET', `/admin/users/${recruiter.id}/team`)).json().data.members;
    expect(team.map((m: { status: string }) => m.status).sort()).toEqual(['active', 'pending_approval']);
    await ctx.db.delete(settings).where(eq(settings.key, settingKeys.registrationMode));

    const unknown = await register({ email: 'x1@example.com', recruit_token: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.recruit_token).toBe(tm.recruitLinkInvalid);
    const malformed = await register({ email: 'x2@example.com', recruit_token: 'nope' });
    expect(malformed.statusCode).toBe(400);
    // Back under Manny (under Tara), Aggie sits at the depth limit (2): her link cannot take a recruit; Manny's can.
    const mannyToken = (await send('GET', `/admin/users/${manager.id}/team`)).json().data.recruit_path.split('/').pop();
    await putUpline(agent.id, { upline_id: manager.id });
    await putUpline(agent.id, { upline_id: manager.id, may_recruit: true });
    const agentToken2 = (await send('GET', `/admin/users/${agent.id}/team`)).json().data.recruit_path.split('/').pop();
    const full = await register({ email: 'x3@example.com', recruit_token: agentToken2 });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.recruit_token).toBe(tm.recruitTeamFull);
    expect((await register({ email: 'x4@example.com', recruit_token: mannyToken })).statusCode).toBe(201);
  });
});

describe('an unmatched MID assigned later', () => {
  it('is split over the chain frozen when it is assigned, like an imported one', async () => {
    // Aggie is back under Manny, under Tara (previous test).
    const committed = await upload('2027-05', ['MID-LATE-00005555,Late Cafe,3,900.00,120.00,20.00,100.00'], false);
    expect(committed.statusCode, committed.body).toBe(201);
    const assigned = await send('POST', '/admin/commissions/unmatched/assign', {
      mid: 'MID-LATE-00005555',
      partner_id: agent.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [account] = await ctx.db.select().from(merchantAccounts).where(eq(merchantAccounts.mid, 'MID-LATE-00005555'));
    const lines = await ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, account!.id));
    expect(lines.map((l) => [l.kind, l.partnerId, l.amountCents, l.level]).sort()).toEqual(
      [
        ['override', manager.id, 1_000, 1],
        ['override', top.id, 500, 2],
        ['residual', agent.id, 5_000, null],
      ].sort(),
    );
  });
});

describe("the referring partner's own share (level 0)", () => {
  it('is frozen at approval: a later plan change leaves the merchant at its old share until a version from month M', async () => {
    const lev = await createPartner(ctx.db, { fullName: 'Lev Levelzero' });
    const setShare = async (bps: number) =>
      expect(
        (await send('PUT', `/admin/users/${lev.id}/commission-plan`, { override: { ...plan, residual_share_bps: bps } }))
          .statusCode,
      ).toBe(200);
    await setShare(4_000);
    const account = await approveReferral(lev, 'MID-LEVEL0-00007777', 'Level Zero Cafe');
    const frozen = (await send('GET', `/admin/merchant-accounts/${account.id}/splits`)).json().data;
    // No upline: the version holds level 0 alone, at the share of the plan at approval.
    expect(frozen.versions).toHaveLength(1);
    expect(frozen.versions[0].levels).toEqual([expect.objectContaining({ level: 0, partner_id: lev.id, rate_bps: 4_000 })]);

    await setShare(2_500);
    // The partner reads the share their merchant pays, not the new plan's.
    const [lead] = await ctx.db.select({ publicId: leads.publicId }).from(leads).where(eq(leads.id, account.leadId!));
    const earnings = await send(
      'GET',
      `/commissions/referrals/${lead!.publicId}/earnings`,
      undefined,
      await loginAs(ctx.app, lev),
    );
    expect(earnings.statusCode, earnings.body).toBe(200);
    expect(earnings.json().data.merchant.residual_share_bps).toBe(4_000);
    const row = ['MID-LEVEL0-00007777,Level Zero Cafe,4,"1,000.00",150.00,50.00,100.00'];
    const dry = (await upload('2027-08', row, true)).json().data;
    expect(dry.matched[0]).toMatchObject({ share_bps: 4_000, residual_cents: 4_000 });
    expect(dry.totals.residual_cents).toBe(4_000);
    expect((await upload('2027-08', row, false)).statusCode).toBe(201);
    const lineOf = async (month: string) =>
      (await ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, account.id))).find(
        (l) => l.month === month && l.kind === 'residual',
      );
    expect(await lineOf('2027-08')).toMatchObject({ amountCents: 4_000, shareBps: 4_000 });
    // A merchant approved after the change gets the new share.
    const later = await approveReferral(lev, 'MID-LEVEL0-00008888', 'Later Bakery');
    expect((await send('GET', `/admin/merchant-accounts/${later.id}/splits`)).json().data.versions[0].levels[0].rate_bps).toBe(
      2_500,
    );

    // The admin applies the new share to this merchant from September: August stays as it was.
    const tooHigh = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: '2027-09',
      residual_share_bps: 12_000,
      levels: [],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errors.residual_share_bps).toBe(tm.overRate);
    const changed = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: '2027-09',
      residual_share_bps: 2_500,
      levels: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed
        .json()
        .data.versions.map((v: { from_month: string; levels: { rate_bps: number }[] }) => [v.from_month, v.levels[0]!.rate_bps]),
    ).toEqual([
      ['2027-09', 2_500],
      [account.approvedOn.slice(0, 7), 4_000],
    ]);
    expect((await upload('2027-09', row, false)).statusCode).toBe(201);
    expect(await lineOf('2027-09')).toMatchObject({ amountCents: 2_500, shareBps: 2_500 });
    expect(await lineOf('2027-08')).toMatchObject({ amountCents: 4_000, shareBps: 4_000 });
    // A version from a month already imported (on a draft) splits it again at the new share.
    const back = await send('PUT', `/admin/merchant-accounts/${account.id}/splits`, {
      from_month: '2027-08',
      residual_share_bps: 3_000,
      levels: [],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await lineOf('2027-08')).toMatchObject({ amountCents: 3_000, shareBps: 3_000 });
    expect(await lineOf('2027-09')).toMatchObject({ amountCents: 2_500, shareBps: 2_500 });
  });

  it("a partner's own negative-net rule (floored at zero) is saved on their override and frozen with the merchant", async () => {
    const flo = await createPartner(ctx.db, { fullName: 'Flo Floor' });
    const saved = await send('PUT', `/admin/users/${flo.id}/commission-plan`, {
      override: { ...plan, negative_net: 'floor_zero' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.override.negative_net).toBe('floor_zero');
    const bad = await send('PUT', `/admin/users/${flo.id}/commission-plan`, { override: { ...plan, negative_net: 'round_up' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['override.negative_net']).toBeTruthy();
    const account = await approveReferral(flo, 'MID-FLOOR-00004444', 'Floor Shop');
    const splits = (await send('GET', `/admin/merchant-accounts/${account.id}/splits`)).json().data;
    expect(splits.versions[0].levels[0]).toMatchObject({ level: 0, negative_net: 'floor_zero' });
    // Back to passing negatives on: the merchant keeps the rule it was approved with.
    await send('PUT', `/admin/users/${flo.id}/commission-plan`, { override: { ...plan, negative_net: 'pass_through' } });
    const committed = await upload('2027-10', ['MID-FLOOR-00004444,Floor Shop,1,100.00,0,80.00,-80.00'], false);
    expect(committed.statusCode, committed.body).toBe(201);
    const [line] = await ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, account.id));
    expect(line).toMatchObject({ kind: 'residual', amountCents: 0, netRevenueCents: -8_000 });
  });
});
