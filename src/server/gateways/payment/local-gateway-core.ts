// The local payment gateway's core, which local-gateway.ts and its parts share: its store,
// transactions whose events are sent only after the commit, idempotency keys remembered with their
// replies, and the signed delivery of events to our webhook endpoint.
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { localGatewayObjects } from '../../db/schema';
import { id, localStore, type StoredIntent, type StoredSession } from './local-gateway-objects';
import { GatewayError, type GatewayEventType } from './payment-gateway';
import { signPayload } from './webhook-signature';

export type LocalCoreOptions = { db: Db; webhookSecret: string; publicUrl: string; now?: () => Date };
export type LocalCore = ReturnType<typeof createLocalCore>;
export type Emit = (type: GatewayEventType, object: Record<string, unknown>) => void;

export function createLocalCore(options: LocalCoreOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let deliver: ((rawBody: string, signature: string) => Promise<void>) | null = null;
  const inFlight = new Set<Promise<void>>();
  const store = localStore();

  /** A transaction whose events are sent only after it commits (a handler re-reads the state). */
  async function transact<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const events: [GatewayEventType, Record<string, unknown>][] = [];
    const result = await db.transaction((tx) => work(tx, (type, object) => events.push([type, object])));
    for (const [type, object] of events) emit(type, object);
    return result;
  }

  /**
   * The same key gives the same answer, once: the reply is stored with the effect, in one
   * transaction. A refused request is remembered too (as Stripe does for 4xx answers), and what
   * it changed before refusing (an expired authorisation marked canceled) is kept.
   */
  async function idempotent<T>(key: string, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const rowId = `idem:${key}`;
    const reply = await transact(async (tx, emit) => {
      // one statement takes the key or finds it, and locks its row until the commit either way
      const [held] = rowsOf<{ data: { result?: T; error?: { message: string; code: string } } }>(
        await tx.execute(
          sql`insert into local_gateway_objects (id, kind, data) values (${rowId}, 'idempotency', '{}'::jsonb) on conflict (id) do update set kind = excluded.kind returning data`,
        ),
      );
      if (held?.data.result !== undefined || held?.data.error) return held.data;
      let stored: { result?: T; error?: { message: string; code: string } };
      try {
        stored = { result: await work(tx, emit) };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        stored = { error: { message: err.message, code: err.code } };
      }
      await tx.update(localGatewayObjects).set({ data: stored }).where(eq(localGatewayObjects.id, rowId));
      return stored;
    });
    if (reply.error) throw new GatewayError(reply.error.message, reply.error.code);
    return reply.result as T;
  }

  function emit(type: GatewayEventType, object: Record<string, unknown>) {
    const event = { id: id('evt'), object: 'event', type, created: Math.floor(now().getTime() / 1000), data: { object } };
    const rawBody = JSON.stringify(event);
    const send = async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        if (!deliver) return;
        try {
          await deliver(rawBody, signPayload(options.webhookSecret, rawBody));
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
      }
    };
    const p = new Promise<void>((resolve) => setImmediate(() => void send().finally(resolve)));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  const intentObject = (pi: StoredIntent) => ({ id: pi.id, object: 'payment_intent', status: pi.status, metadata: pi.metadata });
  const sessionObject = (s: StoredSession) => ({
    id: s.id,
    object: 'checkout.session',
    status: s.status,
    payment_intent: s.paymentIntentId,
    metadata: s.metadata,
  });

  return {
    db,
    now,
    publicUrl: options.publicUrl,
    webhookSecret: options.webhookSecret,
    ...store,
    transact,
    idempotent,
    intentObject,
    sessionObject,
    setDelivery(fn: (rawBody: string, signature: string) => Promise<void>) {
      deliver = fn;
    },
    async flushEvents() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
