import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { leadEvents, leads } from './leads';
import { bytea } from './resources';
import { users } from './users';

/**
 * The one file a partner may attach to a reply on their referral (issue 23 §3): a PDF or image of
 * the resource library's types, up to 10 MB, in the database like resource files (every instance
 * serves the same bytes). Deleting the lead removes it.
 */
export const leadAttachments = pgTable(
  'lead_attachments',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The reply event the file came with. */
    eventId: integer('event_id')
      .notNull()
      .references(() => leadEvents.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  // A timeline reads the files of its replies by event; deleting a lead finds its files by lead.
  (t) => [index('lead_attachments_lead_idx').on(t.leadId), index('lead_attachments_event_idx').on(t.eventId)],
);
