// Stand-ins for pg_dump and pg_restore that record how they were called (decision 040: the
// password never on a command line), first on PATH while a test runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Stand-ins for the client tools, first on PATH: each writes its arguments and PGPASSWORD to `log`, then runs the real tool (`exec`) or answers "dumped". Answers the function that puts PATH back. */
export function recordingPgTools(log: string, exec: Partial<Record<'pg_dump' | 'pg_restore', string>> = {}): () => void {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-pg-tools-'));
  for (const tool of ['pg_dump', 'pg_restore'] as const) {
    const then = exec[tool] ? `exec ${exec[tool]} "$@"` : 'printf dumped';
    fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\nprintf '${tool} %s\\n' "$*" >> '${log}'\nprintf 'PGPASSWORD=%s\\n' "$PGPASSWORD" >> '${log}'\n${then}\n`, { mode: 0o700 });
  }
  const before = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${before}`;
  return () => {
    process.env.PATH = before;
    fs.rmSync(bin, { recursive: true, force: true });
  };
}
