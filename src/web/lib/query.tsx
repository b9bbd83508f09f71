// TanStack Query for the pages that talk to the server, provided by those pages so that a
// page without server state (the landing page before its form is used) never loads it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

let client: QueryClient | null = null;

export function QueryProvider({ children }: { children: ReactNode }) {
  client ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
