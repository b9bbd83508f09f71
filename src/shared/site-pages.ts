// The website's HTML pages for one business (decision 055): the prerendered public pages, the
// app shell of the client-rendered routes and the 404 page, each with the business in its head.
// The build writes them with the spec's business; the server renders them again whenever the
// settings move on, so no page shows a name or price the settings no longer hold.
import { escapeHtml } from './html';
import { notFoundPrerenderPath, pageRoutes } from './routes';
import { formatCents } from './money';
import { priceListOf } from './price-list';
import { offeredWindows, serviceDaysLabel, serviceHoursLabel } from './business-words';
import type { BusinessSettings } from './settings';
import { pageTitle, type SiteBusiness, siteBusinessScript, townsSentence } from './site-business';

/** The website's part of the settings (never the notices address nor anything staff-only). */
export function siteBusinessOf(settings: Pick<BusinessSettings, 'business' | 'serviceArea' | 'prices' | 'schedule'>, open = true): SiteBusiness {
  const b = settings.business;
  const s = settings.schedule;
  return {
    name: b.name,
    tagline: b.tagline,
    phone: b.phone,
    email: b.email,
    state: b.state,
    stateCode: b.stateCode,
    timeZone: b.timeZone,
    towns: [...settings.serviceArea.towns],
    prices: priceListOf(settings.prices),
    noShowFeeCents: settings.prices.noShowFeeCents,
    serviceWeekdays: [...s.serviceWeekdays].sort((x, y) => x - y),
    serviceDaysLabel: serviceDaysLabel(s.serviceWeekdays),
    serviceHoursLabel: serviceHoursLabel(s.pickupWindows),
    pickupWindows: offeredWindows(s.pickupWindows).map(({ value, label, startHour }) => ({ value, label, startHour })),
    freeCancellationHours: s.freeCancellationHours,
    turnaroundHours: s.turnaroundHours,
    turnaroundLatestHours: s.turnaroundLatestHours,
    open,
  };
}

/** The home page's description for search engines (spec: customer-site 2): the towns and the price. */
export function homeDescription(site: SiteBusiness): string {
  return `Laundry pick-up and delivery in ${townsSentence(site.towns)}, ${site.stateCode}. Wash, dry and fold at ${formatCents(site.prices.perPoundCents)}/lb, picked up at your door.`;
}

/** Renders one route's markup for a business (the build's server bundle, src/web/entry-server.tsx). */
export type RenderPage = (url: string, site: SiteBusiness) => Promise<string>;

/** The HTML template's placeholders (index.html). */
const headSlot = '<!--app-head-->';
const bodySlot = '<!--app-html-->';

function head(site: SiteBusiness, title: string | null, page: { home?: boolean; resumeKey?: string; code?: string[] } = {}): string {
  const tags = [`<title>${escapeHtml(pageTitle(title, site))}</title>`];
  if (page.home) tags.push(`<meta name="description" content="${escapeHtml(homeDescription(site))}" />`);
  // read by src/web/main.tsx: with something kept under this key, the page starts React at once
  if (page.resumeKey) tags.push(`<meta name="washday-resume" content="${escapeHtml(page.resumeKey)}" />`);
  // read by src/web/main.tsx: the files it fetches once the page has loaded (fetchCodeOnLoad)
  if (page.code?.length) tags.push(`<meta name="washday-code" content="${escapeHtml(page.code.join(' '))}" />`);
  tags.push(siteBusinessScript(site));
  return tags.join('\n    ');
}

/** The file each page is served from, under the client directory. */
export function pageFile(path: string): string {
  return path === '/' ? '/index.html' : `${path}/index.html`;
}

/** The files (`/assets/x.js`) each page with `fetchCodeOnLoad` starts React with, by its path (scripts/build.ts). */
export type PageCode = Record<string, string[]>;

/** Every HTML page of the site for this business, keyed by its file (`/index.html`, `/shell.html`, `/404.html`…). */
export async function renderSitePages(template: string, render: RenderPage, site: SiteBusiness, code: PageCode = {}): Promise<Map<string, string>> {
  if (!template.includes(headSlot) || !template.includes(bodySlot)) throw new Error('the HTML template has lost its placeholders');
  // replace with a function: a `$` in the markup is text, not a replacement pattern
  const fill = (html: string, tags: string) => template.replace(headSlot, () => tags).replace(bodySlot, () => html);
  const pages = new Map<string, string>();
  // the app shell for client-rendered routes (no prerendered markup: createRoot, not hydrate)
  pages.set('/shell.html', fill('', head(site, null)));
  for (const route of pageRoutes.filter((r) => r.prerender)) {
    pages.set(pageFile(route.path), fill(await render(route.path, site), head(site, route.title, { home: route.path === '/', resumeKey: route.resumeKey, code: route.fetchCodeOnLoad ? code[route.path] : undefined })));
  }
  pages.set('/404.html', fill(await render(notFoundPrerenderPath, site), head(site, 'Page not found')));
  return pages;
}
