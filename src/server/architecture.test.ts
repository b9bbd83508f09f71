// The import graph of src/** and emails/**: no file imports itself back through others, no folder
// imports a folder that imports it back, and the browser and the pure shared code stay apart from
// the server (docs/conventions.md 7, docs/architecture.md "Server").
//
// Edges: static imports, re-exports, `import type` and dynamic `import()` all count. A type-only
// cycle costs nothing at run time, but it still means two folders cannot be read, tested or moved
// apart; the folder rule is about who knows whom, so types count too. Test files are left out:
// they sit beside their code and exercise the whole app, and nothing imports them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const extensions = ['.ts', '.tsx', '.js', '.jsx'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') out.push(...sourceFiles(rel));
    } else if (extensions.some((e) => entry.name.endsWith(e)) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...extensions.map((e) => base + e), ...extensions.map((e) => `${base}/index${e}`)];
  // an import written with .js that names a .ts file
  if (/\.jsx?$/.test(base)) candidates.push(base.replace(/\.jsx?$/, '.ts'), base.replace(/\.jsx?$/, '.tsx'));
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return c;
  }
  return null;
}

type Edge = { from: string; to: string; typeOnly: boolean };

/** Which specifiers of a file are imported for their types only (import type / export type). */
function typeOnlySpecifiers(file: string, text: string): Set<string> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const typeOnly = new Set<string>();
  const valued = new Set<string>();
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const clause = stmt.importClause;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      (allTypes ? typeOnly : valued).add(stmt.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) {
      (stmt.isTypeOnly ? typeOnly : valued).add(stmt.moduleSpecifier.text);
    }
  }
  // a specifier also imported for values (or through import()) is not type-only
  for (const v of valued) typeOnly.delete(v);
  return typeOnly;
}

function buildGraph(): { files: string[]; edges: Edge[] } {
  const files = [...sourceFiles('src'), ...sourceFiles('emails')].sort();
  const edges: Edge[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const typeOnly = typeOnlySpecifiers(file, text);
    const dynamic = new Set<string>();
    // preProcessFile lists import() among importedFiles; a dynamic import is never type-only
    for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) dynamic.add(m[1]!);
    for (const imported of info.importedFiles) {
      const spec = imported.fileName;
      if (!spec.startsWith('.')) continue;
      const to = resolveRelative(file, spec);
      // not code (a stylesheet, an asset) or a file being written: tsc --noEmit reports what is missing
      if (!to) continue;
      edges.push({ from: file, to, typeOnly: typeOnly.has(spec) && !dynamic.has(spec) });
    }
  }
  return { files, edges };
}

/** The folder a file belongs to: src/server/<folder>, or the file itself when it sits in src/server. */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'emails') return 'emails';
  if (parts[0] === 'src' && parts[1] === 'server') return parts.length > 3 ? parts.slice(0, 3).join('/') : file;
  if (parts[0] === 'src') return parts.slice(0, 2).join('/');
  return parts[0]!;
}

/** Strongly connected components with more than one node (or a self-loop): Tarjan. */
function cycles(nodes: string[], adjacency: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of adjacency.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || adjacency.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const n of nodes) if (!indices.has(n)) visit(n);
  return found;
}

