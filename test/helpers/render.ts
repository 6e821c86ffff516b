// Shared inputs of the rendering tests (test/render.test.ts, test/renderers.test.ts): an action, a
// render call, hostile and odd values, and counters of the Markdown that escapes must keep inert.
import type { Action } from '../../src/catalog/define.js';
import type { RenderInput } from '../../src/render/types.js';
import { renderFor } from '../../src/render/renderers.js';

function action(over: Partial<Action> = {}): Action {
  return {
    id: 'issue.get', domain: 'issue', name: 'get', method: 'GET', path: '/projects/{project_id}/issues/{issue_iid}',
    summary: 'Get one issue', params: {}, fineGrained: ['read_work_item'], writes: false, destructive: false, tier: 'free', operation: 'issueGet',
    ...over,
  } as unknown as Action;
}

export function render(name: string | undefined, data: unknown, params: Record<string, unknown> = {}, over: Partial<Action> = {}, pagination?: RenderInput['pagination']) {
  return renderFor(name)({ action: action(over), params, data, pagination });
}

/** Pipes that split a table row: not preceded by an odd number of backslashes. */
export function splittingPipes(row: string): number {
  let n = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] !== '|') continue;
    let bs = 0;
    for (let j = i - 1; j >= 0 && row[j] === '\\'; j--) bs++;
    if (bs % 2 === 0) n++;
  }
  return n;
}

/** `[` not escaped by a backslash (an odd run of backslashes). */
export function unescapedBrackets(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '[') continue;
    let bs = 0;
    for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) bs++;
    if (bs % 2 === 0) n++;
  }
  return n;
}

export const HOSTILE = [
  'a | b || c',
  'line1\nline2\r\nline3\rline4\u2028line5',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '![img](http://evil/x.png)',
  '# Heading',
  '``` fence ````',
  'nul\u0000bell\u0007esc\u001b[31mred\u001b[0m del\u007f c1\u0085 rtl\u202eevil',
  '\\| escaped pipe \\\\| double',
  '[ref]: javascript:alert(1)',
];

export const WEIRD: unknown[] = [null, undefined, 0, -0, 42, 1e21, 1.5, NaN, Infinity, true, 10n, Symbol('s'), () => 1, { a: 1 }, [1, 'two', null], new Date(0), new Date(NaN)];
export const circular: Record<string, unknown> = { name: 'loop' };
circular.self = circular;
WEIRD.push(circular);
