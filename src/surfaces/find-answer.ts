// The text of a forge_find_action answer: every candidate carries what is needed to call it (issue #30). The
// best one with its exact JSON schema, as SPEC says; the others (a close runner-up too) in the compact form
// (src/catalog/signature.ts), each description said once per answer, within the answer budget.
import type { Action } from '../catalog/define.js';
import { actionSchema } from '../catalog/schema.js';
import { compactParams, groupedParams, stepSignature, type Detail } from '../catalog/signature.js';

export const EXECUTE = 'forge_execute_action';
export const FIND = 'forge_find_action';

/**
 * Above this many characters the lowest candidates say less of their optional parameters, the last first (the
 * required ones stay whole). Chosen on the finds assistants made (bench/find-answers.mjs): at 2,000 the answers
 * filled it (median 1,940 characters); at 1,500 the median answer is about 360 tokens, and what is cut is the
 * descriptions and types of the lowest candidates' optional parameters, not their names.
 */
export const BUDGET_CHARS = 1500;

/**
 * The best candidate's exact JSON schema up to this size (characters; about 95 % of the catalog's actions). A larger
 * one (a list with 40 filters) is said in the compact form, as exact, when that stays within this size; else its
 * optional parameters by name (with a short set of fixed values), all of them said by a find with its ID.
 */
const WHOLE_CHARS = 1500;

/**
 * A candidate said whole: its lines, and whether they said every parameter exactly. `said` (name → description)
 * is what the answer said before, and takes what these lines say.
 */
function wholeParams(a: Action, json: boolean, said: Map<string, string>): { lines: string[]; described: boolean } {
  if (json && JSON.stringify(actionSchema(a)).length <= WHOLE_CHARS) {
    for (const [name, p] of Object.entries(a.params)) said.set(name, p.description);
    return { lines: [jsonLine(a)], described: true };
  }
  const saidFull = new Map(said);
  const full = compactParams(a, 'full', saidFull);
  const described = full.join('\n').length <= WHOLE_CHARS;
  const lines = described ? full : compactParams(a, 'name', said);
  if (described) for (const [k, v] of saidFull) said.set(k, v);
  return { lines: lines.map((l) => `   - ${l}`), described };
}

/**
 * Candidates under this share of the best score are left out once MIN_SHOWN are said, whatever the limit (it is
 * the most asked for: assistants ask 3 to save text, not to read weak ones); from the third on, each says its
 * required params and the count of its optional ones (a find by ID says them). On the 23 tuning sets, each with a
 * search trained on the others (bench/find-cutoff.mjs, 22,956 requests), a fifth of the best would show 4.56
 * candidates for top-5 92.84 % (half: 92.16 %) at median 446 / p95 707 tokens (half: 335 / 636); but trial
 * assistants on a blind task set (tasks 25, session 20, three per build, the same build but this number) read
 * 2,278 characters a find with a fifth and 1,699 with half, made 92 calls against 87, and the finds were 47 % of
 * their result text against 33 %. Half stays: the weak candidates cost every find and saved no call.
 */
const FAR_BEHIND = 0.5;
const MIN_SHOWN = 2;
const BRIEF: { from: number; detail: Detail } = { from: 2, detail: 'count' };

/** The hits an answer says: when the best is far ahead, the ones far behind it cost more than they help. */
export function shownOf<T extends { score: number }>(hits: readonly T[]): T[] {
  const top = hits[0]?.score ?? 0;
  return hits.filter((h, i) => i < MIN_SHOWN || h.score >= FAR_BEHIND * top);
}

