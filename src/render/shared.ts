// Helpers shared by the renderers: lenient reads of platform answers, bounds, next steps.
import type { RenderInput, Rendered } from './types.js';
import { code, toText, wholeNumber } from './contain.js';

// ---------------------------------------------------------------- shared helpers

export type Rec = Record<string, unknown>;

export function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isScalar(v: unknown): v is string | number | boolean | bigint {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';
}

export function present(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** A positive integer from a param (number or numeric string), else undefined. */
export function posInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** A non-negative integer from a param, else undefined. */
export function nonNegInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export const num = (n: number): string => wholeNumber(n);

export function paramsOf(input: RenderInput): Rec {
  return isRecord(input?.params) ? input.params : {};
}

export function actionOf(input: RenderInput): { id: string; domain: string; name: string; method: string; path: string; params: Rec } {
  const a = (isRecord(input?.action) ? input.action : {}) as Rec;
  return {
    id: typeof a.id === 'string' ? a.id : 'action',
    domain: typeof a.domain === 'string' ? a.domain : '',
    name: typeof a.name === 'string' ? a.name : '',
    method: typeof a.method === 'string' ? a.method.toUpperCase() : 'GET',
    path: typeof a.path === 'string' ? a.path : '',
    params: isRecord(a.params) ? a.params : {},
  };
}

function plural(word: string): string {
  if (!word) return 'results';
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** Name suffixes that say where a list reads, not what it holds (`merge_request.list_global`, `issue.list_all`). */
const WHERE = /^(all|global|group|project|instance|mine)$/;

/**
 * What a list holds, from the action's name: `issue.list` → issues, `project.list_members` → members,
 * `merge_request.list_global` → merge requests; else the route's last word (`/users/{user_id}/keys` → keys).
 */
export function thingsOf(input: RenderInput): string {
  if (input.things) return input.things;
  const a = actionOf(input);
  const m = /^list_(.+)$/.exec(a.name);
  // A participle says which ones of the domain's objects (`branch.list_protected` → protected branches).
  if (m && /ed$/.test(m[1]!)) return `${m[1]!.replace(/_/g, ' ')} ${plural(a.domain.replace(/_/g, ' '))}`;
  if (m && !WHERE.test(m[1]!)) return m[1]!.replace(/_/g, ' ');
  if (m || a.name === 'list' || a.name === 'search') return plural(a.domain.replace(/_/g, ' '));
  // The route's last word, past a scope word (`/groups/{group_id}/members/all` → members); not past a param.
  const words = a.path.split('/').reverse();
  const last = words.find((w) => !WHERE.test(w));
  return last && /^[a-z][a-z_]*$/.test(last) ? last.replace(/_/g, ' ') : 'results';
}

/** A nested object summarised by its username, name, title or id. */
export function summary(v: unknown): string {
  if (isScalar(v)) return toText(v);
  if (Array.isArray(v)) {
    const parts = v.slice(0, 10).map(summary).filter(Boolean);
    return parts.join(', ') + (v.length > 10 ? ` (+${num(v.length - 10)} more)` : '');
  }
  if (!isRecord(v)) return '';
  // A wrapper of one object (GitLab's `approved_by: [{"user": {…}}]`) is that object.
  const keys = Object.keys(v);
  if (keys.length === 1 && isRecord(v[keys[0]!])) return summary(v[keys[0]!]);
  if (typeof v.username === 'string' && v.username) return `@${v.username}`;
  // A nested issue or merge request (an issue link's two ends) by its reference and title: the reference is what the next call needs.
  const ref = isRecord(v.references) ? v.references.full : undefined;
  if (typeof ref === 'string' && ref && typeof v.title === 'string') return `${ref} ${v.title}`;
  for (const k of ['name', 'title', 'full_path', 'fullPath', 'path_with_namespace', 'tag_name', 'ref', 'key']) {
    if (isScalar(v[k]) && v[k] !== '') return toText(v[k]);
  }
  if (v.iid !== undefined && isScalar(v.iid)) return `#${toText(v.iid)}`;
  if (v.id !== undefined && isScalar(v.id)) return `id ${toText(v.id)}`;
  return '';
}

/** The action's declared next steps (read only when no filled ones came with the input). */
function nextStepsOf(input: RenderInput): string[] | undefined {
  const declared = isRecord(input?.action) ? input.action.nextSteps : undefined;
  const steps = Array.isArray(declared) ? (declared as unknown[]).filter((s): s is string => typeof s === 'string') : undefined;
  return steps && steps.length ? steps : undefined;
}

/** Adds next_steps (structured and a Markdown line) when the action declares them; with their params when filled. */
export function withNextSteps(input: RenderInput, r: Rendered): Rendered {
  const next = input?.next;
  if (next?.length) {
    // One string built as it goes (every list and get answer has these lines).
    let markdown = `${r.markdown}\n\nNext steps (ready to run with these params):`;
    const ids: string[] = [];
    for (const n of next) {
      markdown += `\n- ${code(`${n.action} ${JSON.stringify(n.params)}`, 400)}${n.more ? ` — ${n.more}` : ''}`;
      ids.push(n.action);
    }
    // The params are in the Markdown the assistant reads; structuredContent keeps the IDs (a get result's blocks stay cheap).
    return { markdown, structured: { ...r.structured, next_steps: ids } };
  }
  const steps = nextStepsOf(input);
  if (!steps) return r;
  return {
    markdown: `${r.markdown}\n\nNext steps: ${steps.map((s) => code(s, 120)).join(', ')}`,
    structured: { ...r.structured, next_steps: steps },
  };
}

/** Cuts a text to `max` characters at a line boundary when one is near. */
export function cutText(text: string, max: number): { shown: string; rest: number } {
  if (text.length <= max) return { shown: text, rest: 0 };
  let end = max;
  const nl = text.lastIndexOf('\n', max);
  if (nl > max * 0.8) end = nl;
  // Never split a surrogate pair.
  const code0 = text.charCodeAt(end - 1);
  if (code0 >= 0xd800 && code0 <= 0xdbff) end -= 1;
  return { shown: text.slice(0, end), rest: text.length - end };
}

const MAX_LINE_CHARS = 2000;

/** One displayed line, cut visibly when very long. */
export function boundLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LINE_CHARS)} … [line cut: ${num(line.length - MAX_LINE_CHARS)} more characters]`;
}

/** Text split into lines; a final line break does not open another line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const LANGUAGES: Record<string, string> = {
  ts: 'typescript', tsx: 'tsx', mts: 'typescript', cts: 'typescript', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin', scala: 'scala', swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', php: 'php', pl: 'perl', lua: 'lua', r: 'r',
  sh: 'bash', bash: 'bash', zsh: 'bash', fish: 'fish', ps1: 'powershell', bat: 'batch',
  json: 'json', yml: 'yaml', yaml: 'yaml', toml: 'toml', ini: 'ini', xml: 'xml', html: 'html', htm: 'html', css: 'css', scss: 'scss',
  md: 'markdown', markdown: 'markdown', sql: 'sql', graphql: 'graphql', gql: 'graphql', proto: 'protobuf', tf: 'hcl', hcl: 'hcl',
  vue: 'vue', svelte: 'svelte', dart: 'dart', ex: 'elixir', exs: 'elixir', erl: 'erlang', hs: 'haskell', clj: 'clojure', diff: 'diff', patch: 'diff',
};
const FILE_NAMES: Record<string, string> = { dockerfile: 'dockerfile', makefile: 'makefile', gemfile: 'ruby', rakefile: 'ruby', jenkinsfile: 'groovy' };

/** A code fence language from a file name's extension ('' when unknown). */
export function languageFor(path: unknown): string {
  const name = toText(path).split('/').pop()?.toLowerCase() ?? '';
  if (FILE_NAMES[name]) return FILE_NAMES[name];
  if (name.endsWith('.gitlab-ci.yml')) return 'yaml';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return '';
  return LANGUAGES[name.slice(dot + 1)] ?? '';
}
