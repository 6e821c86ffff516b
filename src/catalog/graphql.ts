// Helpers the GraphQL-backed entries share: global IDs and input objects without absent fields.

/** A numeric ID or a global ID → a global ID of `model`; absent stays absent. */
export function gid(model: string, v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(v);
  return s.startsWith('gid://') ? s : `gid://gitlab/${model}/${s}`;
}

export function gids(model: string, v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.map((x) => gid(model, x) as string) : undefined;
}

/** Drops undefined keys; undefined when nothing is left (an absent widget). */
export function compact(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return Object.keys(out).length ? out : undefined;
}
