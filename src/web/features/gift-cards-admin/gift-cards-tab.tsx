// The Gift Cards tab (beyond the spec; admins and master admins): every card, newest first, a
// page at a time from the server (docs/design.md 8), with the code masked but for its last 4
// characters, and the recipient's email sent again on request. The page lives in the address.
import { useCallback, useState } from 'react';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useKeepPageInRange } from '../../components/ui/list-url-state';
import { Pager } from '../../components/ui/pager';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/table';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { ExportLink, useResendGiftCardEmail, useStaffGiftCards, type StaffGiftCard } from '../back-office-api';
import { GiftCardCards, GiftCardTable } from './gift-card-list';
import { recipientLabel, resendAddress } from './gift-card-view';

const loadFailedTitle = 'Failed to load gift cards.';
const urlDefaults = { page: '1' };

export function GiftCardsTab() {
  const [url, setUrl] = useUrlState(urlDefaults);
  const page = pageFrom(url.page);
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  const list = useStaffGiftCards(page);
  const resend = useResendGiftCardEmail();
  const [confirming, setConfirming] = useState<StaffGiftCard | null>(null);
  // a table where it fits; on a phone or a small tablet, one card per gift card
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, list.error);

  const data = list.data;
  // a page emptied since it was chosen moves back to the last page there is
  useKeepPageInRange(page, data?.total, data?.pageSize ?? 1, !list.isPlaceholderData, (p) => setUrl({ page: String(p) }, { replace: true }));

  const onConfirm = () => {
    if (!confirming) return;
    resend.mutate(
      { id: confirming.id },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => toast.error('The gift card email was not sent', { description: err.message }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-lg font-bold">Gift Cards{data ? ` (${data.total})` : ''}</h2>
          <p className="text-sm text-muted-foreground">Newest first. A card's code belongs to its recipient: you see only its last 4 characters.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportLink name="exportGiftCards">Download CSV</ExportLink>
          <RefreshButton query={list} />
        </div>
      </div>

      {list.isPending ? (
        <Loading>Loading gift cards...</Loading>
      ) : !data ? (
        <LoadFailed title={loadFailedTitle} query={list} />
      ) : data.giftCards.length === 0 ? (
        <EmptyState>No gift cards sold yet.</EmptyState>
      ) : wide ? (
        <GiftCardTable giftCards={data.giftCards} fetching={list.isFetching} onResend={setConfirming} />
      ) : (
        <GiftCardCards giftCards={data.giftCards} fetching={list.isFetching} onResend={setConfirming} />
      )}

      {data ? <Pager label="Gift card pages" page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} /> : null}

      <ConfirmDialog
        open={confirming !== null}
        title="Resend the gift card email?"
        description={
          confirming
            ? `${recipientLabel(confirming)} gets the gift card email, with its code, again at ${resendAddress(confirming) ?? ''}. Only the recipient receives it.`
            : ''
        }
        confirmLabel="Resend email"
        pendingLabel="Sending..."
        pending={resend.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
