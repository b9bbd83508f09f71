// Demo data for development (`npm run seed`, and main.ts in development; never in production):
// bookings over several weeks in every status, each one booked, paid and moved by the site's own
// services on the local payment gateway (demo-journey.ts), so that every action works on it;
// gift cards a developer can type; promo codes; a contact message; laundry pros (demo-pros.ts);
// invoices and a subscription (demo-invoices.ts).
import { count, like, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { bookings, contactMessages, giftCards, rateLimitHits } from '../db/schema';
import type { LocalGateway } from '../gateways/payment/local-gateway';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { seedDemoPromoCodes } from '../promo-codes/promo-codes.service';
import { demoLimitPrefix, playDemoBooking } from './demo-journey';
import { seedDemoInvoices } from './demo-invoices';
import { payDemoPro, seedDemoPros } from './demo-pros';
import { bookingGiftCards, demoPlan } from './demo-plan';
import { readSettings } from '../settings/settings.service';

/** Demo gift cards with codes a developer can type (README lists them). */
export const demoGiftCards = [
  { code: 'WASHDAY25', amount: 3000, balance: 2500, recipientName: 'Demo Customer', message: 'Enjoy a laundry-free week!' },
  { code: 'HAPPY2WASH', amount: 10000, balance: 10000, recipientName: 'Demo Family', message: '' },
  { code: 'SPENTCARD', amount: 3000, balance: 0, recipientName: 'Demo Spent', message: '' },
] as const;

export type DemoSeedResult = {
  /** How many demo bookings were added (0 when the database already had bookings). */
  bookings: number;
  /** Why no bookings were seeded into an empty database, if so. */
  skipped: string | null;
};

export const stripeSkipMessage =
  'No demo bookings: they are paid on the local payment gateway, and Stripe is configured. The demo gift cards and promo codes are in.';

/**
 * The demo booking's creation date is the moment its customer booked (demo-plan.ts), but the
 * database stamps created_at with the time of the insert: it is set afterwards, in one statement.
 */
async function backdateCreation(db: Db, booked: { id: string; bookedAt: Date }[]) {
  if (booked.length === 0) return;
  const values = sql.join(
    booked.map((b) => sql`(${b.id}::uuid, ${b.bookedAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`update bookings set created_at = v.booked_at from (values ${values}) as v(id, booked_at) where bookings.id = v.id`);
}

async function seedGiftCards(db: Db) {
  const cards = [...demoGiftCards, ...bookingGiftCards.map((c) => ({ ...c, balance: c.amount }))];
  await db
    .insert(giftCards)
    .values(cards.map((c) => ({ ...c, purchaserEmail: 'owner@example.com', recipientEmail: 'demo@example.com' })))
    .onConflictDoNothing();
}

/**
 * Seeds the demo data into a database that has no bookings yet (so seeding twice adds nothing).
 * The bookings need the local gateway: its checkout is what authorises their cards.
 */
export async function seedDemoData(db: Db, gateway: PaymentGateway, config: Config): Promise<DemoSeedResult> {
  const [existing] = await db.select({ n: count() }).from(bookings);
  if ((existing?.n ?? 0) > 0) return { bookings: 0, skipped: null };
  // docs/design.md 9: TEST1 and FREE exist only in development; some demo bookings use them
  await seedDemoPromoCodes(db);
  await seedGiftCards(db);
  if (gateway.kind !== 'local') return { bookings: 0, skipped: stripeSkipMessage };

  const services = { db, gateway: gateway as LocalGateway, config };
  const { schedule, serviceArea } = (await readSettings(db)).settings;
  const plan = demoPlan(new Date(), { timeZone: config.timeZone, serviceWeekdays: schedule.serviceWeekdays, closedDates: schedule.closedDates, serviceZipCodes: serviceArea.zipCodes });
  // in the order the customers booked, as the site would have seen them
  plan.sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime());
  // the pros who take work (the ready one and the pending one) share the paid bookings in turn;
  // the ready one is paid once, half way through, so their card has paid and unpaid earnings
  const [ready, pending] = await seedDemoPros(services, plan[0]?.bookedAt ?? new Date());
  const proOf = (i: number) => (i % 3 === 2 ? null : i % 2 === 0 ? ready! : pending!);
  // paid after the first half of the ready pro's weighed jobs, whatever day the seed runs: some
  // of their earnings paid, some owed (a half way through the plan may fall after their last one)
  const readyWeighed = plan.flatMap((demo, i) => (proOf(i) === ready && (demo.status === 'completed' || demo.status === 'delivered') ? [i] : []));
  const payAfter = readyWeighed[Math.floor((readyWeighed.length - 1) / 2)];
  const booked: { id: string; bookedAt: Date }[] = [];
  for (const [i, demo] of plan.entries()) {
    booked.push({ id: await playDemoBooking(services, demo, proOf(i)), bookedAt: demo.bookedAt });
    if (i === payAfter) await payDemoPro(services, ready!, demo.weighedAt);
  }
  await backdateCreation(db, booked);
  await db.delete(rateLimitHits).where(like(rateLimitHits.key, `${demoLimitPrefix}%`));

  await db.insert(contactMessages).values({
    name: 'Laura Bennett',
    email: 'laura.bennett@example.com',
    phone: '(803) 555-0199',
    subject: 'Do you pick up in Chapin?',
    message: 'Hi! I live just outside Lexington towards Chapin. Could you still pick up on Fridays?',
  });
  await seedDemoInvoices(db, gateway, config, new Date());
  return { bookings: booked.length, skipped: null };
}
