// Bundles the compiled entry (dist/cli.js) into dist/bundle/: one module graph instead of hundreds
// of files to resolve at start-up (about 30 % faster to the first tools/list, and less memory).
// The catalog tables, the HTTP listener and the sandbox stay separate chunks, loaded on first need.
// The bundle carries no licence comments (`legalComments: 'none'`); scripts/notices.mjs writes them to
// dist/THIRD_PARTY_NOTICES from the metafile, which is kept in dist/bundle.meta.json (outside the
// shipped dist/bundle/) for it and for test/shipping.test.ts. Last, the find index file is written beside
// the chunks (scripts/find-index.mjs): a server reads it on its first find instead of building the index.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { writeFindIndex } from './find-index.mjs';
import { METAFILE, writeNotices } from './notices.mjs';

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
  // Bundled CommonJS dependencies call require(); give each chunk one.
  banner: { js: "import { createRequire as __forgeCreateRequire } from 'node:module'; const require = __forgeCreateRequire(import.meta.url);" },
});

writeFileSync(METAFILE, JSON.stringify(metafile));
writeNotices(metafile);
await writeFindIndex();
