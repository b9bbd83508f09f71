// The public site's endpoints by name (method and path): what the public pages' typed client
// needs at run time. The back office's and the pro portal's are in ./endpoints-staff.ts, loaded
// only by those pages (docs/decisions/009: the public pages' budgets); ./endpoints.ts joins them
// for the server and the contracts.
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Endpoint = { readonly method: Method; readonly path: string };

export const publicEndpoints = {
  health: { method: 'GET', path: '/api/health' },
  createContactMessage: { method: 'POST', path: '/api/contact' },
  quoteBooking: { method: 'POST', path: '/api/bookings/quote' },
  createBooking: { method: 'POST', path: '/api/bookings' },
  getBooking: { method: 'GET', path: '/api/bookings/:id' },
  getBookingBySession: { method: 'GET', path: '/api/bookings/session/:sessionId' },
  getCancellation: { method: 'GET', path: '/api/bookings/:id/cancellation' },
  cancelBooking: { method: 'POST', path: '/api/bookings/:id/cancel' },
  getAmountDue: { method: 'GET', path: '/api/bookings/:id/amount-due' },
  payAmountDue: { method: 'POST', path: '/api/bookings/:id/amount-due/checkout' },
  // a gift card pays what is due (decision 064), from the pay link or the invoice link
  payDueFromGiftCard: { method: 'POST', path: '/api/bookings/:id/amount-due/gift-card' },
  payInvoiceDueFromGiftCard: { method: 'POST', path: '/api/bookings/:id/invoice/gift-card' },
  getInvoice: { method: 'GET', path: '/api/bookings/:id/invoice' },
  approveInvoice: { method: 'POST', path: '/api/bookings/:id/invoice/approve' },
  questionInvoiceWeight: { method: 'POST', path: '/api/bookings/:id/invoice/question' },
  // rating an order after delivery, from the delivery email's link (decision 063)
  getRating: { method: 'GET', path: '/api/bookings/:id/rating' },
  rateOrder: { method: 'POST', path: '/api/bookings/:id/rating' },
  recordAbandonedCheckout: { method: 'POST', path: '/api/bookings/abandoned' },
  availability: { method: 'GET', path: '/api/availability' },
  // the signed-in customer's details for /book (decision 021): under /api/orders, where their session cookie goes
  bookingDetails: { method: 'GET', path: '/api/orders/booking-details' },
  validateGiftCard: { method: 'POST', path: '/api/gift-cards/validate' },
  createGiftCardPurchase: { method: 'POST', path: '/api/gift-cards/purchase' },
  getGiftCardPurchase: { method: 'GET', path: '/api/gift-cards/purchase/:sessionId' },
  getPayableInvoice: { method: 'GET', path: '/api/invoices/:id' },
  payInvoice: { method: 'POST', path: '/api/invoices/:id/checkout' },
} as const satisfies Record<string, Endpoint>;
