// Calls an assistant no longer needs (issue #30): each test replays a logged everyday task (trial set 17) the
// short way, and checks that the one answer it now reads carries the fact it used to make another call for
// (a re-read of each issue, a list re-read with fields, a find for a write's schema or for the next action).
import { describe, it, expect } from 'vitest';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();
const P = 'demo-group/demo-project';
const run = async (action: string, params: Record<string, unknown>) => {
  const r = await on.srv.call('forge_execute_action', { action, params });
  expect(r.isError, `${action}: ${text(r)}`).toBeFalsy();
  return text(r);
};
/** The ready-to-run next step of an answer for `action`: its filled params and what it still takes. */
function step(t: string, action: string): { params: Record<string, unknown>; more: string } {
  const m = new RegExp(`^- \`${action.replace('.', '\\.')} (\\{.*\\})\`(?: — (.*))?$`, 'm').exec(t);
  expect(m, `${action} is no next step of:\n${t}`).not.toBeNull();
  return { params: JSON.parse(m![1]!) as Record<string, unknown>, more: m![2] ?? '' };
}

describe('one call where a task took two or more', () => {
  it('an issue search says who filed it and whether anyone commented (V4, V5, X2 read each issue again for these)', async () => {
    const t = await run('issue.list', { project_id: P, search: 'Prometheus', state: 'all' });
    expect(t).toContain('| iid | title | state | author | assignees | labels | milestone | comments |\n');
    expect(t).toContain('| 18 | Metrics endpoint for Prometheus | opened | @bob | @demo | feature | none | 0 |\n');
    const commented = await run('issue.list', { project_id: P, search: 'unicode' });
    expect(commented).toMatch(/^\| 1 \| Login page returns 500 when the password contains unicode \| opened \| @demo \| @alice \| .* \| v1\.2 \| 2 \|$/m);
  });

  it('who filed most open issues is read off one plain list (X5 asked fields ["author"]: 8,772 characters)', async () => {
    const t = await run('issue.list', { project_id: P, state: 'opened', per_page: 100 });
    const authors = [...t.matchAll(/^\| \d+ \| [^|]+ \| opened \| (?:true|false) \| (@[a-z]+) \|/gm)].map((m) => m[1]!);
    const project = on.sb.state.projects.get(1)!;
    const open = [...project.issues.values()].filter((i) => i.state === 'opened');
    expect(authors.length).toBe(open.length);
    const byName = (list: string[]) => Object.fromEntries([...new Set(list)].sort().map((a) => [a, list.filter((x) => x === a).length]));
    expect(byName(authors)).toEqual(byName(open.map((i) => `@${on.sb.state.users.get(i.authorId)!.username}`)));
    expect(t.length).toBeLessThan(3000);
  });

  it('a branch survey is one list: each head commit with its title, author and date (W3 re-read it with fields ["commit"])', async () => {
    const t = await run('branch.list', { project_id: P });
    expect(t).toContain('| name | commit | author | date | merged | protected | default |\n');
    expect(t).toContain('| feature/readme-intro | 5bc94016 Rewrite the README introduction | Bob Martin | 2026-02-10 10:14 | false | false | false |\n');
    expect(t).toContain('| main | 228e32ed Fix session timeout handling | Alice Chen | 2026-01-17 10:14 | false | true | true |\n');
  });
});

describe('no find for the next action', () => {
  it('who wrote a file\'s code: its read offers the blame, filled, and the blame answers (W4 searched for it)', async () => {
    const blame = step(await run('repository.file_get', { project_id: P, file_path: 'src/index.ts', ref: 'main' }), 'repository.file_blame');
    expect(blame).toEqual({ params: { project_id: P, file_path: 'src/index.ts', ref: 'main' }, more: 'optional: range_start, range_end' });
    expect(await run('repository.file_blame', blame.params)).toContain('### Lines 1–9 · 055c60c4 · Alice Chen · 2026-01-08 · Add login service');
  });

  it('a new branch offers the file write on it, filled, and the write runs with what it says it needs (X8 searched for it)', async () => {
    const made = await run('branch.create', { project_id: P, branch_name: 'chore/pin-node', ref: 'main' });
    const create = step(made, 'repository.file_create');
    expect(create.params).toEqual({ project_id: P, branch: 'chore/pin-node' });
    expect(create.more).toMatch(/^needs file_path\*: string, content\*: string, commit_message\*: string; .*; write$/);
    expect(step(made, 'merge_request.create').params).toEqual({ project_id: P, source_branch: 'chore/pin-node' });
    const wrote = await run('repository.file_create', { ...create.params, file_path: '.nvmrc', content: '22\n', commit_message: 'Pin Node 22' });
    expect(wrote).toContain('.nvmrc');
    expect(await run('repository.compare', { project_id: P, from: 'main', to: 'chore/pin-node' })).toContain('Pin Node 22');
  });

  it('an issue found by search offers its update naming assignees and labels with their types; the update runs as named (V6 searched for its schema)', async () => {
    const update = step(await run('issue.list', { project_id: P, search: 'translate', state: 'opened' }), 'issue.update');
    expect(update.more).toContain('add_labels: string, remove_labels: string, assignees: string[], add_assignees: string[], milestone: string');
    const t = await run('issue.update', { ...update.params, issue_iid: 17, assignees: ['@demo'], add_labels: 'priority::low' });
    expect(t).toContain('- **assignees**: @demo\n');
    expect(t).toContain('- **labels**: feature, priority::low\n');
  });
});
