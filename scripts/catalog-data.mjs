// Writes the catalog as data beside the bundle, at build time (issue #31): the bundled server parses
// dist/bundle/catalog.jsonl (every action as buildDomain resolves it) instead of compiling and running the
// domain tables, and takes their function-valued fields (GraphQL variables, lookups' queries, bodies) from
// dist/bundle/catalog-functions.cjs. The tables stay the source: authors edit src/catalog/domains/*.ts, the lint
// reads them, and each build writes both files from the compiled dist/ of that very build (run after tsc).
// The functions module is the tables themselves with every text outside a function emptied (descriptions,
// summaries, documents, examples: what the functions never read), so each function keeps its own closure.
// test/catalog-data.test.ts holds the files equal, action by action, to the catalog built from the tables.
// Sources: dist/catalog/tables.js (the tables, resolved), dist/catalog/domains/*.js, dist/catalog/functions.js.
//   node scripts/catalog-data.mjs      (scripts/bundle.mjs runs it)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => join(root, 'dist', p);

// Fields of an action (src/catalog/define.ts, ActionSpec) whose types hold no function: emptied whole (0).
const NO_FUNCTION = new Set(['params', 'summary', 'examples', 'keywords', 'fineGrained', 'omitted', 'undocumented', 'narrowed', 'requiredWith',
  'elsewhere', 'shows', 'nextSteps', 'nextFill', 'errorHints', 'also', 'before', 'notFound', 'exactlyOne', 'confirmWhen', 'upload', 'poll', 'alsoEach', 'document']);

/** Edits that empty a table's texts: [start, end, replacement], outside every function, names kept (properties, modules, domains). */
function edits(file, code, withFunctions) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const out = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node)) return;
    // domain('issue', '...', { list: {...}, ... }): an action without a function is emptied whole.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'domain' && ts.isStringLiteral(node.arguments[0] ?? node) && ts.isObjectLiteralExpression(node.arguments[2] ?? node)) {
      const [name, description, actions, ...rest] = node.arguments;
      visit(description);
      for (const p of actions.properties) {
        if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && !withFunctions.has(`${name.text}.${p.name.text}`)) out.push([p.initializer.getStart(source), p.initializer.getEnd(), '0']);
        else visit(p);
      }
      rest.forEach(visit);
      return;
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && NO_FUNCTION.has(node.name.text)) {
      out.push([node.initializer.getStart(source), node.initializer.getEnd(), '0']);
      return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text.length > 0) {
      const p = node.parent;
      const isName = (ts.isPropertyAssignment(p) || ts.isPropertyAccessExpression(p)) && p.name === node;
      const isSpecifier = ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isElementAccessExpression(p) || ts.isComputedPropertyName(p);
      // The domain's name, domain('issue', ...): the functions are keyed by action ID.
      const isDomainName = ts.isCallExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'domain' && p.arguments[0] === node;
      // A named constant (`const ACHIEVEMENT = 'Achievements::Achievement'`) may be read by a function.
      const isConstant = ts.isVariableDeclaration(p);
      if (!isName && !isSpecifier && !isDomainName && !isConstant) out.push([node.getStart(source), node.getEnd(), "''"]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** esbuild plugin: each domain table with its texts emptied, and its actions without functions. */
const emptyTexts = (withFunctions) => ({
  name: 'catalog-empty-texts',
  setup(b) {
    b.onLoad({ filter: /[\\/]catalog[\\/]domains[\\/][^\\/]+\.js$/ }, ({ path }) => {
      let code = readFileSync(path, 'utf8');
      for (const [start, end, by] of edits(path, code, withFunctions).reverse()) code = `${code.slice(0, start)}${by}${code.slice(end)}`;
      return { contents: code, loader: 'js' };
    });
  },
});

const FUNCTIONS_ENTRY = `
import { DOMAINS } from './dist/catalog/domains/index.js';
import { functionFields } from './dist/catalog/functions.js';
export const FUNCTIONS = {};
for (const d of DOMAINS) {
  for (const [name, spec] of Object.entries(d.actions)) {
    const fields = functionFields(spec);
    if (Object.keys(fields).length) FUNCTIONS[d.domain + '.' + name] = fields;
  }
}
`;

/** Action ID → its function fields' paths and sources, for comparing the module with the tables. */
const functionsOf = (functionFields, actions) => new Map(actions.flatMap((a) => {
  const paths = Object.keys(functionFields(a)).sort();
  return paths.length ? [[a.id, paths.join()]] : [];
}));

/** Writes both files into dist/bundle/; answers their sizes in bytes. */
export async function writeCatalogData() {
  const { resolveTables } = await import(pathToFileURL(dist('catalog/tables.js')).href);
  const { functionFields } = await import(pathToFileURL(dist('catalog/functions.js')).href);
  const { CATALOG_DATA_FILE, CATALOG_FUNCTIONS_FILE } = await import(pathToFileURL(dist('catalog/data.js')).href);
  const domains = resolveTables();
  // JSON.stringify leaves the function-valued fields out; nothing else in the tables is lost (the test checks).
  // The layout is read by src/catalog/data.ts: a line of domains (their actions' names, the paths of their function
  // fields), then a line per action, all ASCII.
  const ascii = (json) => json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const lines = [
    JSON.stringify(domains.map((d) => {
      const functions = Object.fromEntries(d.actions.flatMap((a) => {
        const paths = Object.keys(functionFields(a));
        return paths.length ? [[a.name, paths]] : [];
      }));
      return { name: d.name, description: d.description, actions: d.actions.map((a) => a.name), ...(Object.keys(functions).length ? { functions } : {}) };
    })),
    ...domains.flatMap((d) => d.actions.map((a) => JSON.stringify(a))),
  ];
  const json = ascii(lines.join('\n'));
  writeFileSync(dist(`bundle/${CATALOG_DATA_FILE}`), json);
  const expected = functionsOf(functionFields, domains.flatMap((d) => d.actions));
  const out = dist(`bundle/${CATALOG_FUNCTIONS_FILE}`);
  await build({
    stdin: { contents: FUNCTIONS_ENTRY, resolveDir: root, loader: 'js' },
    outfile: out,
    bundle: true,
    // CommonJS: the server loads it synchronously, when a function field is first read (src/catalog/data.ts).
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [emptyTexts(new Set(expected.keys()))],
    // The builders only make plain data: a table no function reads is then left out of the module.
    pure: ['str', 'int', 'num', 'bool', 'strList', 'intList', 'obj', 'oneOf', 'idOr', 'req', 'paging', 'cursor', 'accessLevel', 'fileInput'],
  });
  // Fail the build, not a call: the module must carry exactly the tables' function fields.
  const { FUNCTIONS } = createRequire(import.meta.url)(out);
  const got = new Map(Object.entries(FUNCTIONS).map(([id, fields]) => [id, Object.keys(fields).sort().join()]));
  const differ = [...new Set([...expected.keys(), ...got.keys()])].filter((id) => expected.get(id) !== got.get(id));
  if (differ.length) throw new Error(`${CATALOG_FUNCTIONS_FILE} differs from the tables at ${differ.slice(0, 5).join(', ')}`);
  return { data: Buffer.byteLength(json), functions: readFileSync(out).length, actions: expected.size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { data, functions, actions } = await writeCatalogData();
  console.log(`wrote dist/bundle/catalog.jsonl: ${(data / 1024).toFixed(0)} KiB, catalog-functions.cjs: ${(functions / 1024).toFixed(0)} KiB (${actions} actions)`);
}
