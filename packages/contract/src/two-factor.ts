import { z } from 'zod';
import { successEnvelope } from './envelope';
import { userSchema } from './users';
import { messages } from './messages';

/** Two-factor authentication (TOTP) for any account; mandatory for admins when the setting says so. */
export const twoFactorMessages = {
  cardTitle: 'Two-factor authentication',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  codeWrong: 'That code is not valid. Check the time on your phone and try the current code.',
  codeReused: 'That code was just used. Wait for the next code in your authenticator app.',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeWrong: 'That recovery code is not valid or was already used',
  oneFactorOnly: 'Send either a code or a recovery code',
  challengeExpired: 'Your sign-in timed out. Please enter your email and password again.',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  setupMissing: 'Start the setup first: scan a new QR code',
  enabled: 'Two-factor authentication is on. Your other sessions have been signed out.',
  disabled: 'Two-factor authentication is off. Your other sessions have been signed out.',
  recoveryCodesRegenerated: 'New recovery codes created. The old ones no longer work.',
  setupRequired: 'Admins must set up two-factor authentication before continuing.',
  recoveryUsed: 'Signed in with a recovery code. Your other sessions have been signed out.',
} as const;

/** The error code of the 403 every admin route answers while an admin must still enrol. */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';
/** The error code of a login challenge that is unknown, used, expired or past its attempts. */
export const TWO_FACTOR_CHALLENGE_EXPIRED = 'TWO_FACTOR_CHALLENGE_EXPIRED';

export const twoFactorConstants = {
  digits: 6,
  periodSeconds: 30,
  /** Codes one step either side of now are accepted (a phone clock off by up to 30 s). */
  window: 1,
  recoveryCodeCount: 10,
  /** The second step of a sign-in must come within this time of the password. */
  challengeTtlMs: 5 * 60_000,
  /** Wrong codes per challenge before the password is asked again. */
  challengeMaxFailures: 5,
} as const;

/** A TOTP code as typed: spaces and dashes are ignored ("123 456"). */
export const totpCodeField = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(20, twoFactorMessages.codeFormat)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, twoFactorMessages.codeRequired)
      .regex(/^\d{6}$/, twoFactorMessages.codeFormat),
  );

/** A recovery code as typed: case, spaces and dashes are ignored. */
export const recoveryCodeField = z
  .string({ error: twoFactorMessages.recoveryCodeRequired })
  .max(64, twoFactorMessages.recoveryCodeWrong)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, twoFactorMessages.recoveryCodeRequired));

const passwordCheck = z
  .string({ error: messages.account.currentPasswordRequired })
  .min(1, messages.account.currentPasswordRequired)
  .max(1024);

/** The second factor: a code from the app, or one recovery code. Exactly one. */
const secondFactorShape = { code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() };
const exactlyOne = (v: { code?: string; recovery_code?: string }) => (v.code === undefined) !== (v.recovery_code === undefined);

export const twoFactorLoginRequest = z
  .object({ challenge: z.string().min(1, twoFactorMessages.challengeExpired).max(200), ...secondFactorShape })
  .refine(exactlyOne, { path: ['code'], message: twoFactorMessages.oneFactorOnly });
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequest>;

/** POST /users/login with the right password for an account with two-factor on: no token yet. */
export const loginChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_at: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;
export const loginResponse = successEnvelope(z.union([z.object({ user: userSchema, token: z.string() }), loginChallengeSchema]));

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_remaining: z.number().int(),
  /** This account must enrol before doing anything else (an admin while the setting is required). */
  setup_required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponse = successEnvelope(twoFactorStatusSchema);

export const twoFactorSetupResponse = successEnvelope(
  z.object({
    /** Base32, for typing into the app by hand. Shown only during enrolment, never again. */
    secret: z.string(),
    otpauth_url: z.string(),
    /** The otpauth URL as an SVG QR code, as a data: URL for an img. */
    qr_svg: z.string(),
  }),
);

/** Starting enrolment asks for the current password again (OWASP ASVS 5.0 V7.5.1): a stolen session alone cannot bind its own authenticator. */
export const startTwoFactorSetupRequest = z.object({ password: passwordCheck });
export type StartTwoFactorSetupRequest = z.infer<typeof startTwoFactorSetupRequest>;

export const enableTwoFactorRequest = z.object({ code: totpCodeField });
export type EnableTwoFactorRequest = z.infer<typeof enableTwoFactorRequest>;

export const recoveryCodesResponse = successEnvelope(z.object({ recovery_codes: z.array(z.string()) }));

/** Turning two-factor off needs the password and a second factor. */
export const disableTwoFactorRequest = z
  .object({ password: passwordCheck, ...secondFactorShape })
  .refine(exactlyOne, { path: ['code'], message: twoFactorMessages.oneFactorOnly });
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequest>;

/** New recovery codes need a current code from the app. */
export const regenerateRecoveryCodesRequest = z.object({ code: totpCodeField });
export type RegenerateRecoveryCodesRequest = z.infer<typeof regenerateRecoveryCodesRequest>;
