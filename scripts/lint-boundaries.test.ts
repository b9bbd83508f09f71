// The web app's import boundaries (docs/conventions.md 7, docs/architecture.md "Web") are lint rules in
// eslint.config.js: these snippets prove each rule fires where it should and only there.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** The import-boundary messages ESLint gives `code` as if it were the file at `file` (relative to the root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const intoFeature = "import a feature through its index ('features/<name>'), not the files inside it";
const intoSibling = "import another feature through its index ('../<name>'), not the files inside it";
const intoServer = 'web must not import server code';

describe('web import boundaries', () => {
  it("refuses a page that reaches into a feature's files, and accepts its index", async () => {
    const page = 'src/web/pages/admin/some-page.tsx';
    expect(await boundaryErrors(page, "export { BookingsTab } from '../../features/admin-bookings/bookings-tab';\n")).toEqual([
      expect.stringContaining(intoFeature),
    ]);
    expect(await boundaryErrors(page, "import { BookingsTab } from '../../features/admin-bookings/bookings-tab';\nexport const x = BookingsTab;\n")).toEqual([
      expect.stringContaining(intoFeature),
    ]);
    expect(await boundaryErrors(page, "import { BookingsTab } from '../../features/admin-bookings';\nexport const x = BookingsTab;\n")).toEqual([]);
  });

  it("refuses a feature that reaches into another feature's files, and accepts its own files and the other's index", async () => {
    const feature = 'src/web/features/customers/some-part.tsx';
    expect(await boundaryErrors(feature, "import { ContactBlock } from '../admin-bookings/booking-details';\nexport const x = ContactBlock;\n")).toEqual([
      expect.stringContaining(intoSibling),
    ]);
    expect(await boundaryErrors(feature, "import { ContactBlock } from '../../features/admin-bookings/booking-details';\nexport const x = ContactBlock;\n")).toEqual([
      expect.stringContaining(intoFeature),
    ]);
    // a file one folder down in its feature: `../../<y>/…` is the sibling's inside, `../…` its own
    expect(await boundaryErrors('src/web/features/customers/parts/row.tsx', "import { ContactBlock } from '../../admin-bookings/booking-details';\nexport const x = ContactBlock;\n")).toEqual([
      expect.stringContaining(intoSibling),
    ]);
    const allowed = [
      "import { ContactBlock } from '../admin-bookings';",
      "import { CustomersTab } from './customers-tab';",
      "import { formatDate } from '../../lib/format';",
      "import { Pager } from '../../components/ui/pager';",
      "import { formatCents } from '../../../shared/money';",
    ];
    expect(await boundaryErrors(feature, `${allowed.join('\n')}\nexport const x = [ContactBlock, CustomersTab, formatDate, Pager, formatCents];\n`)).toEqual([]);
    expect(await boundaryErrors('src/web/features/customers/parts/row.tsx', "import { CustomersTab } from '../customers-tab';\nexport const x = CustomersTab;\n")).toEqual([]);
  });

  it('refuses web code that imports server code, but not a type-only import', async () => {
    const page = 'src/web/pages/admin/some-page.tsx';
    expect(await boundaryErrors(page, "import { buildApp } from '../../../server/app';\nexport const x = buildApp;\n")).toEqual([expect.stringContaining(intoServer)]);
    expect(await boundaryErrors('src/web/lib/x.ts', "import { config } from '../../server/config';\nexport const x = config;\n")).toEqual([expect.stringContaining(intoServer)]);
    expect(await boundaryErrors(page, "import type { App } from '../../../server/app';\nexport type X = App;\n")).toEqual([]);
    // React's own server renderer is not the app's server
    expect(await boundaryErrors('src/web/entry-server.tsx', "import { renderToString } from 'react-dom/server';\nexport const x = renderToString;\n")).toEqual([]);
  });
});
