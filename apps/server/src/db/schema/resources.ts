import { sql } from 'drizzle-orm';
import { resourceTypes } from '@portal/contract';
import { boolean, customType, index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * PostgreSQL bytea as a Node Buffer (both drivers hand back bytes; normalised on read). Written as
 * base64 text decoded by the database: PGlite encodes a bytea parameter byte by byte in JavaScript,
 * which took 10 s for a 6 MB file against 0.5 s this way. Read large values with `byteaAsBase64`.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('base64')}, 'base64')`,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Selects a bytea column as base64 text, for the same reason (PGlite decodes bytea output slowly too). */
export const byteaAsBase64 = (column: AnyPgColumn) => sql<string | null>`encode(${column}, 'base64')`;

/** A tutorial or sales resource shown to partners on /tutorials. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('General'),
    type: text('type', { enum: resourceTypes }).notNull(),
    /** Video page or link target; for videos the original URL an admin pasted. */
    url: text('url'),
    /** For videos: the privacy-enhanced embed URL derived from `url`. */
    embedUrl: text('embed_url'),
    thumbnailUrl: text('thumbnail_url'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    /** When it was first published: the "New" badge counts two weeks from here. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('resources_position_idx').on(t.position, t.id)],
);

/**
 * The uploaded file of a PDF or image resource, in the database so that every instance behind a
 * load balancer serves the same bytes without a shared disk. One row per resource at most.
 */
export const resourceFiles = pgTable('resource_files', {
  resourceId: integer('resource_id')
    .primaryKey()
    .references(() => resources.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** One row per open of a resource by a signed-in user, for the admin's view counts. */
export const resourceViews = pgTable(
  'resource_views',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('resource_views_resource_idx').on(t.resourceId, t.viewedAt)],
);
