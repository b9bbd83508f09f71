// The races on PostgreSQL: two requests fired together, the second after a stagger of 0-20 ms
// drawn from a seeded random, so a failing run is replayed from its printed seed (RACE_SEED).

/** Runs `run` after `ms` milliseconds. */
export const later = <T>(ms: number, run: () => Promise<T>) => new Promise<T>((done, fail) => setTimeout(() => run().then(done, fail), ms));

/** The seed of this run: RACE_SEED when set, else a random one (print it). */
export function raceSeed(): number {
  return Number(process.env.RACE_SEED ?? Math.floor(Math.random() * 2 ** 31));
}

/** mulberry32: the staggers of a run (0-20 ms each), replayed from its seed. */
export function staggers(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return Math.floor((((r ^ (r >>> 14)) >>> 0) / 4294967296) * 21); // 0-20 ms
  };
}
