// Buying a gift card (anonymous) and the back office's Gift Cards view (behind the /api/admin guard
// of app.ts): parse, call one service function, answer.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { clientIp, parseJsonBody, parseQuery, uuidParam, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit, type Limit } from '../rate-limit';
import { giftCardPurchaseStatus, listStaffGiftCards, purchaseGiftCard, resendGiftCardEmail, type GiftCardPurchaseLimits } from './gift-card-sales.service';

/** A checkout session id as the gateways make them (cs_…): anything else is simply not found. */
const sessionIdPattern = /^[A-Za-z0-9_]{1,255}$/;

export function giftCardSaleRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; limits: GiftCardPurchaseLimits & { lookups: Limit } }) {
  const { db, gateway, notify, limits } = deps;
  return new Hono<AppEnv>()
    .post(contracts.createGiftCardPurchase.path, async (c) => {
      const form = await parseJsonBody(c, contracts.createGiftCardPurchase.body);
      const log = c.var.log;
      const answer = await purchaseGiftCard(db, gateway, form, {
        limits,
        ip: clientIp(c),
        publicUrl: notify.publicUrl,
        timeZone: notify.timeZone,
        now: notify.clock?.(),
        onGatewayError: (err) => log.warn({ err }, 'the gateway did not open a gift-card checkout'),
      });
      log.info({ sessionId: answer.session_id, amount: form.amount }, 'gift-card checkout opened');
      return c.json(answer, 201);
    })
    // counted on the app's clock, as the purchase's limits are (a test's fixed clock: one window)
    .get(contracts.getGiftCardPurchase.path, rateLimit({ db, ...limits.lookups, ...(notify.clock ? { now: () => notify.clock!().getTime() } : {}) }), async (c) => {
      const sessionId = c.req.param('sessionId') ?? '';
      if (!sessionIdPattern.test(sessionId)) throw domainError('gift_card_purchase_not_found');
      return c.json(await giftCardPurchaseStatus(db, gateway, notify, sessionId, (err) => c.var.log.warn({ err }, 'could not retrieve the gift-card checkout')));
    });
}

export function staffGiftCardRoutes(deps: { db: Db; notify: NotificationContext }) {
  const { db, notify } = deps;
  return new Hono<StaffEnv>()
    .get(contracts.listStaffGiftCards.path, async (c) => c.json(await listStaffGiftCards(db, parseQuery(c, contracts.listStaffGiftCards.query))))
    .post(contracts.resendGiftCardEmail.path, async (c) => {
      const id = uuidParam(c, 'id', 'gift_card_not_found');
      return c.json(await resendGiftCardEmail(db, id, { actor: c.var.staff, notify }));
    });
}
