// The customer's final invoice (spec: customer-site 2, 4, 7; docs/design.md 5.5): the page's data and
// its approval, anonymous and opened by the signed link alone, so rate-limited per address
// (docs/design.md 9, anonymous writes; decision 013).
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import { fileEndpoints } from '../../shared/endpoints';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { type AppEnv, readJsonBody } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit, type Limit } from '../rate-limit';
import type { FileStore } from '../gateways/files/file-store';
import { approveInvoice, getInvoice, getInvoiceScalePhoto, payInvoiceDueFromGiftCard } from './invoice.service';
import { photoResponse } from './scale-photo.routes';
import { questionWeight } from './weight-question.service';

export function invoiceRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; files: FileStore; now: () => Date; giftCardLookups: Limit; limitNow?: (() => number) | undefined }) {
  const limit = rateLimit({ db: deps.db, name: 'invoice-link', windowMs: 60_000, max: 30, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  // docs/design.md 9: a code tried here counts with every other place that takes one
  const giftCardLimit = rateLimit({ db: deps.db, ...deps.giftCardLookups, ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  return new Hono<AppEnv>()
    .get(contracts.getInvoice.path, limit, async (c) => {
      const query = Object.fromEntries(new URL(c.req.url).searchParams);
      const onGatewayError = (err: unknown) => c.var.log.warn({ err }, 'invoice: the gateway did not answer');
      return c.json(await getInvoice(deps, c.req.param('id'), query, onGatewayError));
    })
    // docs/design.md 9, files: the photo goes only to the link's holder, and is not kept by caches
    .get(fileEndpoints.getInvoiceScalePhoto.path, limit, async (c) => {
      const photo = await getInvoiceScalePhoto(deps, c.req.param('id'), Object.fromEntries(new URL(c.req.url).searchParams));
      return photoResponse(c, photo);
    })
    // any body that is not the link's JSON is the link's failure: not found (spec: customer-site 8)
    .post(contracts.approveInvoice.path, limit, async (c) => c.json(await approveInvoice(deps, c.req.param('id'), await readJsonBody(c))))
    // decision 064: a gift card pays what is still due
    .post(contracts.payInvoiceDueFromGiftCard.path, limit, giftCardLimit, async (c) => c.json(await payInvoiceDueFromGiftCard(deps, c.req.param('id'), await readJsonBody(c))))
    // docs/design.md 5.5 transparent weighing: recorded and mailed once per booking
    .post(contracts.questionInvoiceWeight.path, limit, async (c) => c.json(await questionWeight(deps, c.req.param('id'), await readJsonBody(c))));
}
