// The website's pages with the settings' business (decision 055). Before a page is served the
// settings' version is read (one row by its key); when it has moved on, every page is rendered
// again from the build's server bundle with the new business, once, however many visitors ask at
// that moment. So a saved name or price is on the next page served, on every instance, with no
// message between them, and a page with the old one is never served after the save is read.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PageCode, type RenderPage, renderSitePages, siteBusinessOf } from '../../shared/site-pages';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { readSettings, type SettingsRead } from '../settings/settings.service';

export type SitePages = Map<string, Buffer>;
/** The current pages, or null when the build has no server bundle (the files on disk are served). */
export type SiteRenderer = () => Promise<SitePages | null>;

/** The server bundle and template the build leaves beside the client files (scripts/build.ts). */
function bundleOf(staticDir: string): { entry: string; template: string; code: string } | null {
  const ssrDir = path.resolve(staticDir, '..', 'ssr');
  const entry = path.join(ssrDir, 'entry-server.js');
  const template = path.join(ssrDir, 'template.html');
  return fs.existsSync(entry) && fs.existsSync(template) ? { entry, template, code: path.join(ssrDir, 'page-code.json') } : null;
}

export function createSiteRenderer(db: Db, staticDir: string, logger: Logger): SiteRenderer {
  const bundle = bundleOf(staticDir);
  if (!bundle) return async () => null;
  let render: Promise<RenderPage> | null = null;
  let current: { version: number; pages: Promise<SitePages | null> } | null = null;

  async function renderAll(version: number, read: SettingsRead): Promise<SitePages | null> {
    try {
      render ??= import(pathToFileURL(bundle!.entry).href).then((m: { render: RenderPage }) => m.render);
      // the files a form fetches once loaded; a build without the list renders its pages without it
      const code = fs.existsSync(bundle!.code) ? (JSON.parse(fs.readFileSync(bundle!.code, 'utf8')) as PageCode) : {};
      const pages = await renderSitePages(fs.readFileSync(bundle!.template, 'utf8'), await render, siteBusinessOf(read.settings, read.open), code);
      return new Map([...pages].map(([file, html]) => [file, Buffer.from(html)]));
    } catch (err) {
      // the pages on disk (the spec's business) are better than none; the next version tries again
      logger.error({ err, version }, 'the website could not be rendered with the settings');
      return null;
    }
  }

  return async () => {
    let read;
    try {
      read = await readSettings(db);
    } catch {
      // the database does not answer: the pages of the last settings read are still the business's
      return current ? current.pages : null;
    }
    // an older read finishing late never replaces newer pages
    if (!current || read.version > current.version) current = { version: read.version, pages: renderAll(read.version, read) };
    return current.pages;
  };
}
