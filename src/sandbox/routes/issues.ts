// Issues: project, group and instance lists with the platform's filters; get, create, update (close/reopen), delete.
import type { Router } from '../router.js';
import { ACCESS, type IssueRec, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { closingMrs, issueJson, mrJson, userBasic } from '../serialize.js';
import { bool, inWindow, int, intList, json, list, message, missing, noContent, paginate, sortBy, str, text } from '../util.js';
import { unkeptParams } from '../unsimulated.js';
import { isReply, knownUsers, loadIssue, loadProject, ownerTime, requireLevel } from './common.js';
import { idsMatch, notMatch, timeboxMatch, wildcardMatch } from './filters.js';
import { recordChanges, snapshot } from './activity.js';
import { withLabelDetails } from './group-labels.js';

/** Label filter shared with merge requests: `None`, `Any`, or all of the listed labels. */
export function labelsMatch(have: string[], want: string[] | undefined): boolean {
  if (!want || want.length === 0) return true;
  if (want.length === 1 && want[0].toLowerCase() === 'none') return have.length === 0;
  if (want.length === 1 && want[0].toLowerCase() === 'any') return have.length > 0;
  return want.every((l) => have.includes(l));
}

export function filterIssues(ctx: Ctx, items: Array<{ p: ProjectRec; i: IssueRec }>, defaultScope: string): Array<{ p: ProjectRec; i: IssueRec }> {
  const prm = ctx.params;
  const s = ctx.state;
  let out = items.filter(({ p, i }) => !i.confidential || s.accessLevel(ctx.user, p) >= ACCESS.reporter || i.authorId === ctx.user.id);
  const state = str(prm.state);
  if (state === 'opened' || state === 'closed') out = out.filter(({ i }) => i.state === state);
  const labels = list(prm.labels);
  out = out.filter(({ i }) => labelsMatch(i.labels, labels));
  const search = str(prm.search)?.toLowerCase();
  // `in` names the fields `search` looks in; without a search it selects nothing.
  const inFields = list(prm.in) ?? ['title', 'description'];
  if (search) {
    out = out.filter(({ i }) => (inFields.includes('title') && i.title.toLowerCase().includes(search)) || (inFields.includes('description') && (i.description ?? '').toLowerCase().includes(search)));
  }
  out = out.filter(({ i }) => idsMatch(i.assigneeIds, prm.assignee_id));
  // Wildcard and exclusion filters (None = empty, Any = set; not[...] excludes). Epics and iterations
  // are not modelled: no issue has one, so None keeps every issue and Any or an ID keeps none.
  out = out.filter(({ p, i }) => wildcardMatch(i.weight, prm.weight) && wildcardMatch(null, prm.epic_id) && wildcardMatch(null, prm.iteration_id)
    && timeboxMatch(s, p, i.milestoneId, prm.milestone_id) && notMatch(s, p, i, prm.not));
  const closedBy = int(prm.closed_by_id);
  if (closedBy !== undefined) out = out.filter(({ i }) => i.closedById === closedBy);
  const assigneeNames = list(prm.assignee_username);
  if (assigneeNames?.length) out = out.filter(({ i }) => assigneeNames.every((n) => i.assigneeIds.includes(s.userByName(n)?.id ?? -1)));
  const author = int(prm.author_id);
  if (author !== undefined) out = out.filter(({ i }) => i.authorId === author);
  const authorName = str(prm.author_username);
  if (authorName) out = out.filter(({ i }) => i.authorId === (s.userByName(authorName)?.id ?? -1));
  const milestone = str(prm.milestone);
  if (milestone) {
    out = out.filter(({ p, i }) => {
      if (milestone === 'None') return i.milestoneId === null;
      if (milestone === 'Any') return i.milestoneId !== null;
      return s.milestoneOf(p, i.milestoneId)?.title === milestone;
    });
  }
  const iids = intList(prm.iids);
  if (iids?.length) out = out.filter(({ i }) => iids.includes(i.iid));
  const confidential = bool(prm.confidential);
  if (confidential !== undefined) out = out.filter(({ i }) => i.confidential === confidential);
  const type = str(prm.issue_type);
  if (type) out = out.filter(({ i }) => i.issueType === type);
  out = inWindow(ctx, out, { created: (x) => x.i.createdAt, updated: (x) => x.i.updatedAt });
  const scope = str(prm.scope) ?? defaultScope;
  if (scope === 'created_by_me' || scope === 'created-by-me') out = out.filter(({ i }) => i.authorId === ctx.user.id);
  if (scope === 'assigned_to_me' || scope === 'assigned-to-me') out = out.filter(({ i }) => i.assigneeIds.includes(ctx.user.id));
  // The manual order reads first to last (unplaced issues after, oldest first) unless `sort=desc` is asked.
  if (str(prm.order_by) === 'relative_position') {
    const pos = (i: IssueRec) => i.relativePosition ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...out].sort((a, b) => pos(a.i) - pos(b.i) || a.i.id - b.i.id);
    return str(prm.sort) === 'desc' ? sorted.reverse() : sorted;
  }
  const order = str(prm.order_by);
  if (order === 'priority' || order === 'label_priority') return byPriority(ctx, out, order === 'priority');
  return sortBy(out, ctx, {
    created_at: (x) => x.i.createdAt, updated_at: (x) => x.i.updatedAt, title: (x) => x.i.title.toLowerCase(), due_date: (x) => x.i.dueDate ?? '9999',
    popularity: (x) => x.i.upvotes, weight: (x) => x.i.weight ?? 0,
  }, 'created_at');
}

