// Candidate generation beside the keyword search: the project-level twin of a list or get that acts elsewhere
// (merge_request.list beside merge_request.list_global), for a request that names a project by its path.

/** Words of an action name that say only where it acts: `merge_request.list_global` is `merge_request.list` elsewhere. */
const SCOPE_SUFFIX = /_(?:global|all|instance|group|project)$/;

/** The action's ID without the words saying where it acts: twins acting in different places share it. */
const twinKey = (id: string): string => id.replace(SCOPE_SUFFIX, '');

/** For each action ID (in catalog order), the other actions of its twin set (the same action in another scope); none: not listed. */
export function scopeTwins(ids: readonly string[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const id of ids) {
    const key = twinKey(id);
    const list = byKey.get(key) ?? [];
    list.push(id);
    byKey.set(key, list);
  }
  const out = new Map<string, string[]>();
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    for (const id of list) out.set(id, list.filter((x) => x !== id));
  }
  return out;
}

