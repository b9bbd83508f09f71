// The one data table (docs/decisions/050): every hand-built table of the back office is this
// component with its own rows. It gives each table a name (a caption, or the heading it is
// labelled by), column headers with their scope, a scroll box that a phone or a zoomed page
// scrolls sideways (a named region in the tab order, so a keyboard can scroll it too), a busy
// state while the list refreshes, and a row saying so when there is nothing to show. A list that
// shows cards on a phone says it is empty with `EmptyState` in place of both.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type TableColumn =
  | string
  | {
      header: ReactNode;
      /** React's key when the header is not a string. */
      key?: string;
      /** A figure: the header and the cells beneath it sit to the right. */
      numeric?: boolean;
      /** The column's width, as a class on its `<col>` (a fixed layout's table). */
      width?: string;
      className?: string;
    };

/** A table is named by a caption (visually hidden unless `captionShown`) or by a heading's id. */
type TableName = { caption: string; captionShown?: boolean; labelledBy?: never } | { labelledBy: string; caption?: never; captionShown?: never };

export type TableProps = TableName & {
  columns: TableColumn[];
  /** `<tr>`s, placed in one body; with `rowGroups`, one `<tbody>` per group (a row and its details). */
  children?: ReactNode;
  rowGroups?: boolean;
  /** With `empty`: how many rows there are; none shows `empty` in a row across every column. */
  rowCount?: number;
  empty?: ReactNode;
  /** The list is being read again: shown dimmed and told to screen readers as busy. */
  busy?: boolean;
  /** `list`: a back-office list's small upper-case headers; `figures`: a plain table of figures. */
  look?: 'list' | 'figures';
  /** The scroll box, a region in the tab order (default); off for a table that is not shown. */
  scroll?: boolean;
  /** The scroll box's name; by default the caption (a table named by a heading has to give one). */
  regionLabel?: string;
  /** On the `<table>`: its minimum width, a fixed layout. */
  className?: string;
  /** On the box around the table: when it shows, how tall it grows. */
  frameClassName?: string;
  frameId?: string;
};

const looks = {
  list: {
    head: 'bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase',
    th: 'px-3 py-2 whitespace-nowrap first:pl-6 last:pr-6',
    body: 'divide-y divide-slate-100 align-top',
  },
  figures: {
    head: 'bg-slate-50 text-left',
    th: 'px-3 py-2 font-semibold',
    body: '[&>tr]:border-t [&>tr]:border-slate-100',
  },
} as const;

const columnOf = (c: TableColumn) => (typeof c === 'string' ? { header: c, key: c } : { ...c, key: c.key ?? String(c.header) });

export function Table({
  columns,
  children,
  rowGroups = false,
  rowCount,
  empty,
  busy = false,
  look = 'list',
  scroll = true,
  regionLabel,
  className,
  frameClassName,
  frameId,
  ...name
}: TableProps) {
  const style = looks[look];
  const cols = columns.map(columnOf);
  const isEmpty = empty !== undefined && rowCount === 0;
  const emptyRow = (
    <tr>
      <td colSpan={cols.length} className="px-6 py-6 text-sm text-muted-foreground">
        {empty}
      </td>
    </tr>
  );
  const table = (
    <table aria-labelledby={name.labelledBy} aria-busy={busy || undefined} className={cn('w-full text-left text-sm', busy && 'opacity-70', className)}>
      {name.caption ? <caption className={name.captionShown ? 'pb-2 text-left font-semibold' : 'sr-only'}>{name.caption}</caption> : null}
      {cols.some((c) => c.width) ? (
        <colgroup>
          {cols.map((c) => (
            <col key={c.key} className={c.width} />
          ))}
        </colgroup>
      ) : null}
      <thead className={style.head}>
        <tr>
          {cols.map((c) => (
            <th key={c.key} scope="col" className={cn(style.th, c.numeric && 'text-right', c.className)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      {isEmpty ? <tbody>{emptyRow}</tbody> : rowGroups ? children : <tbody className={style.body}>{children}</tbody>}
    </table>
  );
  if (!scroll)
    return (
      <div id={frameId} className={frameClassName}>
        {table}
      </div>
    );
  return (
    <div
      id={frameId}
      role="region"
      aria-label={regionLabel ?? name.caption}
      tabIndex={0}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring', frameClassName)}
    >
      {table}
    </div>
  );
}

/** A row's own header (its first cell, naming what the row is about). */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="row" className={cn('text-left font-normal', className)} {...props} />;
}

/** What a list says when it has nothing to show, in place of its table or its cards. */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col gap-1 p-6 text-sm text-muted-foreground', className)}>{children}</div>;
}
