// A staff member's session (spec: back-office 4): sign-in, first password, password reset, the
// guard every back-office page sits behind, and the back office's page frame. The sign-in calls
// and their form schemas serve the pro portal's sign-in too (decision 018: the same better-auth).
export { AdminLoading, AuthenticatedBar, LogoutButton, useAdminSession } from './admin-session';
export { BackOfficeLayout } from './back-office-layout';
export { FirstPasswordCard } from './first-password-card';
export { LoginCard, useSignedInRedirect } from './login-card';
export { ResetPasswordCard } from './reset-password-card';
export type { AdminUser } from './session-api';
export { StaffPage } from './staff-page';
export {
  errorMessage,
  isAccessDisabled,
  isInvalidToken,
  requestPasswordReset,
  requestResetSchema,
  resetPassword,
  resetPasswordSchema,
  signIn,
  signInSchema,
  signOut,
  staffPasswordMinLength,
  type RequestResetInput,
  type ResetPasswordInput,
  type SignInInput,
} from './auth-api';
