// A project among others: forks and fork relations, transfer to another namespace, sharing with groups, its
// groups, restore after a delayed deletion, and the instance-side facts (statistics, storage, housekeeping, avatar).
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type ProjectRec, type Visibility } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { groupJson, projectJson } from '../serialize.js';
import { bool, forbidden, int, json, list, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadProject } from './common.js';
import { newProjectRec, withProject } from './project-crud.js';

const LEVELS = new Set<number>(Object.values(ACCESS));
const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };
/** The suffix GitLab gives the name and path of a project marked for deletion. */
export const deletedSuffix = (p: ProjectRec): string => `-deleted-${p.id}`;

type Namespace = ProjectRec['namespace'];

/** A namespace by id or full path: a user's personal one (id 100 + user id) or a group. */
function findNamespace(ctx: Ctx, ref: string | undefined): { ns: Namespace; group?: GroupRec } | undefined {
  if (ref === undefined) return undefined;
  const s = ctx.state;
  if (/^\d+$/.test(ref)) {
    const id = Number(ref);
    if (id > 100 && s.users.has(id - 100)) return { ns: { kind: 'user', id } };
    const g = s.groups.get(id);
    return g ? { ns: { kind: 'group', id: g.id }, group: g } : undefined;
  }
  const u = s.userByName(ref);
  if (u) return { ns: { kind: 'user', id: 100 + u.id } };
  const g = s.groupByRef(ref);
  return g ? { ns: { kind: 'group', id: g.id }, group: g } : undefined;
}

/** Whether the caller may create projects in the namespace: their own, or a group where they are at least Developer. */
function canCreateIn(ctx: Ctx, target: { ns: Namespace; group?: GroupRec }): boolean {
  if (target.group) return ctx.state.groupAccess(ctx.user, target.group.id) >= ACCESS.developer;
  return target.ns.id === 100 + ctx.user.id || ctx.user.isAdmin;
}

const taken = (ctx: Ctx, ns: Namespace, name: string, path: string, except?: ProjectRec) =>
  [...ctx.state.projects.values()].find((x) => x !== except && x.namespace.kind === ns.kind && x.namespace.id === ns.id && (x.path === path || x.name === name));

function fork(ctx: Ctx, src: ProjectRec): Reply {
  const s = ctx.state;
  if (src.visibility === 'private' && s.accessLevel(ctx.user, src) < ACCESS.reporter) return notFound('Project');
  const ref = str(ctx.params.namespace_id) ?? str(ctx.params.namespace_path) ?? str(ctx.params.namespace);
  const target = ref === undefined ? { ns: { kind: 'user' as const, id: 100 + ctx.user.id } } : findNamespace(ctx, ref);
  if (!target) return notFound('Target Namespace');
  if (!canCreateIn(ctx, target)) return forbidden();
  const path = str(ctx.params.path) ?? src.path;
  const name = str(ctx.params.name) ?? src.name;
  const clash = taken(ctx, target.ns, name, path);
  if (clash) return message(409, { ...(clash.name === name ? { name: ['has already been taken'] } : {}), ...(clash.path === path ? { path: ['has already been taken'] } : {}) });
  const vis = (str(ctx.params.visibility) ?? src.visibility) as Visibility;
  if (!Object.hasOwn(VISIBILITY_RANK, vis)) return json(400, { error: 'visibility does not have a valid value' });
  if (VISIBILITY_RANK[vis] > VISIBILITY_RANK[src.visibility]) return message(409, { visibility_level: [`${vis} is not allowed since the fork source project has lower visibility.`] });
  const only = str(ctx.params.branches);
  const branches = new Map([...src.repo.branches].filter(([b]) => !only || b === only));
  if (only && branches.size === 0) return message(409, { base: [`Branch '${only}' does not exist`] });
  const p = newProjectRec(ctx, { name, path, namespace: target.ns, description: str(ctx.params.description) ?? src.description, visibility: vis, defaultBranch: only ?? src.defaultBranch, topics: src.topics });
  // The fork shares the parent's history: the same commits, its own branches and tags from here on.
  p.repo = { commits: new Map(src.repo.commits), branches, tags: new Map(only ? [] : src.repo.tags), protectedBranches: new Map() };
  p.extra.import_status = 'finished';
  p.forkedFromId = src.id;
  s.projects.set(p.id, p);
  src.forksCount += 1;
  return json(201, projectJson(s, p, ctx.user));
}

