// @ts-check
// Whether dist/ is older than its sources: one rule for `npm start` (scripts/start.js) and the
// benchmarks (which build first, so that they never time a build). Two builds: the site
// (scripts/build.ts) and the server (scripts/build-server.ts, with the PGlite template). Plain
// JavaScript, like scripts/start.js, so that `npm start` needs no TypeScript loader to run it
// (docs/decisions/007).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * @typedef {object} BuildTarget
 * @property {'site' | 'server'} name as printed: "Building the site..."
 * @property {string} script the build script (TypeScript, run with tsx)
 * @property {string} stamp written by the build when it is done
 * @property {string[]} sources a build older than any of these is stale
 * @property {() => boolean} [missing] something the build makes that the sources can't tell is gone
 */

const serverStamp = path.join(projectRoot, 'dist/server/.build-stamp');

/** @type {BuildTarget[]} */
export const buildTargets = [
  {
    name: 'site',
    script: 'scripts/build.ts',
    stamp: path.join(projectRoot, 'dist/client/.build-stamp'),
    sources: ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(projectRoot, p)),
  },
  {
    name: 'server',
    script: 'scripts/build-server.ts',
    stamp: serverStamp,
    // package-lock.json: a dependency changed (another PGlite version needs its own template)
    sources: ['src/server', 'src/shared', 'emails', 'scripts/build-server.ts', 'scripts/admin-create.ts', 'scripts/backup.ts', 'scripts/restore.ts', 'scripts/doctor.ts', 'package-lock.json'].map((p) => path.join(projectRoot, p)),
    // the bundle, and the PGlite template the stamp names (src/server/db/pglite-template.ts)
    missing: () => {
      const dir = path.dirname(serverStamp);
      try {
        const { pgliteTemplate } = JSON.parse(fs.readFileSync(serverStamp, 'utf8'));
        return !fs.existsSync(path.join(dir, 'main.js')) || !fs.existsSync(path.join(dir, pgliteTemplate, 'PG_VERSION'));
      } catch {
        return true;
      }
    },
  },
];

/** @param {string} file */
function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** @param {BuildTarget} target */
export function targetIsStale(target) {
  const built = fs.existsSync(target.stamp) ? fs.statSync(target.stamp).mtimeMs : 0;
  return target.sources.some((p) => fs.existsSync(p) && newestMtime(p) > built) || (target.missing?.() ?? false);
}

export function staleTargets() {
  return buildTargets.filter(targetIsStale);
}

export function buildIsStale() {
  return staleTargets().length > 0;
}

/**
 * Runs a build script with tsx; its output goes to this process's stdout and stderr, or to
 * stderr only. Answers its exit status.
 * @param {BuildTarget} target
 * @param {'inherit' | 'stderr'} [output]
 */
export function runBuild(target, output = 'inherit') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', target.script], {
    cwd: projectRoot,
    stdio: output === 'inherit' ? 'inherit' : ['ignore', 2, 2],
  });
  return result.status ?? 1;
}

/**
 * Builds what is stale (everything with `force`); exits the process when a build fails.
 * @param {{ force?: boolean }} [options]
 */
export function ensureBuilt(options = {}) {
  const targets = options.force ? buildTargets : staleTargets();
  for (const target of targets) {
    console.error(`building the ${target.name} (not timed)...`);
    if (runBuild(target, 'stderr') !== 0) {
      console.error(`the ${target.name} build failed`);
      process.exit(1);
    }
  }
  return targets.length > 0;
}
