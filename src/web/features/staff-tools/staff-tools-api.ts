// The staff tools' calls (/api/admin/tools/terms, /api/admin/invoices, /api/admin/subscriptions,
// behind the server's staff guard), through the typed client. Each tool page is opened in its own
// tab: nothing on it lists what was sent, so there is no query to refresh.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { InvoiceRequest } from './invoice-form-values';
import type { SubscriptionRequest } from './subscription-form-values';
import type { TermsRequest } from './terms-form-values';

export function useSendTerms() {
  return useMutation({ mutationFn: (request: TermsRequest) => apiRequest('sendTerms', request) });
}

export function useSendManualInvoice() {
  return useMutation({ mutationFn: (request: InvoiceRequest) => apiRequest('sendManualInvoice', request) });
}

export function useSendSubscriptionInvoice() {
  return useMutation({ mutationFn: (request: SubscriptionRequest) => apiRequest('sendSubscriptionInvoice', request) });
}
