// "Next steps" ready to run (issue #30): each next step an entry suggests carries the params its
// `nextFill` takes from this call's params or answer, so the assistant can run it without a find.
import type { Action } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';

export interface NextStep { action: string; params: Record<string, unknown> }

/** `answer.a.b` or `params.name` read from the call; `caller`: the caller gives it (a name, an item picked from a list). */
function source(spec: string, params: Record<string, unknown>, answer: unknown): unknown {
  const [root, ...path] = spec.split('.');
  let cur: unknown = root === 'params' ? params : root === 'answer' ? answer : undefined;
  for (const seg of path) cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
  return typeof cur === 'string' || typeof cur === 'number' || typeof cur === 'boolean' ? cur : undefined;
}

/** The action's next steps with the params filled from this call; undefined when it declares none. */
export function filledNextSteps(action: Action, params: Record<string, unknown>, answer: unknown): NextStep[] | undefined {
  if (!action.nextSteps?.length) return undefined;
  return action.nextSteps.map((id) => {
    const step = catalog().get(id);
    const filled: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(action.nextFill ?? {})) {
      if (!step?.params[name]) continue;
      const v = source(spec, params, answer);
      if (v !== undefined) filled[name] = v;
    }
    return { action: id, params: filled };
  });
}
