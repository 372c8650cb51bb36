import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  corporationTypes,
  default1099ThresholdCents,
  formatCents,
  maskTin,
  payoutMessages as m,
  type Correct1099Request,
  type EntityType,
  type Form1099Row,
  type PutTaxThresholdRequest,
  type TaxThreshold,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { form1099Corrections, payoutProfiles, statements } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import { csvRow, CsvNumber } from '../../lib/csv';
import { registerFonts, writeText } from '../../lib/pdf-fonts';
import type { SecretBox } from '../../lib/secret-box';
import { getSettingValue, getSettingValuesByPrefix, putSystemSetting } from '../settings';
import { settingKeys } from './payout-settings';
import { tinContext } from './payout-box';

async function programThreshold(db: DbExecutor, year: number): Promise<number | null> {
  const set = await getSettingValue(db, `${settingKeys.thresholdPrefix}${year}`);
  return set && /^\d+$/.test(set) && Number(set) > 0 ? Number(set) : null;
}

/** The year's threshold: the program's setting for that year (cents) when set, else the law's. */
export async function thresholdFor(db: DbExecutor, year: number): Promise<number> {
  return (await programThreshold(db, year)) ?? default1099ThresholdCents(year);
}

/**
 * GET /admin/tax/thresholds: each year from 2024 (the last at $600 before the 2026 change) to three
 * years ahead, and any other year (2020 to 2100) the program set.
 */
export async function listThresholds(db: DbExecutor, now = new Date()): Promise<TaxThreshold[]> {
  const set = new Map<number, number>();
  for (const [key, value] of await getSettingValuesByPrefix(db, settingKeys.thresholdPrefix)) {
    const year = Number(key.slice(settingKeys.thresholdPrefix.length));
    if (Number.isInteger(year) && /^\d+$/.test(value) && Number(value) > 0) set.set(year, Number(value));
  }
  const years = new Set<number>();
  for (let year = 2024; year <= now.getUTCFullYear() + 3; year++) years.add(year);
  for (const year of set.keys()) if (year >= 2020 && year <= 2100) years.add(year);
  return [...years]
    .sort((a, b) => a - b)
    .map((year) => {
      const cents = set.get(year);
      return { year, threshold_cents: cents ?? default1099ThresholdCents(year), source: cents === undefined ? 'law' : 'program' };
    });
}

/** PUT /admin/tax/thresholds: the program's threshold for a year (the "editable table for later years"); audited. */
export async function putThreshold(db: Database, input: PutTaxThresholdRequest, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await thresholdFor(tx, input.year);
    await putSystemSetting(tx, `${settingKeys.thresholdPrefix}${input.year}`, String(input.threshold_cents));
    await recordAudit(tx, {
      actorId,
      action: 'tax.threshold',
      targetType: 'tax_year',
      targetId: input.year,
      before: { threshold_cents: before },
      after: { threshold_cents: input.threshold_cents },
    });
  });
}

interface Payee {
  row: Form1099Row;
  profile: typeof payoutProfiles.$inferSelect;
}

/** US payees (a W-9 on file) whose statements paid in the year reach the threshold. */
async function payees(db: DbExecutor, year: number, threshold: number, partnerId?: number): Promise<Payee[]> {
  const rows = await db
    .select({
      profile: payoutProfiles,
      total: sql<number>`sum(${statements.totalCents})`.mapWith(Number),
      corrected: sql<boolean>`exists (select 1 from ${form1099Corrections} c where c.partner_id = ${payoutProfiles.partnerId} and c.year = ${year})`,
    })
    .from(statements)
    .innerJoin(payoutProfiles, eq(payoutProfiles.partnerId, statements.partnerId))
    .where(
      and(
        eq(statements.status, 'paid'),
        gte(statements.paidOn, `${year}-01-01`),
        lte(statements.paidOn, `${year}-12-31`),
        eq(payoutProfiles.taxKind, 'w9'),
        partnerId === undefined ? undefined : eq(payoutProfiles.partnerId, partnerId),
      ),
    )
    .groupBy(payoutProfiles.partnerId)
    .having(sql`sum(${statements.totalCents}) >= ${threshold}`)
    .orderBy(asc(payoutProfiles.partnerId));
  return rows.map(({ profile: p, total, corrected }) => {
    const form = p.taxForm!;
    const corporation = corporationTypes.includes(form.entity_type as EntityType);
    return {
      profile: p,
      row: {
        partner_id: p.partnerId,
        legal_name: form.legal_name,
        business_name: form.business_name,
        entity_type: (form.entity_type as EntityType) ?? null,
        tin_masked: p.tinLast4 && (form.tin_type === 'ssn' || form.tin_type === 'ein') ? maskTin(form.tin_type, p.tinLast4) : '',
        total_cents: total,
        corporation,
        flag: corporation ? m.corporationFlag : null,
        corrected: Boolean(corrected),
      },
    };
  });
}

export async function list1099(db: DbExecutor, year: number) {
  const threshold = await thresholdFor(db, year);
  const items = (await payees(db, year, threshold)).map((p) => p.row);
  return { year, threshold_cents: threshold, items, total_cents: items.reduce((a, r) => a + r.total_cents, 0) };
}

const header = [
  'Form Type',
  'Tax Year',
  'Recipient TIN Type',
  'Recipient TIN',
  'Recipient Name',
  'Recipient Second Name',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'ZIP',
  'Country',
  'Box 1 Nonemployee Compensation',
  'Corporation',
  'Corrected',
  'Account Number',
];

/**
 * The 1099-NEC export for e-filing: one row per payee, the TIN in full (the only export that carries
 * it), amounts in dollars. Audited with the count, never the numbers.
 */
