// Every action the audit log records (docs/design.md 6: staff actions on money or people), with the
// short label people read in the Audit tab's filter and above each entry's sentence. A new action
// compiles only with its event's type and its words (src/server/audit, decision 048).

export const auditActionLabels = {
  'auth.sign_in': 'Signed in',
  'auth.password_reset_requested': 'Asked for a password reset',
  'auth.password_reset_completed': 'Set a new password with a reset link',
  'admin.create': 'Created an admin',
  'admin.enable': 'Enabled an admin',
  'admin.disable': 'Disabled an admin',
  'admin.reset_password': "Reset an admin's password",
  'admin.change_own_password': 'Changed their own password',
  'settings.changed': 'Changed the settings',
  'settings.opened': 'Opened the website to bookings',
  'promo_code.created': 'Created a promo code',
  'promo_code.changed': 'Paused, resumed or ended a promo code',
  'booking.status_changed': "Changed a booking's status",
  'booking.price_per_pound_changed': 'Changed the price per lb',
  'booking.weight_processed': 'Weighed and charged a booking',
  'booking.weight_failed': 'Weighing: the charge failed',
  'booking.scale_photo_added': 'Added a scale photo',
  'booking.receipt_sent': 'Sent a final receipt',
  'booking.rating_email_sent': 'Sent a rating email',
  'booking.deleted': 'Deleted a booking',
  'booking.refunded': 'Refunded a booking',
  'booking.reweighed': 'Corrected a weight',
  'booking.rescheduled': 'A customer moved their pick-up',
  'booking.delivery_moved': 'A customer chose another delivery time',
  'customer.note_added': 'Added a note on a customer',
  'booking.details_changed': 'A customer changed their details',
  'customer.erased': 'A customer deleted their data',
  'series.started': 'A customer started a regular pick-up',
  'series.paused': 'A customer paused a regular pick-up',
  'series.resumed': 'A customer resumed a regular pick-up',
  'series.stopped': 'A customer stopped a regular pick-up',
  'series.occurrence_missed': 'A regular pick-up could not be booked',
  'booking.laundry_pro_assigned': 'Assigned a laundry pro',
  'booking.pro_picked_up': 'Pro marked picked up',
  'booking.pro_delivered': 'Pro marked delivered',
  'booking.moved': 'Moved a pick-up for the customer',
  'booking.details_edited': 'Changed details for the customer',
  'booking.phone_order_created': 'Took a phone order',
  'booking.pay_link_sent': 'Sent a phone order its pay link again',
  'booking.stop_photo_added': 'Added a photo of a stop',
  'booking.missed_pickup_reported': 'Reported a missed pick-up',
  'booking.missed_pickup_confirmed': 'Confirmed a missed pick-up',
  'booking.missed_pickup_dismissed': 'Dismissed a missed pick-up',
  'booking.no_show_fee_waived': 'Gave back a no-show fee',
  'booking.progress_changed': 'Moved the laundry along',
  'laundry_pro.created': 'Added a laundry pro',
  'laundry_pro.updated': 'Edited a laundry pro',
  'laundry_pro.account_created': "Set up a pro's payment account",
  'laundry_pro.portal_invited': 'Invited a pro to the portal',
  'laundry_pro.portal_revoked': "Revoked a pro's portal access",
  'laundry_pro.portal_email_confirmed': 'A pro confirmed a new sign-in email',
  'laundry_pro.payout': 'Paid a laundry pro',
  'gift_card.email_resent': 'Sent a gift card email again',
  'invoice.sent': 'Sent an invoice',
  'invoice.marked_paid': 'Marked an invoice paid',
  'subscription.created': 'Started a subscription',
  'subscription.invoiced': 'Billed a subscription month',
  'subscription.paused': 'Paused a subscription',
  'subscription.resumed': 'Resumed a subscription',
  'subscription.ended': 'Ended a subscription',
  'tools.terms_sent': 'Sent the terms',
  'message.handled': 'Marked a message handled',
  'message.reopened': 'Reopened a message',
  'outbox.resent': 'Sent a message again',
  'data.exported': 'Downloaded an export',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActionValues = Object.keys(auditActionLabels) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(auditActionLabels, value);
}

/** An action's label; one recorded before this table knew it reads as a plain "Other action". */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? auditActionLabels[action] : 'Other action';
}
