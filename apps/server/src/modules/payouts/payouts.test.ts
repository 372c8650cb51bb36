import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { payoutMessages as m, validRoutingNumber } from '@portal/contract';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { auditLog, commissionLines, outbox, payoutProfiles, payoutReminders, payouts, statements } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import { runReminderSweep } from './reminder-sweep';
import type { Database } from '../../db';
import { totpCodeAt } from '../../lib/totp';
import { createCapturingMailer, openTestDatabase, type CapturingMailer } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { ach, paidStatement, publishedStatement, setOriginator, w9 } from '../../../test/payout-fixtures';

const require = createRequire(import.meta.url);
// A NACHA parser from the npm registry, to read our file back independently of the code that wrote it.
const achLib = require('@ach/ach')() as { getParser(format: string): NodeJS.ReadWriteStream };

interface ParsedEntry {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
  traceNumber: number;
}
interface ParsedAch {
  file: {
    footer: {
      batchCount: number;
      blockCount: number;
      entryAndAddendaCount: number;
      entryHash: number;
      totalCredit: number;
      totalDebit: number;
    };
  };
  batches: {
    entryClassCode: string;
    effectiveDate: string;
    entries: ParsedEntry[];
    footer: { entryAndAddendaCount: number; entryHash: number; totalCredit: number };
  }[];
}

function parseNacha(text: string): Promise<ParsedAch> {
  return new Promise((resolve, reject) => {
    const parser = achLib.getParser('ach');
    parser.on('data', (obj: ParsedAch) => resolve(obj));
    parser.on('error', reject);
    Readable.from([text]).pipe(parser);
  });
}

const api = '/api/v1';
const TIN = '123456789';
const ACCOUNT = '000123456789';

let app: App;
let db: Database;
let mailer: CapturingMailer;
let closeDb: () => Promise<void>;
const logs: string[] = [];
/** Every answer the tests received, to search for the full numbers. */
const answers: string[] = [];
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminAuth: Record<string, string>;

async function call(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, auth: Record<string, string>, payload?: unknown) {
  const res = await app.inject({ method, url: `${api}${url}`, headers: auth, payload: payload as object });
  answers.push(res.body);
  return res;
}

async function newPartner(name = 'Jane Q Doe') {
  const partner = await createPartner(db, { fullName: name });
  return { partner, auth: bearer(await loginAs(app, partner)) };
}

