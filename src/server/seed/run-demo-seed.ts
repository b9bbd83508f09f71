// `npm run seed`: the demo data (bookings over several weeks, booked and paid through the site's
// own services on the local payment gateway; gift cards, a contact message, and the development
// promo codes TEST1 and FREE) into the configured database, if it holds no bookings yet. Never in
// production (docs/design.md 9).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLocalGateway } from '../gateways/payment/local-gateway';
import { seedDemoPromoCodes } from '../promo-codes/promo-codes.service';
import { seedDemoData } from './demo-seed';
import { wirePaymentHandlers } from '../payment-wiring';

const config = loadConfig();
if (config.isProduction) {
  console.error('The demo seed never runs in production.');
  process.exit(2);
}
// decision 051: the payments' handlers, as the app registers them when it starts
wirePaymentHandlers();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  // the gateway the server will use: with Stripe configured the demo bookings are left out
  const gateway = config.stripe
    ? (await import('../gateways/payment/stripe-gateway')).createStripeGateway({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret })
    : createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: config.publicUrl });
  const started = performance.now();
  const seeded = await seedDemoData(database.db, gateway, config);
  await seedDemoPromoCodes(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (seeded.skipped) console.log(seeded.skipped);
  else console.log(seeded.bookings ? `Seeded ${seeded.bookings} demo bookings, the demo gift cards and promo codes in ${seconds} s.` : 'The database already has bookings: left as it is.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
