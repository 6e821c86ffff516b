// The README's configuration tables are what `npm run readme-config` writes from the settings table
// (src/config/settings.ts), and they name every flag and variable of it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReadmeTables } from '../src/config/readme.js';
import { SETTINGS } from '../src/config/settings.js';
import { ROOT } from './helpers/harness.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The lines of the generated blocks. */
const generated = [...readme.matchAll(/<!-- settings:[a-z-]+ \(written by npm run readme-config\) -->\n([\s\S]*?)<!-- \/settings:/g)].map((m) => m[1]!).join('');

describe('README configuration tables', () => {
  it('are in step with the settings table (npm run readme-config rewrites them)', () => {
    expect(readme).toBe(writeReadmeTables(readme));
  });

  it('name every flag and every variable of the settings table', () => {
    const names = SETTINGS.flatMap((s) => [s.flag && `\`--${s.flag.name}\``, s.env && `\`${s.env.name}\``, s.fallback && `\`${s.fallback.name}\``]).filter((n): n is string => !!n);
    expect(names.length).toBeGreaterThan(80);
    for (const n of names) expect(generated, n).toContain(n);
  });

  it('a hand edit inside the markers is undone, and missing markers are an error', () => {
    const edited = readme.replace('| `FORGE_MCP_TOOL_SURFACE` |', '| `FORGE_MCP_TOOL_SURFACES` |');
    expect(edited).not.toBe(readme);
    expect(writeReadmeTables(edited)).toBe(readme);
    expect(() => writeReadmeTables(readme.replace(/<!-- \/settings:telemetry[^\n]*/, ''))).toThrow(/markers of the "telemetry" table are missing/);
  });

  it('scripts/readme-config.mjs --check agrees', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'readme-config.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/in step/);
  });
});
