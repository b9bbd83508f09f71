// Every API contract in one place: path, method, request and response schemas. The server
// validates with these, the typed web client sends with them (STYLE.md 2).
import type { z } from 'zod';
import { healthResponseSchema } from './schemas/common';
import {
  abandonedCheckoutRequestSchema,
  cancelBookingRequestSchema,
  cancelBookingResponseSchema,
  cancellationResponseSchema,
  abandonedCheckoutResponseSchema,
  availabilityResponseSchema,
  bookingQuoteSchema,
  createBookingRequestSchema,
  createBookingResponseSchema,
  publicBookingSchema,
  validateGiftCardRequestSchema,
  validateGiftCardResponseSchema,
} from './schemas/booking';
import { contactMessageInputSchema, contactMessageResponseSchema } from './schemas/contact';
import {
  adminListResponseSchema,
  auditListResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  createAdminRequestSchema,
  createAdminResponseSchema,
  meResponseSchema,
  setAdminStatusRequestSchema,
  setAdminStatusResponseSchema,
  temporaryPasswordResponseSchema,
} from './schemas/admin';
import {
  bookingListQuerySchema,
  bookingListResponseSchema,
  dashboardStatsSchema,
  deleteBookingResponseSchema,
  finalReceiptResponseSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageResponseSchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  processWeightRequestSchema,
  processWeightResponseSchema,
  resendResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  sentResponseSchema,
  setBookingStatusRequestSchema,
  setMessageHandledRequestSchema,
  setPricePerPoundRequestSchema,
  staffBookingResponseSchema,
} from './schemas/back-office';

export type Contract<Body extends z.ZodType | undefined, Response extends z.ZodType, Query extends z.ZodType | undefined = z.ZodType | undefined> = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body: Body;
  /** The query string's schema, for GET lists (strings in, coerced by the schema). */
  query: Query;
  response: Response;
};

function contract<Body extends z.ZodType | undefined, Response extends z.ZodType, Query extends z.ZodType | undefined = undefined>(
  c: Omit<Contract<Body, Response, Query>, 'query'> & { query?: Query },
): Contract<Body, Response, Query> {
  return { ...c, query: c.query as Query };
}

export const contracts = {
  health: contract({ method: 'GET', path: '/api/health', body: undefined, response: healthResponseSchema }),
  createContactMessage: contract({
    method: 'POST',
    path: '/api/contact',
    body: contactMessageInputSchema,
    response: contactMessageResponseSchema,
  }),
  quoteBooking: contract({
    method: 'POST',
    path: '/api/bookings/quote',
    body: createBookingRequestSchema,
    response: bookingQuoteSchema,
  }),
  createBooking: contract({
    method: 'POST',
    path: '/api/bookings',
    body: createBookingRequestSchema,
    response: createBookingResponseSchema,
  }),
  getBooking: contract({ method: 'GET', path: '/api/bookings/:id', body: undefined, response: publicBookingSchema }),
  getBookingBySession: contract({ method: 'GET', path: '/api/bookings/session/:sessionId', body: undefined, response: publicBookingSchema }),
  getCancellation: contract({ method: 'GET', path: '/api/bookings/:id/cancellation', body: undefined, response: cancellationResponseSchema }),
  cancelBooking: contract({ method: 'POST', path: '/api/bookings/:id/cancel', body: cancelBookingRequestSchema, response: cancelBookingResponseSchema }),
  recordAbandonedCheckout: contract({
    method: 'POST',
    path: '/api/bookings/abandoned',
    body: abandonedCheckoutRequestSchema,
    response: abandonedCheckoutResponseSchema,
  }),
  availability: contract({ method: 'GET', path: '/api/availability', body: undefined, response: availabilityResponseSchema }),
  // staff (behind the /api/admin guard; sign-in itself is better-auth's /api/auth/*)
  adminMe: contract({ method: 'GET', path: '/api/admin/me', body: undefined, response: meResponseSchema }),
  changeOwnPassword: contract({ method: 'POST', path: '/api/admin/me/password', body: changePasswordRequestSchema, response: changePasswordResponseSchema }),
  listAdmins: contract({ method: 'GET', path: '/api/admin/admins', body: undefined, response: adminListResponseSchema }),
  createAdmin: contract({ method: 'POST', path: '/api/admin/admins', body: createAdminRequestSchema, response: createAdminResponseSchema }),
  setAdminStatus: contract({ method: 'POST', path: '/api/admin/admins/:id/status', body: setAdminStatusRequestSchema, response: setAdminStatusResponseSchema }),
  resetAdminPassword: contract({ method: 'POST', path: '/api/admin/admins/:id/reset-password', body: undefined, response: temporaryPasswordResponseSchema }),
  auditLog: contract({ method: 'GET', path: '/api/admin/audit', body: undefined, response: auditListResponseSchema }),
  // the back office (spec: back-office 2-4)
  dashboardStats: contract({ method: 'GET', path: '/api/admin/stats', body: undefined, response: dashboardStatsSchema }),
  listStaffBookings: contract({ method: 'GET', path: '/api/admin/bookings', body: undefined, query: bookingListQuerySchema, response: bookingListResponseSchema }),
  getStaffBooking: contract({ method: 'GET', path: '/api/admin/bookings/:id', body: undefined, response: staffBookingResponseSchema }),
  setBookingStatus: contract({ method: 'POST', path: '/api/admin/bookings/:id/status', body: setBookingStatusRequestSchema, response: staffBookingResponseSchema }),
  setPricePerPound: contract({ method: 'POST', path: '/api/admin/bookings/:id/price-per-pound', body: setPricePerPoundRequestSchema, response: staffBookingResponseSchema }),
  processWeight: contract({ method: 'POST', path: '/api/admin/bookings/:id/weight', body: processWeightRequestSchema, response: processWeightResponseSchema }),
  getFinalReceipt: contract({ method: 'GET', path: '/api/admin/bookings/:id/receipt', body: undefined, response: finalReceiptResponseSchema }),
  sendFinalReceipt: contract({ method: 'POST', path: '/api/admin/bookings/:id/receipt', body: undefined, response: sentResponseSchema }),
  sendDeliveryConfirmation: contract({ method: 'POST', path: '/api/admin/bookings/:id/delivery-confirmation', body: undefined, response: sentResponseSchema }),
  deleteBooking: contract({ method: 'DELETE', path: '/api/admin/bookings/:id', body: undefined, response: deleteBookingResponseSchema }),
  todaysSchedule: contract({ method: 'GET', path: '/api/admin/schedule', body: undefined, query: scheduleQuerySchema, response: scheduleResponseSchema }),
  listMessages: contract({ method: 'GET', path: '/api/admin/messages', body: undefined, query: messageListQuerySchema, response: messageListResponseSchema }),
  setMessageHandled: contract({ method: 'POST', path: '/api/admin/messages/:id/handled', body: setMessageHandledRequestSchema, response: messageResponseSchema }),
  listOutbox: contract({ method: 'GET', path: '/api/admin/outbox', body: undefined, query: outboxListQuerySchema, response: outboxListResponseSchema }),
  resendOutboxMessage: contract({ method: 'POST', path: '/api/admin/outbox/:id/resend', body: undefined, response: resendResponseSchema }),
  validateGiftCard: contract({
    method: 'POST',
    path: '/api/gift-cards/validate',
    body: validateGiftCardRequestSchema,
    response: validateGiftCardResponseSchema,
  }),
};
