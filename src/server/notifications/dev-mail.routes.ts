// /dev/mail (never in production): the outbox, readable, for working without a mail server.
import { Hono } from 'hono';
import { escapeHtml as esc } from '../../shared/html';
import type { Db } from '../db/client';
import type { AppEnv } from '../http';
import { type EmailPayload, listOutbox } from './outbox.service';

/** Links to a message's attachments, after its subject. */
function attachmentLinks(id: string, payload: EmailPayload): string {
  return (payload.attachments ?? []).map((f, i) => ` · <a href="/dev/mail/${id}/attachments/${i}">${esc(f.filename)}</a>`).join('');
}

export function devMailRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/dev/mail', async (c) => {
      const rows = await listOutbox(deps.db, 100);
      const items = rows
        .map(
          (r) =>
            `<tr><td>${esc(r.createdAt.toISOString())}</td><td>${r.channel}</td><td>${esc(r.kind)}</td><td>${esc(r.recipient)}</td><td>${
              r.channel === 'email' ? `<a href="/dev/mail/${r.id}">${esc(r.subject)}</a>${attachmentLinks(r.id, r.payload as EmailPayload)}` : esc((r.payload as { body: string }).body)
            }</td><td>${r.status}${r.lastError ? ` (${esc(r.lastError)})` : ''}</td></tr>`,
        )
        .join('');
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style>body{font-family:system-ui;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;font-size:.9rem}</style></head><body><main><h1>Outbox</h1><p>Mail and texts kept here while no SMTP server or SMS provider is configured.</p><table><thead><tr><th>Created</th><th>Channel</th><th>Kind</th><th>To</th><th>Subject / text</th><th>Status</th></tr></thead><tbody>${items || '<tr><td colspan="6">Nothing yet.</td></tr>'}</tbody></table></main></body></html>`,
      );
    })
    .get('/dev/mail/:id', async (c) => {
      const rows = await listOutbox(deps.db, 500);
      const row = rows.find((r) => r.id === c.req.param('id') && r.channel === 'email');
      if (!row) return c.html('<!doctype html><title>Not found</title><p>No such message.</p>', 404);
      // the stored HTML is our own rendered template (user text escaped by React)
      return c.html((row.payload as { html: string }).html);
    })
    // an attachment as the recipient would open it (the pick-up's .ics)
    .get('/dev/mail/:id/attachments/:index', async (c) => {
      const rows = await listOutbox(deps.db, 500);
      const row = rows.find((r) => r.id === c.req.param('id') && r.channel === 'email');
      const file = (row?.payload as EmailPayload | undefined)?.attachments?.[Number(c.req.param('index'))];
      if (!file) return c.html('<!doctype html><title>Not found</title><p>No such attachment.</p>', 404);
      const body = file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : Buffer.from(file.content);
      return c.body(new Uint8Array(body), 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"` });
    });
}
