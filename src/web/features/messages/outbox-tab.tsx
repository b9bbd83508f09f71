// Outbox (DESIGN.md 1): every email and text with its status; a failed or kept one is sent again.
import { LockKeyhole, Mail, MessageSquareText, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { hiddenLinkText, outboxStatusValues } from '../../../shared/schemas/back-office';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useOutbox, useResendOutboxMessage, type OutboxFilters } from '../back-office-api';
import { formatDateTime } from '../../lib/format';
import { Pager } from '../../components/ui/pager';
import { RefreshButton, Loading, LoadFailed } from '../../components/ui/query-state';

const statusLabels = { pending: 'Queued', sending: 'Sending', sent: 'Sent', kept: 'Kept (no mail server)', failed: 'Failed' } as const;
const statusVariant = { pending: 'warning', sending: 'warning', sent: 'success', kept: 'secondary', failed: 'destructive' } as const;

/**
 * A message's text as staff see it: one-time links (reset, cancel) come from the server replaced by
 * hiddenLinkText (DESIGN.md 6), shown here as a small marked note rather than as text.
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
  const [status, setStatus] = useState<OutboxFilters['status']>('all');
  const [channel, setChannel] = useState<OutboxFilters['channel']>('all');
  const [page, setPage] = useState(1);
  const list = useOutbox({ status, channel, page });
  const resend = useResendOutboxMessage();
  const data = list.data;
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
            <select id={`${id}-status`} className={cn(fieldClass, 'h-9 py-1')} value={status} onChange={(e) => (setStatus(e.target.value as OutboxFilters['status']), setPage(1))}>
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
            <select id={`${id}-channel`} className={cn(fieldClass, 'h-9 py-1')} value={channel} onChange={(e) => (setChannel(e.target.value as OutboxFilters['channel']), setPage(1))}>
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
                    <p className="font-semibold wrap-anywhere">{m.subject ? <RedactedText text={m.subject} /> : m.kind.replace(/_/g, ' ')}</p>
                    <p className="text-sm wrap-anywhere text-slate-600">
                      To {m.recipient} · {formatDateTime(m.createdAt)}
                      {m.sentAt ? ` · sent ${formatDateTime(m.sentAt)}` : ''} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
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
                      Send again<span className="sr-only"> to {m.recipient}</span>
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
