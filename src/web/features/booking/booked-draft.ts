// A booking stands (its success page): the wizard in this tab forgets it, its submission key with
// it, so "Book Another Pickup", a reload or the way back to /book starts a new booking at step 1
// (docs/design.md 5.1: a paid submission is never sent again as a new one). Nothing of the paid order is
// kept: the tab may be a shared one, and "Repeat" in Your orders books the same again. Apart from
// booking-draft.ts so that /book does not load it (its budget, docs/decisions/009);
// booked-draft.test.ts proves that both name the same storage.

/** booking-draft.ts's `storageKey`. */
export const wizardStorageKey = "washday.booking.v1";
/** The booking this tab last forgot the wizard for. */
const bookedKey = "washday.booked.v1";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/** Once per booking, so a new booking typed since and a return to its confirmation keep the new one. */
export function forgetBookedDraft(
  bookingId: string,
  storage: Storage = window.sessionStorage,
) {
  try {
    if (storage.getItem(bookedKey) === bookingId) return;
    storage.setItem(bookedKey, bookingId);
    storage.removeItem(wizardStorageKey);
  } catch {
    // storage blocked: nothing was kept either
  }
}

/** Where a confirmation page tells the tab that opened its checkout that the booking stands. */
export const bookedChannel = "washday.booked";

/** Tells every tab of this site that this booking is confirmed (the wizard's tab waits for it). */
export function announceBooked(bookingId: string) {
  try {
    const channel = new BroadcastChannel(bookedChannel);
    channel.postMessage({ booked: bookingId });
    channel.close();
  } catch {
    // no BroadcastChannel: the wizard's tab asks the server when it is shown again
  }
}
