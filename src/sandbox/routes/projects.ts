// Groups and projects: lists (offset and keyset pagination), details, create/update/delete, milestones.
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type ProjectRec, type UserRec, type Visibility } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { newRepo, addCommit } from '../repo.js';
import { groupJson, milestoneJson, projectJson, userBasic } from '../serialize.js';
import { bool, forbidden, inWindow, int, intList, json, list, message, missing, notFound, paginate, pageParams, sortBy, str, text } from '../util.js';
import { byDueDate } from './group-milestones.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { deletedSuffix } from './project-relations.js';
import { sharedWithGroupsOf } from './group-shares.js';

const VISIBILITIES = new Set(['private', 'internal', 'public']);

function loadGroup(ctx: Ctx, ref: string): GroupRec | Reply {
  const g = ctx.state.groupByRef(ref);
  if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
  return g;
}

function groupProjects(ctx: Ctx, g: GroupRec, includeSubgroups: boolean): ProjectRec[] {
  const ids = new Set([g.id]);
  if (includeSubgroups) for (const x of ctx.state.groups.values()) if (x.fullPath.startsWith(`${g.fullPath}/`)) ids.add(x.id);
  return [...ctx.state.projects.values()].filter((p) => p.namespace.kind === 'group' && ids.has(p.namespace.id) && ctx.state.canSeeProject(ctx.user, p));
}

/** The projects shared with the group itself that the caller may see, but those in `own`. */
function sharedWithGroup(ctx: Ctx, g: GroupRec, own: ProjectRec[]): ProjectRec[] {
  return [...ctx.state.projects.values()].filter((x) => !own.includes(x) && (x.sharedWith ?? []).some((l) => l.groupId === g.id) && ctx.state.canSeeProject(ctx.user, x));
}

function filterProjects(ctx: Ctx, projects: ProjectRec[]): ProjectRec[] {
  const s = ctx.state;
  let out = projects.filter((p) => s.canSeeProject(ctx.user, p));
  const search = str(ctx.params.search)?.toLowerCase();
  if (search) out = out.filter((p) => p.name.toLowerCase().includes(search) || p.path.toLowerCase().includes(search) || (bool(ctx.params.search_namespaces) && s.projectFullPath(p).toLowerCase().includes(search)));
  if (bool(ctx.params.owned)) out = out.filter((p) => s.accessLevel(ctx.user, p) >= ACCESS.owner && !(ctx.user.isAdmin && s.accessLevel({ ...ctx.user, isAdmin: false }, p) < ACCESS.owner));
  if (bool(ctx.params.membership)) out = out.filter((p) => s.accessLevel({ ...ctx.user, isAdmin: false }, p) > 0);
  const min = int(ctx.params.min_access_level);
  if (min !== undefined) out = out.filter((p) => s.accessLevel(ctx.user, p) >= min);
  const vis = str(ctx.params.visibility);
  if (vis) out = out.filter((p) => p.visibility === vis);
  const archived = bool(ctx.params.archived);
  if (archived !== undefined) out = out.filter((p) => p.archived === archived);
  const topic = list(ctx.params.topic);
  if (topic?.length) out = out.filter((p) => topic.every((t) => p.topics.includes(t)));
  if (bool(ctx.params.starred)) out = out.filter((p) => s.starsOf(p.id).has(ctx.user.id));
  return out;
}

function projectView(ctx: Ctx, p: ProjectRec): Record<string, unknown> {
  return projectJson(ctx.state, p, ctx.user, { simple: bool(ctx.params.simple), statistics: bool(ctx.params.statistics) });
}

/** Keyset pagination: the next page is only a Link with id_after; no totals. */
function keyset(ctx: Ctx, projects: ProjectRec[]): Reply {
  if ((str(ctx.params.order_by) ?? 'id') !== 'id') return json(405, { error: 'Keyset pagination is not yet available for this type of request' });
  const asc = str(ctx.params.sort) !== 'desc';
  const { perPage } = pageParams(ctx.query);
  let sorted = [...projects].sort((a, b) => (asc ? a.id - b.id : b.id - a.id));
  const after = int(ctx.params.id_after);
  const before = int(ctx.params.id_before);
  if (after !== undefined) sorted = sorted.filter((p) => p.id > after);
  if (before !== undefined) sorted = sorted.filter((p) => p.id < before);
  const page = sorted.slice(0, perPage);
  const headers: Record<string, string> = { 'x-per-page': String(perPage) };
  if (sorted.length > perPage) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(ctx.query)) if (k !== 'id_after' && k !== 'id_before') for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
    q.set(asc ? 'id_after' : 'id_before', String(page[page.length - 1].id));
    const next = `${ctx.state.url}${ctx.rawPath}?${q.toString()}`;
    headers.link = `<${next}>; rel="next"`;
    headers.links = headers.link;
  }
  return { status: 200, body: page.map((p) => projectView(ctx, p)), headers };
}

