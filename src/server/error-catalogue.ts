// Every domain error a screen may show, in one table: code → status → the message the user reads
// (docs/conventions.md 8 and "Shapes": errors come from one catalogue). A new error is one line here; a
// message that carries values is a function of them. `field` also names the form field the
// message belongs to, so a form can show it beside the input. Nothing else words a domain error:
// lint refuses `new DomainError(...)` and an inline sentence outside this file and its parts
// (error-catalogue-*.ts, one capability's entries each; docs/decisions/046).
import { signInLinkMinutes } from '../shared/link-lifetimes';
import { formatCents } from '../shared/money';
import { phoneOrderClosedWords, type PhoneOrderClosedWhy } from '../shared/phone-orders';
import { pickupMessages, type PickupRefusal } from '../shared/pickup-rules';
import { MAX_POUNDS_PER_BAG } from '../shared/schemas/back-office';
import { availabilityRangeMessage } from '../shared/schemas/booking-api';
import { giftCardLeavesTooLittle } from '../shared/gift-card-discount';
import { DomainError, RateLimited, type CatalogueEntry } from './errors';
import { proErrors } from './error-catalogue-pros';

export const errorCatalogue = {
  // the request itself (http.ts)
  unsupported_media_type: { status: 415, message: 'Send the request body as JSON (Content-Type: application/json).' },
  unsupported_form_type: { status: 415, message: 'Send the form Twilio sends (application/x-www-form-urlencoded).' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_body: { status: 400, message: 'The request body must be a JSON object.' },
  invalid_form: { status: 400, message: 'The request body is not a form.' },
  invalid_request: { status: 400, message: 'The request is not valid.' },
  not_found: { status: 404, message: 'No such API endpoint.' },
  page_not_found: { status: 404, message: 'Not found.' },
  // the server's own state (decision 061): nothing the client sent is wrong, and trying again works
  database_unavailable: { status: 503, message: 'We cannot reach our records for a moment. Please try again in a minute.' },
  release_outdated: { status: 503, message: 'Washday is being updated. Please try again in a minute.' },
  payload_too_large: { status: 413, message: (v: { kilobytes: number }) => `The request body is too large (${v.kilobytes} KB at most).` },
  // PostgreSQL text holds no U+0000 and its JSON no half of a UTF-16 pair: raised on the input's own field (fieldError)
  text_nul_character: { status: 400, message: 'Remove the invisible NUL character (U+0000): it is not allowed in text.' },
  text_broken_character: { status: 400, message: 'Remove the broken character (half of a UTF-16 pair): it is not allowed in text.' },
  // docs/design.md 9: every limit answers rate_limited; its words say what was tried and how long to wait
  rate_limited: { status: 429, message: (v: { wait: RateLimitWording }) => rateLimitWordings[v.wait] },

  // the development pages (decisions 012 and 038)
  dev_loopback_only: { status: 403, message: 'The development pages answer only requests from this machine.' },
  dev_host_not_loopback: { status: 403, message: 'The development pages answer only at localhost, 127.0.0.1 or [::1]. Open them at http://localhost:<port>/dev/… on this machine.' },
  dev_bad_return_path: { status: 400, message: 'The return address must be a page of this site, such as /admin: no other site, backslash or control character.' },
  staff_exist: { status: 409, message: 'Staff accounts exist already.' },

  // the staff guard and staff accounts (docs/design.md 6)
  bad_origin: { status: 403, message: 'This request did not come from the Washday site, so it was refused.' },
  origin_missing: { status: 403, message: 'This request did not say which site it came from, so it was refused. Reload the page and try again.' },
  not_authenticated: { status: 401, message: 'Not authenticated' },
  access_denied: { status: 403, message: 'Access denied. Admin privileges required.' },
  access_disabled: { status: 403, message: 'Your admin access has been disabled.' },
  master_admin_only: { status: 403, message: 'Only a master admin can manage admins.' },
  settings_master_only: { status: 403, message: 'Only a master admin can change the settings.' },
  settings_time_zone_fixed: {
    status: 400,
    message: 'The time zone is set on the server (BUSINESS_TIME_ZONE), as every date, cut-off and job follows it: ask whoever runs the server to change it.',
    field: 'timeZone',
  },
  opening_soon: { status: 409, message: 'We are opening soon and do not take bookings yet. Please check back shortly, or write to us from the contact form.' },
  settings_changed: { status: 409, message: 'Someone saved the settings since you opened them. Their values are shown now: make your change again if it is still needed.' },
  password_change_required: { status: 403, message: 'Please set a new password before you continue.' },
  admin_not_found: { status: 404, message: 'Admin not found.' },
  admin_exists: { status: 409, message: 'An admin with this email already exists.', field: 'email' },
  cannot_disable_self: { status: 409, message: 'You cannot disable your own access.' },
  last_master_admin: { status: 409, message: 'You cannot disable the last enabled master admin.' },
  no_password: { status: 409, message: 'This admin has no password sign-in.' },
  cannot_reset_self: { status: 409, message: 'You cannot reset your own password here. Change your own password instead: it asks for your current one.' },
  wrong_password: { status: 400, message: 'Your current password is not correct.', field: 'currentPassword' },
  same_password: { status: 400, message: 'Choose a new password, not the temporary one.', field: 'newPassword' },

  // inbound texts (Twilio's webhook)
  bad_signature: { status: 403, message: 'The request signature does not match.' },
  invalid_sender: { status: 400, message: 'The sender is not a US phone number.' },

  // self-service cancellation
  bad_cancel_link: { status: 403, message: 'This cancellation link is not valid. Please use the link in your confirmation email.' },
  booking_not_found: { status: 404, message: 'Booking not found.' },
  already_cancelled: { status: 409, message: 'This booking is already cancelled.' },
  not_cancellable: { status: 409, message: 'This booking can no longer be cancelled online.' },
  // the phone and the fee are the business's as its settings have them (decision 055), given where thrown
  too_late: {
    status: 409,
    message: (v: { noShowFeeCents: number; phone: string; freeCancellationHours: number }) =>
      `Free cancellation ends ${v.freeCancellationHours} ${v.freeCancellationHours === 1 ? 'hour' : 'hours'} before your pick-up window starts. A late cancellation or no-show has a ${formatCents(v.noShowFeeCents, { compact: true })} fee. Please call us at ${v.phone}.`,
  },
  release_failed: { status: 409, message: (v: { reason: string | null; phone: string }) => `We could not release your card authorization (${v.reason ?? 'unknown error'}). Please call us at ${v.phone}.` },

  // booking a pick-up (spec: customer-site 1 and 5; docs/design.md 9): the day and ZIP rules' words are the wizard's too
  pickup_date_invalid: { status: 400, message: pickupMessages.dateInvalid, field: 'pickupDate' },
  pickup_date_past: { status: 400, message: pickupMessages.datePast, field: 'pickupDate' },
  pickup_date_too_far: { status: 400, message: pickupMessages.tooFar, field: 'pickupDate' },
  pickup_day_not_served: { status: 400, message: pickupMessages.dayNotServed, field: 'pickupDate' },
  pickup_date_closed: { status: 400, message: pickupMessages.closed, field: 'pickupDate' },
  zip_not_served: { status: 400, message: pickupMessages.zipNotServed, field: 'zipCode' },
  pickup_window_started: { status: 400, message: pickupMessages.windowStarted, field: 'pickupTime' },
  pickup_window_not_offered: { status: 400, message: pickupMessages.windowNotOffered, field: 'pickupTime' },
  pickup_window_full: { status: 409, message: 'That pick-up window is full. Please choose another time or day.', field: 'pickupTime' },
  free_booking_open: { status: 409, message: 'You already have a free pick-up booked. You can book another free one once that one has been picked up.' },
  submission_gone: { status: 409, message: 'This booking is no longer on record. Please press Pay again to book.' },
  submission_mismatch: { status: 409, message: 'These booking details differ from the ones this form first sent. Please check your details and press Pay again.' },
  availability_range: { status: 400, message: availabilityRangeMessage, field: 'to' },

  // the card checkout (docs/design.md 5.1): the provider's refusal in its own words
  checkout_failed: { status: 409, message: (v: { reason: string }) => v.reason },
  checkout_no_url: { status: 409, message: 'No payment URL received' },
  checkout_unavailable: { status: 409, message: 'Online card payment is not available right now. Please call us to book: our number is at the foot of this page.' },
  checkout_no_answer: { status: 409, message: 'The card payment service did not answer. Please try again in a moment.' },
  checkout_no_answer_why: { status: 409, message: (v: { reason: string | null }) => `The card payment service did not answer (${v.reason ?? 'no answer'}). Please try again in a moment.` },
  invoice_being_paid: { status: 409, message: 'This invoice has just been paid. Reload the page to see it.' },
  charge_not_authorised: { status: 409, message: 'This booking has no card authorization to charge.' },
  invalid_final_amount: { status: 400, message: 'The final amount must be whole cents, not negative.' },
  invalid_transfer_amount: { status: 400, message: 'A transfer must be at least 1 cent.' },

  // the back office's booking (spec: back-office 2-4; docs/design.md 9 status machine)
  booking_cancelled: { status: 409, message: 'This booking is cancelled.' },
  already_processed: { status: 409, message: 'The weight of this booking is already processed.' },
  weight_in_flight: { status: 409, message: 'Another weight is being processed for this booking. Refresh and try again.' },
  booking_not_paid: { status: 409, message: 'This booking has no card authorization to charge yet (the customer has not paid).' },
  weighing_not_open: { status: 409, message: (v: { status: string }) => `Weighing needs a confirmed or in-progress booking; this one is ${v.status}. Move it back to In progress first.` },
  weight_gateway_unavailable: { status: 409, message: 'Failed to process weight adjustment: the card payment service did not answer. Please try again in a moment.' },
  bag_weights_too_many: {
    status: 400,
    message: (v: { bagQuantity: number }) => `This booking has ${plural(v.bagQuantity, 'bag')}: enter at most ${plural(v.bagQuantity, 'bag weight')}.`,
    field: 'bagWeights',
  },
  bag_weights_mismatch: {
    status: 400,
    message: (v: { bagsTenths: number; weightTenths: number }) => `The bags add up to ${pounds(v.bagsTenths)} lb, not the ${pounds(v.weightTenths)} lb entered.`,
    field: 'bagWeights',
  },
  weight_too_high: {
    status: 400,
    message: (v: { bagQuantity: number }) => `The weight is too high: at most ${MAX_POUNDS_PER_BAG} lb a bag (${v.bagQuantity * MAX_POUNDS_PER_BAG} lb for this booking).`,
    field: 'actualWeight',
  },
  price_locked: { status: 409, message: 'The weight is already processed: the price per pound can no longer change.' },
  // the status machine's own words (src/shared/status-machine.ts), which the status dropdown shows too
  status_not_allowed: { status: 409, message: (v: { reason: string }) => v.reason },
  status_changed: { status: 409, message: 'This booking changed while you were looking at it. Refresh and try again.' },
  status_release_failed: { status: 409, message: (v: { reason: string | null }) => `The card authorization could not be released (${v.reason ?? 'unknown error'}). The booking is unchanged.` },
  delete_release_failed: { status: 409, message: (v: { reason: string | null }) => `Failed to delete booking: the card authorization could not be released (${v.reason ?? 'unknown error'}).` },
  has_captured_money: { status: 409, message: 'This booking has captured money and cannot be deleted: its record stays with the accounts.' },
  pro_earned: { status: 409, message: 'A laundry pro has earned a payout on this booking: it cannot be deleted, its record stays with their earnings.' },
  receipt_not_ready: { status: 409, message: 'The receipt is ready once the weight is processed and the payment is paid.' },
  receipt_already_sent: { status: 409, message: 'The final receipt was already sent.' },
  not_delivered: { status: 409, message: 'The rating email is sent once the booking is delivered.' },
  rating_already_sent: { status: 409, message: 'The rating email was already sent.' },
  // rating an order from the delivery email's link (decision 063)
  bad_rating_link: { status: 403, message: 'This rating link is not valid or has expired. Please use the link in your delivery email, or call us.' },
  invalid_rating_stars: { status: 400, message: (v: { message: string }) => v.message, field: 'stars' },
  invalid_rating_comment: { status: 400, message: (v: { message: string }) => v.message, field: 'comment' },
  already_rated: { status: 409, message: 'This order has already been rated. Thank you! To add anything, please call or email us.' },

  // paying what is still due (docs/design.md 5.4)
  bad_pay_link: { status: 403, message: 'This payment link is not valid. Please use the link in your email, or call us.' },
  nothing_due: { status: 409, message: 'Nothing is due on this order any more. Thank you!' },
  // a phone order paid from the customer's link (decision 058)
  bad_phone_order_link: { status: 403, message: 'This payment link is not valid. Please use the link in your email or text, or call us.' },
  phone_order_closed: { status: 409, message: (v: { why: PhoneOrderClosedWhy }) => phoneOrderClosedWords[v.why] },
  phone_order_not_open: { status: 409, message: 'This order is no longer waiting for payment: there is no link to send.' },
  pay_link_text_opted_out: { status: 409, message: 'This number has said STOP to our texts, so no text can go to it. Send the link by email.', field: 'channel' },
  pay_link_text_no_number: { status: 400, message: 'This phone number cannot take a text. Send the link by email.', field: 'channel' },
  phone_order_not_phone: { status: 409, message: 'Only an order taken on the phone has a pay link to send.' },
  // decision 030: one payment of an order at a time
  payment_in_progress: { status: 409, message: 'Another payment for this order is being made right now. Please wait a moment and try again.' },

  // refunds and credits staff make of a booking (decision 031)
  refund_nothing_paid: { status: 409, message: 'Nothing was paid by card on this booking, so there is nothing to refund.' },
  refund_cancelled: { status: 409, message: 'This booking was cancelled before its card was charged: there is nothing to refund.' },
  refund_nothing_left: { status: 409, message: 'Everything paid on this booking has already been refunded.' },
  refund_too_much: {
    status: 400,
    message: (v: { refundableCents: number }) => `At most ${formatCents(v.refundableCents)} can still be refunded on this booking.`,
    field: 'amountCents',
  },
  refund_key_reused: { status: 409, message: 'This refund request was already used for another booking. Close the dialog and open it again.' },
  refund_gateway_unavailable: { status: 409, message: 'The card payment service did not answer, so nothing was refunded. Please try again in a moment.' },
  refund_gateway_disagrees: {
    status: 409,
    message: "The payment provider shows less left to refund on this booking's payments than our records do, so nothing was refunded. Check the payments in Stripe.",
  },
  refund_failed: {
    status: 409,
    message: (v: { reason: string; refundedCents: number }) =>
      `The payment provider refused the refund (${v.reason}). ${v.refundedCents > 0 ? `${formatCents(v.refundedCents)} of it was refunded.` : 'Nothing was refunded.'}`,
  },
  // the same request again, after the provider refused it
  refund_failed_before: {
    status: 409,
    message: (v: { refundedCents: number }) =>
      `The payment provider refused the refund (this request was refused before). ${v.refundedCents > 0 ? `${formatCents(v.refundedCents)} of it was refunded.` : 'Nothing was refunded.'}`,
  },
  refund_unconfirmed: {
    status: 409,
    message: 'The payment provider has not confirmed the refund yet; it is checked again within minutes. Reload the booking before you try again.',
  },


  // correcting a weighing before the customer approved the bill (decision 034)
  reweigh_not_weighed: { status: 409, message: 'This booking is not weighed yet: weigh it first, there is nothing to correct.' },
  reweigh_cancelled: { status: 409, message: 'This booking is cancelled: its weight cannot be corrected.' },
  reweigh_approved: { status: 409, message: 'The customer has already approved this bill, so its weight can no longer be corrected. Make a refund instead.' },
  reweigh_tipped: { status: 409, message: 'The customer has tipped on this bill, so its weight can no longer be corrected. Make a refund instead.' },
  reweigh_pro_paid: { status: 409, message: (v: { name: string }) => `${v.name} has already been paid for this booking, so its weight can no longer be corrected. Make a refund instead.` },
  reweigh_unchanged: { status: 400, message: 'This is the weight already on the bill: enter the corrected weight.', field: 'actualWeight' },
  reweigh_key_reused: { status: 409, message: 'This correction request was already used for another booking. Close the dialog and open it again.' },
  reweigh_changed: { status: 409, message: 'The bill changed while you were correcting it. Reload the booking and try again.' },
  reweigh_gateway_unavailable: { status: 409, message: 'The card payment service did not answer, so the weight was not corrected. Please try again in a moment.' },
  reweigh_gateway_disagrees: {
    status: 409,
    message: "The payment provider shows less left to refund on this booking's payments than our records do, so the weight was not corrected. Check the payments in Stripe.",
  },
  reweigh_unconfirmed: {
    status: 409,
    message: 'The weight is corrected, but the payment provider has not confirmed the money yet. Press Correct again in a moment to finish it.',
  },
  reweigh_refund_failed: {
    status: 409,
    message: (v: { reason: string; refundedCents: number }) =>
      `The weight is corrected, but the payment provider refused the refund (${v.reason}). ${v.refundedCents > 0 ? `${formatCents(v.refundedCents)} of it was refunded; refund` : 'Refund'} the rest from the Refund button.`,
  },
  // the final invoice (spec: customer-site 8; docs/design.md 5.5)
  invoice_not_found: { status: 404, message: 'Invoice not found or invalid link.' },
  invoice_not_ready: { status: 409, message: 'Your bill is not ready yet: we send the link once your laundry is weighed.' },
  invalid_tip: { status: 400, message: (v: { message: string }) => v.message, field: 'tipCents' },
  invalid_weight_question: { status: 400, message: (v: { message: string }) => v.message, field: 'note' },

  // the photo of the scale (docs/design.md 5.5 transparent weighing; docs/design.md 9, files)
  scale_photo_missing: { status: 400, message: 'Choose a photo of the scale reading.', field: 'photo' },
  scale_photo_type: { status: 415, message: 'The photo must be a JPEG, PNG or WebP image.', field: 'photo' },
  scale_photo_too_large: { status: 413, message: (v: { maxMegabytes: number }) => `The photo is too large: ${v.maxMegabytes} MB at most.`, field: 'photo' },
  scale_photo_locked: { status: 409, message: 'The customer has approved this bill: its photo can no longer change.' },
  scale_photo_cancelled: { status: 409, message: 'This booking is cancelled.' },
  no_scale_photo: { status: 404, message: 'There is no photo of the scale for this booking.' },

  // the contact form's messages (back office)
  message_not_found: { status: 404, message: 'Message not found.' },
  // the outbox (back office)
  outbox_message_not_found: { status: 404, message: 'Message not found.' },
  outbox_message_pruned: { status: 409, message: "This message's text was removed after the time messages are kept, so it cannot be sent again." },
  not_resendable: { status: 409, message: (v: { status: string }) => `Only a failed or kept message can be sent again (this one is ${v.status}).` },

  // promo codes: spec customer-site 5, "Invalid Promo Code" / "Please check your promo code and try again."
  // promo codes managed in Settings (decision 055)
  promo_code_taken: { status: 409, message: 'That code exists already: choose another.', field: 'code' },
  promo_code_not_found: { status: 404, message: 'Promo code not found.' },
  promo_code_ended: { status: 409, message: 'This code has ended and cannot be paused or resumed: create a new one.' },
  promo_invalid: { status: 400, message: 'Please check your promo code and try again.', field: 'promoCode' },
  promo_expired: { status: 422, message: 'This promo code has expired.', field: 'promoCode' },
  promo_used_up: { status: 422, message: 'This promo code has been used up.', field: 'promoCode' },
  promo_used_by_customer: { status: 422, message: 'You have already used this promo code.', field: 'promoCode' },
  promo_not_eligible: { status: 422, message: (v: { code: string }) => `${v.code} is for first-time customers only.`, field: 'promoCode' },

  // gift cards: docs/design.md 9, an unknown code and a spent one answer alike, so a guess learns nothing
  gift_card_invalid: {
    status: 400,
    message: 'This gift card code is not valid or has no balance left. Please check the code and try again.',
    field: 'giftCardCode',
  },
  // decision 064: a gift card paying what is due leaves nothing, or at least what a card can take
  gift_card_leaves_too_little: {
    status: 400,
    message: giftCardLeavesTooLittle,
    field: 'giftCardCode',
  },
  // buying a gift card (spec: customer-site 8, "Gift-card purchase failure")
  gift_card_payment_failed: { status: 409, message: 'Failed to create gift card payment. Please try again.' },
  gift_card_delivery_date: { status: 400, message: 'Choose a delivery date from today to a year from now.', field: 'deliver_on' },
  gift_card_purchase_not_found: { status: 404, message: 'We could not find this gift card purchase. Please check the link, or call us.' },
  // the back office's Gift Cards view
  gift_card_not_found: { status: 404, message: 'Gift card not found.' },
  gift_card_no_recipient: { status: 409, message: 'This gift card has no recipient email to send it to.' },

  // the staff tools and invoices (spec: back-office 5, 8)
  invoice_no_services: { status: 400, message: 'Please add laundry weight, services, or add-ons.' },
  manual_invoice_not_found: { status: 404, message: 'Invoice not found.' },
  subscription_not_found: { status: 404, message: 'Subscription not found.' },
  subscription_ended: { status: 409, message: 'This subscription has ended: start a new one to bill this client again.' },
  invoice_too_large: { status: 400, message: 'An invoice comes to $100,000.00 at most: check the pounds, prices and quantities.' },
  bad_invoice_link: { status: 403, message: 'This payment link is not valid. Please use the link in your invoice email, or call us.' },
  invoice_paid_already: { status: 409, message: 'This invoice is already paid. Thank you!' },
  invoice_already_paid: { status: 409, message: (v: { paidOn: string }) => `This invoice was already marked paid on ${v.paidOn}.` },
  // decision 019: Mark Paid and the card payment exclude each other
  invoice_paid_online: { status: 409, message: 'The client has paid this invoice online by card: there is nothing to mark. Reload the list to see it.' },
  invoice_checkout_unconfirmed: {
    status: 409,
    message: "The card payment service did not answer, so the client's card payment link could not be closed first. Nothing was marked paid: please try again in a moment.",
  },
  invoice_being_paid_now: { status: 409, message: 'The client is opening a card payment for this invoice right now. Nothing was marked paid: please try again in a minute.' },

  // "My orders" (decision 021): every fault of a link reads the same, and so does another's order
  orders_link_invalid: { status: 400, message: `This sign-in link is not valid or has expired. Ask for a new one below: each link works once, for ${signInLinkMinutes} minutes.` },
  orders_signed_out: { status: 401, message: 'Please sign in to see your orders.' },
  order_not_found: { status: 404, message: 'Order not found.' },
  reschedule_not_open: { status: 409, message: 'Only a booked pick-up that has not been picked up yet can be moved.' },
  reschedule_too_late: { status: 409, message: (v: { phone: string; freeCancellationHours: number }) => `It is too late to move this pick-up online: that is possible up to ${v.freeCancellationHours} ${v.freeCancellationHours === 1 ? 'hour' : 'hours'} before its window starts. Please call us at ${v.phone}.` },
  reschedule_same_window: { status: 400, message: 'That is already your pick-up time: choose another day or window.', field: 'pickupTime' },
  reschedule_window_full: { status: 409, message: 'That pick-up window is full. Please choose another time or day.', field: 'pickupTime' },
  details_nothing_upcoming: {
    status: 409,
    message: (v: { freeCancellationHours: number }) =>
      `You have no booked pick-up that can still change: details can change up to ${v.freeCancellationHours} ${v.freeCancellationHours === 1 ? 'hour' : 'hours'} before a pick-up window starts. Your next booking takes the details you enter then.`,
  },
  details_phone_is_sign_in: { status: 400, message: 'You signed in with this phone number, so it stays as it is here. To change it, sign in with your email address.', field: 'phone' },
  erase_open_orders: {
    status: 409,
    message: (v: { confirmations: string[]; phone: string }) =>
      `Your data can be deleted once every order is finished and paid. Still open: ${v.confirmations.join(', ')}. Cancel an upcoming pick-up first, or call us at ${v.phone}.`,
  },
  erase_invoices_open: { status: 409, message: (v: { phone: string }) => `You have an unpaid invoice or a running subscription with us. Please call us at ${v.phone} to settle it first; then you can delete your data here.` },
  series_needs_booking: { status: 409, message: 'Only a booked pick-up can be repeated.' },
  series_needs_card: { status: 409, message: 'A regular pick-up needs a card saved with the booking: each one holds its estimate on that card. Book with a card, then repeat it.' },
  series_exists: { status: 409, message: 'This pick-up already repeats. Manage it from the link in its email or from Your orders.' },
  series_not_found: { status: 404, message: 'This regular pick-up was not found. The link may be incomplete.' },
  series_nothing_to_skip: { status: 409, message: 'No pick-up of this series is booked yet: the next one is booked a few days ahead, then you can skip it.' },
  series_stopped: { status: 409, message: 'This regular pick-up is stopped. Book again to start a new one.' },
  delivery_not_open: { status: 409, message: 'The delivery time can be chosen once the laundry is picked up, until it is out for delivery.' },
  delivery_window_not_offered: { status: 400, message: 'That delivery time is not one you can choose: pick one of the times listed.', field: 'dueBackTime' },
  reschedule_window_started: { status: 400, message: 'That window has already started today. Please choose a later one.', field: 'pickupTime' },

  // a stop's photos and a missed pick-up (decision 057)
  stop_photo_missing: { status: 400, message: 'Take or choose a photo first.', field: 'photo' },
  stop_photo_type: { status: 415, message: 'The photo must be a JPEG, PNG or WebP image.', field: 'photo' },
  stop_photo_too_large: { status: 413, message: (v: { maxMegabytes: number }) => `The photo is too large: ${v.maxMegabytes} MB at most.`, field: 'photo' },
  stop_photo_kind: { status: 404, message: 'Photos are of a pick-up, a delivery or a missed pick-up.' },
  stop_photo_not_open: { status: 409, message: (v: { message: string }) => v.message },
  no_stop_photo: { status: 404, message: 'There is no such photo for this order.' },
  staff_move_same_window: { status: 400, message: 'That is already its pick-up time: choose another day or window.', field: 'pickupTime' },
  staff_details_not_open: { status: 409, message: 'Only a pick-up still to come can have its details changed here: this order is picked up, delivered or cancelled.' },
  missed_pickup_not_open: { status: 409, message: 'Only a pick-up still to do can be reported missed: this order is already picked up, delivered or cancelled.' },
  missed_pickup_photo_needed: { status: 409, message: 'Take a photo of the door or the pick-up spot first: it shows the customer why the fee was charged.' },
  missed_pickup_not_found: { status: 404, message: 'No missed pick-up was reported for this order.' },
  missed_pickup_decided: { status: 409, message: (v: { status: string }) => `This missed pick-up was already ${v.status}.` },
  no_show_fee_not_waivable: { status: 409, message: 'Only a no-show fee the card paid can be given back.' },
  // the laundry pros, their payouts and their portal, in a file of their own
  ...proErrors,
} as const satisfies Record<string, CatalogueEntry>;

/** What a refused rate limit says (docs/design.md 9), by what was tried. */
export const rateLimitWordings = {
  requests: 'Too many requests, please try again in a few minutes.',
  attempts: 'Too many attempts. Please wait a minute and try again.',
  gift_card_attempts: 'Too many gift card attempts. Please wait a minute and try again.',
} as const;
export type RateLimitWording = keyof typeof rateLimitWordings;

/** What a 500 says: not a domain error, so not in the table (the log has the cause). */
export const internalErrorMessage = 'Something went wrong on our side. Please try again.';

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function pounds(tenths: number): string {
  return (tenths / 10).toFixed(1);
}

export type ErrorCode = keyof typeof errorCatalogue;
type Catalogue = typeof errorCatalogue;
type ValuesOf<C extends ErrorCode> = Catalogue[C]['message'] extends (values: infer V) => string ? [values: V] : [];

/** The message of a code, with its values filled in. */
export function errorMessage<C extends ErrorCode>(code: C, ...values: ValuesOf<C>): string {
  const message: CatalogueEntry['message'] = errorCatalogue[code].message;
  return typeof message === 'function' ? (message as (v: unknown) => string)(values[0]) : message;
}

/** The codes whose message takes no values. */
export type PlainCode = { [C in ErrorCode]: ValuesOf<C> extends [] ? C : never }[ErrorCode];

/** The catalogue's error for a code: `throw domainError('admin_not_found')`. */
export function domainError<C extends ErrorCode>(code: C, ...values: ValuesOf<C>): DomainError {
  const entry: CatalogueEntry = errorCatalogue[code];
  const message = errorMessage(code, ...values);
  return new DomainError(entry.status, code, message, entry.field ? { [entry.field]: message } : undefined);
}

/**
 * The catalogue's error on a field known only at run time (http.ts: the input that holds a NUL):
 * the field shows the message, and the message names the field ('_' is the request itself).
 */
export function fieldError(code: PlainCode, field: string): DomainError {
  const message = errorMessage(code);
  return new DomainError(errorCatalogue[code].status, code, field === '_' ? message : `${field}: ${message}`, { [field]: message });
}

/** The catalogue's error for a refused pick-up day or ZIP (src/shared/pickup-rules.ts). */
export function pickupRefused(refusal: PickupRefusal): DomainError {
  switch (refusal.code) {
    case 'pickup_date_too_far':
      return domainError(refusal.code, refusal.values);
    case 'pickup_day_not_served':
      return domainError(refusal.code, refusal.values);
    case 'pickup_window_started':
      return domainError(refusal.code, refusal.values);
    case 'pickup_date_closed':
      return domainError(refusal.code, refusal.values);
    case 'zip_not_served':
      return domainError(refusal.code, refusal.values);
    default:
      return domainError(refusal.code);
  }
}

/** The catalogue's rate_limited, with the seconds until the window that refused it ends. */
export function rateLimited(wait: RateLimitWording, retryAfterSeconds: number): RateLimited {
  return new RateLimited(errorMessage('rate_limited', { wait }), retryAfterSeconds);
}