async function approveOpenReviews(partnerId: number) {
  const list = await call('GET', '/admin/payouts/review?limit=100', adminAuth);
  for (const item of list.json().data.items.filter((i: { partner_id: number }) => i.partner_id === partnerId)) {
    const res = await call('POST', `/admin/payouts/review/${item.id}`, adminAuth, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
  }
}

/** A partner with an approved W-9 and bank account: Ready. */
async function readyPartner(name: string, form: Record<string, unknown> = {}, bank: Record<string, unknown> = {}) {
  const p = await newPartner(name);
  const res = await call('PUT', '/users/payout-details', p.auth, {
    tax_form: w9({ legal_name: name, signature: name, ...form }),
    bank: ach({ holder_name: name, ...bank }),
  });
  expect(res.statusCode).toBe(200);
  await approveOpenReviews(p.partner.id);
  return p;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const handle = await openTestDatabase();
  db = handle.db;
  closeDb = () => handle.close();
  mailer = createCapturingMailer();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `pp-test-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'trace',
    PUBLIC_URL: 'http://portal.test',
    WORKER: 'off',
    RATE_LIMITS: 'off',
    HASH_SALT: 'test-salt-0123456789abcdef',
    // Nearly every request counts as slow (1 ms), so each writes a log line (method, URL, status).
    SLOW_REQUEST_MS: '1',
  });
  // Logs captured at the most verbose level, to prove the numbers never reach them.
  app = await buildApp({
    config,
    db,
    mailer,
    webDistDir: path.join(os.tmpdir(), 'no-web-build'),
    logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
  });
  await app.ready();
  admin = await createAdmin(db);
  adminAuth = bearer(await loginAs(app, admin));
  await setOriginator(db);
});

afterAll(async () => {
  await app.close();
  await closeDb();
});

describe('routing numbers', () => {
  it('accepts a valid ABA checksum and refuses every one-digit typo of it', () => {
    expect(validRoutingNumber('021000021')).toBe(true);
    for (let i = 0; i < 9; i += 1) {
      for (let d = 0; d < 10; d += 1) {
        const typo = `021000021`.slice(0, i) + d + `021000021`.slice(i + 1);
        if (typo !== '021000021') expect(validRoutingNumber(typo)).toBe(false);
      }
    }
  });
});

describe('PUT /users/payout-details: each field refused with its own message', () => {
  it('names the field and its message', async () => {
    const { auth } = await newPartner();
    const cases: [unknown, string, string][] = [
      [{ tax_form: w9(), bank: ach({ routing_number: '021000022' }) }, 'bank.routing_number', m.routingChecksum],
      [{ tax_form: w9(), bank: ach({ routing_number: '02100002' }) }, 'bank.routing_number', m.routingInvalid],
      [{ tax_form: w9({ tin: '12345678' }) }, 'tax_form.tin', m.tinInvalid],
      [{ tax_form: w9({ tin: '1234567890' }) }, 'tax_form.tin', m.tinInvalid],
      [{ tax_form: w9({ tin: '000-12-3456' }) }, 'tax_form.tin', m.ssnInvalid],
      [{ tax_form: w9({ signature: '  ' }) }, 'tax_form.signature', m.signatureRequired],
      [{ tax_form: w9({ certify: false }) }, 'tax_form.certify', m.certifyRequired],
      [
        { tax_form: w9({ address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '787' } }) },
        'tax_form.address.zip',
        m.zipInvalid,
      ],
      [{ tax_form: w9(), bank: ach({ account_number: '123' }) }, 'bank.account_number', m.accountInvalid],
      [{ tax_form: w9(), bank: ach({ holder_name: '' }) }, 'bank.holder_name', m.holderRequired],
      [
        {
          tax_form: {
            kind: 'w8ben',
            legal_name: 'Hans Muster',
            address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
            signed_on: '2020-05-01',
            certify: true,
            signature: 'Hans Muster',
          },
        },
        'tax_form.signed_on',
        m.w8Expired('2023-12-31'),
      ],
      [{}, 'tax_form', m.nothingToSave],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', '/users/payout-details', auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], res.body).toBe(message);
    }
    const outside = await call('PUT', '/users/payout-details', auth, { tax_form: w9(), bank: { method: 'outside' } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors['bank.method']).toBe(m.outsideNotAllowed);
    const bankFirst = await call('PUT', '/users/payout-details', auth, { bank: ach() });
    expect(bankFirst.json().errors['bank.method']).toBe(m.taxFormFirst);
  });

  it('takes a W-8BEN still valid, with its end date (end of the third calendar year after signing)', async () => {
    const { auth } = await newPartner('Hans Muster');
    const signedOn = new Date().toISOString().slice(0, 10);
    const res = await call('PUT', '/users/payout-details', auth, {
      tax_form: {
        kind: 'w8ben',
        legal_name: 'Hans Muster',
        address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'de' },
        foreign_tin: 'DE-98765',
        signed_on: signedOn,
        certify: true,
        signature: 'Hans Muster',
      },
    });
    expect(res.statusCode).toBe(200);
    const form = res.json().data.tax_form;
    expect(form.expires_on).toBe(`${Number(signedOn.slice(0, 4)) + 3}-12-31`);
    expect(form.address.country).toBe('DE');
    expect(form.form_revision).toMatch(/^W-8BEN /);
    expect(res.json().data.readiness).toMatchObject({ state: 'needs_attention', message: m.reasonBankMissing });
    // Sixty days before it lapses, a reminder.
    const [reminder] = await db.select().from(outbox).where(eq(outbox.action, 'mail.payout_w8_expiring'));
    expect(reminder!.nextAttemptAt.toISOString().slice(0, 10)).toBe(
      new Date(Date.parse(`${form.expires_on}T00:00:00Z`) - 60 * 86_400_000).toISOString().slice(0, 10),
    );
  });
});

describe('payout details and review', () => {
  it('stores the TIN and account sealed, answers only the last four, and moves through the readiness states', async () => {
    const { partner, auth } = await newPartner();
    const empty = await call('GET', '/users/payout-details', auth);
    expect(empty.json().data.readiness).toMatchObject({ state: 'not_started', label: 'Not started' });

    const put = await call('PUT', '/users/payout-details', auth, { tax_form: w9(), bank: ach() });
    expect(put.statusCode).toBe(200);
    const data = put.json().data;
    expect(data.tax_form).toMatchObject({ kind: 'w9', status: 'submitted', tin_masked: '•••-••-6789', signature: 'Jane Q Doe' });
    expect(data.tax_form.form_revision).toBe('W-9 (Rev. March 2024)');
    // "Jane Q. Doe" matches "Jane Q Doe": punctuation does not count; the account needs no review.
    expect(data.bank).toMatchObject({
      status: 'approved',
      account_masked: '••••6789',
      routing_masked: '••••0021',
      name_matches: true,
    });
    expect(data.readiness).toMatchObject({ state: 'submitted', label: 'Submitted' });

    const [stored] = await db.select().from(payoutProfiles).where(eq(payoutProfiles.partnerId, partner.id));
    expect(stored!.tinSealed).not.toContain(TIN);
    expect(stored!.bankSealed).not.toContain(ACCOUNT);
    expect(stored!.tinLast4).toBe('6789');

    const queue = await call('GET', '/admin/payouts/review', adminAuth);
    const item = queue.json().data.items.find((i: { partner_id: number }) => i.partner_id === partner.id);
    expect(item).toMatchObject({ kind: 'tax_form', summary: 'W-9 · Jane Q Doe · SSN •••-••-6789' });

    const reject = await call('POST', `/admin/payouts/review/${item.id}`, adminAuth, { decision: 'reject' });
    expect(reject.json().errors.reason).toBe(m.reasonRequired);
    const rejected = await call('POST', `/admin/payouts/review/${item.id}`, adminAuth, {
      decision: 'reject',
      reason: 'The name does not match the IRS records',
    });
    expect(rejected.statusCode).toBe(200);
    const after = await call('GET', '/users/payout-details', auth);
    expect(after.json().data.readiness).toMatchObject({
      state: 'needs_attention',
      message: m.reasonTaxRejected('The name does not match the IRS records'),
    });
    expect(await db.select().from(outbox).where(eq(outbox.action, 'mail.payout_review_rejected'))).toHaveLength(1);
    const again = await call('POST', `/admin/payouts/review/${item.id}`, adminAuth, { decision: 'approve' });
    expect(again.statusCode).toBe(409);

    await call('PUT', '/users/payout-details', auth, { tax_form: w9() });
    await approveOpenReviews(partner.id);
    const ready = await call('GET', '/users/payout-details', auth);
    expect(ready.json().data.readiness).toMatchObject({ state: 'ready', label: 'Ready' });
  });

  it('sends an account whose holder matches neither name to review, flagged', async () => {
    const { partner, auth } = await newPartner();
    const res = await call('PUT', '/users/payout-details', auth, { tax_form: w9(), bank: ach({ holder_name: 'Someone Else' }) });
    expect(res.json().data.bank).toMatchObject({ status: 'submitted', name_matches: false });
    const queue = await call('GET', '/admin/payouts/review?limit=100', adminAuth);
    const bankItem = queue
      .json()
      .data.items.find((i: { partner_id: number; kind: string }) => i.partner_id === partner.id && i.kind === 'bank_account');
    expect(bankItem.flags).toEqual([m.nameMismatch]);
    // The business name matches too.
    const biz = await call('PUT', '/users/payout-details', auth, {
      tax_form: w9({ business_name: 'Doe Consulting LLC', entity_type: 'llc_single_member' }),
      bank: ach({ holder_name: 'DOE CONSULTING, LLC' }),
    });
    expect(biz.json().data.bank).toMatchObject({ status: 'approved', name_matches: true });
  });

  it('shows full numbers only to an admin who gives their two-factor code again, and audits it', async () => {
    const { partner, auth } = await newPartner();
    await call('PUT', '/users/payout-details', auth, { tax_form: w9() });
    const queue = await call('GET', '/admin/payouts/review?limit=100', adminAuth);
    const item = queue.json().data.items.find((i: { partner_id: number }) => i.partner_id === partner.id);
    const noTwoFactor = await call('POST', `/admin/payouts/review/${item.id}/reveal`, adminAuth, { code: '123456' });
    expect(noTwoFactor.statusCode).toBe(403);
    expect(noTwoFactor.json().message).toBe(m.twoFactorRequired);

    const setup = await call('POST', '/users/two-factor/setup', adminAuth, { password: admin.password });
    const secret = setup.json().data.secret as string;
    const enabled = await call('POST', '/users/two-factor/enable', adminAuth, { code: totpCodeAt(secret, Date.now()) });
    expect(enabled.statusCode).toBe(200);
    // Enabling ends other sessions but keeps this one.
    const wrong = await call('POST', `/admin/payouts/review/${item.id}/reveal`, adminAuth, {
      code: totpCodeAt(secret, Date.now()) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: `${api}/admin/payouts/review/${item.id}/reveal`,
      headers: adminAuth,
      payload: { code: totpCodeAt(secret, Date.now() + 30_000) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tin).toBe(TIN);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout_details.reveal'), eq(auditLog.targetId, String(partner.id))));
    expect(row!.after).toMatchObject({ shown: ['tin'] });
    expect(JSON.stringify(row)).not.toContain(TIN);
  });
});

describe('batches, NACHA, sent, returns', () => {
  it('pays the month: NACHA read back by a parser, sent once, a return, the retry in the next batch; numbers never leak', async () => {
    const jane = await readyPartner('Jane Q Doe');
    const corp = await readyPartner(
      'Acme Widgets Inc',
      { entity_type: 'c_corp', tin_type: 'ein', tin: '98-7654321' },
      {
        routing_number: '011000015',
        account_number: '55554444',
        account_type: 'savings',
      },
    );
    const waiting = await newPartner('Wally Waiting');
    const s1 = await publishedStatement(db, jane.partner.id, '2026-10', 12_345);
    const s2 = await publishedStatement(db, corp.partner.id, '2026-10', 250_000);
    await publishedStatement(db, waiting.partner.id, '2026-10', 9_900);

    const created = await call('POST', '/admin/payouts/batches', adminAuth, {
      month: '2026-10',
      effective_date: inDays(3),
      prenotes: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json().data;
    const mine = batch.payouts.filter((p: { partner_id: number }) => [jane.partner.id, corp.partner.id].includes(p.partner_id));
    expect(
      mine.map((p: { entry_class: string; amount_cents: number; prenote: boolean }) => [
        p.entry_class,
        p.amount_cents,
        p.prenote,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['PPD', 12_345, true],
        ['CCD', 250_000, true],
      ]),
    );
    expect(batch.held).toContainEqual(
      expect.objectContaining({ partner_id: waiting.partner.id, reason: m.heldNotReady, total_cents: 9_900 }),
    );
    const wally = await call('GET', '/users/payout-details', waiting.auth);
    expect(wally.json().data.readiness).toMatchObject({ state: 'not_started', held_cents: 9_900 });

    const nacha = await app.inject({
      method: 'GET',
      url: `${api}/admin/payouts/batches/${batch.batch.id}/nacha`,
      headers: adminAuth,
    });
    expect(nacha.statusCode, nacha.body).toBe(200);
    expect(nacha.headers['content-disposition']).toMatch(/attachment; filename="payouts-2026-10-batch-\d+\.ach"/);
    const lines = nacha.body.split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    const parsed = await parseNacha(nacha.body);
    const pending = batch.payouts.filter((p: { status: string }) => p.status === 'pending');
    const total = pending.reduce((a: number, p: { amount_cents: number }) => a + p.amount_cents, 0);
    expect(parsed.file.footer.totalCredit).toBe(total);
    expect(parsed.file.footer.totalDebit).toBe(0);
    expect(parsed.file.footer.blockCount).toBe(lines.length / 10);
    const entries = parsed.batches.flatMap((b) => b.entries.map((e) => ({ ...e, sec: b.entryClassCode })));
    // One credit per payout and a zero-dollar prenote for each account never paid.
    expect(entries).toHaveLength(pending.length * 2);
    expect(parsed.file.footer.entryAndAddendaCount).toBe(entries.length);
    expect(parsed.file.footer.batchCount).toBe(parsed.batches.length);
    const hash = entries.reduce((a, e) => a + e.receivingDFIIdentification, 0) % 10_000_000_000;
    expect(parsed.file.footer.entryHash).toBe(hash);
    for (const b of parsed.batches) {
      expect(b.footer.totalCredit).toBe(b.entries.reduce((a, e) => a + e.amount, 0));
      expect(b.footer.entryAndAddendaCount).toBe(b.entries.length);
    }
    const janeCredit = entries.find((e) => e.identificationNumber === String(jane.partner.id) && e.transactionCode === '22')!;
    expect(janeCredit).toMatchObject({ sec: 'PPD', amount: 12_345, dfiAccount: ACCOUNT, receivingCompanyName: 'JANE Q DOE' });
    expect(`${janeCredit.receivingDFIIdentification}`.padStart(8, '0') + janeCredit.checkDigit).toBe('021000021');
    expect(entries.find((e) => e.identificationNumber === String(jane.partner.id) && e.transactionCode === '23')!.amount).toBe(0);
    const corpCredit = entries.find((e) => e.identificationNumber === String(corp.partner.id) && e.transactionCode === '32')!;
    expect(corpCredit).toMatchObject({ sec: 'CCD', amount: 250_000, dfiAccount: '55554444' });

    const sent = await call('POST', `/admin/payouts/batches/${batch.batch.id}/sent`, adminAuth);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.batch.status).toBe('sent');
    const twice = await call('POST', `/admin/payouts/batches/${batch.batch.id}/sent`, adminAuth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(m.batchSent);
    const [paid] = await db.select().from(statements).where(eq(statements.id, s1.id));
    expect(paid).toMatchObject({
      status: 'paid',
      paidMethod: 'ach',
      paidReference: `Payout batch #${batch.batch.number}`,
      paidOn: batch.batch.effective_date,
    });
    expect((await db.select().from(commissionLines).where(eq(commissionLines.statementId, s1.id)))[0]!.status).toBe('paid');
    const sentAudit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.status'), eq(auditLog.targetType, 'payout')));
    expect(sentAudit.filter((a) => (a.after as { status: string }).status === 'sent').length).toBeGreaterThanOrEqual(2);

    const janePayout = sent.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === jane.partner.id);
    expect(janePayout.status).toBe('sent');
    expect(janePayout.trace_number).toMatch(/^01100001\d{7}$/);
    const ret = await call('POST', '/admin/payouts/returns', adminAuth, { payout_id: janePayout.id, return_code: 'r03' });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(ret.json().data).toMatchObject({ status: 'returned', return_code: 'R03' });
    const [back] = await db.select().from(statements).where(eq(statements.id, s1.id));
    expect(back).toMatchObject({ status: 'published', paidOn: null, paidReference: null });
    expect((await db.select().from(commissionLines).where(eq(commissionLines.statementId, s1.id)))[0]!.status).toBe('approved');
    expect((await db.select().from(statements).where(eq(statements.id, s2.id)))[0]!.status).toBe('paid');
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.action, 'mail.payout_returned'), eq(outbox.subjectId, janePayout.id))),
    ).toHaveLength(1);
    const bad = await call('POST', '/admin/payouts/returns', adminAuth, { payout_id: janePayout.id, return_code: 'R99' });
    expect(bad.json().errors.return_code).toBe(m.returnCodeInvalid);
    const againReturn = await call('POST', '/admin/payouts/returns', adminAuth, { payout_id: janePayout.id, return_code: 'R03' });
    expect(againReturn.statusCode).toBe(409);
    // The worker's handler mails the partner what happened and what to fix.
    const [returnEntry] = await db.select().from(outbox).where(eq(outbox.subjectId, janePayout.id));
    await app.outbox.handlers['mail.payout_returned']!.handle(returnEntry!, { db, log: app.log, now: Date.now });
    const mail = mailer.sent.at(-1)!;
    expect(mail.subject).toBe(m.returnedSubject);
    expect(mail.text).toContain('$123.45');
    expect(mail.text).toContain('R03: No account, or unable to locate account');
    expect(mail.text).toContain('Check the account number and the name on the account.');
    expect(mail.text).not.toContain(ACCOUNT);

    // R03 is an account problem: Jane must give another account before the retry.
    const janeView = await call('GET', '/users/payout-details', jane.auth);
    expect(janeView.json().data.readiness.state).toBe('needs_attention');
    expect(janeView.json().data.readiness.message).toContain('R03');
    expect(janeView.json().data.readiness.last_payout).toMatchObject({
      status: 'returned',
      return_code: 'R03',
      amount_cents: 12_345,
    });
    const held = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-11', effective_date: inDays(25) });
    expect(held.json().data.held).toContainEqual(
      expect.objectContaining({ partner_id: jane.partner.id, reason: m.heldNotReady }),
    );

    await call('PUT', '/users/payout-details', jane.auth, {
      bank: ach({ holder_name: 'Jane Q Doe', account_number: '99990000111' }),
    });
    const retry = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-11', effective_date: inDays(25) });
    const retried = retry.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === jane.partner.id);
    expect(retried).toMatchObject({
      status: 'pending',
      amount_cents: 12_345,
      retry: true,
      account_masked: '••••0111',
      statement_months: ['2026-10'],
    });
    const list = await call('GET', '/admin/payouts/batches', adminAuth);
    expect(list.json().data.items.map((b: { month: string; status: string }) => [b.month, b.status])).toEqual(
      expect.arrayContaining([
        ['2026-11', 'draft'],
        ['2026-10', 'sent'],
      ]),
    );

    // The full numbers appear in no stored audit row, no API answer and no log line.
    expect(answers.length).toBeGreaterThan(15);
    expect(logs.length).toBeGreaterThan(10);
    const audit = JSON.stringify(await db.select().from(auditLog));
    const outboxRows = JSON.stringify(await db.select().from(outbox));
    for (const secret of [TIN, '123-45-6789', ACCOUNT, '99990000111', '987654321', '55554444']) {
      expect(audit).not.toContain(secret);
      expect(outboxRows).not.toContain(secret);
      expect(logs.join('\n')).not.toContain(secret);
      for (const body of answers) expect(body.includes(secret), secret).toBe(false);
    }
  });

  it('holds the next payout once when the bank account changes within 10 days of it, and mails the partner', async () => {
    const sam = await readyPartner('Sam Switch');
    const steady = await readyPartner('Stella Steady');
    await publishedStatement(db, sam.partner.id, '2026-09', 40_000);
    await publishedStatement(db, steady.partner.id, '2026-09', 10_000);
    const draft = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-09', effective_date: inDays(5) });
    expect(draft.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === sam.partner.id).status).toBe('pending');
    // The sign-in email was changed a few days ago (by an admin, as only admins can): the old address hears of the bank change too.
    const oldEmail = sam.partner.email;
    const moved = await call('PATCH', `/admin/users/${sam.partner.id}`, adminAuth, { email: 'sam.switch.new@example.com' });
    expect(moved.statusCode, moved.body).toBe(200);
    await call('PUT', '/users/payout-details', sam.auth, {
      bank: ach({ holder_name: 'Sam Switch', account_number: '77778888' }),
    });
    const view = await call('GET', '/users/payout-details', sam.auth);
    expect(view.json().data.readiness.payout_hold).toMatch(/next payout is held once/);
    expect(view.json().data.readiness.held_cents).toBe(40_000);
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.action, 'mail.payout_bank_changed'), eq(outbox.subjectId, String(sam.partner.id))));
    expect(mails).toHaveLength(1);
    await createOutboxProcessor(db, { handlers: app.outbox.handlers, log: app.log }).processDue();
    const told = mailer.sent.filter((mail) => mail.subject === m.bankChangedSubject).map((mail) => JSON.stringify(mail.to));
    expect(told.filter((to) => to.includes('sam.switch.new@example.com'))).toHaveLength(1);
    expect(told.filter((to) => to.includes(oldEmail))).toHaveLength(1);
    const detail = await call('GET', `/admin/payouts/batches/${draft.json().data.batch.id}`, adminAuth);
    expect(detail.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === sam.partner.id).status).toBe(
      'canceled',
    );
    expect(detail.json().data.held).toContainEqual(
      expect.objectContaining({ partner_id: sam.partner.id, reason: m.heldPayoutHold }),
    );
    // Once that batch is sent the hold is spent.
    const sent = await call('POST', `/admin/payouts/batches/${draft.json().data.batch.id}/sent`, adminAuth);
    expect(sent.statusCode, sent.body).toBe(200);
    const [profile] = await db.select().from(payoutProfiles).where(eq(payoutProfiles.partnerId, sam.partner.id));
    expect(profile!.payoutHoldSince).toBeNull();
  });

  it('marks a sent batch settled: its sent payouts become paid (a draft cannot be settled)', async () => {
    const sue = await readyPartner('Sue Settle');
    await publishedStatement(db, sue.partner.id, '2026-07', 45_600);
    const created = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-07', effective_date: inDays(2) });
    const batchId = created.json().data.batch.id;
    const early = await call('POST', `/admin/payouts/batches/${batchId}/settled`, adminAuth);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(m.batchNotSent);
    expect((await call('POST', `/admin/payouts/batches/${batchId}/sent`, adminAuth)).statusCode).toBe(200);
    const settled = await call('POST', `/admin/payouts/batches/${batchId}/settled`, adminAuth);
    expect(settled.statusCode, settled.body).toBe(200);
    const live = settled.json().data.payouts.filter((p: { status: string }) => p.status !== 'canceled');
    expect(settled.json().message).toBe(m.batchSettled(live.length));
    expect(live.find((p: { partner_id: number }) => p.partner_id === sue.partner.id).status).toBe('paid');
    const [row] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.batchId, batchId), eq(payouts.partnerId, sue.partner.id)));
    expect(row!.status).toBe('paid');
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.status'), eq(auditLog.targetId, row!.id)));
    expect(audits.map((a) => (a.after as { status: string }).status)).toEqual(['sent', 'paid']);
  });

  it('excludes and includes a partner in a draft batch, and refuses a past effective date', async () => {
    const ed = await readyPartner('Ed Exclude');
    await publishedStatement(db, ed.partner.id, '2026-08', 30_000);
    const past = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-08', effective_date: '2020-01-01' });
    expect(past.json().errors.effective_date).toBe(m.effectiveDateInvalid);
    const created = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-08', effective_date: inDays(2) });
    const batchId = created.json().data.batch.id;
    const payout = created.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === ed.partner.id);
    const out = await call('POST', `/admin/payouts/batches/${batchId}/payouts/${payout.id}`, adminAuth, { included: false });
    expect(out.json().data.payouts.find((p: { id: string }) => p.id === payout.id).status).toBe('canceled');
    // A rebuild keeps the exclusion.
    const rebuilt = await call('POST', '/admin/payouts/batches', adminAuth, { month: '2026-08', effective_date: inDays(2) });
    expect(rebuilt.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === ed.partner.id).status).toBe(
      'canceled',
    );
    const newId = rebuilt.json().data.payouts.find((p: { partner_id: number }) => p.partner_id === ed.partner.id).id;
    const back = await call('POST', `/admin/payouts/batches/${batchId}/payouts/${newId}`, adminAuth, { included: true });
    expect(back.json().data.payouts.find((p: { id: string }) => p.id === newId).status).toBe('pending');
    const rows = await db.select().from(payouts).where(eq(payouts.id, newId));
    expect(rows[0]!.status).toBe('pending');
  });
});