/**
 * GitLab's priority orders (Issuable.sort_by_attribute; the API asks `<order_by>_<sort>`, `sort` desc by default):
 * `label_priority` by the issue's highest label priority (its labels' lowest priority number in the project), and
 * `priority` by its milestone's due date first, then that; both with what is unset last in either direction, ties by
 * ID, newest first.
 */
function byPriority(ctx: Ctx, items: Array<{ p: ProjectRec; i: IssueRec }>, milestoneFirst: boolean): Array<{ p: ProjectRec; i: IssueRec }> {
  const dir = str(ctx.params.sort) === 'asc' ? 1 : -1;
  const keyed = items.map((x) => {
    const prios = x.p.labels.filter((l) => x.i.labels.includes(l.name) && typeof l.priority === 'number').map((l) => l.priority as number);
    const due = milestoneFirst ? ctx.state.milestoneOf(x.p, x.i.milestoneId)?.dueDate ?? null : null;
    return { x, keys: [...(milestoneFirst ? [due] : []), prios.length ? Math.min(...prios) : null] as Array<string | number | null> };
  });
  keyed.sort((a, b) => {
    for (let k = 0; k < a.keys.length; k++) {
      const u = a.keys[k]; const v = b.keys[k];
      if (u === v) continue;
      if (u === null) return 1;
      if (v === null) return -1;
      return (u < v ? -1 : 1) * dir;
    }
    return b.x.i.id - a.x.i.id;
  });
  return keyed.map((k) => k.x);
}

function listReply(ctx: Ctx, items: Array<{ p: ProjectRec; i: IssueRec }>, defaultScope: string): Reply {
  return paginate(ctx, filterIssues(ctx, items, defaultScope).map(({ p, i }) => withLabelDetails(ctx, p, issueJson(ctx.state, p, i))));
}

/**
 * The labels named, a project label made for each name that neither the project nor one of its groups holds, as
 * GitLab's Labels::FindOrCreateService does for an issue's or a merge request's `labels` and `add_labels`.
 */
export function labelsFor(s: SandboxState, p: ProjectRec, names: string[]): string[] {
  const known = new Set([...p.labels, ...s.groupLabelsFor(p)].map((l) => l.name));
  for (const n of new Set(names)) if (!known.has(n)) p.labels.push({ id: s.nextId('label'), name: n, color: '#6699cc', description: null });
  return [...new Set(names)];
}

/**
 * What GitLab keeps of an issue write that the sandbox does not: epics (not modelled) and resolving a merge request's
 * threads from a new issue (its description and the threads are GitLab's to write).
 */
const UNKEPT = ['epic_id', 'epic_iid', 'merge_request_to_resolve_discussions_of', 'discussion_to_resolve'];

function createIssue(ctx: Ctx, p: ProjectRec): Reply {
  const prm = ctx.params;
  const title = str(prm.title);
  if (!title) return missing('title');
  if (title.length > 255) return json(400, { message: { title: ['is too long (maximum is 255 characters)'] } });
  const unkept = unkeptParams(ctx, 'POST /projects/:id/issues', UNKEPT);
  if (unkept) return unkept;
  const s = ctx.state;
  const now = s.now();
  const createdAt = ownerTime(ctx, p, 'created_at');
  if (createdAt === null) return json(400, { error: 'created_at is invalid' });
  const iid = s.accessLevel(ctx.user, p) >= ACCESS.owner ? int(prm.iid) : undefined;
  // The unique index on (project, iid): lib/api/issues.rb rescues RecordNotUnique as 409.
  if (iid !== undefined && p.issues.has(iid)) return message(409, 'Duplicated issue');
  const milestoneId = int(prm.milestone_id) ?? null;
  const type = str(prm.issue_type) ?? 'issue';
  if (!['issue', 'incident', 'task', 'test_case'].includes(type)) return json(400, { error: 'issue_type does not have a valid value' });
  const i: IssueRec = {
    id: s.nextId('issue'), iid: iid ?? p.nextIssueIid++, projectId: p.id, title, description: text(prm.description) ?? null, state: 'opened', authorId: ctx.user.id,
    assigneeIds: knownUsers(ctx, intList(prm.assignee_ids) ?? intList(prm.assignee_id)) ?? [], labels: labelsFor(s, p, list(prm.labels) ?? []),
    milestoneId: s.milestoneOf(p, milestoneId) ? milestoneId : null, createdAt: createdAt ?? now, updatedAt: now, closedAt: null,
    closedById: null, confidential: !!bool(prm.confidential), dueDate: str(prm.due_date) ?? null, discussionLocked: bool(prm.discussion_locked) ?? null,
    upvotes: 0, downvotes: 0, weight: int(prm.weight) ?? null, issueType: type === 'test_case' ? 'issue' : (type as IssueRec['issueType']),
  };
  p.issues.set(i.iid, i);
  // GitLab's internal id carries on after the greatest iid given (InternalId track_greatest).
  p.nextIssueIid = Math.max(p.nextIssueIid, i.iid + 1);
  p.lastActivityAt = now;
  return json(201, issueJson(s, p, i));
}

