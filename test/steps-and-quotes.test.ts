// Two things held-out trial assistants were misled by (issue #30): a next step offered a value the instance's tier
// does not (issue.link_create's `blocks` on Free, which find already left out, so they disagreed), and a quoted
// wiki page whose escapes (`\#`, `\[`) an assistant could not tell from the page's own text before rewriting it.
import { describe, it, expect } from 'vitest';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();
const P = 'demo-group/demo-project';
const exec = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });

describe('next steps at the instance tier', () => {
  it('a Free instance\'s issue link list offers the link create with relates_to only, as find does', async () => {
    const t = text(await exec('issue.link_list', { project_id: P, issue_iid: 3 }));
    const step = t.split('\n').find((l) => l.startsWith('- `issue.link_create '));
    expect(step).toContain('link_type: "relates_to"');
    expect(step).not.toContain('blocks');
    // The issue's update step does not count the Premium params (weight, epic) among the ones it does not name.
    const issue = text(await exec('issue.get', { project_id: P, issue_iid: 1 }));
    expect(issue.split('\n').find((l) => l.startsWith('- `issue.update '))).toMatch(/milestone: string \(\+13\); write$/);
  });
});

describe('a to-do list', () => {
  it('offers marking one done by todo_id (assistants guessed `id`, the list\'s column) and all done', async () => {
    const t = text(await exec('user.todo_list', {}));
    expect(t.slice(t.indexOf('Next steps'))).toBe('Next steps (ready to run with these params):\n- `user.todo_mark_done {}` — needs todo_id*: integer; write\n- `user.todo_mark_all_done {}` — write');
  });
});

describe('a quoted text', () => {
  it('says which characters are the quote\'s escapes when it escaped any, and only then', async () => {
    const t = text(await exec('wiki.get', { project_id: P, slug: 'home' }));
    expect(t).toContain('> \\# Demo Project wiki\n>\n> - \\[Deployment\\](deployment)\n');
    expect(t).toContain('\n\n(Quoted: a backslash before #, a bracket or a backslash is the quote\'s escape, not in the text; a less-than sign shows as &lt;.)\n');
    const plain = text(await exec('wiki.get', { project_id: P, slug: 'deployment' }));
    expect(plain).toContain('### content');
    expect(plain.includes('\\#') || plain.includes('\\[')).toBe(plain.includes('(Quoted: '));
  });
});
