// Staff sign-in is better-auth's HTTP API under /api/auth (no client library): a few typed calls,
// the form schemas they are sent with, and one error type whose message the UI can show as it is.
import * as z from 'zod/mini';
import { emailField } from '../../../shared/schemas/common';

export class AuthRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

/** Minimum length of a staff password (better-auth's minPasswordLength on the server). */
export const staffPasswordMinLength = 10;

// spec: back-office 5, login: email and password required; reset: email required
export const signInSchema = z.object({
  email: emailField(),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(200, 'That password is too long')),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const requestResetSchema = z.object({ email: emailField() });
export type RequestResetInput = z.infer<typeof requestResetSchema>;

/** A new password typed twice: the reset link's form and the first sign-in's form share it. */
export const newPasswordFields = {
  newPassword: z
    .string()
    .check(
      z.minLength(1, 'Enter a new password'),
      z.minLength(staffPasswordMinLength, `Use at least ${staffPasswordMinLength} characters`),
      z.maxLength(200, 'That password is too long'),
    ),
  confirmPassword: z.string().check(z.minLength(1, 'Type the new password again')),
};
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: 'The two passwords do not match', path: ['confirmPassword'] };

export const resetPasswordSchema = z.object(newPasswordFields).check(z.refine(passwordsMatch, mismatch));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const firstPasswordSchema = z
  .object({ currentPassword: z.string().check(z.minLength(1, 'Enter the temporary password you signed in with')), ...newPasswordFields })
  .check(
    z.refine(passwordsMatch, mismatch),
    z.refine((v) => !v.newPassword || v.newPassword !== v.currentPassword, {
      message: 'Choose a new password, not the temporary one',
      path: ['newPassword'],
    }),
  );
export type FirstPasswordInput = z.infer<typeof firstPasswordSchema>;

const fallbackMessage = 'Something went wrong. Please try again.';

async function authPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new AuthRequestError(0, 'network', 'We could not reach the server. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    // better-auth answers { message, code }; our own middleware (the rate limit) { error: { message, code } }
    const nested = data?.error && typeof data.error === 'object' ? (data.error as Record<string, unknown>) : null;
    const message = [data?.message, nested?.message].find((m): m is string => typeof m === 'string' && m.length > 0);
    const code = [data?.code, nested?.code].find((c): c is string => typeof c === 'string') ?? `http_${response.status}`;
    throw new AuthRequestError(response.status, code, message ?? fallbackMessage);
  }
  return data as T;
}

/** Signs in and sets the session cookie. */
export function signIn(input: SignInInput): Promise<{ user: { id: string; email: string } }> {
  return authPost('sign-in/email', { email: input.email, password: input.password });
}

export async function signOut(): Promise<void> {
  await authPost('sign-out', {});
}

/**
 * The answer is the same whether or not the email belongs to someone. The link lands on
 * `redirectTo`: staff's reset page, or the pro portal's (decision 018).
 */
export async function requestPasswordReset(input: RequestResetInput, redirectTo = '/admin/reset-password'): Promise<void> {
  await authPost('request-password-reset', { email: input.email, redirectTo });
}

/** Sets a new password with the token of the emailed link (single use, one hour). */
export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await authPost('reset-password', { newPassword: input.newPassword, token: input.token });
}

/** A disabled admin's sign-in is refused by the admin plugin's ban. */
export function isAccessDisabled(error: unknown): boolean {
  return error instanceof AuthRequestError && error.status === 403 && (error.code === 'BANNED_USER' || /disabled/i.test(error.message));
}

/** The reset token is missing, expired or used already. */
export function isInvalidToken(error: unknown): boolean {
  return error instanceof AuthRequestError && (error.code === 'INVALID_TOKEN' || /invalid token/i.test(error.message));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : fallbackMessage;
}
