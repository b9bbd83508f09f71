// Every API contract in one place: path, method, request and response schemas. The server
// validates with these, the typed web client sends with them (docs/conventions.md 2).
import {
  giftCardPurchaseRequestSchema,
  giftCardPurchaseResponseSchema,
  giftCardPurchaseStatusSchema,
  resendGiftCardEmailResponseSchema,
  staffGiftCardListQuerySchema,
  staffGiftCardListSchema,
} from './schemas/gift-card-purchase';
import { amountDueQuerySchema, amountDueResponseSchema, payAmountDueRequestSchema, payAmountDueResponseSchema, payDueFromGiftCardRequestSchema, payDueFromGiftCardResponseSchema } from './schemas/amount-due';
import { assignLaundryProRequestSchema, assignLaundryProResponseSchema, assignmentListSchema, laundryProListSchema, laundryProResponseSchema, payOutRequestSchema, payOutResponseSchema, payoutListSchema, proAccountStatusResponseSchema, proOnboardingResponseSchema, proProfileSchema } from './schemas/laundry-pros';
import { invoiceIncomeSchema, invoiceListQuerySchema, invoiceListSchema } from './schemas/invoice-list';
import { reportQuerySchema, reportSchema } from './schemas/reports';
import { promoCodeActionSchema, promoCodeAnswerSchema, promoCodeInputSchema, promoCodeListSchema } from './schemas/promo-codes';
import { openForBookingsRequestSchema, saveSettingsRequestSchema, settingsResponseSchema } from './schemas/settings';
import { manualInvoiceRequestSchema, payInvoiceQuerySchema, payInvoiceRequestSchema, payInvoiceResponseSchema, publicInvoiceSchema, staffInvoiceResponseSchema, sendTermsRequestSchema, sendTermsResponseSchema, subscriptionInvoiceRequestSchema, subscriptionInvoiceResponseSchema, subscriptionListSchema, subscriptionResponseSchema, subscriptionStatusRequestSchema } from './schemas/invoices';
import { proEmailConfirmRequestSchema, proEmailConfirmResponseSchema, proInviteResponseSchema, proPortalSchema, proStepRequestSchema, proStepResponseSchema, onMyWayRequestSchema, missedPickupRequestSchema, missedPickupResponseSchema, onMyWayResponseSchema } from './schemas/pro-portal';
import { approveInvoiceRequestSchema, approveInvoiceResponseSchema, invoiceQuerySchema, invoiceResponseSchema, payInvoiceDueFromGiftCardRequestSchema, payInvoiceDueFromGiftCardResponseSchema, weightQuestionRequestSchema } from './schemas/invoice';
import { bookingDetailsResponseSchema, customerDataExportSchema, customerDetailsResponseSchema, customerDetailsSchema, eraseCustomerRequestSchema, eraseCustomerResponseSchema, customerOrderResponseSchema, customerOrdersSchema, openOrdersSessionRequestSchema, openOrdersSessionResponseSchema, orderSignInRequestSchema, orderSignInResponseSchema, rescheduleRequestSchema, deliveryChoiceRequestSchema, signOutResponseSchema } from './schemas/customer-orders';
import { seriesActionRequestSchema, seriesActionResponseSchema, seriesQuerySchema, seriesResponseSchema, startOrderSeriesRequestSchema, startSeriesRequestSchema } from './schemas/series';
import { addCustomerNoteRequestSchema, addCustomerNoteResponseSchema, customerPageSchema } from './schemas/customer-page';
import type { z } from 'zod';

