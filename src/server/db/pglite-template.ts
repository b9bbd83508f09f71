// A new PGlite data directory starts as a copy of a template instead of empty: PGlite's initdb
// takes 3-9 s on a small machine, and the first migrations on a cold PGlite another second, while
// copying the template takes a fraction of that, off the main thread. The template is exactly what
// a first start makes (PGlite's initdb, then the migrations, by the same code:
// `createPgliteTemplate` in client.ts), made by the server build (scripts/build-server.ts) and
// used only by the same PGlite version with the same migrations. The server still runs its
// migrations on the copy, which then finds nothing to do (docs/decisions/007).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The installed PGlite's version (its package exports no package.json: found beside its entry). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** A fingerprint of a migrations folder: its journal and every SQL file. */
export function migrationsFingerprint(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const files = ['meta/_journal.json', ...fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort()];
  for (const file of files) hash.update(`${file}\n`).update(fs.readFileSync(path.join(migrationsFolder, file))).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** The template (a PGlite data directory) for the installed PGlite and these migrations. */
export function pgliteTemplatePath(buildDir: string, migrationsFolder: string): string {
  return path.join(buildDir, `pglite-${pgliteVersion()}-${migrationsFingerprint(migrationsFolder)}`);
}

/**
 * Gives a new PGlite data directory `pgDataDir` its start from the template, when there is one for
 * this PGlite and these migrations and the directory does not exist yet. Answers whether it did;
 * otherwise PGlite runs initdb and the migrations run in full, as they always did. The caller holds
 * the data directory's lock.
 */
export async function startFromTemplate(pgDataDir: string, buildDir: string | undefined, migrationsFolder: string): Promise<boolean> {
  if (!buildDir || fs.existsSync(pgDataDir)) return false;
  const template = pgliteTemplatePath(buildDir, migrationsFolder);
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  // copied beside it, then renamed: a copy cut short never looks like a database
  const partial = `${pgDataDir}.partial`;
  await fs.promises.rm(partial, { recursive: true, force: true });
  await copyTree(template, partial);
  await fs.promises.rename(partial, pgDataDir);
  return true;
}

/**
 * Copies a directory tree with its ~1,000 files in parallel on libuv's thread pool: the main
 * thread meanwhile loads the rest of the server. (fs.promises.cp copies one file at a time, each
 * with several round trips through the main thread, and took twice as long.)
 */
async function copyTree(from: string, to: string): Promise<void> {
  const dirs: string[] = [];
  const files: string[] = [];
  for (const entry of await fs.promises.readdir(from, { recursive: true, withFileTypes: true }))
    (entry.isDirectory() ? dirs : files).push(path.relative(from, path.join(entry.parentPath, entry.name)));
  await fs.promises.mkdir(to, { recursive: true, mode: 0o700 });
  for (const dir of dirs.sort()) await fs.promises.mkdir(path.join(to, dir), { recursive: true, mode: 0o700 });
  // copy-on-write where the file system can; the copy takes the source's mode, so it is then made
  // its user's alone (decision 040: a data directory holds every customer's details)
  await Promise.all(
    files.map(async (file) => {
      await fs.promises.copyFile(path.join(from, file), path.join(to, file), fs.constants.COPYFILE_FICLONE);
      await fs.promises.chmod(path.join(to, file), 0o600);
    }),
  );
}

/** A template holds no one's data but is what every new data directory starts from: only its user may change it. */
function readOnlyForOthers(dir: string): void {
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isSymbolicLink());
  for (const p of [dir, ...entries.map((e) => path.join(e.parentPath, e.name))]) fs.chmodSync(p, fs.statSync(p).mode & 0o755);
}

/** Makes a template in its place: `make` fills a fresh directory, which is renamed when done. */
export async function writePgliteTemplate(template: string, make: (dir: string) => Promise<void>): Promise<void> {
  const buildDir = path.dirname(template);
  const partial = `${template}.${process.pid}.partial`;
  fs.mkdirSync(buildDir, { recursive: true });
  fs.rmSync(partial, { recursive: true, force: true });
  await make(partial);
  readOnlyForOthers(partial);
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(partial, template);
  // templates of another PGlite version or other migrations are of no use any more
  for (const name of fs.readdirSync(buildDir))
    if (name.startsWith('pglite-') && path.join(buildDir, name) !== template) fs.rmSync(path.join(buildDir, name), { recursive: true, force: true });
}
