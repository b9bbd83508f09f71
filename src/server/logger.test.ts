// Decision 039: every line the process logs is JSON through the one logger, and no log line holds
// a statement's parameters, a token, a password or a person's details. Requests that fail with the
// values in hand (a database error on a booking, staff auth's database failing on a live session)
// and requests whose path carries a token; then everything written is searched for each value.
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';
import { createFirstMasterAdmin } from './admins/admins.service';
import { bookingFormInput } from './bookings/booking.factory';
import { createLogger, libraryLogger } from './logger';

const customer = {
  name: 'Zelda Quixote-Marchbanks',
  email: 'zelda.quixote@example.net',
  phone: '(864) 555-0142',
  address: '77 Hidden Hollow Lane',
  allergies: 'tree nuts and lavender oil',
  specialInstructions: 'the gate code is 4417',
};
// the phone as the statement carries it (E.164) and as its digits
const phoneForms = ['(864) 555-0142', '+18645550142', '8645550142'];

describe('logs carry no secrets (decision 039)', () => {
  let t: TestContext;
  const written: string[] = [];
  const elsewhere: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const lines = () => written.join('').split('\n').filter((l) => l !== '');
  const everything = () => [...written, ...elsewhere].join('\n');

  beforeAll(async () => {
    // Sunday 2026-11-22, so that the factory's Monday pick-up is bookable
    t = await createTestApp('pglite', { LOG_LEVEL: 'info' }, { logTo: sink, now: () => new Date('2026-11-22T15:00:00Z') });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Whatever the process prints outside the logger (console, stdout, stderr) is kept too. */
  function watchOutput() {
    elsewhere.length = 0;
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void elsewhere.push(args.map(String).join(' ')));
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (elsewhere.push(String(chunk)), true));
  }

  function expectNoneLogged(values: string[]) {
    const all = everything();
    for (const value of values) expect(all, `the log holds ${JSON.stringify(value)}`).not.toContain(value);
  }

  function expectAllJson() {
    expect(elsewhere, 'written outside the logger').toEqual([]);
    for (const line of lines()) expect(() => JSON.parse(line), line).not.toThrow();
  }

  it('a booking the database refuses: its 500 is logged with the error code, table and constraint, none of the customer details', async () => {
    // the database refuses every new booking, naming the failing row (PostgreSQL's "Failing row contains (…)")
    await t.database.db.execute(sql.raw('alter table bookings add constraint logs_forced_failure check (false) not valid'));
    written.length = 0;
    watchOutput();
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ ...customer }) }, headers: { 'x-forwarded-for': '198.51.100.20' } });
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    await t.database.db.execute(sql.raw('alter table bookings drop constraint logs_forced_failure'));

    expectNoneLogged([customer.name, customer.email, customer.address, customer.allergies, customer.specialInstructions, ...phoneForms]);
    expectAllJson();
    // what the operator needs is there: which error, on which table and constraint
    const error = lines()
      .map((l) => JSON.parse(l) as { level: number; err?: Record<string, unknown> })
      .find((l) => l.level >= 50);
    expect(error?.err).toMatchObject({ table: 'bookings', constraint: 'logs_forced_failure' });
    expect(JSON.stringify(error?.err)).toContain('23514');
  });

  it('staff auth failing on a live session (its database refusing): no session token or cookie in the log, and its error is a JSON line', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const owner = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'logs-owner@example.com' });
    const signIn = (password: string) =>
      t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'logs-owner@example.com', password }) });
    const signedIn = await signIn(owner.temporaryPassword);
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
    expect(token.length).toBeGreaterThan(20);
    expect((await t.app.request('/api/admin/me', { headers: { cookie, origin } })).status).toBe(200);

    await t.database.db.execute(sql.raw('alter table "session" rename column user_agent to user_agent_gone'));
    written.length = 0;
    watchOutput();
    expect((await signIn('wrong password, but a password')).status).toBe(401);
    const me = await t.app.request('/api/admin/me', { headers: { cookie, origin } });
    const out = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body: '{}' });
    vi.restoreAllMocks();
    await t.database.db.execute(sql.raw('alter table "session" rename column user_agent_gone to user_agent'));
    expect(me.status).toBe(401);
    expect(out.status).toBeLessThan(500); // better-auth signs out whatever its database said

    expectNoneLogged([token, cookie.slice(cookie.indexOf('=') + 1), owner.temporaryPassword, 'wrong password, but a password']);
    expectAllJson();
    const authErrors = lines()
      .map((l) => JSON.parse(l) as { level: number; lib?: string })
      .filter((l) => l.lib === 'better-auth' && l.level >= 50);
    expect(authErrors.length).toBeGreaterThan(0);
  });

  it('a token in the path (a reset link, a checkout session) is not in the request log', async () => {
    const resetToken = 'ResetTokenAbcdefGhijklMnop123456';
    const checkoutSession = 'cs_test_SecretSessionIdentifier42';
    written.length = 0;
    watchOutput();
    await t.request(`/api/auth/reset-password/${resetToken}?callbackURL=${encodeURIComponent(`${t.config.publicUrl}/admin/reset-password`)}`);
    await t.request(`/api/bookings/session/${checkoutSession}`);
    await t.request(`/api/gift-cards/purchase/${checkoutSession}`);
    vi.restoreAllMocks();

    expectNoneLogged([resetToken, checkoutSession]);
    expectAllJson();
    const paths = lines().map((l) => (JSON.parse(l) as { path?: string }).path);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/reset-password/:token', '/api/bookings/session/:sessionId']));
  });
});

