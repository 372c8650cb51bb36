import { applicationQuestionKinds, type ApplicationAnswer } from '@portal/contract';
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The questions sign-up asks in approval mode (issue 23 §5), in the admin's order: free text, a
 * choice among options, or yes/no; required or not.
 */
export const applicationQuestions = pgTable('application_questions', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  kind: text('kind', { enum: applicationQuestionKinds }).notNull(),
  /** The options of a `choice` question; empty for the others. */
  options: jsonb('options').$type<string[]>().notNull().default([]),
  required: boolean('required').notNull().default(false),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What an applicant answered, as asked: each answer keeps the question's wording at the time, so
 * editing or removing a question later never changes what the approving admin reads.
 */
export const applicationAnswers = pgTable('application_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull(),
  createdAt: createdAt(),
});
