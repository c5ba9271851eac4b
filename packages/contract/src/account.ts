import { z } from 'zod';
import { oneTimeCodeSchema } from './account-recovery.js';
import { emailSchema } from './auth.js';
import { sessionUserSchema } from './users.js';

/** PATCH /api/email/update: a code goes to the new address; the old one stays until confirmed. */
export const emailUpdateBodySchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
});
export type EmailUpdateBody = z.input<typeof emailUpdateBodySchema>;

export const emailUpdateResponseSchema = z.object({
  message: z.string(),
  newEmail: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInMinutes: z.number().int(),
});
export type EmailUpdateResponse = z.infer<typeof emailUpdateResponseSchema>;

/** POST /api/email/update/confirm */
export const emailUpdateConfirmBodySchema = z.object({ code: oneTimeCodeSchema });
export type EmailUpdateConfirmBody = z.input<typeof emailUpdateConfirmBodySchema>;

export const emailUpdateConfirmResponseSchema = z.object({
  message: z.string(),
  user: sessionUserSchema,
});
export type EmailUpdateConfirmResponse = z.infer<typeof emailUpdateConfirmResponseSchema>;
