// Rendering: containment of untrusted platform text, result builders, pagination, renderers.
import { describe, it, expect } from 'vitest';
import type { Action } from '../src/catalog/define.js';
import type { RenderInput } from '../src/render/types.js';
import { cell, cleanDeep, code, fence, heading, inline, link, linkCell, oneLine, quote, safeHref, stripControl, toText, wholeNumber } from '../src/render/contain.js';
import { errorResult, notFoundCard, safeModeCard, successResult } from '../src/render/result.js';
import { hasNextLink, paginationFromConnection, paginationFromHeaders, paginationLine } from '../src/render/pagination.js';
import { compactValue } from '../src/render/compact.js';
import { compactResource } from '../src/render/embed.js';
import { languageFor, RENDERER_LOCAL_PARAMS, RENDERER_NAMES, renderFor, renderers, stripAnsi } from '../src/render/renderers.js';

// ---------------------------------------------------------------- helpers

function action(over: Partial<Action> = {}): Action {
  return {
    id: 'issue.get', domain: 'issue', name: 'get', method: 'GET', path: '/projects/{project_id}/issues/{issue_iid}',
    summary: 'Get one issue', params: {}, fineGrained: ['read_work_item'], writes: false, destructive: false, tier: 'free', operation: 'issueGet',
    ...over,
  } as unknown as Action;
}

function render(name: string | undefined, data: unknown, params: Record<string, unknown> = {}, over: Partial<Action> = {}, pagination?: RenderInput['pagination']) {
  return renderFor(name)({ action: action(over), params, data, pagination });
}

/** Pipes that split a table row: not preceded by an odd number of backslashes. */
function splittingPipes(row: string): number {
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
function unescapedBrackets(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '[') continue;
    let bs = 0;
    for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) bs++;
    if (bs % 2 === 0) n++;
  }
  return n;
}

