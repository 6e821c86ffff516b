// A find asking for several things at once (issue #30): assistants that see only the two tools write "protect
// branch; list protected branches" in one query. Each part is ranked on its own and the answer says every part's
// best callable (its exact JSON schema) and its runner-ups, so no part's action is left to a guess.
import type { Action } from '../catalog/define.js';
import type { ToolResult } from '../render/result.js';
import { ALL_PARAMS, BUDGET_CHARS, LEGEND, quoted, rankedText } from './find-answer.js';

/** One part ranked: the actions the answer says (the best first), as the dynamic surface ranks a whole query. */
export interface Ranked {
  actions: readonly Action[];
  /** The runner-up is as likely as the best. */
  close: boolean;
  hint?: Record<string, string | number>;
  /** The part named its actions by ID. */
  byId?: boolean;
}

export const MAX_PARTS = 4;
/**
 * Parts are split at "; " and line breaks only (node bench/find-parts.mjs). " then " / " and then " were measured and
 * left out: on the tuning sets they split 13 more single requests, one losing its action, the others into a request
 * and a rest that is none ("…, then report back", "…, then 'Speaker'") ranked to a stray action; no logged find used
 * them. " and " is never split ("approve and merge").
 */
const SEPARATOR = /\s*(?:;(?=\s|$)|\n)\s*/;
/** A query with code, a quoted message or sentences is one request that carries text ("…with this config: a; b"). */
const CARRIES_TEXT = /[:{`]|[.?!](?:\s|$)/;
/**
 * A part that refers to another ("…; abort it") or states a fact ("the old box died; unregister it") is the
 * context of one request, not a request. On the tuning sets, 204 single requests hold "; " or a line break: split
 * as they come, 34 lost their action from the parts' bests; with these checks (and one request when the parts' bests
 * are one action) 2 are split and none loses it, while all 36 logged finds with a separator still split.
 */
const REFERS = /\b(?:it|its|this|that|these|those|them|they|he|him|his|she|her|their|there)\b/i;
const STATES = /\b(?:i|we|you|let's|someone|people|is|are|was|were|got|has|have|had|should|needs?|asked|wants?|don't|can't|won't)\b/i;

/** The parts of a query that asks for 2 to 4 things, else undefined (the query is one request). */
export function partsOf(query: string): string[] | undefined {
  const parts = query.split(SEPARATOR).filter(Boolean);
  if (parts.length < 2 || parts.length > MAX_PARTS || CARRIES_TEXT.test(query)) return undefined;
  return parts.some((p) => REFERS.test(p) || STATES.test(p)) ? undefined : parts;
}

/** The limit is the whole answer's: shared out in order (5 over two parts: 3 and 2), each part at least its best. */
export const shareOf = (limit: number, parts: number, i: number): number =>
  Math.max(1, Math.floor(limit / parts) + (i < limit % parts ? 1 : 0));

/**
 * The answer's budget: two parts within 1.5 single answers' (2,250 characters). The bests' exact schemas are what the
 * answer is for, so they are said first; what is left is shared out for the runner-ups. A part over its share once
 * its runner-ups say only their required params drops them, the last first (a close runner-up stays).
 */
const PART_BUDGET = BUDGET_CHARS * 0.75;

const entry = (a: Action) => ({ id: a.id, writes: a.writes, destructive: a.destructive });

/** The answer to a query of parts: each part's heading, best whole and runner-ups, one legend at the end. */
export function partsAnswer(parts: readonly string[], ranked: readonly Ranked[], notes: readonly string[]): ToolResult {
  const headings = parts.map((q, i) => {
    const { actions: [best, second], close, byId } = ranked[i]!;
    const named = `Part ${i + 1}, "${quoted(q)}"`;
    if (!best) return `${named}: no action matches. Try other words (the object and the verb, e.g. "merge request approve").`;
    return byId ? `${named}, asked for by ID:` : close ? `${named}: did you mean \`${best.id}\` or \`${second!.id}\`? Both fit; pick by the summaries.` : `${named}, best match:`;
  });
  const least = (r: Ranked) => (r.close ? 2 : 1);
  const render = (i: number, n: number, said: Map<string, string>, budget: number) => {
    const r = ranked[i]!;
    return rankedText({ heading: headings[i]!, notes: [], actions: r.actions.slice(0, n), close: r.close, hint: r.hint, budget, said });
  };
  // Each part's best alone (its share of the budget before runner-ups), then the rest shared out.
  const bests = ranked.map((r, i) => (r.actions.length ? render(i, least(r), new Map(), Infinity).length : headings[i]!.length));
  const spare = Math.max(0, (PART_BUDGET * parts.length - bests.reduce((a, b) => a + b, 0)) / parts.length);
  // A description a best said is not said again by the compact forms after it, in any part (as in one answer).
  const said = new Map<string, string>();
  let abridged = false;
  const shown = ranked.map((r) => r.actions);
  const texts = ranked.map((r, i) => {
    if (!r.actions.length) return headings[i]!;
    const budget = bests[i]! + spare;
    let n = r.actions.length;
    let saying = new Map(said);
    let text = render(i, n, saying, budget);
    while (text.length > budget && n > least(r)) text = render(i, --n, (saying = new Map(said)), budget);
    shown[i] = r.actions.slice(0, n);
    for (const [k, v] of saying) said.set(k, v);
    abridged ||= text.endsWith(ALL_PARAMS);
    // Each part's own legend is cut: the answer ends with one.
    return text.slice(0, text.lastIndexOf(`\n\n${LEGEND}`));
  });
  const text = [...notes, ...texts, `${LEGEND}${abridged ? ` ${ALL_PARAMS}` : ''}`].join('\n\n');
  const results = [...new Map(shown.flat().map((a) => [a.id, entry(a)])).values()];
  const partsOut = parts.map((query, i) => {
    const r = ranked[i]!;
    return { query, results: shown[i]!.map(entry), ...(r.close ? { ambiguous: true } : {}), ...(r.hint ? { suggested_params: r.hint } : {}) };
  });
  return { content: [{ type: 'text', text, annotations: { audience: ['assistant'] } }], structuredContent: { results, parts: partsOut } };
}
