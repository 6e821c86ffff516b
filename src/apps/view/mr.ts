// Merge request review view: readiness checklist, changed files (each diff loaded when opened),
// threads; approve, and rebase / merge (destructive: the server asks the user through the host).
import { act } from './bridge.js';
import { badge, button, el, say } from './dom.js';

type Rec = Record<string, unknown>;

function check(ok: boolean, label: string, detail: string): HTMLElement {
  return el('li', ok ? 'ok' : 'no', undefined, el('span', 'mark', ok ? '✓' : '✗'), el('span', 'name', label), el('span', 'muted', detail));
}

function diffNode(diff: string): HTMLElement {
  const pre = el('pre', 'diff');
  for (const line of diff.split('\n')) {
    pre.append(el('div', line.startsWith('@@') ? 'hunk' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined, line || ' '));
  }
  return pre;
}

export function mrView(root: HTMLElement, data: Rec): void {
  const project = data.project as string | number;
  const mr = data.merge_request as Rec;
  const iid = mr.iid;
  const params = { project_id: project, merge_request_iid: iid };
  const threads = (data.threads as Rec[]) ?? [];
  const files = (data.files as Rec[]) ?? [];
  const rules = ((data.approvals as Rec | null)?.rules as Rec[] | undefined) ?? [];
  const pipeline = (mr.pipeline ?? {}) as Rec;
  const open = threads.filter((t) => t.resolvable && !t.resolved);

  const run = (action: string, what: string) => async () => {
    try { await act(action, params); say(root, `${what}: done`); } catch (e) { say(root, (e as Error).message, true); }
  };

  const checklist = el('ul', 'checklist', undefined,
    check(mr.detailed_merge_status === 'mergeable', 'Merge status', String(mr.status_words ?? mr.detailed_merge_status ?? '')),
    check(!mr.has_conflicts, 'Conflicts', mr.has_conflicts ? 'has conflicts' : 'none'),
    check(pipeline.status === 'success', 'Pipeline', pipeline.id ? `#${String(pipeline.id)} ${String(pipeline.status)}` : 'none'),
    ...(rules.length ? rules.map((r) => check(r.approved === true, `Approvals: ${String(r.name)}`, `${(r.approved_by as unknown[]).length}/${String(r.required)} ${(r.approved_by as unknown[]).join(', ')}`)) : [check(true, 'Approvals', 'no rules')]),
    check(open.length === 0, 'Threads', `${open.length} unresolved`),
    check(!mr.draft, 'Draft', mr.draft ? 'draft' : 'ready'),
  );

  const fileList = el('div', 'files');
  for (const f of files) {
    const path = String(f.new_path ?? f.old_path);
    const d = el('details', 'file', undefined, el('summary', undefined, undefined, el('span', 'name', path), el('span', 'add', ` +${String(f.added ?? 0)}`), el('span', 'del', ` −${String(f.removed ?? 0)}`)));
    d.dataset.path = path;
    let loaded = false;
    d.addEventListener('toggle', () => {
      if (!d.open || loaded) return;
      loaded = true;
      act('mr_review.changes_get', params, { file: path })
        .then((r) => { d.append(diffNode(String((r.file as Rec | null)?.diff ?? ''))); })
        .catch((e: Error) => { loaded = false; say(root, e.message, true); });
    });
    fileList.append(d);
  }

  const threadList = el('div', 'threads');
  for (const t of threads) {
    const box = el('div', `thread ${t.resolvable && !t.resolved ? 'open' : ''}`, undefined,
      el('div', 'muted', t.path ? `${String(t.path)}:${String(t.line ?? '')}` : 'General'),
      t.resolvable ? badge(t.resolved ? 'resolved' : 'unresolved') : el('span'));
    for (const n of (t.notes as Rec[]) ?? []) box.append(el('p', 'note', undefined, el('b', undefined, `${String(n.author)}: `), el('span', undefined, n.body)));
    threadList.append(box);
  }

  root.replaceChildren(
    el('header', 'head', undefined, el('h1', undefined, `!${String(iid)} ${String(mr.title ?? '')}`), badge(mr.state),
      el('span', 'muted', `${String(mr.source_branch ?? '')} → ${String(mr.target_branch ?? '')}`)),
    checklist,
    el('div', 'tools', undefined, button('Approve', run('merge_request.approve', 'Approved')), button('Rebase', run('merge_request.rebase', 'Rebase started')), button('Merge', run('merge_request.merge', 'Merged'))),
    el('h2', undefined, `Changed files (${files.length})`), fileList,
    el('h2', undefined, `Threads (${open.length} unresolved)`), threadList,
  );
}