const HOSTILE = [
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

const WEIRD: unknown[] = [null, undefined, 0, -0, 42, 1e21, 1.5, NaN, Infinity, true, 10n, Symbol('s'), () => 1, { a: 1 }, [1, 'two', null], new Date(0), new Date(NaN)];
const circular: Record<string, unknown> = { name: 'loop' };
circular.self = circular;
WEIRD.push(circular);

// ---------------------------------------------------------------- containment

describe('containment', () => {
  it('prints numbers whole', () => {
    expect(wholeNumber(1e21)).toBe('1000000000000000000000');
    expect(wholeNumber(2 ** 64)).toBe('18446744073709551616');
    expect(wholeNumber(1.0)).toBe('1');
    expect(wholeNumber(-0)).toBe('0');
    expect(wholeNumber(1.25)).toBe('1.25');
    expect(wholeNumber(1e-7)).toBe('0.0000001');
    expect(wholeNumber(-1.5e-10)).toBe('-0.00000000015');
    expect(toText(1e21)).toBe('1000000000000000000000');
    expect(toText(10n)).toBe('10');
  });

  it('every function is total', () => {
    const fns = [cell, heading, quote, inline, code, oneLine, stripControl, toText, (v: unknown) => fence(v, v), (v: unknown) => link(v, v), (v: unknown) => linkCell(v, v), safeHref];
    for (const fn of fns) {
      for (const v of WEIRD) {
        expect(() => fn(v as never)).not.toThrow();
        const out = fn(v as never);
        expect(out === undefined || typeof out === 'string').toBe(true);
      }
    }
    expect(cell(null)).toBe('');
    expect(inline(undefined)).toBe('');
    expect(cell({ a: 1 })).toContain('"a":1');
    expect(toText(circular)).toContain('[circular]');
  });

  it('table cells escape pipes, newlines, < and [', () => {
    for (const s of HOSTILE) {
      const c = cell(s);
      expect(c).not.toMatch(/[\r\n\u2028]/);
      expect(splittingPipes(`| ${c} |`)).toBe(2);
      expect(c).not.toContain('<');
      expect(unescapedBrackets(c)).toBe(0);
      expect(c).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    }
    expect(cell('a|b')).toBe('a\\|b');
    expect(cell('one\ntwo')).toBe('one ↵ two');
    expect(cell('<b>')).toBe('&lt;b>');
    expect(cell('[x](javascript:alert(1))')).toBe('\\[x\\](javascript:alert(1))');
    expect(cell('plain title')).toBe('plain title');
  });

  it('cells can be bounded visibly', () => {
    expect(cell('abcdefghij', 5)).toBe('abcd…');
    expect(cell('abc', 5)).toBe('abc');
  });

  it('headings escape a leading # and stay on one line', () => {
    expect(heading('# Title')).toBe('\\# Title');
    expect(heading('### x')).toMatch(/^\\#/);
    expect(heading('Title ##')).toBe('Title \\#\\#');
    expect(heading('a\n# b')).not.toMatch(/\n/);
    expect(heading('- item')).toBe('\\- item');
    expect(heading('1. first')).toBe('1\\. first');
    expect(heading('<img src=x>')).toBe('&lt;img src=x>');
    expect(heading('Normal title')).toBe('Normal title');
  });

  it('quotes prefix every line and escape markup', () => {
    const q = quote('first\n\n# not a heading\n<script>x</script>\n[a](javascript:alert(1))\r\nlast\u0007');
    const lines = q.split('\n');
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l.startsWith('>')).toBe(true);
    expect(lines[1]).toBe('>');
    expect(lines[2]).toBe('> \\# not a heading');
    expect(q).not.toContain('<');
    expect(unescapedBrackets(q)).toBe(0);
    expect(q).not.toContain('\u0007');
    expect(quote(null)).toBe('>');
  });

  it('links escape both halves and show non-http addresses as code', () => {
    expect(link('docs', 'https://example.com/a b(c)')).toBe('[docs](https://example.com/a%20b%28c%29)');
    const evil = link('click [me]', 'javascript:alert(1)');
    expect(evil).not.toMatch(/\]\(javascript/);
    expect(evil).toBe('click \\[me\\] (`javascript:alert(1)`)');
    expect(link('x', 'data:text/html,<b>')).toBe('x (`data:text/html,<b>`)');
    expect(link('x', '/relative/path')).toBe('x (`/relative/path`)');
    expect(link('x', 'HTTPS://EXAMPLE.com')).toBe('[x](https://example.com/)');
    expect(link('', 'https://e.com')).toBe('[https://e.com/](https://e.com/)');
    expect(link('t', 'https://e.com/`x`)')).toBe('[t](https://e.com/%60x%60%29)');
    expect(safeHref('https://e.com/a)b')).toBe('https://e.com/a%29b');
    expect(safeHref('ftp://e.com')).toBeUndefined();
    expect(safeHref('http://[::1')).toBeUndefined();
    const lc = linkCell('a|b', 'javascript:x|y');
    expect(splittingPipes(`| ${lc} |`)).toBe(2);
  });

  it('fences are longer than any backtick run inside', () => {
    for (const body of ['plain', '```\nclosing attempt\n```', '````` five', 'x``````y']) {
      const f = fence(body, 'ts');
      const open = /^(`+)/.exec(f)![1];
      const longestInside = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
      expect(open.length).toBeGreaterThan(longestInside);
      expect(open.length).toBeGreaterThanOrEqual(3);
      const lines = f.split('\n');
      expect(lines[lines.length - 1]).toBe(open);
      // No inner line can close the fence.
      for (const l of lines.slice(1, -1)) expect(l.trim().startsWith(open)).toBe(false);
    }
    expect(fence('a', 'js\n```evil')).toBe('```jsevil\na\n```');
    expect(fence('a\u0000b\u001b[0m\r\nc\n')).toBe('```\nab[0m\nc\n```');
  });

  it('inline values escape code spans, links and control characters', () => {
    expect(inline('`rm -rf`')).toBe('\\`rm -rf\\`');
    expect(inline('a\nb')).toBe('a ↵ b');
    expect(inline('x\u202ey')).toBe('xy');
    expect(code('a`b')).toBe('``a`b``');
    expect(code('`x')).toBe('`` `x ``');
  });
});

// ---------------------------------------------------------------- results

describe('result builders', () => {
  it('success: Markdown for the assistant, structuredContent, optional embedded resource', () => {
    const r = successResult({ markdown: '# hi', structured: { a: 1 } });
    expect(r).toEqual({ content: [{ type: 'text', text: '# hi', annotations: { audience: ['assistant'], priority: 0.9 } }], structuredContent: { a: 1 } });
    expect(r.isError).toBeUndefined();
    const e = successResult({ markdown: 'x', structured: {} }, { embed: { uri: 'forge://project/1/issue/2', mimeType: 'application/json', text: '{}' } });
    expect(e.content).toHaveLength(2);
    expect(e.content[1]).toEqual({ type: 'resource', resource: { uri: 'forge://project/1/issue/2', mimeType: 'application/json', text: '{}' }, annotations: { audience: ['assistant'], priority: 0.3 } });
  });

  it('error: exactly one text block, no structuredContent', () => {
    const r = errorResult('issueGet: not found: gone');
    expect(r).toEqual({ isError: true, content: [{ type: 'text', text: 'issueGet: not found: gone' }] });
    expect('structuredContent' in r).toBe(false);
  });

  it('not-found card: heading, identifier written whole, sentence, next steps', () => {
    const r = notFoundCard({ kind: 'merge request', identifier: 1e21, listAction: 'merge_request.list' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toHaveLength(1);
    const t = (r.content[0] as { text: string }).text;
    expect(t.startsWith('## Not Found: merge request\n')).toBe(true);
    expect(t).toContain('1000000000000000000000');
    expect(t).not.toMatch(/e\+21/);
    expect(t).toContain('does not exist or is not accessible with the current permissions');
    expect(t).toMatch(/Next steps/);
    expect(t).toContain('- Use `merge_request.list` to see which exist');
    expect(t).not.toContain('fine-grained');
  });

  it('not-found card: integers stay integers, strings are contained', () => {
    const one = (notFoundCard({ kind: 'project', identifier: 1.0, listAction: 'project.list' }).content[0] as { text: string }).text;
    expect(one).toContain('`1`');
    expect(one).not.toContain('1.0');
    const s = (notFoundCard({ kind: 'branch', identifier: 'feat`x\n## injected <b>', listAction: 'branch.list' }).content[0] as { text: string }).text;
    expect(s).not.toContain('\n## injected');
    expect(s).toContain('``feat`x ↵ ## injected <b>``');
    const path = (notFoundCard({ kind: 'project', identifier: 'group/sub/project', listAction: 'project.list' }).content[0] as { text: string }).text;
    expect(path).toContain('`group/sub/project`');
    const none = (notFoundCard({ kind: 'tag', identifier: undefined, listAction: 'tag.list' }).content[0] as { text: string }).text;
    expect(none).toContain('(not given)');
    const k = (notFoundCard({ kind: '# evil', identifier: 1, listAction: 'x.list' }).content[0] as { text: string }).text;
    expect(k.startsWith('## Not Found: \\# evil')).toBe(true);
  });

  it('not-found card: GraphQL note for fine-grained sessions', () => {
    const t = (notFoundCard({ kind: 'wiki page', identifier: 'home', listAction: 'wiki.list', graphqlNote: true }).content[0] as { text: string }).text;
    expect(t).toMatch(/fine-grained/);
    expect(t).toMatch(/may not see|outside what the token may see/);
  });

  it('safe mode card: error result on the individual surface', () => {
    const r = safeModeCard({ actionId: 'issue.create', args: { project_id: 1, title: '```` break out' }, surface: 'individual' });
    expect(r.isError).toBe(true);
    expect(r.content).toHaveLength(1);
    expect(r.structuredContent).toBeUndefined();
    const t = (r.content[0] as { text: string }).text;
    expect(t).toContain('Safe mode blocked');
    expect(t).toContain('status: blocked');
    expect(t).toContain('mode: safe');
    expect(t).toContain('action: `issue.create`');
    expect(t).toContain('FORGE_MCP_SAFE_MODE=false');
    const fenceOpen = /^(`{3,})json$/m.exec(t);
    expect(fenceOpen).not.toBeNull();
    expect(fenceOpen![1].length).toBeGreaterThan(4);
    const json = t.split(`${fenceOpen![1]}json\n`)[1].split(`\n${fenceOpen![1]}`)[0];
    expect(JSON.parse(json)).toEqual({ project_id: 1, title: '```` break out' });
  });

  it('safe mode card: normal result on other surfaces', () => {
    for (const surface of ['dynamic', 'meta']) {
      const r = safeModeCard({ actionId: 'issue.delete', args: { project_id: 1, issue_iid: 2 }, surface });
      expect(r.isError).toBeUndefined();
      expect(r.content[0]).toMatchObject({ type: 'text', annotations: { audience: ['assistant'] } });
      expect(r.structuredContent).toEqual({ status: 'blocked', mode: 'safe', action: 'issue.delete' });
      expect((r.content[0] as { text: string }).text).toContain('```json');
    }
    expect(() => safeModeCard({ actionId: 'x.y', args: { big: 10n } as unknown, surface: 'dynamic' })).not.toThrow();
  });
});

// ---------------------------------------------------------------- pagination

describe('pagination', () => {
  const headers = { 'x-page': '1', 'x-per-page': '20', 'x-next-page': '2', 'x-prev-page': '', 'x-total': '57', 'x-total-pages': '3' };

  it('REST offset pagination from headers', () => {
    const p = paginationFromHeaders(headers, {}, 20);
    expect(p).toEqual({ page: 1, per_page: 20, next_page: 2, has_more: true, total_items: 57, total_pages: 3 });
    expect(paginationLine(p)).toBe('Page 1 of 3 (20 per page, 57 items). Next: page=2');
  });

  it('last page: next_page 0, has_more false', () => {
    const p = paginationFromHeaders({ 'X-Page': '3', 'X-Per-Page': '20', 'X-Next-Page': '', 'X-Total': '57', 'X-Total-Pages': '3' }, {}, 17);
    expect(p).toMatchObject({ page: 3, next_page: 0, has_more: false, total_items: 57, total_pages: 3 });
    expect(paginationLine(p)).toBe('Page 3 of 3 (20 per page, 57 items). Last page.');
  });

  it('no totals sent: both 0, continuation from x-next-page', () => {
    const p = paginationFromHeaders({ 'x-page': '4', 'x-per-page': '100', 'x-next-page': '5' }, {}, 100);
    expect(p).toEqual({ page: 4, per_page: 100, next_page: 5, has_more: true, total_items: 0, total_pages: 0 });
    expect(paginationLine(p)).toBe('Page 4 (100 per page; total not reported). Next: page=5');
  });

  it('search totals can be inferred as lower bounds', () => {
    const p = paginationFromHeaders({ 'x-page': '2', 'x-per-page': '20', 'x-next-page': '3' }, {}, 20, { inferTotals: true });
    expect(p).toMatchObject({ total_items: 40, total_pages: 3, has_more: true });
  });

  it('falls back to params and caps per_page at 100', () => {
    expect(paginationFromHeaders({}, { page: 2, per_page: 500 }, 3)).toEqual({ page: 2, per_page: 100, next_page: 0, has_more: false, total_items: 0, total_pages: 0 });
    expect(paginationFromHeaders({}, { per_page: '10' }, 10)).toMatchObject({ page: 1, per_page: 10, next_page: 2, has_more: true });
    expect(paginationFromHeaders(undefined as never, undefined as never, NaN)).toMatchObject({ page: 1, per_page: 20, has_more: false });
  });

  it('keyset: has_more from Link rel="next", false when not carried', () => {
    const link = '<https://forge.example/api/v4/projects?id_after=42&pagination=keyset&per_page=50>; rel="next", <https://forge.example/api/v4/projects?pagination=keyset>; rel="first"';
    const withNext = paginationFromHeaders({ Link: link, 'x-per-page': '50' }, { pagination: 'keyset' }, 50);
    expect(withNext).toEqual({ per_page: 50, has_more: true, total_items: 0, total_pages: 0 });
    expect(paginationLine(withNext)).toMatch(/More results exist/);
    const without = paginationFromHeaders({}, { pagination: 'keyset', per_page: 50 }, 50);
    expect(without.has_more).toBe(false);
    expect(paginationLine(without)).toMatch(/No more results/);
    expect(hasNextLink('<a>; rel="prev first"')).toBe(false);
    expect(hasNextLink('<a>; rel=next')).toBe(true);
    expect(hasNextLink('<a>; rel="last next"')).toBe(true);
  });

  it('GraphQL connections', () => {
    const p = paginationFromConnection({ hasNextPage: true, endCursor: 'eyJpZCI6IjQyIn0' });
    expect(p).toEqual({ has_next_page: true, end_cursor: 'eyJpZCI6IjQyIn0' });
    expect(paginationLine(p)).toBe('More results: after="eyJpZCI6IjQyIn0"');
    const last = paginationFromConnection({ hasNextPage: false, endCursor: null });
    expect(last).toEqual({ has_next_page: false, end_cursor: null });
    expect(paginationLine(last)).toBe('No more results.');
    expect(paginationFromConnection(undefined)).toEqual({ has_next_page: false, end_cursor: null });
    const evil = paginationLine({ has_next_page: true, end_cursor: 'a"b\n[x](javascript:1)' });
    expect(evil).not.toContain('\n');
    expect(evil).toMatch(/^More results: after="a\\"b ↵ \\\[x\\\]\(javascript:1\)"$/);
  });

  it('no pagination, no line', () => {
    expect(paginationLine(undefined)).toBe('');
  });
});

// ---------------------------------------------------------------- generic renderer

const issue = {
  id: 101, iid: 7, project_id: 42, title: 'Fix | the <b>login</b> [bug](javascript:alert(1))', state: 'opened',
  description: 'Steps:\n1. open\n# not a heading\n<script>alert(1)</script>',
  author: { id: 5, username: 'alice', name: 'Alice' }, assignees: [{ id: 6, username: 'bob' }], labels: ['bug', 'ui'],
  milestone: null, web_url: 'https://forge.example/g/p/-/issues/7', created_at: '2024-01-02T03:04:05Z', updated_at: '2024-01-03T00:00:00Z',
  time_stats: { time_estimate: 0, total_time_spent: 0 }, confidential: false,
};

describe('generic renderer', () => {
  it('lists its renderer names and their local params', () => {
    expect([...RENDERER_NAMES].sort()).toEqual(['diff', 'file_content', 'generic', 'job_trace', 'text']);
    expect(Object.keys(renderers).sort()).toEqual([...RENDERER_NAMES].sort());
    expect(RENDERER_LOCAL_PARAMS.job_trace).toEqual(['tail_lines', 'offset']);
    expect(renderFor()).toBe(renderers.generic);
    expect(renderFor('nope')).toBe(renderers.generic);
    expect(renderFor('toString')).toBe(renderers.generic);
  });

  it('empty answers: Done, or Deleted for DELETE', () => {
    expect(render(undefined, null)).toEqual({ markdown: 'Done.', structured: { ok: true } });
    expect(render(undefined, undefined, {}, { method: 'DELETE' })).toEqual({ markdown: 'Deleted.', structured: { ok: true } });
    expect(render(undefined, '', {}, { method: 'POST' }).markdown).toBe('Done.');
  });

  it('next_steps only when the action declares them', () => {
    expect(render(undefined, issue).structured).not.toHaveProperty('next_steps');
    const r = render(undefined, issue, {}, { nextSteps: ['issue.update', 'issue.note_create'] });
    expect(r.structured.next_steps).toEqual(['issue.update', 'issue.note_create']);
    expect(r.markdown).toContain('Next steps: `issue.update`, `issue.note_create`');
    expect(render(undefined, null, {}, { nextSteps: ['issue.list'] }).structured).toEqual({ ok: true, next_steps: ['issue.list'] });
  });

  it('object: contained heading and identifiers first', () => {
    const { markdown, structured } = render(undefined, issue);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('## Fix | the &lt;b>login&lt;/b> \\[bug\\](javascript:alert(1))');
    const fields = lines.filter((l) => l.startsWith('- **')).map((l) => /^- \*\*([^*]+)\*\*/.exec(l)![1]);
    expect(fields.slice(0, 5)).toEqual(['id', 'iid', 'project_id', 'title', 'state']);
    expect(fields.indexOf('web_url')).toBeLessThan(fields.indexOf('labels'));
    expect(markdown).toContain('- **author**: @alice');
    expect(markdown).toContain('- **assignees**: @bob');
    expect(markdown).toContain('- **labels**: bug, ui');
    expect(markdown).not.toContain('milestone');
    expect(markdown).not.toContain('<');
    expect(unescapedBrackets(markdown)).toBe(0);
    expect(markdown).toContain('### description');
    // A quoted line's leading # is escaped: it cannot open a heading inside the quote.
    expect(markdown).toContain('> \\# not a heading');
    // structuredContent: the key fields the Markdown lists, nested objects by the name that identifies them;
    // the description (not cut) and the other fields are in the Markdown only.
    expect(structured).toEqual({
      id: 101, iid: 7, project_id: 42, title: issue.title, state: 'opened', web_url: issue.web_url, author: 'alice',
      created_at: '2024-01-02T03:04:05Z', updated_at: '2024-01-03T00:00:00Z', assignees: ['bob'], labels: ['bug', 'ui'],
    });
    expect(markdown).toContain('- **confidential**: false');
  });

  it('object: a small object (at most 8 listed fields) is carried whole in structuredContent, compact', () => {
    const label = { id: 3, name: 'bug', color: '#f00', text_color: '#fff', priority: null, is_project_label: true, subscribed: false, owner: { id: 9, username: 'zoe', name: 'Zoe' } };
    expect(render(undefined, label).structured).toEqual({ id: 3, name: 'bug', color: '#f00', text_color: '#fff', is_project_label: true, subscribed: false, owner: 'zoe' });
    const nine = { ...label, extra: 1, more: 2 };
    expect(render(undefined, nine).structured).toEqual({ id: 3, name: 'bug' });
  });

  it('compact values: names for nested objects, nameless ones as up to eight scalar fields, lists of at most 50', () => {
    expect(compactValue({ id: 1, username: 'u', name: 'U' })).toBe('u');
    expect(compactValue({ id: 2, path_with_namespace: 'g/p', name: 'P' })).toBe('g/p');
    expect(compactValue({ id: 3, title: 'v1', iid: 2 })).toBe('v1');
    expect(compactValue({ id: 4, iid: 5, ref: 'main', status: 'failed', nested: { a: 1 }, list: [1] })).toEqual({ id: 4, iid: 5, ref: 'main', status: 'failed' });
    const wide = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i]));
    expect(Object.keys(compactValue(wide) as object)).toHaveLength(8);
    expect(compactValue([{ username: 'a' }, 'x', null, [1], { id: 7 }])).toEqual(['a', 'x', null, { id: 7 }]);
    expect(compactValue(Array.from({ length: 60 }, (_, i) => i))).toHaveLength(50);
    expect(compactValue(10n ** 20n)).toBe('100000000000000000000');
    expect(compactValue(undefined)).toBeNull();
  });

  it('cleanDeep copies on write: a clean value is returned as it is, a dirty one copied, the input untouched', () => {
    const clean = { a: 'x', b: [1, { c: 'y' }], d: null };
    expect(cleanDeep(clean)).toBe(clean);
    const dirty = { a: 'x', b: [1, { c: 'y\u200B' }], ['k\u202E']: 'z' };
    const out = cleanDeep(dirty) as typeof dirty;
    expect(out).toEqual({ a: 'x', b: [1, { c: 'y' }], k: 'z' });
    expect(out).not.toBe(dirty);
    expect(dirty.b[1]).toEqual({ c: 'y\u200B' });
    expect(out.b).not.toBe(dirty.b);
  });

  it('embedded resource: identity and state only, strings cleaned and cut at 200', () => {
    const hostile = `x\u202E\u200B${'n'.repeat(300)}`;
    const r = compactResource({ id: 1, iid: 2, project_id: 3, title: 'T', description: 'D', name: hostile, state: 'opened\uFEFF', author: { username: 'a' }, web_url: 'https://f/x', labels: ['l'] });
    expect(r).toEqual({ id: 1, iid: 2, project_id: 3, name: `x${'n'.repeat(199)}…`, state: 'opened' });
    expect(compactResource({ path_with_namespace: 'g/p', status: 'failed', archived: false, nested: { id: 1 } })).toEqual({ path_with_namespace: 'g/p', status: 'failed' });
  });

  it('object: long text bounded with an explicit truncation line', () => {
    const long = 'word '.repeat(3000);
    const { markdown, structured } = render(undefined, { id: 1, title: 't', description: long });
    const quoted = markdown.split('\n').filter((l) => l.startsWith('>')).join('\n');
    expect(quoted.length).toBeLessThanOrEqual(4100);
    const m = /\(truncated: (\d+) more characters; read the full text in structuredContent\.description/.exec(markdown);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(10000);
    expect(structured.description).toBe(long);
    expect(render(undefined, { id: 1, description: 'short' }).markdown).not.toContain('truncated');
  });

  it('object: lenient with missing and odd fields', () => {
    expect(render(undefined, {}).markdown).toContain('(no fields)');
    expect(render(undefined, {}).markdown).toMatch(/^## Result of issue\.get/);
    const odd = { id: null, title: undefined, author: null, labels: [], nested: { deep: { deeper: 1 } }, big: 1e21, items: [null, 1, { name: 'n' }] };
    const r = render(undefined, odd);
    expect(r.markdown).toContain('- **big**: 1000000000000000000000');
    expect(r.markdown).toContain('- **items**: 1, n');
    expect(r.structured).not.toHaveProperty('author');
    const many: Record<string, number> = {};
    for (let i = 0; i < 30; i++) many[`field_${i}`] = i;
    const m = render(undefined, many).markdown;
    expect(m.split('\n').filter((l) => l.startsWith('- **'))).toHaveLength(20);
    expect(m).toContain('Other fields (not shown): field_20, field_21');
    expect(() => render(undefined, circular)).not.toThrow();
    expect(render(undefined, 5).markdown).toBe('Result: `5`');
    expect(render(undefined, true).structured).toEqual({ value: true });
    expect(() => renderFor()({ action: undefined, params: undefined, data: { id: 1 } } as unknown as RenderInput)).not.toThrow();
  });

  it('array: compact table, at most 6 columns, links, pagination line', () => {
    const items = [issue, { ...issue, id: 102, iid: 8, title: 'multi\nline | title', web_url: 'javascript:alert(1)', author: null }];
    const pagination = paginationFromHeaders({ 'x-page': '1', 'x-per-page': '2', 'x-next-page': '2', 'x-total': '5', 'x-total-pages': '3' }, {}, 2);
    const { markdown, structured } = render(undefined, items, {}, { id: 'issue.list', name: 'list' }, pagination);
    const rows = markdown.split('\n').filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(4);
    const header = rows[0];
    const cols = splittingPipes(header) - 1;
    expect(cols).toBeLessThanOrEqual(6);
    expect(header).toBe('| id | iid | title | state | author | web_url |');
    for (const row of rows) expect(splittingPipes(row)).toBe(cols + 1);
    expect(rows[2]).toContain('[open](https://forge.example/g/p/-/issues/7)');
    expect(rows[3]).toContain('open (`javascript:alert(1)`)');
    expect(rows[3]).not.toMatch(/\]\(javascript/);
    expect(markdown).toContain('## Issues (2)');
    expect(markdown).toContain('Page 1 of 3 (2 per page, 5 items). Next: page=2');
    expect(structured.pagination).toEqual(pagination);
    const first = (structured.items as Array<Record<string, unknown>>)[0];
    expect(first).toMatchObject({ id: 101, iid: 7, title: issue.title, state: 'opened', web_url: issue.web_url });
    expect(first).not.toHaveProperty('description');
    expect(first).not.toHaveProperty('labels');
  });

  it('array: structuredContent items carry the ids and the table\'s columns, nested objects by name', () => {
    const mrs = [
      { id: 501, iid: 1, project_id: 1, title: 'T', state: 'opened', source_branch: 'fix', sha: 'abc', web_url: 'https://f/mr/1', created_at: 'c', updated_at: 'u',
        author: { id: 3, username: 'alice', name: 'Alice', web_url: 'https://f/alice' }, reviewers: [{ id: 4, username: 'bob' }], description: 'long' },
    ];
    const { markdown, structured } = render(undefined, mrs, {}, { id: 'merge_request.list', domain: 'merge_request', name: 'list' });
    expect(markdown.split('\n').find((l) => l.startsWith('| '))).toBe('| id | iid | title | state | source_branch | author |');
    expect(structured.items).toEqual([{ id: 501, iid: 1, project_id: 1, title: 'T', state: 'opened', source_branch: 'fix', author: 'alice' }]);
  });

  it('array: columns chosen from the keys present', () => {
    const projects = [{ id: 1, name: 'Demo', path_with_namespace: 'g/demo', web_url: 'https://f/g/demo', visibility: 'private' }];
    const header = render(undefined, projects, {}, { id: 'project.list', domain: 'project', name: 'list' }).markdown.split('\n').find((l) => l.startsWith('| '))!;
    expect(header).toBe('| id | name | path_with_namespace | web_url |');
    const labels = [{ name: 'bug', color: '#f00', text_color: '#fff' }];
    const h2 = render(undefined, labels).markdown.split('\n').find((l) => l.startsWith('| '))!;
    expect(h2).toBe('| name | color | text_color |');
    const pipelines = [{ id: 9, iid: 3, project_id: 1, sha: 'abc', ref: 'main', status: 'success', web_url: 'https://f/p/9', created_at: 'now', updated_at: 'later' }];
    const h3 = render(undefined, pipelines).markdown.split('\n').find((l) => l.startsWith('| '))!;
    expect(h3).toBe('| id | iid | status | ref | web_url | created_at |');
  });

  it('array: empty list, scalars, nulls', () => {
    expect(render(undefined, [], {}, { id: 'issue.list', name: 'list' }).markdown).toBe('No issues found.');
    expect(render(undefined, [], {}, { id: 'project.list_members', domain: 'project', name: 'list_members' })).toEqual({ markdown: 'No members found.', structured: { items: [] } });
    expect(render(undefined, [], {}, { id: 'merge_request.list', domain: 'merge_request', name: 'list' }).markdown).toBe('No merge requests found.');
    const p = paginationFromHeaders({ 'x-page': '3', 'x-per-page': '20', 'x-total': '40', 'x-total-pages': '2', 'x-next-page': '' }, {}, 0);
    const empty = render(undefined, [], {}, { name: 'list' }, p);
    expect(empty.markdown).toContain('No issues found.');
    expect(empty.structured).toEqual({ items: [], pagination: p });
    const scalars = render(undefined, ['topic-a', 'b | c', null]);
    expect(scalars.markdown).toContain('- topic-a');
    expect(scalars.markdown).toContain('- (empty)');
    expect(scalars.structured.items).toEqual(['topic-a', 'b | c', null]);
    const mixed = render(undefined, [{ id: 1, name: 'x' }, null, 'str']);
    const rows = mixed.markdown.split('\n').filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(splittingPipes(row)).toBe(splittingPipes(rows[0]));
  });

  it('array: more than 200 rows says what was left out', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `n${i}` }));
    const r = render(undefined, many);
    expect(r.markdown.split('\n').filter((l) => l.startsWith('| ') && /^\| \d/.test(l))).toHaveLength(200);
    expect(r.markdown).toContain('(50 more items not shown');
    expect(r.structured.omitted_items).toBe(50);
  });

  it('hostile list values never break the table', () => {
    const items = HOSTILE.map((t, i) => ({ id: i, title: t, state: t, author: { username: t }, web_url: t }));
    const rows = render(undefined, items).markdown.split('\n').filter((l) => l.startsWith('|'));
    const cols = splittingPipes(rows[0]);
    for (const row of rows) {
      expect(splittingPipes(row)).toBe(cols);
      // Inside a code span `<` is literal text; everywhere else it is escaped.
      const outsideCode = row.replace(/(`+)[^`]*?\1/g, '');
      expect(outsideCode).not.toContain('<');
      expect(unescapedBrackets(outsideCode.replace(/\[open\]\(https?:[^)]*\)/g, ''))).toBe(0);
    }
  });

  it('plain text answers are fenced', () => {
    const r = render(undefined, 'raw ``` text\n');
    expect(r.markdown).toBe('````\nraw ``` text\n````');
  });
});

