import { z } from 'zod';
import { emailField } from './common';

export const staffRoleValues = ['admin', 'master_admin'] as const;

// spec: back-office 5, create admin: email required; full name optional; role admin or master_admin (default admin)
export const createAdminRequestSchema = z
  .object({
    email: emailField(),
    fullName: z.string().trim().max(120, 'Full name is too long').optional().default(''),
    role: z.enum(staffRoleValues, { error: 'Choose admin or master admin' }).optional().default('admin'),
  })
  .strict();

export const setAdminStatusRequestSchema = z.object({ disabled: z.boolean({ error: 'disabled must be true or false' }) }).strict();

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    newPassword: z.string().min(10, 'Use at least 10 characters').max(200, 'That password is too long'),
  })
  .strict();

export const adminSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(staffRoleValues),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminSchema>;

export const temporaryPasswordResponseSchema = z.object({ temporaryPassword: z.string() });
export const createAdminResponseSchema = z.object({ temporaryPassword: z.string(), userId: z.string() });
export const meResponseSchema = z.object({ user: adminSchema });
export const adminListResponseSchema = z.object({ admins: z.array(adminSchema) });
export const setAdminStatusResponseSchema = z.object({ disabled: z.boolean() });
export const changePasswordResponseSchema = z.object({ changed: z.boolean() });
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
