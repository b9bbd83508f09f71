// A gift card's code as staff read it (docs/design.md 9: staff never read a card's code): its last 4
// characters only, to tell cards apart, behind a mask of one length for every code (so the mask
// does not tell a code's length either).
export function maskGiftCardCode(code: string): string {
  return code.length >= 8 ? `${'•'.repeat(8)}${code.slice(-4)}` : '•'.repeat(8);
}
