// spec: back-office 2, the Laundry Pros tab: Add Laundry Pro, a card per pro (newest first, the
// server orders), then the Assignment Overview; 8: the fetch failures' messages.
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadFailed, Loading, useLoadErrorToast } from '../../components/ui/query-state';
import { cn } from '../../lib/cn';
import { AssignmentOverview } from './assignment-overview';
import { ExportLink } from '../back-office-api';
import { useLaundryPros, type LaundryPro } from './laundry-pros-api';
import { ProCard } from './pro-card';
import { ProFormDialog } from './pro-form-dialog';

const loadFailedTitle = 'Failed to fetch laundry pros. Please try again.';

/** The dialog: closed, adding a pro (`pro` null), or editing one. */
type Editing = { pro: LaundryPro | null } | null;

export function LaundryProsTab() {
  const pros = useLaundryPros();
  const [editing, setEditing] = useState<Editing>(null);
  useLoadErrorToast(loadFailedTitle, pros.error);
  const list = pros.data;

  return (
    <div className="flex flex-col gap-6">
      <Card className="overflow-hidden rounded-xl">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <div className="min-w-0">
            <h2 className="text-lg font-bold">Laundry Pros</h2>
            <p className="text-sm text-muted-foreground">Independent laundry professionals, paid per pound for the orders assigned to them.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ExportLink name="exportPayouts" description="Every payout's transfers, as a spreadsheet">
              Payouts CSV
            </ExportLink>
            <Button size="sm" onClick={() => setEditing({ pro: null })}>
              <UserPlus aria-hidden="true" />
              Add Laundry Pro
            </Button>
          </div>
        </div>

        {pros.isPending ? (
          <Loading>Loading laundry pros...</Loading>
        ) : !list ? (
          <LoadFailed title={loadFailedTitle} query={pros} />
        ) : list.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">No laundry professionals added yet. Click "Add Laundry Pro" to get started.</p>
        ) : (
          <ul aria-label="Laundry pros" aria-busy={pros.isFetching || undefined} className={cn('grid gap-4 p-4 sm:p-6 md:grid-cols-2 2xl:grid-cols-3', pros.isFetching && 'opacity-70')}>
            {list.map((pro) => (
              <li key={pro.id}>
                <ProCard pro={pro} onEdit={(p) => setEditing({ pro: p })} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <AssignmentOverview />

      <ProFormDialog open={editing !== null} pro={editing?.pro ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
