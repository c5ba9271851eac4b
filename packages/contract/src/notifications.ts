import { z } from 'zod';
import { paginationQuerySchema, paginationSchema } from './common.js';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema;
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema).describe('Newest first'),
  unread: z.number().int(),
  pagination: paginationSchema,
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/**
 * The kinds of notification the server raises. Assignment and inspection kinds are sent by the
 * inspections module through `NotificationsService.notify` (see docs/notifications.md).
 */
export const notificationTypes = [
  'assignment.created',
  'assignment.rescheduled',
  'assignment.cancelled',
  'assignment.overdue',
  'inspection.completed',
  'inspection.failed',
  'user.registered',
  'order.placed',
  'order.changed',
  'bill.cancelled',
  'action.created',
  'action.assigned',
  'action.overdue',
  'action.verified',
  'action.reinspection_failed',
  'assignment.reminder',
  'schedule.created',
  'system.welcome',
  // For clients (issue 20, docs/portal.md); their links open /portal/... pages.
  'report.ready',
  'action.opened_on_site',
  'site.overdue',
  'order.shipped',
  'request.updated',
  'request.created',
  'action.client_commented',
  // For administrators: a client withdrew an open request (the client's own kinds stay request.*d above).
  'request.cancelled',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * The kinds also sent by e-mail (the client's, issue 20): a client is not signed in to the portal
 * all day, so what concerns its sites reaches the mailbox too. Staff kinds stay in the app and push.
 */
export const emailNotificationTypes = [
  'report.ready',
  'action.opened_on_site',
  'site.overdue',
  'order.shipped',
  'request.updated',
] as const satisfies readonly NotificationType[];
export type EmailNotificationType = (typeof emailNotificationTypes)[number];
export const isEmailNotificationType = (type: string): type is EmailNotificationType =>
  (emailNotificationTypes as readonly string[]).includes(type);

export const notificationMutationResponseSchema = z.object({
  message: z.string(),
  notification: notificationSchema,
});
export type NotificationMutationResponse = z.infer<typeof notificationMutationResponseSchema>;

export const markAllNotificationsReadResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int().describe('How many notifications were unread and are now read'),
});
export type MarkAllNotificationsReadResponse = z.infer<typeof markAllNotificationsReadResponseSchema>;

export const notificationStreamTicketResponseSchema = z.object({
  ticket: z.string().describe('Single use; opens GET /api/notifications/stream?ticket=... once'),
  expiresAt: z.string(),
});
export type NotificationStreamTicketResponse = z.infer<typeof notificationStreamTicketResponseSchema>;

export const notificationStreamQuerySchema = z.object({
  ticket: z.string().min(20).max(200),
});

/** The `data` of a `notification` event on the stream. */
export const notificationStreamEventSchema = z.object({ notification: notificationSchema });
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
