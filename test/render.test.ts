// Rendering: containment of untrusted platform text, result builders, pagination (the renderers are
// in test/renderers.test.ts).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cell, code, fence, heading, inline, link, linkCell, oneLine, quote, safeHref, stripControl, toText, wholeNumber } from '../src/render/contain.js';
import { errorResult, notFoundCard, safeModeCard, successResult } from '../src/render/result.js';
import { hasNextLink, paginationFromConnection, paginationFromHeaders, paginationLine } from '../src/render/pagination.js';
import { HOSTILE, WEIRD, circular, splittingPipes, unescapedBrackets } from './helpers/render.js';

// ---------------------------------------------------------------- containment

describe('containment', () => {
  it('gives every http(s) address what the URL parser gives, with or without the parse-free path', () => {
    const parsed = (s: string): string | undefined => {
      if (!/^https?:\/\//i.test(s.trim())) return undefined;
      try {
        const u = new URL(s.trim());
        if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
        return u.href.replace(/[\s()<>"'`\\[\]{}|^]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
      } catch {
        return undefined;
      }
    };
    const part = (chars: string, max: number) => fc.string({ unit: fc.constantFrom(...chars), minLength: 0, maxLength: max });
    const address = fc.tuple(
      fc.constantFrom('http://', 'https://', 'HTTP://', 'https:/'),
      fc.array(part('abcXYZ019-_.', 6), { minLength: 1, maxLength: 4 }).map((l) => l.join('.')),
      fc.constantFrom('', ':443', ':80', ':8080', '@x'),
      fc.array(part('az09-_~.%()|[] ', 7), { maxLength: 5 }).map((l) => l.map((x) => `/${x}`).join('')),
      fc.constantFrom('', '/', '?q=1', '#f'),
    ).map((xs) => xs.join(''));
    fc.assert(fc.property(address, (s) => safeHref(s) === parsed(s)), { numRuns: 5000, seed: 12 });
  });

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

  it('a string with nothing to contain comes back as it is, and every other one takes the whole containment (every character, inline and cell)', () => {
    // The rules written out (src/render/contain.ts): one line without control characters, then the markup escaped.
    const ESC: Record<string, string> = { '\\': '\\\\', '<': '&lt;', '[': '\\[', ']': '\\]', '`': '\\`', '|': '\\|' };
    const asInline = (s: string) => oneLine(s).replace(/[\\<[\]`]/g, (c) => ESC[c]!);
    const asCell = (s: string) => oneLine(s).replace(/[\\<[\]`|]/g, (c) => ESC[c]!);
    const points = [...Array.from({ length: 0x10000 }, (_, i) => i).filter((i) => i < 0xd800 || i > 0xdfff), ...Array.from({ length: 0xa0 }, (_, i) => 0xdfff0 + i), 0x1f600];
    for (const p of points) {
      const s = `a${String.fromCodePoint(p)}b`;
      expect(inline(s), `U+${p.toString(16)}`).toBe(asInline(s));
      expect(cell(s), `U+${p.toString(16)}`).toBe(asCell(s));
      expect(cell(s, 100), `U+${p.toString(16)}`).toBe(asCell(s));
    }
    // Within the bound only: a longer string is cut even when it holds nothing to escape.
    expect(inline('plain title', 5)).toBe('plai…');
    expect(cell('plain title', 11)).toBe('plain title');
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
    // The parse-free path for plain addresses gives what the URL parser gives.
    expect(safeHref('https://gitlab.example.com/acme/shop/-/issues/12')).toBe('https://gitlab.example.com/acme/shop/-/issues/12');
    expect(safeHref('http://0x7f.1/a')).toBe('http://127.0.0.1/a');
    expect(safeHref('https://e.com/a/../b')).toBe('https://e.com/b');
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
