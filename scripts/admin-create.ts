// `npm run admin:create -- --email owner@example.com [--name "Full Name"] [--role master_admin]`
// Creates a staff account and prints its temporary password (to be changed at the first sign-in).
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/server/admins/admins.service';
import { createStaffAuth } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'master_admin' } },
});
if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email owner@example.com [--name "Full Name"] [--role admin|master_admin]');
  process.exit(2);
}
if (values.role !== 'admin' && values.role !== 'master_admin') {
  console.error('--role must be admin or master_admin');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const auth = await createStaffAuth(config, database, createLogger(config));
  const created = await createAdmin(database.db, auth, { email: values.email, fullName: values.name ?? '', role: values.role }, null);
  console.log(`Created ${values.role} ${values.email.toLowerCase()}.`);
  console.log(`Temporary password (shown once; it must be changed at the first sign-in): ${created.temporaryPassword}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
