// "Next steps" ready to run (issue #30): the 2–4 follow-ups an entry declares (`nextSteps`), each with the
// params its `nextFill` takes from this call's params or answer and the compact signature of what it still
// takes, so the assistant can run them without a find.
import type { Action } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import { stepSignature } from '../catalog/signature.js';

export interface NextStep {
  action: string;
  params: Record<string, unknown>;
  /** What it still takes (`needs pipeline_id*: integer; optional: scope`), and whether it writes. */
  more: string;
}

/** `answer.a.b` or `params.name` read from the call; `caller`: the caller gives it (a name, an item picked from a list). */
function source(spec: string, params: Record<string, unknown>, answer: unknown): unknown {
  const [root, ...path] = spec.split('.');
  let cur: unknown = root === 'params' ? params : root === 'answer' ? answer : undefined;
  for (const seg of path) cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
  return typeof cur === 'string' || typeof cur === 'number' || typeof cur === 'boolean' ? cur : undefined;
}

/**
 * The action's next steps this session may run, with the params filled from this call; undefined when it
 * declares none. `runnable` leaves out the ones the session cannot run (a write in read-only mode).
 */
export function filledNextSteps(action: Action, params: Record<string, unknown>, answer: unknown, runnable: (a: Action) => boolean): NextStep[] | undefined {
  if (!action.nextSteps?.length) return undefined;
  const steps: NextStep[] = [];
  for (const id of action.nextSteps) {
    const step = catalog().get(id);
    if (!step || !runnable(step)) continue;
    const filled: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(action.nextFill ?? {})) {
      if (!step.params[name]) continue;
      const v = source(spec, params, answer);
      if (v !== undefined) filled[name] = v;
    }
    steps.push({ action: id, params: filled, more: moreOf(step, Object.keys(filled)) });
  }
  return steps.length ? steps : undefined;
}

/** Each step's `more` by the names filled: the same few lines for every call of an action, made once. */
const mores = new WeakMap<Action, Map<string, string>>();

function moreOf(step: Action, filled: string[]): string {
  let byFilled = mores.get(step);
  if (!byFilled) mores.set(step, (byFilled = new Map()));
  // Bounded: the names come from the entry's nextFill, so an action has only a few combinations.
  const key = filled.join('\0');
  let more = byFilled.get(key);
  if (more === undefined) {
    const flag = step.destructive ? 'destructive: needs confirm' : step.writes ? 'write' : '';
    more = [stepSignature(step, new Set(filled)), flag].filter(Boolean).join('; ');
    byFilled.set(key, more);
  }
  return more;
}
