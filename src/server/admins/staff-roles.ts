// The staff roles (docs/design.md 6), apart from better-auth so that the routes and services that
// check a role don't load it (it loads with the first sign-in: docs/decisions/007).
export const staffRoles = ['admin', 'master_admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A laundry pro's sign-in: the pro portal only, refused by every staff route (decision 018). */
export const proRole = 'pro';
/** Where a pro's portal lives, and the page its password link opens. */
export const proPortalPath = '/pro';
export const proPasswordPath = '/pro/reset-password';
