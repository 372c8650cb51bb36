import { eq } from 'drizzle-orm';
import type { Database } from '../src/db';
import { commissionLines, settings, statements } from '../src/db/schema';

/** The program's bank (ODFI) and company, as an admin sets them, so batches can make a NACHA file. */
export async function setOriginator(db: Database): Promise<void> {
  const values = {
    'payouts.odfi_routing': '011000015',
    'payouts.odfi_name': 'Federal Reserve Bank',
    'payouts.company_name': 'Acme Payments',
    'payouts.company_id': '1987654321',
  };
  for (const [key, value] of Object.entries(values)) {
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}

/** A published statement of one approved adjustment line for the partner and month. */
export async function publishedStatement(db: Database, partnerId: number, month: string, totalCents: number) {
  const [statement] = await db
    .insert(statements)
    .values({ partnerId, month, status: 'published', adjustmentCents: totalCents, totalCents, publishedAt: new Date() })
    .returning();
  await db.insert(commissionLines).values({
    partnerId,
    kind: 'adjustment',
    status: 'approved',
    month,
    amountCents: totalCents,
    description: 'Test earnings',
    statementId: statement!.id,
  });
  return statement!;
}

/** A statement already paid on a day (for the 1099). */
export async function paidStatement(db: Database, partnerId: number, month: string, totalCents: number, paidOn: string) {
  const s = await publishedStatement(db, partnerId, month, totalCents);
  await db.update(commissionLines).set({ status: 'paid' }).where(eq(commissionLines.statementId, s.id));
  await db
    .update(statements)
    .set({ status: 'paid', paidOn, paidMethod: 'ach', paidReference: 'x' })
    .where(eq(statements.id, s.id));
  return s;
}

/** A valid W-9 (TIN 123-45-6789 unless given) and a matching checking account. */
export function w9(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'w9',
    legal_name: 'Jane Q Doe',
    business_name: null,
    entity_type: 'individual',
    address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'tx', zip: '78701' },
    tin_type: 'ssn',
    tin: '123-45-6789',
    certify: true,
    signature: 'Jane Q Doe',
    ...overrides,
  };
}

export function ach(overrides: Record<string, unknown> = {}) {
  return {
    method: 'ach',
    holder_name: 'Jane Q. Doe',
    routing_number: '021000021',
    account_number: '000123456789',
    account_type: 'checking',
    ...overrides,
  };
}
