// Serves the built SPA: hashed assets, prerendered pages, the app shell for client-rendered
// routes, and the 404 page with status 404 for any path the route table does not know.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { findPageRoute, normalisePath } from '../../shared/routes';
import { pageFile } from '../../shared/site-pages';
import { domainError } from '../error-catalogue';
import { errorBody } from '../errors';
import type { SiteRenderer } from './site-renderer';

const mimeTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export type PageServer = (c: Context) => Promise<Response>;

/**
 * Pages whose address carries a token or a checkout session id: they send no Referer at all,
 * so the token never leaks to another site nor into our own asset requests.
 */
export const tokenPagePaths = ['/cancel-booking', '/admin/reset-password', '/pro/reset-password', '/pro/confirm-email', '/booking-success', '/booking-cancelled', '/invoice', '/pay', '/gift-card-success', '/gift-card-cancelled', '/orders', '/series', '/rate', '/dev/checkout'];

export function referrerPolicyFor(pathname: string): string {
  const p = normalisePath(pathname);
  return tokenPagePaths.some((t) => p === t || p.startsWith(`${t}/`)) ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

/**
 * The CSP source of every inline script in the built HTML pages ('sha256-…'), so that the
 * policy allows exactly those and no other inline script. The build emits none today; a script
 * added to index.html later is allowed by its hash instead of by 'unsafe-inline'.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'assets' && !e.name.startsWith('.')) visit(full);
      else if (e.isFile() && e.name.endsWith('.html')) for (const h of inlineScriptsOf(fs.readFileSync(full, 'utf8'))) hashes.add(h.hash);
    }
  };
  visit(path.resolve(staticDir));
  return [...hashes].sort();
}

/** The inline scripts of an HTML page (no src attribute) with their CSP hash source; a JSON data block is not run, so not one. */
export function inlineScriptsOf(html: string): { body: string; hash: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1]!) && !/\btype\s*=\s*"application\/json"/i.test(m[1]!))
    .map((m) => ({ body: m[2]!, hash: `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'` }));
}

const fallback404 =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
  '<body><main><h1>404</h1><p>Oops! Page not found</p><a href="/">Return to Home</a></main></body></html>';

/** Serves the files under staticDir; its HTML pages as `site` renders them for the settings, when it can (decision 055). */
export function createPageServer(staticDir: string, site: SiteRenderer = async () => null): PageServer {
  const root = path.resolve(staticDir);
  const cache = new Map<string, Buffer | null>();

  function read(relative: string): Buffer | null {
    if (cache.has(relative)) return cache.get(relative)!;
    const full = path.resolve(root, '.' + relative);
    let data: Buffer | null = null;
    if (full.startsWith(root + path.sep)) {
      try {
        if (fs.statSync(full).isFile()) data = fs.readFileSync(full);
      } catch {
        data = null;
      }
    }
    cache.set(relative, data);
    return data;
  }

  /** An HTML page: as rendered for the settings, else the build's file. */
  async function page(file: string): Promise<Buffer | null> {
    return (await site())?.get(file) ?? read(file);
  }

  const gzipped = new WeakMap<Buffer, Buffer>();
  function gzip(body: Buffer): Buffer {
    let zipped = gzipped.get(body);
    if (!zipped) {
      zipped = zlib.gzipSync(body, { level: 9 });
      gzipped.set(body, zipped);
    }
    return zipped;
  }

  function send(c: Context, body: Buffer | string, type: string, status: 200 | 404, cacheControl: string) {
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': cacheControl, vary: 'accept-encoding' };
    let payload = typeof body === 'string' ? Buffer.from(body) : body;
    const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(type) && payload.length > 1024;
    if (compressible && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      payload = gzip(payload);
      headers['content-encoding'] = 'gzip';
    }
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(payload), status, headers);
  }

  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // a page's form the browser sent itself, before the page's scripts ran (the wizard's forms
      // post, never get): back to the page, and what was typed never reaches an address or a log
      const asked = new URL(c.req.url).pathname;
      if (c.req.method === 'POST' && findPageRoute(asked)) return c.redirect(normalisePath(asked), 303);
      return c.json(errorBody(domainError('page_not_found')), 404);
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // a malformed escape (/%E0%A4%A) is a page we do not have, not a server error
      return send(c, (await page('/404.html')) ?? fallback404, mimeTypes['.html']!, 404, 'no-cache');
    }
    const ext = path.extname(pathname);
    // build files such as .vite/manifest.json are not part of the site (/.well-known/ would be)
    const hidden = pathname.includes('/.') && !pathname.startsWith('/.well-known/');
    if (ext && !pathname.includes('..') && !hidden) {
      // an HTML file asked for by name is the page as the settings have it, not the build's
      if (ext === '.html') {
        const html = await page(pathname);
        if (html) return send(c, html, mimeTypes['.html']!, 200, 'no-cache');
      }
      const file = read(pathname);
      if (file) {
        const immutable = pathname.startsWith('/assets/');
        return send(
          c,
          file,
          mimeTypes[ext] ?? 'application/octet-stream',
          200,
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      }
    }
    const route = findPageRoute(pathname);
    if (route) {
      const normal = normalisePath(pathname);
      const prerendered = route.prerender && !(route.shellWithQuery && new URL(c.req.url).search);
      const html = (prerendered ? await page(pageFile(normal)) : null) ?? (await page('/shell.html'));
      if (html) return send(c, html, mimeTypes['.html']!, 200, 'no-cache');
    }
    return send(c, (await page('/404.html')) ?? fallback404, mimeTypes['.html']!, 404, 'no-cache');
  };
}
