// Renderers: the generic one (objects, lists, compact structuredContent, the embedded resource), text,
// job traces, repository files and diffs.
import { describe, it, expect } from 'vitest';
import type { RenderInput } from '../src/render/types.js';
import { cleanDeep } from '../src/render/contain.js';
import { paginationFromHeaders } from '../src/render/pagination.js';
import { compactValue } from '../src/render/compact.js';
import { compactResource } from '../src/render/embed.js';
import { languageFor, RENDERER_LOCAL_PARAMS, RENDERER_NAMES, renderFor, renderers, stripAnsi } from '../src/render/renderers.js';
import { HOSTILE, circular, render, splittingPipes, unescapedBrackets } from './helpers/render.js';

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

  it('object: contained heading and the kind\'s decision fields first (issue #28: no longer entity order)', () => {
    const { markdown, structured } = render(undefined, issue);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('## Fix | the &lt;b>login&lt;/b> \\[bug\\](javascript:alert(1))');
    const fields = lines.filter((l) => l.startsWith('- **')).map((l) => /^- \*\*([^*]+)\*\*/.exec(l)![1]);
    expect(fields.slice(0, 5)).toEqual(['iid', 'title', 'state', 'confidential', 'author']);
    expect(fields.indexOf('labels')).toBeLessThan(fields.indexOf('web_url'));
    expect(markdown).toContain('- **author**: @alice');
    expect(markdown).toContain('- **assignees**: @bob');
    expect(markdown).toContain('- **labels**: bug, ui');
    // An empty milestone is said, not left out: "no milestone" is an answer.
    expect(markdown).toContain('- **milestone**: none');
    expect(markdown).not.toContain('<');
    expect(unescapedBrackets(markdown)).toBe(0);
    expect(markdown).toContain('### description');
    // A quoted line's leading # is escaped: it cannot open a heading inside the quote.
    expect(markdown).toContain('> \\# not a heading');
    // structuredContent: the issue's decision fields (issue #28: confidential, milestone and time tracking too)
    // and its ids, nested objects by the name that identifies them;
    // the description (not cut) and the other fields are in the Markdown only.
    // Its dates and address are in the Markdown only; no time tracked reads as none.
    expect(structured).toEqual({
      id: 101, iid: 7, project_id: 42, title: issue.title, state: 'opened', author: 'alice', assignees: ['bob'], labels: ['bug', 'ui'],
      confidential: false, milestone: null, time_stats: null,
    });
    expect(markdown).toContain('- **confidential**: false');
  });

  it('object: a small object (at most 8 listed fields) is carried whole in structuredContent, compact', () => {
    // A deploy key: no kind of its own (src/render/kinds.ts), so every field is listed.
    const key = { id: 3, title: 'ci', key: 'ssh-ed25519 AAAA', fingerprint: null, can_push: true, revoked: false, expires_at: '2027-01-01', owner: { id: 9, username: 'zoe', name: 'Zoe' } };
    expect(render(undefined, key).structured).toEqual({ id: 3, title: 'ci', key: 'ssh-ed25519 AAAA', can_push: true, revoked: false, expires_at: '2027-01-01', owner: 'zoe' });
    const nine = { ...key, extra: 1, more: 2 };
    expect(render(undefined, nine).structured).toEqual({ id: 3, title: 'ci', key: 'ssh-ed25519 AAAA' });
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

  it('array: compact table, the kind\'s columns (issue #28), pagination line', () => {
    const items = [issue, { ...issue, id: 102, iid: 8, title: 'multi\nline | title', web_url: 'javascript:alert(1)', author: null }];
    const pagination = paginationFromHeaders({ 'x-page': '1', 'x-per-page': '2', 'x-next-page': '2', 'x-total': '5', 'x-total-pages': '3' }, {}, 2);
    const { markdown, structured } = render(undefined, items, {}, { id: 'issue.list', name: 'list' }, pagination);
    const rows = markdown.split('\n').filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(4);
    const header = rows[0];
    const cols = splittingPipes(header) - 1;
    // An issue list of an action without a project (a group's, the instance's) names each item's project.
    expect(header).toBe('| project | iid | title | state | author | assignees | labels | milestone | comments |');
    for (const row of rows) expect(splittingPipes(row)).toBe(cols + 1);
    expect(rows[2]).toBe('| 42 | 7 | Fix \\| the &lt;b>login&lt;/b> \\[bug\\](javascript:alert(1)) | opened | @alice | @bob | bug, ui | none |  |');
    expect(rows[3]).toContain('| multi ↵ line \\| title |');
    expect(unescapedBrackets(markdown)).toBe(0);
    expect(markdown).toContain('## Issues (2)');
    expect(markdown).toContain('Page 1 of 3 (2 per page, 5 items). Next: page=2');
    expect(structured.pagination).toEqual(pagination);
    const first = (structured.items as Array<Record<string, unknown>>)[0];
    expect(first).toEqual({ id: 101, iid: 7, project_id: 42, project: '42', title: issue.title, state: 'opened', author: 'alice', assignees: ['bob'], labels: ['bug', 'ui'], milestone: null,
      user_notes_count: null });
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
    const keys = [{ title: 'ci', key: 'ssh-ed25519 AAAA', can_push: true }];
    const h2 = render(undefined, keys).markdown.split('\n').find((l) => l.startsWith('| '))!;
    expect(h2).toBe('| title | key | can_push |');
    const pipelines = [{ id: 9, iid: 3, project_id: 1, sha: 'abc', ref: 'main', status: 'success', web_url: 'https://f/p/9', created_at: 'now', updated_at: 'later' }];
    const h3 = render(undefined, pipelines).markdown.split('\n').find((l) => l.startsWith('| '))!;
    // A pipeline list has its kind's columns (issue #28: its commit and when it ran, issue #30), coverage only when an item has one.
    expect(h3).toBe('| id | ref | sha | status | source | created |');
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
    // Its commits are listed (issue #30), not only counted.
    expect(r.markdown).toContain('### Commits (2)\n\n| sha | title | author | date |\n|---|---|---|---|\n| a |  |  |  |\n| b |  |  |  |');
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

// ---------------------------------------------------------------- threads (issue #28)

describe('comment threads', () => {
  const note = (id: number, body: string, extra: Record<string, unknown> = {}) => ({
    id, type: 'DiscussionNote', body, author: { id: 1, username: 'root', name: 'Root' }, created_at: '2024-05-01T10:00:00Z', system: false,
    noteable_id: 3, noteable_type: 'Commit', noteable_iid: null, resolvable: false, ...extra,
  });

  it('a commit thread and a snippet comment: every note with its author and body, none marked resolvable', () => {
    const list = [
      { id: 'd1', individual_note: false, notes: [note(1, 'discussion text'), note(2, 'reply to the discussion')] },
      { id: 'd2', individual_note: true, notes: [note(3, 'a single comment', { type: null, noteable_type: 'Snippet' })] },
    ];
    const { markdown, structured } = render(undefined, list, {}, { id: 'repository.commit_discussion_list', domain: 'repository', name: 'commit_discussion_list' });
    expect(markdown).toContain('### Thread 1\n\nid: `d1`, 2 notes\n- @root, 2024-05-01T10:00:00Z (note 1): discussion text\n- @root, 2024-05-01T10:00:00Z (note 2): reply to the discussion');
    expect(markdown).toContain('### Comment 2\n\nid: `d2`, 1 note\n- @root, 2024-05-01T10:00:00Z (note 3): a single comment');
    expect(markdown).not.toContain('unresolved');
    expect((structured.items as Array<Record<string, unknown>>)[0]).toEqual({
      id: 'd1', individual_note: false,
      notes: [{ id: 1, author: 'root', created_at: '2024-05-01T10:00:00Z', body: 'discussion text' }, { id: 2, author: 'root', created_at: '2024-05-01T10:00:00Z', body: 'reply to the discussion' }],
    });
  });

  it("an epic's threads (GraphQL: resolution on the thread, notes as a connection)", () => {
    const nodes = [
      { id: 'gid://gitlab/Discussion/abc', resolvable: true, resolved: false, createdAt: '2024-05-02T09:00:00Z',
        notes: { nodes: [{ id: 'gid://gitlab/Note/9', body: 'Is the scope final?', system: false, internal: false, createdAt: '2024-05-02T09:00:00Z', author: { username: 'alice' } }] } },
    ];
    const { markdown, structured } = render(undefined, nodes, {}, { id: 'group.epic_discussion_list', domain: 'group', name: 'epic_discussion_list' });
    expect(markdown).toContain('1 unresolved thread.');
    expect(markdown).toContain('### Thread 1 — unresolved');
    expect(markdown).toContain('- @alice, 2024-05-02T09:00:00Z: Is the scope final?');
    expect((structured.items as Array<Record<string, unknown>>)[0]).toMatchObject({ resolvable: true, resolved: false, notes: [{ author: 'alice', body: 'Is the scope final?' }] });
  });

  it('a long body is cut with a marker that says how to read it whole; fields: ["body"] shows it whole', () => {
    const long = `${'x'.repeat(700)}END`;
    const list = [{ id: 'd', individual_note: true, notes: [note(1, long)] }];
    const cut = render(undefined, list, {}, { id: 'issue.discussion_list', domain: 'issue', name: 'discussion_list' });
    expect(cut.markdown).toContain('… \\[cut: 103 more characters; call again with "fields": \\["body"\\] to read it whole\\]');
    expect(cut.markdown).not.toContain('END');
    const whole = renderFor()({ action: { id: 'issue.discussion_list', domain: 'issue', name: 'discussion_list', method: 'GET', params: {} } as unknown as RenderInput['action'], params: {}, data: list, show: ['body'] });
    expect(whole.markdown).toContain('END');
  });

  it('a resolved discussion answer says resolved', () => {
    const d = { id: 'd9', individual_note: false, notes: [note(1, 'fixed', { type: 'DiffNote', resolvable: true, resolved: true, position: { new_path: 'a.ts', new_line: 4, old_path: 'a.ts', old_line: null } })] };
    const { markdown, structured } = render(undefined, d, {}, { id: 'mr_review.discussion_resolve', domain: 'mr_review', name: 'discussion_resolve', method: 'PUT' });
    expect(markdown.split('\n')[0]).toBe('## Thread (resolved)');
    expect(markdown).toContain('(note 1, on a.ts:4, resolved): fixed');
    expect(structured).toMatchObject({ id: 'd9', resolvable: true, resolved: true, position: 'a.ts:4' });
  });
});

describe('nested objects by identity and state (issue #28)', () => {
  it("a commit's last pipeline by id and status, not by its ref; a branch's commit by SHA and title; a member's role by name", () => {
    const commit = { id: 'abc123def4567890', short_id: 'abc123de', title: 'Fix it', author_name: 'A', last_pipeline: { id: 1002, sha: 'abc', ref: 'main', status: 'failed' } };
    expect(render(undefined, commit, {}, { id: 'repository.commit_get', domain: 'repository', name: 'commit_get' }).markdown).toContain('- **last_pipeline**: #1002 failed (main)');
    const branch = { name: 'main', merged: false, protected: true, default: true, commit: commit };
    // A card's commit by its whole SHA, what a write takes (issue #30, session 15); a list keeps the short one.
    expect(render(undefined, branch, {}, { id: 'branch.get', domain: 'branch', name: 'get' }).markdown).toContain('- **commit**: abc123def4567890 Fix it');
    expect(render(undefined, [branch], {}, { id: 'branch.list', domain: 'branch', name: 'list' }).markdown).toContain('| main | abc123de Fix it |');
    const levels = [5, 10, 15, 20, 30, 40, 50, 42].map((access_level, i) => ({ id: i, username: `u${i}`, name: `U${i}`, access_level }));
    const md = render(undefined, levels, {}, { id: 'project.members', domain: 'project', name: 'members' }).markdown;
    for (const role of ['Minimal access (5)', 'Guest (10)', 'Planner (15)', 'Reporter (20)', 'Developer (30)', 'Maintainer (40)', 'Owner (50)']) expect(md).toContain(`| ${role} |`);
    expect(md).toContain('| u7 | U7 | 42 |');
  });
});
