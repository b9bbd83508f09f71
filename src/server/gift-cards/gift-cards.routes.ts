import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { parseJsonBody, type AppEnv } from '../http';
import { rateLimit } from '../rate-limit';
import { validateGiftCard } from './gift-cards.service';

export function giftCardRoutes(deps: { db: Db; validateLimitPerMinute: number }) {
  const { path, body } = contracts.validateGiftCard;
  return new Hono<AppEnv>().post(
    path,
    rateLimit({
      db: deps.db,
      name: 'gift-card-validate',
      windowMs: 60_000,
      max: deps.validateLimitPerMinute,
      message: 'Too many gift card attempts. Please wait a minute and try again.',
    }),
    async (c) => {
      const { giftCardCode } = await parseJsonBody(c, body);
      return c.json(await validateGiftCard(deps.db, giftCardCode));
    },
  );
}