describe('what the logger lets through (decision 039)', () => {
  function capture() {
    const out: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        out.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ logLevel: 'debug' }, sink);
    return { logger, lines: () => out.join('').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  // what node-postgres throws on a check constraint, wrapped by drizzle as it wraps every failed statement
  function failedStatement() {
    const pg = Object.assign(new Error('new row for relation "bookings" violates check constraint "positive_total"'), {
      name: 'error',
      code: '23514',
      severity: 'ERROR',
      table: 'bookings',
      constraint: 'positive_total',
      schema: 'public',
      detail: 'Failing row contains (Zelda Quixote-Marchbanks, zelda.quixote@example.net, 77 Hidden Hollow Lane).',
      where: 'SQL statement "insert into bookings values (\'Zelda\')"',
    });
    return new DrizzleQueryError("insert into bookings (name, email, note) values ($1, $2, 'gate 4417')", ['Zelda Quixote-Marchbanks', 'zelda.quixote@example.net'], pg);
  }

  it('an error logged alone, or under any key, keeps its kind, code, table and constraint and loses its parameters, detail and literals', () => {
    const { logger, lines } = capture();
    logger.error(failedStatement());
    logger.warn({ attempt: { failure: failedStatement() } }, 'retrying');
    const [alone, nested] = lines();
    for (const line of [JSON.stringify(alone), JSON.stringify(nested)]) {
      for (const value of ['Zelda', 'zelda.quixote', 'Hidden Hollow', '4417', 'Failing row']) expect(line).not.toContain(value);
    }
    expect(alone!.err).toMatchObject({ type: 'DrizzleQueryError', code: '23514', table: 'bookings', constraint: 'positive_total' });
    expect(alone!.msg).toBe("Failed query: insert into bookings (name, email, note) values ($1, $2, '?')");
    expect(nested!.attempt.failure).toMatchObject({ code: '23514', cause: { constraint: 'positive_total' } });
  });

  it('a value refused by the database (a data exception) is not quoted back', () => {
    const { logger, lines } = capture();
    const pg = Object.assign(new Error('invalid input syntax for type uuid: "zelda-secret-value"'), { code: '22P02', severity: 'ERROR' });
    logger.error({ err: pg }, 'unexpected error');
    expect(lines()[0]!.err.message).toBe('invalid input syntax for type uuid: "?"');
  });

  it('keys on the redaction list are replaced at any depth; emails, phones and a link\'s token in any text', () => {
    const { logger, lines } = capture();
    logger.info(
      { booking: { id: 'b-1', customerEmail: 'a@example.com', phone: '+18645550142', address: '1 Main St', allergies: 'nuts' }, headers: { Cookie: 'sid=1', authorization: 'Bearer abc' }, newPassword: 'hunter2hunter2', items: [{ resetToken: 'rt-1', count: 2 }] },
      'sent to %s at %s: %s',
      'zelda@example.net',
      '(864) 555-0142',
      'https://washday.example/pay?booking=b-1&token=tok-secret-1',
    );
    const [line] = lines();
    expect(line).toMatchObject({
      booking: { id: 'b-1', customerEmail: '[redacted]', phone: '[redacted]', address: '[redacted]', allergies: '[redacted]' },
      headers: { Cookie: '[redacted]', authorization: '[redacted]' },
      newPassword: '[redacted]',
      items: [{ resetToken: '[redacted]', count: 2 }],
      msg: 'sent to [email] at [phone]: https://washday.example/pay?booking=b-1&token=[redacted]',
    });
  });

  it("better-auth's calls (a message, an error, details; or an error alone) are JSON lines of the logger, named by their library", () => {
    const { logger, lines } = capture();
    const auth = libraryLogger(logger, 'better-auth');
    auth.log('error', 'INTERNAL_SERVER_ERROR', failedStatement(), { provider: 'email' });
    auth.log('error', failedStatement());
    const [withMessage, alone] = lines();
    expect(withMessage).toMatchObject({ lib: 'better-auth', level: 50, msg: 'INTERNAL_SERVER_ERROR', err: { code: '23514' }, details: [{ provider: 'email' }] });
    expect(alone).toMatchObject({ lib: 'better-auth', err: { type: 'DrizzleQueryError' } });
    expect(alone!.msg).toMatch(/^Failed query: insert into bookings/);
    expect(JSON.stringify(lines())).not.toContain('Zelda');
  });
});
