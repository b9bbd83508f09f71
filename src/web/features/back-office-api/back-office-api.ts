// The back office's data: the shared contracts through the typed client, with query keys and
// hooks (bookings, cards, schedule, receipts, messages, outbox, gift cards).
import type { PayLinkChannel } from '../../../shared/phone-orders';
import type { PhoneOrderRequest } from '../../../shared/schemas/phone-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BookingStatus,
  bookingListQuerySchema,
  messageListQuerySchema,
  outboxListQuerySchema,
  StaffBooking,
  staffBookingResponseSchema,
} from '../../../shared/schemas/back-office';
import type { StaffGiftCard } from '../../../shared/schemas/gift-card-purchase';
import type { RefundBookingRequest } from '../../../shared/schemas/refunds';
import type { ItemCounts } from '../../../shared/pricing';
import type { ReweighBookingRequest } from '../../../shared/schemas/reweigh';
import { fileEndpoints } from '../../../shared/endpoints-files';
import { apiRequest, uploadFile } from '../../lib/api';
import type { LaundryStep } from '../../../shared/order-progress';
import type { StopPhotoKind } from '../../../shared/stops';
import type { CustomerDetailsInput } from '../../../shared/schemas/customer-orders';

type StaffBookingResponse = z.output<typeof staffBookingResponseSchema>;

export type { StaffBooking, StaffGiftCard };
export type BookingListFilters = z.output<typeof bookingListQuerySchema>;
export type MessageFilters = z.output<typeof messageListQuerySchema>;
export type OutboxFilters = z.output<typeof outboxListQuerySchema>;

export const backOfficeKeys = {
  all: ['admin', 'back-office'] as const,
  stats: ['admin', 'back-office', 'stats'] as const,
  // under `stats`: a paid invoice changes the dashboard's figures (decision 015)
  invoiceIncome: ['admin', 'back-office', 'stats', 'invoice-income'] as const,
  bookings: (f: BookingListFilters) => ['admin', 'back-office', 'bookings', f] as const,
  booking: (id: string) => ['admin', 'back-office', 'booking', id] as const,
  receipt: (id: string) => ['admin', 'back-office', 'receipt', id] as const,
  schedule: ['admin', 'back-office', 'schedule'] as const,
  messages: (f: MessageFilters) => ['admin', 'back-office', 'messages', f] as const,
  outbox: (f: OutboxFilters) => ['admin', 'back-office', 'outbox', f] as const,
  // under `all`: a weighing or a cancellation gives a gift card's balance back, and the list shows it
  giftCards: (page: number) => ['admin', 'back-office', 'gift-cards', page] as const,
  // under `all`: a weighing completes an assignment, and the pros' cards show what it earned
  laundryPros: ['admin', 'back-office', 'laundry-pros', 'pros'] as const,
  assignments: ['admin', 'back-office', 'laundry-pros', 'assignments'] as const,
};

const asQuery = (f: Record<string, string | number>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]));

export function useDashboardStats() {
  return useQuery({ queryKey: backOfficeKeys.stats, queryFn: ({ signal }) => apiRequest('dashboardStats', undefined, { signal }), refetchInterval: bookingsRefreshMs });
}

/** decision 061: the System card's state, checked again every minute. */
export function useSystemStatus() {
  return useQuery({ queryKey: ['back-office', 'system'], queryFn: ({ signal }) => apiRequest('systemStatus', undefined, { signal }), refetchInterval: 60_000 });
}

/** decision 015 (amended): paid invoices, beside booking revenue on the dashboard. */
export function useInvoiceIncome() {
  return useQuery({ queryKey: backOfficeKeys.invoiceIncome, queryFn: ({ signal }) => apiRequest('invoiceIncome', undefined, { signal }) });
}

/** How often All Bookings and the dashboard's figures ask again while the tab is in view: a new booking shows within this, without Refresh. */
export const bookingsRefreshMs = 20_000;

