// Retention (decision 061, docs/deploy.md 8): once a day, one instance prunes the bodies of
// messages finished before MESSAGE_BODIES_KEEP_DAYS (who, what kind, the subject and the dates
// stay), the payment provider's events older than WEBHOOK_EVENTS_KEEP_DAYS, and sessions and
// one-time tokens expired a day or more ago. Nothing newer, nothing unfinished.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../tests/helpers/test-app';
import { customerSessions, customerSignInLinks, outbox, session, user, verification, webhookEvents } from './db/schema';
import { runRetentionJob } from './jobs';
import { enqueueEmail, enqueueSms, listOutboxPage, prunedBodyText, resendOutboxMessage } from './notifications/outbox.service';

const now = new Date('2026-11-24T15:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe.each(testDatabaseKinds)('retention (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('prunes what is past its time once a day, and keeps the rest as it was', async () => {
    const db = t.database.db;
    const email = (key: string) => enqueueEmail(db, { dedupeKey: key, kind: 'test', to: 'ada@example.com', subject: `Subject ${key}`, payload: { html: '<p>Your link: https://washday.example/orders?token=secret</p>', text: 'Your link: https://washday.example/orders?token=secret' } });
    for (const key of ['old-sent', 'old-failed', 'old-pending', 'new-sent']) await email(key);
    await enqueueSms(db, { dedupeKey: 'old-text', kind: 'test', to: '+18035550100', text: 'Your pick-up is tomorrow' });
    const set = (key: string, values: Partial<typeof outbox.$inferInsert>) => db.update(outbox).set(values).where(eq(outbox.dedupeKey, key));
    await set('old-sent', { status: 'sent', createdAt: daysAgo(91) });
    await set('old-failed', { status: 'failed', createdAt: daysAgo(120) });
    await set('old-pending', { createdAt: daysAgo(120) });
    await set('old-text', { status: 'sent', createdAt: daysAgo(95) });
    await set('new-sent', { status: 'sent', createdAt: daysAgo(89) });

    await db.insert(webhookEvents).values([
      { id: 'evt_old', type: 'checkout.session.completed', receivedAt: daysAgo(31) },
      { id: 'evt_new', type: 'checkout.session.completed', receivedAt: daysAgo(29) },
    ]);
    const [staff] = await db.select({ id: user.id }).from(user).limit(1);
    const staffId = staff?.id ?? (await db.insert(user).values({ id: 'retention-staff', name: 'Staff', email: 'retention.staff@example.com', emailVerified: true }).returning({ id: user.id }))[0]!.id;
    await db.insert(session).values([
      { id: 's-expired', token: 's-expired', userId: staffId, expiresAt: daysAgo(2) },
      { id: 's-just-expired', token: 's-just-expired', userId: staffId, expiresAt: new Date(now.getTime() - 3_600_000) },
      { id: 's-valid', token: 's-valid', userId: staffId, expiresAt: daysAgo(-5) },
    ]);
    await db.insert(verification).values([
      { id: 'v-expired', identifier: 'reset', value: 'x', expiresAt: daysAgo(3) },
      { id: 'v-valid', identifier: 'reset', value: 'y', expiresAt: daysAgo(-1) },
    ]);
    await db.insert(customerSessions).values([
      { tokenHash: 'cs-expired', emailKey: 'ada@example.com', expiresAt: daysAgo(2) },
      { tokenHash: 'cs-valid', emailKey: 'ada@example.com', expiresAt: daysAgo(-20) },
    ]);
    await db.insert(customerSignInLinks).values([{ tokenHash: 'link-expired', phoneKey: '+18035550100', expiresAt: daysAgo(4) }]);

    const deps = { db, timeZone: 'America/New_York', now: () => now, retention: { messageBodiesDays: 90, webhookEventsDays: 30 } };
    expect(await runRetentionJob(deps)).toEqual({ messageBodies: 3, webhookEvents: 1, staffSessions: 2, customerSessions: 2 });
    // once a day: the next round that day does nothing
    expect(await runRetentionJob(deps)).toBeNull();

    const rows = await db.select().from(outbox).where(inArray(outbox.dedupeKey, ['old-sent', 'old-failed', 'old-pending', 'new-sent', 'old-text']));
    const byKey = Object.fromEntries(rows.map((r) => [r.dedupeKey, r]));
    // the body and its link gone; who, what, the subject, the status and the dates kept
    expect(byKey['old-sent']).toMatchObject({ recipient: 'ada@example.com', subject: 'Subject old-sent', status: 'sent', payload: { html: '', text: prunedBodyText, pruned: true } });
    expect(JSON.stringify(byKey['old-failed']!.payload)).not.toContain('secret');
    expect(byKey['old-text']!.payload).toEqual({ body: prunedBodyText, pruned: true });
    // not finished, or not old enough: untouched
    expect(JSON.stringify(byKey['old-pending']!.payload)).toContain('token=secret');
    expect(JSON.stringify(byKey['new-sent']!.payload)).toContain('token=secret');

    expect((await db.select({ id: webhookEvents.id }).from(webhookEvents).where(inArray(webhookEvents.id, ['evt_old', 'evt_new']))).map((r) => r.id)).toEqual(['evt_new']);
    expect((await db.select({ id: session.id }).from(session).where(inArray(session.id, ['s-expired', 's-just-expired', 's-valid']))).map((r) => r.id).sort()).toEqual(['s-just-expired', 's-valid']);
    expect((await db.select({ id: verification.id }).from(verification).where(inArray(verification.id, ['v-expired', 'v-valid']))).map((r) => r.id)).toEqual(['v-valid']);
    expect((await db.select({ h: customerSessions.tokenHash }).from(customerSessions)).map((r) => r.h)).toEqual(['cs-valid']);
    expect(await db.select().from(customerSignInLinks)).toEqual([]);

    // staff read what happened to it in the Outbox, and a pruned message cannot be sent again
    const page = await listOutboxPage(db, { status: 'failed', channel: 'all', page: 1 });
    expect(page.messages.find((m) => m.subject === 'Subject old-failed')).toMatchObject({ preview: prunedBodyText });
    await expect(resendOutboxMessage(db, byKey['old-failed']!.id, { id: staffId, email: 'retention.staff@example.com', ip: null })).rejects.toMatchObject({ code: 'outbox_message_pruned', status: 409 });
  });
});