describe('held statements', () => {
  it('marks a not-Ready partner’s published statement held, with the reason, for the admin and the partner (JSON, CSV, PDF)', async () => {
    const hal = await newPartner('Hal Held');
    const s = await publishedStatement(db, hal.partner.id, '2025-04', 12_300);
    const admin = await call('GET', `/admin/statements?partner_id=${hal.partner.id}`, adminAuth);
    expect(admin.json().data.items).toEqual([expect.objectContaining({ id: s.id, held: m.heldNotReady })]);
    const adminDetail = await call('GET', `/admin/statements/${s.id}`, adminAuth);
    expect(adminDetail.json().data.statement.held).toBe(m.heldNotReady);
    const mine = await call('GET', '/commissions/statements', hal.auth);
    expect(mine.json().data.items).toEqual([expect.objectContaining({ id: s.id, held: m.heldNotReady })]);
    const csv = await call('GET', `/commissions/statements/${s.id}.csv`, hal.auth);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Section, r.Status])).toEqual([
      ['Adjustment', `${m.heldLabel}: ${m.heldNotReady}`],
      ['Total', `${m.heldLabel}: ${m.heldNotReady}`],
    ]);
    const pdf = await call('GET', `/commissions/statements/${s.id}.pdf`, hal.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // Ready now: nothing holds it, and it rolls into the next batch.
    await call('PUT', '/users/payout-details', hal.auth, { tax_form: w9({ legal_name: 'Hal Held', signature: 'Hal Held' }) });
    await call('PUT', '/users/payout-details', hal.auth, { bank: ach({ holder_name: 'Hal Held' }) });
    expect((await call('GET', `/commissions/statements/${s.id}`, hal.auth)).json().data.statement.held).toBe(m.heldNotReady);
    await approveOpenReviews(hal.partner.id);
    const after = await call('GET', `/commissions/statements/${s.id}`, hal.auth);
    expect(after.json().data.statement.held).toBeNull();
    const csvAfter = await call('GET', `/admin/statements/${s.id}.csv`, adminAuth);
    expect(csvAfter.body).not.toContain(m.heldLabel);
  });

  it('marks the statement held once while a bank change holds the payout', async () => {
    const bo = await readyPartner('Bo Bank');
    const s = await publishedStatement(db, bo.partner.id, '2025-05', 20_000);
    expect((await call('GET', `/admin/statements/${s.id}`, adminAuth)).json().data.statement.held).toBeNull();
    await db.update(payoutProfiles).set({ payoutHoldSince: new Date() }).where(eq(payoutProfiles.partnerId, bo.partner.id));
    expect((await call('GET', `/admin/statements/${s.id}`, adminAuth)).json().data.statement.held).toBe(m.heldPayoutHold);
    expect((await call('GET', `/commissions/statements/${s.id}`, bo.auth)).json().data.statement.held).toBe(m.heldPayoutHold);
  });
});

