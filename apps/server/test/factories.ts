import { randomBytes } from 'node:crypto';
import { leads, referralVisits, users } from '../src/db/schema';
import type { Database } from '../src/db';
import { hashPassword } from '../src/lib/passwords';
import type { App } from '../src/app';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

type NewUser = Partial<typeof users.$inferInsert> & { password?: string };

/** A partner (role user) with sensible defaults; any column can be overridden. */
export async function createPartner(db: Database, overrides: NewUser = {}) {
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      fullName: 'Pat Partner',
      email: `partner-${randomBytes(4).toString('hex')}@example.com`,
      role: 'user',
      ...columns,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...row!, password };
}

export function createAdmin(db: Database, overrides: NewUser = {}) {
  return createPartner(db, { fullName: 'Ada Admin', role: 'admin', ...overrides });
}

/** Logs in through the real endpoint and returns the bearer token. */
export async function loginAs(app: App, user: { email: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let leadSeq = 0;

/** A lead stored directly (no request, no outbox entry), in any status; any column can be overridden. */
export async function createLead(db: Database, overrides: Partial<typeof leads.$inferInsert> = {}) {
  const n = ++leadSeq;
  const [row] = await db
    .insert(leads)
    .values({
      referralUuid: crypto.randomUUID(),
      firstName: 'Maria',
      lastName: `Lopez ${n}`,
      email: `merchant-${n}-${randomBytes(3).toString('hex')}@shop.example`,
      company: `Corner Shop ${n}`,
      businessType: 'Retail',
      countryCode: '+1',
      phoneDigits: '4155550123',
      title: '+14155550123',
      notes: 'Call after 5pm',
      description: 'SMS Consent: Yes\nMarketing Consent: Yes\nAdditional Notes: Call after 5pm',
      smsConsent: true,
      smsConsentAt: new Date(),
      marketingConsent: true,
      marketingConsentAt: new Date(),
      consentTextVersion: 'v1:+1 555 0100',
      ipHash: 'a'.repeat(64),
      source: 'landing_page',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A counted visit to a partner's link on a day (`YYYY-MM-DD`), from a distinct visitor. */
export async function createVisit(db: Database, partnerId: number, day: string, source = 'direct') {
  await db.insert(referralVisits).values({ partnerId, day, source, visitorHash: randomBytes(8).toString('hex') });
}

/** A lead credited to a partner (or unattributed with null), stored directly; any column can be overridden. */
export function createLeadFor(
  db: Database,
  partner: { id: number; uuid: string } | null,
  overrides: Partial<typeof leads.$inferInsert> = {},
) {
  return createLead(db, {
    partnerId: partner?.id ?? null,
    referralUuid: partner?.uuid ?? '00000000-0000-4000-8000-000000000000',
    ...overrides,
  });
}
