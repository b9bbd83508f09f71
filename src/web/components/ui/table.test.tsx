// docs/decisions/050: the one data table names itself, scopes its headers, scrolls in a named box
// in the tab order (not when it is hidden), and says when it has nothing to show.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmptyState, RowHeader, Table } from './table';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <tr key={i}>
      <td>Row {i + 1}</td>
      <td>{i}</td>
    </tr>
  ));

describe('Table', () => {
  it('is named by its caption, its scroll box too, and scopes every column header', () => {
    const html = renderToStaticMarkup(
      <Table caption="Gift cards" columns={['Code', { header: 'Amount', numeric: true }]}>
        {rows(2)}
      </Table>,
    );
    expect(html).toMatch(/^<div role="region" aria-label="Gift cards" tabindex="0" class="[^"]*overflow-x-auto/);
    expect(html).toContain('<caption class="sr-only">Gift cards</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Amount<\/th>/);
    expect(html.match(/<tbody/g)).toHaveLength(1);
    expect(html).toContain('Row 2');
  });

  it('is labelled by a heading, and its scroll box keeps a name of its own', () => {
    const html = renderToStaticMarkup(
      <Table labelledBy="heading-1" regionLabel="Assignments table" columns={['Order']}>
        {rows(1)}
      </Table>,
    );
    expect(html).toContain('aria-label="Assignments table"');
    expect(html).toContain('<table aria-labelledby="heading-1"');
    expect(html).not.toContain('<caption');
  });

  it('shows its empty state in one row across every column, and only when there are no rows', () => {
    const empty = renderToStaticMarkup(
      <Table caption="Towns" columns={['Town', 'Bookings']} rowCount={0} empty="No bookings.">
        {rows(0)}
      </Table>,
    );
    expect(empty).toMatch(/<td colSpan="2"[^>]*>No bookings\.<\/td>/i);
    const full = renderToStaticMarkup(
      <Table caption="Towns" columns={['Town', 'Bookings']} rowCount={1} empty="No bookings.">
        {rows(1)}
      </Table>,
    );
    expect(full).not.toContain('No bookings.');
  });

  it('takes no place in the tab order when it does not scroll (a table for screen readers only)', () => {
    const html = renderToStaticMarkup(
      <Table caption="Per day" columns={['Day']} scroll={false} frameClassName="sr-only" frameId="t">
        {rows(1)}
      </Table>,
    );
    expect(html).toMatch(/^<div id="t" class="sr-only"><table/);
    expect(html).not.toContain('tabindex');
    expect(html).not.toContain('role="region"');
  });

  it('places row groups as they are, says when it is busy, and sizes fixed columns', () => {
    const html = renderToStaticMarkup(
      <Table caption="All bookings" columns={[{ header: 'When', width: 'w-44' }, 'What']} rowGroups busy>
        <tbody>
          <tr>
            <RowHeader>A</RowHeader>
            <td>1</td>
          </tr>
        </tbody>
        <tbody>
          <tr>
            <RowHeader>B</RowHeader>
            <td>2</td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(html.match(/<tbody>/g)).toHaveLength(2);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('<colgroup><col class="w-44"/><col/></colgroup>');
    expect(html.match(/<th scope="row"/g)).toHaveLength(2);
  });
});

describe('EmptyState', () => {
  it('says it in place of a list', () => {
    expect(renderToStaticMarkup(<EmptyState>No gift cards sold yet.</EmptyState>)).toContain('>No gift cards sold yet.</div>');
  });
});
