// Whether dist/ is older than the sources, by the same rule `npm start` (scripts/start.ts) uses,
// so a benchmark can build first and never time a build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './server';

const stamp = path.join(projectRoot, 'dist/client/.build-stamp');
const sources = ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(projectRoot, p));

function newestMtime(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > built);
}

/** Runs scripts/build.ts when dist/ is stale; exits the process when the build fails. */
export function ensureBuilt(options: { force?: boolean } = {}): boolean {
  if (!options.force && !buildIsStale()) return false;
  console.error('building the site (not timed)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    console.error('the build failed');
    process.exit(1);
  }
  return true;
}