const PROJECT_ORDER = {
  id: (p: ProjectRec) => p.id, name: (p: ProjectRec) => p.name.toLowerCase(), path: (p: ProjectRec) => p.path, created_at: (p: ProjectRec) => p.createdAt,
  updated_at: (p: ProjectRec) => p.lastActivityAt, last_activity_at: (p: ProjectRec) => p.lastActivityAt, star_count: (p: ProjectRec) => p.starCount,
};

/** PostgreSQL's pg_trgm trigrams: of each lowercase word, padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity(): the trigrams both share over all of either. */
function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const all = x.size + y.size - shared;
  return all ? shared / all : 0;
}

/**
 * A project list's order. `order_by=similarity` with a search is GitLab's Project.sorted_by_similarity_desc: the
 * similarity of the path, 0.7 × the name's and 0.2 × the description's, rounded to two places, then the newest id.
 */
function sortProjects(ctx: Ctx, projects: ProjectRec[]): ProjectRec[] {
  const search = str(ctx.params.search);
  if (str(ctx.params.order_by) !== 'similarity' || !search) return sortBy(projects, ctx, PROJECT_ORDER, 'created_at');
  const score = (p: ProjectRec) => Math.round((similarity(p.path, search) + 0.7 * similarity(p.name, search) + 0.2 * similarity(p.description, search)) * 100);
  return projects.map((p) => ({ p, at: score(p) })).sort((a, b) => b.at - a.at || b.p.id - a.p.id).map((x) => x.p);
}

/** Creates a project for the caller, or for `owner` (an administrator creating it for a user). */
function createProject(ctx: Ctx, owner = ctx.user): Reply {
  const name = str(ctx.params.name);
  const path = str(ctx.params.path) ?? name?.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
  if (!name && !path) return json(400, { error: 'name, path are missing, at least one parameter must be provided' });
  const nsId = int(ctx.params.namespace_id);
  let namespace: ProjectRec['namespace'] = { kind: 'user', id: 100 + owner.id };
  if (nsId !== undefined && nsId !== 100 + owner.id) {
    const g = ctx.state.groups.get(nsId);
    if (!g) return notFound('Namespace');
    if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.developer) return forbidden();
    namespace = { kind: 'group', id: g.id };
  }
  const s = ctx.state;
  const clash = [...s.projects.values()].find((p) => p.namespace.kind === namespace.kind && p.namespace.id === namespace.id && (p.path === path || p.name === name));
  if (clash) return message(400, { ...(clash.path === path ? { path: ['has already been taken'] } : {}), ...(clash.name === (name ?? path) ? { name: ['has already been taken'] } : {}) });
  const vis = str(ctx.params.visibility) ?? 'private';
  if (!VISIBILITIES.has(vis)) return json(400, { error: 'visibility does not have a valid value' });
  const now = s.now();
  const id = s.nextId('project');
  const p: ProjectRec = {
    id, name: name ?? path!, path: path!, description: text(ctx.params.description) ?? '', namespace, visibility: vis as Visibility,
    defaultBranch: str(ctx.params.default_branch) ?? 'main', createdAt: now, lastActivityAt: now, creatorId: owner.id, archived: false,
    topics: list(ctx.params.topics) ?? [], starCount: 0, forksCount: 0, members: new Map([[owner.id, ACCESS.owner]]), repo: newRepo(), issues: new Map(),
    mrs: new Map(), labels: [], milestones: [], pipelines: new Map(), packages: new Map(), nextIssueIid: 1, nextMrIid: 1, nextPipelineIid: 1, extra: {},
  };
  if (bool(ctx.params.initialize_with_readme)) {
    const c = addCommit(p.repo, { parent: null, files: new Map([['README.md', `# ${p.name}\n`]]), message: 'Initial commit', authorName: owner.name, authorEmail: owner.email, date: now, branch: p.defaultBranch });
    p.repo.branches.set(p.defaultBranch, c.id);
  }
  s.projects.set(id, p);
  return json(201, projectJson(s, p, ctx.user));
}

