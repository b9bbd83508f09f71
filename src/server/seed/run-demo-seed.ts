// `npm run seed`: the demo data (bookings over several weeks, gift cards, a contact message, and
// the development promo codes TEST1 and FREE) into the configured database, if it holds no
// bookings yet. Never in production (DESIGN.md 9).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoPromoCodes } from '../promo-codes/promo-codes.service';
import { seedDemoData } from './demo-seed';

const config = loadConfig();
if (config.isProduction) {
  console.error('The demo seed never runs in production.');
  process.exit(2);
}
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const added = await seedDemoData(database.db, config.timeZone);
  await seedDemoPromoCodes(database.db);
  console.log(added ? `Seeded ${added} demo bookings, the demo gift cards and promo codes.` : 'The database already has bookings: left as it is.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
