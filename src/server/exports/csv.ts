// The CSV files staff download (decision 027): UTF-8 with a byte-order mark (so a spreadsheet reads
// it as UTF-8), a header row, one row per record, written as the rows come from the database a page
// at a time, so a file of any size never sits in memory. Formula injection is neutralised by
// csv-stringify's escape_formulas: a text cell starting with =, +, -, @, tab or carriage return is
// prefixed with an apostrophe, so a spreadsheet shows it as text instead of running it.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | null;

/** One export: its file name, its header and its rows, a page at a time (an async iterable of pages). */
export type CsvTable = {
  filename: string;
  header: readonly string[];
  pages: () => AsyncIterable<readonly CsvCell[][]>;
};

/** 1065 → "10.65", -5 → "-0.05": dollars with two decimals, from integer cents (no floating point). */
export function dollarsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 142 tenths → "14.2"; null → "" (not weighed). */
export function poundsText(tenths: number | null): string {
  return tenths === null ? '' : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/**
 * The rows of a keyset-paged query as CSV rows: `page(after, size)` answers up to `size` rows after
 * the cursor (null: the first page), `cursor(row)` is a row's key, `cells(row)` its CSV row. Stops
 * at a short page.
 */
export async function* keysetPages<Row, Cursor>(
  page: (after: Cursor | null, size: number) => Promise<Row[]>,
  cursor: (row: Row) => Cursor,
  cells: (row: Row) => CsvCell[],
  size = 500,
): AsyncGenerator<CsvCell[][]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length > 0) yield rows.map(cells);
    if (rows.length < size) return;
    after = cursor(rows[rows.length - 1]!);
  }
}

async function* records(table: CsvTable): AsyncGenerator<readonly CsvCell[]> {
  for await (const rows of table.pages()) for (const row of rows) yield row;
}

/** The table as a stream of CSV text (a Node stream: archiver takes it as it is, a response through Readable.toWeb). */
export function csvStream(table: CsvTable): Readable {
  const out = stringify({ bom: true, header: true, columns: [...table.header], escape_formulas: true, record_delimiter: 'windows'});
  const source = Readable.from(records(table));
  source.on('error', (err) => out.destroy(err));
  return source.pipe(out);
}

/** The whole table as text (tests, small files). */
export async function csvText(table: CsvTable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(table)) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks).toString('utf8');
}
