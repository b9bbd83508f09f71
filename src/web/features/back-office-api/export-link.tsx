// A download of the back office's data as CSV (decision 027): a plain link, so the browser's own
// download manager saves the file as the server streams it (a large export never sits in the
// page's memory); the list's filters travel as the query, so the file holds what the list shows.
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { fileEndpoints } from '../../../shared/endpoints-files';
import { Button } from '../../components/ui/button';

export type ExportName = 'exportBookings' | 'exportCustomers' | 'exportGiftCards' | 'exportInvoices' | 'exportAssignments' | 'exportPayouts' | 'exportEverything';

/** The export's address with the filters that differ from "everything". */
export function exportHref(name: ExportName, filters: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '' && value !== 'all' && value !== 'any') query.set(key, String(value));
  return query.size ? `${fileEndpoints[name].path}?${query}` : fileEndpoints[name].path;
}

export function ExportLink({ name, filters, children, description }: { name: ExportName; filters?: Record<string, string | number | undefined>; children: ReactNode; description?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={exportHref(name, filters)} download title={description}>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
