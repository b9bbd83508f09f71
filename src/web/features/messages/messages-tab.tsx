// Messages (docs/design.md 7): contact-form messages, open first; staff mark them handled. Which ones
// are shown and the page live in the address (`show`, `page`).
import { Check, RotateCcw } from 'lucide-react';
import { useCallback, useId } from 'react';
import { formatPhone, phoneHref } from '../../../shared/phone';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useMessages, useSetMessageHandled, type MessageFilters } from '../back-office-api';
import { formatDateTime } from '../../lib/format';
import { useKeepPageInRange } from '../../components/ui/list-url-state';
import { Pager } from '../../components/ui/pager';
import { RefreshButton, Loading, LoadFailed } from '../../components/ui/query-state';
import { pageFrom, useUrlState } from '../../lib/url-state';

// a separator between the facts where they share a line (not on a phone, where each has its own)
const sep = " sm:before:mr-2 sm:before:content-['·']";
const shownValues: MessageFilters['status'][] = ['open', 'handled', 'all'];
const urlDefaults = { show: 'open', page: '1' };

export function MessagesTab() {
  const id = useId();
  const [url, setUrl] = useUrlState(urlDefaults, { show: shownValues });
  const status = url.show as MessageFilters['status'];
  const page = pageFrom(url.page);
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  const list = useMessages({ status, page });
  const mark = useSetMessageHandled();
  const data = list.data;
  useKeepPageInRange(page, data?.total, data?.pageSize ?? 1, !list.isPlaceholderData, (p) => setUrl({ page: String(p) }, { replace: true }));
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
            <select id={`${id}-status`} className={cn(fieldClass, 'h-9 py-1')} value={status} onChange={(e) => setUrl({ show: e.target.value, page: '1' })}>
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
                  <p className="flex flex-col text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-2">
                    <span className="wrap-anywhere">{m.name}</span>
                    <span className={'wrap-anywhere' + sep}>
                      <a className="text-primary underline underline-offset-2" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                        {m.email}
                      </a>
                    </span>
                    {m.phone ? (
                      <span className={'whitespace-nowrap' + sep}>
                        <a className="text-primary underline underline-offset-2" href={phoneHref(m.phone)}>
                          {formatPhone(m.phone)}
                        </a>
                      </span>
                    ) : null}
                    <span className={'whitespace-nowrap' + sep}>{formatDateTime(m.createdAt)}</span>
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
