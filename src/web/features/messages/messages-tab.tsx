// Messages (DESIGN.md 7): contact-form messages, open first; staff mark them handled.
import { Check, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useMessages, useSetMessageHandled, type MessageFilters } from '../back-office-api';
import { formatDateTime } from '../../lib/format';
import { Pager } from '../../components/ui/pager';
import { RefreshButton, Loading, LoadFailed } from '../../components/ui/query-state';

export function MessagesTab() {
  const id = useId();
  const [status, setStatus] = useState<MessageFilters['status']>('open');
  const [page, setPage] = useState(1);
  const list = useMessages({ status, page });
  const mark = useSetMessageHandled();
  const data = list.data;
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div>
          <h2 className="text-lg font-bold">Messages{data ? ` (${data.total})` : ''}</h2>
          <p className="text-sm text-muted-foreground">What visitors sent through the contact form.</p>
        </div>
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-status`} className="text-sm font-medium">
              Show
            </label>
            <select id={`${id}-status`} className={cn(fieldClass, 'h-9 py-1')} value={status} onChange={(e) => (setStatus(e.target.value as MessageFilters['status']), setPage(1))}>
              <option value="open">Open</option>
              <option value="handled">Handled</option>
              <option value="all">All</option>
            </select>
          </div>
          <RefreshButton query={list} />
        </div>
      </div>
      {list.isPending ? (
        <Loading>Loading messages...</Loading>
      ) : !data ? (
        <LoadFailed title="Failed to load messages." query={list} />
      ) : data.messages.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">{status === 'open' ? 'No open messages. New contact-form messages appear here.' : 'No messages.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.messages.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 p-4 sm:px-6">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{m.subject || '(no subject)'}</p>
                  <p className="text-sm wrap-anywhere text-slate-600">
                    {m.name} ·{' '}
                    <a className="text-primary wrap-anywhere underline underline-offset-2" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                      {m.email}
                    </a>
                    {m.phone ? ` · ${m.phone}` : ''} · {formatDateTime(m.createdAt)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant={m.handledAt ? 'outline' : 'secondary'}
                  disabled={mark.isPending && mark.variables?.id === m.id}
                  onClick={() =>
                    mark.mutate(
                      { id: m.id, handled: !m.handledAt },
                      {
                        onSuccess: () => toast.success(m.handledAt ? 'Message reopened' : 'Message marked handled'),
                        onError: (err) => toast.error('Failed to update the message', { description: err.message }),
                      },
                    )
                  }
                >
                  {m.handledAt ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
                  {m.handledAt ? 'Reopen' : 'Mark handled'}
                  <span className="sr-only"> message from {m.name}</span>
                </Button>
              </div>
              <p className="text-sm whitespace-pre-wrap text-slate-800">{m.message}</p>
              {m.handledAt ? <p className="text-xs text-slate-600">Handled {formatDateTime(m.handledAt)}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager label="Message pages" page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} /> : null}
    </Card>
  );
}
