// A signed-in customer repeats one of their own orders every one or two weeks (decision 024).
import type { SeriesEveryWeeks } from '../../shared/series';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { startSeries } from '../series/series.service';
import { limitCustomerChanges, type CustomerChangeContext } from './details.service';
import { customerOwns, type CustomerKey } from './sign-in.service';

export async function repeatOrder(db: Db, key: CustomerKey, bookingId: string, everyWeeks: SeriesEveryWeeks, ctx: CustomerChangeContext) {
  await limitCustomerChanges(db, key, ctx);
  const [booking] = await db.select().from(bookings).where(customerOwns(key, bookingId)!);
  if (!booking) throw domainError('order_not_found');
  return startSeries(db, booking, everyWeeks, ctx);
}