export function useStaffBookings(filters: BookingListFilters) {
  return useQuery({
    queryKey: backOfficeKeys.bookings(filters),
    queryFn: ({ signal }) => apiRequest('listStaffBookings', undefined, { query: asQuery(filters), signal }),
    placeholderData: keepPreviousData,
    // a booking made on the site appears by itself (TanStack Query stops while the tab is hidden)
    refetchInterval: bookingsRefreshMs,
  });
}

/** The booking a scanned bag tag names (decision 056), or null when there is none (deleted, or never ours). */
export async function findBookingByCode(code: string): Promise<StaffBooking | null> {
  const filters: BookingListFilters = { q: code, status: 'all', payment: 'all', receipt: 'any', date: '', due: '', sort: 'newest', page: 1, pageSize: 5 };
  const { bookings } = await apiRequest('listStaffBookings', undefined, { query: asQuery(filters) });
  return bookings.find((b) => b.confirmation === code) ?? null;
}

/**
 * Several bookings by id (the bag tags of a bulk print), read together: each one found, or why not.
 * One query, not one per id: useQueries would add its observer to the query library's chunk every
 * public page loads (the /book budget).
 */
export function useStaffBookingsById(ids: readonly string[]) {
  return useQuery({
    queryKey: [...backOfficeKeys.all, 'bookings-by-id', ...ids],
    queryFn: ({ signal }) =>
      Promise.all(
        ids.map((id) =>
          apiRequest('getStaffBooking', undefined, { params: { id }, signal }).then(
            (r) => ({ booking: r.booking, error: null }),
            (error: unknown) => ({ booking: null, error: error instanceof Error ? error : new Error(String(error)) }),
          ),
        ),
      ),
    enabled: ids.length > 0,
  });
}

export function useStaffBooking(id: string | null) {
  return useQuery({
    queryKey: backOfficeKeys.booking(id ?? ''),
    queryFn: ({ signal }) => apiRequest('getStaffBooking', undefined, { params: { id: id! }, signal }),
    select: (data) => data.booking,
    enabled: id !== null,
  });
}

export function useFinalReceipt(id: string | null) {
  return useQuery({
    queryKey: backOfficeKeys.receipt(id ?? ''),
    queryFn: ({ signal }) => apiRequest('getFinalReceipt', undefined, { params: { id: id! }, signal }),
    select: (data) => data.receipt,
    enabled: id !== null,
  });
}

/** The day board of a date ('' : the business's today), read again as bookings are (decision 056). */
export function useDayBoard(date: string) {
  return useQuery({
    queryKey: [...backOfficeKeys.schedule, date],
    queryFn: ({ signal }) => apiRequest('todaysSchedule', undefined, { query: date ? { date } : {}, signal }),
    refetchInterval: bookingsRefreshMs,
    placeholderData: keepPreviousData,
  });
}

/** Any booking change: the lists, the cards and the schedule are read again. */
function useBookingMutation<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  // not awaited: a caller's own onSuccess (its toast) runs as soon as the server answers. Awaiting
  // the refetch first let the new data unmount the button that asked (Send Rating Email, Send),
  // and TanStack Query drops the callbacks of an unmounted caller: the toast went missing.
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: backOfficeKeys.all });
    },
  });
}

export function useSetBookingStatus() {
  return useBookingMutation((i: { id: string; status: BookingStatus }) => apiRequest('setBookingStatus', { status: i.status }, { params: { id: i.id } }));
}

/** Live progress (decision 023): washing, ready, out for delivery. */
export function useSetBookingProgress() {
  return useBookingMutation((i: { id: string; stage: LaundryStep }) => apiRequest('setBookingProgress', { stage: i.stage }, { params: { id: i.id } }));
}

export function useSetPricePerPound() {
  return useBookingMutation((i: { id: string; pricePerPoundCents: number }) =>
    apiRequest('setPricePerPound', { pricePerPoundCents: i.pricePerPoundCents }, { params: { id: i.id } }),
  );
}

