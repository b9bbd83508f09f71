// docs/decisions/050: the pro portal's sign-in and set-password cards are the staff cards' parts,
// so the two read alike (the same fields, their autocomplete, the same button and frame) and differ
// only in their words and where their links go.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QueryProvider } from '../../lib/query';
import { LoginCard, ResetPasswordCard } from '../staff-session';
import { ProPasswordCard } from './pro-password-card';
import { ProSignInCard } from './pro-sign-in-card';

const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <QueryProvider>{node}</QueryProvider>
    </StaticRouter>,
  );

/** The card without its words or links: its tags and the attributes a form works by. */
const shape = (markup: string) =>
  [...markup.matchAll(/<(form|input|button|label|h1|a)\b([^>]*)>/g)].map(([, tag, attrs]) => {
    const kept = [...attrs!.matchAll(/\b(type|autoComplete|autocomplete|inputMode|inputmode|name|aria-label)="([^"]*)"/g)].map(([, k, v]) => `${k}=${v}`);
    return `${tag} ${kept.filter((k) => !k.startsWith('aria-label=')).join(' ')}`.trim();
  });

describe('the pro portal sign-in cards are the staff cards', () => {
  it('signs in with the same form: email and password, the same button, a switch to ask for a link', () => {
    const staff = html(<LoginCard />);
    const pro = html(<ProSignInCard />);
    expect(shape(pro)).toEqual(shape(staff));
    expect(pro).toMatch(/<form [^>]*aria-label="Sign in" method="post">/);
    expect(pro).toContain('autoComplete="current-password"');
    expect(staff).toContain('>Admin Login</h1>');
    expect(pro).toContain('>Pro Portal</h1>');
    expect(pro).toContain('Forgot your password or first time here?');
  });

  it('asks for a link with the same form', () => {
    const staff = html(<LoginCard initialMode="reset" />);
    const pro = html(<ProSignInCard initialMode="request-link" />);
    expect(shape(pro)).toEqual(shape(staff));
    expect(pro).toContain('>Send Link</button>');
    expect(staff).toContain('>Send Reset Link</button>');
  });

  it('sets a password with the same form, and says the same of a spent link, each pointing to its own sign-in', () => {
    expect(shape(html(<ProPasswordCard token="t" linkError={false} />))).toEqual(shape(html(<ResetPasswordCard token="t" linkError={false} />)));
    const spentPro = html(<ProPasswordCard token="" linkError />);
    const spentStaff = html(<ResetPasswordCard token="" linkError />);
    expect(shape(spentPro)).toEqual(shape(spentStaff));
    expect(spentPro).toContain('href="/pro?forgot=1"');
    expect(spentStaff).toContain('href="/admin/login?forgot=1"');
  });
});
