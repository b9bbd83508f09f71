// Staff sign-in with better-auth (docs/design.md 1, 6): email + password, sessions in the database,
// httpOnly SameSite=Lax cookies (Secure in production), the admin plugin's roles and bans.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { passwordResetLinkMinutes } from '../../shared/link-lifetimes';
import type { Db } from '../db/client';
import { libraryLogger, type Logger } from '../logger';
import { account, session, user, verification } from '../db/schema';
import { errorCatalogue, errorMessage } from '../error-catalogue';
import { proAccessRefusal, readProAccess } from './pro-access';
import { proRole as proRoleName, staffRoles } from './staff-roles';

// both staff roles may use the plugin's endpoints; who manages admins is decided by our routes
const ac = createAccessControl(defaultStatements);
const staffRole = ac.newRole({ ...adminAc.statements });
// a laundry pro signs in to the pro portal only: none of the plugin's permissions (decision 018)
const proRole = ac.newRole({});

/** How long a password-reset link works (staff and pros); its emails say so (emails/password-reset.tsx, emails/pro-emails.tsx). */

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  isProduction: boolean;
  /** Where better-auth's own log lines go: the app's logger, redacted as every line (decision 039). */
  logger: Logger;
  /** Queues the password-reset email (through the outbox): a staff member's, or a pro's link to the pro portal. */
  sendResetPassword: (input: { email: string; name: string; url: string; role: string | null }) => Promise<void>;
};

/** better-auth's names of the statuses its refusals use here. */
const apiStatus = { 403: 'FORBIDDEN' } as const;

/** A session refused before it opens, in the catalogue's status and words (decision 041); the
 *  code upper-cased, as better-auth writes its own. */
function refusedSession(code: NonNullable<ReturnType<typeof proAccessRefusal>>): APIError {
  return new APIError(apiStatus[errorCatalogue[code].status], { message: errorMessage(code), code: code.toUpperCase() });
}

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Washday',
    secret: options.secret,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    logger: libraryLogger(options.logger, 'better-auth'),
    // sign-in, sign-out and password reset refuse a cookie-carrying request from any other
    // origin; better-auth skips that check when NODE_ENV is test unless told not to, so tests
    // and the browser run check exactly what production checks
    trustedOrigins: [new URL(options.publicUrl).origin],
    database: drizzleAdapter(options.db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // staff accounts are created by a master admin or the bootstrap script
      minPasswordLength: 10,
      resetPasswordTokenExpiresIn: passwordResetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => options.sendResetPassword({ email: u.email, name: u.name, url, role: (u as { role?: string | null }).role ?? null }),
      // a password the admin chose through the emailed link is not a temporary one
      onPasswordReset: async ({ user: u }) => {
        await options.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, u.id));
      },
    },
    user: { additionalFields: { mustChangePassword: { type: 'boolean', defaultValue: false, input: false } } },
    databaseHooks: {
      session: {
        create: {
          // decision 041: a pro whose portal is closed (set inactive, access revoked, no longer a
          // pro's) gets no session, and is told why; staff sessions pass (the staff guard decides)
          before: async (s) => {
            const access = await readProAccess(options.db, s.userId);
            if (access?.role !== proRoleName) return;
            const refusal = proAccessRefusal(access);
            if (refusal) throw refusedSession(refusal);
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    advanced: {
      useSecureCookies: options.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      disableOriginCheck: false,
    },
    plugins: [
      admin({
        ac,
        roles: { admin: staffRole, master_admin: staffRole, pro: proRole },
        defaultRole: 'admin',
        adminRoles: [...staffRoles],
        // a disabled pro (access revoked, decision 041) reads the portal's words, not the staff's
        bannedUserMessage: (u) => (u.role === proRoleName ? errorMessage('pro_access_disabled') : 'Your admin access has been disabled.'),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Staff auth as the app holds it: better-auth and its plugins take about half a second to load,
 * which no public page needs, so the app loads them with the first staff request (or sign-in),
 * not at boot (docs/decisions/007). Answers the same instance every time.
 */
export type LoadAuth = () => Promise<Auth>;
