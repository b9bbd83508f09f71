// pg_dump and pg_restore, the PostgreSQL client tools backups use (decision 025). A process's
// command line is shown to every user of the machine (`ps`), its environment only to its own user,
// so the database's password goes to them as PGPASSWORD, never in --dbname (decision 040).
import { spawn } from 'node:child_process';
import { childProcessEnv } from '../config';

/** A database address split for the client tools: the address without its password, and the password. */
export function pgToolConnection(url: string): { dbname: string; password: string | undefined } {
  const u = new URL(url);
  // libpq reads a password from the address's user part or from a `password` parameter
  const fromQuery = u.searchParams.get('password');
  let password = u.password ? decodeURIComponent(u.password) : undefined;
  if (fromQuery !== null) {
    password = fromQuery;
    u.searchParams.delete('password');
  }
  u.password = '';
  return { dbname: u.toString(), password };
}

/**
 * Runs pg_dump or pg_restore with `args`, `input` on its standard input, and answers what it wrote
 * to its standard output. With `url`, the tool is pointed at that database: `--dbname` without the
 * password, the password in PGPASSWORD.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: readonly string[], options: { url?: string; input?: Buffer } = {}): Promise<Buffer> {
  const connection = options.url ? pgToolConnection(options.url) : null;
  const env = childProcessEnv(connection?.password !== undefined ? { PGPASSWORD: connection.password } : {});
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...(connection ? [`--dbname=${connection.dbname}`] : [])], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new Error(`${tool} could not run (${e.message}): install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${tool} failed: ${err.trim() || `exit ${code}`}`))));
    // a tool that stops reading early (a damaged archive) closes its end: its exit code says why
    child.stdin.on('error', () => {});
    child.stdin.end(options.input);
  });
}
