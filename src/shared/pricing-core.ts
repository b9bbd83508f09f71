// The integer helpers every money rule is built on (src/shared/pricing*.ts): guards that refuse a
// fraction of a cent, exact half-up division, and sums of price lines.
// ---------------------------------------------------------------------------------------------
// Guards and integer helpers
// ---------------------------------------------------------------------------------------------

export function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

export function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be an integer, got ${value}`);
  }
}

/** a / b rounded to the nearest integer, halves up, for a >= 0 and b > 0 (exact integer arithmetic). */
export function divideRoundHalfUp(a: number, b: number): number {
  const n = 2 * a + b;
  const d = 2 * b;
  return (n - (n % d)) / d;
}

/** weightTenths x centsPerPound, rounded to the nearest cent (half up). */
export function weightTimesRateCents(weightTenths: number, centsPerPound: number): number {
  return divideRoundHalfUp(weightTenths * centsPerPound, 10);
}

export function sumTotals(lines: readonly { totalCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}
