import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationMessages, type ApplicationQuestion } from '@portal/contract';
import { applicationAnswers, applicationQuestions, settings, users } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';

const m = applicationMessages;
let ctx: TestContext;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db, { email: 'ada@example.com' });
  adminAuth = bearer(await loginAs(ctx.app, admin));
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.mailer.sent.length = 0;
  await ctx.db.delete(settings);
  await ctx.db.delete(applicationQuestions);
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
async function sendQueuedMail() {
  const processor = createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log });
  while ((await processor.processDue()) > 0);
}
const approvalMode = () => ctx.db.insert(settings).values({ key: 'Registration Mode', value: 'approval' });
const registration = (email: string, answers?: Record<string, string>) => ({
  full_name: 'Ann Applicant',
  email,
  password: 'applicant-password-1',
  confirm_password: 'applicant-password-1',
  ...(answers && { answers }),
});

const questions = [
  { label: 'Company', kind: 'text', required: true },
  { label: 'Website', kind: 'text' },
  { label: 'How will you refer merchants?', kind: 'choice', options: ['In person', 'Online', 'Both'], required: true },
  { label: 'Do you already work with merchants?', kind: 'yes_no', required: true },
];

async function saveQuestions(): Promise<ApplicationQuestion[]> {
  const res = await call('PUT', '/admin/application-questions', adminAuth, { questions });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(m.saved);
  return res.json().data;
}

describe('application questions', () => {
  it('the admin saves the list in order; only admins may', async () => {
    const saved = await saveQuestions();
    expect(saved.map((q) => [q.label, q.kind, q.options, q.required])).toEqual([
      ['Company', 'text', [], true],
      ['Website', 'text', [], false],
      ['How will you refer merchants?', 'choice', ['In person', 'Online', 'Both'], true],
      ['Do you already work with merchants?', 'yes_no', [], true],
    ]);
    expect((await call('GET', '/admin/application-questions', adminAuth)).json().data).toEqual(saved);
    const partner = await createPartner(ctx.db);
    const partnerAuth = bearer(await loginAs(ctx.app, partner));
    expect((await call('PUT', '/admin/application-questions', partnerAuth, { questions: [] })).statusCode).toBe(403);
    expect((await call('GET', `/admin/users/${partner.id}/application`, partnerAuth)).statusCode).toBe(403);
  });

  it('refuses an empty question or a choice without two options, with field messages', async () => {
    const res = await call('PUT', '/admin/application-questions', adminAuth, {
      questions: [
        { label: ' ', kind: 'text' },
        { label: 'Pick', kind: 'choice', options: ['Only one'] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'questions.0.label': m.labelRequired, 'questions.1.options': m.optionsRequired });
  });

  it('the register page reads them in approval mode only', async () => {
    await saveQuestions();
    expect((await call('GET', '/application-questions')).json().data).toEqual([]);
    await approvalMode();
    const asked = (await call('GET', '/application-questions')).json().data as ApplicationQuestion[];
    expect(asked.map((q) => q.label)).toEqual(questions.map((q) => q.label));
  });
});

describe('applying in approval mode', () => {
  it('refuses missing required answers and a choice not offered, with a field message per question', async () => {
    const [company, , how, yesNo] = await saveQuestions();
    await approvalMode();
    const res = await call('POST', '/users/register', {}, registration('short@example.com', { [how!.id]: 'By carrier pigeon' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      [`answers.${company!.id}`]: m.answerRequired,
      [`answers.${how!.id}`]: m.answerNotAnOption,
      [`answers.${yesNo!.id}`]: m.answerRequired,
    });
    expect((await ctx.db.select().from(users).where(eq(users.email, 'short@example.com'))).length).toBe(0);
  });

  it('stores the answers as asked; the approving admin reads them; a reject reason is mailed', async () => {
    const [company, website, how, yesNo] = await saveQuestions();
    await approvalMode();
    const res = await call(
      'POST',
      '/users/register',
      {},
      registration('ann@example.com', {
        [company!.id]: 'Ann Payments LLC',
        [website!.id]: '',
        [how!.id]: 'Online',
        [yesNo!.id]: 'yes',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.user.id as number;

    // Renaming a question later does not change what Ann was asked.
    await call('PUT', '/admin/application-questions', adminAuth, { questions: [{ label: 'Business name', kind: 'text' }] });
    const application = (await call('GET', `/admin/users/${id}/application`, adminAuth)).json().data;
    expect(application.answers).toEqual([
      { question: 'Company', kind: 'text', answer: 'Ann Payments LLC' },
      { question: 'How will you refer merchants?', kind: 'choice', answer: 'Online' },
      { question: 'Do you already work with merchants?', kind: 'yes_no', answer: 'Yes' },
    ]);
    expect(application.submitted_at).toEqual(expect.any(String));

    await sendQueuedMail();
    ctx.mailer.sent.length = 0;
    const noReason = await call('POST', `/admin/users/${id}/reject`, adminAuth, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await call('POST', `/admin/users/${id}/reject`, adminAuth, {
      reason: 'requirements',
      message: 'We work with US businesses only.',
    });
    expect(rejected.statusCode).toBe(200);
    await sendQueuedMail();
    const mail = ctx.mailer.sent.find((sent) => sent.to === 'ann@example.com');
    expect(mail?.text).toContain('Does not meet requirements');
    expect(mail?.text).toContain('We work with US businesses only.');
  });

  it('open mode asks nothing and stores no answers', async () => {
    await saveQuestions();
    const res = await call('POST', '/users/register', {}, registration('open@example.com'));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.user.id as number;
    expect(await ctx.db.select().from(applicationAnswers).where(eq(applicationAnswers.userId, id))).toEqual([]);
    expect((await call('GET', `/admin/users/${id}/application`, adminAuth)).json().data).toEqual({
      answers: null,
      submitted_at: null,
    });
  });
});
