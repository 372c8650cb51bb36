import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';

/** Small field schemas, composed into the request schemas of each feature. */
export const emailField = z
  .string({ error: messages.auth.emailRequired })
  .trim()
  .min(1, messages.auth.emailRequired)
  .max(254, messages.auth.emailInvalid)
  .pipe(z.email({ error: messages.auth.emailInvalid }));

export const passwordField = z
  .string({ error: messages.auth.passwordRequired })
  .min(1, messages.auth.passwordRequired)
  .min(limits.passwordMinLength, messages.auth.passwordTooShort)
  .max(limits.passwordMaxLength, `Password must be at most ${limits.passwordMaxLength} characters`);

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
