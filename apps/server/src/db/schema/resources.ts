import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('General'),
  kind: text('kind', { enum: ['video', 'document', 'link'] }).notNull(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
  published: boolean('published').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
