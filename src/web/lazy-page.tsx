import { lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A route-level code-split page that can be loaded before rendering, so that prerendered HTML
 * hydrates without a loading flash and the server renderer never suspends.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((m) => {
      Loaded = m.default;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
