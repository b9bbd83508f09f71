// Staff accounts (spec: back-office 4): the Admin Users tab (create, disable, reset with a
// one-time password) and the Audit Log tab.
export { AdminUsersTab } from './admin-users-tab';
export { AuditTab } from './audit-tab';
export { roleLabels } from './admin-badges';