function updateProject(ctx: Ctx, p: ProjectRec): Reply {
  const denied = requireLevel(ctx, p, ACCESS.maintainer);
  if (denied) return denied;
  const prm = ctx.params;
  const vis = str(prm.visibility);
  if (vis && !VISIBILITIES.has(vis)) return json(400, { error: 'visibility does not have a valid value' });
  const branch = str(prm.default_branch);
  if (branch && p.repo.commits.size > 0 && !p.repo.branches.has(branch)) return message(400, { base: ["Could not change HEAD: branch '" + branch + "' does not exist"] });
  if (str(prm.name)) p.name = str(prm.name)!;
  if (str(prm.path)) p.path = str(prm.path)!;
  if (text(prm.description) !== undefined) p.description = text(prm.description)!;
  if (vis) p.visibility = vis as Visibility;
  if (branch) p.defaultBranch = branch;
  const topics = list(prm.topics) ?? list(prm.tag_list);
  if (topics) p.topics = topics;
  const archived = bool(prm.archived);
  if (archived !== undefined) p.archived = archived;
  const own = new Set(['id', 'name', 'path', 'description', 'visibility', 'default_branch', 'topics', 'tag_list', 'archived']);
  for (const [k, v] of Object.entries(prm)) if (!own.has(k) && k !== '__proto__' && (typeof v !== 'object' || v === null)) p.extra[k] = v;
  p.lastActivityAt = ctx.state.now();
  return json(200, projectJson(ctx.state, p, ctx.user));
}

/**
 * GitLab's delayed deletion: the first delete marks the project (renamed with `-deleted-<id>`, archived; restore
 * undoes it); deleting a marked project with `permanently_remove` and its `full_path` removes it at once.
 */
function deleteProject(ctx: Ctx, p: ProjectRec): Reply {
  if (!p.markedForDeletionAt) {
    p.markedForDeletionAt = ctx.state.now();
    p.name += deletedSuffix(p);
    p.path += deletedSuffix(p);
    p.archived = true;
    return message(202, '202 Accepted');
  }
  if (!bool(ctx.params.permanently_remove)) return message(400, 'Project has been already marked for deletion');
  if (str(ctx.params.full_path) !== ctx.state.projectFullPath(p)) return message(400, '`full_path` is incorrect. You must enter the complete path for the project.');
  ctx.state.projects.delete(p.id);
  return message(202, '202 Accepted');
}

/** Whether a user took part in a project: authored an issue, a merge request, a comment or a commit. */
function contributed(ctx: Ctx, p: ProjectRec, u: UserRec): boolean {
  if ([...p.issues.values(), ...p.mrs.values()].some((x) => x.authorId === u.id)) return true;
  for (const [key, notes] of ctx.state.notes) if (key.startsWith(`${p.id}:`) && notes.some((n) => n.authorId === u.id && !n.system)) return true;
  return [...p.repo.commits.values()].some((c) => c.authorEmail === u.email);
}

function userRef(ctx: Ctx, ref: string): UserRec | undefined {
  return /^\d+$/.test(ref) ? ctx.state.users.get(Number(ref)) : ctx.state.userByName(ref);
}

/** GitLab's group list filters and order (find_groups: search, owned, min_access_level, top_level_only, order_by, sort), for /groups and a group's subgroups. */
function listGroups(ctx: Ctx, visible: GroupRec[]): Reply {
  let groups = visible;
  const search = str(ctx.params.search)?.toLowerCase();
  if (search) groups = groups.filter((g) => g.name.toLowerCase().includes(search) || g.path.includes(search));
  if (bool(ctx.params.owned)) groups = groups.filter((g) => (g.members.get(ctx.user.id) ?? 0) >= ACCESS.owner);
  const min = int(ctx.params.min_access_level);
  if (min !== undefined) groups = groups.filter((g) => ctx.state.groupAccess(ctx.user, g.id) >= min);
  if (bool(ctx.params.top_level_only)) groups = groups.filter((g) => g.parentId === null);
  const key = str(ctx.params.order_by) === 'id' ? (g: GroupRec) => g.id : str(ctx.params.order_by) === 'path' ? (g: GroupRec) => g.path : (g: GroupRec) => g.name.toLowerCase();
  const dir = str(ctx.params.sort) === 'desc' ? -1 : 1;
  groups.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
  return paginate(ctx, groups.map((g) => groupJson(ctx.state, g)));
}

