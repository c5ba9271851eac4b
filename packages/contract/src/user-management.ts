import { z } from 'zod';
import { auditChangeSchema } from './activity.js';
import { emailSchema } from './auth.js';
import {
  type FieldError,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { PASSWORD_MAX_LENGTH, passwordNotEmail, passwordPolicySchema } from './password-policy.js';
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from './phone.js';
import { sessionUserSchema, type UserType, userStatusSchema, userTypeSchema, userTypes } from './users.js';

// ---------------------------------------------------------------------------------------------
// Field rules shared by the forms and the server
// ---------------------------------------------------------------------------------------------

export const NAME_MAX_LENGTH = 80;
export const COMPANY_MAX_LENGTH = 120;
export const EMPLOYEE_CODE_MAX_LENGTH = 40;
export const LICENCE_NUMBER_MAX_LENGTH = 60;

function requiredName(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);
}

/** An optional text field: blank becomes null. */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((v) => (v === '' ? null : v));
}

/** An optional E.164 phone: blank becomes null. */
export const optionalPhoneSchema = z
  .string({ error: 'Phone must be text' })
  .nullish()
  .transform((v) => {
    const phone = normalizePhone(v ?? '');
    return phone === '' ? null : phone;
  })
  .refine((v) => v === null || PHONE_PATTERN.test(v), PHONE_MESSAGE);

export interface RoleFields {
  userType?: UserType | string | null | undefined;
  phone?: string | null | undefined;
  company?: string | null | undefined;
  employeeCode?: string | null | undefined;
  licenceNumber?: string | null | undefined;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * What each role needs besides the name and email: clients a company and a phone, inspectors a
 * phone, an employee code and a licence number. Admins need nothing more. The create and edit forms
 * and the server all check with this one function.
 */
export function roleFieldIssues(values: RoleFields): FieldError[] {
  const issues: FieldError[] = [];
  if (values.userType === 'client') {
    if (blank(values.company)) issues.push({ field: 'company', message: 'Company is required for clients' });
    if (blank(values.phone)) issues.push({ field: 'phone', message: 'Phone is required for clients' });
  }
  if (values.userType === 'inspector') {
    if (blank(values.phone)) issues.push({ field: 'phone', message: 'Phone is required for inspectors' });
    if (blank(values.employeeCode))
      issues.push({ field: 'employeeCode', message: 'Employee code is required for inspectors' });
    if (blank(values.licenceNumber))
      issues.push({ field: 'licenceNumber', message: 'Licence number is required for inspectors' });
  }
  return issues;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const profileFields = {
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: emailSchema,
  phone: optionalPhoneSchema,
  company: optionalText('Company', COMPANY_MAX_LENGTH),
  employeeCode: optionalText('Employee code', EMPLOYEE_CODE_MAX_LENGTH),
  licenceNumber: optionalText('Licence number', LICENCE_NUMBER_MAX_LENGTH),
};

const userTypeField = z.enum(userTypes, { error: 'Choose a role: admin, inspector or client' });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/admin/register. Either a password (the password policy) or `sendInvitation: true`,
 * which emails a link to choose one. Role fields are checked by `roleFieldIssues`; fields that do
 * not belong to the role (a company for an inspector) are not stored.
 */
export const registerUserBodySchema = z
  .object({
    userType: userTypeField,
    ...profileFields,
    sendInvitation: z.boolean({ error: 'sendInvitation must be true or false' }).default(false),
    password: z
      .string({ error: 'Password must be text' })
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
      .nullish(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so a form hears about every problem at once.
      if (!isObject(value)) return;
      for (const issue of roleFieldIssues(value as RoleFields)) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
      }
      const password = typeof value.password === 'string' ? value.password : '';
      if (value.sendInvitation === true) {
        if (password !== '') {
          ctx.addIssue({
            code: 'custom',
            path: ['password'],
            message: 'Leave the password empty when sending an invitation',
          });
        }
        return;
      }
      if (password === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'Password is required, or choose to send an invitation',
        });
        return;
      }
      const policy = passwordPolicySchema().safeParse(password);
      if (!policy.success) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: policy.error.issues[0]!.message });
        return;
      }
      const email = typeof value.email === 'string' ? value.email : undefined;
      if (!passwordNotEmail({ email, password })) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password must not be the email' });
      }
    },
    { when: () => true },
  );
export type RegisterUserBody = z.output<typeof registerUserBodySchema>;
export type RegisterUserInput = z.input<typeof registerUserBodySchema>;

/**
 * PATCH /api/admin/update-user-profile/:id: any of the profile fields. The role cannot change
 * (create a new account instead); the merged record must still satisfy `roleFieldIssues`.
 */
export const updateUserProfileBodySchema = z
  .object(profileFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change');
export type UpdateUserProfileBody = z.output<typeof updateUserProfileBodySchema>;

/** The edit form: every profile field, with the role (read-only there) for the role rules. */
export const editUserFormSchema = z.object({ userType: userTypeField, ...profileFields }).superRefine(
  (value, ctx) => {
    if (!isObject(value)) return;
    for (const issue of roleFieldIssues(value as RoleFields)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  },
  { when: () => true },
);
export type EditUserFormInput = z.input<typeof editUserFormSchema>;

/** PATCH /api/admin/update-user-status/:id */
export const updateUserStatusBodySchema = z.object({
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }),
});
export type UpdateUserStatusBody = z.infer<typeof updateUserStatusBodySchema>;

