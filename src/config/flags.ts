// Command-line parsing. The flags themselves are rows of the settings table (settings.ts).
// SPEC "Configuration".
import { FLAGS } from './settings.js';

const BY_NAME = new Map(FLAGS.map((f) => [f.name, f]));

export interface ParsedArgs {
  /** Flag name → values in order of appearance (booleans as 'true'/'false'; lists already comma-split). */
  readonly values: ReadonlyMap<string, string[]>;
}

export type ArgvResult = { ok: true; args: ParsedArgs } | { ok: false; message: string };

const USAGE_HINT = 'usage: forge-mcp-server [--http] [flags]; run forge-mcp-server --help for every flag and variable';

const BOOL_WORDS: Record<string, string> = { true: 'true', '1': 'true', yes: 'true', on: 'true', false: 'false', '0': 'false', no: 'false', off: 'false' };

/** `--flag value`, `--flag=value`; booleans `--flag` or `--flag=true|false`. */
export function parseArgv(argv: readonly string[]): ArgvResult {
  const values = new Map<string, string[]>();
  const push = (name: string, v: string) => {
    const list = values.get(name) ?? [];
    list.push(v);
    values.set(name, list);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h') { push('help', 'true'); continue; }
    if (!arg.startsWith('--') || arg === '--') {
      const prev = argv[i - 1];
      const prevSpec = prev?.startsWith('--') && !prev.includes('=') ? BY_NAME.get(prev.slice(2)) : undefined;
      const hint = prevSpec?.kind === 'bool' ? ` (a boolean flag takes its value after '=': ${prev}=${arg})` : '';
      return { ok: false, message: `unexpected argument "${arg}"${hint}\n${USAGE_HINT}` };
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const spec = BY_NAME.get(name);
    if (!spec) {
      const extra = name === 'enterprise'
        ? ' (removed: FORGE_MCP_TIER on stdio, --tier in HTTP mode force the Enterprise catalog)'
        : '';
      return { ok: false, message: `unknown flag --${name}${extra}\n${USAGE_HINT}` };
    }
    if (spec.kind === 'bool') {
      if (inline === undefined) { push(name, 'true'); continue; }
      const word = BOOL_WORDS[inline.trim().toLowerCase()];
      if (!word) return { ok: false, message: `--${name} takes true or false, not "${inline}"\n${USAGE_HINT}` };
      push(name, word);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        return { ok: false, message: `--${name} needs a value (--${name} <${spec.arg ?? 'value'}> or --${name}=<${spec.arg ?? 'value'}>)\n${USAGE_HINT}` };
      }
      value = next;
      i++;
    }
    if (spec.kind === 'list') {
      const items = value.split(',').map((x) => x.trim()).filter((x) => x !== '');
      if (!values.has(name)) values.set(name, []);
      for (const item of items) push(name, item);
    } else {
      push(name, value);
    }
  }
  return { ok: true, args: { values } };
}

/** The last value given for a flag, or undefined. */
export function lastValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.values.get(name);
  return v && v.length ? v[v.length - 1] : undefined;
}

export function has(args: ParsedArgs, name: string): boolean {
  return args.values.has(name);
}
