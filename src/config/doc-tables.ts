// The configuration tables of docs/, written from the settings table between marker comments
// (`npm run docs-config`; test/config-docs.test.ts fails when a file is out of step).
// Not part of the server: only the script and the tests import it.
import { SETTINGS, type Setting } from './settings.js';

const TRANSPORT: Readonly<Record<Setting['mode'], string>> = { both: 'both', stdio: 'stdio', http: 'HTTP' };

const cell = (s: string): string => s.replace(/\|/g, '\\|');
const code = (s: string): string => `\`${s}\``;
/** A help default as a table cell: nothing → —, else in code. */
const defaultCell = (def: string | undefined): string => (def === undefined || def === '' || def === 'none' ? '—' : code(def));
const secretNote = (s: Setting): string => (s.secret ? '; a secret: never logged or shown' : '');

function envDefault(s: Setting): string | undefined {
  return s.env?.help ? s.env.help.def : undefined;
}

/** Every setting a variable sets, and the flags of both transports. */
function mainTable(): string {
  const rows = SETTINGS.filter((s) => !s.telemetry && (s.env || s.flag?.scope === 'any')).map((s) => {
    const names: string[] = [];
    if (s.env) names.push(code(s.env.name) + (s.fallback ? ` (else ${code(s.fallback.name)})` : ''));
    if (s.flag) {
      const flag = s.flag.name === 'help' ? `${code('--help')}, ${code('-h')}` : code(`--${s.flag.name}`);
      names.push(s.flag.scope === 'any' ? flag : `${flag} (HTTP mode)`);
    }
    const def = s.readme?.def ?? defaultCell(envDefault(s) ?? s.flag?.def);
    const text = (s.readme?.text ?? s.flag?.help ?? (s.env?.help ? s.env.help.text : undefined) ?? '') + secretNote(s);
    return `| ${names.join(', ')} | ${TRANSPORT[s.mode]} | ${cell(def)} | ${cell(text)} |`;
  });
  return ['| Variable / flag | Transport | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** Every flag read in HTTP mode only. */
function httpTable(): string {
  const rows = SETTINGS.filter((s) => s.flag && s.flag.scope !== 'any').map((s) => {
    const f = s.flag as NonNullable<Setting['flag']>;
    const text = (s.readme?.text ?? f.help) + secretNote(s) + (f.scope === 'http-refused' ? ' (refused on stdio)' : '');
    return `| ${code(`--${f.name}`)} | ${s.env ? code(s.env.name) : '—'} | ${cell(defaultCell(f.def))} | ${cell(text)} |`;
  });
  return ['| Flag | Variable | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** The OpenTelemetry variables. */
function telemetryTable(): string {
  const rows = SETTINGS.filter((s) => s.telemetry && s.env).map((s) =>
    `| ${code((s.env as NonNullable<Setting['env']>).name)} | ${cell(s.readme?.def ?? '—')} | ${cell((s.readme?.text ?? '') + secretNote(s))} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

const TABLES: Readonly<Record<string, () => string>> = { settings: mainTable, 'http-flags': httpTable, telemetry: telemetryTable };

/** The documentation files (paths from the repository root) and the tables each holds. */
export const TABLE_FILES: Readonly<Record<string, readonly string[]>> = {
  'docs/configuration.md': ['settings', 'http-flags'],
  'docs/telemetry.md': ['telemetry'],
};

const marker = (name: string, end: boolean): string => `<!-- ${end ? '/' : ''}settings:${name} (written by npm run docs-config) -->`;

/**
 * `text`, the content of `file` (a key of TABLE_FILES), with each of its tables rewritten from the
 * settings table between its markers. Throws when a pair of markers is missing (the table would
 * silently not be kept).
 */
export function writeDocTables(file: string, text: string): string {
  const names = TABLE_FILES[file];
  if (!names) throw new Error(`${file} holds no configuration table`);
  let out = text;
  for (const name of names) {
    const start = marker(name, false);
    const end = marker(name, true);
    const a = out.indexOf(start);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`${file}: the markers of the "${name}" table are missing (${start} … ${end})`);
    out = `${out.slice(0, a + start.length)}\n${TABLES[name]!()}\n${out.slice(b)}`;
  }
  return out;
}
