import { z } from 'zod';
import { emailSchema } from './auth.js';
import { isoDateTimeSchema } from './common.js';
import { PASSWORD_MAX_LENGTH, passwordPolicySchema } from './password-policy.js';

/** One-time codes: six digits, ten minutes, five tries (DESIGN.md "Sign-in and messages"). */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MINUTES = 10;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** A new code for the same address at most once a minute and five times an hour. */
export const ONE_TIME_CODE_RESEND_SECONDS = 60;
export const ONE_TIME_CODE_MAX_PER_HOUR = 5;
/** The reset token a verified code buys is good for this long, once. */
export const RESET_TOKEN_TTL_MINUTES = 15;

export const oneTimeCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the message');

/** POST /api/auth/forgot-password */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const forgotPasswordResponseSchema = z.object({
  message: z.string(),
  resendAfterSeconds: z.number().int().describe('When the next code for this address may be requested'),
  expiresInMinutes: z.number().int().describe('How long a code stays valid'),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** POST /api/auth/verify-otp */
export const verifyOtpBodySchema = z.object({ email: emailSchema, code: oneTimeCodeSchema });
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;

export const verifyOtpResponseSchema = z.object({
  resetToken: z.string().describe('Single use; send it to auth/reset-password'),
  expiresAt: isoDateTimeSchema,
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

export const resetTokenSchema = z
  .string({ error: 'The reset token is missing' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The reset token is not valid');

/** POST /api/auth/reset-password. The server also refuses the email as the password. */
export const resetPasswordBodySchema = z.object({
  token: resetTokenSchema,
  password: passwordPolicySchema(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The new-password form: the same policy, plus the confirmation the server does not need. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordPolicySchema(),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
