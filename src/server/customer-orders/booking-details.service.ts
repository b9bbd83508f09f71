// A new booking's details for a signed-in customer (/book fills them in; decision 021): their latest
// confirmed booking's. Never an unpaid one's: anyone could have typed a customer's email into it
// (decision 037), and its address is not theirs to be sent to.
import { and, desc, isNotNull } from 'drizzle-orm';
import { customerDetailsOf } from '../../shared/customer-details';
import type { BookingDetails } from '../../shared/schemas/customer-orders';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { customerBookings, type CustomerKey } from './sign-in.service';

/** The details, or none when no one is signed in or they have no confirmed booking. */
export async function bookingDetailsOf(db: Db, key: CustomerKey | null): Promise<BookingDetails> {
  if (!key) return { details: null };
  const [latest] = await db
    .select()
    .from(bookings)
    .where(and(customerBookings(key), isNotNull(bookings.confirmedAt)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return { details: latest ? { ...customerDetailsOf(latest), email: latest.email } : null };
}