export async function export1099Csv(db: Database, box: SecretBox, year: number, actorId: number): Promise<string> {
  const threshold = await thresholdFor(db, year);
  const list = await payees(db, year, threshold);
  let body = `\uFEFF${csvRow(header)}`;
  for (const { row, profile } of list) {
    const form = profile.taxForm!;
    const tin = profile.tinSealed ? box.open(profile.tinSealed, tinContext(profile.partnerId)) : '';
    body += csvRow([
      '1099-NEC',
      String(year),
      form.tin_type === 'ein' ? 'EIN' : 'SSN',
      tin,
      form.legal_name,
      form.business_name,
      form.address.line1,
      form.address.line2,
      form.address.city,
      form.address.state,
      form.address.zip,
      form.address.country,
      new CsvNumber((row.total_cents / 100).toFixed(2)),
      row.corporation ? 'Y' : 'N',
      row.corrected ? 'Y' : 'N',
      `P${profile.partnerId}`,
    ]);
  }
  await recordAudit(db, {
    actorId,
    action: 'tax.1099_export',
    targetType: 'tax_year',
    targetId: year,
    after: { payees: list.length, threshold_cents: threshold },
  });
  return body;
}

/** The partner's 1099-NEC copies: every ended year (from 2020) in which they were a payee. */
export async function partnerTaxDocuments(db: DbExecutor, partnerId: number, now = new Date()) {
  const years = await db
    .selectDistinct({ year: sql<number>`extract(year from ${statements.paidOn})::int`.mapWith(Number) })
    .from(statements)
    .where(and(eq(statements.partnerId, partnerId), eq(statements.status, 'paid')));
  const out: { year: number; total_cents: number; corrected: boolean }[] = [];
  for (const { year } of years.sort((a, b) => b.year - a.year)) {
    if (year >= now.getUTCFullYear() || year < 2020) continue;
    const [payee] = await payees(db, year, await thresholdFor(db, year), partnerId);
    if (payee) out.push({ year, total_cents: payee.row.total_cents, corrected: payee.row.corrected });
  }
  return out;
}

/** POST /admin/tax/1099/corrections: the form of a payee for a year is issued again, marked CORRECTED. */
export async function correct1099(db: Database, input: Correct1099Request, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [payee] = await payees(tx, input.year, await thresholdFor(tx, input.year), input.partner_id);
    if (!payee) throw unprocessable(m.notAPayee, { partner_id: m.notAPayee });
    await tx
      .insert(form1099Corrections)
      .values({ partnerId: input.partner_id, year: input.year, reason: input.reason, correctedBy: actorId })
      .onConflictDoUpdate({
        target: [form1099Corrections.partnerId, form1099Corrections.year],
        set: { reason: input.reason, correctedBy: actorId, createdAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: 'tax.1099_correct',
      targetType: 'user',
      targetId: input.partner_id,
      after: { year: input.year, reason: input.reason, total_cents: payee.row.total_cents },
    });
  });
}

/**
 * The partner's copy (Copy B) of their 1099-NEC for an ended year, as a PDF. The TIN is truncated to
 * its last four digits, as the IRS allows on a recipient's copy.
 */
export async function partner1099Pdf(
  db: DbExecutor,
  partnerId: number,
  year: number,
  payer: { name: string; now?: Date },
): Promise<Buffer> {
  const now = payer.now ?? new Date();
  const [payee] = year < now.getUTCFullYear() ? await payees(db, year, await thresholdFor(db, year), partnerId) : [];
  if (!payee) throw notFound(m.form1099NotFound);
  const { default: PDFDocument } = await import('pdfkit');
  const fixedDate = new Date(`${year + 1}-01-31T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: true,
    info: {
      Title: `Form 1099-NEC ${year}`,
      Author: payer.name,
      Creator: payer.name,
      Producer: payer.name,
      CreationDate: fixedDate,
      ModDate: fixedDate,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const form = payee.profile.taxForm!;
  const r = payee.row;
  writeText(doc.fontSize(18).fillColor('#111827'), 'bold', `Form 1099-NEC ${year}${r.corrected ? ' (CORRECTED)' : ''}`);
  doc.moveDown(0.2).font('Sans').fontSize(11).fillColor('#374151').text('Nonemployee Compensation · Copy B, for recipient');
  doc.moveDown(1).fontSize(10).fillColor('#111827');
  writeText(doc, 'bold', "PAYER'S name");
  writeText(doc, 'regular', payer.name);
  doc.moveDown(0.6);
  writeText(doc, 'bold', "RECIPIENT'S name");
  writeText(doc, 'regular', [form.legal_name, form.business_name].filter(Boolean).join('\n'));
  writeText(doc, 'regular', [form.address.line1, form.address.line2].filter(Boolean).join(', '));
  writeText(doc, 'regular', `${form.address.city}, ${form.address.state ?? ''} ${form.address.zip ?? ''}`);
  doc.moveDown(0.6);
  writeText(doc, 'bold', "RECIPIENT'S TIN");
  writeText(doc, 'regular', r.tin_masked);
  doc.moveDown(0.6);
  writeText(doc, 'bold', 'Account number');
  writeText(doc, 'regular', `P${partnerId}`);
  doc.moveDown(0.6);
  writeText(doc, 'bold', 'Box 1 · Nonemployee compensation');
  writeText(doc.fontSize(14), 'bold', formatCents(r.total_cents, 'USD'));
  doc.moveDown(1).fontSize(8).fillColor('#6b7280');
  writeText(
    doc,
    'regular',
    'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.',
  );
  doc.end();
  return done;
}