/** Any zod schema, classic or mini (the public forms' schemas are zod/mini: docs/decisions/009). */
export type Schema = z.core.$ZodType;
import { endpoints, type Endpoint } from './endpoints';
import { healthResponseSchema } from './schemas/api-common';
import { systemStatusResponseSchema } from './schemas/system';
import { abandonedCheckoutRequestSchema, availabilityQuerySchema, cancelBookingRequestSchema, cancelBookingResponseSchema, cancellationQuerySchema, cancellationResponseSchema, abandonedCheckoutResponseSchema, availabilityResponseSchema, bookingQuoteSchema, bookingTokenQuerySchema, createBookingRequestSchema, createBookingResponseSchema, publicBookingSchema, quoteBookingRequestSchema, validateGiftCardRequestSchema, validateGiftCardResponseSchema } from './schemas/booking-api';
import { auditListResponseSchema, auditQuerySchema } from './schemas/audit';
import { contactMessageInputSchema, contactMessageResponseSchema } from './schemas/contact';
import {
  adminListResponseSchema,
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
  setBookingProgressRequestSchema,
  setMessageHandledRequestSchema,
  setPricePerPoundRequestSchema,
  staffBookingResponseSchema,
  confirmMissedPickupResponseSchema,
  editStaffBookingDetailsResponseSchema,
  waiveNoShowFeeRequestSchema,
  waiveNoShowFeeResponseSchema,
} from './schemas/back-office';
import { payPhoneOrderRequestSchema, payPhoneOrderResponseSchema, phoneOrderCreatedSchema, phoneOrderQuerySchema, phoneOrderRequestSchema, phoneOrderViewSchema, resendPayLinkRequestSchema, resendPayLinkResponseSchema } from './schemas/phone-orders';
import { refundBookingRequestSchema, refundBookingResponseSchema } from './schemas/refunds';
import { rateOrderRequestSchema, ratingQuerySchema, ratingViewSchema } from './schemas/ratings';
import { reweighBookingRequestSchema, reweighBookingResponseSchema } from './schemas/reweigh';

export type Contract<Body extends Schema | undefined, Response extends Schema, Query extends Schema | undefined = Schema | undefined> = Endpoint & {
  body: Body;
  /** The query string's schema, for every GET that reads one (strings in, coerced by the schema). */
  query: Query;
  response: Response;
};

function contract<const E extends Endpoint, Body extends Schema | undefined, Response extends Schema, Query extends Schema | undefined = undefined>(
  endpoint: E,
  c: { body: Body; response: Response; query?: Query },
): E & Contract<Body, Response, Query> {
  return { ...endpoint, ...c, query: c.query as Query };
}

