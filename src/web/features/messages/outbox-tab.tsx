// Outbox (docs/design.md 1): every email and text with its status; a failed or kept one is sent again.
// The filters and the page live in the address (`status`, `channel`, `page`).
import { LockKeyhole, Mail, MessageSquareText, Send } from 'lucide-react';
import { useCallback, useId } from 'react';
import { hiddenLinkText, outboxStatusValues } from '../../../shared/schemas/back-office';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useOutbox, useResendOutboxMessage, type OutboxFilters } from '../back-office-api';
import { formatDateTime } from '../../lib/format';
import { useKeepPageInRange } from '../../components/ui/list-url-state';
import { Pager } from '../../components/ui/pager';
import { RefreshButton, Loading, LoadFailed } from '../../components/ui/query-state';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { outboxKindLabel, outboxRecipient } from './outbox-view';

const statusLabels = { pending: 'Queued', sending: 'Sending', sent: 'Sent', kept: 'Kept (no mail server)', failed: 'Failed' } as const;
const statusVariant = { pending: 'warning', sending: 'warning', sent: 'success', kept: 'secondary', failed: 'destructive' } as const;
const urlDefaults = { status: 'all', channel: 'all', page: '1' };
const urlAllowed = { status: ['all', ...outboxStatusValues], channel: ['all', 'email', 'sms'] };

/**
 * A message's text as staff see it: one-time links (reset, cancel) come from the server replaced by
 * hiddenLinkText (docs/design.md 6), shown here as a small marked note rather than as text.
 */
function RedactedText({ text }: { text: string }) {
  const parts = text.split(hiddenLinkText);
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 ? (
        <span className="mx-0.5 inline-flex items-baseline gap-1 rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-600">
          <LockKeyhole className="size-3 self-center" aria-hidden="true" />
          one-time link hidden: sent only to the recipient
        </span>
      ) : null}
    </span>
  ));
}

export function OutboxTab() {
  const id = useId();
  const [url, setUrl] = useUrlState(urlDefaults, urlAllowed);
  const status = url.status as OutboxFilters['status'];
  const channel = url.channel as OutboxFilters['channel'];
  const page = pageFrom(url.page);
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  const list = useOutbox({ status, channel, page });
  const resend = useResendOutboxMessage();
  const data = list.data;
  useKeepPageInRange(page, data?.total, data?.pageSize ?? 1, !list.isPlaceholderData, (p) => setUrl({ page: String(p) }, { replace: true }));
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div>
          <h2 className="text-lg font-bold">Outbox{data ? ` (${data.total})` : ''}</h2>
          <p className="text-sm text-muted-foreground">Every email and text the business sends, newest first. One-time links (password reset, cancellation) are hidden: only the recipient gets them.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-status`} className="text-sm font-medium">
              Status
            </label>
            <select id={`${id}-status`} className={cn(fieldClass, 'h-9 py-1')} value={status} onChange={(e) => setUrl({ status: e.target.value, page: '1' })}>
              <option value="all">All</option>
              {outboxStatusValues.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-channel`} className="text-sm font-medium">
              Channel
            </label>
            <select id={`${id}-channel`} className={cn(fieldClass, 'h-9 py-1')} value={channel} onChange={(e) => setUrl({ channel: e.target.value, page: '1' })}>
              <option value="all">Email and text</option>
              <option value="email">Email</option>
              <option value="sms">Text</option>
            </select>
          </div>
          <RefreshButton query={list} />
        </div>
      </div>
      {list.isPending ? (
        <Loading>Loading the outbox...</Loading>
      ) : !data ? (
        <LoadFailed title="Failed to load the outbox." query={list} />
      ) : data.messages.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">Nothing here yet. Confirmations, receipts and texts appear as they are queued.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.messages.map((m) => (
            <li key={m.id} className="flex flex-col gap-1.5 p-4 sm:px-6">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 items-start gap-2">
                  {m.channel === 'email' ? <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label="Email" /> : <MessageSquareText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label="Text" />}
                  <div className="min-w-0">
                    <p className="font-semibold wrap-anywhere">{m.subject ? <RedactedText text={m.subject} /> : outboxKindLabel(m.kind, m.channel)}</p>
                    <p className="flex flex-col text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-2">
                      <span className={m.channel === 'sms' ? 'whitespace-nowrap' : 'wrap-anywhere'}>To {outboxRecipient(m.channel, m.recipient)}</span>
                      <span className="whitespace-nowrap sm:before:mr-2 sm:before:content-['·']">{formatDateTime(m.createdAt)}</span>
                      {m.sentAt ? <span className="whitespace-nowrap sm:before:mr-2 sm:before:content-['·']">sent {formatDateTime(m.sentAt)}</span> : null}
                      <span className="whitespace-nowrap sm:before:mr-2 sm:before:content-['·']">
                        {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
                      </span>
                    </p>
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={statusVariant[m.status]} className="whitespace-nowrap">
                    {statusLabels[m.status]}
                  </Badge>
                  {m.status === 'failed' || m.status === 'kept' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={resend.isPending && resend.variables?.id === m.id}
                      onClick={() =>
                        resend.mutate(
                          { id: m.id },
                          {
                            onSuccess: (r) => toast.success(r.message),
                            onError: (err) => toast.error('Could not send it again', { description: err.message }),
                          },
                        )
                      }
                    >
                      <Send aria-hidden="true" />
                      Send again<span className="sr-only"> to {outboxRecipient(m.channel, m.recipient)}</span>
                    </Button>
                  ) : null}
                </div>
              </div>
              {m.lastError ? (
                <p className="text-sm wrap-anywhere text-destructive">
                  Last error: <RedactedText text={m.lastError} />
                </p>
              ) : null}
              {m.preview ? (
                <p className="line-clamp-5 text-sm wrap-anywhere text-slate-700 sm:line-clamp-3">
                  <RedactedText text={m.preview} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager label="Outbox pages" page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} /> : null}
    </Card>
  );
}
