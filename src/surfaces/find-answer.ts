// The text of a forge_find_action answer: every candidate carries what is needed to call it (issue #30). The
// best one (two when the runner-up is as likely) with its exact JSON schema, as SPEC says; the others in the
// compact form (src/catalog/signature.ts), each description said once per answer, within the answer budget.
import type { Action } from '../catalog/define.js';
import { actionSchema } from '../catalog/schema.js';
import { compactParams, type Detail } from '../catalog/signature.js';

export const EXECUTE = 'forge_execute_action';
export const FIND = 'forge_find_action';

/** A close runner-up's exact JSON schema is shown only when it is this small (characters); else its full compact form. */
const SECOND_SCHEMA_CHARS = 800;
/**
 * Above this many characters the lowest candidates say less of their optional parameters, the last first (the
 * required ones stay whole): chosen on tuning sets for a median answer under 600 tokens and a p95 under 1,200
 * (o200k, bench/find-eval.mjs), against about 650 and 1,500 with every optional parameter on its line.
 */
const BUDGET_CHARS = 2000;

/**
 * The best candidate's exact JSON schema up to this size (characters; about 95 % of the catalog's actions), a close
 * runner-up's up to SECOND_SCHEMA_CHARS. A larger one (a list with 40 filters) is said in the compact form, as
 * exact, in a third to a half of it: each optional parameter with its description while that stays within this
 * size, else with its type only.
 */
const WHOLE_CHARS = 1500;

/** A candidate said whole: its lines, and whether they said the parameters' descriptions. */
function wholeParams(a: Action, jsonUpTo: number): { lines: string[]; described: boolean } {
  if (JSON.stringify(actionSchema(a)).length <= jsonUpTo) return { lines: [jsonLine(a)], described: true };
  const full = compactParams(a, 'full');
  if (full.join('\n').length <= WHOLE_CHARS) return { lines: full.map((l) => `   - ${l}`), described: true };
  return { lines: compactParams(a, 'head').map((l) => `   - ${l}`), described: false };
}

/** Reads are the default: only a write, and a destructive one, is marked. */
const flagsOf = (a: Action) => (a.destructive ? ' (write, destructive: needs confirm)' : a.writes ? ' (write)' : '');
export const quoted = (q: string) => q.slice(0, 200).replace(/[\r\n`]/g, ' ');
const title = (a: Action, i: number) => `${i + 1}. \`${a.id}\` — ${a.summary}${flagsOf(a)}`;
const jsonLine = (a: Action) => `   params: ${JSON.stringify(actionSchema(a))}`;
const RUN = `Run one with ${EXECUTE} {"action": "<id>", "params": {...}}.`;

/** Descriptions the JSON schemas already say, by parameter name: the compact forms below need not repeat them. */
function saidBy(actions: readonly Action[]): Map<string, string> {
  const said = new Map<string, string>();
  for (const a of actions) for (const [name, p] of Object.entries(a.params)) said.set(name, p.description);
  return said;
}

export interface RankedAnswer {
  /** The first line: "Best match for …" or the question which one was meant. */
  heading: string;
  notes: string[];
  actions: readonly Action[];
  /** The runner-up is as likely as the best: it is said whole too (its JSON schema when small). */
  close: boolean;
  /** Values the request named that fit the best action's parameters. */
  hint?: Record<string, string | number>;
}

export function rankedText(r: RankedAnswer): string {
  const [best, second] = r.actions;
  // The best, and a close runner-up, are said whole; the others in the compact form, within the budget.
  const whole = r.close && second ? [best!, second] : [best!];
  const head: string[] = [r.heading, ...r.notes];
  const described: Action[] = [];
  whole.forEach((a, i) => {
    const w = wholeParams(a, i === 0 ? WHOLE_CHARS : SECOND_SCHEMA_CHARS);
    head.push('', title(a, i), ...w.lines);
    if (i === 0 && r.hint) head.push(`   from your request: ${JSON.stringify(r.hint)}`);
    if (w.described) described.push(a);
  });
  const others = r.actions.slice(whole.length);
  // Each block is made again only when its own detail, or what the blocks before it said, changes.
  const details: Detail[] = others.map(() => 'full');
  const blocks: string[] = [];
  const saidBefore: Array<Map<string, string>> = [saidBy(described)];
  const renderFrom = (from: number) => {
    for (let j = from; j < others.length; j++) {
      const said = new Map(saidBefore[j]);
      blocks[j] = ['', title(others[j]!, whole.length + j), ...compactParams(others[j]!, details[j], said).map((l) => `   - ${l}`)].join('\n');
      saidBefore[j + 1] = said;
    }
  };
  const headText = head.join('\n');
  const tail = () => `\n\n${RUN} A * marks a required param.${described.length < whole.length || details.some((d) => d !== 'full') ? ` Any action's full schema: ${FIND} with its ID as the query.` : ''}`;
  const size = () => headText.length + blocks.reduce((n, b) => n + b.length + 1, 0) + tail().length;
  renderFrom(0);
  // Over the budget, the lowest candidate says less first: its optional parameters' types, then their names, then their count.
  for (const level of ['head', 'name', 'count'] as const) {
    for (let j = details.length - 1; j >= 0 && size() > BUDGET_CHARS; j--) {
      details[j] = level;
      renderFrom(j);
    }
  }
  return [headText, ...blocks].join('\n') + tail();
}

/**
 * The schemas of actions asked for by ID, in the order asked, each in the full compact form: as exact as the JSON
 * schema (names, required marks, types, fixed values, bounds, defaults, every description) in about 60 % of its
 * size, a description said once per answer. Assistants ask by ID before a write, so these answers were a third
 * of all the text they read (issue #30); `missing` says what was not found.
 */
export function byIdText(actions: readonly Action[], missing: readonly string[]): string {
  const lines: string[] = [actions.length ? 'Schemas of the actions asked for by ID:' : 'No action has these IDs.'];
  const said = new Map<string, string>();
  actions.forEach((a, i) => {
    const params = compactParams(a, 'full', said);
    lines.push('', title(a, i), ...(params.length ? params.map((l) => `   - ${l}`) : ['   - no params']));
  });
  if (missing.length) lines.push('', ...missing);
  lines.push('', actions.length ? `${RUN} A * marks a required param.` : `Search in plain words with ${FIND}, e.g. "retry a failed job".`);
  return lines.join('\n');
}
