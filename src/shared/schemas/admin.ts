// Staff accounts (spec: back-office 2, 5, 7). zod/mini like every schema the browser loads
// (docs/decisions/009).
import * as z from 'zod/mini';
import { emailField } from './common';

export const staffRoleValues = ['admin', 'master_admin'] as const;
/** Every account's role: the staff's, and a laundry pro's portal sign-in (decision 018). The database holds no other. */
export const accountRoleValues = [...staffRoleValues, 'pro'] as const;

// spec: back-office 5, create admin: email required; full name optional; role admin or master_admin (default admin)
export const createAdminRequestSchema = z.strictObject({
  email: emailField(),
  fullName: z._default(z.optional(z.string().check(z.trim(), z.maxLength(120, 'Full name is too long'))), ''),
  role: z._default(z.optional(z.enum(staffRoleValues, { error: 'Choose admin or master admin' })), 'admin'),
});

export const setAdminStatusRequestSchema = z.strictObject({ disabled: z.boolean({ error: 'disabled must be true or false' }) });

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(200)),
  newPassword: z.string().check(z.minLength(10, 'Use at least 10 characters'), z.maxLength(200, 'That password is too long')),
});

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
