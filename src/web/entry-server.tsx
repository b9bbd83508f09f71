// Renders a page to HTML for a business: at build time (scripts/build.ts) and by the server
// whenever the settings move on (decision 055, src/server/pages/site-renderer.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { SiteBusiness } from '../shared/site-business';
import { App } from './app';
import { preloadDeferredParts } from './lib/deferred';
import { SiteBusinessProvider } from './lib/site-business';
import { preloadPage } from './router';

export async function render(url: string, site: SiteBusiness): Promise<string> {
  await preloadPage(new URL(url, 'http://localhost').pathname);
  await preloadDeferredParts();
  return renderToString(
    <StrictMode>
      <SiteBusinessProvider value={site}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </SiteBusinessProvider>
    </StrictMode>,
  );
}