export const userSortFields = [
  'id',
  'name',
  'email',
  'userType',
  'status',
  'lastLoginAt',
  'createdAt',
  'relevance',
] as const;
export type UserSortField = (typeof userSortFields)[number];
export const USER_SEARCH_MAX_LENGTH = 100;

const searchField = z
  .string()
  .trim()
  .max(USER_SEARCH_MAX_LENGTH, `Search at most ${USER_SEARCH_MAX_LENGTH} characters`)
  .optional()
  .describe(
    'Case-insensitive substring of the name, email, phone, company or employee code; or the exact Id',
  );

/** GET /api/admin/userlist */
export const userListQuerySchema = paginationQuerySchema.extend({
  user_type: z
    .enum([...userTypes, 'all'], { error: 'user_type must be admin, inspector, client or all' })
    .optional(),
  status: userStatusSchema.optional(),
  search: searchField,
  sort: sortSchema(userSortFields).describe(
    'Default relevance while searching (the exact email, phone or id, then a first name, last name, full ' +
      'name, email or company starting with the term, then the rest; newest first within each), else ' +
      '-createdAt (newest first). The total is exact up to 10,000 (totalIsCapped beyond).',
  ),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /api/create/admin: the same list, administrators only. */
export const adminListQuerySchema = userListQuerySchema.omit({ user_type: true });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** A user as administrators see them (never a password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  userType: userTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: userStatusSchema,
  profileImage: z.string().nullable(),
  company: z.string().nullable(),
  employeeCode: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  hasPassword: z.boolean().describe('False until the user chose a password (invited users)'),
  invitationExpiresAt: isoDateTimeSchema
    .nullable()
    .describe('Expiry of the newest invitation not yet accepted; null when there is none'),
  lastLoginAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const userListResponseSchema = z.object({
  users: z.array(userSchema),
  pagination: paginationSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const deliveryStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const invitationDeliverySchema = z.object({
  expiresAt: isoDateTimeSchema,
  delivery: deliveryStatusSchema.describe(
    'sent: the mail server accepted it; queued: kept in the outbox (no mail server configured); failed: the mail server refused it',
  ),
  link: z.string().describe('The single-use link, for the administrator to pass on another way'),
});
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;

export const userMutationResponseSchema = z.object({ message: z.string(), user: userSchema });
export type UserMutationResponse = z.infer<typeof userMutationResponseSchema>;

export const registerUserResponseSchema = userMutationResponseSchema.extend({
  invitation: invitationDeliverySchema.nullable(),
});
export type RegisterUserResponse = z.infer<typeof registerUserResponseSchema>;

export const sendInvitationResponseSchema = z.object({
  message: z.string(),
  invitation: invitationDeliverySchema,
});
export type SendInvitationResponse = z.infer<typeof sendInvitationResponseSchema>;

export const userAuditEventSchema = z.object({
  id: z.number().int(),
  action: z.string().describe('e.g. user.create, user.update, user.status_change, auth.login'),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(auditChangeSchema).describe('Fields whose value changed, before and after'),
  createdAt: isoDateTimeSchema,
});
export type UserAuditEvent = z.infer<typeof userAuditEventSchema>;

/** GET /api/admin/users/:id */
export const userDetailResponseSchema = z.object({
  user: userSchema,
  activeSessions: z.number().int().describe('Sessions not ended, revoked or expired'),
  recentEvents: z.array(userAuditEventSchema).describe('The newest audit events about or by this user'),
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

/** POST /api/auth/me/profile-image answers the signed-in user as the client stores it. */
export const sessionUserMutationResponseSchema = z.object({ message: z.string(), user: sessionUserSchema });
export type SessionUserMutationResponse = z.infer<typeof sessionUserMutationResponseSchema>;

/** Profile images: what the upload accepts. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---------------------------------------------------------------------------------------------
// Invitations (public: the invited person has no session)
// ---------------------------------------------------------------------------------------------

export const invitationTokenSchema = z
  .string({ error: 'The invitation token is missing' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The invitation link is not valid');

export const invitationQuerySchema = z.object({ token: invitationTokenSchema });

export const invitationInfoResponseSchema = z.object({
  firstName: z.string(),
  email: z.string(),
  userType: userTypeSchema,
  expiresAt: isoDateTimeSchema,
});
export type InvitationInfo = z.infer<typeof invitationInfoResponseSchema>;

/** POST /api/auth/accept-invitation. The server also refuses the email as the password. */
export const acceptInvitationBodySchema = z.object({
  token: invitationTokenSchema,
  password: passwordPolicySchema(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

export const acceptInvitationResponseSchema = z.object({
  message: z.string(),
  userType: userTypeSchema.describe('Where to go next: admins sign in at /, inspectors use their app'),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
