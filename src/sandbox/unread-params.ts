// A read the sandbox answers must not ignore what it was asked: a filter it does not apply would return
// every item as if filtered. So a GET's handler runs on params that record which keys it read, and a
// given key it never looked at, and GitLab documents for the route, turns the answer into a refusal in so many
// words (501, like a route the sandbox does not simulate), naming the params (src/sandbox/unsimulated.ts).
import type { Ctx } from './types.js';

/** Keys a read may carry without its handler reading them: paging (read from the raw query) and credentials. */
const INERT = new Set(['page', 'per_page', 'pagination', 'private_token', 'access_token', 'id']);

export interface ReadTracker { ctx: Ctx; unread(): string[] }

/**
 * A view of `ctx` whose params note each key read; enumerating them counts as reading them all. The raw query is
 * read only for paging (page, per_page, and the links that repeat the query), so it is not watched.
 */
export function trackReads(ctx: Ctx): ReadTracker {
  const read = new Set<string>();
  let all = false;
  const note = (key: string | symbol) => { if (typeof key === 'string') read.add(key); };
  const params = new Proxy(ctx.params, {
    get(target, key, receiver) { note(key); return Reflect.get(target, key, receiver); },
    has(target, key) { note(key); return Reflect.has(target, key); },
    getOwnPropertyDescriptor(target, key) { note(key); return Reflect.getOwnPropertyDescriptor(target, key); },
    ownKeys(target) { all = true; return Reflect.ownKeys(target); },
  });
  return {
    ctx: { ...ctx, params },
    unread: () => (all ? [] : Object.keys(ctx.params).filter((k) => !INERT.has(k) && !read.has(k)).sort()),
  };
}
