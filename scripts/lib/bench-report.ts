// Shared by the bench scripts: the `BENCH_JSON {...}` last-line convention, tables, statistics,
// command-line flags and clean-up on Ctrl-C. Benchmarks print figures; they never pass or fail.

/** Every bench script ends its stdout with one line: this prefix, then a BenchReport as JSON. */
export const BENCH_JSON_PREFIX = 'BENCH_JSON ';

export type BenchRow = {
  /** What was measured, e.g. "quote · PGlite · 300 req/s". */
  metric: string;
  /** The figure as printed, e.g. "p99 4.1 ms". */
  value: string;
  /** The goal as printed, e.g. "p99 <= 25 ms"; absent when the benchmark has none. */
  goal?: string | null;
  /** Whether the goal was met; null or absent without a goal. */
  met?: boolean | null;
};

export type BenchReport = {
  bench: string;
  title: string;
  rows: BenchRow[];
  notes?: string[];
  /** The raw figures, for anyone who wants more than the table. */
  data?: unknown;
};

export function emitBenchJson(report: BenchReport): void {
  console.log(`${BENCH_JSON_PREFIX}${JSON.stringify(report)}`);
}

/** The last BENCH_JSON line of a script's output, parsed; null when there is none. */
export function parseBenchJson(stdout: string): unknown {
  const lines = stdout.split('\n').map((l) => l.trim());
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.startsWith(BENCH_JSON_PREFIX)) {
      try {
        return JSON.parse(line.slice(BENCH_JSON_PREFIX.length)) as unknown;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A Markdown pipe table, padded so it reads in a terminal as well. */
export function formatTable(header: string[], rows: string[][]): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  const all = [header, ...rows].map((r) => r.map(escape));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (c ?? '').padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(all[0]!), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...all.slice(1).map(line)].join('\n');
}

export function metMark(met: boolean | null | undefined): string {
  if (met === true) return 'yes';
  if (met === false) return 'NO';
  return '';
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) of ascending values, nearest-rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** `--name value` or `--name=value`. */
export function flagValue(name: string, argv: string[] = process.argv.slice(2)): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

export function hasFlag(name: string, argv: string[] = process.argv.slice(2)): boolean {
  return argv.includes(`--${name}`);
}

export function numberFlag(name: string, fallback: number): number {
  const raw = flagValue(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
  return value;
}

const cleanups: (() => Promise<void> | void)[] = [];
let interrupted = false;
let handlersInstalled = false;

/** Runs on Ctrl-C or SIGTERM before exiting (servers stopped, bench databases dropped). */
export function onInterrupt(cleanup: () => Promise<void> | void): () => void {
  cleanups.push(cleanup);
  if (!handlersInstalled) {
    handlersInstalled = true;
    const handler = (signal: NodeJS.Signals) => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: cleaning up...`);
      void Promise.allSettled(cleanups.map(async (c) => c())).then(() => process.exit(130));
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  }
  return () => {
    const i = cleanups.indexOf(cleanup);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
