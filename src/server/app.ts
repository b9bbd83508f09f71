// Builds the Hono app from its parts; tests call it in-process, main.ts serves it.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { passwordResetLinkMinutes } from '../shared/link-lifetimes';
import type { Config } from './config';
import type { Database } from './db/client';
import { domainError, internalErrorMessage } from './error-catalogue';
import { DomainError, errorBody, RateLimited } from './errors';
import { noStore, type AppEnv } from './http';
import type { Logger } from './logger';
import { pathForLog } from './log-redaction';
import { bookingRoutes } from './bookings/bookings.routes';
import type { BookingCheckout } from './payments/checkout';
import { contactRoutes } from './contact/contact.routes';
import { customerOrderRoutes } from './customer-orders/customer-orders.routes';
import { customerPageRoutes } from './customers/customer-page.routes';
import { createLocalGateway, type LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import { giftCardLookupLimit, giftCardRoutes } from './gift-cards/gift-cards.routes';
import { giftCardSaleRoutes, staffGiftCardRoutes } from './gift-card-sales/gift-card-sales.routes';
import { localCheckoutRoutes } from './payments/local-checkout.routes';
import { paymentRoutes, webhookPath } from './payments/payments.routes';
import { createBookingCheckout } from './payments/checkout.service';
import { wirePaymentHandlers } from './payment-wiring';
import { checkoutReturnRoutes } from './bookings/checkout-return.routes';
import { amountDueRoutes } from './bookings/amount-due.routes';
import { phoneOrderRoutes } from './bookings/phone-order.routes';
import { invoiceRoutes } from './bookings/invoice.routes';
import { ratingRoutes } from './ratings/ratings.routes';
import { cancellationRoutes } from './bookings/cancellation.routes';
import { clockCookie, clockOffsetOf, createClock, withClockOffset } from './clock';
import { getCookie } from 'hono/cookie';
import { proxyRule } from './client-address';
import { devMailRoutes } from './notifications/dev-mail.routes';
import { smsRoutes } from './inbound-sms/sms.routes';
import { adminRoutes, requireStaff } from './admins/admins.routes';
import { staffBookingRoutes } from './bookings/staff-bookings.routes';
import { messageRoutes } from './contact/messages.routes';
import { outboxRoutes } from './notifications/outbox.routes';
import type { Auth, LoadAuth } from './admins/auth';
import { authRoutes } from './admins/auth.routes';
import { queueEmail } from './notifications/send-email';
import { rateLimit, type Limit } from './rate-limit';
import { healthRoutes } from './health/health.routes';
import { isDatabaseUnavailable } from './db/unavailable';
import { createSchemaWatch } from './db/schema-version';
import { devRoutes } from './dev/dev.routes';
import { isLoopbackHostHeader, isLoopbackRequest, loopbackOnly } from './dev/loopback';
import { createMetrics } from './metrics/metrics';
import { fileEndpoints } from '../shared/endpoints';
import { scalePhotoRoutes } from './bookings/scale-photo.routes';
import { stopRoutes } from './bookings/stops.routes';
import { laundryProRoutes } from './laundry-pros/laundry-pros.routes';
import { proPortalPath, proRole } from './admins/staff-roles';
import { invoicePayRoutes, staffInvoiceRoutes } from './invoices/invoices.routes';
import { payoutRoutes } from './payouts/payouts.routes';
import { requirePro } from './pro-portal/pro-guard';
import { proEmailRoutes, proInviteRoutes, proPortalRoutes } from './pro-portal/pro-portal.routes';
import { portalOnProfileSaved } from './pro-portal/pro-access.service';
import { createFileStore } from './gateways/files/create-file-store';
import type { FileStore } from './gateways/files/file-store';
import { createPageServer, inlineScriptHashes, referrerPolicyFor } from './pages/pages';
import { createSiteRenderer } from './pages/site-renderer';
import { seriesRoutes } from './series/series.routes';
import { reportRoutes } from './reports/reports.routes';
import { settingsRoutes } from './settings/settings.routes';
import { promoCodeRoutes } from './promo-codes/promo-codes.routes';
import { exportRoutes } from './exports/exports.routes';
import { runSeriesJob } from './jobs';
import { isDraining, trackRequest } from './job-status';
import { writeBackup } from './backup/backup';

export const maxBodyBytes = 64 * 1024;
// the photo uploads, each with a body limit of its own (scale-photo.routes.ts, stop-photo-http.ts)
const photoUploadPaths = [fileEndpoints.uploadScalePhoto.path, fileEndpoints.uploadProStopPhoto.path].map((path) => new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}$`));

export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  gateway: PaymentGateway;
  /** Staff auth: an instance (tests), or how to load it when first needed (main.ts); by default loaded then. */
  auth?: Auth | LoadAuth;
  checkout?: BookingCheckout;
  /** Where scale photos are kept; by default what the configuration names (docs/design.md 9, files). */
  files?: FileStore;
  now?: () => Date;
};

/**
 * Staff sign-in; the password-reset email goes through the outbox like every other. better-auth is
 * imported here, when staff auth is first made, not with the app (LoadAuth, docs/decisions/007).
 */
export async function createStaffAuth(config: Config, database: Database, logger: Logger): Promise<Auth> {
  const { createAuth } = await import('./admins/auth');
  return createAuth({
    db: database.db,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    logger,
    sendResetPassword: async ({ email, name, url, role }) => {
      const dedupeKey = `password-reset:${email}:${Date.now()}`;
      // a pro's link opens their portal's page (decision 018)
      if (role === proRole) await queueEmail(database.db, 'proPasswordLink', { name, url, portalUrl: `${config.publicUrl}${proPortalPath}`, linkMinutes: passwordResetLinkMinutes }, { to: email, dedupeKey });
      else await queueEmail(database.db, 'passwordReset', { name, url, linkMinutes: passwordResetLinkMinutes }, { to: email, dedupeKey });
    },
  });
}

/** Staff auth made with the first call, then the same instance: a LoadAuth. */
export function lazyStaffAuth(config: Config, database: Database, logger: Logger): LoadAuth {
  let made: Promise<Auth> | undefined;
  return () => {
    if (!made) {
      made = createStaffAuth(config, database, logger);
      made.catch(() => (made = undefined)); // a failed load is tried again by the next request
    }
    return made;
  };
}

/**
 * Stripe when it is configured, else the local gateway (refused in production by config). The
 * stripe SDK is imported only when it is used.
 */
export async function createPaymentGateway(config: Config, database: Database): Promise<PaymentGateway> {
  if (config.stripe) {
    const { createStripeGateway } = await import('./gateways/payment/stripe-gateway');
    return createStripeGateway({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret, ...config.stripe.api });
  }
  return createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: config.publicUrl });
}

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createApp(deps: AppDeps) {
  // decision 051: each capability's payment handlers, registered before anything can pay
  wirePaymentHandlers();
  const { config, database, logger } = deps;
  const db = database.db;
  // outside production the clock can be moved (POST /dev/clock) to try time rules in a browser
  const clock = createClock();
  const now = deps.now ?? clock.now;
  // rate limits count real time (or a test's injected clock), never the movable development clock
  const limitNow = deps.now ? () => deps.now!().getTime() : undefined;
  const notify = { publicUrl: config.publicUrl, secret: config.sessionSecret, clock: now, timeZone: config.timeZone };
  const given = deps.auth;
  const auth: LoadAuth = typeof given === 'function' ? given : given ? async () => given : lazyStaffAuth(config, database, logger);
  const gateway = deps.gateway;
  const checkout = deps.checkout ?? createBookingCheckout({ db, gateway });
  const files = deps.files ?? createFileStore(config.files);
  const app = new Hono<AppEnv>();
  const metrics = createMetrics(db);
  // decision 044: outside production a caller's own requests can run on a moved clock (POST
  // /dev/clock with scope "caller" sets the cookie); the process clock is untouched
  if (!config.isProduction)
    app.use('*', (c, next) => {
      const offset = clockOffsetOf(getCookie(c, clockCookie));
      return offset === null ? next() : withClockOffset(offset, next);
    });
  // decision 038: which proxies' X-Forwarded-For names the client
  const proxy = proxyRule(config.proxy);
  // docs/design.md 9: every anonymous write is limited per IP and per email/phone (an hour's window)
  const hourly = (name: string, max: number): Limit => ({ name, windowMs: 3_600_000, max, says: 'requests' });
  const limits = config.anonymousLimits;
  const giftCardLookups = giftCardLookupLimit(config.giftCardValidatePerMinute);
  // a quote per IP: three times its bookings, for the promo and gift-card codes tried before one (decision 037)
  const bookingLimits = { perIp: hourly('booking-ip', limits.bookingsPerIp), perCustomer: hourly('booking-customer', limits.bookingsPerCustomer), quotesPerIp: hourly('quote-ip', limits.bookingsPerIp * 3), giftCardLookups };
  // "My orders" sign-in links (decision 021): per IP and per address; opening one, per IP
  const orderLinkLimits = {
    perIp: hourly('orders-link-ip', limits.orderLinksPerIp),
    perAddress: hourly('orders-link-address', limits.orderLinksPerAddress),
    opensPerIp: hourly('orders-open-ip', limits.orderLinksPerIp * 3),
    changes: hourly('orders-change-customer', limits.orderChangesPerCustomer),
  };
  const contactLimits = { perIp: hourly('contact-ip', limits.contactPerIp), perEmail: hourly('contact-email', limits.contactPerEmail) };
  // a gift-card purchase counts like a booking (per IP, per purchaser email); the success page's
  // look-up polls 6 times (spec: customer-site 9), so a minute's limit well above that
  const giftCardSaleLimits = {
    perIp: hourly('gift-card-purchase-ip', limits.bookingsPerIp),
    perEmail: hourly('gift-card-purchase-email', limits.bookingsPerCustomer),
    lookups: { name: 'gift-card-purchase-lookup', windowMs: 60_000, max: 60, says: 'requests' } satisfies Limit,
  };

  // shutting down (main.ts) waits for every request being worked on, and each answer then closes
  // its connection, so keep-alive clients move on
  app.use((c, next) =>
    trackRequest(async () => {
      await next();
      if (isDraining()) c.header('connection', 'close');
    }),
  );
  app.use(requestId());
  app.use(async (c, next) => {
    const log = logger.child({ requestId: c.var.requestId });
    c.set('log', log);
    c.set('proxyRule', proxy);
    const started = performance.now();
    await next();
    // by the route's pattern, never the path with its ids and tokens (decision 061)
    metrics.observe(c.req.method, matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched', c.res.status, (performance.now() - started) / 1000);
    // a checkout session or a token in the path is logged by its name (decision 039)
    log.info(
      { method: c.req.method, path: pathForLog(c.req.path, c.req.param() as Record<string, string>), status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  // security headers on every response, page, API or error (docs/design.md 6; asserted in
  // security-headers.test.ts): HSTS only in production, no inline script but the hashed ones
  app.use(
    secureHeaders({
      // a year, for this host only: the business's other hosts (its shop's site, its mail) may not
      // all be on HTTPS, and a longer promise outlives a domain's move (docs/deploy.md 6)
      strictTransportSecurity: config.isProduction ? 'max-age=31536000' : false,
      referrerPolicy: false, // per page, below
      xFrameOptions: 'DENY',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.staticDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the weight dialog's preview of the photo chosen (docs/design.md 9, files)
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    }),
  );
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('Referrer-Policy', referrerPolicyFor(c.req.path));
  });
  // every body the app reads: the API (webhooks and inbound texts included) and the dev pages
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json(errorBody(domainError('payload_too_large', { kilobytes: maxBodyBytes / 1024 })), 413),
  });
  // no API answer is cached, refusals (413, 429, 401...) included: staff sessions, a customer's
  // orders and every answer a link's token opens (docs/design.md 6, decisions 021 and 038)
  app.use('/api/*', noStore);
  // decision 061: a release older than the database's schema (a newer one deployed beside it) reads
  // but writes nothing: its writes are answered 503, and the newer instances take them
  const schema = createSchemaWatch(db);
  app.use('/api/*', async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && (await schema.state()).outdated) throw domainError('release_outdated');
    return next();
  });
  app.use('/api/*', (c, next) => (c.req.method === 'PUT' && photoUploadPaths.some((p) => p.test(c.req.path)) ? next() : limitBody(c, next)));
  app.use('/dev/*', limitBody);

  // staff sign-in (better-auth), rate-limited per IP
  app.use(
    '/api/auth/*',
    rateLimit({ db, name: 'staff-sign-in', windowMs: 60_000, max: config.authAttemptsPerMinute, says: 'attempts', now: limitNow }),
  );
  app.route('/', authRoutes({ auth, db }));

  // one guard, deny by default, in front of every staff endpoint (docs/design.md 6)
  app.use('/api/admin/*', requireStaff({ db, auth, publicUrl: config.publicUrl }));
  // and one in front of the pro portal's (decision 018): a pro's session, and only that
  app.use('/api/pro/*', requirePro({ db, auth, publicUrl: config.publicUrl }));

  const api = app
    .route('/', healthRoutes({ database, schema }))
    .route('/', adminRoutes({ db, auth, publicUrl: config.publicUrl, timeZone: config.timeZone }))
    .route('/', staffBookingRoutes({ db, gateway, files, notify, timeZone: config.timeZone, now }))
    .route('/', scalePhotoRoutes({ db, files, now }))
    .route('/', stopRoutes({ db, files, gateway, notify, now }))
    .route('/', laundryProRoutes({ db, gateway, publicUrl: config.publicUrl, timeZone: config.timeZone, now, portal: portalOnProfileSaved({ publicUrl: config.publicUrl }) }))
    .route('/', payoutRoutes({ db, gateway, now }))
    .route('/', proInviteRoutes({ db, auth }))
    .route('/', staffInvoiceRoutes({ db, gateway, timeZone: config.timeZone, publicUrl: config.publicUrl, secret: config.sessionSecret, now }))
    .route('/', reportRoutes({ db, now, timeZone: config.timeZone }))
    .route('/', exportRoutes({ db, timeZone: config.timeZone, now }))
    .route('/', settingsRoutes({ db }))
    .route('/', promoCodeRoutes({ db, timeZone: config.timeZone, now }))
    .route('/', proPortalRoutes({ db, files, timeZone: config.timeZone, now, notify }))
    .route('/', proEmailRoutes({ db, now, limitNow, perIp: hourly('pro-email-confirm-ip', limits.orderLinksPerIp * 3) }))
    .route('/', messageRoutes({ db }))
    .route('/', customerPageRoutes({ db }))
    .route('/', outboxRoutes({ db }))
    .route('/', contactRoutes({ db, limits: contactLimits }))
    .route('/', customerOrderRoutes({ db, files, publicUrl: config.publicUrl, secret: config.sessionSecret, timeZone: config.timeZone, secureCookie: config.isProduction, limits: orderLinkLimits, now, limitNow, notify }))
    .route('/', seriesRoutes({ db, gateway, notify, timeZone: config.timeZone, now, limitNow, perIp: hourly('series-ip', limits.orderLinksPerIp * 3) }))
    .route('/', giftCardRoutes({ db, lookups: giftCardLookups, now: limitNow }))
    .route('/', giftCardSaleRoutes({ db, gateway, notify, limits: giftCardSaleLimits }))
    .route('/', staffGiftCardRoutes({ db, notify }))
    .route('/', paymentRoutes({ db, gateway, notify }))
    .route('/', checkoutReturnRoutes({ db, gateway, notify, limitNow }))
    .route('/', cancellationRoutes({ db, gateway, notify, timeZone: config.timeZone, now, limitNow }))
    .route('/', amountDueRoutes({ db, gateway, notify, giftCardLookups, now, limitNow }))
    .route('/', phoneOrderRoutes({ db, gateway, notify, timeZone: config.timeZone, now, limitNow }))
    .route('/', invoicePayRoutes({ db, gateway, notify, limitNow }))
    .route('/', invoiceRoutes({ db, gateway, notify, files, now, giftCardLookups, limitNow }))
    .route('/', ratingRoutes({ db, notify, now, limitNow, perMinute: limits.orderLinksPerIp * 3 }))
    .route('/', smsRoutes({ db, gateway, notify, authToken: config.smsAuthToken, timeZone: config.timeZone, now }))
    .route(
      '/',
      bookingRoutes({
        db,
        limits: bookingLimits,
        checkout,
        publicUrl: config.publicUrl,
        notify,
        rules: { timeZone: config.timeZone, now },
      }),
    );

  if (!config.isProduction) {
    // docs/decisions/012: only this machine reaches the development pages
    app.use('/dev/*', loopbackOnly);
    app.route('/', devMailRoutes({ db }));
    app.route('/', devRoutes({ db, auth, clock, backup: (out) => writeBackup(database, out, { filesDir: config.files.kind === 'disk' ? config.files.dir : null, passphrase: config.backup.passphrase }), runSeries: () => runSeriesJob({ db, gateway, timeZone: config.timeZone, notify, now }) }));
  }

  if (gateway.kind === 'local' && !config.isProduction) {
    const local = gateway as LocalGateway;
    app.route('/', localCheckoutRoutes({ gateway: local }));
    // the local gateway's signed events reach the same webhook endpoint Stripe's would
    local.setDelivery(async (rawBody, signature) => {
      const res = await app.request(webhookPath, {
        method: 'POST',
        body: rawBody,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    });
  }

  // decision 061: Prometheus's scrape, for this machine or the holder of METRICS_TOKEN; anyone else finds nothing
  app.get('/metrics', async (c) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
    const byToken = config.metricsToken !== null && bearer !== undefined && safeEqual(bearer, config.metricsToken);
    if (!byToken && !(isLoopbackRequest(c) && isLoopbackHostHeader(c))) throw domainError('page_not_found');
    return c.text(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });

  app.all('/api/*', () => {
    throw domainError('not_found');
  });
  const site = createSiteRenderer(db, config.staticDir, logger);
  // the first visitor does not wait for the server bundle to load and the pages to render
  void site();
  const pages = createPageServer(config.staticDir, site);
  app.all('*', (c) => pages(c));

  app.onError((err, c) => {
    if (err instanceof RateLimited) c.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof DomainError) {
      if (err.status === 503) c.header('retry-after', '30');
      return c.json(errorBody(err), err.status);
    }
    const log = c.var.log ?? logger;
    // decision 061: the database down or not answering is the server's moment, not a bug: 503, try again
    if (isDatabaseUnavailable(err)) {
      log.error({ err }, 'the database did not answer');
      c.header('retry-after', '30');
      return c.json(errorBody(domainError('database_unavailable')), 503);
    }
    log.error({ err }, 'unexpected error');
    return c.json(
      { error: { code: 'internal', message: internalErrorMessage, requestId: c.var.requestId } },
      500,
    );
  });

  return api;
}

export type App = ReturnType<typeof createApp>;