export function registerProjects(r: Router): void {
  r.get('groups', (ctx) => listGroups(ctx, [...ctx.state.groups.values()].filter((g) => ctx.state.canSeeGroup(ctx.user, g))));
  r.get('groups/:id', (ctx, p) => {
    const g = loadGroup(ctx, p.id);
    if (isReply(g)) return g;
    const body: Record<string, unknown> = { ...groupJson(ctx.state, g), shared_with_groups: sharedWithGroupsOf(ctx, g), prevent_sharing_groups_outside_hierarchy: false };
    // GroupDetail shows the projects, and those shared with the group, only `with_projects` (default true).
    if (bool(ctx.params.with_projects) !== false) {
      const own = groupProjects(ctx, g, false);
      body.projects = own.map((x) => projectJson(ctx.state, x, ctx.user));
      body.shared_projects = sharedWithGroup(ctx, g, own).map((x) => projectJson(ctx.state, x, ctx.user));
    }
    return json(200, body);
  });
  r.get('groups/:id/projects', (ctx, p) => {
    const g = loadGroup(ctx, p.id);
    if (isReply(g)) return g;
    // GroupProjectsFinder: the group's own projects (its subgroups' with include_subgroups) and, unless with_shared
    // is false (lib/api/groups.rb exclude_shared), the projects shared with the group itself, never its subgroups'.
    const own = groupProjects(ctx, g, !!bool(ctx.params.include_subgroups));
    const shared = bool(ctx.params.with_shared) === false ? [] : sharedWithGroup(ctx, g, own);
    const projects = filterProjects(ctx, [...own, ...shared]);
    return paginate(ctx, sortProjects(ctx, projects).map((x) => projectView(ctx, x)));
  });
  for (const path of ['groups/:id/subgroups', 'groups/:id/descendant_groups']) {
    r.get(path, (ctx, p) => {
      const g = loadGroup(ctx, p.id);
      if (isReply(g)) return g;
      const direct = path.endsWith('subgroups');
      // Every subgroup the caller can see is listed: what all_available asks for.
      void ctx.params.all_available;
      const kids = [...ctx.state.groups.values()].filter((x) => (direct ? x.parentId === g.id : x.fullPath.startsWith(`${g.fullPath}/`)) && ctx.state.canSeeGroup(ctx.user, x));
      return listGroups(ctx, kids);
    });
  }
  r.get('projects', (ctx) => {
    const projects = filterProjects(ctx, [...ctx.state.projects.values()]);
    if (str(ctx.params.pagination) === 'keyset') return keyset(ctx, projects);
    return paginate(ctx, sortProjects(ctx, projects).map((p) => projectView(ctx, p)));
  });
  r.post('projects', (ctx) => createProject(ctx));
  // Admin only: a project in a user's personal namespace.
  r.post('projects/user/:uid', (ctx, prm) => {
    if (!ctx.user.isAdmin) return forbidden();
    const owner = /^\d+$/.test(prm.uid) ? ctx.state.users.get(Number(prm.uid)) : undefined;
    return owner ? createProject(ctx, owner) : notFound('User');
  });
  r.get('projects/:id/forks', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const forks = filterProjects(ctx, [...ctx.state.projects.values()].filter((x) => x.forkedFromId === p.id));
    return paginate(ctx, sortProjects(ctx, forks).map((x) => projectView(ctx, x)));
  });
  r.get('users/:uid/projects', (ctx, prm) => {
    const u = userRef(ctx, prm.uid);
    if (!u) return notFound('User');
    const own = filterProjects(ctx, [...ctx.state.projects.values()].filter((p) => p.namespace.kind === 'user' && p.namespace.id === 100 + u.id));
    return paginate(ctx, sortProjects(ctx, own).map((p) => projectView(ctx, p)));
  });
  r.get('users/:uid/contributed_projects', (ctx, prm) => {
    const u = userRef(ctx, prm.uid);
    if (!u) return notFound('User');
    const mine = filterProjects(ctx, [...ctx.state.projects.values()].filter((p) => contributed(ctx, p, u)));
    return paginate(ctx, sortProjects(ctx, mine).map((p) => projectView(ctx, p)));
  });
  r.get('projects/:id', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return json(200, projectJson(ctx.state, p, ctx.user, { statistics: bool(ctx.params.statistics) }));
  });
  r.put('projects/:id', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : updateProject(ctx, p);
  });
  r.delete('projects/:id', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const denied = requireLevel(ctx, p, ACCESS.owner);
    if (denied) return denied;
    return deleteProject(ctx, p);
  });
  for (const action of ['archive', 'unarchive'] as const) {
    r.post(`projects/:id/${action}`, (ctx, prm) => {
      const p = loadProject(ctx, prm.id);
      if (isReply(p)) return p;
      const denied = requireLevel(ctx, p, ACCESS.maintainer);
      if (denied) return denied;
      p.archived = action === 'archive';
      return json(201, projectJson(ctx.state, p, ctx.user));
    });
  }
  for (const [action, on] of [['star', true], ['unstar', false]] as const) {
    r.post(`projects/:id/${action}`, (ctx, prm) => {
      const p = loadProject(ctx, prm.id);
      if (isReply(p)) return p;
      const stars = ctx.state.starsOf(p.id);
      // GitLab answers 304 when the project is already (un)starred by the caller.
      if (stars.has(ctx.user.id) === on) return { status: 304 };
      if (on) stars.set(ctx.user.id, ctx.state.now()); else stars.delete(ctx.user.id);
      p.starCount = stars.size;
      return json(201, projectJson(ctx.state, p, ctx.user));
    });
  }
  r.get('projects/:id/starrers', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const search = str(ctx.params.search)?.toLowerCase();
    const stars = [...ctx.state.starsOf(p.id)].filter(([uid]) => {
      const u = ctx.state.users.get(uid);
      return !search || (!!u && (u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search)));
    });
    return paginate(ctx, stars.map(([uid, at]) => ({ starred_since: at, user: userBasic(ctx.state, uid) })));
  });
  r.get('users/:uid/starred_projects', (ctx, prm) => {
    const u = /^\d+$/.test(prm.uid) ? ctx.state.users.get(Number(prm.uid)) : ctx.state.userByName(prm.uid);
    if (!u) return notFound('User');
    const starred = [...ctx.state.projects.values()].filter((p) => ctx.state.starsOf(p.id).has(u.id));
    return paginate(ctx, filterProjects(ctx, starred).map((p) => projectView(ctx, p)));
  });
  r.get('projects/:id/languages', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : json(200, p.id === 1 ? { TypeScript: 81.4, YAML: 12.3, Markdown: 6.3 } : { JavaScript: 100.0 });
  });
  r.get('projects/:id/milestones', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const st = str(ctx.params.state);
    const title = str(ctx.params.title);
    const iids = intList(ctx.params.iids);
    // `include_ancestors` adds the milestones of the project's group and the group's ancestors (GitLab's project_group_ids).
    const ancestors = bool(ctx.params.include_ancestors) ?? bool(ctx.params.include_parent_milestones) ?? false;
    const all = ancestors ? ctx.state.milestonesFor(p) : p.milestones;
    // GitLab's `search`: the text in the title or the description, case-insensitively.
    const search = str(ctx.params.search)?.toLowerCase();
    const matches = (m: ProjectRec['milestones'][number]) => !search || m.title.toLowerCase().includes(search) || (m.description ?? '').toLowerCase().includes(search);
    const ms = inWindow(ctx, all, { updated: (m) => m.updatedAt }).filter((m) => (!st || st === 'all' || m.state === st) && (!title || m.title === title) && (!iids?.length || iids.includes(m.iid)) && matches(m));
    return paginate(ctx, ms.sort(byDueDate).map((m) => milestoneJson(ctx.state, p, m)));
  });
  r.get('projects/:id/milestones/:mid', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const m = p.milestones.find((x) => String(x.id) === prm.mid);
    return m ? json(200, milestoneJson(ctx.state, p, m)) : notFound('Milestone');
  });
  r.post('projects/:id/milestones', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const title = str(ctx.params.title);
    if (!title) return missing('title');
    // GitLab keeps a title unique across a project and its group.
    const group = p.namespace.kind === 'group' ? ctx.state.groupMilestones.get(p.namespace.id) ?? [] : [];
    if ([...p.milestones, ...group].some((m) => m.title === title)) return message(400, 'Failed to create milestone! Milestone title is already taken');
    const now = ctx.state.now();
    const m = { id: ctx.state.nextId('milestone'), iid: p.milestones.length + 1, title, description: text(ctx.params.description) ?? '', state: 'active' as const, dueDate: str(ctx.params.due_date) ?? null, startDate: str(ctx.params.start_date) ?? null, createdAt: now, updatedAt: now };
    p.milestones.push(m);
    return json(201, milestoneJson(ctx.state, p, m));
  });
}
