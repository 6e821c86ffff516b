// The settings table (src/config/settings.ts) is the one description of every setting: it covers
// every Config field and every variable the source reads, its `--help` is the one recorded before the
// table existed, and its mode and secrecy hold for every row.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_TEXT } from '../src/config/index.js';
import { SETTINGS } from '../src/config/settings.js';
import { ROOT } from './helpers/harness.js';
import { TOKEN, cfg, loaded, run } from './helpers/config-cases.js';

const HTTP = ['--http', '--forge-url', 'https://gitlab.example.com'];
const variables = SETTINGS.flatMap((s) => [s.env?.name, s.fallback?.name]).filter((n): n is string => !!n);
const flags = SETTINGS.flatMap((s) => (s.flag ? [s.flag] : []));

/** Every `.ts` file under a folder of src/, as text. */
function sources(dir: string): string {
  return readdirSync(join(ROOT, 'src', dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(ROOT, 'src', dir, f), 'utf8')).join('\n');
}

describe('the settings table', () => {
  it('--help is the text recorded before the table drove it (test/fixtures/config/help.txt, main at 9dc1e50)', () => {
    expect(HELP_TEXT).toBe(readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'help.txt'), 'utf8'));
  });

  it('names each flag and each variable once; every row has a flag or a variable; every help anchor exists', () => {
    expect(new Set(flags.map((f) => f.name)).size).toBe(flags.length);
    expect(new Set(variables).size).toBe(variables.length);
    for (const s of SETTINGS) expect(s.flag ?? s.env, JSON.stringify(s)).toBeDefined();
    for (const s of SETTINGS) {
      const after = s.env?.help ? s.env.help.after : undefined;
      if (after) expect(HELP_TEXT.split('\n').findIndex((l) => l.startsWith(`  ${after} `)) + 1, after)
        .toBe(HELP_TEXT.split('\n').findIndex((l) => l.startsWith(`  ${s.env?.name} `)));
    }
  });

  it.each([['stdio', { env: TOKEN }], ['HTTP', { argv: HTTP }]] as const)('every Config field on %s comes from a row (httpListen from --http-addr)', (_t, c) => {
    const keys = new Set(SETTINGS.flatMap((s) => (s.key ? [s.key.split('.')[0]!] : [])));
    keys.add('httpListen');
    expect(Object.keys(cfg(c)).sort()).toEqual([...keys].sort());
  });

  it('every FORGE_MCP_ variable the source names is a row (test hooks aside)', () => {
    const named = new Set(sources('.').match(/FORGE_MCP_[A-Z0-9_*]*[A-Z0-9*]/g));
    const allowed = /^FORGE_MCP_ALLOWED_(?:[A-Z0-9_]+_)?DIRS$/;
    // A name cut short in a message or a pattern ('FORGE_MCP_ALLOWED_' + …) is the start of a row's name.
    const partOfRow = (n: string) => variables.includes(n) || allowed.test(n) || variables.some((v) => v.startsWith(`${n}_`));
    const missing = [...named].filter((n) => !n.startsWith('FORGE_MCP_TEST_') && !partOfRow(n));
    expect(named.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('every OTEL_ variable src/observe reads is a telemetry row', () => {
    const text = sources('observe').replace(/\$\{signal\}|<SIGNAL>/g, 'SIGNAL');
    const read = [...new Set(text.match(/OTEL_[A-Z_]*[A-Z]/g))].flatMap((n) => (n.includes('SIGNAL') ? [n.replace('SIGNAL', 'TRACES'), n.replace('SIGNAL', 'METRICS')] : [n]));
    const telemetry = SETTINGS.filter((s) => s.telemetry).map((s) => s.env?.name);
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((n) => !telemetry.includes(n))).toEqual([]);
  });

  it('HTTP-mode flags on stdio are refused, or ignored with a notice and leave the default', () => {
    const plain = cfg({ env: TOKEN });
    for (const f of flags.filter((x) => x.scope !== 'any')) {
      const arg = f.kind === 'bool' ? `--${f.name}` : `--${f.name}=${['none', 'detected'].includes(f.def) ? 'x' : f.def}`;
      const r = run({ argv: [arg], env: TOKEN });
      if (!r.ok) {
        expect(f.scope === 'http-refused' || f.name === 'redis-url', arg).toBe(true);
        expect(r.message, arg).toMatch(new RegExp(`^--${f.name} `));
        continue;
      }
      expect(f.scope, arg).toBe('http');
      const l = loaded({ argv: [arg], env: TOKEN });
      expect(l.notices.join('\n'), arg).toContain(`--${f.name}`);
      expect(l.config, arg).toEqual(plain);
    }
  });

  it('variables of HTTP-only settings change nothing on stdio (or refuse, for shared state)', () => {
    const plain = cfg({ env: TOKEN });
    for (const s of SETTINGS.filter((x) => x.mode === 'http' && x.env)) {
      const name = s.env!.name;
      const r = run({ env: { ...TOKEN, [name]: name === 'FORGE_MCP_REDIS_URL' ? 'redis://cache:6379' : '5' } });
      if (s.key === 'redisUrl') expect(!r.ok && r.message, name).toMatch(/a stdio server has no replicas/);
      else expect(r.ok && 'config' in r && r.config, name).toEqual(plain);
    }
  });

  it('a secret row is never quoted: not in a refusal, a warning or a notice', () => {
    const secretRows = SETTINGS.filter((s) => s.secret && !s.telemetry);
    expect(secretRows.map((s) => s.env?.name)).toEqual(['FORGE_TOKEN', 'FORGE_MCP_REDIS_URL']);
    const mark = 's3cr3t-mark';
    const cases = [
      { argv: HTTP, env: { FORGE_TOKEN: mark } },
      { argv: HTTP, env: { FORGE_MCP_REDIS_URL: `http://:${mark}@cache:6379` } },
      { argv: [...HTTP, `--redis-url=memcached://:${mark}@cache`] },
      { argv: [`--redis-url=redis://:${mark}@cache`], env: TOKEN },
      { env: { FORGE_TOKEN: mark, FORGE_MCP_LOG_LEVEL: 'loud' } },
    ];
    for (const c of cases) {
      const r = run(c);
      const said = r.ok ? ('exit' in r ? r.output : [...r.warnings, ...r.notices].join('\n')) : r.message;
      expect(said.length, JSON.stringify(c)).toBeGreaterThan(0);
      expect(said, JSON.stringify(c)).not.toContain(mark);
    }
  });
});
