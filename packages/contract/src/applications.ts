import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Issue 23 §5: the questions sign-up asks in approval mode, configured by the admins. */
export const applicationQuestionKinds = ['text', 'choice', 'yes_no'] as const;
export type ApplicationQuestionKind = (typeof applicationQuestionKinds)[number];
export const applicationQuestionKindLabels: Record<ApplicationQuestionKind, string> = {
  text: 'Text',
  choice: 'Choice',
  yes_no: 'Yes / no',
};

export const applicationLimits = { questions: 20, label: 200, options: 20, option: 100, answer: 1000 } as const;

export const applicationMessages = {
  labelRequired: 'Please enter the question',
  labelTooLong: `Question must be at most ${applicationLimits.label} characters`,
  optionsRequired: 'A choice needs at least two options',
  optionTooLong: `Options must be at most ${applicationLimits.option} characters`,
  optionsDuplicate: 'Options must differ',
  tooManyQuestions: `At most ${applicationLimits.questions} questions`,
  tooManyOptions: `At most ${applicationLimits.options} options`,
  answerRequired: 'Please answer this question',
  answerTooLong: `Answer must be at most ${applicationLimits.answer} characters`,
  answerNotAnOption: 'Please choose one of the options',
  saved: 'Application questions saved',
} as const;
const m = applicationMessages;

export const applicationQuestionSchema = z.object({
  id: z.number(),
  label: z.string(),
  kind: z.enum(applicationQuestionKinds),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type ApplicationQuestion = z.infer<typeof applicationQuestionSchema>;

const questionInput = z
  .object({
    label: z.string({ error: m.labelRequired }).trim().min(1, m.labelRequired).max(applicationLimits.label, m.labelTooLong),
    kind: z.enum(applicationQuestionKinds),
    options: z
      .array(z.string().trim().min(1).max(applicationLimits.option, m.optionTooLong))
      .max(applicationLimits.options, m.tooManyOptions)
      .optional()
      .default([]),
    required: z.boolean().optional().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.kind !== 'choice') return;
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: m.optionsRequired });
    else if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: m.optionsDuplicate });
  })
  .transform((q) => ({ ...q, options: q.kind === 'choice' ? q.options : [] }));

/** PUT /admin/application-questions: the whole list, in order (replaces what was there). */
export const saveApplicationQuestionsRequest = z.object({
  questions: z.array(questionInput).max(applicationLimits.questions, m.tooManyQuestions),
});
export type SaveApplicationQuestionsRequest = z.input<typeof saveApplicationQuestionsRequest>;
export const applicationQuestionsResponse = successEnvelope(z.array(applicationQuestionSchema));

/** The register form's answers, by question id: text, an option, or `yes` / `no`. */
export const applicationAnswersInput = z.record(z.string().max(12), z.string().max(applicationLimits.answer, m.answerTooLong));

/** An answer as stored and shown to the approving admin: the question as it was asked. */
export const applicationAnswerSchema = z.object({
  question: z.string(),
  kind: z.enum(applicationQuestionKinds),
  answer: z.string(),
});
export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;
/** GET /admin/users/{id}/application: null when the person answered nothing (or signed up otherwise). */
export const applicationAnswersResponse = successEnvelope(
  z.object({ answers: z.array(applicationAnswerSchema).nullable(), submitted_at: z.string().nullable() }),
);

/** The field a question's answer is reported on: `answers.{id}`. */
export const answerField = (id: number) => `answers.${id}`;

/** The display of a yes/no answer. */
export const yesNoLabel = (answer: string) => (answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : answer);

/**
 * Checks answers against the questions (the register page and the server alike): field messages by
 * `answers.{id}`, empty when everything holds. Unknown ids are ignored.
 */
export function checkApplicationAnswers(
  questions: ApplicationQuestion[],
  answers: Record<string, string | undefined>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const value = (answers[String(q.id)] ?? '').trim();
    if (!value) {
      if (q.required) errors[answerField(q.id)] = m.answerRequired;
      continue;
    }
    if (value.length > applicationLimits.answer) errors[answerField(q.id)] = m.answerTooLong;
    else if (q.kind === 'choice' && !q.options.includes(value)) errors[answerField(q.id)] = m.answerNotAnOption;
    else if (q.kind === 'yes_no' && value !== 'yes' && value !== 'no') errors[answerField(q.id)] = m.answerNotAnOption;
  }
  return errors;
}
