import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries of the web app (docs/conventions.md 7; docs/architecture.md, "Web"). Patterns are regular
// expressions over the import specifier as written.
// docs/design.md 2: the web side never imports server code (a type-only import of the API type is fine).
const webImportsNoServer = { regex: '^(\\.\\./)+(src/)?server(/|$)', message: 'web must not import server code', allowTypeImports: true };
// docs/conventions.md, "A web feature has an index": pages and other features reach a feature through
// `features/<name>` (its index.ts), never through the files inside it. The booking wizard's folder has
// no index yet (its owner adds one); until then its files stay importable.
const featuresWithoutIndex = ['booking'];
const featureByPath = {
  regex: `(^|/)features/(?!(${featuresWithoutIndex.join('|')})/)[^/]+/.`,
  message: "import a feature through its index ('features/<name>'), not the files inside it",
};
/** From a file `depth` folders below src/web/features/<x>/, `../…/<y>/<file>` reaches into a sibling feature. */
const siblingFeatureFile = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.|(${featuresWithoutIndex.join('|')})/)[^/]+/.`,
  message: "import another feature through its index ('../<name>'), not the files inside it",
});
const webBoundaries = (...patterns) => ['error', { patterns: [webImportsNoServer, featureByPath, ...patterns] }];

// docs/decisions/046: every domain error is a code of src/server/error-catalogue.ts, raised with
// `domainError(code, values)`; no server file words one itself. Only errors.ts and the catalogue
// build the classes.
const fromCatalogue = "throw domainError('code', values), the code's line in src/server/error-catalogue.ts (docs/decisions/046)";
const catalogueOnly = [
  { selector: 'NewExpression[callee.name=/^(DomainError|ValidationError|NotFoundError|RateLimited)$/]', message: `A domain error is not built by hand: ${fromCatalogue}` },
  { selector: ':matches(ClassDeclaration, ClassExpression)[superClass.name=/^(DomainError|ValidationError|NotFoundError|RateLimited)$/]', message: `A domain error is a catalogue code, not a class: ${fromCatalogue}` },
  // the words are the catalogue's: a value is data (a name, an amount, the provider's reason), never a sentence or a fallback one
  {
    selector: 'CallExpression[callee.name=/^(domainError|errorMessage|fieldError)$/] > ObjectExpression :matches(Literal[value=/\\s/], TemplateLiteral)',
    message: `A domain error's words belong in its catalogue message, not in its values: ${fromCatalogue}`,
  },
  {
    selector: "NewExpression[callee.name='APIError'] > ObjectExpression > Property[key.name='message']:not([value.type='CallExpression'][value.callee.name='errorMessage'])",
    message: "better-auth's refusal takes the catalogue's words: { message: errorMessage('code') } (docs/decisions/046)",
  },
  {
    selector: "Property[key.name='error'] > ObjectExpression > Property[key.name='message'] > :matches(Literal, TemplateLiteral)",
    message: `An error answer's message is the catalogue's: c.json(errorBody(domainError('code')), status), or ${fromCatalogue}`,
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': webBoundaries(),
    },
  },
  // inside a feature folder, `../<y>/…` (at its depth) is another feature's internals
  ...[0, 1, 2].map((depth) => ({
    files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': webBoundaries(siblingFeatureFile(depth)) },
  })),
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/server/config.ts', '**/*.test.ts'],
    rules: {
      // docs/conventions.md 3: config.ts is the only reader of process.env
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'read configuration through src/server/config.ts' }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/errors.ts', 'src/server/error-catalogue.ts', 'src/server/error-catalogue-*.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...catalogueOnly] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'shared is pure TypeScript without I/O' }] },
      ],
    },
  },
  {
    // docs/decisions/009: code the browser loads validates with zod/mini; a classic zod import
    // would bring most of zod's core back to every public page
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "browser code imports 'zod/mini' (docs/decisions/009); a type-only import of 'zod' is fine", allowTypeImports: true }] },
      ],
    },
  },
);
