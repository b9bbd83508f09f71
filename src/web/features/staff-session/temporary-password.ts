// The temporary password a staff member has just signed in with, kept in this tab's memory only
// (never stored) so that the first-password card does not ask for it again right after the
// sign-in (spec: back-office 4, first sign-in). After a reload it is gone and the card asks for it.
let remembered: { email: string; password: string } | null = null;

export function rememberTemporaryPassword(email: string, password: string): void {
  remembered = { email: email.trim().toLowerCase(), password };
}

/** The password this tab signed in with for `email`, if it still knows it. */
export function rememberedTemporaryPassword(email: string): string | null {
  return remembered && remembered.email === email.trim().toLowerCase() ? remembered.password : null;
}

export function forgetTemporaryPassword(): void {
  remembered = null;
}