// ---------------------------------------------------------------- text renderer

describe('text renderer', () => {
  it('fences the answer with a language from the file path', () => {
    const r = render('text', 'a: 1\nb: 2\n', { file_path: 'ci/.gitlab-ci.yml' });
    expect(r.markdown).toBe('```yaml\na: 1\nb: 2\n```');
    expect(r.structured).toMatchObject({ total_lines: 2, start_line: 1, end_line: 2, truncated: false });
  });

  it('bounds large answers and says how much was left out', () => {
    const big = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const r = render('text', big);
    expect(r.markdown.length).toBeLessThan(52_000);
    expect(r.markdown).toMatch(/\(truncated: \d+ more lines not shown; narrow the request to read the rest\)/);
    expect(r.structured.truncated).toBe(true);
    const declared = render('text', big, { start_line: 4990 }, { params: { start_line: { type: 'integer', description: 'x', in: 'local' } } });
    expect(declared.markdown).toContain('Lines 4990–5000 of 5000.');
    const withParam = render('text', big, {}, { params: { start_line: { type: 'integer', description: 'x', in: 'local' } } });
    expect(withParam.markdown).toMatch(/read more with start_line=\d+/);
  });

  it('empty and odd data', () => {
    expect(render('text', '').markdown).toBe('(empty answer)');
    expect(() => render('text', { a: 1 })).not.toThrow();
    expect(render('text', null).structured.total_lines).toBe(0);
  });
});

