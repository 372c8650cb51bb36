import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userStatuses } from '@portal/contract';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    invitedBy: integer('invited_by'),
    /** Admins' note about this user; never shown to the user. */
    notesInternal: text('notes_internal').notNull().default(''),
    compensationLink: text('compensation_link'),
    facebookPixelId: text('facebook_pixel_id').notNull().default(''),
    /** Email preferences (GET|PUT /users/notification-preferences). */
    notifyLeadStatus: boolean('notify_lead_status').notNull().default(true),
    notifyNewReferral: boolean('notify_new_referral').notNull().default(true),
    /** An admin's mails about partners' replies on referrals (issue 23 §3), apart from the new-lead mails. */
    notifyPartnerReply: boolean('notify_partner_reply').notNull().default(true),
    /** A partner's mails about the notes an admin adds for them on a referral. */
    notifyLeadNote: boolean('notify_lead_note').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in (trimmed), to name the device in the sessions list. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** reset: forgot-password or an admin's reset mail (1 hour); invite: the first password (72 hours). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
