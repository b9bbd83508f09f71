// A customer who deleted their data (decision 022) leaves their orders behind without their
// details; their email and phone keys become one-way digests, so a first-time offer still counts
// them once (promo codes) while nothing on the row names them any more.
import { createHash } from 'node:crypto';

/** The digest an erased booking keeps in place of a customer key ('' stays ''). */
export function erasedKey(kind: 'email' | 'phone', key: string): string {
  if (!key || isErasedKey(key)) return key;
  return `erased:${createHash('sha256').update(`${kind}:${key}`).digest('hex').slice(0, 40)}`;
}

/** Whether a booking's customer erased their data (its email key is a digest). */
export function isErasedKey(key: string): boolean {
  return key.startsWith('erased:');
}
