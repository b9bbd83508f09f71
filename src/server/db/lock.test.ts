import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, then allows it after release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-lock-'));
    const release = acquireDataDirLock(dir);
    // simulate another live process holding it: our parent's pid is alive
    fs.writeFileSync(path.join(dir, 'washday.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using the data directory/);
    fs.writeFileSync(path.join(dir, 'washday.lock'), String(process.pid));
    release();
    const again = acquireDataDirLock(dir);
    again();
    expect(fs.existsSync(path.join(dir, 'washday.lock'))).toBe(false);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-lock-'));
    fs.writeFileSync(path.join(dir, 'washday.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'washday.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