function transfer(ctx: Ctx, p: ProjectRec): Reply {
  const ref = str(ctx.params.namespace);
  if (!ref) return missing('namespace');
  const target = findNamespace(ctx, ref);
  if (!target) return notFound('Namespace');
  if (!canCreateIn(ctx, target) || (target.group && ctx.state.groupAccess(ctx.user, target.group.id) < ACCESS.maintainer)) return forbidden();
  if (target.ns.kind === p.namespace.kind && target.ns.id === p.namespace.id) return message(400, 'Failed to transfer project: Project is already in this namespace.');
  if (taken(ctx, target.ns, p.name, p.path, p)) return message(400, 'Failed to transfer project: Project with same name or path in target namespace already exists');
  p.namespace = target.ns;
  p.lastActivityAt = ctx.state.now();
  return json(200, projectJson(ctx.state, p, ctx.user));
}

const groupDetails = (ctx: Ctx, g: GroupRec): Record<string, unknown> => {
  const { id, name, avatar_url: avatar, web_url: web, full_name: fullName, full_path: fullPath } = groupJson(ctx.state, g);
  return { id, name, avatar_url: avatar, web_url: web, full_name: fullName, full_path: fullPath };
};

function share(ctx: Ctx, p: ProjectRec): Reply {
  const groupId = int(ctx.params.group_id); const access = int(ctx.params.group_access);
  if (groupId === undefined || access === undefined) return missing(...(groupId === undefined ? ['group_id'] : []), ...(access === undefined ? ['group_access'] : []));
  if (!LEVELS.has(access)) return json(400, { error: 'group_access does not have a valid value' });
  const g = ctx.state.groups.get(groupId);
  if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
  const links = (p.sharedWith ??= []);
  if (links.some((l) => l.groupId === groupId)) return message(409, 'Group already shared with this group');
  const expires = str(ctx.params.expires_at);
  if (expires && !/^\d{4}-\d{2}-\d{2}$/.test(expires)) return json(400, { error: 'expires_at is invalid' });
  const link = { id: ctx.state.nextId('group_link'), groupId, access, expiresAt: expires ?? null };
  links.push(link);
  return json(201, { id: link.id, project_id: p.id, group_id: groupId, group_access: access, expires_at: link.expiresAt });
}

/** Promotion moves a project label to the project's group: the issues keep it, the project lists it as its group's. */
function promoteLabel(ctx: Ctx, p: ProjectRec, ref: string): Reply {
  const label = p.labels.find((l) => String(l.id) === ref || l.name === ref);
  if (!label) return notFound('Label');
  const g = p.namespace.kind === 'group' ? ctx.state.groups.get(p.namespace.id) : undefined;
  if (!g) return message(400, 'Failed to promote project label to group label');
  if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.reporter) return forbidden();
  // A group label of that name already there is the one the issues now carry.
  const groupLabels = ctx.state.labelsOfGroup(g.id);
  const promoted = groupLabels.find((l) => l.name === label.name) ?? { ...label, id: ctx.state.nextId('label') };
  if (!groupLabels.includes(promoted)) groupLabels.push(promoted);
  p.labels = p.labels.filter((l) => l !== label);
  const issues = [...p.issues.values()].filter((i) => i.labels.includes(label.name));
  return json(200, {
    id: promoted.id, name: promoted.name, description: promoted.description, description_html: promoted.description ?? '', text_color: '#FFFFFF',
    color: promoted.color, open_issues_count: issues.filter((i) => i.state === 'opened').length, closed_issues_count: issues.filter((i) => i.state === 'closed').length,
    open_merge_requests_count: [...p.mrs.values()].filter((m) => m.state === 'opened' && m.labels.includes(label.name)).length, subscribed: false,
  });
}

