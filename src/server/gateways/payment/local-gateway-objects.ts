// What the local payment gateway keeps (docs/design.md 5.10): its stored objects,
// the conversions to the gateway's answers, and the one table it keeps them in.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { preparedStatement, type Prepared } from '../../db/prepared';
import { localGatewayObjects } from '../../db/schema';
import type { CardBehaviour } from './local-test-cards';
import { GatewayError, type CheckoutSession, type ConnectedAccount, type CreateCheckoutInput, type PaymentIntent } from './payment-gateway';

export const authorisationLifetimeDays = 7;

export type StoredSession = CheckoutSession & {
  purpose: CreateCheckoutInput['purpose'];
  successUrl: string;
  cancelUrl: string;
  description: string;
  customerEmail: string;
  expiresAt: string;
  /** Card waiting for the simulated authentication step. */
  pendingCard?: { last4: string; behaviour: CardBehaviour };
};
export type StoredIntent = Omit<PaymentIntent, 'captureBefore' | 'latestChargeId'> & {
  captureBefore: string | null;
  captureMethod: 'manual' | 'automatic';
  /** What transfers have taken from this payment's charge (their source_transaction). */
  transferredCents?: number;
};

/** The charge of a payment: one per payment intent here, named after it (`ch_local_<hex>` for `pi_local_<hex>`). */
export function chargeIdOf(intentId: string): string {
  return intentId.replace(/^pi_/, 'ch_');
}
export function intentIdOfCharge(chargeId: string): string | null {
  return /^ch_/.test(chargeId) ? chargeId.replace(/^ch_/, 'pi_') : null;
}
export type StoredPaymentMethod = { id: string; customerId: string; last4: string; behaviour: CardBehaviour };
export type StoredAccount = ConnectedAccount & { email: string };

export function id(prefix: string) {
  return `${prefix}_local_${randomBytes(12).toString('hex')}`;
}

/**
 * A new payment intent for a card: held for capture (manual; as Stripe, the hold lapses
 * `authorisationLifetimeDays` after it was made) or captured at once.
 */
export function newIntent(input: { amountCents: number; manual: boolean; at: Date; customerId: string; paymentMethodId: string; metadata: Record<string, string> }): StoredIntent {
  const { amountCents, manual } = input;
  return {
    id: id('pi'),
    status: manual ? 'requires_capture' : 'succeeded',
    amount: amountCents,
    amountCapturable: manual ? amountCents : 0,
    amountReceived: manual ? 0 : amountCents,
    amountRefunded: 0,
    captureBefore: manual ? new Date(input.at.getTime() + authorisationLifetimeDays * 86_400_000).toISOString() : null,
    customerId: input.customerId,
    paymentMethodId: input.paymentMethodId,
    metadata: input.metadata,
    captureMethod: manual ? 'manual' : 'automatic',
  };
}

export function toIntent(s: StoredIntent): PaymentIntent {
  const { captureMethod: _captureMethod, transferredCents: _transferred, ...rest } = s;
  // a charge exists once the card was authorised or charged (as Stripe's latest_charge)
  const charged = s.status === 'requires_capture' || s.status === 'succeeded' || (s.status === 'canceled' && s.captureMethod === 'manual');
  return { ...rest, captureBefore: s.captureBefore ? new Date(s.captureBefore) : null, latestChargeId: charged ? chargeIdOf(s.id) : null };
}

export function toSession(s: StoredSession): CheckoutSession {
  return {
    id: s.id,
    url: s.url,
    status: s.status,
    paymentStatus: s.paymentStatus,
    paymentIntentId: s.paymentIntentId,
    customerId: s.customerId,
    amountTotal: s.amountTotal,
    metadata: s.metadata,
  };
}

