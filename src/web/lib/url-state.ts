// A list's filters, search, tab and page kept in the address (back-office lists), so that a
// reload, the back button and a shared link show the same list. A value equal to its default is
// left out of the address; a filter or a page change is a history entry (back undoes it), typing
// in a search box replaces the current one (no entry per keystroke).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UrlState<T extends Record<string, string>> = [
  T,
  (changes: Partial<T>, options?: { replace?: boolean }) => void,
];

/**
 * `defaults` names the parameters this list owns and their values when absent; `allowed`
 * optionally limits a parameter to known values (anything else reads as the default).
 */
export function useUrlState<T extends Record<string, string>>(
  defaults: T,
  allowed: Partial<Record<keyof T, readonly string[]>> = {},
): UrlState<T> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof T & string)[]) {
      const raw = params.get(name);
      if (raw === null) continue;
      const options = allowed[name];
      if (options && !options.includes(raw)) continue;
      (out as Record<string, string>)[name] = raw;
    }
    return out;
    // the address (key) is what the values depend on; defaults and allowed are constants per list
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (changes: Partial<T>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          // from the address as it is now, not this render's copy of it (React Router's): a filter
          // picked while the search box's pause ran is kept, not overwritten by the search
          const next = new URLSearchParams(typeof window === 'undefined' ? current : window.location.search);
          for (const [name, value] of Object.entries(changes) as [string, string | undefined][]) {
            if (value === undefined || value === defaults[name]) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [values, set];
}

/** A page number from the address: a whole number from 1, anything else 1. */
export function pageFrom(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
