// The pro portal (decision 018; beyond the spec, built on back-office 2-4 and 9): what a laundry
// pro sees of their own work and money, and the two steps they record. zod/mini, like every
// schema the browser loads (docs/decisions/009).
import * as z from 'zod/mini';
import { bookingStatusValues } from './back-office';
import { payoutSchema, proRatingSchema } from './laundry-pros';
import { missedPickupReasons, missedPickupStatuses, stopPhotoKinds } from '../stops';

// the status moves (picked up, delivered) and the laundry steps between them (decision 023)
export const proStepValues = ['picked_up', 'washing', 'ready', 'out_for_delivery', 'delivered'] as const;
export type ProStep = (typeof proStepValues)[number];
export const proStepLabels: Record<ProStep, string> = { picked_up: 'Mark Picked Up', washing: 'Mark Washing', ready: 'Mark Ready', out_for_delivery: 'Mark Out for Delivery', delivered: 'Mark Delivered' };
export const proStepRequestSchema = z.strictObject({ step: z.enum(proStepValues, { error: 'Choose a step: picked up, washing, ready, out for delivery or delivered.' }) });

/** A job still in the pro's hands: to pick up, being weighed, or to deliver. */
export const proJobSchema = z.object({
  assignmentId: z.string(),
  orderId: z.string(),
  customerName: z.string(),
  /** The customer's phone, to call before the pick-up: as read, and as a tel: link. */
  customerPhone: z.string(),
  customerPhoneHref: z.string(),
  address: z.string(),
  /** A link to the address on a map. */
  mapUrl: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  pickupLocation: z.string(),
  /** When it goes back (decision 056), in words: "Wednesday, December 9, 12PM – 4PM"; null until picked up. */
  dueBack: z.nullable(z.string()),
  bagQuantity: z.number(),
  /** The customer's preferences, each as a line to read ("Water: Cold"). */
  preferences: z.array(z.string()),
  allergies: z.string(),
  specialInstructions: z.string(),
  specialCareInstructions: z.string(),
  bookingStatus: z.enum(bookingStatusValues),
  /** "On my way" (decision 056): for a pick-up still to do, or a delivery out for delivery; null otherwise. */
  onMyWay: z.nullable(z.enum(['pickup', 'delivery'])),
  /** The step the pro can record now, if any. */
  nextStep: z.nullable(z.enum(proStepValues)),
  /** When each photo of the stop was taken (decision 057), or null. */
  photos: z.object({ pickup: z.nullable(z.string()), delivery: z.nullable(z.string()), no_show: z.nullable(z.string()) }),
  /** The photo this stop asks for now: at the pick-up, or at the delivery. */
  photoAsked: z.nullable(z.enum(['pickup', 'delivery'])),
  /** A missed pick-up the pro reported, and what staff decided. */
  missedPickup: z.nullable(z.object({ reason: z.enum(missedPickupReasons), status: z.enum(missedPickupStatuses) })),
  /** Whether "No one home / no bags out" can be reported now (a pick-up still to do, not reported yet). */
  canReportMissed: z.boolean(),
});
export type ProJob = z.infer<typeof proJobSchema>;

/** A completed (weighed) order: its weight and what it earned, and what of it is still unpaid. */
export const proEarningSchema = z.object({
  assignmentId: z.string(),
  orderId: z.string(),
  completedAt: z.string(),
  weightTenths: z.number(),
  perPoundCents: z.number(),
  tipCents: z.number(),
  totalCents: z.number(),
  unpaidCents: z.number(),
});
export type ProEarning = z.infer<typeof proEarningSchema>;

export const proPortalSchema = z.object({
  pro: z.object({ name: z.string(), email: z.string(), perPoundRateCents: z.number() }),
  /** The business's today, so the page says "Today" by the business's calendar. */
  today: z.string(),
  jobs: z.array(proJobSchema),
  earnings: z.array(proEarningSchema),
  unpaid: z.object({ perPoundCents: z.number(), tipCents: z.number(), totalCents: z.number() }),
  payouts: z.array(payoutSchema),
  /** The pro's own average rating and how many orders it is from, never a comment nor who gave it (decision 063). */
  rating: proRatingSchema,
  /** The years a statement can be downloaded for, newest first. */
  statementYears: z.array(z.number()),
});
export type ProPortal = z.infer<typeof proPortalSchema>;
export const proStepResponseSchema = z.object({ job: proJobSchema });

/** The arrival estimates a pro can give (minutes from now). */
export const onMyWayMinutes = [10, 15, 20, 30, 45, 60] as const;
export type OnMyWayMinutes = (typeof onMyWayMinutes)[number];
export const onMyWayRequestSchema = z.strictObject({
  minutes: z.literal(onMyWayMinutes, { error: 'Choose when you arrive: in 10 to 60 minutes.' }),
});
/** How the customer was told, and the pro's words for it. */
export const onMyWayResponseSchema = z.object({ sentBy: z.enum(['text', 'email']), message: z.string() });

export const proStatementQuerySchema = z.strictObject({
  year: z.string().check(z.regex(/^20\d\d$/, 'Choose a year like 2026.')),
});

/** Staff invite a pro to the portal: the link goes to the pro's email only (a one-time link is its recipient's secret). */
export const proInviteResponseSchema = z.object({ sentTo: z.string() });

/**
 * decision 041: a new email for the pro's sign-in, confirmed from the link emailed to it. The token
 * is checked by the server; any string short enough is read, so a wrong one gets the link's words.
 */
export const proEmailConfirmRequestSchema = z.strictObject({
  token: z.string({ error: 'This confirmation link is incomplete. Open the link from the email again.' }).check(z.minLength(1, 'This confirmation link is incomplete. Open the link from the email again.'), z.maxLength(200, 'This confirmation link is not valid.')),
});
export const proEmailConfirmResponseSchema = z.object({ email: z.string() });

/** A pro's report of a missed pick-up (decision 057). */
export const missedPickupRequestSchema = z.strictObject({
  reason: z.enum(missedPickupReasons, { error: 'Choose what you found: no one home, or no bags out.' }),
});
export const missedPickupResponseSchema = z.object({ reason: z.enum(missedPickupReasons), status: z.enum(missedPickupStatuses) });
/** A stop's photo, kept: its kind and when it was taken. */
export const stopPhotoResponseSchema = z.object({ kind: z.enum(stopPhotoKinds), takenAt: z.string() });
