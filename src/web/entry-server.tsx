// Renders a page to HTML at build time (scripts/build.ts prerenders the public pages).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { preloadDeferredParts } from './lib/deferred';
import { preloadPage } from './router';

export async function render(url: string): Promise<string> {
  await preloadPage(new URL(url, 'http://localhost').pathname);
  await preloadDeferredParts();
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
