// The parts every back-office list shares: its Refresh button, the loading line, and the failure
// block with Try again; the failure is also toasted once per error.
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from './button';
import { toast } from '../../lib/toast';

type Refetchable = { refetch: () => unknown; isFetching: boolean };

export function RefreshButton({ query }: { query: Refetchable }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
      <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
      Refresh
    </Button>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}

export function LoadFailed({ title, query }: { title: string; query: Refetchable & { error: Error | null } }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
      <p className="font-semibold text-destructive">{title}</p>
      {query.error ? <p className="text-slate-700">{query.error.message}</p> : null}
      <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

export function useLoadErrorToast(title: string, error: Error | null) {
  useEffect(() => {
    if (error) toast.error(title, { description: error.message });
  }, [title, error]);
}
