// The laundry pros' part of the error catalogue (error-catalogue.ts, docs/decisions/046): their
// payouts, their assignments, their payment account and their portal.
import { formatCents } from '../shared/money';
import type { CatalogueEntry } from './errors';

export const proErrors = {
  // pro payouts (spec: back-office 8 'Failed to process payout.', 9; decision 018)
  payout_pro_not_found: { status: 404, message: 'Laundry pro not found.' },
  payout_account_not_ready: { status: 409, message: "This pro's Stripe account is not ready yet: finish the setup, then Check Status." },
  payout_nothing_unpaid: { status: 409, message: 'No pending payouts: this pro has nothing unpaid.' },
  payout_amount_changed: {
    status: 409,
    message: (v: { unpaidCents: number }) => `The unpaid amount is now ${formatCents(v.unpaidCents)}: the card has been refreshed. Check it and pay again.`,
  },
  payout_failed: {
    status: 409,
    message: (v: { reason: string | null }) =>
      `Failed to process payout: ${v.reason ?? 'the payment provider refused the transfer.'} Nothing was marked paid; the amount is still unpaid.`,
  },
  invalid_payout_request: { status: 400, message: 'Reload the Laundry Pros tab and press Pay Out again.' },
  // decision 018 (amended): a paid booking keeps its pro, so its earnings are never paid to two
  pro_already_paid: { status: 409, message: (v: { name: string | null }) => `Already paid to ${v.name ?? 'its pro'} for this booking; its laundry pro can no longer change.` },

  // the laundry pros and their assignments (spec: back-office 2, 4, 5; docs/design.md 5.7)
  laundry_pro_not_found: { status: 404, message: 'Laundry pro not found.' },
  pro_not_found: { status: 404, message: 'Laundry pro not found.', field: 'laundryProId' },
  assigned_pro_inactive: { status: 409, message: 'This laundry pro is inactive. Make them active on the Laundry Pros tab first.', field: 'laundryProId' },
  assignment_booking_cancelled: { status: 409, message: 'This booking is cancelled: it needs no laundry pro.' },
  confirm_weighed: { status: 409, message: 'This booking is already weighed: its payout moves to the new pro. Confirm to change the pro.' },
  weighed_keeps_pro: { status: 409, message: 'This booking is already weighed: its payout stays with a pro. Choose another pro instead of none.' },
  // a pro's payment account (spec: back-office 2 'Failed to create Stripe onboarding link.', 'Failed to check account status.')
  pro_email_needed: { status: 409, message: "Add the pro's email first: the payment provider's setup is in their name.", field: 'email' },
  pro_no_account: { status: 409, message: 'This pro has no payment account yet. Set it up first.' },
  pro_onboarding_refused: { status: 409, message: (v: { reason: string }) => `Failed to create Stripe onboarding link. ${v.reason}` },
  pro_onboarding_unavailable: { status: 409, message: 'Failed to create Stripe onboarding link. The payment provider did not answer. Please try again in a moment.' },
  pro_status_refused: { status: 409, message: (v: { reason: string }) => `Failed to check account status. ${v.reason}` },
  pro_status_unavailable: { status: 409, message: 'Failed to check account status. The payment provider did not answer. Please try again in a moment.' },

  // the pro portal (decision 018)
  pro_access_only: { status: 403, message: 'This page is for Washday laundry pros. Sign in with the account your invitation email set up.' },
  pro_access_disabled: { status: 403, message: 'Your pro portal access has been disabled. Please call us.' },
  pro_invite_email_needed: { status: 409, message: "Add the pro's email first: the invitation goes to it.", field: 'email' },
  pro_invite_email_taken: { status: 409, message: 'This email already belongs to another account. Give the pro their own email to invite them.', field: 'email' },
  pro_job_not_found: { status: 404, message: 'Job not found. It may have been given to another pro.' },
  // who keeps the portal, and its sign-in's email (decision 041)
  pro_inactive: { status: 403, message: 'Your pro portal closed when you were set inactive. Please call us if you are working with us again.' },
  pro_invite_inactive: { status: 409, message: 'This pro is inactive: set them active before inviting them to the portal.' },
  pro_portal_not_invited: { status: 409, message: 'This pro has no portal access to revoke: they were never invited.' },
  pro_email_link_invalid: { status: 400, message: 'This confirmation link is not valid or has expired. Ask us to save your new email on your profile again for a fresh link.', field: 'token' },
  pro_email_taken: { status: 409, message: 'This email already belongs to another account, so your sign-in keeps its email. Please call us.' },
  on_my_way_not_open: { status: 409, message: '“On my way” is for a pick-up still to do, or a delivery once it is out for delivery.' },
  pro_step_not_open: { status: 409, message: (v: { message: string }) => v.message },
  progress_not_open: { status: 409, message: (v: { message: string }) => v.message, field: 'stage' },
  invalid_statement_year: { status: 400, message: 'Choose a year like 2026.', field: 'year' },
} as const satisfies Record<string, CatalogueEntry>;
