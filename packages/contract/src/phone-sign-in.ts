import { z } from 'zod';
import { oneTimeCodeSchema } from './account-recovery.js';
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from './phone.js';

/** GET /api/auth/altcha/challenge: an ALTCHA (v1) proof-of-work challenge. */
export const botChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().describe('hex SHA-256 of salt + the secret number'),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof botChallengeSchema>;

/** A phone number for sign-in, normalised to E.164 (the same rule as the user forms). */
export const signInPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, PHONE_MESSAGE)
  .transform(normalizePhone)
  .refine((p) => PHONE_PATTERN.test(p), PHONE_MESSAGE);

/** POST /api/auth/phone/request-code */
export const phoneCodeRequestBodySchema = z.object({
  phone: signInPhoneSchema,
  altcha: z
    .string({ error: 'The bot check is missing' })
    .min(1, 'The bot check is missing')
    .max(2000)
    .describe('base64 JSON { algorithm, challenge, number, salt, signature } of a solved challenge'),
});
export type PhoneCodeRequestBody = z.input<typeof phoneCodeRequestBodySchema>;

export const phoneCodeRequestResponseSchema = z.object({
  message: z.string(),
  requestId: z.string().describe('Binds the code to this request; send it back with the code'),
  resendAfterSeconds: z.number().int(),
  expiresInMinutes: z.number().int(),
});
export type PhoneCodeRequestResponse = z.infer<typeof phoneCodeRequestResponseSchema>;

/** POST /api/auth/phone/verify: answers the same session as the email sign-in. */
export const phoneSignInBodySchema = z.object({
  phone: signInPhoneSchema,
  code: oneTimeCodeSchema,
  requestId: z.string({ error: 'The request is missing' }).min(10).max(100),
});
export type PhoneSignInBody = z.input<typeof phoneSignInBodySchema>;