/** Reads and writes the gateway's objects, each a JSON document under its id and kind. */
export function localStore() {
  async function get<T>(tx: Db | Tx, kind: string, objectId: string, lock = false): Promise<T | null> {
    // every id this gateway gives out is `<prefix>_local_<hex>`: anything else (a NUL, which
    // PostgreSQL text can't even hold) is simply not one of its objects
    if (!/^[A-Za-z0-9_]{1,255}$/.test(objectId)) return null;
    if (lock) {
      const rows = rowsOf<{ data: T }>(
        await tx.execute(sql`select data from local_gateway_objects where id = ${objectId} and kind = ${kind} for update`),
      );
      return rows[0]?.data ?? null;
    }
    const [row] = await tx
      .select({ data: localGatewayObjects.data })
      .from(localGatewayObjects)
      .where(and(eq(localGatewayObjects.id, objectId), eq(localGatewayObjects.kind, kind)));
    return (row?.data as T | undefined) ?? null;
  }

  async function put<T extends { id: string }>(tx: Db | Tx, kind: string, data: T): Promise<T> {
    await tx
      .insert(localGatewayObjects)
      .values({ id: data.id, kind, data })
      .onConflictDoUpdate({ target: localGatewayObjects.id, set: { data } });
    return data;
  }

  async function must<T>(tx: Db | Tx, kind: string, objectId: string, lock = false): Promise<T> {
    const found = await get<T>(tx, kind, objectId, lock);
    if (!found) throw new GatewayError(`No such ${kind}: '${objectId}'`, 'resource_missing');
    return found;
  }

  /**
   * An effect that is one new object, under an idempotency key, in one statement: the key is
   * taken with its reply and the object stored, or, when the key was taken before, its first
   * reply is answered and nothing is written.
   */
  async function createOnce<T extends { id: string }, R>(db: Db, key: string, kind: string, object: T, reply: R): Promise<R> {
    const rowId = `idem:${key}`;
    type Answer = { data: { result?: R; error?: { message: string; code: string } } };
    const values = { rowId, reply: JSON.stringify({ result: reply }), objectId: object.id, kind, object: JSON.stringify(object) };
    let [row] = (await createOnceStatement(db).execute(values)) as Answer[];
    // the same key at the same moment: the statement waited for the other one and began before
    // its commit, so it sees neither row; the committed reply is there now
    row ??= rowsOf<Answer>(await db.execute(sql`select data from local_gateway_objects where id = ${rowId}`))[0];
    if (!row) throw new Error(`idempotency key ${key}: no reply recorded`);
    // a key first used by another call that was refused answers that refusal again
    if (row.data.error) throw new GatewayError(row.data.error.message, row.data.error.code);
    return row.data.result as R;
  }

  /** The object of this kind made by the call that carried this operation key in its metadata, and owned by `owner` (a field and its value). */
  async function findByOperationKey<T>(db: Db, kind: string, operationKey: string, owner: [field: string, value: string]): Promise<T | null> {
    const rows = rowsOf<{ data: T }>(
      await db.execute(
        sql`select data from local_gateway_objects where kind = ${kind} and data->'metadata'->>'operation_key' = ${operationKey} and data->>${owner[0]} = ${owner[1]} limit 1`,
      ),
    );
    return rows[0]?.data ?? null;
  }

  return { get, put, must, createOnce, findByOperationKey };
}

/**
 * createOnce's statement, prepared once (db/prepared.ts): the key taken with its reply and the
 * object stored, or, when the key was taken before, its first reply read back.
 */
function createOnceStatement(db: Db): Prepared {
  return preparedStatement(db, 'local-gateway-create-once', (name) => {
    const p = (placeholder: string) => sql.placeholder(placeholder);
    const taken = db.$with('taken', { data: localGatewayObjects.data }).as(
      sql`insert into local_gateway_objects (id, kind, data) values (${p('rowId')}, 'idempotency', ${p('reply')}::jsonb)
        on conflict (id) do nothing
        returning data`,
    );
    const stored = db.$with('stored', {}).as(
      sql`insert into local_gateway_objects (id, kind, data) select ${p('objectId')}, ${p('kind')}, ${p('object')}::jsonb from taken`,
    );
    // the answer is the reply just taken, else the one stored before
    const answered = sql`(select data from taken
      union all
      select data from local_gateway_objects where id = ${p('rowId')} and not exists (select 1 from taken)) as answered`;
    return db
      .with(taken, stored)
      .select({ data: sql`data` })
      .from(answered)
      .prepare(name);
  });
}
