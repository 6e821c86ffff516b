// Writes the README's configuration tables (## Configuration, ### HTTP mode, ### Telemetry) from the
// settings table, src/config/settings.ts, between their marker comments. test/config-readme.test.ts
// fails when the README is out of step.
//   npm run readme-config            rewrite README.md
//   npm run readme-config -- --check  exit 1 when README.md is out of step
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(root, 'README.md');

// The table is TypeScript: bundle its renderer in memory (esbuild, as scripts/bundle.mjs does) and import that.
const out = await build({ entryPoints: [join(root, 'src', 'config', 'readme.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'error' });
const { writeReadmeTables } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);

const before = readFileSync(readmePath, 'utf8');
const after = writeReadmeTables(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('README.md: the configuration tables are out of step with src/config/settings.ts; run npm run readme-config');
    process.exit(1);
  }
  console.log('README.md: the configuration tables are in step');
} else {
  writeFileSync(readmePath, after);
  console.log(after === before ? 'README.md: the configuration tables were already in step' : 'README.md: configuration tables rewritten');
}
