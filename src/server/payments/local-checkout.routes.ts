// The local gateway's own pages (offline default, never in production): a hosted-looking card
// form, the simulated authentication step, and Connect onboarding. Plain server-rendered HTML.
import { Hono, type Context } from 'hono';
import { business } from '../../shared/business';
import { escapeHtml as esc } from '../../shared/html';
import { formatCents } from '../../shared/money';
import type { LocalGateway, PayResult } from '../gateways/payment/local-gateway';
import type { CardInput } from '../gateways/payment/local-test-cards';
import { GatewayError } from '../gateways/payment/payment-gateway';
import { errorMessage } from '../error-catalogue';
import type { AppEnv } from '../http';

const style = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.brand{display:flex;justify-content:space-between;align-items:center;font-weight:700;margin-bottom:1rem}
.test{font-size:.75rem;font-weight:700;background:#fef3c7;color:#78350f;border-radius:999px;padding:.15rem .6rem}
h1{font-size:1.125rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:800;margin:.25rem 0 1rem}
p{margin:.25rem 0;color:#334155;font-size:.9rem}label{display:block;font-size:.85rem;font-weight:600;margin:.9rem 0 .3rem}
input{width:100%;font-size:1rem;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem}input[aria-invalid=true]{border-color:#b91c1c}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:.75rem}.err{color:#b91c1c;font-size:.85rem;margin-top:.3rem}
.alert{background:#fef2f2;border:1px solid #fecaca;color:#7f1d1d;border-radius:.5rem;padding:.75rem;margin:1rem 0;font-size:.9rem}
button{width:100%;margin-top:1.25rem;font-size:1rem;font-weight:700;padding:.8rem;border:0;border-radius:.5rem;background:#0e7490;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0f172a;border:1px solid #94a3b8;margin-top:.75rem}
a{color:#0e7490;font-weight:600}.cancel{display:block;text-align:center;margin-top:1rem}
.hint{font-size:.8rem;color:#475569;margin-top:1rem}code{background:#f1f5f9;padding:0 .25rem;border-radius:.25rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(
  session: { id: string; amountTotal: number; description: string; customerEmail: string; purpose: string },
  state: { error?: string; fields?: Partial<Record<keyof CardInput, string>>; values?: Partial<CardInput> } = {},
) {
  const f = state.fields ?? {};
  const v = state.values ?? {};
  const field = (name: keyof CardInput, label: string, attrs: string) =>
    `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${esc(name === 'number' || name === 'cvc' ? '' : (v[name] ?? ''))}" ${attrs}${
      f[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>${f[name] ? `<div class="err" id="${name}-error">${esc(f[name]!)}</div>` : ''}</div>`;
  return page(
    `Pay ${business.name}`,
    `<div class="card">
      <div class="brand"><span>${esc(business.name)}</span><span class="test">TEST MODE</span></div>
      <h1>${esc(session.description)}</h1>
      <div class="amount">${formatCents(session.amountTotal)}</div>
      <p>${session.purpose === 'booking' ? 'Your card is authorized for this estimate now and charged the actual amount after we weigh your laundry.' : 'Your card is charged now.'}</p>
      <p>Receipt to ${esc(session.customerEmail)}</p>
      ${state.error ? `<div class="alert" role="alert">${esc(state.error)}</div>` : ''}
      <form method="post" action="/dev/checkout/${esc(session.id)}/pay" novalidate>
        ${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
        <div class="row">
          ${field('expiry', 'Expiry', 'autocomplete="cc-exp" placeholder="MM/YY"')}
          ${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}
          ${field('zip', 'ZIP', 'inputmode="numeric" autocomplete="postal-code" placeholder="29072"')}
        </div>
        <button type="submit">Pay ${formatCents(session.amountTotal)}</button>
      </form>
      <a class="cancel" href="/dev/checkout/${esc(session.id)}/cancel">Cancel and return to ${esc(business.name)}</a>
      <p class="hint">Local test checkout: <code>4242 4242 4242 4242</code> pays, <code>4000 0000 0000 0002</code> is declined, <code>4000 0025 0000 3155</code> asks for authentication, <code>4000 0000 0000 0341</code> fails later off-session charges. Any future expiry, any CVC.</p>
    </div>`,
  );
}

export function localCheckoutRoutes(deps: { gateway: LocalGateway }) {
  const { gateway } = deps;
  const missing = (c: Context<AppEnv>) =>
    c.html(page('Checkout not found', '<div class="card"><h1>Checkout not found</h1><p>This payment link does not exist or has expired.</p><a href="/">Return to the site</a></div>'), 404);

  const answer = async (c: Context<AppEnv>, sessionId: string, result: PayResult, values?: Partial<CardInput>) => {
    if (result.outcome === 'paid') return c.redirect(result.redirectUrl, 303);
    if (result.outcome === 'authenticate') return c.redirect(`/dev/checkout/${encodeURIComponent(sessionId)}/authenticate`, 303);
    const session = await gateway.sessionForPage(sessionId);
    if (!session) return missing(c);
    return c.html(
      checkoutPage(session, result.outcome === 'invalid' ? { fields: result.fields, values, error: 'Please check your card details.' } : { error: result.message, values }),
      result.outcome === 'invalid' ? 400 : 402,
    );
  };

  return new Hono<AppEnv>()
    .get('/dev/checkout/:id', async (c) => {
      const session = await gateway.sessionForPage(c.req.param('id'));
      if (!session) return missing(c);
      if (session.status === 'complete') return c.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
      if (session.status === 'expired') return c.html(page('Checkout expired', '<div class="card"><h1>This checkout has expired</h1><p>Nothing was charged.</p><a href="/book">Start a new booking</a></div>'), 410);
      return c.html(checkoutPage(session));
    })
    .post('/dev/checkout/:id/pay', async (c) => {
      const id = c.req.param('id');
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).slice(0, 40) : '');
      const card: CardInput = { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), zip: text('zip') };
      return answer(c, id, await gateway.pay(id, card), { expiry: card.expiry, zip: card.zip });
    })
    .get('/dev/checkout/:id/authenticate', async (c) => {
      const session = await gateway.sessionForPage(c.req.param('id'));
      if (!session?.pendingCard) return missing(c);
      const action = `/dev/checkout/${esc(session.id)}/authenticate`;
      return c.html(
        page(
          'Authenticate your payment',
          `<div class="card"><div class="brand"><span>Your bank</span><span class="test">TEST MODE</span></div>
           <h1>Confirm this payment</h1><div class="amount">${formatCents(session.amountTotal)}</div>
           <p>Your bank asks you to confirm a payment to ${esc(business.name)} with the card ending ${esc(session.pendingCard.last4)}.</p>
           <form method="post" action="${action}"><input type="hidden" name="result" value="approve"><button type="submit">Complete authentication</button></form>
           <form method="post" action="${action}"><input type="hidden" name="result" value="fail"><button class="secondary" type="submit">Fail authentication</button></form></div>`,
        ),
      );
    })
    .post('/dev/checkout/:id/authenticate', async (c) => {
      const id = c.req.param('id');
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      return answer(c, id, await gateway.authenticate(id, form.result === 'approve'));
    })
    .get('/dev/checkout/:id/cancel', async (c) => {
      const id = c.req.param('id');
      const url = await gateway.cancelUrl(id);
      if (!url) return missing(c);
      // cancelling closes the checkout at once (docs/design.md 9); a paid or expired one stays as it is
      await gateway.expireCheckout(id).catch((err: unknown) => {
        if (!(err instanceof GatewayError)) throw err;
      });
      return c.redirect(url, 303);
    })
    .get('/dev/connect/:accountId', async (c) => {
      const returnUrl = sitePath(c.req.query('return_url'));
      if (returnUrl === null) return badReturnPath(c);
      const account = await gateway.retrieveConnectedAccount(c.req.param('accountId')).catch(() => null);
      if (!account) return c.html(page('Not found', '<div class="card"><h1>Account not found</h1></div>'), 404);
      return c.html(
        page(
          'Set up payouts',
          `<div class="card"><div class="brand"><span>Payouts for ${esc(business.name)}</span><span class="test">TEST MODE</span></div>
           <h1>Set up your payout account</h1><p>This local page stands in for the payment provider's onboarding.</p>
           <form method="post" action="/dev/connect/${esc(account.id)}/complete"><input type="hidden" name="return_url" value="${esc(returnUrl)}"><button type="submit">Complete onboarding</button></form></div>`,
        ),
      );
    })
    .post('/dev/connect/:accountId/complete', async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      // checked before anything happens: a refused address completes nothing
      const back = sitePath(typeof form.return_url === 'string' ? form.return_url : undefined);
      if (back === null) return badReturnPath(c);
      const account = await gateway.completeOnboarding(c.req.param('accountId')).catch(() => null);
      if (!account) return c.html(page('Not found', '<div class="card"><h1>Account not found</h1></div>'), 404);
      return c.redirect(back, 303);
    });
}

/**
 * Where the local onboarding page sends staff back to (decision 038): a path of this site only (an
 * absolute address, as Stripe is given, keeps its path), or null. Browsers drop tabs and newlines
 * from an address and read a backslash as a slash, so `/\t/evil.example` would be `//evil.example`,
 * another site: any backslash, space or control character is refused, before and after parsing,
 * and a newline never reaches the Location header.
 */
function sitePath(value: string | undefined): string | null {
  if (!value) return '/admin';
  if (isSitePath(value)) return value;
  if (hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = `${url.pathname}${url.search}`;
  return isSitePath(path) ? path : null;
}

/** One slash, then anything but a second slash or a backslash; nothing unsafe anywhere. */
const isSitePath = (path: string) => path.startsWith('/') && path[1] !== '/' && !hasUnsafeCharacter(path);

const hasUnsafeCharacter = (text: string) => [...text].some((ch) => ch === '\\' || ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f);

const badReturnPath = (c: Context<AppEnv>) =>
  c.html(page('Not a page of this site', `<div class="card"><h1>Not a page of this site</h1><p>${esc(errorMessage('dev_bad_return_path'))}</p><a href="/admin">Return to the back office</a></div>`), 400);
