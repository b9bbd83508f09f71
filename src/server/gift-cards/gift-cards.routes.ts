import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { parseJsonBody, type AppEnv } from '../http';
import { rateLimit, type Limit } from '../rate-limit';
import { validateGiftCard } from './gift-cards.service';

/** docs/design.md 9: every place that takes a gift-card code (this check, the quote, the booking) counts against one limit per IP. */
export function giftCardLookupLimit(perMinute: number): Limit {
  return { name: 'gift-card-lookup', windowMs: 60_000, max: perMinute, says: 'gift_card_attempts' };
}

export function giftCardRoutes(deps: { db: Db; lookups: Limit; now?: (() => number) | undefined }) {
  const { path, body } = contracts.validateGiftCard;
  return new Hono<AppEnv>().post(path, rateLimit({ db: deps.db, ...deps.lookups, ...(deps.now ? { now: deps.now } : {}) }), async (c) => {
    const { giftCardCode } = await parseJsonBody(c, body);
    return c.json(await validateGiftCard(deps.db, giftCardCode));
  });
}
