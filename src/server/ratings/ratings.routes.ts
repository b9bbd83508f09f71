// Rating an order from the delivery email's link (decision 063): anonymous and opened by the
// signed link alone, so rate-limited per address (docs/design.md 9, anonymous writes).
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import { type AppEnv, readJsonBody, uuidParam } from '../http';
import { rateLimit } from '../rate-limit';
import { getRating, rateOrder, type RatingDeps } from './ratings.service';

/** perMinute: the link's opens and sends a minute per address (30 in production: ORDER_LINKS_PER_IP_PER_HOUR × 3). */
export function ratingRoutes(deps: RatingDeps & { perMinute: number; limitNow?: (() => number) | undefined }) {
  const limit = rateLimit({ db: deps.db, name: 'rating-link', windowMs: 60_000, max: deps.perMinute, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  return new Hono<AppEnv>()
    .get(contracts.getRating.path, limit, async (c) => c.json(await getRating(deps, uuidParam(c, 'id', 'bad_rating_link'), Object.fromEntries(new URL(c.req.url).searchParams))))
    .post(contracts.rateOrder.path, limit, async (c) => c.json(await rateOrder(deps, uuidParam(c, 'id', 'bad_rating_link'), await readJsonBody(c))));
}
