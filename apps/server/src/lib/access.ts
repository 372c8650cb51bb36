import { sql } from 'drizzle-orm';
import { settingKeys } from '@portal/contract';
import type { DbExecutor } from '../db';
import { settings, userTotp } from '../db/schema';
import type { UserRow } from './sessions';

/**
 * Who a signed-in user may act as: the one definition of "acts as an admin" and "acts as a
 * partner" that the guards (plugins/auth.ts, the admin scope) and every route whose answer depends
 * on the caller's role use. `role-checks.test.ts` fails when code outside this file compares a role.
 */

type Account = Pick<UserRow, 'id' | 'role' | 'status'>;

/**
 * What an admin route answers this user: `granted`, `forbidden` (not an admin, or an account that
 * is not active), or `two_factor_setup_required` (an admin without two-factor while the Admin
 * Two-Factor setting is `required`).
 */
export type AdminAccess = 'granted' | 'forbidden' | 'two_factor_setup_required';

export async function adminAccessOf(db: DbExecutor, user: Account): Promise<AdminAccess> {
  if (user.role !== 'admin' || user.status !== 'active') return 'forbidden';
  return (await isTwoFactorSetupRequired(db, user)) ? 'two_factor_setup_required' : 'granted';
}

/** Role admin, active, and not held back by the Admin Two-Factor setting. */
export async function actsAsAdmin(db: DbExecutor, user: Account | null): Promise<boolean> {
  return user !== null && (await adminAccessOf(db, user)) === 'granted';
}

/** Role user (a partner) and active: an application under review, rejected or disabled is not. */
export function actsAsPartner(user: Account | null): boolean {
  return user !== null && user.role === 'user' && user.status === 'active';
}

/** An admin account, of any standing: for rules about an account (the last admin, admin mails), not about a caller. */
export function isAdminAccount(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'admin';
}

/** A partner account, of any standing: for rules about an account (who a lead may be credited to), not about a caller. */
export function isPartnerAccount(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'user';
}

/**
 * True when this user must enrol before anything else: an admin without two-factor while the
 * setting is required. One query: the admin routes ask it on every request.
 */
export async function isTwoFactorSetupRequired(db: DbExecutor, user: Pick<UserRow, 'id' | 'role'>): Promise<boolean> {
  if (user.role !== 'admin') return false;
  const result = await db.execute<{ required: boolean }>(sql`
    select coalesce((select trim(${settings.value}) = 'required' from ${settings} where ${settings.key} = ${settingKeys.adminTwoFactor}), false)
       and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${user.id} and ${userTotp.enabledAt} is not null) as required`);
  return result.rows[0]?.required === true;
}
