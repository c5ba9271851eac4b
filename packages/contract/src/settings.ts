import { z } from 'zod';
import { optionalText } from './field-schemas.js';
import { gstinSchema, stateCodeOf } from './gst.js';
import { notificationTypes } from './notifications.js';
import { passwordPolicySchema } from './password-policy.js';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from './sites.js';
import { optionalPhoneSchema } from './user-management.js';
import { sessionUserSchema } from './users.js';

// ---------------------------------------------------------------------------------------------
// My account
// ---------------------------------------------------------------------------------------------

function name(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);
}

/** PATCH /api/auth/me: the signed-in user's own name and phone (email has its own flow). */
export const updateMyProfileBodySchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: optionalPhoneSchema,
});
export type UpdateMyProfileBody = z.input<typeof updateMyProfileBodySchema>;

export const myProfileResponseSchema = z.object({ message: z.string(), user: sessionUserSchema });
export type MyProfileResponse = z.infer<typeof myProfileResponseSchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: passwordPolicySchema(),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The settings form adds the confirmation; the server never sees it. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordPolicySchema(),
    confirmPassword: z.string().min(1, 'Repeat the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });

export const endedSessionsResponseSchema = z.object({
  message: z.string(),
  endedSessions: z.number().int().describe('How many other sessions were signed out'),
});
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponseSchema>;

export const activeSessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Notification preferences
// ---------------------------------------------------------------------------------------------

/** The kinds a person can switch on or off (the welcome message is not one of them). */
export const configurableNotificationTypes = notificationTypes.filter(
  (t) => t !== 'system.welcome',
) as Exclude<(typeof notificationTypes)[number], 'system.welcome'>[];

export const notificationChannelsSchema = z.object({
  inApp: z.boolean(),
  push: z.boolean(),
  // Optional so the {inApp, push} every client already sends stays valid; the server answers it
  // (default true) for the kinds in emailNotificationTypes only and ignores it for the others.
  email: z
    .boolean()
    .optional()
    .describe('E-mail: present only for the kinds also sent by e-mail (the client portal kinds)'),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(configurableNotificationTypes.map((t) => [t, notificationChannelsSchema])) as Record<
      (typeof configurableNotificationTypes)[number],
      typeof notificationChannelsSchema
    >,
  )
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = z.object({ preferences: notificationPreferencesSchema });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;
export const updateNotificationPreferencesBodySchema = z.object({
  preferences: notificationPreferencesSchema.partial(),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

export const NOTIFICATION_TYPE_LABELS: Record<(typeof configurableNotificationTypes)[number], string> = {
  'assignment.created': 'An assignment is created for me',
  'assignment.rescheduled': 'One of my assignments is rescheduled',
  'assignment.cancelled': 'One of my assignments is cancelled',
  'assignment.overdue': 'An assignment becomes overdue',
  'inspection.completed': 'An inspection is completed',
  'inspection.failed': 'An inspection fails',
  'user.registered': 'A new user is registered',
  'order.placed': 'A shop order is placed',
  'order.changed': 'A shop order is confirmed, shipped, delivered, cancelled or returned',
  'bill.cancelled': 'A bill is cancelled',
  'action.created': 'Corrective actions are created from a failed inspection',
  'action.assigned': 'A corrective action is given to me',
  'action.overdue': 'A corrective action is overdue',
  'action.verified': 'A corrective action is verified by a re-inspection',
  'action.reinspection_failed': 'A re-inspection fails again',
  'assignment.reminder': 'An assignment is due soon and not started',
  'schedule.created': 'A schedule creates assignments',
  'report.ready': 'An inspection report of one of my sites is ready',
  'action.opened_on_site': 'A corrective action is opened on one of my sites',
  'site.overdue': 'A unit at one of my sites becomes overdue',
  'order.shipped': 'One of my shop orders is shipped',
  'request.updated': 'One of my inspection requests is scheduled or declined',
  'request.created': 'A client requests an inspection',
  'action.client_commented': 'A client comments on a corrective action or uploads evidence',
  'request.cancelled': 'A client cancels an inspection request',
};

// ---------------------------------------------------------------------------------------------
// Organisation
// ---------------------------------------------------------------------------------------------

export const dateFormats = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'] as const;
export const dateFormatSchema = z.enum(dateFormats, {
  error: `Choose one of ${dateFormats.join(', ')}`,
});
export type DateFormat = z.infer<typeof dateFormatSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const organisationSettingsSchema = z.object({
  companyName: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
  dateFormat: dateFormatSchema,
  defaultInspectionIntervalDays: z.number().int(),
  // What bills print as the seller (issue 18); the state decides CGST + SGST or IGST.
  gstin: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

export const updateOrganisationSettingsBodySchema = z
  .object({
    companyName: z
      .string({ error: 'Company name is required' })
      .trim()
      .min(1, 'Company name is required')
      .max(120, 'Company name must be at most 120 characters'),
    timezone: z
      .string({ error: 'Time zone is required' })
      .min(1, 'Time zone is required')
      .refine(isTimeZone, 'Choose a time zone from the list, e.g. Asia/Kolkata'),
    dateFormat: dateFormatSchema,
    defaultInspectionIntervalDays: z.coerce
      .number({ error: 'Default inspection interval must be a number of days' })
      .int('Default inspection interval must be a whole number of days')
      .min(1, 'Default inspection interval must be at least 1 day')
      .max(3650, 'Default inspection interval must be at most 3650 days'),
    // Absent: unchanged; blank or null: cleared.
    gstin: z.union([gstinSchema, z.literal('').transform(() => null), z.null()]).optional(),
    addressLine1: optionalText('Address line 1', 200),
    addressLine2: optionalText('Address line 2', 200),
    city: optionalText('City', 100),
    state: optionalText('State', 100),
    pincode: z
      .union([
        z.string().trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE),
        z.literal('').transform(() => null),
        z.null(),
      ])
      .optional(),
    phone: optionalText('Phone', 20),
    email: z
      .union([
        z.string().trim().email('Enter an email address'),
        z.literal('').transform(() => null),
        z.null(),
      ])
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.gstin || !body.state) return;
    const code = stateCodeOf(body.state);
    if (code && body.gstin.slice(0, 2) !== code) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is registered in another state: a GSTIN in ${body.state} starts with ${code}`,
      });
    }
  });
export type UpdateOrganisationSettingsBody = z.input<typeof updateOrganisationSettingsBodySchema>;

export const organisationSettingsResponseSchema = z.object({ organisation: organisationSettingsSchema });
export type OrganisationSettingsResponse = z.infer<typeof organisationSettingsResponseSchema>;
export const organisationMutationResponseSchema = z.object({
  message: z.string(),
  organisation: organisationSettingsSchema,
});
export type OrganisationMutationResponse = z.infer<typeof organisationMutationResponseSchema>;
