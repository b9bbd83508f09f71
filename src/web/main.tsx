// The only script a prerendered page loads up front. The page is complete HTML (links, anchors
// and text work without JavaScript, and a form's fields take what is typed), so React is loaded
// and the page hydrated on the visitor's first interaction; a button pressed or a form submitted
// before then is held and replayed once React is ready, never submitted natively. A page holding
// the visitor's draft (/book, `resumeKey` in src/shared/routes.ts) starts at once, to show it.
// Client-only routes (the shell) start at once. See docs/decisions/006 and 066.
import { holdInteractions } from './lib/hold-interactions';
import './styles.css';

const container = document.getElementById('root')!;
const boot = () => import('./boot').then((m) => m.start());

/** Whether the tab keeps something of the visitor's under this page's key (its draft). */
function resumable(): boolean {
  const key = document.querySelector<HTMLMetaElement>('meta[name="washday-resume"]')?.content;
  try {
    return Boolean(key && window.sessionStorage.getItem(key));
  } catch {
    return false; // storage refused (a private mode): nothing kept to show
  }
}

/**
 * A form the visitor came to fill in lists the code it starts with: fetched (not run) once the page
 * has loaded, so that the first press waits for no network; the page's own loading goes first.
 */
function fetchCodeWhenLoaded() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="washday-code"]')?.content.split(' ').filter(Boolean) ?? [];
  if (!files.length) return;
  // one file a task: a link costs the main thread about a millisecond on a fast machine, twenty
  // in one task would hold a slow phone's for a moment
  const fetchAll = () => {
    const href = files.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    setTimeout(fetchAll, 0);
  };
  if (document.readyState === 'complete') fetchAll();
  else window.addEventListener('load', fetchAll, { once: true });
}

if (!container.firstElementChild) {
  // a client-rendered route: nothing to press before React renders it
  void boot();
} else {
  const release = holdInteractions(document);
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'mousemove'] as const;
  let started = false;
  const go = (event?: Event) => {
    // Chromium sends a mouse move without movement when the page is laid out under a resting
    // cursor: nobody moved, so it does not count (a real move has movement)
    if (event instanceof MouseEvent && event.type === 'mousemove' && event.movementX === 0 && event.movementY === 0) return;
    if (started) return;
    started = true;
    for (const type of triggers) window.removeEventListener(type, go, true);
    void boot().then(release);
  };
  if (resumable()) go();
  else {
    for (const type of triggers) window.addEventListener(type, go, { capture: true, passive: true });
    fetchCodeWhenLoaded();
  }
}
