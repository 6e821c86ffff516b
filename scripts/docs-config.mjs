// Writes the configuration tables of docs/ (docs/configuration.md: variables and flags, HTTP-mode
// flags; docs/telemetry.md: the OpenTelemetry variables) from the settings table,
// src/config/settings.ts, between their marker comments. test/config-docs.test.ts fails when a file
// is out of step.
//   npm run docs-config             rewrite the files
//   npm run docs-config -- --check  exit 1 when a file is out of step
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The table is TypeScript: bundle its renderer in memory (esbuild, as scripts/bundle.mjs does) and import that.
const out = await build({ entryPoints: [join(root, 'src', 'config', 'doc-tables.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'error' });
const { TABLE_FILES, writeDocTables } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);

const check = process.argv.includes('--check');
let stale = false;
for (const file of Object.keys(TABLE_FILES)) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = writeDocTables(file, before);
  if (check) {
    if (after !== before) {
      console.error(`${file}: the configuration tables are out of step with src/config/settings.ts; run npm run docs-config`);
      stale = true;
    } else console.log(`${file}: the configuration tables are in step`);
  } else {
    if (after !== before) writeFileSync(path, after);
    console.log(after === before ? `${file}: the configuration tables were already in step` : `${file}: configuration tables rewritten`);
  }
}
if (stale) process.exit(1);
