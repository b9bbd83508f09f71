import { chromium, request } from '@playwright/test';

const base = 'http://127.0.0.1:4400';
const out = '/tmp/shots';
const day = (() => {
  const d = new Date();
  for (let i = 2; i < 20; i++) {
    const x = new Date(d.getTime() + i * 86400000);
    if ([1, 3, 5].includes(x.getUTCDay())) return x.toISOString().slice(0, 10);
  }
  return '';
})();

async function main() {
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const boot = await (await api.post('/dev/bootstrap-admin', { data: { email: 'owner@shot.example' } })).json();
  let r = await api.post('/api/auth/sign-in/email', { data: { email: 'owner@shot.example', password: boot.temporaryPassword } });
  r = await api.post('/api/admin/me/password', { data: { currentPassword: boot.temporaryPassword, newPassword: 'a-long-new-password-1' } });
  console.log('password', r.status());
  const pro = (await (await api.post('/api/admin/pros', { data: { name: 'Rosa Diaz', email: 'rosa@shot.example' } })).json()).pro;
  const book = async (name: string, email: string, extra: Record<string, unknown>) => {
    const res = await api.post('/api/bookings', { data: { bookingData: { name, email, phone: '(803) 555-0177', address: '12 Corley Mill Rd', city: 'Lexington', zipCode: '29072', pickupDate: day, pickupTime: '8am-12pm', pickupLocation: 'front-door', bagQuantity: 2, termsAccepted: true, ...extra } } });
    const body = await res.json();
    const session = new URL(body.url).pathname.split('/').pop();
    await api.post(`/dev/checkout/${session}/pay`, { form: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '29072' }, maxRedirects: 0 });
    await new Promise((ok) => setTimeout(ok, 800));
    return body.booking_id as string;
  };
  const a = await book('Dana Smith', 'dana@shot.example', { rushDelivery: true, oxiClean: true });
  const b = await book('Lee Park', 'lee@shot.example', { pickupTime: '12pm-4pm' });
  await api.post(`/api/admin/bookings/${b}/laundry-pro`, { data: { laundryProId: pro.id } });
  console.log('picked', (await api.post(`/api/admin/bookings/${a}/status`, { data: { status: 'in-progress' } })).status());
  await api.storageState({ path: '/tmp/shot-state.json' });

  // the customer's orders: sign in by the emailed link
  const anon = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  await anon.post('/api/orders/sign-in-link', { data: { address: 'dana@shot.example' } });
  await new Promise((ok) => setTimeout(ok, 500));
  const list = await (await api.get('/dev/mail')).text();
  const row = list.split('<tr>').find((x) => x.includes('dana@shot.example') && x.includes('orders_sign_in_link'));
  const id = row?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
  const html = await (await api.get(`/dev/mail/${id}`)).text();
  const link = (html.match(/href="(http[^"]*\/orders\?token=[^"]*)"/)?.[1] ?? '').replace(/&amp;/g, '&');

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const [w, h, tag] of [
    [375, 800, 'phone'],
    [1280, 900, 'desktop'],
  ] as const) {
    const staff = await browser.newContext({ storageState: '/tmp/shot-state.json', viewport: { width: w, height: h } });
    const p = await staff.newPage();
    await p.goto(`${base}/admin?q=Dana`);
    await p.waitForTimeout(2500);
    await p.screenshot({ path: `${out}/bookings-${tag}.png`, fullPage: true });
    await p.getByLabel(/Select Dana Smith/).check();
    await p.waitForTimeout(500);
    await p.screenshot({ path: `${out}/bulk-${tag}.png`, fullPage: false });
    await p.goto(`${base}/admin`);
    await p.getByRole('tab', { name: 'Day Board' }).click();
    await p.getByLabel('Day', { exact: true }).fill(day);
    await p.waitForTimeout(2000);
    await p.screenshot({ path: `${out}/board-${tag}.png`, fullPage: true });
    await p.addInitScript(() => {
      window.print = () => {};
    });
    await p.goto(`${base}/admin/print-tags?id=${a}&id=${b}`);
    await p.waitForTimeout(2000);
    await p.screenshot({ path: `${out}/tags-${tag}.png`, fullPage: true });
    await staff.close();
    const customer = await browser.newContext({ viewport: { width: w, height: h } });
    const c = await customer.newPage();
    await c.goto(link);
    await c.waitForTimeout(2500);
    const change = c.getByRole('button', { name: 'Change delivery time' });
    if (await change.count()) await change.first().click();
    await c.waitForTimeout(500);
    await c.screenshot({ path: `${out}/orders-${tag}.png`, fullPage: true });
    await customer.close();
  }
  await browser.close();
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
