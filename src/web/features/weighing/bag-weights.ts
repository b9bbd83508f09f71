// docs/design.md 5.5 transparent weighing: the bags weighed one by one in the weight dialog. All empty:
// no bag weights (the total alone, as before); all filled: their sum is the actual weight; some:
// the staff member is asked for the rest. The server checks the same (weighing.service.ts).
import { MAX_POUNDS_PER_BAG } from '../../../shared/schemas/back-office';

export type BagWeights = { kind: 'none' } | { kind: 'all'; pounds: number[]; totalTenths: number } | { kind: 'error'; message: string };

export function readBagWeights(texts: readonly string[]): BagWeights {
  const filled = texts.map((t) => t.trim()).filter((t) => t !== '');
  if (filled.length === 0) return { kind: 'none' };
  if (filled.length < texts.length) return { kind: 'error', message: "Enter every bag's weight, or leave them all empty" };
  const pounds = filled.map(Number);
  if (pounds.some((w) => !Number.isFinite(w) || w <= 0)) return { kind: 'error', message: "Each bag's weight must be more than 0 lb" };
  if (pounds.some((w) => Math.abs(w * 10 - Math.round(w * 10)) > 1e-6)) return { kind: 'error', message: "Enter each bag's weight to 0.1 lb" };
  if (pounds.some((w) => w > MAX_POUNDS_PER_BAG)) return { kind: 'error', message: `At most ${MAX_POUNDS_PER_BAG} lb a bag` };
  const totalTenths = pounds.reduce((sum, w) => sum + Math.round(w * 10), 0);
  return { kind: 'all', pounds, totalTenths };
}
