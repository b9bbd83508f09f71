// What this instance's background jobs last did, for /api/health (a load balancer, an owner's
// monitor): each worker notes when it last finished a round. One record per process; the jobs
// write it, the health route reads it. Not started (tests, a process that only serves): null.
export type JobName = 'background' | 'outbox';
export type JobBeat = { lastRunAt: string | null; everyMs: number };

const beats = new Map<JobName, JobBeat>();

/** The jobs started: each is expected every `everyMs`. */
export function jobsStarted(intervals: Record<JobName, number>): void {
  for (const [name, everyMs] of Object.entries(intervals) as [JobName, number][]) beats.set(name, { lastRunAt: null, everyMs });
}

const rounds = new Map<JobName, number>();

/** A job finished a round (whatever it found to do). */
export function jobRan(name: JobName, at: Date): void {
  const beat = beats.get(name);
  if (beat) beat.lastRunAt = at.toISOString();
  rounds.set(name, (rounds.get(name) ?? 0) + 1);
}

/** How many rounds each job has finished in this process (/metrics). */
export function jobRounds(): Record<JobName, number> {
  return { background: rounds.get('background') ?? 0, outbox: rounds.get('outbox') ?? 0 };
}

export function jobsStopped(): void {
  beats.clear();
}

/**
 * Each job's last round and whether it keeps time: behind when its last round is older than three
 * intervals (or, never run, than three intervals since now minus its start is unknown: not yet).
 */
export function jobStatus(now: Date): Record<JobName, JobBeat & { behind: boolean }> | null {
  if (beats.size === 0) return null;
  const view = (b: JobBeat) => ({ ...b, behind: b.lastRunAt !== null && now.getTime() - Date.parse(b.lastRunAt) > 3 * b.everyMs });
  return { background: view(beats.get('background')!), outbox: view(beats.get('outbox')!) };
}

/** The nightly backup's last outcome in this process (health, decision 061); null before the first. */
let backup: { at: string; ok: boolean; error: string | null } | null = null;

export function backupFinished(at: Date, error: string | null): void {
  backup = { at: at.toISOString(), ok: error === null, error };
}

export function lastBackup(): { at: string; ok: boolean; error: string | null } | null {
  return backup;
}

/** Forgets the last backup's outcome: for a test that set it in a process other test files share (decision 054). */
export function forgetBackupOutcome(): void {
  backup = null;
}

let draining = false;

/**
 * The process is shutting down (SIGTERM): health answers 503 and responses close their connection.
 * Answers how to undo it, for a test that drains a process other test files go on using
 * (docs/decisions/054); a real shutdown never does.
 */
export function startDraining(): () => void {
  draining = true;
  return () => {
    draining = false;
  };
}

export function isDraining(): boolean {
  return draining;
}

// The requests this process is working on, whether or not their client is still there: a client
// that hangs up mid-request does not stop the work it started (a booking, its checkout).
let inFlight = 0;
const idle: (() => void)[] = [];

/** Counts a request from its start to its end (app.ts, the first middleware). */
export async function trackRequest(handle: () => Promise<void>): Promise<void> {
  inFlight += 1;
  try {
    await handle();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
  }
}

/** Resolves once no request is being worked on. */
export function requestsFinished(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
}
