// A review comment on a line of a merge request's diff in one call (issue #30): `line: {path, new_line|old_line}` on
// mr_review.discussion_create and draft_note_create; the server reads the merge request's diff_refs and sends GitLab's
// whole position (GitLab requires the three SHAs: a trial assistant spent two calls finding them). The sandbox places a
// position as GitLab does: a line its diff does not have is refused with GitLab's line_code error.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const P = 'demo-group/demo-project';
const EP = '/api/v4/projects/demo-group%2Fdemo-project';
const MR = { project_id: P, merge_request_iid: 1 };
const FILE = 'src/auth/login.ts';
const NO_LINE = '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}';

describe('a diff line by path and number', () => {
  const on = sandboxServer({});
  const call = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${on.sb.url}/api/v4${path}`, { method, headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const t = await res.text();
    return { status: res.status, body: (t ? JSON.parse(t) : null) as any };
  };
  const sentDuring = async (fn: () => Promise<unknown>): Promise<string[]> => {
    const before = apiRequests(on.sb).length;
    await fn();
    return apiRequests(on.sb).slice(before).map((e) => `${e.method} ${e.path}`);
  };

  it('the diff says the numbers of its changed lines, each one a line GitLab places', async () => {
    const diff = text(await call('mr_review.changes_get', MR));
    expect(diff).toContain(`### 1. ${FILE}\n\nChanged lines: added (new_line) 8, 13–15; removed (old_line) 8, 13–15.`);
    for (const line of [{ path: FILE, new_line: 15 }, { path: FILE, old_line: 13 }]) {
      const r = await call('mr_review.draft_note_create', { ...MR, note: 'numbered', line });
      expect(r.isError, text(r)).toBeFalsy();
    }
    expect((await api('POST', '/projects/1/merge_requests/1/draft_notes/bulk_publish')).status).toBe(204);
    const bodies = (await api('GET', '/projects/1/merge_requests/1/discussions')).body.flatMap((d: any) => d.notes.map((n: any) => n.body));
    expect(bodies.filter((b: string) => b === 'numbered')).toHaveLength(2);
  });

  it('an added line: the merge request is read for its diff SHAs, then the thread is made with GitLab\'s whole position', async () => {
    const refs = (await api('GET', '/projects/1/merge_requests/1')).body.diff_refs;
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await sentDuring(async () => { r = await call('mr_review.discussion_create', { ...MR, body: 'Why NFC here?', line: { path: FILE, new_line: 8 } }); }))
      .toEqual([`GET ${EP}/merge_requests/1`, `POST ${EP}/merge_requests/1/discussions`]);
    expect(r!.isError, text(r!)).toBeFalsy();
    expect(text(r!)).toContain(`\`line\`: placed on the merge request's current diff (head \`${refs.head_sha.slice(0, 8)}\`)`);
    const threads = (await api('GET', '/projects/1/merge_requests/1/discussions')).body;
    const made = threads.at(-1).notes[0];
    expect(made).toMatchObject({ body: 'Why NFC here?', type: 'DiffNote' });
    expect(made.position).toMatchObject({ ...refs, position_type: 'text', old_path: FILE, new_path: FILE, new_line: 8, old_line: null });
  });

  it('a removed line by its old number, an unchanged one outside the hunks by both: GitLab places both', async () => {
    // `null` is no number, as GitLab's own positions say it.
    const removed = await call('mr_review.discussion_create', { ...MR, body: 'was this needed?', line: { path: FILE, old_line: 8, new_line: null } });
    expect(removed.isError, text(removed)).toBeFalsy();
    const thread = (await api('GET', '/projects/1/merge_requests/1/discussions')).body.at(-1);
    expect(thread.notes[0].position).toMatchObject({ old_path: FILE, new_path: FILE, old_line: 8, new_line: null });
    const r = await call('mr_review.draft_note_create', { ...MR, note: 'nit: import order', line: { path: FILE, old_line: 1, new_line: 1 } });
    expect(r.isError, text(r)).toBeFalsy();
    const draft = (await api('GET', '/projects/1/merge_requests/1/draft_notes')).body.at(-1);
    expect(draft.position).toMatchObject({ position_type: 'text', new_path: FILE, old_line: 1, new_line: 1 });
  });

  it('a line the diff does not have is GitLab\'s refusal, said with its usual cause; nothing is made', async () => {
    const before = (await api('GET', '/projects/1/merge_requests/1/discussions')).body.length;
    for (const line of [{ path: FILE, new_line: 40 }, { path: FILE, new_line: 1 }, { path: 'README.md', new_line: 1 }]) {
      const r = await call('mr_review.discussion_create', { ...MR, body: 'here?', line });
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('must be a valid line code');
      expect(text(r)).toContain('an unchanged one by both (old_line too)');
    }
    expect((await api('GET', '/projects/1/merge_requests/1/discussions')).body.length).toBe(before);
  });

  it('a draft on a line the diff does not have is published as GitLab does: no note is made, the draft is gone', async () => {
    expect((await call('mr_review.draft_note_create', { ...MR, note: 'on the change', line: { path: FILE, new_line: 8 } })).isError).toBeFalsy();
    expect((await call('mr_review.draft_note_create', { ...MR, note: 'far away', line: { path: FILE, new_line: 400 } })).isError).toBeFalsy();
    expect((await api('POST', '/projects/1/merge_requests/1/draft_notes/bulk_publish')).status).toBe(204);
    const bodies = (await api('GET', '/projects/1/merge_requests/1/discussions')).body.flatMap((d: any) => d.notes.map((n: any) => n.body));
    // The draft on the added line is published; the one on line 400 is not.
    expect(bodies).toContain('on the change');
    expect(bodies).not.toContain('far away');
    expect((await api('GET', '/projects/1/merge_requests/1/draft_notes')).body).toEqual([]);
  });

  it('a renamed file\'s line names its old path too', async () => {
    const r = await call('mr_review.discussion_create', { ...MR, body: 'x', line: { path: 'src/new.ts', old_path: 'src/old.ts', new_line: 2 } });
    // The sandbox has no renames: GitLab's refusal; what was sent is the position with both paths.
    expect(text(r)).toContain('must be a valid line code');
    const sent = apiRequests(on.sb).at(-1)!;
    expect(sent.body).toMatchObject({ position: { old_path: 'src/old.ts', new_path: 'src/new.ts', new_line: 2 } });
  });

  it('a line given wrong, or beside position, is refused before anything is sent', async () => {
    const cases: Array<[unknown, string]> = [
      [{ path: FILE }, 'line needs new_line (an added or unchanged line) or old_line (a removed one). Nothing was sent.'],
      [{ new_line: 3 }, "line needs path: the file's path in the diff. Nothing was sent."],
      [{ path: FILE, new_line: 0 }, 'line line numbers are positive integers. Nothing was sent.'],
      [{ path: FILE, line: 3 }, 'line takes path, new_line, old_line and old_path only (not line). Nothing was sent.'],
      [{ path: FILE, new_line: 3, old_path: '' }, "line old_path is the renamed file's path before the change. Nothing was sent."],
      ['src/auth/login.ts:8', 'invalid params for this action: json: cannot use string "src/auth/login.ts:8" as object for field "line"'],
    ];
    for (const [line, said] of cases) {
      let r: Awaited<ReturnType<typeof call>> | undefined;
      expect(await sentDuring(async () => { r = await call('mr_review.discussion_create', { ...MR, body: 'x', line }); })).toEqual([]);
      expect(r!.isError).toBe(true);
      expect(text(r!)).toContain(said);
    }
    const both = await call('mr_review.discussion_create', { ...MR, body: 'x', line: { path: FILE, new_line: 8 }, position: { position_type: 'text' } });
    expect(text(both)).toContain('give line or position, not both');
  });

  it('the sandbox asks for a position\'s SHAs and type as GitLab does, and places the line', async () => {
    const refs = (await api('GET', '/projects/1/merge_requests/1')).body.diff_refs;
    const r = await api('POST', '/projects/1/merge_requests/1/discussions', { body: 'x', position: { new_path: FILE, new_line: 8 } });
    expect(r).toEqual({ status: 400, body: { error: 'position[base_sha] is missing, position[start_sha] is missing, position[head_sha] is missing, position[position_type] is missing' } });
    expect(await api('POST', '/projects/1/merge_requests/1/draft_notes', { note: 'x', position: { ...refs, new_path: FILE, new_line: 8 } }))
      .toEqual({ status: 400, body: { error: 'position[position_type] is missing' } });
    expect(await api('POST', '/projects/1/merge_requests/1/discussions', { body: 'x', position: { ...refs, position_type: 'line', new_path: FILE, new_line: 8 } }))
      .toEqual({ status: 400, body: { error: 'position[position_type] does not have a valid value' } });
    // A position is placed on the diff its own SHAs name: a SHA the repository does not have finds no file.
    const stale = await api('POST', '/projects/1/merge_requests/1/discussions', { body: 'x', position: { ...refs, head_sha: 'f'.repeat(40), position_type: 'text', new_path: FILE, new_line: 8 } });
    expect(stale).toEqual({ status: 400, body: { message: NO_LINE } });
    const off = await api('POST', '/projects/1/merge_requests/1/discussions', { body: 'x', position: { ...refs, position_type: 'text', new_path: FILE, new_line: 40 } });
    expect(off).toEqual({ status: 400, body: { message: NO_LINE } });
  });
});
