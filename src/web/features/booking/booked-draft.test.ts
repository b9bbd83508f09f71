import { describe, expect, it } from "vitest";
import { bookedChannel as announcedOn, forgetBookedDraft, wizardStorageKey } from "./booked-draft";
import { bookedChannel, storageKey } from "./booking-draft";
import { pageRoutes } from "../../../shared/routes";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("the wizard forgets a booking once it stands (docs/design.md 5.1)", () => {
  it("clears the storage the wizard saves to", () => {
    expect(wizardStorageKey).toBe(storageKey);
  });

  it("/book starts at once when the tab keeps a draft there (decision 066)", () => {
    expect(pageRoutes.find((r) => r.path === "/book")?.resumeKey).toBe(storageKey);
  });

  it("announces the booking where the wizard's tab listens", () => {
    expect(announcedOn).toBe(bookedChannel);
  });

  it("once per booking: a new booking typed since stays, the next booking clears it", () => {
    const storage = memoryStorage();
    storage.setItem(storageKey, '{"step":4}');
    forgetBookedDraft("booking-1", storage);
    expect(storage.getItem(storageKey)).toBeNull();
    // Book Another Pickup, a new draft, then back to the first confirmation
    storage.setItem(storageKey, '{"step":2}');
    forgetBookedDraft("booking-1", storage);
    expect(storage.getItem(storageKey)).toBe('{"step":2}');
    forgetBookedDraft("booking-2", storage);
    expect(storage.getItem(storageKey)).toBeNull();
  });

  it("a storage that refuses changes nothing and throws nothing", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => forgetBookedDraft("booking-1", refusing)).not.toThrow();
  });
});