export const contracts = {
  health: contract(endpoints.health, { body: undefined, response: healthResponseSchema }),
  createContactMessage: contract(endpoints.createContactMessage, {
    body: contactMessageInputSchema,
    response: contactMessageResponseSchema,
  }),
  quoteBooking: contract(endpoints.quoteBooking, {
    body: quoteBookingRequestSchema,
    response: bookingQuoteSchema,
  }),
  createBooking: contract(endpoints.createBooking, {
    body: createBookingRequestSchema,
    response: createBookingResponseSchema,
  }),
  getBooking: contract(endpoints.getBooking, { body: undefined, query: bookingTokenQuerySchema, response: publicBookingSchema }),
  getBookingBySession: contract(endpoints.getBookingBySession, { body: undefined, response: publicBookingSchema }),
  getCancellation: contract(endpoints.getCancellation, { body: undefined, query: cancellationQuerySchema, response: cancellationResponseSchema }),
  cancelBooking: contract(endpoints.cancelBooking, { body: cancelBookingRequestSchema, response: cancelBookingResponseSchema }),
  getAmountDue: contract(endpoints.getAmountDue, { body: undefined, query: amountDueQuerySchema, response: amountDueResponseSchema }),
  payAmountDue: contract(endpoints.payAmountDue, { body: payAmountDueRequestSchema, response: payAmountDueResponseSchema }),
  payDueFromGiftCard: contract(endpoints.payDueFromGiftCard, { body: payDueFromGiftCardRequestSchema, response: payDueFromGiftCardResponseSchema }),
  payInvoiceDueFromGiftCard: contract(endpoints.payInvoiceDueFromGiftCard, { body: payInvoiceDueFromGiftCardRequestSchema, response: payInvoiceDueFromGiftCardResponseSchema }),
  getPhoneOrder: contract(endpoints.getPhoneOrder, { body: undefined, query: phoneOrderQuerySchema, response: phoneOrderViewSchema }),
  payPhoneOrder: contract(endpoints.payPhoneOrder, { body: payPhoneOrderRequestSchema, response: payPhoneOrderResponseSchema }),
  getInvoice: contract(endpoints.getInvoice, { body: undefined, query: invoiceQuerySchema, response: invoiceResponseSchema }),
  approveInvoice: contract(endpoints.approveInvoice, { body: approveInvoiceRequestSchema, response: approveInvoiceResponseSchema }),
  questionInvoiceWeight: contract(endpoints.questionInvoiceWeight, { body: weightQuestionRequestSchema, response: invoiceResponseSchema }),
  getRating: contract(endpoints.getRating, { body: undefined, query: ratingQuerySchema, response: ratingViewSchema }),
  rateOrder: contract(endpoints.rateOrder, { body: rateOrderRequestSchema, response: ratingViewSchema }),
  recordAbandonedCheckout: contract(endpoints.recordAbandonedCheckout, {
    body: abandonedCheckoutRequestSchema,
    response: abandonedCheckoutResponseSchema,
  }),
  availability: contract(endpoints.availability, { body: undefined, query: availabilityQuerySchema, response: availabilityResponseSchema }),
  // "My orders" (decision 021)
  requestOrdersLink: contract(endpoints.requestOrdersLink, { body: orderSignInRequestSchema, response: orderSignInResponseSchema }),
  openOrdersSession: contract(endpoints.openOrdersSession, { body: openOrdersSessionRequestSchema, response: openOrdersSessionResponseSchema }),
  signOutOfOrders: contract(endpoints.signOutOfOrders, { body: undefined, response: signOutResponseSchema }),
  customerOrders: contract(endpoints.customerOrders, { body: undefined, response: customerOrdersSchema }),
  bookingDetails: contract(endpoints.bookingDetails, { body: undefined, response: bookingDetailsResponseSchema }),
  exportCustomerData: contract(endpoints.exportCustomerData, { body: undefined, response: customerDataExportSchema }),
  updateCustomerDetails: contract(endpoints.updateCustomerDetails, { body: customerDetailsSchema, response: customerDetailsResponseSchema }),
  eraseCustomerData: contract(endpoints.eraseCustomerData, { body: eraseCustomerRequestSchema, response: eraseCustomerResponseSchema }),
  startOrderSeries: contract(endpoints.startOrderSeries, { body: startOrderSeriesRequestSchema, response: seriesResponseSchema }),
  startSeries: contract(endpoints.startSeries, { body: startSeriesRequestSchema, response: seriesResponseSchema }),
  getSeries: contract(endpoints.getSeries, { body: undefined, query: seriesQuerySchema, response: seriesResponseSchema }),
  actOnSeries: contract(endpoints.actOnSeries, { body: seriesActionRequestSchema, response: seriesActionResponseSchema }),
  customerOrder: contract(endpoints.customerOrder, { body: undefined, response: customerOrderResponseSchema }),
  rescheduleOrder: contract(endpoints.rescheduleOrder, { body: rescheduleRequestSchema, response: customerOrderResponseSchema }),
  chooseDelivery: contract(endpoints.chooseDelivery, { body: deliveryChoiceRequestSchema, response: customerOrderResponseSchema }),
  // staff (behind the /api/admin guard; sign-in itself is better-auth's /api/auth/*)
  adminMe: contract(endpoints.adminMe, { body: undefined, response: meResponseSchema }),
  changeOwnPassword: contract(endpoints.changeOwnPassword, { body: changePasswordRequestSchema, response: changePasswordResponseSchema }),
  listAdmins: contract(endpoints.listAdmins, { body: undefined, response: adminListResponseSchema }),
  createAdmin: contract(endpoints.createAdmin, { body: createAdminRequestSchema, response: createAdminResponseSchema }),
  setAdminStatus: contract(endpoints.setAdminStatus, { body: setAdminStatusRequestSchema, response: setAdminStatusResponseSchema }),
  resetAdminPassword: contract(endpoints.resetAdminPassword, { body: undefined, response: temporaryPasswordResponseSchema }),
  auditLog: contract(endpoints.auditLog, { body: undefined, query: auditQuerySchema, response: auditListResponseSchema }),
  // the back office (spec: back-office 2-4)
  dashboardStats: contract(endpoints.dashboardStats, { body: undefined, response: dashboardStatsSchema }),
  systemStatus: contract(endpoints.systemStatus, { body: undefined, response: systemStatusResponseSchema }),
  // a customer's page: all their orders, their money and staff notes
  customerPage: contract(endpoints.customerPage, { body: undefined, response: customerPageSchema }),
  addCustomerNote: contract(endpoints.addCustomerNote, { body: addCustomerNoteRequestSchema, response: addCustomerNoteResponseSchema }),
  listStaffBookings: contract(endpoints.listStaffBookings, { body: undefined, query: bookingListQuerySchema, response: bookingListResponseSchema }),
  getStaffBooking: contract(endpoints.getStaffBooking, { body: undefined, response: staffBookingResponseSchema }),
  setBookingStatus: contract(endpoints.setBookingStatus, { body: setBookingStatusRequestSchema, response: staffBookingResponseSchema }),
  setBookingProgress: contract(endpoints.setBookingProgress, { body: setBookingProgressRequestSchema, response: staffBookingResponseSchema }),
  setPricePerPound: contract(endpoints.setPricePerPound, { body: setPricePerPoundRequestSchema, response: staffBookingResponseSchema }),
  processWeight: contract(endpoints.processWeight, { body: processWeightRequestSchema, response: processWeightResponseSchema }),
  getFinalReceipt: contract(endpoints.getFinalReceipt, { body: undefined, response: finalReceiptResponseSchema }),
  sendFinalReceipt: contract(endpoints.sendFinalReceipt, { body: undefined, response: sentResponseSchema }),
  sendDeliveryConfirmation: contract(endpoints.sendDeliveryConfirmation, { body: undefined, response: sentResponseSchema }),
  deleteBooking: contract(endpoints.deleteBooking, { body: undefined, response: deleteBookingResponseSchema }),
  refundBooking: contract(endpoints.refundBooking, { body: refundBookingRequestSchema, response: refundBookingResponseSchema }),
  moveStaffBooking: contract(endpoints.moveStaffBooking, { body: rescheduleRequestSchema, response: staffBookingResponseSchema }),
  editStaffBookingDetails: contract(endpoints.editStaffBookingDetails, { body: customerDetailsSchema, response: editStaffBookingDetailsResponseSchema }),
  createPhoneOrder: contract(endpoints.createPhoneOrder, { body: phoneOrderRequestSchema, response: phoneOrderCreatedSchema }),
  resendPayLink: contract(endpoints.resendPayLink, { body: resendPayLinkRequestSchema, response: resendPayLinkResponseSchema }),
  confirmMissedPickup: contract(endpoints.confirmMissedPickup, { body: undefined, response: confirmMissedPickupResponseSchema }),
  dismissMissedPickup: contract(endpoints.dismissMissedPickup, { body: undefined, response: staffBookingResponseSchema }),
  waiveNoShowFee: contract(endpoints.waiveNoShowFee, { body: waiveNoShowFeeRequestSchema, response: waiveNoShowFeeResponseSchema }),
  reweighBooking: contract(endpoints.reweighBooking, { body: reweighBookingRequestSchema, response: reweighBookingResponseSchema }),
  todaysSchedule: contract(endpoints.todaysSchedule, { body: undefined, query: scheduleQuerySchema, response: scheduleResponseSchema }),
  listMessages: contract(endpoints.listMessages, { body: undefined, query: messageListQuerySchema, response: messageListResponseSchema }),
  setMessageHandled: contract(endpoints.setMessageHandled, { body: setMessageHandledRequestSchema, response: messageResponseSchema }),
  listOutbox: contract(endpoints.listOutbox, { body: undefined, query: outboxListQuerySchema, response: outboxListResponseSchema }),
  resendOutboxMessage: contract(endpoints.resendOutboxMessage, { body: undefined, response: resendResponseSchema }),
  validateGiftCard: contract(endpoints.validateGiftCard, {
    body: validateGiftCardRequestSchema,
    response: validateGiftCardResponseSchema,
  }),
  createGiftCardPurchase: contract(endpoints.createGiftCardPurchase, { body: giftCardPurchaseRequestSchema, response: giftCardPurchaseResponseSchema }),
  getGiftCardPurchase: contract(endpoints.getGiftCardPurchase, { body: undefined, response: giftCardPurchaseStatusSchema }),
  // the laundry pros (spec: back-office 2, 5, 7; docs/design.md 5.7)
  listLaundryPros: contract(endpoints.listLaundryPros, { body: undefined, response: laundryProListSchema }),
  createLaundryPro: contract(endpoints.createLaundryPro, { body: proProfileSchema, response: laundryProResponseSchema }),
  updateLaundryPro: contract(endpoints.updateLaundryPro, { body: proProfileSchema, response: laundryProResponseSchema }),
  startProOnboarding: contract(endpoints.startProOnboarding, { body: undefined, response: proOnboardingResponseSchema }),
  checkProAccount: contract(endpoints.checkProAccount, { body: undefined, response: proAccountStatusResponseSchema }),
  listAssignments: contract(endpoints.listAssignments, { body: undefined, response: assignmentListSchema }),
  assignLaundryPro: contract(endpoints.assignLaundryPro, { body: assignLaundryProRequestSchema, response: assignLaundryProResponseSchema }),
  // pro payouts and the pro portal (spec: back-office 2, 7 process-payout; decision 018)
  payOutPro: contract(endpoints.payOutPro, { body: payOutRequestSchema, response: payOutResponseSchema }),
  listProPayouts: contract(endpoints.listProPayouts, { body: undefined, response: payoutListSchema }),
  inviteProToPortal: contract(endpoints.inviteProToPortal, { body: undefined, response: proInviteResponseSchema }),
  revokeProPortal: contract(endpoints.revokeProPortal, { body: undefined, response: laundryProResponseSchema }),
  confirmProEmail: contract(endpoints.confirmProEmail, { body: proEmailConfirmRequestSchema, response: proEmailConfirmResponseSchema }),
  proPortal: contract(endpoints.proPortal, { body: undefined, response: proPortalSchema }),
  proAssignmentStep: contract(endpoints.proAssignmentStep, { body: proStepRequestSchema, response: proStepResponseSchema }),
  proOnMyWay: contract(endpoints.proOnMyWay, { body: onMyWayRequestSchema, response: onMyWayResponseSchema }),
  proMissedPickup: contract(endpoints.proMissedPickup, { body: missedPickupRequestSchema, response: missedPickupResponseSchema }),
  // the staff tools and invoices (spec: back-office 2, 5, 7)
  sendTerms: contract(endpoints.sendTerms, { body: sendTermsRequestSchema, response: sendTermsResponseSchema }),
  sendManualInvoice: contract(endpoints.sendManualInvoice, { body: manualInvoiceRequestSchema, response: staffInvoiceResponseSchema }),
  sendSubscriptionInvoice: contract(endpoints.sendSubscriptionInvoice, { body: subscriptionInvoiceRequestSchema, response: subscriptionInvoiceResponseSchema }),
  listInvoices: contract(endpoints.listInvoices, { body: undefined, query: invoiceListQuerySchema, response: invoiceListSchema }),
  markInvoicePaid: contract(endpoints.markInvoicePaid, { body: undefined, response: staffInvoiceResponseSchema }),
  invoiceIncome: contract(endpoints.invoiceIncome, { body: undefined, response: invoiceIncomeSchema }),
  listSubscriptions: contract(endpoints.listSubscriptions, { body: undefined, response: subscriptionListSchema }),
  setSubscriptionStatus: contract(endpoints.setSubscriptionStatus, { body: subscriptionStatusRequestSchema, response: subscriptionResponseSchema }),
  // an invoice paid through its link (docs/design.md 9 invoices)
  getPayableInvoice: contract(endpoints.getPayableInvoice, { body: undefined, query: payInvoiceQuerySchema, response: publicInvoiceSchema }),
  payInvoice: contract(endpoints.payInvoice, { body: payInvoiceRequestSchema, response: payInvoiceResponseSchema }),
  listStaffGiftCards: contract(endpoints.listStaffGiftCards, { body: undefined, query: staffGiftCardListQuerySchema, response: staffGiftCardListSchema }),
  resendGiftCardEmail: contract(endpoints.resendGiftCardEmail, { body: undefined, response: resendGiftCardEmailResponseSchema }),
  // the Reports tab (decision 026)
  getReport: contract(endpoints.getReport, { body: undefined, query: reportQuerySchema, response: reportSchema }),
  // the Settings tab (decision 055)
  getSettings: contract(endpoints.getSettings, { body: undefined, response: settingsResponseSchema }),
  saveSettings: contract(endpoints.saveSettings, { body: saveSettingsRequestSchema, response: settingsResponseSchema }),
  openForBookings: contract(endpoints.openForBookings, { body: openForBookingsRequestSchema, response: settingsResponseSchema }),
  listPromoCodes: contract(endpoints.listPromoCodes, { body: undefined, response: promoCodeListSchema }),
  createPromoCode: contract(endpoints.createPromoCode, { body: promoCodeInputSchema, response: promoCodeAnswerSchema }),
  changePromoCode: contract(endpoints.changePromoCode, { body: promoCodeActionSchema, response: promoCodeAnswerSchema }),
};

export type Contracts = typeof contracts;
