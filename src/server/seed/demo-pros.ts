// The demo's laundry pros (decision 017, 018): one whose payment account is ready, one whose setup
// is pending, one without an account; each made, onboarded, assigned and paid through the site's
// own services, so every button on their cards works on them.
import { eq } from 'drizzle-orm';
import { laundryPros } from '../db/schema';
import { createLaundryPro, getLaundryPro } from '../laundry-pros/laundry-pros.service';
import { checkProAccount, startProOnboarding } from '../laundry-pros/pro-accounts.service';
import { payOutPro } from '../payouts/payouts.service';
import { demoSeedActor, type DemoServices } from './demo-journey';

export const demoPros = [
  { name: 'Maria Santos', email: 'maria.pro@example.com', phone: '(803) 555-0142', perPoundRateCents: 75, account: 'ready' },
  { name: 'Dev Patel', email: 'dev.pro@example.com', phone: '(803) 555-0177', perPoundRateCents: 80, account: 'pending' },
  { name: 'Keisha Brown', email: 'keisha.pro@example.com', phone: '', perPoundRateCents: 75, account: 'none' },
] as const;

/** Makes the demo pros and their payment accounts; answers their ids in demoPros' order. */
export async function seedDemoPros(services: DemoServices, now: Date): Promise<string[]> {
  const { db, gateway, config } = services;
  const ctx = { actor: demoSeedActor, now, timeZone: config.timeZone };
  const ids: string[] = [];
  for (const p of demoPros) {
    const { pro } = await createLaundryPro(db, { name: p.name, email: p.email, phone: p.phone, perPoundRateCents: p.perPoundRateCents, hourlyRateCents: 0, notes: '', status: 'active' }, ctx);
    ids.push(pro.id);
    if (p.account === 'none') continue;
    await startProOnboarding(db, gateway, pro.id, { actor: demoSeedActor, publicUrl: config.publicUrl });
    if (p.account === 'ready') {
      // the pro finishes the local gateway's onboarding page; staff press Check Status
      const [row] = await db.select({ accountId: laundryPros.stripeAccountId }).from(laundryPros).where(eq(laundryPros.id, pro.id));
      await gateway.completeOnboarding(row!.accountId!);
      await checkProAccount(db, gateway, pro.id);
    }
  }
  return ids;
}

/** Pays the ready pro what they have earned so far (the rest of the demo's weighings stay unpaid). */
export async function payDemoPro(services: DemoServices, proId: string, now: Date) {
  const card = await getLaundryPro(services.db, proId);
  if (card.unpaid.totalCents === 0) return;
  await payOutPro(services.db, services.gateway, proId, { requestKey: `demo-seed-payout-${proId}`, expectedCents: card.unpaid.totalCents }, { actor: demoSeedActor, now });
}