describe('reminders of a held partner (the hourly sweep)', () => {
  const T0 = Date.parse('2024-03-01T12:00:00Z');
  const at = (days: number, hours = 0) => new Date(T0 + days * 86_400_000 + hours * 3_600_000);
  const remindersOf = async (partnerId: number) =>
    (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.action, 'mail.payout_reminder'), eq(outbox.subjectId, String(partnerId))))
    ).map((r) => (r.payload as { day: number }).day);

  it('reminds on day 0, 7 and 30 of the hold, each exactly once; a late first sweep sends only the latest day', async () => {
    const rita = await newPartner('Rita Remind');
    const lara = await newPartner('Lara Late');
    const ready = await readyPartner('Rob Ready');
    const publishOnDay0 = async (partnerId: number) => {
      const s = await publishedStatement(db, partnerId, '2024-02', 5_000);
      await db
        .update(statements)
        .set({ publishedAt: at(0) })
        .where(eq(statements.id, s.id));
    };
    await publishOnDay0(rita.partner.id);
    await publishOnDay0(ready.partner.id);
    await runReminderSweep(db, at(0, -1));
    expect(await remindersOf(rita.partner.id)).toEqual([]);
    await runReminderSweep(db, at(0, 1));
    await runReminderSweep(db, at(0, 2));
    expect(await remindersOf(rita.partner.id)).toEqual([0]);
    await createOutboxProcessor(db, { handlers: app.outbox.handlers, log: app.log }).processDue();
    expect(
      mailer.sent.filter((mail) => mail.subject === m.reminderSubject && JSON.stringify(mail.to).includes(rita.partner.email)),
    ).toHaveLength(1);

    await runReminderSweep(db, at(6, 23));
    expect(await remindersOf(rita.partner.id)).toEqual([0]);
    await runReminderSweep(db, at(7, 1));
    await runReminderSweep(db, at(8));
    expect(await remindersOf(rita.partner.id)).toEqual([0, 7]);
    // Lara's statement dates from day 0, but the first sweep that sees it runs on day 10: day 7 only.
    await publishOnDay0(lara.partner.id);
    await runReminderSweep(db, at(10));
    expect(await remindersOf(lara.partner.id)).toEqual([7]);
    expect(
      (await db.select().from(payoutReminders).where(eq(payoutReminders.partnerId, lara.partner.id))).map((r) => r.day).sort(),
    ).toEqual([0, 7]);
    await runReminderSweep(db, at(30, 1));
    await runReminderSweep(db, at(45));
    expect(await remindersOf(rita.partner.id)).toEqual([0, 7, 30]);
    const stored = await db.select().from(payoutReminders).where(eq(payoutReminders.partnerId, rita.partner.id));
    expect(stored.map((r) => r.day).sort((a, b) => a - b)).toEqual([0, 7, 30]);

    expect(await remindersOf(lara.partner.id)).toEqual([7, 30]);
    expect(await remindersOf(ready.partner.id)).toEqual([]);
  });
});

