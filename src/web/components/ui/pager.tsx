// Previous / Next under a paged list of the back office, shown only when there is more than a page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { Button } from './button';

export function Pager({ label, page, total, pageSize, onPage }: { label: string; page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  // the page last asked for: a second click before the first one's page has rendered (the address
  // renders in a transition) goes on from it, instead of asking for the same page again
  const asked = useRef({ shown: page, asked: page });
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const step = (by: number) => {
    const from = asked.current.shown === page ? asked.current.asked : page;
    const next = Math.min(pages, Math.max(1, from + by));
    asked.current = { shown: page, asked: next };
    if (next !== from) onPage(next);
  };
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 border-t border-slate-200 p-4 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => step(-1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => step(1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
