// The jobs' watch on the system (decision 061): a database that does not answer for five minutes is
// emailed to the notices address straight through the mail server, once per outage; a job behind
// for five minutes is emailed through the outbox once a day.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { outbox } from '../db/schema';
import type { Mailer, MailMessage } from '../gateways/mail/mailer';
import { jobRan, jobsStarted, jobsStopped } from '../job-status';
import { createLogger } from '../logger';
import { createSystemWatch, outageAlertMs } from './system-watch';

/** What node-postgres throws when the server is gone. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

describe.each(testDatabaseKinds)('the system watch (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => jobsStopped());

  it('an outage past five minutes is emailed once, straight to the notices address, and again only after the database came back', async () => {
    let clock = new Date('2026-11-24T15:00:00Z');
    const sent: MailMessage[] = [];
    const mailer: Mailer = { kind: 'smtp', send: async (m) => (sent.push(m), { status: 'sent', providerId: null }) };
    const watch = createSystemWatch({ db: t.database.db, mailer, mailFrom: 'Suds <hello@suds.example>', timeZone: 'America/New_York', logger: createLogger({ logLevel: 'silent' }), now: () => clock });
    await watch.up();
    await watch.failed(refused());
    clock = new Date(clock.getTime() + outageAlertMs - 1_000);
    await watch.failed(refused());
    expect(sent).toEqual([]);
    clock = new Date(clock.getTime() + 2_000);
    await watch.failed(refused());
    await watch.failed(refused());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: 'Suds <hello@suds.example>', to: 'hello@washday.example', subject: 'Washday needs attention: The database is not answering' });
    expect(sent[0]!.text).toContain('connect ECONNREFUSED 10.0.0.5:5432');
    // an error that is not the database's says nothing
    clock = new Date(clock.getTime() + outageAlertMs * 3);
    await watch.failed(new Error('a bug'));
    expect(sent).toHaveLength(1);
    // back, then down again for five minutes: a second email
    await watch.up();
    await watch.failed(refused());
    clock = new Date(clock.getTime() + outageAlertMs + 1_000);
    await watch.failed(refused());
    expect(sent).toHaveLength(2);
  });

  it('a job behind is emailed once a day through the outbox', async () => {
    const clock = new Date();
    const mailer: Mailer = { kind: 'smtp', send: async () => ({ status: 'sent', providerId: null }) };
    const watch = createSystemWatch({ db: t.database.db, mailer, mailFrom: 'hello@washday.example', timeZone: 'America/New_York', logger: createLogger({ logLevel: 'silent' }), now: () => clock });
    jobsStarted({ background: 60_000, outbox: 3_000 });
    // behind for four minutes: not yet news; for six: emailed, once
    jobRan('background', new Date(clock.getTime() - 4 * 60_000));
    await watch.watchBehind('background');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'system_alert'))).toEqual([]);
    jobRan('background', new Date(clock.getTime() - 6 * 60_000));
    await watch.watchBehind('background');
    await watch.watchBehind('background');
    // the outbox job ran just now: not behind
    jobRan('outbox', clock);
    await watch.watchBehind('outbox');
    const alerts = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'system_alert'));
    expect(alerts.map((a) => a.subject)).toEqual(['Washday needs attention: The background job is behind']);
  });
});
