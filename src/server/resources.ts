// forge://tools/{id}: the detail of one action, derived from its catalog entry. An action the session
// may not run carries a `withheld` block instead of answering not found.
// SPEC "Action detail resource".
import { catalog, loadCatalog } from '../catalog/index.js';
import { actionSchema } from '../catalog/schema.js';
import { availability, withheldMessage } from '../pipeline/access.js';
import type { Session } from '../session/session.js';
import { atTier, type Action } from '../catalog/define.js';
import { boundaryOf, withheldCause } from '../session/grant.js';

export const TOOL_URI_PREFIX = 'forge://tools/';
/** What the embedded sandbox simulates; served only when the server runs against it. */
export const SANDBOX_URI = 'forge://sandbox';

let sandboxSummary: Promise<string> | undefined;

/** forge://sandbox: per catalog domain, how many actions the sandbox simulates with state and how many it refuses (computed once, on first read). */
export function sandboxResource(): Promise<string> {
  sandboxSummary ??= Promise.all([import('../sandbox/coverage.js'), loadCatalog()]).then(([{ coverage }, c]) => {
    const domains = coverage(c);
    const sum = (k: 'actions' | 'simulated' | 'refused') => domains.reduce((n, d) => n + d[k], 0);
    return JSON.stringify({
      description: 'The embedded sandbox simulates these actions with state (writes show in later reads). Every other action is refused with a clear error naming the GitLab route it would call; nothing is invented.',
      total: { actions: sum('actions'), simulated: sum('simulated'), refused: sum('refused') },
      domains: domains.filter((d) => d.simulated > 0).sort((a, b) => b.simulated - a.simulated || a.domain.localeCompare(b.domain)),
      not_simulated: domains.filter((d) => d.simulated === 0).map((d) => d.domain).sort(),
    }, null, 2);
  });
  return sandboxSummary;
}

/** What a fine-grained token needs for the action, or which GraphQL type or mutation declares nothing (SPEC "Fine-grained token handling"). */
function fineGrainedBlock(a: Action): Record<string, unknown> {
  const w = withheldCause(a);
  if (w || !Array.isArray(a.fineGrained)) return { available: false, ...(w ? { withheld: w.withheld, declares_no_permission: w.name } : {}) };
  const needs = a.fineGrained as readonly string[];
  return { available: true, permissions: needs, ...(needs[0] ? { boundary: boundaryOf(a, needs[0]) } : {}) };
}

export function actionDetail(s: Session, id: string): Record<string, unknown> | undefined {
  const a = catalog().get(decodeURIComponent(id));
  if (!a) return undefined;
  const avail = availability(a, s);
  if (avail === 'absent') return undefined;
  const detail: Record<string, unknown> = {
    id: a.id,
    summary: a.summary,
    request: a.graphql ? `GraphQL ${a.graphql.kind}` : `${a.method} /api/v4${a.path}`,
    writes: a.writes,
    destructive: a.destructive,
    tier: a.tier,
    fine_grained: fineGrainedBlock(a),
    input_schema: actionSchema(atTier(a, s.tier)),
    examples: a.examples ?? [],
  };
  if (avail !== 'ok') detail.withheld = { cause: avail, message: withheldMessage(a, avail, s) };
  return detail;
}
