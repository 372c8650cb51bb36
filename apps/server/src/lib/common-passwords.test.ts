import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { createPartner } from '../../test/factories';
import { settleBackgroundTasks } from '../modules/users/background-tasks';
import { users } from '../db/schema';
import { isCommonPassword } from './common-passwords';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tooCommon = (field: string) => ({
  status: 'error',
  message: messages.auth.passwordTooCommon,
  errors: { [field]: messages.auth.passwordTooCommon },
});

describe('common passwords', () => {
  it('are found in the shipped list, whatever their case', async () => {
    for (const password of ['password', 'password123', '12345678', 'qwertyuiop', 'Qwertyuiop', 'PASSWORD123']) {
      expect(await isCommonPassword(password)).toBe(true);
    }
    expect(await isCommonPassword('correct-horse-battery')).toBe(false);
  });

  it('are refused on register, and no account is made', async () => {
    const before = (await ctx.db.select({ n: count() }).from(users))[0]!.n;
    for (const password of ['password123', '12345678', 'qwertyuiop']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: { full_name: 'Pat Partner', email: 'common@example.com', password, confirm_password: password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(tooCommon('password'));
    }
    expect((await ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('are refused on reset, and the link still works for a better one', async () => {
    const partner = await createPartner(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: partner.email } });
    await settleBackgroundTasks();
    const token = /token=([^"&\s]+)/.exec(ctx.mailer.sent.at(-1)!.text)![1]!;
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: { token: decodeURIComponent(token), new_password: password, confirm_new_password: password },
      });

    const refused = await reset('Password123');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(tooCommon('new_password'));
    expect((await reset('a-far-less-common-phrase')).statusCode).toBe(200);
    await settleBackgroundTasks();
  });
});
