// What the back office's paged lists share once their search and page live in the address
// (src/web/lib/url-state.ts): the search box that writes the address when typing pauses, and the
// page from the address kept within the pages the server says there are.
import { useEffect, useRef, useState } from 'react';

/**
 * The page to show once the list answered: a page past the end (a shared link to a list that has
 * since shrunk, rows gone under a filter) moves back to the last page that exists.
 */
export function pageInRange(page: number, total: number, pageSize: number): number {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return Math.min(Math.max(1, page), pages);
}

/**
 * Moves the address's page back into range (replacing the address, not adding a history entry)
 * once the server has answered for it: `total` is undefined until then, `settled` false while the
 * rows shown are still the previous answer's.
 */
export function useKeepPageInRange(page: number, total: number | undefined, pageSize: number, settled: boolean, setPage: (page: number) => void) {
  const set = useRef(setPage);
  set.current = setPage;
  useEffect(() => {
    if (total === undefined || !settled) return;
    const inRange = pageInRange(page, total, pageSize);
    if (inRange !== page) set.current(inRange);
  }, [page, total, pageSize, settled]);
}

/**
 * A search box bound to the address's search: what is typed shows at once, and is written to the
 * address (through `commit`) when typing pauses. A change of the address from elsewhere (back,
 * forward, a link) replaces what the box shows.
 */
export function useSearchBox(committed: string, commit: (value: string) => void, delayMs = 300): [string, (value: string) => void] {
  const [text, setText] = useState(committed);
  // what this box last sent to the address: when it lands, what was typed since is kept
  const sent = useRef<string | null>(null);
  // the address changed by navigation: show it, unless the box already says the same (spaces aside)
  useEffect(() => {
    if (sent.current === committed) {
      sent.current = null;
      return;
    }
    setText((current) => (current.trim() === committed ? current : committed));
  }, [committed]);
  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      commit(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, commit, delayMs]);
  return [text, setText];
}
