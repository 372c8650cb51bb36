import { sql } from 'drizzle-orm';
import { integrityMessages as m, type PrecheckRequest } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { merchantAccounts, normalizedName } from '../../db/schema';
import type { CounterStore } from '../../lib/counter-store';
import { AppError } from '../../lib/errors';
import { findMatches, nameSimilarity, owns } from './claims';
import { withoutAccents } from './keys';
import { companyDomainOf } from './email-domains';

export const precheckDailyLimit = 20;

/**
 * POST /leads/mine/precheck: "is this business already registered?" answers only available or
 * taken (held by another partner inside their window, or already a merchant), never who or by what
 * it matched, at most 20 times a UTC day per partner, so it cannot be used to fish for data.
 */
export async function precheck(
  db: DbExecutor,
  counters: CounterStore,
  partnerId: number,
  input: PrecheckRequest,
  now = new Date(),
): Promise<{ result: 'available' | 'taken'; remaining_today: number }> {
  const day = now.toISOString().slice(0, 10);
  const used = await counters.increment(`integrity:precheck:${partnerId}:${day}`, 86_400_000);
  if (used > precheckDailyLimit) throw new AppError(429, m.precheckLimit, undefined, 'PRECHECK_LIMIT');
  const countryCode = input.country_code?.trim() || '+1';
  const digits = input.phone?.replace(/\D/g, '') ?? '';
  const email = input.email?.trim().toLowerCase() || null;
  const matches = await findMatches(
    db,
    {
      phoneKey: digits ? `${countryCode}${digits}` : null,
      emailKey: email,
      domainKey: email ? companyDomainOf(email) : null,
      name: input.business_name?.trim() || null,
      countryCode,
    },
    null,
  );
  let taken = matches.some((match) => match.partnerId !== partnerId && owns(match, now) !== null);
  if (!taken && input.business_name?.trim()) taken = await merchantNamed(db, input.business_name.trim());
  return { result: taken ? 'taken' : 'available', remaining_today: Math.max(0, precheckDailyLimit - used) };
}

/** An active merchant account with a close name (including accounts an admin opened without a referral). */
export async function merchantNamed(db: DbExecutor, name: string): Promise<boolean> {
  const key = normalizedName(sql`${withoutAccents(name)}::text`);
  await db.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(nameSimilarity)}, true)`);
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from ${merchantAccounts}
      where ${normalizedName(merchantAccounts.business)} % ${key} and status = 'active'
        and similarity(${normalizedName(merchantAccounts.business)}, ${key}) >= ${nameSimilarity}) as found`);
  return Boolean(rows[0]?.found);
}
