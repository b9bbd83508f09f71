// Builds the server for `npm start` (docs/decisions/007): src/server/main.ts bundled by esbuild into
// dist/server (packages stay in node_modules), with the operator's commands beside it (admin-create,
// backup, restore, doctor: `node dist/server/doctor.js` where tsx is not installed, as in the
// container image; docs/deploy.md), the migrations copied beside them, and the PGlite
// template a new data directory starts from (src/server/db/pglite-template.ts), made again only
// for another PGlite version or other migrations.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { pgliteTemplatePath } from '../src/server/db/pglite-template';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
/** The commands of docs/deploy.md, built beside the server so that they find its migrations. */
const commands = ['admin-create', 'backup', 'restore', 'doctor'];

async function main() {
  const started = Date.now();
  for (const name of fs.existsSync(outDir) ? fs.readdirSync(outDir) : [])
    if (/\.js(\.map)?$/.test(name)) fs.rmSync(path.join(outDir, name)); // the previous build's chunks
  await build({
    absWorkingDir: root,
    // named, so that each lands at dist/server/<name>.js whatever folder it comes from
    entryPoints: { main: 'src/server/main.ts', ...Object.fromEntries(commands.map((name) => [name, `scripts/${name}.ts`])) },
    outdir: outDir,
    bundle: true,
    // dependencies load from node_modules as they are (PGlite finds its WASM beside its own files)
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // what is imported with import() (the email templates) becomes its own file, loaded when used
    splitting: true,
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.rmSync(path.join(outDir, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  let template = '';
  const templatePath = pgliteTemplatePath(outDir, path.join(outDir, 'migrations'));
  if (!fs.existsSync(path.join(templatePath, 'PG_VERSION'))) {
    const made = Date.now();
    // loaded only when needed: it opens the database code (and PGlite) in this process
    const { createPgliteTemplate } = await import('../src/server/db/client');
    await createPgliteTemplate(outDir);
    template = `, the PGlite template in ${Date.now() - made} ms`;
  }
  // scripts/lib/build-state.js reads the template's name from here
  const stamp = { builtAt: new Date().toISOString(), pgliteTemplate: path.basename(templatePath) };
  fs.writeFileSync(path.join(outDir, '.build-stamp'), `${JSON.stringify(stamp)}\n`);
  console.log(`built the server in ${Date.now() - started} ms${template}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
