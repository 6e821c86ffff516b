// Bundles the compiled entry (dist/cli.js, which turns on the compile cache and then imports the
// start as a chunk of its own) into dist/bundle/: one module graph instead of hundreds
// of files to resolve at start-up (about 30 % faster to the first tools/list, and less memory).
// The catalog tables, the HTTP listener and the sandbox stay separate chunks, loaded on first need.
// The bundle carries no licence comments (`legalComments: 'none'`); scripts/notices.mjs writes them to
// dist/THIRD_PARTY_NOTICES from the metafile, which is kept in dist/bundle.meta.json (outside the
// shipped dist/bundle/) for it and for test/shipping.test.ts. Last, the catalog's data files
// (scripts/catalog-data.mjs) and the find index file (scripts/find-index.mjs) are written beside the chunks:
// a server parses them instead of running the domain tables and building the index.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { writeCatalogData } from './catalog-data.mjs';
import { writeFindIndex } from './find-index.mjs';
import { METAFILE, writeNotices } from './notices.mjs';
import { sdkShims } from './sdk-shims.mjs';

// The MCP Apps views (src/apps/view/) as one self-contained HTML string, for the browser: no
// framework, script and style inline, and a CSP of its own that allows no fetch at all.
async function viewsHtml() {
  const js = await build({ entryPoints: ['src/apps/view/main.ts'], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' });
  const css = await build({ entryPoints: ['src/apps/view/style.css'], bundle: true, write: false, minify: true, logLevel: 'warning' });
  const script = js.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
  const csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'";
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="color-scheme" content="light dark"><style>${css.outputFiles[0].text.trim()}</style></head><body><main id="app"></main><script>${script.trim()}</script></body></html>`;
}
const views = await viewsHtml();

// Chunk names carry content hashes: start from an empty folder so no stale chunk is left behind.
rmSync('dist/bundle', { recursive: true, force: true });

const { metafile } = await build({
  entryPoints: ['dist/cli.js'],
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [sdkShims],
  // Less text to parse at every start (Node 20 has no compile cache): the start path's 1.63 MB become
  // 1.21 MB, and 0.90 MB with short local names. Local functions and classes lose their source `.name`
  // (keepNames would restore it with a call per function made, which cost more at start than the shorter
  // text saved on Node 20, 22 and 24): no answer, error text or log line of ours reads one (SDK and
  // undici errors set their name themselves); stacks, never shown to a user, read minified.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  // Inlined into src/apps/html.js, a chunk of its own loaded on the first read of the views.
  // __FORGE_BUILD_DATA__: the catalog is read from the data files scripts/catalog-data.mjs writes, not the tables.
  define: { __FORGE_VIEWS_HTML__: JSON.stringify(views), __FORGE_BUILD_DATA__: 'true' },
  // Bundled CommonJS dependencies call require(); give each chunk one.
  banner: { js: "import { createRequire as __forgeCreateRequire } from 'node:module'; const require = __forgeCreateRequire(import.meta.url);" },
});

writeFileSync(METAFILE, JSON.stringify(metafile));
writeNotices(metafile);
await writeCatalogData();
await writeFindIndex();