// ---------------------------------------------------------------- job_trace

function makeLog(n: number): string {
  return Array.from({ length: n }, (_, i) => `\u001b[32;1mline ${i + 1}\u001b[0m`).join('\n') + '\n';
}

describe('job_trace renderer', () => {
  it('shows the last 200 lines by default, without ANSI escapes', () => {
    const log = makeLog(500);
    const { markdown, structured } = render('job_trace', log, { job_id: 77 });
    expect(markdown).toContain('## Job 77 log');
    expect(markdown).toMatch(/Showing lines 301–500 of 500 \(bytes \d+–\d+ of \d+\)\./);
    expect(markdown).not.toContain('\u001b');
    expect(markdown).not.toContain('[32;1m');
    expect(markdown).toContain('line 500');
    expect(markdown).not.toMatch(/\bline 300\b/);
    expect(structured).toEqual({ total_lines: 500, total_bytes: Buffer.byteLength(log), start_line: 301, end_line: 500, next_offset: null });
    expect(markdown).toMatch(/Earlier lines: offset=\d+ with tail_lines=200 reads lines 101–300\./);
  });

  it('tail_lines and offset continuation read every line exactly once', () => {
    const log = makeLog(95);
    const seen: string[] = [];
    let offset: number | null = 0;
    let calls = 0;
    while (offset !== null && calls < 20) {
      const r = render('job_trace', log, { offset, tail_lines: 10 });
      const body = r.markdown.split('```text\n')[1].split('\n```')[0];
      seen.push(...body.split('\n'));
      const s = r.structured as { next_offset: number | null; start_line: number; end_line: number };
      if (s.next_offset !== null) expect(r.markdown).toContain(`More: offset=${s.next_offset}`);
      offset = s.next_offset;
      calls++;
    }
    expect(calls).toBe(10);
    expect(seen).toEqual(Array.from({ length: 95 }, (_, i) => `line ${i + 1}`));
  });

  it('the earlier-lines hint reads exactly the lines before the window', () => {
    const log = makeLog(50);
    const tail = render('job_trace', log, { tail_lines: 20 });
    const m = /Earlier lines: offset=(\d+) with tail_lines=(\d+) reads lines (\d+)–(\d+)\./.exec(tail.markdown)!;
    expect([m[3], m[4]]).toEqual(['11', '30']);
    const before = render('job_trace', log, { offset: Number(m[1]), tail_lines: Number(m[2]) });
    expect(before.structured).toMatchObject({ start_line: 11, end_line: 30 });
  });

  it('an offset inside a line starts at that line; past the end says so', () => {
    const log = 'alpha\nbravo\ncharlie\n';
    const r = render('job_trace', log, { offset: 8 });
    expect(r.structured).toMatchObject({ start_line: 2, end_line: 3, next_offset: null });
    expect(r.markdown).toContain('Showing lines 2–3 of 3 (bytes 6–20 of 20).');
    const past = render('job_trace', log, { offset: 20 });
    expect(past.markdown).toContain('Offset 20 is past the end of the log (20 bytes, 3 lines)');
    expect(past.structured).toMatchObject({ start_line: 0, end_line: 0, next_offset: null });
  });

  it('byte offsets count UTF-8 bytes', () => {
    const log = 'héllo\nwörld\n';
    const r = render('job_trace', log, { offset: 7 });
    expect(r.markdown).toContain('wörld');
    expect(r.markdown).toContain('(bytes 7–14 of 14)');
  });

  it('carriage returns overwrite, section markers disappear, fences hold', () => {
    const log = 'section_start:1700000000:step_script\r\u001b[0KExecuting step\nprogress 10%\rprogress 100%\r\n```\nbreak ````` out\n\u0007bell\n';
    const r = render('job_trace', log, {});
    expect(r.markdown).toContain('Executing step');
    expect(r.markdown).not.toContain('section_start');
    expect(r.markdown).toContain('progress 100%');
    expect(r.markdown).not.toContain('progress 10%\n');
    expect(r.markdown).toContain('``````text');
    expect(r.markdown).not.toContain('\u0007');
    expect(r.markdown).toContain('This is the whole log.');
    expect(stripAnsi('\u001b]8;;https://x\u0007link\u001b]8;;\u0007 \u001b[1;31mred\u001b[m')).toBe('link red');
  });

  it('empty and odd logs', () => {
    expect(render('job_trace', '').structured).toEqual({ total_lines: 0, total_bytes: 0, start_line: 0, end_line: 0, next_offset: null });
    expect(render('job_trace', null).markdown).toContain('The job log is empty');
    expect(() => render('job_trace', makeLog(5), { tail_lines: -3, offset: 'x' })).not.toThrow();
    expect(render('job_trace', makeLog(5), { tail_lines: '2' }).structured).toMatchObject({ start_line: 4, end_line: 5 });
  });

  it('very large logs are bounded by size and still say where they are', () => {
    const log = Array.from({ length: 2000 }, (_, i) => `${i + 1} ${'y'.repeat(500)}`).join('\n');
    const r = render('job_trace', log, { tail_lines: 2000 });
    expect(r.markdown.length).toBeLessThan(70_000);
    const s = r.structured as { start_line: number; end_line: number };
    expect(s.end_line).toBe(2000);
    expect(s.start_line).toBeGreaterThan(1);
    expect(r.markdown).toContain(`Showing lines ${s.start_line}–2000 of 2000`);
  });
});

