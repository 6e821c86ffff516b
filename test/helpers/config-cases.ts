// The configuration loader's test cases: each injects its argv, environment and files (the loader is
// pure), shared by test/config-*.test.ts.
import { loadConfig, type Config, type LoadResult } from '../../src/config/index.js';

export const HOME = '/home/ada';
export const CWD = '/work/project';
export const HOME_FILE = `${HOME}/.forge-mcp-server.env`;
export const MIN = 60_000;
export const MIB = 1024 * 1024;

export interface Case {
  argv?: string[];
  env?: Record<string, string | undefined>;
  files?: Record<string, string>;
  stdinIsPipe?: boolean;
}

export function run(c: Case = {}): LoadResult {
  const files = c.files ?? {};
  return loadConfig({
    argv: c.argv ?? [],
    env: c.env ?? {},
    homeDir: HOME,
    cwd: CWD,
    readFile: (p) => files[p],
    fileExists: (p) => p in files,
    stdinIsPipe: c.stdinIsPipe,
  });
}

type Loaded = { config: Config; warnings: string[]; notices: string[] };
export function loaded(c: Case = {}): Loaded {
  const r = run(c);
  if (!r.ok) throw new Error(`expected a config, got refusal (exit ${r.exitCode}): ${r.message}`);
  if ('exit' in r) throw new Error(`expected a config, got ${r.exit}`);
  return r;
}
export const cfg = (c: Case = {}): Config => loaded(c).config;
export function refusal(c: Case): { exitCode: number; message: string } {
  const r = run(c);
  if (r.ok) throw new Error('expected a refusal, got a config');
  return r;
}

/** stdio with a token: the common base. */
export const TOKEN = { FORGE_TOKEN: 'glpat-test-token' };
/** HTTP with one published instance. */
export const HTTP = ['--http', '--forge-url', 'https://gitlab.example.com'];
