// Development-only endpoints (never mounted in production, and only for this machine:
// docs/decisions/012): the first master admin of a fresh database, the movable clock, the
// recurring pick-ups' job on that clock, and the demo promo codes and gift cards a test server needs.
import { Hono } from 'hono';
import { z } from 'zod';
import { countStaff, createFirstMasterAdmin } from '../admins/admins.service';
import type { LoadAuth } from '../admins/auth';
import { deleteCookie, setCookie } from 'hono/cookie';
import { clockCookie, type Clock } from '../clock';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import { parseJsonBody, type AppEnv } from '../http';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { seedDemoPromoCodes } from '../promo-codes/promo-codes.service';

const devBootstrapSchema = z.object({ email: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'Send { "email": "..." } with an email address').max(254) });
const devGiftCardSchema = z.object({ amountCents: z.number().int('amountCents: whole cents').min(100).max(100_000) });
const devBackupSchema = z.object({ out: z.string().min(1).max(1000).refine((p) => p.startsWith('/'), 'out: an absolute folder') });
const devClockSchema = z.object({
  now: z.iso.datetime({ offset: true, message: 'now must be an ISO date-time or null' }).nullable(),
  /** decision 044: "caller" moves the clock of the caller's own requests (a cookie), "server" the process's */
  scope: z.enum(['server', 'caller'], { message: 'scope must be "server" or "caller"' }).default('server'),
});

export function devRoutes(deps: { db: Db; auth: LoadAuth; clock: Clock; runSeries: () => Promise<{ made: number; issues: number }>; backup: (out: string) => Promise<string> }) {
  const { db, auth, clock } = deps;
  return (
    new Hono<AppEnv>()
      // the first master admin of a fresh development or test database (refused once staff exist)
      .post('/dev/bootstrap-admin', async (c) => {
        const { email } = await parseJsonBody(c, devBootstrapSchema);
        if ((await countStaff(db)) > 0) throw domainError('staff_exist');
        const created = await createFirstMasterAdmin(db, await auth(), { email });
        return c.json({ email, temporaryPassword: created.temporaryPassword }, 201);
      })
      // moves the time rules (cut-offs, expiries), not the rate limits: they count real time
      .post('/dev/clock', async (c) => {
        const body = await parseJsonBody(c, devClockSchema);
        if (body.scope === 'caller') {
          if (body.now) setCookie(c, clockCookie, String(new Date(body.now).getTime() - Date.now()), { path: '/', httpOnly: true, sameSite: 'Lax' });
          else deleteCookie(c, clockCookie, { path: '/' });
          return c.json({ now: (body.now ? new Date(body.now) : new Date()).toISOString() });
        }
        clock.set(body.now ? new Date(body.now) : null);
        return c.json({ now: clock.now().toISOString() });
      })
      // `npm run backup` while this server holds the PGlite data directory (decision 025)
      .post('/dev/backup', async (c) => {
        const { out } = await parseJsonBody(c, devBackupSchema);
        return c.json({ file: await deps.backup(out) }, 201);
      })
      // recurring pick-ups' job now, on the movable clock (the background job runs on real time)
      .post('/dev/series/run', async (c) => c.json(await deps.runSeries()))
      // the development seed's promo codes (TEST1, FREE) for a test server started without demo data
      .post('/dev/demo-promo-codes', async (c) => c.json({ added: await seedDemoPromoCodes(db) }))
      // a fresh gift card of a given amount, for a test server started without demo data
      .post('/dev/gift-cards', async (c) => {
        const { amountCents } = await parseJsonBody(c, devGiftCardSchema);
        const card = await insertGiftCard(db, { amount: amountCents });
        return c.json({ code: card.code, balanceCents: card.balance }, 201);
      })
  );
}