// ---------------------------------------------------------------- file_content

function fileObject(text: string, path = 'src/app.ts'): Record<string, unknown> {
  return {
    file_name: path.split('/').pop(), file_path: path, size: Buffer.byteLength(text), encoding: 'base64',
    content: Buffer.from(text).toString('base64'), content_sha256: 'x', ref: 'main', blob_id: 'b10b', commit_id: 'c0', last_commit_id: 'c1',
  };
}

describe('file_content renderer', () => {
  const thousand = Array.from({ length: 1000 }, (_, i) => `const l${i + 1} = ${i + 1};`).join('\n') + '\n';

  it('decodes base64 and shows the first 400 lines by default', () => {
    const { markdown, structured } = render('file_content', fileObject(thousand));
    expect(markdown.split('\n')[0]).toBe('## src/app.ts');
    expect(markdown).toContain('Lines 1–400 of 1000.');
    expect(markdown).toContain('```typescript\nconst l1 = 1;');
    expect(markdown).toContain('const l400 = 400;\n```');
    expect(markdown).not.toContain('const l401 ');
    expect(markdown).toContain('More: start_line=401 end_line=800');
    expect(markdown).toContain('ref: `main`');
    expect(structured).toEqual({ file_path: 'src/app.ts', ref: 'main', size: Buffer.byteLength(thousand), blob_id: 'b10b', last_commit_id: 'c1', total_lines: 1000, start_line: 1, end_line: 400 });
  });

  it('reads a line range', () => {
    const { markdown, structured } = render('file_content', fileObject(thousand), { start_line: 998, end_line: 2000 });
    expect(markdown).toContain('Lines 998–1000 of 1000.');
    expect(markdown).not.toContain('More:');
    expect(markdown).toContain('Earlier lines: start_line=598 end_line=997');
    expect(structured).toMatchObject({ start_line: 998, end_line: 1000, total_lines: 1000 });
    expect(render('file_content', fileObject(thousand), { start_line: 10, end_line: 12 }).markdown).toContain('```typescript\nconst l10 = 10;\nconst l11 = 11;\nconst l12 = 12;\n```');
    expect(render('file_content', fileObject(thousand), { start_line: 5000 }).markdown).toContain('start_line=5000 is past the end of the file (1000 lines).');
  });

  it('contains hostile content and paths', () => {
    const text = '```\n# not heading\n<script>alert(1)</script>\n````\n';
    const { markdown } = render('file_content', fileObject(text, '# evil/README.md'));
    expect(markdown.split('\n')[0]).toBe('## \\# evil/README.md');
    expect(markdown).toContain('`````markdown\n```\n# not heading');
    expect(markdown.trimEnd().endsWith('`````')).toBe(true);
  });

  it('binary, empty, plain-text encodings and raw strings', () => {
    const bin = { ...fileObject(''), content: Buffer.from([0x89, 0x50, 0x00, 0x01]).toString('base64'), size: 4, file_path: 'logo.png' };
    const b = render('file_content', bin);
    expect(b.markdown).toContain('Binary file (4 bytes); content not shown.');
    expect(b.structured).toMatchObject({ binary: true, total_lines: 0 });
    expect(render('file_content', fileObject('')).markdown).toContain('The file is empty.');
    const plain = render('file_content', { file_path: 'a.py', encoding: 'text', content: 'print(1)\r\nprint(2)' });
    expect(plain.markdown).toContain('```python\nprint(1)\nprint(2)\n```');
    const raw = render('file_content', 'echo hi\n', { file_path: 'run.sh', ref: 'dev' });
    expect(raw.markdown).toContain('```bash\necho hi\n```');
    expect(raw.structured).toMatchObject({ file_path: 'run.sh', ref: 'dev', total_lines: 1 });
    expect(() => render('file_content', null)).not.toThrow();
    expect(() => render('file_content', { content: 42, encoding: 'base64' })).not.toThrow();
  });

  it('guesses languages from extensions', () => {
    expect(languageFor('a/b/Dockerfile')).toBe('dockerfile');
    expect(languageFor('x.rs')).toBe('rust');
    expect(languageFor('noext')).toBe('');
    expect(languageFor(null)).toBe('');
  });
});

