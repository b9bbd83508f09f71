import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { contactMessages } from '../db/schema';

const valid = {
  name: 'Jenna Whitfield',
  email: 'jenna@example.com',
  phone: '(803) 555-0101',
  subject: 'Blankets',
  message: 'Do you wash king-size comforters?',
};

describe.each(testDatabaseKinds)('POST /api/contact (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function storedCount() {
    const [row] = await t.database.db.select({ n: count() }).from(contactMessages);
    return row!.n;
  }

  it('stores a valid message and answers 201 with its id', async () => {
    const before = await storedCount();
    const res = await t.request('/api/contact', { method: 'POST', json: valid });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string };
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedCount()).toBe(before + 1);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.find((r) => r.id === body.id)).toMatchObject({ ...valid, phone: '+18035550101' }); // stored one way (src/shared/phone.ts)
  });

  it('accepts a message without a phone number', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const res = await t.request('/api/contact', { method: 'POST', json: withoutPhone });
    expect(res.status).toBe(201);
  });

  it.each([
    ['missing fields', {}, ['name', 'email', 'subject', 'message']],
    ['blank required fields', { ...valid, name: '  ', subject: '' }, ['name', 'subject']],
    ['an invalid email', { ...valid, email: 'not-an-email' }, ['email']],
    ['wrong types', { ...valid, name: 42, message: ['a'], phone: true }, ['name', 'message', 'phone']],
    ['unknown fields', { ...valid, isAdmin: true, total: 5 }, ['isAdmin', 'total']],
    ['a message over 5,000 characters', { ...valid, message: 'x'.repeat(5001) }, ['message']],
  ])('rejects %s with a message per field and stores nothing', async (_label, body, fields) => {
    const before = await storedCount();
    const res = await t.request('/api/contact', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(json.error.message.length).toBeGreaterThan(0);
    expect(Object.keys(json.error.fields).sort()).toEqual([...fields].sort());
    for (const f of fields) expect(json.error.fields[f]).toMatch(/\w/);
    expect(await storedCount()).toBe(before);
  });

  it('names the messages the form shows', async () => {
    const res = await t.request('/api/contact', { method: 'POST', json: { ...valid, email: 'nope', name: '' } });
    const json = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(json.error.fields).toEqual({ name: 'Name is required', email: 'Enter a valid email address' });
  });

  it.each([
    ['invalid JSON', '{"name": "x",', 'application/json', 400, 'invalid_json'],
    ['a JSON array', '[1,2]', 'application/json', 400, 'invalid_body'],
    ['JSON null', 'null', 'application/json', 400, 'invalid_body'],
    ['a form body', 'name=x', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
  ])('rejects %s with a clear 4xx', async (_label, raw, type, status, code) => {
    const before = await storedCount();
    const res = await t.app.request('/api/contact', { method: 'POST', body: raw, headers: { 'content-type': type } });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe(code);
    expect(json.error.message).toMatch(/\w/);
    expect(await storedCount()).toBe(before);
  });

  it('rejects a 1 MB body with 413 and stores nothing', async () => {
    const before = await storedCount();
    const res = await t.request('/api/contact', {
      method: 'POST',
      json: { ...valid, message: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    const json = (await res.json()) as { error: { message: string } };
    expect(json.error.message).toMatch(/too large/);
    expect(await storedCount()).toBe(before);
  });
});
