// A staff member's session (spec: back-office 4): sign-in, first password, password reset, the
// guard every back-office page sits behind, and the back office's page frame. The sign-in calls
// and the sign-in cards' parts (their forms with the schemas) serve the pro portal's sign-in too
// (decision 018: the same better-auth; docs/decisions/050: the same parts, not a copy).
export { AdminLoading, AuthenticatedBar, LogoutButton, useAdminSession } from './admin-session';
export { BackOfficeLayout } from './back-office-layout';
export { FirstPasswordCard } from './first-password-card';
export { LoginCard, useSignedInRedirect } from './login-card';
export { ResetPasswordCard } from './reset-password-card';
export { AuthCard, InvalidLinkNotice, LinkRequestForm, NewPasswordForm, SignInForm, useFormSwitch } from './sign-in-parts';
export type { AdminUser } from './session-api';
export { StaffPage } from './staff-page';
export { errorMessage, requestPasswordReset, signIn, signOut, type SignInInput } from './auth-api';
