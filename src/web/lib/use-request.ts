// The two ways the booking page talks to the server, without a server-state library (decision 062):
// data it reads once when it opens, and actions a press starts. The pages with cached, shared or
// polled server state keep TanStack Query (lib/query.tsx); /book has none of those needs, and the
// library is a tenth of what it loads.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Runs `load`, and once more if it fails (as the query client's `retry: 1`); an abort is not retried. */
export async function loadWithRetry<T>(load: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, retries = 1): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(signal);
    } catch (err) {
      if (signal.aborted || attempt >= retries) throw err;
    }
  }
}

export type Loaded<T> = { data: T | undefined; error: unknown; isPending: boolean };

/** What the page reads once when it opens: pending until it comes, then its data or its error. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: null, isPending: true });
  const first = useRef(load);
  useEffect(() => {
    const abort = new AbortController();
    loadWithRetry(first.current, abort.signal).then(
      (data) => !abort.signal.aborted && setState({ data, error: null, isPending: false }),
      (error: unknown) => !abort.signal.aborted && setState({ data: undefined, error, isPending: false }),
    );
    return () => abort.abort();
  }, []);
  return state;
}

/** An action a press starts: its promise (the caller handles the answer) and whether one is under way. */
export function useAction<I, O>(run: (input: I) => Promise<O>): { mutateAsync: (input: I) => Promise<O>; isPending: boolean } {
  const [running, setRunning] = useState(0);
  const latest = useRef(run);
  latest.current = run;
  const mutateAsync = useCallback(async (input: I) => {
    setRunning((n) => n + 1);
    try {
      return await latest.current(input);
    } finally {
      setRunning((n) => n - 1);
    }
  }, []);
  return { mutateAsync, isPending: running > 0 };
}
