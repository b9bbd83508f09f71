// Decision 049: what the database itself keeps of the schema, on PGlite and on PostgreSQL. Every
// foreign key has an index its lookups can use (a parent's delete or update checks its children by
// it), and the booking form's closed lists are CHECKs holding the same values as the TypeScript
// lists the request schemas validate with.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, bothDatabaseKinds } from '../../../tests/helpers/test-app';
import { accountRoleValues } from '../../shared/schemas/admin';
import { proRole, staffRoles } from '../admins/staff-roles';
import { detergentTypeValues, pickupLocationValues, waterTemperatureValues } from '../../shared/booking-values';
import { seriesEveryWeeksValues } from '../../shared/series';
import { rowsOf } from './client';

/**
 * Every foreign key of the public schema with no index whose leading columns are its own. A partial
 * index counts only when its predicate is "the key is not null": a lookup by the key's value
 * implies it, so the planner uses that index for the check.
 */
const unindexedForeignKeys = sql`
  select c.conrelid::regclass::text as "table", c.conname as "constraint"
  from pg_constraint c
  where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    and not exists (
      select 1 from pg_index i
      where i.indrelid = c.conrelid and i.indisvalid
        and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
        and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey
        and (i.indpred is null
             or (cardinality(c.conkey) = 1
                 and pg_get_expr(i.indpred, i.indrelid) = format('(%I IS NOT NULL)', (select attname from pg_attribute where attrelid = c.conrelid and attnum = c.conkey[1])))))
  order by 1, 2`;

/** Each closed list's CHECK, and the list it must hold. */
const closedLists: [constraint: string, values: readonly (string | number)[]][] = [
  ['bookings_pickup_location_known', pickupLocationValues],
  ['bookings_water_temperature_known', waterTemperatureValues],
  ['bookings_detergent_type_known', detergentTypeValues],
  ['pickup_series_every_weeks', seriesEveryWeeksValues],
  ['user_role_known', accountRoleValues],
];

describe.each(bothDatabaseKinds)('the schema the database keeps (%s; decision 049)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('has an index for every foreign key', async () => {
    expect(rowsOf(await database.db.execute(unindexedForeignKeys))).toEqual([]);
  });

  it('finds a foreign key without one (the check itself works)', async () => {
    const tried = database.db.transaction(async (tx) => {
      await tx.execute(sql`create table schema_test_child (id integer primary key, booking_id uuid references bookings (id))`);
      expect(rowsOf(await tx.execute(unindexedForeignKeys))).toEqual([{ table: 'schema_test_child', constraint: 'schema_test_child_booking_id_fkey' }]);
      // a partial index on anything but "the key is not null" does not count
      await tx.execute(sql`create index schema_test_child_some_idx on schema_test_child (booking_id) where id > 10`);
      expect(rowsOf(await tx.execute(unindexedForeignKeys))).toHaveLength(1);
      await tx.execute(sql`create index schema_test_child_booking_idx on schema_test_child (booking_id) where booking_id is not null`);
      expect(rowsOf(await tx.execute(unindexedForeignKeys))).toEqual([]);
      tx.rollback();
    });
    await expect(tried).rejects.toThrow('Rollback');
  });

  it('the accounts’ roles are the staff’s and the pros’, as sign-in knows them', () => {
    expect([...accountRoleValues]).toEqual([...staffRoles, proRole]);
  });

  it.each(closedLists)('%s holds exactly the list the forms validate with', async (constraint, values) => {
    const [row] = rowsOf<{ def: string }>(await database.db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${constraint}`));
    expect(row, `no constraint ${constraint}`).toBeDefined();
    // PostgreSQL writes it back as `col = ANY (ARRAY['a'::text, …])`, or `col = ANY (ARRAY[1, 2])`
    const inArray = /ARRAY\[(.*)\]/.exec(row!.def)?.[1] ?? '';
    const held = inArray.split(', ').map((item) => (/^'(.*)'::text$/.exec(item)?.[1] ?? Number(item)));
    expect(held).toEqual([...values]);
  });

  /** A booking whose `column` is then set to `value`. */
  const booking = async (column: string, value: string) => {
    const [{ id }] = rowsOf<{ id: string }>(
      await database.db.execute(sql`insert into bookings (name, email, phone, address, city, zip_code, pickup_date, pickup_time, pickup_location, bag_quantity, total_amount)
        values ('Schema Test', 'schema@example.com', '+18035550100', '1 Main St', 'Lexington', '29072', '2026-11-23', '8am-12pm', 'porch', 1, 3150) returning id`),
    ) as [{ id: string }];
    await database.db.execute(sql`update bookings set ${sql.identifier(column)} = ${value} where id = ${id}`);
  };

  it.each([
    ['pickup_location', pickupLocationValues, 'roof'],
    ['water_temperature', waterTemperatureValues, 'boiling'],
    ['detergent_type', detergentTypeValues, 'eco'],
  ] as const)('a booking takes every %s of its list and refuses another', async (column, values, other) => {
    for (const value of values) await booking(column, value);
    await expect(booking(column, other)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringContaining(`bookings_${column}_known`) }) });
  });

  // decision 055: the windows are the owner's, so a pick-up time is held to a window's form, not a list
  it('a booking and a window count take any window an owner can set, and refuse what is no window', async () => {
    for (const value of ['8am-12pm', '4pm-8pm', '9am-1pm', '6pm-12am', '12am-4am']) {
      await booking('pickup_time', value);
      await database.db.execute(sql`insert into pickup_slots (pickup_date, pickup_time, booked) values ('2026-11-23', ${value}, 0)`);
    }
    for (const other of ['noon', '9pm-11pm ', '13pm-2pm', '8AM-12PM']) {
      await expect(booking('pickup_time', other)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringContaining('bookings_pickup_time_window') }) });
      await expect(database.db.execute(sql`insert into pickup_slots (pickup_date, pickup_time, booked) values ('2026-11-24', ${other}, 0)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining('pickup_slots_pickup_time_window') }),
      });
    }
  });
});
