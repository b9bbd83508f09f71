// The Invoices tab's calls (/api/admin/invoices, /api/admin/subscriptions, behind the server's
// guard): the shared contracts sent through the typed client, with their query keys and hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { invoiceListFilterValues } from '../../../shared/schemas/invoice-list';
import type { StaffInvoice, Subscription } from '../../../shared/schemas/invoices';
import { apiRequest } from '../../lib/api';
import { backOfficeKeys } from '../back-office-api';

export type { StaffInvoice, Subscription };
export type InvoiceStatusFilter = (typeof invoiceListFilterValues)[number];
export type InvoiceListFilters = { status: InvoiceStatusFilter; q: string; page: number; pageSize: number };

// their own keys, not under the bookings' (a booking change never touches an invoice); a new invoice
// is sent from /send-invoice in another browser tab, so the list is read again on Refresh
export const invoicesKeys = {
  lists: ['admin', 'invoices', 'list'] as const,
  list: (f: InvoiceListFilters) => ['admin', 'invoices', 'list', f] as const,
  subscriptions: ['admin', 'invoices', 'subscriptions'] as const,
};

export function useInvoices(filters: InvoiceListFilters) {
  return useQuery({
    queryKey: invoicesKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest('listInvoices', undefined, {
        query: { status: filters.status, q: filters.q || undefined, page: String(filters.page), pageSize: String(filters.pageSize) },
        signal,
      }),
    // the rows on screen stay (dimmed) while the next page or filter loads
    placeholderData: keepPreviousData,
  });
}

/** spec: back-office 4, Mark Paid: the server records paid_at and paid_by (the staff member). */
export function useMarkInvoicePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string }) => apiRequest('markInvoicePaid', undefined, { params: { id: input.id } }),
    // read again whatever the answer: a 409 means someone else marked it paid, and the list shows it
    onSettled: () => {
      void client.invalidateQueries({ queryKey: invoicesKeys.lists });
      // the dashboard's invoice income (decision 015)
      void client.invalidateQueries({ queryKey: backOfficeKeys.invoiceIncome });
    },
  });
}

export function useSubscriptions() {
  return useQuery({
    queryKey: invoicesKeys.subscriptions,
    queryFn: ({ signal }) => apiRequest('listSubscriptions', undefined, { signal }),
    select: (data) => data.subscriptions,
  });
}

/** docs/design.md 9 invoices: pause, resume or end a subscription (ended is final). */
export function useSetSubscriptionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status: Subscription['status'] }) => apiRequest('setSubscriptionStatus', { status: input.status }, { params: { id: input.id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: invoicesKeys.subscriptions }),
  });
}
