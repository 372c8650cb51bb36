import { z } from 'zod';
import { emailField, passwordField, requiredText } from './fields';
import { messages } from './messages';
import { successEnvelope } from './envelope';
import { applicationAnswersInput } from './applications';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/**
 * invited: created by an admin, no password chosen yet; pending_approval: signed up while
 * registration needs approval; disabled: by an admin (or an application rejected).
 */
export const userStatuses = ['invited', 'pending_approval', 'active', 'disabled'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A user as it leaves the server: never a password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  full_name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  compensation_link: z.string().nullable(),
  facebook_pixel_id: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequest = z.object({
  email: emailField,
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z
  .object({
    full_name: requiredText(messages.auth.fullNameRequired, 120),
    email: emailField,
    password: passwordField,
    confirm_password: z.string({ error: messages.auth.confirmRequired }).min(1, messages.auth.confirmRequired),
    /** Issue 21: the token of a recruit link `/join/{token}`; the new partner joins that partner's team. */
    recruit_token: z.uuid({ error: 'This recruit link is not valid' }).optional(),
    /** Issue 23 §5: answers to the application questions (approval mode), by question id. */
    answers: applicationAnswersInput.optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: messages.auth.passwordsMismatch,
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const authResponse = successEnvelope(z.object({ user: userSchema, token: z.string() }));
export const meResponse = successEnvelope(z.object({ user: userSchema }));

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    token: z.string({ error: messages.resetPassword.tokenMissing }).min(1, messages.resetPassword.tokenMissing).max(256),
    new_password: passwordField,
    confirm_new_password: z.string({ error: messages.auth.confirmRequired }).min(1, messages.auth.confirmRequired),
  })
  .refine((v) => v.new_password === v.confirm_new_password, {
    path: ['confirm_new_password'],
    message: messages.auth.passwordsMismatch,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/**
 * A new password set: a message, and for an invitation's first password a session too (issue 23
 * §6: setting the first password signs the person in).
 */
export const resetPasswordResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ user: userSchema, token: z.string() }).optional(),
});

/**
 * What a reset or invitation link is worth before the form is filled (issue 23 §6): valid; used
 * (the password was set: sign in); expired (an invitation still pending may ask for a new one); or
 * unknown.
 */
export const linkStates = ['valid', 'used', 'expired', 'unknown'] as const;
export const linkStatusResponse = successEnvelope(
  z.object({
    state: z.enum(linkStates),
    purpose: z.enum(['reset', 'invite']).nullable(),
    /** An invitation whose person has not set a password yet: they may ask for a new link. */
    can_request_invite: z.boolean(),
  }),
);
export type LinkStatus = z.infer<typeof linkStatusResponse>['data'];
export const linkTokenQuery = z.object({ token: z.string().min(1).max(256) });
export const renewInvitationRequest = z.object({ token: z.string().min(1, messages.resetPassword.tokenMissing).max(256) });

export const pixelIdField = z.string().trim().max(32, messages.pixel.invalid).regex(/^\d*$/, messages.pixel.invalid);

export const updatePixelRequest = z.object({ facebook_pixel_id: pixelIdField });
export type UpdatePixelRequest = z.infer<typeof updatePixelRequest>;
export const pixelResponse = successEnvelope(z.object({ facebook_pixel_id: z.string() }));

export const changePasswordRequest = z
  .object({
    current_password: z
      .string({ error: messages.account.currentPasswordRequired })
      .min(1, messages.account.currentPasswordRequired)
      .max(1024),
    new_password: passwordField,
    confirm_new_password: z.string({ error: messages.auth.confirmRequired }).min(1, messages.auth.confirmRequired),
  })
  .refine((v) => v.new_password === v.confirm_new_password, {
    path: ['confirm_new_password'],
    message: messages.auth.passwordsMismatch,
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** One signed-in session of the caller (GET /users/sessions). */
export const sessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Windows", from the user agent; "Unknown device" without one. */
  device: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponse = successEnvelope(z.array(sessionSchema));
export const sessionIdParams = z.object({ id: z.coerce.number().int().positive() });
