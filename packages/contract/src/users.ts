import { z } from 'zod';

export const userTypes = ['admin', 'inspector', 'client'] as const;
export const userTypeSchema = z.enum(userTypes);
export type UserType = z.infer<typeof userTypeSchema>;

export const userStatuses = ['active', 'inactive'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The signed-in user as the client keeps it in local storage under `userData`. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  userType: userTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
