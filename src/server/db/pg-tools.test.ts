// Decision 040: pg_dump and pg_restore get the database's password through their environment,
// never on their command line, which every user of the machine sees in `ps`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingPgTools } from '../../../tests/helpers/recording-pg-tools';
import { pgDump } from './client';
import { pgToolConnection, runPgTool } from './pg-tools';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-pg-args-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the PostgreSQL client tools', () => {
  it('get the password in PGPASSWORD, and their arguments carry none', async () => {
    const log = path.join(scratch, 'calls.log');
    const restore = recordingPgTools(log);
    try {
      expect((await pgDump('postgres://washday:s3cr%40t-pass@db.example:5432/washday?sslmode=require')).toString()).toBe('dumped');
      await runPgTool('pg_restore', ['--single-transaction'], { url: 'postgres://washday@db.example/washday?password=query-pass', input: Buffer.from('x') });
    } finally {
      restore();
    }
    const calls = fs.readFileSync(log, 'utf8');
    expect(calls).toContain('pg_dump --format=custom --no-owner --no-privileges --dbname=postgres://washday@db.example:5432/washday?sslmode=require\nPGPASSWORD=s3cr@t-pass\n');
    expect(calls).toContain('pg_restore --single-transaction --dbname=postgres://washday@db.example/washday\nPGPASSWORD=query-pass\n');
    expect(calls.split('\n').filter((l) => !l.startsWith('PGPASSWORD=') && /s3cr|query-pass/.test(l))).toEqual([]);
  });

  it('leave an address without a password as it is (PGPASSWORD or ~/.pgpass of the environment then apply)', () => {
    expect(pgToolConnection('postgres://postgres@127.0.0.1:5432/postgres')).toEqual({ dbname: 'postgres://postgres@127.0.0.1:5432/postgres', password: undefined });
  });
});
