// Rows that many requests write to one table, sent together (decision 028): while one statement is
// on its way, the rows that arrive wait and go in the next one, as a database's group commit does.
// A row alone (a quiet moment) is written at once, as before; under load one statement carries
// many. Each caller is answered only once its own row is committed, or with its own failure.

type Waiting<R> = { row: R; resolve: () => void; reject: (err: unknown) => void };

export type WriteBatch<R> = {
  /** Settles when this row is committed (or with the error that kept it out). */
  write(row: R): Promise<void>;
};

/**
 * A batch writer over `writeRows`, which must write all its rows in one statement (atomic: all or
 * none) and be safe to repeat. A statement of several rows that fails is retried row by row, so a
 * row that cannot be written fails its own caller and no other.
 */
export function writeBatch<R>(writeRows: (rows: readonly R[]) => Promise<void>, maxRows = 500): WriteBatch<R> {
  const queue: Waiting<R>[] = [];
  let writing = false;

  async function writeEach(batch: Waiting<R>[]) {
    for (const waiting of batch) {
      try {
        await writeRows([waiting.row]);
        waiting.resolve();
      } catch (err) {
        waiting.reject(err);
      }
    }
  }

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxRows);
        try {
          await writeRows(batch.map((w) => w.row));
          for (const w of batch) w.resolve();
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else await writeEach(batch);
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    write(row) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
