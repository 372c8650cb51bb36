import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A user's TOTP authenticator (decision 010). The secret is stored encrypted (AES-256-GCM, key from
 * SECRETS_KEY); `enabledAt` is null while an enrolment waits for its first code. `lastUsedStep` is
 * the 30-second step of the last code accepted: a code is accepted only for a later step, so a code
 * seen over a shoulder or in a log cannot be replayed within its window.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time recovery codes, stored only as SHA-256 hashes; each works once (`usedAt`). */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: the right password for an account with two-factor on gives this
 * short-lived, single-use challenge (stored as a hash), never a session.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes sent with this challenge; past the limit it is dead and the password is asked again. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);