export function registerProjectRelations(r: Router): void {
  r.put('projects/:id/labels/:lid/promote', withProject(ACCESS.reporter, (ctx, p, prm) => promoteLabel(ctx, p, prm.lid)));
  r.post('projects/:id/fork', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fork(ctx, p);
  });
  r.post('projects/:id/fork/:from', withProject(ACCESS.owner, (ctx, p, prm) => {
    const from = loadProject(ctx, prm.from);
    if (isReply(from)) return from;
    if (p.forkedFromId !== undefined) return message(409, 'Project already forked');
    if (from.id === p.id) return message(409, { forked_from_project_id: ['cannot be the same project'] });
    p.forkedFromId = from.id;
    from.forksCount += 1;
    return json(201, projectJson(ctx.state, p, ctx.user));
  }));
  r.delete('projects/:id/fork', withProject(ACCESS.owner, (ctx, p) => {
    // GitLab answers 304 for a project that is not a fork.
    if (p.forkedFromId === undefined) return { status: 304 };
    const parent = ctx.state.projects.get(p.forkedFromId);
    if (parent) parent.forksCount = Math.max(0, parent.forksCount - 1);
    delete p.forkedFromId;
    return noContent();
  }));
  r.put('projects/:id/transfer', withProject(ACCESS.owner, transfer));
  r.post('projects/:id/restore', withProject(ACCESS.owner, (ctx, p) => {
    if (!p.markedForDeletionAt) return message(400, 'Project has not been marked for deletion');
    const strip = (v: string) => (v.endsWith(deletedSuffix(p)) ? v.slice(0, -deletedSuffix(p).length) : v);
    p.name = strip(p.name);
    p.path = strip(p.path);
    p.archived = false;
    delete p.markedForDeletionAt;
    return json(201, projectJson(ctx.state, p, ctx.user));
  }));
  r.get('projects/:id/groups', withProject(0, (ctx, p) => {
    let groups = ctx.state.projectGroups(p);
    if (bool(ctx.params.with_shared)) {
      const min = int(ctx.params.shared_min_access_level) ?? 0;
      for (const l of p.sharedWith ?? []) {
        const g = ctx.state.groups.get(l.groupId);
        if (g && l.access >= min && !groups.includes(g) && (!bool(ctx.params.shared_visible_only) || ctx.state.canSeeGroup(ctx.user, g))) groups.push(g);
      }
    }
    const search = str(ctx.params.search)?.toLowerCase();
    if (search) groups = groups.filter((g) => g.name.toLowerCase().includes(search) || g.path.includes(search));
    const skip = list(ctx.params.skip_groups)?.map(Number) ?? [];
    return paginate(ctx, groups.filter((g) => !skip.includes(g.id)).map((g) => groupDetails(ctx, g)));
  }));
  r.get('projects/:id/invited_groups', withProject(0, (ctx, p) => {
    const search = str(ctx.params.search)?.toLowerCase();
    const min = int(ctx.params.min_access_level) ?? 0;
    const groups = (p.sharedWith ?? []).filter((l) => l.access >= min).flatMap((l) => ctx.state.groups.get(l.groupId) ?? [])
      .filter((g) => ctx.state.canSeeGroup(ctx.user, g) && (!search || g.name.toLowerCase().includes(search) || g.path.includes(search)));
    return paginate(ctx, groups.map((g) => groupJson(ctx.state, g)));
  }));
  r.post('projects/:id/share', withProject(ACCESS.maintainer, share));
  r.delete('projects/:id/share/:gid', withProject(ACCESS.maintainer, (_ctx, p, prm) => {
    const i = (p.sharedWith ?? []).findIndex((l) => String(l.groupId) === prm.gid);
    if (i < 0) return notFound('Group Link');
    p.sharedWith!.splice(i, 1);
    return noContent();
  }));
  // The sandbox serves no git fetches, so there are none to count.
  r.get('projects/:id/statistics', withProject(ACCESS.reporter, () => json(200, { fetches: { total: 0, days: [] } })));
  r.get('projects/:id/storage', (ctx, prm) => {
    if (!ctx.user.isAdmin) return forbidden();
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    // GitLab's hashed storage path: the SHA-256 of the project id.
    const hash = createHash('sha256').update(String(p.id)).digest('hex');
    return json(200, { project_id: p.id, disk_path: `@hashed/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`, created_at: p.createdAt, repository_storage: 'default' });
  });
  // Housekeeping has nothing to pack in the sandbox's in-memory repository: accepted, nothing recorded.
  r.post('projects/:id/housekeeping', withProject(ACCESS.maintainer, () => ({ status: 201, body: null })));
  // The sandbox stores no avatars (every avatar_url is null).
  r.get('projects/:id/avatar', withProject(0, () => notFound('Avatar')));
}
