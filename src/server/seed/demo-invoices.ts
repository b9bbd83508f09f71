// The demo's invoices (decision 019): an office's manual invoice paid by hand, a gym's one past its
// due date, and a monthly subscription, each sent through the staff tools' own services, so the
// Invoices tab, its filters, Mark Paid and the subscription's buttons work on them.
import { addDays, todayIn } from '../../shared/dates';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { markInvoicePaid } from '../invoices/invoice-collection.service';
import { sendManualInvoice, sendSubscriptionInvoice } from '../invoices/invoices.service';
import { demoSeedActor } from './demo-journey';

export async function seedDemoInvoices(db: Db, gateway: PaymentGateway, config: Config, now: Date) {
  const today = todayIn(config.timeZone, now);
  const ctx = { actor: demoSeedActor, now, timeZone: config.timeZone, publicUrl: config.publicUrl, secret: config.sessionSecret };
  const base = { clientPhone: '', clientAddress: '', notes: '', pricePerPoundCents: 140, addOns: [], customLines: [], taxCents: 0 };
  const office = await sendManualInvoice(db, { ...base, clientName: 'Lexington Dental Office', clientEmail: 'billing@lexingtondental.example', dueDate: addDays(today, -10), poundsTenths: 350, customLines: [{ description: 'Towel folding', quantity: 2, unitPriceCents: 500 }], taxCents: 245 }, ctx);
  await markInvoicePaid({ db, gateway, notify: { publicUrl: config.publicUrl, secret: config.sessionSecret } }, office.invoice.id, ctx);
  await sendManualInvoice(
    db,
    { ...base, clientName: 'Gilbert Fitness', clientEmail: 'front.desk@gilbertfitness.example', dueDate: addDays(today, -3), poundsTenths: 200, addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }], taxCents: 250 },
    ctx,
  );
  await sendSubscriptionInvoice(
    db,
    { clientName: 'Pelion Bed & Breakfast', clientEmail: 'stay@pelionbnb.example', clientPhone: '(803) 555-0166', clientAddress: '12 Main St, Pelion, SC 29123', notes: 'Linens picked up on Mondays.', description: 'Weekly linen service', monthlyPriceCents: 24000, taxCents: 1920, startDate: today, billingDay: 1 },
    ctx,
  );
}
