// What happened and what is left to do: to-dos of the caller, contribution events (derived from the sandbox's
// issues, merge requests, notes and commits), and the resource events recorded when an issue or MR changes.
import type { Router } from '../router.js';
import type { IssueRec, MrRec, NoteableRef, ProjectRec, ResourceEventRec, SandboxState, TodoRec, UserRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { issueJson, milestoneJson, mrJson, userBasic } from '../serialize.js';
import { int, json, message, notFound, paginate, str } from '../util.js';
import { isReply, loadNoteable, loadProject } from './common.js';

type Tracked = Pick<IssueRec | MrRec, 'state' | 'labels' | 'milestoneId'> & { weight?: number | null };

/** Records the resource events between two snapshots of an issue or merge request. */
export function recordChanges(s: SandboxState, n: NoteableRef, before: Tracked, after: Tracked, userId: number): void {
  const key = `${n.projectId}:${n.kind}:${n.iid}`;
  const list = s.resourceEvents.get(key) ?? [];
  const at = s.now();
  const add = (kind: ResourceEventRec['kind'], action: string, value: ResourceEventRec['value']) => list.push({ id: s.nextId('event'), kind, userId, createdAt: at, action, value });
  if (before.state !== after.state) add('state', after.state === 'opened' ? 'reopened' : after.state, null);
  for (const l of after.labels) if (!before.labels.includes(l)) add('label', 'add', l);
  for (const l of before.labels) if (!after.labels.includes(l)) add('label', 'remove', l);
  if (before.milestoneId !== after.milestoneId) {
    if (before.milestoneId !== null) add('milestone', 'remove', before.milestoneId);
    if (after.milestoneId !== null) add('milestone', 'add', after.milestoneId);
  }
  if (before.weight !== after.weight && after.weight !== undefined) add('weight', 'add', after.weight);
  s.resourceEvents.set(key, list);
}

export const snapshot = (x: Tracked): Tracked => ({ state: x.state, labels: [...x.labels], milestoneId: x.milestoneId, weight: x.weight });

function todoJson(s: SandboxState, t: TodoRec): Record<string, unknown> | undefined {
  const p = s.projects.get(t.projectId);
  const target = p ? (t.kind === 'Issue' ? p.issues.get(t.iid) : p.mrs.get(t.iid)) : undefined;
  if (!p || !target) return undefined;
  const full = s.projectFullPath(p);
  return {
    id: t.id, project: { id: p.id, name: p.name, name_with_namespace: full.replace(/\//g, ' / '), path: p.path, path_with_namespace: full },
    author: userBasic(s, t.authorId), action_name: t.action, target_type: t.kind,
    target: t.kind === 'Issue' ? issueJson(s, p, target as IssueRec) : mrJson(s, p, target as MrRec),
    target_url: `${s.url}/${full}/-/${t.kind === 'Issue' ? 'issues' : 'merge_requests'}/${t.iid}`, body: t.body, state: t.state, created_at: t.createdAt, updated_at: t.createdAt,
  };
}

interface EventRow { at: string; json: Record<string, unknown> }

/** Contribution events derived from the data, newest first: opened issues and MRs, comments, pushes. */
function events(s: SandboxState, viewer: UserRec, projects: ProjectRec[]): EventRow[] {
  const out: EventRow[] = [];
  const base = (p: ProjectRec, id: number, authorId: number, at: string, action: string, target: Record<string, unknown>) => ({
    at, json: { id, project_id: p.id, action_name: action, ...target, author_id: authorId, created_at: at, author: userBasic(s, authorId), imported: false, imported_from: 'none', author_username: s.users.get(authorId)?.username },
  });
  for (const p of projects.filter((x) => s.canSeeProject(viewer, x))) {
    for (const i of p.issues.values()) {
      if (i.confidential && s.accessLevel(viewer, p) < 20 && i.authorId !== viewer.id) continue;
      out.push(base(p, i.id * 10 + 1, i.authorId, i.createdAt, 'opened', { target_id: i.id, target_iid: i.iid, target_type: 'Issue', target_title: i.title }));
      if (i.state === 'closed' && i.closedAt && i.closedById) out.push(base(p, i.id * 10 + 2, i.closedById, i.closedAt, 'closed', { target_id: i.id, target_iid: i.iid, target_type: 'Issue', target_title: i.title }));
    }
    for (const m of p.mrs.values()) {
      out.push(base(p, m.id * 10 + 3, m.authorId, m.createdAt, 'opened', { target_id: m.id, target_iid: m.iid, target_type: 'MergeRequest', target_title: m.title }));
      if (m.mergedAt && m.mergedById) out.push(base(p, m.id * 10 + 4, m.mergedById, m.mergedAt, 'accepted', { target_id: m.id, target_iid: m.iid, target_type: 'MergeRequest', target_title: m.title }));
      // GitLab records closing a merge request as it does an issue's (EventCreateService#close_mr).
      if (m.state === 'closed' && m.closedAt && m.closedById) out.push(base(p, m.id * 10 + 7, m.closedById, m.closedAt, 'closed', { target_id: m.id, target_iid: m.iid, target_type: 'MergeRequest', target_title: m.title }));
    }
    for (const [key, notes] of s.notes) {
      const [pid, kind, iid] = key.split(':');
      if (Number(pid) !== p.id) continue;
      const target = kind === 'Issue' ? p.issues.get(Number(iid)) : p.mrs.get(Number(iid));
      if (!target) continue;
      for (const n of notes.filter((x) => !x.system && !x.internal)) {
        out.push(base(p, n.id * 10 + 5, n.authorId, n.createdAt, 'commented on', {
          target_id: n.id, target_iid: n.id, target_type: n.type ?? 'Note', target_title: target.title,
          note: { id: n.id, body: n.body, author: userBasic(s, n.authorId), created_at: n.createdAt, noteable_type: kind, noteable_iid: target.iid },
        }));
      }
    }
    for (const c of p.repo.commits.values()) {
      const author = [...s.users.values()].find((u) => u.email === c.authorEmail);
      if (!author) continue;
      out.push(base(p, (parseInt(c.id.slice(0, 6), 16) % 100000) * 10 + 6, author.id, c.date, 'pushed to', {
        target_id: null, target_iid: null, target_type: null, target_title: null,
        push_data: { commit_count: 1, action: 'pushed', ref_type: 'branch', commit_from: c.parents[0] ?? null, commit_to: c.id, ref: c.branch, commit_title: c.title, ref_count: null },
      }));
    }
  }
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The `action`, `target_type`, `before`, `after` and `sort` filters of the events API. */
function eventsReply(ctx: Ctx, rows: EventRow[]): Reply {
  const action = str(ctx.params.action); const type = str(ctx.params.target_type);
  const before = str(ctx.params.before); const after = str(ctx.params.after);
  const actions: Record<string, string[]> = { created: ['opened'], closed: ['closed'], merged: ['accepted'], commented: ['commented on'], pushed: ['pushed to'] };
  let out = rows.filter((r) => (!action || (actions[action] ?? [action]).includes(String(r.json.action_name)))
    && (!type || String(r.json.target_type ?? '').toLowerCase() === type.toLowerCase().replace(/_/g, ''))
    && (!before || r.at.slice(0, 10) < before) && (!after || r.at.slice(0, 10) > after));
  if (str(ctx.params.sort) === 'asc') out = out.reverse();
  return paginate(ctx, out.map((r) => r.json));
}

function resourceEventJson(ctx: Ctx, p: ProjectRec, n: NoteableRef, e: ResourceEventRec): Record<string, unknown> {
  const common = { id: e.id, user: userBasic(ctx.state, e.userId), created_at: e.createdAt, resource_type: n.kind, resource_id: n.id };
  if (e.kind === 'state') return { ...common, state: e.action };
  if (e.kind === 'label') {
    const l = p.labels.find((x) => x.name === e.value);
    return { ...common, label: { id: l?.id ?? null, name: e.value, color: l?.color ?? '#6699cc', description: l?.description ?? null }, action: e.action };
  }
  if (e.kind === 'milestone') return { ...common, milestone: milestoneJson(ctx.state, p, ctx.state.milestonesFor(p).find((m) => m.id === e.value)), action: e.action };
  return { ...common, issue_id: n.id, weight: e.value };
}

export function registerActivity(r: Router): void {
  r.get('todos', (ctx) => {
    const state = str(ctx.params.state) ?? 'pending';
    const action = str(ctx.params.action); const type = str(ctx.params.type); const project = int(ctx.params.project_id);
    const rows = ctx.state.todos.filter((t) => t.userId === ctx.user.id && (state === 'all' || t.state === state) && (!action || t.action === action) && (!type || t.kind === type) && (project === undefined || t.projectId === project))
      .sort((a, b) => b.id - a.id).map((t) => todoJson(ctx.state, t)).filter(Boolean);
    return paginate(ctx, rows);
  });
  r.post('todos/mark_as_done', (ctx) => {
    for (const t of ctx.state.todos) if (t.userId === ctx.user.id) t.state = 'done';
    return { status: 204 };
  });
  r.post('todos/:tid/mark_as_done', (ctx, prm) => {
    const t = ctx.state.todos.find((x) => String(x.id) === prm.tid && x.userId === ctx.user.id);
    if (!t) return notFound('Todo');
    t.state = 'done';
    return json(201, todoJson(ctx.state, t));
  });
  for (const family of ['issues', 'merge_requests'] as const) {
    r.post(`projects/:id/${family}/:iid/todo`, (ctx, prm) => {
      const x = loadNoteable(ctx, family, prm.id, prm.iid);
      if (isReply(x)) return x;
      const { kind, iid } = x.n;
      // GitLab answers 304 when the caller already has a pending to-do on it.
      if (ctx.state.todos.some((t) => t.userId === ctx.user.id && t.projectId === x.p.id && t.kind === kind && t.iid === iid && t.state === 'pending')) return { status: 304 };
      const t: TodoRec = { id: ctx.state.nextId('todo'), userId: ctx.user.id, authorId: ctx.user.id, projectId: x.p.id, kind, iid, action: 'marked', state: 'pending', body: x.rec.title, createdAt: ctx.state.now() };
      ctx.state.todos.push(t);
      return json(201, todoJson(ctx.state, t));
    });
  }

  r.get('events', (ctx) => eventsReply(ctx, events(ctx.state, ctx.user, [...ctx.state.projects.values()]).filter((e) => e.json.author_id === ctx.user.id)));
  r.get('users/:uid/events', (ctx, prm) => {
    const u = /^\d+$/.test(prm.uid) ? ctx.state.users.get(Number(prm.uid)) : ctx.state.userByName(prm.uid);
    if (!u) return notFound('User');
    return eventsReply(ctx, events(ctx.state, ctx.user, [...ctx.state.projects.values()]).filter((e) => e.json.author_id === u.id));
  });
  r.get('projects/:id/events', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : eventsReply(ctx, events(ctx.state, ctx.user, [p]));
  });

  // Iteration events: routes/issues.ts (the sandbox has no iterations).
  const KINDS = { label: 'label', milestone: 'milestone', state: 'state', weight: 'weight' } as const;
  for (const family of ['issues', 'merge_requests'] as const) {
    for (const [word, kind] of Object.entries(KINDS)) {
      if (family === 'merge_requests' && kind === 'weight') continue;
      const base = `projects/:id/${family}/:iid/resource_${word}_events`;
      const load = (ctx: Ctx, prm: Record<string, string>): { p: ProjectRec; n: NoteableRef; list: ResourceEventRec[] } | Reply => {
        const x = loadNoteable(ctx, family, prm.id, prm.iid);
        if (isReply(x)) return x;
        const list = (ctx.state.resourceEvents.get(`${x.p.id}:${x.n.kind}:${x.n.iid}`) ?? []).filter((e) => e.kind === kind);
        return { p: x.p, n: x.n, list };
      };
      r.get(base, (ctx, prm) => {
        const x = load(ctx, prm);
        return isReply(x) ? x : paginate(ctx, x.list.map((e) => resourceEventJson(ctx, x.p, x.n, e)));
      });
      r.get(`${base}/:eid`, (ctx, prm) => {
        const x = load(ctx, prm);
        if (isReply(x)) return x;
        const e = x.list.find((y) => String(y.id) === prm.eid);
        return e ? json(200, resourceEventJson(ctx, x.p, x.n, e)) : message(404, '404 Not found');
      });
    }
  }
}