/** For each cycle, one concrete loop through it, with the file edges that make each step. */
function describeCycle(component: string[], adjacency: Map<string, Set<string>>, why: (a: string, b: string) => string): string {
  const inside = new Set(component);
  // the shortest loop back to the first node, found breadth-first inside the component
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  let end: string | null = null;
  while (queue.length && !end) {
    const v = queue.shift()!;
    for (const w of adjacency.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        end = v;
        break;
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const loop = [start];
  for (let v = end; v && v !== start; v = previous.get(v) ?? null) loop.splice(1, 0, v);
  loop.push(start);
  const steps = loop.slice(0, -1).map((a, i) => `    ${a} → ${loop[i + 1]}  (${why(a, loop[i + 1]!)})`);
  return [`  [${component.join(', ')}]`, ...steps].join('\n');
}

const { files, edges } = buildGraph();

function adjacencyOf(pairs: Array<[string, string]>): Map<string, Set<string>> {
  const adjacency = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (!adjacency.has(a)) adjacency.set(a, new Set());
    adjacency.get(a)!.add(b);
  }
  return adjacency;
}

describe('import graph (docs/architecture.md)', () => {
  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('has no file import cycle', () => {
    const adjacency = adjacencyOf(edges.map((e) => [e.from, e.to]));
    const found = cycles(files, adjacency);
    const report = found.map((c) => describeCycle(c, adjacency, () => 'imports')).join('\n');
    if (found.length) console.info(`${found.length} file import cycle(s):\n${report}`);
    expect(report).toBe('');
  });

  it('has no folder import cycle', () => {
    const folderEdges = edges.map((e): [string, string] => [folderOf(e.from), folderOf(e.to)]).filter(([a, b]) => a !== b);
    const adjacency = adjacencyOf(folderEdges);
    const folders = [...new Set(files.map(folderOf))].sort();
    // every folder-level cycle: for each pair of folders that reach each other, the first file edge of each step
    const why = (a: string, b: string) => {
      const e = edges.find((x) => folderOf(x.from) === a && folderOf(x.to) === b)!;
      return `${e.from} imports ${e.to}`;
    };
    const found = cycles(folders, adjacency);
    // name every pair of folders inside a cycle that reach each other, so the count reads like the work
    const pairs: string[] = [];
    const reach = (from: string, inside: Set<string>): Set<string> => {
      const seen = new Set<string>();
      const queue = [from];
      while (queue.length) {
        const v = queue.shift()!;
        for (const w of adjacency.get(v) ?? []) {
          if (inside.has(w) && !seen.has(w)) {
            seen.add(w);
            queue.push(w);
          }
        }
      }
      return seen;
    };
    for (const component of found) {
      const inside = new Set(component);
      for (const a of component) {
        for (const b of adjacency.get(a) ?? []) {
          if (inside.has(b) && reach(b, inside).has(a)) pairs.push(`    ${a} → ${b}  (${why(a, b)})`);
        }
      }
    }
    const report = found.map((c) => describeCycle(c, adjacency, why)).join('\n');
    if (found.length) {
      console.info(`${found.length} folder import cycle(s):\n${report}\n  ${pairs.length} folder edge(s) inside a cycle:\n${pairs.join('\n')}`);
    }
    expect(report).toBe('');
  });

  it('keeps the browser off the server except for types, and the shared code off both', () => {
    const wrong = edges
      .filter(
        (e) =>
          (e.from.startsWith('src/web/') && e.to.startsWith('src/server/') && !e.typeOnly) ||
          (e.from.startsWith('src/shared/') && (e.to.startsWith('src/server/') || e.to.startsWith('src/web/'))),
      )
      .map((e) => `  ${e.from} imports ${e.to}${e.typeOnly ? ' (types only)' : ''}`);
    expect(wrong.join('\n')).toBe('');
  });

  it('follows the allowed directions the map draws, and only those', () => {
    const allowed = allowedDirections(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    const wrong = forbiddenEdges(edges, allowed);
    if (wrong.length) console.info(`${wrong.length} import(s) the map does not allow:\n${wrong.join('\n')}`);
    expect(wrong).toEqual([]);
  });

  it('fails on a planted import the map forbids (a test of the test)', () => {
    const allowed = allowedDirections(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    // reports reads only the database: an import of payments by it is refused, as is an arrow back up
    const planted: Edge[] = [
      { from: 'src/server/reports/reports.service.ts', to: 'src/server/payments/operations.service.ts', typeOnly: false },
      { from: 'src/server/payments/operations.service.ts', to: 'src/server/bookings/weighing.service.ts', typeOnly: true },
      { from: 'src/server/bookings/weighing.service.ts', to: 'src/server/payments/charges.service.ts', typeOnly: false },
    ];
    expect(forbiddenEdges(planted, allowed)).toEqual([
      '  src/server/reports → src/server/payments  (src/server/reports/reports.service.ts imports src/server/payments/operations.service.ts)',
      '  src/server/payments → src/server/bookings  (src/server/payments/operations.service.ts imports src/server/bookings/weighing.service.ts)',
    ]);
  });

  it('keeps payments out of the capabilities it pays for: their handlers are registered at start-up (decision 051)', () => {
    const allowed = allowedDirections(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    const fromPayments = (to: string): Edge => ({ from: 'src/server/payments/webhook-events.service.ts', to, typeOnly: false });
    const planted = [
      fromPayments('src/server/invoices/manual-invoice-payment.ts'),
      fromPayments('src/server/gift-card-sales/gift-card-purchase.ts'),
      fromPayments('src/server/gift-cards/issue-gift-card.ts'),
      fromPayments('src/server/booking-money/booking-money.ts'),
      fromPayments('src/server/booking-records/places.ts'),
      fromPayments('src/server/laundry-pros/pro-accounts.service.ts'),
      fromPayments('src/server/series/series.service.ts'),
    ];
    expect(forbiddenEdges(planted, allowed)).toEqual(planted.map((e) => `  src/server/payments → ${folderOf(e.to)}  (${e.from} imports ${e.to})`));
    // and the code draws none of them: payments imports no server folder but the database, the
    // platform, the gateways and a type of notifications
    const reached = new Set(edges.filter((e) => folderOf(e.from) === 'src/server/payments').map((e) => folderOf(e.to)));
    const beyond = [...reached].filter((f) => f !== 'src/server/payments' && !allowed.everyone.has(f) && f !== 'src/server/notifications');
    expect(beyond).toEqual([]);
    expect(edges.filter((e) => folderOf(e.from) === 'src/server/payments' && folderOf(e.to) === 'src/server/notifications' && !e.typeOnly)).toEqual([]);
  });
});

/** The platform files every folder may use: the first column of the map's row that says so. */
const platformFiles = (() => {
  const row = fs
    .readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
    .split('\n')
    .find((l) => l.includes('| the platform every folder may use'))!;
  return [...row.split('|')[1]!.matchAll(/`([^`]+\.ts)`/g)].map((m) => `src/server/${m[1]}`);
})();

/** A name the map uses, as the graph's node: a folder, a top-level server file, or one of the fixed parts. */
function nodeOf(name: string): string[] {
  if (name === 'the platform files' || name === 'the platform only' || name === 'db and the platform only') return name === 'db and the platform only' ? ['src/server/db', ...platformFiles] : platformFiles;
  if (name === 'emails' || name.startsWith('src/')) return [name];
  if (name.endsWith('.ts')) return [`src/server/${name}`];
  if (name === 'rate-limit') return ['src/server/rate-limit.ts'];
  return [`src/server/${name}`];
}

/**
 * The arrows of docs/architecture.md's "Allowed directions" block: each line "a, b ─▶ c, d (why)".
 * "every folder" on the left is every node; on the right, what every node may import.
 */
function allowedDirections(map: string): { from: Map<string, Set<string>>; everyone: Set<string>; anyFrom: Set<string> } {
  const block = map.split('Allowed directions')[1]!.split('```')[1]!;
  const from = new Map<string, Set<string>>();
  const everyone = new Set<string>();
  const anyFrom = new Set<string>();
  for (const line of block.split('\n')) {
    const [left, right] = line.split('─▶').map((x) => x?.replace(/\([^)]*\)/g, '').trim());
    if (!left || right === undefined) continue;
    const targets = right === 'nothing of server or web' ? [] : right.split(',').flatMap((r) => nodeOf(r.trim()));
    for (const l of left.split(',').map((x) => x.trim())) {
      if (l === 'every folder') targets.forEach((t) => everyone.add(t));
      else if (right === 'every folder') nodeOf(l).forEach((n) => anyFrom.add(n));
      else
        for (const n of nodeOf(l)) {
          if (!from.has(n)) from.set(n, new Set());
          targets.forEach((t) => from.get(n)!.add(t));
        }
    }
  }
  return { from, everyone, anyFrom };
}

/** Server folder-to-folder imports no arrow of the map allows, each with the first file edge that makes it. */
function forbiddenEdges(graph: Edge[], allowed: ReturnType<typeof allowedDirections>): string[] {
  const seen = new Map<string, Edge>();
  for (const e of graph) {
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (a === b || !a.startsWith('src/server') || !(b.startsWith('src/server') || b === 'emails')) continue;
    if (allowed.anyFrom.has(a) || allowed.everyone.has(b) || allowed.from.get(a)?.has(b)) continue;
    if (!seen.has(`${a} → ${b}`)) seen.set(`${a} → ${b}`, e);
  }
  return [...seen].map(([arrow, e]) => `  ${arrow}  (${e.from} imports ${e.to})`);
}