describe('1099-NEC', () => {
  it('keeps an editable threshold table: the law’s years, a later year set by an admin, tested at $2,000 for 2027', async () => {
    const list = await call('GET', '/admin/tax/thresholds', adminAuth);
    expect(list.statusCode).toBe(200);
    const byYear = (items: { year: number }[], year: number) => items.find((i) => i.year === year);
    expect(byYear(list.json().data.items, 2025)).toEqual({ year: 2025, threshold_cents: 60_000, source: 'law' });
    expect(byYear(list.json().data.items, 2026)).toEqual({ year: 2026, threshold_cents: 200_000, source: 'law' });

    for (const [body, field, message] of [
      [{ year: 2019, threshold_cents: 200_000 }, 'year', m.thresholdYearInvalid],
      [{ year: 2101, threshold_cents: 200_000 }, 'year', m.thresholdYearInvalid],
      [{ year: 2027.5, threshold_cents: 200_000 }, 'year', m.thresholdYearInvalid],
      [{ year: 2027, threshold_cents: 0 }, 'threshold_cents', m.thresholdAmountInvalid],
      [{ year: 2027, threshold_cents: -100 }, 'threshold_cents', m.thresholdAmountInvalid],
      [{ year: 2027, threshold_cents: '2000' }, 'threshold_cents', m.thresholdAmountInvalid],
    ] as const) {
      const bad = await call('PUT', '/admin/tax/thresholds', adminAuth, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[field]).toBe(message);
    }
    const set = await call('PUT', '/admin/tax/thresholds', adminAuth, { year: 2027, threshold_cents: 200_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(m.thresholdSaved(2027));
    expect(byYear(set.json().data.items, 2027)).toEqual({ year: 2027, threshold_cents: 200_000, source: 'program' });
    const later = await call('PUT', '/admin/tax/thresholds', adminAuth, { year: 2090, threshold_cents: 250_000 });
    expect(byYear(later.json().data.items, 2090)).toEqual({ year: 2090, threshold_cents: 250_000, source: 'program' });

    const out = await readyPartner('Olive Out', { tin: '444-55-6666' });
    const inn = await readyPartner('Ian In', { tin: '555-66-7777' });
    await paidStatement(db, out.partner.id, '2027-01', 199_999, '2027-02-10');
    await paidStatement(db, inn.partner.id, '2027-01', 200_000, '2027-02-10');
    const y2027 = await call('GET', '/admin/tax/1099?year=2027', adminAuth);
    expect(y2027.json().data.threshold_cents).toBe(200_000);
    expect(y2027.json().data.items.map((i: { partner_id: number }) => i.partner_id)).toEqual([inn.partner.id]);
    // A cent lower and Olive is a payee too.
    await call('PUT', '/admin/tax/thresholds', adminAuth, { year: 2027, threshold_cents: 199_999 });
    const lowered = await call('GET', '/admin/tax/1099?year=2027', adminAuth);
    expect(
      lowered
        .json()
        .data.items.map((i: { partner_id: number }) => i.partner_id)
        .sort(),
    ).toEqual([out.partner.id, inn.partner.id].sort());
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'tax.threshold'));
    expect(audits.at(-1)).toMatchObject({
      targetId: '2027',
      before: { threshold_cents: 200_000 },
      after: { threshold_cents: 199_999 },
    });
  });

  it('lists US payees at or above the year’s threshold: $1,999.99 out, $2,000.00 in; the CSV carries the TIN', async () => {
    const under = await readyPartner('Una Under', { tin: '111-22-3333' });
    const at = await readyPartner('Abe At', { tin: '222-33-4444' });
    const corp = await readyPartner('Big Corp', { entity_type: 's_corp', tin_type: 'ein', tin: '33-4445555' });
    await paidStatement(db, under.partner.id, '2026-01', 199_999, '2026-02-10');
    await paidStatement(db, at.partner.id, '2026-01', 150_000, '2026-02-10');
    await paidStatement(db, at.partner.id, '2026-02', 50_000, '2026-03-10');
    await paidStatement(db, corp.partner.id, '2026-01', 300_000, '2026-02-10');
    // Paid in 2025: counts for 2025 (threshold $600), not 2026.
    await paidStatement(db, under.partner.id, '2025-11', 70_000, '2025-12-10');

    const res = await call('GET', '/admin/tax/1099?year=2026', adminAuth);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.threshold_cents).toBe(200_000);
    const ids = data.items.map((i: { partner_id: number }) => i.partner_id);
    expect(ids).toContain(at.partner.id);
    expect(ids).not.toContain(under.partner.id);
    expect(data.items.find((i: { partner_id: number }) => i.partner_id === at.partner.id)).toMatchObject({
      total_cents: 200_000,
      tin_masked: '•••-••-4444',
      corporation: false,
    });
    expect(data.items.find((i: { partner_id: number }) => i.partner_id === corp.partner.id)).toMatchObject({
      corporation: true,
      flag: m.corporationFlag,
    });
    const y2025 = await call('GET', '/admin/tax/1099?year=2025', adminAuth);
    expect(y2025.json().data.threshold_cents).toBe(60_000);
    expect(y2025.json().data.items.map((i: { partner_id: number }) => i.partner_id)).toEqual([under.partner.id]);
    expect((await call('GET', '/admin/tax/1099?year=1999', adminAuth)).json().errors.year).toBe(m.yearInvalid);

    const csv = await app.inject({ method: 'GET', url: `${api}/admin/tax/1099.csv?year=2026`, headers: adminAuth });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const abe = rows.find((r) => r['Recipient Name'] === 'Abe At')!;
    expect(abe).toMatchObject({
      'Recipient TIN': '222334444',
      'Recipient TIN Type': 'SSN',
      'Box 1 Nonemployee Compensation': '2000.00',
      Corporation: 'N',
      State: 'TX',
    });
    expect(rows.find((r) => r['Recipient Name'] === 'Una Under')).toBeUndefined();
    const [exportAudit] = await db.select().from(auditLog).where(eq(auditLog.action, 'tax.1099_export'));
    expect(JSON.stringify(exportAudit)).not.toContain('222334444');

    // A corrected form: the export says so.
    const notPayee = await call('POST', '/admin/tax/1099/corrections', adminAuth, {
      partner_id: under.partner.id,
      year: 2026,
      reason: 'x',
    });
    expect(notPayee.statusCode).toBe(422);
    const corrected = await call('POST', '/admin/tax/1099/corrections', adminAuth, {
      partner_id: at.partner.id,
      year: 2026,
      reason: 'A return after January',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.items.find((i: { partner_id: number }) => i.partner_id === at.partner.id).corrected).toBe(true);
    const csv2 = await app.inject({ method: 'GET', url: `${api}/admin/tax/1099.csv?year=2026`, headers: adminAuth });
    const rows2 = parse(csv2.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows2.find((r) => r['Recipient Name'] === 'Abe At')!.Corrected).toBe('Y');

    // The partner's copy of an ended year (2025), from their payout details; none for 2026 yet.
    const una = await call('GET', '/users/payout-details', under.auth);
    expect(una.json().data.tax_documents).toEqual([{ year: 2025, total_cents: 70_000, corrected: false }]);
    const pdf = await app.inject({ method: 'GET', url: `${api}/users/payout-details/1099/2025.pdf`, headers: under.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from('111223333'))).toBe(false);
    const notYet = await app.inject({ method: 'GET', url: `${api}/users/payout-details/1099/2026.pdf`, headers: at.auth });
    expect(notYet.statusCode).toBe(404);
    const other = await app.inject({ method: 'GET', url: `${api}/users/payout-details/1099/2025.pdf`, headers: at.auth });
    expect(other.statusCode).toBe(404);
  });
});
