// `npm run restore -- FILE [--force]`: a backup (decision 025) into the configured database (PGlite's
// DATA_DIR or DATABASE_URL), which must be empty unless --force. The file is checked whole first
// (decrypted with BACKUP_PASSPHRASE when it is encrypted), then restored aside and checked, and only
// then replaces the database (decision 040): a damaged, foreign or crafted file changes nothing. The
// uploaded files beside it are copied back, without the links among them.
import { parseArgs } from 'node:util';
import { BackupError, readBackup, restoreFiles } from '../src/server/backup/backup';
import { restorePglite, restorePostgres } from '../src/server/backup/restore';
import { loadConfig } from '../src/server/config';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  const { meta, payload } = readBackup(file!, { passphrase: config.backup.passphrase });
  if (meta.kind !== config.database.kind)
    throw new BackupError(`${file} is a ${meta.kind} backup and this installation uses ${config.database.kind}: nothing was changed.`);
  if (config.database.kind === 'postgres') await restorePostgres(payload, config.database.url, { force: values.force });
  else await restorePglite(payload, config.database.dataDir, { force: values.force });
  if (config.files.kind === 'disk') restoreFiles(file!, config.files.dir);
  console.log(`Restored ${file} (made ${meta.createdAt}).`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
