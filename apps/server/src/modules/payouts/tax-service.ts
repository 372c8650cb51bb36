import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  corporationTypes,
  default1099ThresholdCents,
  maskTin,
  payoutMessages as m,
  type EntityType,
  type Form1099Row,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { payoutProfiles, statements } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { csvRow, CsvNumber } from '../../lib/csv';
import type { SecretBox } from '../../lib/secret-box';
import { getSettingValue } from '../settings';
import { settingKeys } from './details-service';
import { tinContext } from './payout-box';

/** The year's threshold: the program's setting for that year (cents) when set, else the law's. */
export async function thresholdFor(db: DbExecutor, year: number): Promise<number> {
  const set = await getSettingValue(db, `${settingKeys.thresholdPrefix}${year}`);
  return set && /^\d+$/.test(set) ? Number(set) : default1099ThresholdCents(year);
}

interface Payee {
  row: Form1099Row;
  profile: typeof payoutProfiles.$inferSelect;
}

/** US payees (a W-9 on file) whose statements paid in the year reach the threshold. */
async function payees(db: DbExecutor, year: number, threshold: number): Promise<Payee[]> {
  const rows = await db
    .select({ profile: payoutProfiles, total: sql<number>`sum(${statements.totalCents})`.mapWith(Number) })
    .from(statements)
    .innerJoin(payoutProfiles, eq(payoutProfiles.partnerId, statements.partnerId))
    .where(
      and(
        eq(statements.status, 'paid'),
        gte(statements.paidOn, `${year}-01-01`),
        lte(statements.paidOn, `${year}-12-31`),
        eq(payoutProfiles.taxKind, 'w9'),
      ),
    )
    .groupBy(payoutProfiles.partnerId)
    .having(sql`sum(${statements.totalCents}) >= ${threshold}`)
    .orderBy(asc(payoutProfiles.partnerId));
  return rows.map(({ profile: p, total }) => {
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
      'N',
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