// ---------------------------------------------------------------- diff

function fileDiff(i: number, over: Record<string, unknown> = {}) {
  return { old_path: `src/f${i}.ts`, new_path: `src/f${i}.ts`, a_mode: '100644', b_mode: '100644', new_file: false, renamed_file: false, deleted_file: false, diff: `@@ -1 +1 @@\n-old ${i}\n+new ${i}\n`, ...over };
}

describe('diff renderer', () => {
  it('per-file headings and diff fences, paged by file_page/files_per_page', () => {
    const files = Array.from({ length: 45 }, (_, i) => fileDiff(i + 1));
    const p1 = render('diff', files);
    expect(p1.markdown).toContain('## Diff: 45 files changed');
    expect(p1.markdown).toContain('Files 1–20 of 45 (file_page 1 of 3, files_per_page=20).');
    expect(p1.markdown).toContain('### 1. src/f1.ts');
    expect(p1.markdown).toContain('```diff\n@@ -1 +1 @@\n-old 1\n+new 1\n```');
    expect(p1.markdown).not.toContain('src/f21.ts');
    expect(p1.markdown).toContain('Next: file_page=2 (files 21–40).');
    expect(p1.structured).toMatchObject({ total_files: 45, file_page: 1, files_per_page: 20, total_file_pages: 3, start_file: 1, end_file: 20 });
    expect((p1.structured.files as Array<{ new_path: string }>).map((f) => f.new_path)).toHaveLength(45);
    const p3 = render('diff', files, { file_page: 3 });
    expect(p3.markdown).toContain('Files 41–45 of 45 (file_page 3 of 3, files_per_page=20).');
    expect(p3.markdown).toContain('Last file page.');
    const small = render('diff', files, { file_page: '2', files_per_page: 5 });
    expect(small.markdown).toContain('Files 6–10 of 45');
    expect(render('diff', files, { file_page: 9 }).markdown).toContain('file_page=9 is past the last page (3 pages of 20 files)');
  });

  it('marks new, deleted, renamed files and empty diffs', () => {
    const files = [
      fileDiff(1, { new_file: true }),
      fileDiff(2, { deleted_file: true }),
      fileDiff(3, { renamed_file: true, old_path: 'old/name.ts', new_path: 'new/name.ts' }),
      fileDiff(4, { diff: '', too_large: true }),
      fileDiff(5, { diff: '' }),
      fileDiff(6, { b_mode: '100755', diff: '' }),
    ];
    const { markdown, structured } = render('diff', files);
    expect(markdown).toContain('### 1. src/f1.ts (new file)');
    expect(markdown).toContain('### 2. src/f2.ts (deleted)');
    expect(markdown).toContain('### 3. new/name.ts (renamed from `old/name.ts`)');
    expect(markdown).toContain('(no diff shown: the platform marks this file too large)');
    expect(markdown).toContain('(no textual changes: binary file or mode change only)');
    expect(markdown).toContain('(mode 100644 → 100755)');
    expect(structured.files).toContainEqual({ old_path: 'old/name.ts', new_path: 'new/name.ts', new_file: false, deleted_file: false, renamed_file: true });
  });

  it('contains hostile paths and diff bodies', () => {
    const { markdown } = render('diff', [fileDiff(1, { new_path: '# x\n<img>', old_path: '# x\n<img>', diff: '+```\n+````` run\n' })]);
    expect(markdown).toContain('### 1. \\# x ↵ &lt;img>');
    expect(markdown).toContain('``````diff\n+```\n+````` run\n``````');
  });

  it('bounds very large file diffs and says how to read them', () => {
    const huge = '@@ -1,9000 +1,9000 @@\n' + Array.from({ length: 9000 }, (_, i) => `+line ${i} ${'z'.repeat(20)}`).join('\n');
    const two = render('diff', [fileDiff(1, { diff: huge }), fileDiff(2)]);
    expect(two.markdown).toMatch(/\(truncated: \d+ more characters of this file's diff; read it alone with file_page=1 files_per_page=1\)/);
    const alone = render('diff', [fileDiff(1, { diff: huge }), fileDiff(2)], { file_page: 1, files_per_page: 1 });
    expect(alone.markdown).toMatch(/\(truncated: \d+ more characters of this file's diff; it exceeds what one answer shows/);
    expect(alone.markdown.length).toBeLessThan(110_000);
  });

  it('reads compare and changes objects, falls back to generic', () => {
    const compare = { commit: { id: 'abc' }, commits: [{ id: 'a' }, { id: 'b' }], diffs: [fileDiff(1)], compare_timeout: false, compare_same_ref: false };
    const r = render('diff', compare);
    expect(r.markdown).toContain('Commits compared: 2');
    expect(r.markdown).toContain('### 1. src/f1.ts');
    expect(render('diff', { id: 1, iid: 2, title: 'MR', changes: [fileDiff(9)] }).markdown).toContain('src/f9.ts');
    expect(render('diff', []).markdown).toContain('No file changes.');
    expect(render('diff', { id: 3, title: 'not a diff' }).markdown).toContain('## not a diff');
    expect(render('diff', null).markdown).toBe('Done.');
    expect(() => render('diff', [null, 3, 'x', {}])).not.toThrow();
  });

  it('carries the platform pagination of a paged diff list', () => {
    const p = paginationFromHeaders({ 'x-page': '1', 'x-per-page': '20', 'x-next-page': '2', 'x-total': '30', 'x-total-pages': '2' }, {}, 20);
    const r = render('diff', [fileDiff(1)], {}, {}, p);
    expect(r.markdown).toContain('Page 1 of 2 (20 per page, 30 items). Next: page=2');
    expect(r.structured.pagination).toEqual(p);
  });
});
