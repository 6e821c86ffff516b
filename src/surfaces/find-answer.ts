// The text of a forge_find_action answer: every candidate carries what is needed to call it (issue #30). The
// best one (two when the runner-up is as likely) with its exact JSON schema, as SPEC says; the others in the
// compact form (src/catalog/signature.ts), each description said once per answer, within the answer budget.
import type { Action } from '../catalog/define.js';
import { actionSchema } from '../catalog/schema.js';
import { compactParams, type Detail } from '../catalog/signature.js';

export const EXECUTE = 'forge_execute_action';
export const FIND = 'forge_find_action';

/** A second full schema is shown only when the runner-up is close and its schema is this small (characters). */
const SECOND_SCHEMA_CHARS = 2400;
/**
 * Above this many characters the lowest candidates say less of their optional parameters, the last first (the
 * required ones stay whole): chosen on tuning sets for a median answer under 600 tokens and a p95 under 1,200
 * (o200k, bench/find-eval.mjs), against about 650 and 1,500 with every optional parameter on its line.
 */
const BUDGET_CHARS = 2000;

const flagsOf = (a: Action) => [a.writes ? 'write' : 'read', a.destructive ? 'destructive: needs confirm' : ''].filter(Boolean).join(', ');
export const quoted = (q: string) => q.slice(0, 200).replace(/[\r\n`]/g, ' ');
const title = (a: Action, i: number) => `${i + 1}. \`${a.id}\` — ${a.summary} (${flagsOf(a)})`;
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
  /** Show the runner-up's full schema too (it is as likely as the best). */
  close: boolean;
  /** Values the request named that fit the best action's parameters. */
  hint?: Record<string, string | number>;
}

export function rankedText(r: RankedAnswer): string {
  const [best, second] = r.actions;
  const full = [best!];
  if (r.close && second && JSON.stringify(actionSchema(second)).length <= SECOND_SCHEMA_CHARS) full.push(second);
  const others = r.actions.slice(full.length);
  const head: string[] = [r.heading, ...r.notes];
  full.forEach((a, i) => {
    head.push('', title(a, i), jsonLine(a));
    if (i === 0 && r.hint) head.push(`   from your request: ${JSON.stringify(r.hint)}`);
  });
  const render = (details: readonly Detail[]) => {
    const said = saidBy(full);
    const blocks = others.map((a, j) => ['', title(a, full.length + j), ...compactParams(a, details[j], said).map((l) => `   - ${l}`)].join('\n'));
    const abridged = details.some((d) => d !== 'full');
    const tail = ['', `${RUN} A * marks a required param.${abridged ? ` Any action's full schema: ${FIND} with its ID as the query.` : ''}`];
    return [...head, ...blocks, ...tail].join('\n');
  };
  // Over the budget, the lowest candidate says less first: its optional parameters' types, then their names only.
  const details: Detail[] = others.map(() => 'full');
  let text = render(details);
  for (const level of ['head', 'name', 'count'] as const) {
    for (let j = details.length - 1; j >= 0 && text.length > BUDGET_CHARS; j--) {
      details[j] = level;
      text = render(details);
    }
  }
  return text;
}

/** The schemas of actions asked for by ID, in the order asked, each exact; `missing` says what was not found. */
export function byIdText(actions: readonly Action[], missing: readonly string[]): string {
  const lines: string[] = [actions.length ? 'Schemas of the actions asked for by ID:' : 'No action has these IDs.'];
  actions.forEach((a, i) => lines.push('', title(a, i), jsonLine(a)));
  if (missing.length) lines.push('', ...missing);
  lines.push('', actions.length ? RUN : `Search in plain words with ${FIND}, e.g. "retry a failed job".`);
  return lines.join('\n');
}
