import { describe, expect, it } from 'vitest';
import { writeBatch } from './write-batch';

/** A statement writer that records each call's rows and lets the test finish it when it likes. */
function fakeStatements(fail: (rows: readonly number[]) => boolean = () => false) {
  const calls: number[][] = [];
  const committed: number[] = [];
  const pending: (() => void)[] = [];
  const writeRows = (rows: readonly number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push([...rows]);
      pending.push(() => {
        if (fail(rows)) return reject(new Error(`refused ${rows.join(',')}`));
        committed.push(...rows);
        resolve();
      });
    });
  /** Finishes the statements on their way, and those they lead to, until none is left. */
  const settleAll = async () => {
    for (;;) {
      await new Promise((r) => setImmediate(r));
      const next = pending.shift();
      if (!next) return;
      next();
    }
  };
  return { calls, committed, pending, writeRows, settleAll };
}

describe('write batch (decision 028)', () => {
  it('writes a row alone at once, and the rows that arrive while it is on its way together in the next statement', async () => {
    const db = fakeStatements();
    const batch = writeBatch(db.writeRows);
    const first = batch.write(1);
    expect(db.calls).toEqual([[1]]); // at once: no waiting for company
    const rest = [2, 3, 4, 5].map((n) => batch.write(n));
    expect(db.calls).toEqual([[1]]); // the others wait for the first statement
    await db.settleAll();
    await Promise.all([first, ...rest]);
    expect(db.calls).toEqual([[1], [2, 3, 4, 5]]);
    expect(db.committed).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers a caller only once its own row is committed', async () => {
    const db = fakeStatements();
    const batch = writeBatch(db.writeRows);
    let answered = false;
    void batch.write(1).then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    await db.settleAll();
    expect(answered).toBe(true);
  });

  it('a row that cannot be written fails its own caller and no other: a refused statement is retried row by row', async () => {
    const db = fakeStatements((rows) => rows.includes(13));
    const batch = writeBatch(db.writeRows);
    const results = [1, 12, 13, 14].map((n) => batch.write(n).then(() => 'ok', (err: Error) => err.message));
    await db.settleAll();
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'refused 13', 'ok']);
    expect(db.calls).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
    expect(db.committed.sort((a, b) => a - b)).toEqual([1, 12, 14]);
  });

  it('carries at most maxRows in one statement, and starts again after a quiet moment', async () => {
    const db = fakeStatements();
    const batch = writeBatch(db.writeRows, 3);
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => batch.write(n));
    await db.settleAll();
    await Promise.all(all);
    expect(db.calls).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
    const later = batch.write(9);
    expect(db.calls.at(-1)).toEqual([9]);
    await db.settleAll();
    await later;
    expect(db.committed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a lone row refused is refused to its caller, and the next row is written', async () => {
    const db = fakeStatements((rows) => rows.includes(1));
    const batch = writeBatch(db.writeRows);
    const refused = batch.write(1).then(() => null, (err: Error) => err.message);
    await db.settleAll();
    expect(await refused).toBe('refused 1');
    const next = batch.write(2);
    await db.settleAll();
    await next;
    expect(db.committed).toEqual([2]);
  });
});
