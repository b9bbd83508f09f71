// Every email the business sends (emails/render.ts, emailTemplates), each from its sample with
// hostile text in every value a person typed (tests/helpers/email-samples.ts): one template style
// (the shared layout: brand header, the business's phone and email in the footer), a subject, a
// plain-text part, and the typed text escaped in the HTML and left as typed in the text
// (docs/decisions/047). And one HTML escaper in the code base for what is not rendered by React.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailTemplates } from '../../../emails/render';
import type { RenderedEmail } from '../../../emails/email-data';
import { emailSamples, type Typed } from '../../../tests/helpers/email-samples';
import { business } from '../../shared/business';
import { escapeHtml } from '../../shared/html';

const hostile = `<script>alert(1)</script> "&'`;
const htmlTag = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
const names = Object.keys(emailSamples) as (keyof typeof emailSamples)[];

/** The template's email from its sample with the hostile text typed, and whether the sample has anything typed at all. */
async function renderHostile(name: keyof typeof emailSamples): Promise<{ email: RenderedEmail; typed: boolean }> {
  let typed = false;
  const t: Typed = (plain) => {
    typed = true;
    return `${plain} ${hostile}`;
  };
  const render = emailTemplates[name] as (data: unknown) => Promise<RenderedEmail>;
  return { email: await render(emailSamples[name](t)), typed };
}

describe('every email', () => {
  it('has a sample, and every sample a template', () => {
    expect(names.sort()).toEqual(Object.keys(emailTemplates).sort());
  });

  describe.each(names)('%s', (name) => {
    it('has a subject on one line, the shared layout in HTML, and a plain-text part', async () => {
      const { email } = await renderHostile(name);
      expect(email.subject.trim()).not.toBe('');
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      // the layout: the brand header and the footer with the business's phone and email as links
      expect(email.html.toLowerCase()).toContain('#0e7490');
      expect(email.html).toContain(`href="${business.phoneHref}"`);
      expect(email.html).toContain(`href="mailto:${business.email}"`);
      expect(email.html).toContain('laundry pick-up and delivery in');
      expect(email.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      // the text: words without markup, the same help contacts
      expect(email.text.trim().length).toBeGreaterThan(50);
      expect(email.text.replaceAll(hostile, '')).not.toMatch(htmlTag);
      for (const fact of [business.name, business.phone, business.email]) expect(email.text).toContain(fact);
      expect(`${email.subject}${email.html}${email.text}`).not.toMatch(/undefined|NaN|\[object Object\]/);
      for (const file of email.attachments ?? []) expect(file).toMatchObject({ filename: expect.stringMatching(/\S/), contentType: expect.stringMatching(/\//), content: expect.stringMatching(/\S/) });
    });

    it('escapes what a person typed in the HTML, and keeps it as typed in the text', async () => {
      const { email, typed } = await renderHostile(name);
      expect(email.html).not.toContain('<script');
      expect(email.html).not.toContain(`"&'`);
      if (!typed) return; // nothing typed reaches this email (the sign-in link's is all ours)
      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(email.html).toContain('&quot;&amp;&#x27;');
      expect(email.text).toContain(hostile);
    });
  });
});

describe('one HTML escaper', () => {
  const root = path.resolve(import.meta.dirname, '../../..');

  /** Source files (tests aside) under these folders. */
  function sources(...dirs: string[]): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(root, full));
      }
    };
    for (const dir of dirs) walk(path.join(root, dir));
    return out;
  }

  it('is src/shared/html.ts: no other file writes its own (React escapes the emails)', () => {
    const escapers = sources('src', 'emails', 'scripts').filter((file) => /['"`]&lt;['"`]|function escapeHtml|const escapeHtml/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(escapers).toEqual([path.join('src', 'shared', 'html.ts')]);
  });

  it('escapes element content and quoted attribute values', () => {
    expect(escapeHtml(hostile)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
  });
});
