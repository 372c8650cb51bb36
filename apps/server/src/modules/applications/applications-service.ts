import { asc, eq } from 'drizzle-orm';
import { checkApplicationAnswers, yesNoLabel, type ApplicationAnswer, type ApplicationQuestion } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { applicationAnswers, applicationQuestions } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';

type QuestionRow = typeof applicationQuestions.$inferSelect;
const toQuestion = (row: QuestionRow): ApplicationQuestion => ({
  id: row.id,
  label: row.label,
  kind: row.kind,
  options: row.options,
  required: row.required,
});

/** The questions sign-up asks in approval mode (issue 23 §5), in the admin's order. */
export async function listApplicationQuestions(db: DbExecutor): Promise<ApplicationQuestion[]> {
  const rows = await db
    .select()
    .from(applicationQuestions)
    .orderBy(asc(applicationQuestions.position), asc(applicationQuestions.id));
  return rows.map(toQuestion);
}

/**
 * Replaces the questions with this list, in this order. Answers already given keep the wording they
 * were asked with, so nothing an applicant said changes.
 */
export async function saveApplicationQuestions(
  db: Database,
  input: { questions: { label: string; kind: ApplicationQuestion['kind']; options: string[]; required: boolean }[] },
  actorId: number,
): Promise<ApplicationQuestion[]> {
  return db.transaction(async (tx) => {
    const before = await listApplicationQuestions(tx);
    await tx.delete(applicationQuestions);
    if (input.questions.length)
      await tx.insert(applicationQuestions).values(input.questions.map((q, position) => ({ ...q, position })));
    const after = await listApplicationQuestions(tx);
    await recordAudit(tx, {
      actorId,
      action: 'application_questions.update',
      targetType: 'setting',
      targetId: 'application_questions',
      before: before.map(({ label, kind, options, required }) => ({ label, kind, options, required })),
      after: after.map(({ label, kind, options, required }) => ({ label, kind, options, required })),
    });
    return after;
  });
}

/**
 * Checks an applicant's answers against the current questions (400 with a field message per
 * `answers.{id}`) and gives what to store: each answered question with its wording as asked.
 */
export async function checkAnswers(db: DbExecutor, answers: Record<string, string> | undefined): Promise<ApplicationAnswer[]> {
  const questions = await listApplicationQuestions(db);
  const given = answers ?? {};
  const errors = checkApplicationAnswers(questions, given);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return questions.flatMap((q) => {
    const answer = (given[String(q.id)] ?? '').trim();
    return answer ? [{ question: q.label, kind: q.kind, answer }] : [];
  });
}

export async function storeAnswers(tx: DbExecutor, userId: number, answers: ApplicationAnswer[]): Promise<void> {
  if (answers.length) await tx.insert(applicationAnswers).values({ userId, answers });
}

/** What an applicant answered (null when nothing), for the approving admin. */
export async function getApplication(db: DbExecutor, userId: number) {
  const [row] = await db.select().from(applicationAnswers).where(eq(applicationAnswers.userId, userId));
  return {
    answers: row ? row.answers.map((a) => ({ ...a, answer: a.kind === 'yes_no' ? yesNoLabel(a.answer) : a.answer })) : null,
    submitted_at: row?.createdAt.toISOString() ?? null,
  };
}