const UPDATABLE = ['assignee_id', 'assignee_ids', 'confidential', 'created_at', 'description', 'discussion_locked', 'due_date', 'labels', 'add_labels', 'remove_labels', 'milestone_id', 'state_event', 'title', 'issue_type', 'weight', 'epic_id', 'epic_iid'];

function updateIssue(ctx: Ctx, p: ProjectRec, i: IssueRec): Reply {
  const prm = ctx.params;
  if (!UPDATABLE.some((k) => prm[k] !== undefined)) return json(400, { error: `${UPDATABLE.join(', ')} are missing, at least one parameter must be provided` });
  if (ctx.state.accessLevel(ctx.user, p) < ACCESS.reporter && i.authorId !== ctx.user.id) return json(403, { message: '403 Forbidden' });
  const unkept = unkeptParams(ctx, 'PUT /projects/:id/issues/:issue_iid', UNKEPT);
  if (unkept) return unkept;
  const createdAt = ownerTime(ctx, p, 'created_at');
  if (createdAt === null) return json(400, { error: 'created_at is invalid' });
  const updatedAt = ownerTime(ctx, p, 'updated_at');
  if (updatedAt === null) return json(400, { error: 'updated_at is invalid' });
  const before = snapshot(i);
  const now = ctx.state.now();
  const title = str(prm.title);
  if (prm.title !== undefined && !title) return json(400, { message: { title: ["can't be blank"] } });
  if (title) i.title = title;
  if (text(prm.description) !== undefined) i.description = text(prm.description)!;
  const ev = str(prm.state_event);
  if (ev && ev !== 'close' && ev !== 'reopen') return json(400, { error: 'state_event does not have a valid value' });
  if (ev === 'close' && i.state === 'opened') { i.state = 'closed'; i.closedAt = now; i.closedById = ctx.user.id; }
  if (ev === 'reopen' && i.state === 'closed') { i.state = 'opened'; i.closedAt = null; i.closedById = null; }
  const labels = list(prm.labels);
  if (labels) i.labels = labelsFor(ctx.state, p, labels);
  const add = list(prm.add_labels);
  if (add) i.labels = labelsFor(ctx.state, p, [...i.labels, ...add]);
  const remove = list(prm.remove_labels);
  if (remove) i.labels = i.labels.filter((l) => !remove.includes(l));
  const assignees = knownUsers(ctx, intList(prm.assignee_ids) ?? intList(prm.assignee_id));
  if (assignees) i.assigneeIds = assignees;
  if (prm.assignee_ids !== undefined && (prm.assignee_ids === '' || (Array.isArray(prm.assignee_ids) && prm.assignee_ids.length === 0) || str(prm.assignee_ids) === '0')) i.assigneeIds = [];
  if (prm.milestone_id !== undefined) {
    const m = int(prm.milestone_id);
    i.milestoneId = m && ctx.state.milestoneOf(p, m) ? m : null;
  }
  const conf = bool(prm.confidential);
  if (conf !== undefined) i.confidential = conf;
  if (prm.due_date !== undefined) i.dueDate = str(prm.due_date) ?? null;
  const locked = bool(prm.discussion_locked);
  if (locked !== undefined) i.discussionLocked = locked;
  if (prm.weight !== undefined) i.weight = int(prm.weight) ?? null;
  const type = str(prm.issue_type);
  if (type === 'issue' || type === 'incident' || type === 'task') i.issueType = type;
  if (createdAt) i.createdAt = createdAt;
  i.updatedAt = updatedAt ?? now;
  p.lastActivityAt = now;
  recordChanges(ctx.state, { kind: 'Issue', projectId: p.id, iid: i.iid, id: i.id }, before, i, ctx.user.id);
  return json(200, issueJson(ctx.state, p, i));
}

