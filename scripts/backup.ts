// `npm run backup [-- --out DIR]`: one file holding the whole database (decision 025), into --out,
// else BACKUP_DIR, else ./backups; the uploaded files copied beside it. PostgreSQL: pg_dump. PGlite:
// its own dump of the data directory, made by the running server when it holds the directory
// (a development page on this machine), else by this command. Encrypted with BACKUP_PASSPHRASE
// when it is set (decision 040).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../src/server/backup/backup';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const out = path.resolve(values.out ?? config.backup.dir ?? 'backups');
const filesDir = config.files.kind === 'disk' ? config.files.dir : null;

async function main() {
  try {
    const database = await openDatabase(config.database);
    try {
      console.log(await writeBackup(database, out, { filesDir, passphrase: config.backup.passphrase }));
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // the server holds the data directory: it makes the backup itself
    const res = await fetch(`http://127.0.0.1:${config.port}/dev/backup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ out }) }).catch(() => null);
    if (!res?.ok) {
      console.error(`${err.message}\nIt did not answer a backup request on port ${config.port} either: stop it and run the backup again.`);
      process.exit(1);
    }
    console.log(((await res.json()) as { file: string }).file);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
