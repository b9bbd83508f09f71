// What each email is rendered from, and what rendering gives back: the templates and the server
// both read these, so they sit apart from render.ts (which imports every template).
import type { PriceLine } from '../src/shared/pricing';

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  /** A binary file (a PDF) travels as base64 text, with `encoding: 'base64'`. */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
};

export type BookingEmailData = {
  bookingId: string;
  confirmation: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
  /** YYYY-MM-DD */
  pickupDate: string;
  /** a pickupTimes value, e.g. '4pm-8pm' */
  pickupTime: string;
  /** a pickupLocationValues value, e.g. 'front-door' */
  pickupLocation: string;
  bagQuantity: number;
  bagRateCents: number;
  addOnLines: PriceLine[];
  subtotalCents: number;
  giftCardDiscountCents: number;
  totalCents: number;
  promoCode: string | null;
  /** e.g. 'Authorized on your card: $73.00. You are charged the actual amount after we weigh your laundry.' or 'No payment needed.' */
  paymentNote: string;
  waterTemperature: string;
  detergentType: string;
  allergies: string;
  specialInstructions: string;
  specialCareInstructions: string;
  cancelUrl: string;
  /** "Your orders" (decision 021): where the customer moves the pick-up and changes their details. */
  ordersUrl: string;
  /** Booked after the free-cancellation cut-off (spec: customer-site 9): no cancel link, and the email says so. */
  freeCancellationPassed?: boolean;
};

export type FinalReceiptData = {
  bookingId: string;
  /** first 8 characters of the id, upper-cased (receiptOrderNumber) */
  orderNumber: string;
  /** 'WD-XXXXXX' */
  confirmation: string;
  name: string;
  /** YYYY-MM-DD */
  pickupDate: string;
  /** a pickupTimes value, e.g. '8am-12pm' */
  pickupTime: string;
  /** actual weight in tenths of a pound (142 = 14.2 lb) */
  weightTenths: number;
  pricePerPoundCents: number;
  /** weight x rate */
  weightCents: number;
  /** finalInvoice().addOnLines */
  addOnLines: PriceLine[];
  /** the promo booked with: names what it took off the final bill (finalBillLines) */
  promoCode: string | null;
  /** weight x rate + add-ons, 0 under a promo that waives all charges (weighedAmounts) */
  finalTotalCents: number;
  /** what the card was authorised for; 0 when the booking had no card (its total was 0) */
  authorizedCents: number;
  /** what the card paid for the bill: from the authorisation and above it, less refunds (receiptPayment) */
  billChargedCents: number;
  /** the tip the customer added on approving the invoice, charged apart from the bill (decision 015); 0 if none */
  tipCents: number;
  /** what the card paid in all: the bill and the tip, less refunds */
  chargedCents: number;
  /** the part of the authorisation the bill did not take (the spec's "refund") */
  releasedCents: number;
  /** what the bill took above the authorisation, charged off-session; never the tip */
  extraChargedCents: number;
  /** still owed because the card needed the customer or there is no card; 0 normally */
  amountDueCents: number;
  /** what the gift card paid of the final total (docs/design.md 9), 0 if none */
  giftCardCents: number;
  /** decision 031: refunded to the card, and credited to a gift card; 0 if none */
  refundedCents?: number;
  creditedCents?: number;
  /** ISO date-time of the weighing */
  processedAt: string;
  /** the customer's own invoice link, to approve the bill, tip and pay what is due (docs/design.md 5.5); never in a staff view */
  invoiceUrl?: string | null;
  /** the customer already approved the bill (and tipped): the link then shows it, it asks for nothing */
  approved?: boolean;
};

export type DeliveryConfirmationData = {
  bookingId: string;
  confirmation: string;
  name: string;
  /** YYYY-MM-DD */
  deliveredOn: string;
  finalTotalCents: number | null;
  /** The rating page's signed address (decision 063); each star's link adds `&stars=N`. */
  ratingUrl: string;
};

/**
 * The label the gift card's code is shown under, in the email and in its plain text ("Gift card
 * code: K7QZ…"): the one place the code appears, so the staff views of the outbox can hide it
 * (src/server/notifications/redact.ts). The code is its recipient's secret (docs/design.md 9).
 */
export const giftCardCodeLabel = 'Gift card code';

/** To the recipient of a gift card: its code and how to use it (spec: customer-site 7, send-gift-card-email). */
export type GiftCardEmailData = {
  code: string;
  amountCents: number;
  /** "Valued Customer" when none was given */
  recipientName: string;
  /** who it is from */
  purchaserEmail: string;
  /** the name the buyer signed it with, or null (then their address says who it is from) */
  senderName?: string | null;
  /** the purchaser's message, '' for none */
  message: string;
  /** where to redeem it: /book */
  bookUrl: string;
};

/** To the purchaser: the receipt of a gift card bought (never its code). */
export type GiftCardReceiptData = {
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** the day the card is emailed to the recipient (YYYY-MM-DD), or null: at once */
  deliverOn?: string | null;
  /** the shortened checkout session id, as the success page shows it */
  transaction: string;
};

/** An invoice as its email and PDF show it (emails/staff-tool-emails.tsx): amounts formatted by the server. */
export type InvoiceEmailData = {
  kind: 'manual' | 'subscription';
  invoiceNumber: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientAddress: string;
  lines: { description: string; quantity: number; unitPrice: string; total: string }[];
  subtotal: string;
  /** Shown only when above 0 (spec: back-office 7, taxAmount only if above 0). */
  tax: string | null;
  total: string;
  dueDate: string;
  notes: string;
  /** For a subscription: when the next month's invoice goes out. */
  nextBillingDate: string | null;
  /** The client's link to pay it online (docs/design.md 9 invoices): theirs alone. */
  payUrl: string | null;
};