/**
 * The weight, and the bags weighed one by one and the photo of the scale when given (docs/design.md
 * 5.5 transparent weighing): the photo is kept first, so a weight is never charged with its photo lost.
 */
export function useProcessWeight() {
  return useBookingMutation(async (i: { id: string; actualWeight: number; bagWeights?: number[] | undefined; itemCounts?: ItemCounts | undefined; photo?: Blob | null }) => {
    if (i.photo) await uploadFile<StaffBookingResponse>(fileEndpoints.uploadScalePhoto, { id: i.id }, i.photo);
    return apiRequest(
      'processWeight',
      { actualWeight: i.actualWeight, tipAmount: 0, ...(i.bagWeights ? { bagWeights: i.bagWeights } : {}), ...(i.itemCounts ? { itemCounts: i.itemCounts } : {}) },
      { params: { id: i.id } },
    );
  });
}

/** decision 031: a refund to the card or a credit to a gift card; the key is the dialog's, so a retry refunds once. */
export function useRefundBooking() {
  return useBookingMutation((i: { id: string } & RefundBookingRequest) => {
    const { id, ...body } = i;
    return apiRequest('refundBooking', body, { params: { id } });
  });
}

/** A customer who calls (decision 057): their pick-up moved, their details corrected. */
export function useMoveStaffBooking() {
  return useBookingMutation((i: { id: string; pickupDate: string; pickupTime: string }) => apiRequest('moveStaffBooking', { pickupDate: i.pickupDate, pickupTime: i.pickupTime }, { params: { id: i.id } }));
}
export function useEditStaffBookingDetails() {
  return useBookingMutation((i: { id: string; details: CustomerDetailsInput }) => apiRequest('editStaffBookingDetails', i.details, { params: { id: i.id } }));
}

/** A phone order (decision 058): booked for a caller, its pay link sent to them, or sent again. */
export function useCreatePhoneOrder() {
  return useBookingMutation((body: PhoneOrderRequest) => apiRequest('createPhoneOrder', body));
}
export function useResendPayLink() {
  return useBookingMutation((i: { id: string; channel: PayLinkChannel }) => apiRequest('resendPayLink', { channel: i.channel }, { params: { id: i.id } }));
}

/** A missed pick-up the pro reported (decision 057): confirm it (the no-show fee charged), dismiss it, or give the fee back. */
export function useConfirmMissedPickup() {
  return useBookingMutation((i: { id: string }) => apiRequest('confirmMissedPickup', undefined, { params: { id: i.id } }));
}
export function useDismissMissedPickup() {
  return useBookingMutation((i: { id: string }) => apiRequest('dismissMissedPickup', undefined, { params: { id: i.id } }));
}
export function useWaiveNoShowFee() {
  return useBookingMutation((i: { id: string; idempotencyKey: string }) => apiRequest('waiveNoShowFee', { idempotencyKey: i.idempotencyKey }, { params: { id: i.id } }));
}

/** A stop's photo (decision 057), opened in a new tab. */
export function stopPhotoUrl(bookingId: string, kind: StopPhotoKind): string {
  return fileEndpoints.getStopPhoto.path.replace(':id', encodeURIComponent(bookingId)).replace(':kind', kind);
}

/** Decision 034: correct the weight before the customer approved the bill. */
export function useReweighBooking() {
  return useBookingMutation((i: { id: string } & ReweighBookingRequest) => {
    const { id, ...body } = i;
    return apiRequest('reweighBooking', body, { params: { id } });
  });
}

export function useSendFinalReceipt() {
  return useBookingMutation((i: { id: string }) => apiRequest('sendFinalReceipt', undefined, { params: { id: i.id } }));
}

export function useSendDeliveryConfirmation() {
  return useBookingMutation((i: { id: string }) => apiRequest('sendDeliveryConfirmation', undefined, { params: { id: i.id } }));
}

