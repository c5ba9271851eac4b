import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { deliveryStatusSchema } from './user-management.js';

export const deliveryChannelSchema = z.enum(['email', 'sms']);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** GET /api/delivery/outbox */
export const outboxQuerySchema = paginationQuerySchema.extend({
  channel: deliveryChannelSchema.optional(),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: deliveryChannelSchema,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z
    .string()
    .nullable()
    .describe('The plain-text body; null when a mail server or SMS gateway is configured (no copy is kept)'),
  masked: z
    .boolean()
    .describe(
      "False only on the viewer's own messages; everyone else reads subject and body with codes and links replaced by ••••••",
    ),
  status: deliveryStatusSchema,
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  sentAt: isoDateTimeSchema.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = z.object({
  messages: z.array(outboxMessageSchema),
  pagination: paginationSchema,
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** GET /api/delivery/status */
export const deliveryStatusResponseSchema = z.object({
  emailConfigured: z.boolean().describe('True when SMTP_URL is set: email leaves through the mail server'),
  smsConfigured: z.boolean().describe('True when an SMS gateway is plugged in'),
});
export type DeliveryStatusResponse = z.infer<typeof deliveryStatusResponseSchema>;
