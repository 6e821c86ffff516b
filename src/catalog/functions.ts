// The catalog's function-valued fields (a GraphQL action's `variables`, a lookup's `query`, a fallback's `body`...):
// JSON cannot hold them, so the build's data file leaves them out and they travel in a small module of their own
// (scripts/catalog-data.mjs), keyed by action ID and the field's dot path (`graphql.variables`), put back on load
// as fields that load that module when first read.
type Fn = (...args: never[]) => unknown;

/** Field path → function, for every function-valued field of one catalog entry (nested objects included). */
export function functionFields(entry: object, at = '', out: Record<string, Fn> = {}): Record<string, Fn> {
  for (const [key, value] of Object.entries(entry)) {
    const path = at ? `${at}.${key}` : key;
    if (typeof value === 'function') out[path] = value as Fn;
    else if (value && typeof value === 'object') functionFields(value as object, path, out);
  }
  return out;
}

/**
 * Puts a function at each of its paths, as a field that fetches it on first read (`fetch`, which loads the module
 * that holds them): an action weighed by a find and never run costs no function. A path whose parent object is
 * missing means data and functions disagree.
 */
export function attachFunctions(entry: object, paths: readonly string[], fetch: (path: string) => Fn, id: string): void {
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let target = entry as Record<string, unknown>;
    for (const k of keys) {
      const next = target[k];
      if (!next || typeof next !== 'object') throw new Error(`catalog data: ${id} has no ${path} for its function (rebuild)`);
      target = next as Record<string, unknown>;
    }
    // Kept in the getter, not written back on the entry: entries are frozen once made (frozenEntry, define.ts).
    let fn: Fn | undefined;
    Object.defineProperty(target, last, { enumerable: true, get: () => (fn ??= fetch(path)) });
  }
}