export function useDeleteBooking() {
  return useBookingMutation((i: { id: string }) => apiRequest('deleteBooking', undefined, { params: { id: i.id } }));
}

export function useMessages(filters: MessageFilters) {
  return useQuery({
    queryKey: backOfficeKeys.messages(filters),
    queryFn: ({ signal }) => apiRequest('listMessages', undefined, { query: asQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetMessageHandled() {
  return useBookingMutation((i: { id: string; handled: boolean }) => apiRequest('setMessageHandled', { handled: i.handled }, { params: { id: i.id } }));
}

export function useOutbox(filters: OutboxFilters) {
  return useQuery({
    queryKey: backOfficeKeys.outbox(filters),
    queryFn: ({ signal }) => apiRequest('listOutbox', undefined, { query: asQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResendOutboxMessage() {
  return useBookingMutation((i: { id: string }) => apiRequest('resendOutboxMessage', undefined, { params: { id: i.id } }));
}

export function useStaffGiftCards(page: number) {
  return useQuery({
    queryKey: backOfficeKeys.giftCards(page),
    queryFn: ({ signal }) => apiRequest('listStaffGiftCards', undefined, { query: { page: String(page) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The recipient's gift-card email again (it lands in the outbox, which is read again too). */
export function useResendGiftCardEmail() {
  return useBookingMutation((i: { id: string }) => apiRequest('resendGiftCardEmail', undefined, { params: { id: i.id } }));
}

/** Where staff open a booking's photo of the scale (docs/design.md 9, files). */
export function scalePhotoUrl(bookingId: string): string {
  return fileEndpoints.getScalePhoto.path.replace(':id', encodeURIComponent(bookingId));
}

/** spec: back-office 2 — the pros the Laundry Pro dropdown offers (the active ones; an inactive one only where still assigned). */
export function useLaundryProChoices() {
  return useQuery({
    queryKey: backOfficeKeys.laundryPros,
    queryFn: ({ signal }) => apiRequest('listLaundryPros', undefined, { signal }),
    select: (data) => data.pros.map((p) => ({ id: p.id, name: p.name, active: p.status === 'active' })),
  });
}

export function useAssignLaundryPro() {
  return useBookingMutation((i: { bookingId: string; laundryProId: string | null; confirmWeighed: boolean }) =>
    apiRequest('assignLaundryPro', { laundryProId: i.laundryProId, confirmWeighed: i.confirmWeighed }, { params: { id: i.bookingId } }),
  );
}

/** A move made on several bookings at once (decision 056): the common moves of the day. */
export type BulkMove = { kind: 'picked_up' | 'out_for_delivery' | 'delivered' } | { kind: 'assign'; laundryProId: string };
export type BulkResult = { done: number; refused: { name: string; message: string }[] };

/**
 * Bulk actions: each booking through its own endpoint, one after another, so every one is checked
 * as when done by hand; what is refused is kept with the server's reason, the rest go ahead.
 */
export function useBulkMove() {
  return useBookingMutation(async (i: { bookings: { id: string; name: string }[]; move: BulkMove }): Promise<BulkResult> => {
    const result: BulkResult = { done: 0, refused: [] };
    for (const b of i.bookings) {
      try {
        const move = i.move;
        if (move.kind === 'assign') await apiRequest('assignLaundryPro', { laundryProId: move.laundryProId, confirmWeighed: false }, { params: { id: b.id } });
        else if (move.kind === 'out_for_delivery') await apiRequest('setBookingProgress', { stage: 'out_for_delivery' }, { params: { id: b.id } });
        else await apiRequest('setBookingStatus', { status: move.kind === 'picked_up' ? 'in-progress' : 'delivered' }, { params: { id: b.id } });
        result.done += 1;
      } catch (err) {
        result.refused.push({ name: b.name, message: err instanceof Error ? err.message : String(err) });
      }
    }
    return result;
  });
}