/** Reads are the default: only a write, and a destructive one, is marked. */
const flagsOf = (a: Action) => (a.destructive ? ' (write, destructive: needs confirm)' : a.writes ? ' (write)' : '');
export const quoted = (q: string) => q.slice(0, 200).replace(/[\r\n`]/g, ' ');
const title = (a: Action, i: number) => `${i + 1}. \`${a.id}\` — ${a.summary}${flagsOf(a)}`;
const jsonLine = (a: Action) => `   params: ${JSON.stringify(actionSchema(a))}`;
/** The last line: the legend, and where the rest is when a candidate was said in part (how to run one, the execute tool says). */
export const LEGEND = '* = required.';
export const ALL_PARAMS = `Every param of an action: ${FIND} with its ID as the query.`;

export interface RankedAnswer {
  /** The first line: "Best match:" or the question which one was meant (not the request again: the assistant wrote it). */
  heading: string;
  notes: string[];
  actions: readonly Action[];
  /** The runner-up is as likely as the best: it is said whole too (in the compact form). */
  close: boolean;
  /** Values the request named that fit the best action's parameters. */
  hint?: Record<string, string | number>;
  /** The best's siblings (src/catalog/siblings.ts) not among the candidates: one line each, so the task's next step needs no find. */
  siblings?: readonly Action[];
  /** A part of a multi-part find (find-parts.ts): its share of the budget, and the descriptions the parts before it said. */
  budget?: number;
  said?: Map<string, string>;
  /** Candidates from this index on say less of their optional params (BRIEF unless given). */
  brief?: { from: number; detail: Detail };
}

/** The type a param takes, to compare two actions' params of the same name. */
const typeOf = (p: Action['params'][string] | undefined) => p && JSON.stringify([p.type, p.items, p.enum, p.idOrPath]);

/**
 * A sibling's line: its ID and what it takes (a read, its required params only: its filters are one find by ID away),
 * a param the best takes too, with the same type, by name alone (said above).
 */
function siblingLine(a: Action, best: Action): string {
  const flag = a.destructive ? 'destructive: needs confirm' : a.writes ? 'write' : '';
  const known = new Set(Object.keys(a.params).filter((n) => typeOf(best.params[n]) === typeOf(a.params[n])));
  const left = new Set(a.writes ? [] : Object.keys(a.params).filter((n) => !a.params[n]!.required));
  const more = [stepSignature(a, left, known), flag].filter(Boolean).join('; ');
  return `   - \`${a.id}\`${more ? ` — ${more}` : ''}`;
}

export function rankedText(r: RankedAnswer): string {
  const [best, second] = r.actions;
  // The best, and a close runner-up, are said whole; the others in the compact form, within the budget.
  const whole = r.close && second ? [best!, second] : [best!];
  const head: string[] = [r.heading, ...r.notes];
  const said = r.said ?? new Map<string, string>();
  let abridged = false;
  whole.forEach((a, i) => {
    const w = wholeParams(a, i === 0, said);
    head.push('', title(a, i), ...w.lines);
    if (i === 0 && r.hint) head.push(`   from your request: ${JSON.stringify(r.hint)}`);
    if (i === 0 && r.siblings?.length) head.push('   The same object\'s other actions:', ...r.siblings.map((s) => siblingLine(s, a)));
    abridged ||= !w.described;
  });
  const others = r.actions.slice(whole.length);
  // Each block is made again only when its own detail, or what the blocks before it said, changes.
  const brief = r.brief ?? BRIEF;
  const details: Detail[] = others.map((_, j) => (whole.length + j >= brief.from ? brief.detail : 'full'));
  const blocks: string[] = [];
  const saidBefore: Array<Map<string, string>> = [said];
  const renderFrom = (from: number) => {
    for (let j = from; j < others.length; j++) {
      const said = new Map(saidBefore[j]);
      blocks[j] = ['', title(others[j]!, whole.length + j), ...compactParams(others[j]!, details[j], said).map((l) => `   - ${l}`)].join('\n');
      saidBefore[j + 1] = said;
    }
  };
  const headText = head.join('\n');
  const tail = () => `\n\n${LEGEND}${abridged || details.some((d) => d !== 'full') ? ` ${ALL_PARAMS}` : ''}`;
  const size = () => headText.length + blocks.reduce((n, b) => n + b.length + 1, 0) + tail().length;
  renderFrom(0);
  // Over the budget, the lowest candidate says less first: its optional parameters' types, then their names, then their count.
  const levels = ['full', 'head', 'name', 'count'] as const;
  for (const level of levels.slice(1)) {
    for (let j = details.length - 1; j >= 0 && size() > (r.budget ?? BUDGET_CHARS); j--) {
      if (levels.indexOf(details[j]!) >= levels.indexOf(level)) continue;
      details[j] = level;
      renderFrom(j);
    }
  }
  return [headText, ...blocks].join('\n') + tail();
}

/**
 * An action asked for by ID is said whole up to this size (characters of its compact form; all but 9 of the catalog's
 * actions, issue.update and merge_request.update among them). A larger one (project.update: 85 params, 7,060
 * characters) names every param with its exact type but says only the required ones and the companions whole: a
 * by-ID find of project.update answered 7,664 characters, over the answer budget (p95 1,200 tokens) by itself.
 */
const BY_ID_WHOLE_CHARS = 3000;

/**
 * The schemas of actions asked for by ID, in the order asked, each in the full compact form: as exact as the JSON
 * schema (names, required marks, types, fixed values, bounds, defaults, every description) in about 60 % of its
 * size, a description said once per answer. Assistants ask by ID before a write, so these answers were a third
 * of all the text they read (issue #30); `missing` says what was not found. `only`: the params named after the
 * IDs ("project.update merge_method squash_option"), said whole with the required ones instead of the whole action.
 */
export function byIdText(actions: readonly Action[], missing: readonly string[], only: readonly string[] = []): string {
  const lines: string[] = [actions.length ? 'Schemas of the actions asked for by ID:' : 'No action has these IDs.'];
  const said = new Map<string, string>();
  const grouped: string[] = [];
  actions.forEach((a, i) => {
    const named = only.length ? { ...a, params: Object.fromEntries(Object.entries(a.params).filter(([n, p]) => p.required || only.includes(n))) } : a;
    // Made once against a copy of what was said: kept (and what it said with it) unless it is too large.
    const saying = new Map(said);
    let params = compactParams(named, 'full', saying);
    if (!only.length && params.join('\n').length > BY_ID_WHOLE_CHARS) {
      params = groupedParams(a, said);
      grouped.push(a.id);
    } else for (const [k, v] of saying) said.set(k, v);
    lines.push('', title(a, i), ...(params.length ? params.map((l) => `   - ${l}`) : ['   - no params']));
  });
  if (missing.length) lines.push('', ...missing);
  const more = grouped.length ? ` The descriptions of the params grouped by type: ${FIND} with the ID and their names, e.g. "${grouped[0]} ${exampleNames(actions.find((a) => a.id === grouped[0])!)}".` : '';
  lines.push('', actions.length ? `${LEGEND}${more}` : `Search in plain words with ${FIND}, e.g. "retry a failed job".`);
  return lines.join('\n');
}

/** Two optional param names of an action, for the example of a narrowed by-ID find. */
const exampleNames = (a: Action): string => Object.entries(a.params).filter(([, p]) => !p.required && !p.companion).slice(0, 2).map(([n]) => n).join(' ');
