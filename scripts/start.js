// @ts-check
// `npm start`: builds the site and the server when their sources are newer than the last build,
// then runs the built server in this process. Plain JavaScript: no TypeScript loader, no second
// Node process between `npm start` and the server (docs/decisions/007).
import { projectRoot, runBuild, staleTargets } from './lib/build-state.js';

process.chdir(projectRoot); // the server finds ./data and ./dist from here
for (const target of staleTargets()) {
  console.log(`Building the ${target.name}...`);
  const status = runBuild(target);
  if (status !== 0) process.exit(status);
}
// a path the type checker doesn't follow: dist/ exists only once built
const server = new URL('../dist/server/main.js', import.meta.url).href;
await import(server);
