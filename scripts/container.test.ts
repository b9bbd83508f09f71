// The production image and its companions (docs/deploy.md 11), read as files: no Docker daemon runs
// here, so what a build would do is checked from the Dockerfile itself. The deploy rehearsal
// (scripts/deploy-rehearsal.ts) builds the release the way the image's first stage does and runs
// what its second stage runs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = read('Dockerfile')
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .filter((l) => l.trim() && !l.trimStart().startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => (line.startsWith('FROM ') ? [...all, [line]] : [...all.slice(0, -1), [...all.at(-1)!, line]]), []);
const final = stages.at(-1)!;
const shutdownDefaultS = 25;

describe('the production image (Dockerfile)', () => {
  it('builds in one stage and runs from another, on a Node the package accepts', () => {
    expect(stages.length).toBe(2);
    expect(stages[0]![0]).toMatch(/^FROM node:(\S+) AS build$/);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=20.19');
    for (const stage of stages) {
      const [major, minor] = /^FROM node:(\d+)\.(\d+)/.exec(stage[0]!)!.slice(1).map(Number);
      expect(major! > 20 || (major === 20 && minor! >= 19), stage[0]).toBe(true);
    }
    expect(stages[0]).toContain('RUN npm ci --no-audit --no-fund');
    expect(stages[0]!.some((l) => /^RUN npm run build && npm prune --omit=dev/.test(l))).toBe(true);
    // the runtime copies only what runs
    const copies = final.filter((l) => l.startsWith('COPY'));
    expect(copies.every((l) => l.startsWith('COPY --from=build /app/'))).toBe(true);
    expect(copies.map((l) => l.split(' ')[2])).toEqual(['/app/package.json', '/app/node_modules', '/app/dist']);
  });

  it('runs as a user that is not root, node as process 1 with the built server, and a health check', () => {
    const user = final.filter((l) => l.startsWith('USER '));
    expect(user).toEqual(['USER node']);
    // nothing after USER runs as root again, and the command is the built server, not npm
    expect(final.indexOf('USER node')).toBeLessThan(final.findIndex((l) => l.startsWith('CMD ')));
    expect(final.at(-1)).toBe('CMD ["node", "dist/server/main.js"]');
    expect(final).toContain('STOPSIGNAL SIGTERM');
    const health = final.find((l) => l.startsWith('HEALTHCHECK '));
    expect(health).toMatch(/CMD \["node", "-e", ".*fetch\('http:\/\/127\.0\.0\.1:3000\/api\/health'\)/);
    const env = final.find((l) => l.startsWith('ENV '))!;
    expect(env).toContain('NODE_ENV=production');
    // in a container the port is reached only through the proxy's network
    expect(env).toContain('HOST=0.0.0.0');
    expect(env).toContain('PORT=3000');
    // the nightly backup's tools
    expect(final.some((l) => /apt-get install -y --no-install-recommends postgresql-client/.test(l))).toBe(true);
  });

  it('.dockerignore keeps out packages, builds, data and secrets, and nothing the build needs', () => {
    const patterns = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const p of ['node_modules', 'dist', 'data', '.env', '*.env', '.git', 'test-results']) expect(patterns).toContain(p);
    expect(patterns).toContain('!.env.example');
    // what `npm run build` reads: none of it ignored
    const needed = ['src', 'scripts', 'emails', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
    for (const file of needed) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      expect(patterns.filter((p) => !p.startsWith('!')).some((p) => p === file || file.startsWith(`${p}/`)), file).toBe(false);
    }
  });
});

describe('compose, the proxy and the unit file (docs/deploy.md 11)', () => {
  it('compose runs PostgreSQL, the app from this image and Caddy on 443, the app stopped after its shutdown limit', () => {
    const compose = read('compose.yaml');
    const services = compose.slice(compose.indexOf('\nservices:\n'), compose.indexOf('\nvolumes:\n'));
    expect([...services.matchAll(/^ {2}([a-z]+):$/gm)].map((m) => m[1])).toEqual(['postgres', 'app', 'caddy']);
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).toMatch(/^ {4}env_file: \.env$/m);
    expect(compose).toMatch(/condition: service_healthy/);
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(grace).toBeGreaterThan(shutdownDefaultS);
    expect(compose).toContain('- "443:443"');
    // the database's major version is the one the image's pg_dump (Debian bookworm's) backs up
    expect(compose).toMatch(/image: postgres:15-bookworm/);
  });

  it('Caddy and nginx forward to the app and keep connections less than its 65 s', () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy app:3000/);
    expect(Number(/keepalive (\d+)s/.exec(caddy)?.[1])).toBeLessThan(65);
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/server 127\.0\.0\.1:3000;/);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    // the scale and door photos (8 MB) pass
    expect(Number(/client_max_body_size (\d+)m;/.exec(nginx)?.[1])).toBeGreaterThanOrEqual(8);
  });

  it('the systemd unit runs the built server as its own user, stops it with SIGTERM after its shutdown limit', () => {
    const unit = read('deploy/washday.service');
    expect(unit).toMatch(/^User=washday$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node dist\/server\/main\.js$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(shutdownDefaultS);
    expect(unit).toMatch(/^Restart=on-failure$/m);
  });
});
