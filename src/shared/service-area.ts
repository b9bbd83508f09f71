// The service area's rule, the one of the pick-up rules the wizard runs in the browser (it warns
// about a ZIP the business does not serve); the server refuses the booking by the same rule.
// spec: customer-site 1. Plain code, no schema: the booking page loads it.

export const zipNotServed = (v: { zip: string }) => `Sorry, we don't pick up in ${v.zip} yet`;

export type ZipRefusal = { field: 'zipCode'; code: 'zip_not_served'; message: string; values: { zip: string } };

/** The ZIP's first five digits, or null while it has fewer. */
export const zip5 = (zip: string): string | null => /^\s*(\d{5})/.exec(zip)?.[1] ?? null;

/** null when the ZIP is in the service area (or not yet a ZIP at all: the form checks that), else the refusal. */
export function checkServiceZip(zip: string, serviceZipCodes: readonly string[]): ZipRefusal | null {
  const five = zip5(zip);
  if (!five || serviceZipCodes.includes(five)) return null;
  return { field: 'zipCode', code: 'zip_not_served', message: zipNotServed({ zip: five }), values: { zip: five } };
}