export function registerIssues(r: Router): void {
  r.get('issues', (ctx) => {
    const items = [...ctx.state.projects.values()].filter((p) => ctx.state.canSeeProject(ctx.user, p)).flatMap((p) => [...p.issues.values()].map((i) => ({ p, i })));
    return listReply(ctx, items, 'created_by_me');
  });
  r.get('groups/:id/issues', (ctx, prm) => {
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return json(404, { message: '404 Group Not Found' });
    const items = [...ctx.state.projects.values()]
      .filter((p) => p.namespace.kind === 'group' && (p.namespace.id === g.id || ctx.state.groups.get(p.namespace.id)?.fullPath.startsWith(`${g.fullPath}/`)) && ctx.state.canSeeProject(ctx.user, p))
      .flatMap((p) => [...p.issues.values()].map((i) => ({ p, i })));
    return listReply(ctx, items, 'all');
  });
  r.get('projects/:id/issues', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return listReply(ctx, [...p.issues.values()].map((i) => ({ p, i })), 'all');
  });
  r.post('projects/:id/issues', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const denied = requireLevel(ctx, p, ACCESS.guest);
    return denied ?? createIssue(ctx, p);
  });
  r.get('projects/:id/issues/:iid', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    return isReply(x) ? x : json(200, withLabelDetails(ctx, x.p, issueJson(ctx.state, x.p, x.issue)));
  });
  r.put('projects/:id/issues/:iid', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    return isReply(x) ? x : updateIssue(ctx, x.p, x.issue);
  });
  r.delete('projects/:id/issues/:iid', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    if (isReply(x)) return x;
    const denied = requireLevel(ctx, x.p, ACCESS.owner);
    if (denied) return denied;
    x.p.issues.delete(x.issue.iid);
    ctx.state.notes.delete(`${x.p.id}:Issue:${x.issue.iid}`);
    return noContent();
  });
  for (const [path, pick] of [['related_merge_requests', 'mention'], ['closed_by', 'closes']] as const) {
    r.get(`projects/:id/issues/:iid/${path}`, (ctx, prm) => {
      const x = loadIssue(ctx, prm.id, prm.iid);
      if (isReply(x)) return x;
      const ref = new RegExp(`(^|[^\\w])#${x.issue.iid}(?!\\d)`);
      // GitLab's merge_requests_count of an issue counts the same ones (serialize.ts).
      const mrs = pick === 'closes' ? closingMrs(x.p, x.issue.iid) : [...x.p.mrs.values()].filter((m) => ref.test(m.description ?? ''));
      return paginate(ctx, mrs.map((m) => mrJson(ctx.state, x.p, m)));
    });
  }
  // Places the issue just before `move_after_id` or just after `move_before_id` (global issue ids of the project).
  r.put('projects/:id/issues/:iid/reorder', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    if (isReply(x)) return x;
    if (ctx.state.accessLevel(ctx.user, x.p) < ACCESS.reporter && x.issue.authorId !== ctx.user.id) return json(403, { message: '403 Forbidden' });
    const byId = (v: unknown) => { const id = int(v); return id === undefined ? undefined : [...x.p.issues.values()].find((i) => i.id === id && i !== x.issue); };
    const after = byId(ctx.params.move_after_id); const before = byId(ctx.params.move_before_id);
    if (!after && !before) return json(422, { message: { error: 'Unprocessable entity' } });
    const pos = (i: IssueRec) => i.relativePosition ?? Number.MAX_SAFE_INTEGER;
    const order = [...x.p.issues.values()].filter((i) => i !== x.issue).sort((a, b) => pos(a) - pos(b) || a.id - b.id);
    order.splice(after ? order.indexOf(after) : order.indexOf(before!) + 1, 0, x.issue);
    order.forEach((i, n) => { i.relativePosition = (n + 1) * 1000; });
    return json(200, issueJson(ctx.state, x.p, x.issue));
  });
  // Iterations are not modelled: no issue was ever in one, so the history is empty and every event is missing.
  r.get('projects/:id/issues/:iid/resource_iteration_events', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    return isReply(x) ? x : paginate(ctx, []);
  });
  r.get('projects/:id/issues/:iid/resource_iteration_events/:eid', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    return isReply(x) ? x : json(404, { message: '404 Not found' });
  });
  r.get('projects/:id/issues/:iid/participants', (ctx, prm) => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    if (isReply(x)) return x;
    const ids = new Set([x.issue.authorId, ...x.issue.assigneeIds, ...ctx.state.notesFor({ kind: 'Issue', projectId: x.p.id, iid: x.issue.iid, id: x.issue.id }).map((n) => n.authorId)]);
    return paginate(ctx, [...ids].map((id) => userBasic(ctx.state, id)).filter(Boolean));
  });
}
