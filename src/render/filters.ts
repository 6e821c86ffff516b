// What a list was read in and with: the object its path params name and the filters it was sent (issue #30: an answer
// that does not echo them left assistants unsure a filter applied, and they read again to be sure).
import { CURSOR_PARAMS, PAGING_AND_ORDER } from '../catalog/define.js';
import { inline } from './contain.js';
import { actionOf, isScalar } from './shared.js';
import type { RenderInput } from './types.js';

/** The objects an empty list was read in, by the call's path params (`for user_id "alice"`): what was looked in. */
export function ofWhat(input: RenderInput): string {
  const { path } = actionOf(input);
  const named = pathParams(path).filter((k) => isScalar(input.params[k]));
  const filters = filtersSent(input);
  return (named.length ? ` for ${named.map((k) => saidParam(input, k)).join(', ')}` : '') + (filters ? ` with ${filters}` : '');
}

const pathParams = (path: string): string[] => [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
const saidParam = (input: RenderInput, k: string): string => `${k} ${inline(JSON.stringify(input.params[k]), 80)}`;

/**
 * The filters a list was read with, said under its heading (or in its empty line): an answer that does not echo them
 * left trial assistants unsure a filter was applied (`assignee_id: "None"`), or whether an empty list was a wrong
 * filter, and they read again to be sure. Path params, paging, order and the server's own params choose no item.
 */
export function filtersSent(input: RenderInput): string {
  const inPath = pathParams(actionOf(input).path);
  const local = (k: string) => input.action?.params?.[k]?.in === 'local';
  const filters = Object.keys(input.params).filter((k) => !inPath.includes(k) && !PAGING_AND_ORDER.has(k) && !(input.action?.graphql && CURSOR_PARAMS.has(k)) && !local(k) && input.params[k] !== undefined);
  return filters.length ? `${filters.slice(0, 6).map((k) => saidParam(input, k)).join(', ')}${filters.length > 6 ? ` (+${filters.length - 6} more)` : ''}` : '';
}
