// "Next steps" ready to run (issue #30): the 2–4 follow-ups an entry declares (`nextSteps`), each with the
// params its `nextFill` takes from this call's params or answer and the compact signature of what it still
// takes, so the assistant can run them without a find.
import { atTier, type Action, type Tier } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import { stepSignature } from '../catalog/signature.js';

export interface NextStep {
  action: string;
  params: Record<string, unknown>;
  /** What it still takes (`needs pipeline_id*: integer; optional: scope`), and whether it writes. */
  more: string;
}

/** Where a filled param comes from: `params.name` or `answer.a.b`, split once (`caller`: the caller gives it, never filled). */
interface Fill { name: string; root: 'params' | 'answer'; path: readonly string[] }

/** One declared next step: the entry, the fills it takes (the names it has a param for), and its condition (nextIf). */
interface PlannedStep { id: string; step: Action; fills: readonly Fill[]; only?: { path: readonly string[]; is: readonly unknown[] } }

/**
 * An action's next steps, resolved from the catalog once per entry (not per call): the same for every call of it.
 * Entries are frozen once made (frozenEntry, src/catalog/define.ts), so a plan keyed by the entry never goes stale.
 */
const plans = new WeakMap<Action, readonly PlannedStep[]>();

function planOf(action: Action): readonly PlannedStep[] {
  const cached = plans.get(action);
  if (cached) return cached;
  const fills: Fill[] = [];
  for (const [name, spec] of Object.entries(action.nextFill ?? {})) {
    const [root, ...path] = spec.split('.');
    if (root === 'params' || root === 'answer') fills.push({ name, root, path });
  }
  const steps: PlannedStep[] = [];
  for (const id of action.nextSteps ?? []) {
    const step = catalog().get(id);
    const cond = action.nextIf?.[id];
    if (step) steps.push({ id, step, fills: fills.filter((f) => step.params[f.name]), ...(cond ? { only: { path: cond.answer.split('.'), is: cond.is } } : {}) });
  }
  plans.set(action, steps);
  return steps;
}

/** The value a fill reads from this call: a scalar, else undefined. */
function source(fill: Fill, params: Record<string, unknown>, answer: unknown): unknown {
  let cur: unknown = fill.root === 'params' ? params : answer;
  for (const seg of fill.path) cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
  return typeof cur === 'string' || typeof cur === 'number' || typeof cur === 'boolean' ? cur : undefined;
}

/**
 * The action's next steps this session may run, with the params filled from this call; undefined when it
 * declares none, each step's params as `tier` offers them. `runnable` leaves out the ones the session cannot run (a write in read-only mode).
 */
export function filledNextSteps(action: Action, params: Record<string, unknown>, answer: unknown, runnable: (a: Action) => boolean, tier: Tier): NextStep[] | undefined {
  if (!action.nextSteps?.length) return undefined;
  const out: NextStep[] = [];
  // An object's answer fills its steps; a step whose required value it lacks (job.list with no pipeline) is no step.
  const one = answer !== null && typeof answer === 'object' && !Array.isArray(answer);
  steps: for (const { id, step, fills, only } of planOf(action)) {
    if (!runnable(step)) continue;
    if (only && !only.is.includes(source({ name: '', root: 'answer', path: only.path }, params, answer))) continue;
    const filled: Record<string, unknown> = {};
    let names = '';
    for (const f of fills) {
      const v = source(f, params, answer);
      if (v === undefined) {
        if (one && f.root === 'answer' && step.params[f.name]!.required) continue steps;
        continue;
      }
      filled[f.name] = v;
      names = names ? `${names}\0${f.name}` : f.name;
    }
    // Said as this instance's tier offers it (a Premium param or value is not named on Free); atTier's views are cached.
    out.push({ action: id, params: filled, more: moreOf(atTier(step, tier), names) });
  }
  return out.length ? out : undefined;
}

/** Each step's `more` by the names filled (joined by NUL): the same few lines for every call of an action, made once. */
const mores = new WeakMap<Action, Map<string, string>>();

function moreOf(step: Action, filled: string): string {
  let byFilled = mores.get(step);
  if (!byFilled) mores.set(step, (byFilled = new Map()));
  // Bounded: the names come from the entry's nextFill, so an action has only a few combinations.
  let more = byFilled.get(filled);
  if (more === undefined) {
    const flag = step.destructive ? 'destructive: needs confirm' : step.writes ? 'write' : '';
    more = [stepSignature(step, new Set(filled ? filled.split('\0') : [])), flag].filter(Boolean).join('; ');
    byFilled.set(filled, more);
  }
  return more;
}
