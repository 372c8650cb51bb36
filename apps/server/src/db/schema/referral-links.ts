import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A partner's short link name (`/r/{name}`, issue 23 §7); unique whatever the case. */
export const referralShortNames = pgTable(
  'referral_short_names',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_short_names_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A partner's campaign links: a name and the tag its link carries (`?c={tag}`), unique per partner. */
export const referralCampaigns = pgTable(
  'referral_campaigns',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_campaigns_partner_tag_idx').on(t.partnerId, t.tag)],
);
