// The outbox as a recipient reads it (no SMTP server in the tests): the link in the newest message
// of a kind to an address, from the development mail view, as its recipient would open it.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The path and query of the first link in that message whose address contains `path`. */
export async function linkFromMail(api: APIRequestContext, to: string, kind: string, path: string): Promise<string> {
  const pattern = new RegExp(`href="(http[^"]*${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^"]*)"`);
  let link = '';
  await expect
    .poll(async () => {
      const list = await (await api.get('/dev/mail')).text();
      const row = list.split('<tr>').find((r) => r.includes(to) && r.includes(kind));
      const id = row?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1];
      if (!id) return '';
      const html = await (await api.get(`/dev/mail/${id}`)).text();
      link = (html.match(pattern)?.[1] ?? '').replace(/&amp;/g, '&');
      return link;
    })
    .toContain(path);
  const url = new URL(link);
  return url.pathname + url.search;
}
