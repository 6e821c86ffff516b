// The configuration tables of docs/ are what `npm run docs-config` writes from the settings table
// (src/config/settings.ts), and together they name every flag and variable of it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_FILES, writeDocTables } from '../src/config/doc-tables.js';
import { SETTINGS } from '../src/config/settings.js';
import { ROOT } from './helpers/harness.js';

const files = Object.keys(TABLE_FILES).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
/** The lines of the generated blocks, every file. */
const generated = files.flatMap(({ text }) => [...text.matchAll(/<!-- settings:[a-z-]+ \(written by npm run docs-config\) -->\n([\s\S]*?)<!-- \/settings:/g)].map((m) => m[1]!)).join('');
const configuration = files.find((f) => f.file === 'docs/configuration.md')!.text;

describe('configuration tables of docs/', () => {
  it('hold the three tables: variables and flags and HTTP-mode flags in configuration.md, OpenTelemetry in telemetry.md', () => {
    expect(TABLE_FILES).toEqual({ 'docs/configuration.md': ['settings', 'http-flags'], 'docs/telemetry.md': ['telemetry'] });
  });

  it('are in step with the settings table (npm run docs-config rewrites them)', () => {
    for (const { file, text } of files) expect(text, file).toBe(writeDocTables(file, text));
  });

  it('name every flag and every variable of the settings table', () => {
    const names = SETTINGS.flatMap((s) => [s.flag && `\`--${s.flag.name}\``, s.env && `\`${s.env.name}\``, s.fallback && `\`${s.fallback.name}\``]).filter((n): n is string => !!n);
    expect(names.length).toBeGreaterThan(80);
    for (const n of names) expect(generated, n).toContain(n);
  });

  it('a hand edit inside the markers is undone, and missing markers or an unknown file are an error', () => {
    const edited = configuration.replace('| `FORGE_MCP_TOOL_SURFACE` |', '| `FORGE_MCP_TOOL_SURFACES` |');
    expect(edited).not.toBe(configuration);
    expect(writeDocTables('docs/configuration.md', edited)).toBe(configuration);
    expect(() => writeDocTables('docs/configuration.md', configuration.replace(/<!-- \/settings:http-flags[^\n]*/, '')))
      .toThrow('docs/configuration.md: the markers of the "http-flags" table are missing');
    expect(() => writeDocTables('README.md', configuration)).toThrow('README.md holds no configuration table');
  });

  it('scripts/docs-config.mjs --check agrees', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'docs-config.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toBe('docs/configuration.md: the configuration tables are in step\ndocs/telemetry.md: the configuration tables are in step\n');
  });
});
