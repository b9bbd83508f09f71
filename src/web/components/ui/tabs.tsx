// Accessible tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys move and activate,
// Home/End jump, each panel labelled by its tab. On a phone the tabs keep their full labels in
// one row that scrolls sideways: the selected tab is scrolled into view, and an edge with more
// tabs past it fades out, so the row reads as one that goes on.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type TabItem<V extends string> = { value: V; label: string; icon?: ReactNode; content: ReactNode };

export function Tabs<V extends string>({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  const uid = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const tabId = (v: V) => `${uid}-tab-${v}`;
  const panelId = (v: V) => `${uid}-panel-${v}`;

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  // the selected tab in view (only the row scrolls, never the page), with a little of the next one
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(value);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const peek = 64;
    if (tab.offsetLeft - peek < list.scrollLeft) list.scrollLeft = Math.max(0, tab.offsetLeft - peek);
    else if (tab.offsetLeft + tab.offsetWidth + peek > list.scrollLeft + list.clientWidth) list.scrollLeft = tab.offsetLeft + tab.offsetWidth + peek - list.clientWidth;
  }, [value]);

  const fade = `linear-gradient(to right, ${more.before ? 'transparent, #000 2rem' : '#000'}, ${more.after ? '#000 calc(100% - 2rem), transparent' : '#000'})`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const target = items[next]!.value;
    onChange(target);
    refs.current.get(target)?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        style={more.before || more.after ? { maskImage: fade } : undefined}
        className="relative flex w-full gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white p-1 shadow-xs [scrollbar-width:thin] sm:w-fit sm:max-w-full sm:flex-wrap"
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                if (el) refs.current.set(item.value, el);
                else refs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md px-4 py-2 text-sm font-semibold transition-colors [&_svg]:size-4',
                selected ? 'bg-slate-900 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        // every panel exists (aria-controls points at it); only the selected one renders its content
        <div
          key={item.value}
          role="tabpanel"
          id={panelId(item.value)}
          aria-labelledby={tabId(item.value)}
          hidden={item.value !== value}
          tabIndex={0}
          className="rounded-lg focus-visible:outline-2"
        >
          {item.value === value ? item.content : null}
        </div>
      ))}
    </div>
  );
}
