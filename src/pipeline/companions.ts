// People, milestones, namespaces and projects by name (issue #30): a companion parameter (`assignees: ["@alice"]`,
// `milestone: "v1.2"`, `namespace: "acme/platform"`) is looked up and written into GitLab's own id parameter, and a project given by
// its bare name (`project_id: "demo-project"`) into its full path, before anything else is sent. One
// lookup per name and session (lru-cache); none or several matches refuse the call, naming the candidates.
import { LRUCache } from 'lru-cache';
import type { Action, Companion } from '../catalog/define.js';
import type { ForgeRequest } from '../forge/types.js';
import type { Session } from '../session/session.js';
import { inline } from '../render/contain.js';

/** Reads one platform answer; a failure throws (the caller turns it into the call's error), a 404 may answer undefined. */
export type Read = (req: ForgeRequest, opts?: { missingOk?: boolean }) => Promise<unknown>;

/** A lookup that cannot pick one object: the call is refused with this text, before any write. */
export class Unresolved extends Error {}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRec) : []);

/** What a name turned into: an id, a project's full path. */
const caches = new WeakMap<Session, LRUCache<string, number | string>>();
function cacheOf(s: Session): LRUCache<string, number | string> {
  let c = caches.get(s);
  if (!c) caches.set(s, (c = new LRUCache<string, number | string>({ max: 500, ttl: 10 * 60_000 })));
  return c;
}

/** One user by `@username` (or a bare username, or a display name when it names one user only). */
async function userId(s: Session, read: Read, given: string): Promise<number> {
  const name = given.trim().replace(/^@/, '');
  if (!name) throw new Unresolved(`"${inline(given, 80)}" is not a username: give it as @username`);
  const key = `user:${name.toLowerCase()}`;
  const cached = cacheOf(s).get(key);
  if (typeof cached === 'number') return cached;
  const exact = list(await read({ method: 'GET', path: '/users', query: { username: name } }));
  let found = exact.length === 1 ? exact[0] : undefined;
  if (!found) {
    const seen = list(await read({ method: 'GET', path: '/users', query: { search: name, per_page: 20 } }));
    const same = seen.filter((u) => String(u.username).toLowerCase() === name.toLowerCase() || String(u.name).toLowerCase() === name.toLowerCase());
    const shown = (us: Rec[]) => us.slice(0, 10).map((u) => `@${inline(u.username, 60)} (${inline(u.name, 60)})`).join(', ');
    if (same.length > 1) throw new Unresolved(`several users match "${inline(name, 80)}": ${shown(same)}; give the @username`);
    if (same.length === 0) {
      throw new Unresolved(seen.length
        ? `no user has the username "${inline(name, 80)}"; candidates: ${shown(seen)}`
        : `no user matches "${inline(name, 80)}"; check the name with user.list`);
    }
    found = same[0];
  }
  const id = Number(found.id);
  if (!Number.isSafeInteger(id)) throw new Unresolved(`the platform answered no id for user "${inline(name, 80)}"`);
  cacheOf(s).set(key, id);
  return id;
}

interface Scope { path: string; what: string; listAction: string }
const projectScope = (p: unknown): Scope => ({ path: `/projects/${encodeURIComponent(String(p))}/milestones`, what: `project ${inline(p, 120)}`, listAction: 'project.milestone_list' });
const groupScope = (g: unknown): Scope => ({ path: `/groups/${encodeURIComponent(String(g))}/milestones`, what: `group ${inline(g, 120)}`, listAction: 'group.group_milestone_list' });

/** Where a milestone title is looked up: the call's project (with its groups) or group; a `full_path` names either. */
async function milestoneScope(s: Session, read: Read, action: Action, params: Rec): Promise<Scope | undefined> {
  if ('project_id' in action.params && params.project_id !== undefined) return projectScope(params.project_id);
  if ('group_id' in action.params && params.group_id !== undefined) return groupScope(params.group_id);
  if ('full_path' in action.params && typeof params.full_path === 'string') {
    // Which one the path names is looked up once too (1: a project, 0: a group).
    const key = `path:${params.full_path}`;
    let isProject = cacheOf(s).get(key);
    if (isProject === undefined) {
      isProject = (await read({ method: 'GET', path: `/projects/${encodeURIComponent(params.full_path)}` }, { missingOk: true })) === undefined ? 0 : 1;
      cacheOf(s).set(key, isProject);
    }
    return isProject ? projectScope(params.full_path) : groupScope(params.full_path);
  }
  return undefined;
}

async function milestoneId(s: Session, read: Read, action: Action, params: Rec, given: string): Promise<number> {
  const title = given.trim();
  const scope = await milestoneScope(s, read, action, params);
  if (!scope) throw new Unresolved('a milestone title needs the project or group the call names');
  if (!title) throw new Unresolved('give the milestone title, e.g. "v1.2"');
  const key = `milestone:${scope.path}:${title}`;
  const cached = cacheOf(s).get(key);
  if (typeof cached === 'number') return cached;
  const owner = (m: Rec) => (m.group_id !== undefined && m.group_id !== null ? `group milestone ${inline(m.group_id, 20)}` : 'project milestone');
  const shown = (ms: Rec[]) => ms.slice(0, 10).map((m) => `"${inline(m.title, 80)}" (id ${inline(m.id, 20)}, ${owner(m)}, ${inline(m.state, 20)})`).join(', ');
  const titled = list(await read({ method: 'GET', path: scope.path, query: { title, include_ancestors: true, per_page: 100 } })).filter((m) => m.title === title);
  let found: Rec | undefined;
  if (titled.length > 1) throw new Unresolved(`several milestones in ${scope.what} are titled "${inline(title, 80)}": ${shown(titled)}; give milestone_id`);
  if (titled.length === 1) found = titled[0];
  else {
    const near = list(await read({ method: 'GET', path: scope.path, query: { search: title, include_ancestors: true, per_page: 100 } }))
      .filter((m) => String(m.title).toLowerCase().includes(title.toLowerCase()));
    const same = near.filter((m) => String(m.title).toLowerCase() === title.toLowerCase());
    if (same.length === 1) found = same[0];
    else if (same.length > 1) throw new Unresolved(`several milestones in ${scope.what} match "${inline(title, 80)}": ${shown(same)}; give the exact title or milestone_id`);
    else {
      throw new Unresolved(near.length
        ? `no milestone in ${scope.what} is titled "${inline(title, 80)}"; candidates: ${shown(near)}`
        : `no milestone in ${scope.what} is titled "${inline(title, 80)}" and none is near it; see ${scope.listAction}`);
    }
  }
  const id = Number(found.id);
  if (!Number.isSafeInteger(id)) throw new Unresolved(`the platform answered no id for milestone "${inline(title, 80)}"`);
  cacheOf(s).set(key, id);
  return id;
}

/**
 * A group or user namespace by its full path (`acme/platform`), as its id: GitLab's `GET /namespaces/:id` and
 * `GET /groups/:id` take the URL-encoded path (doc/api/namespaces.md, gitlabhq a2a8e361: "ID or path of the namespace"). One lookup per path, route and session; case-insensitive, as GitLab
 * finds a full path. A path that matches nothing (or that the caller may not see: GitLab answers 404 alike) refuses.
 */
async function namespaceId(s: Session, read: Read, route: 'namespaces' | 'groups', param: string, given: string): Promise<number> {
  const path = given.trim().replace(/^\/+|\/+$/g, '');
  const what = route === 'groups' ? 'group' : 'group or user namespace';
  if (!path) throw new Unresolved(`${param}: give the ${what}'s full path, e.g. "acme/platform"`);
  const key = `${route}:${path.toLowerCase()}`;
  const cached = cacheOf(s).get(key);
  if (typeof cached === 'number') return cached;
  // A group's answer lists its projects unless told not to: only the id is read.
  const found = await read({ method: 'GET', path: `/${route}/${encodeURIComponent(path)}`, ...(route === 'groups' ? { query: { with_projects: false } } : {}) }, { missingOk: true });
  if (found === undefined) {
    throw new Unresolved(`${param} "${inline(path, 120)}": no ${what} you can see has that full path (GET /${route}/${inline(encodeURIComponent(path), 160)} answered 404); check it with ${route === 'groups' ? 'group.list' : 'user.namespace_list'} or give the ID`);
  }
  const id = Number((found as Rec | null)?.id);
  if (!Number.isSafeInteger(id)) throw new Unresolved(`the platform answered no id for ${what} "${inline(path, 120)}"`);
  cacheOf(s).set(key, id);
  return id;
}

/**
 * A project named by its path alone: GitLab's `:id` is an ID or a full path (`group/project`, `user/project`),
 * so a value with no slash (nor an encoded one) that is not a number always answers 404 there.
 */
export const isBareProjectName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && !/\/|%2f/i.test(v) && !/^-?\d+$/.test(v.trim());

/** How many candidates a refusal names. */
const SHOWN_PROJECTS = 5;

/**
 * The full path of the caller's one project whose path is `given` (throws Unresolved for none or several). Among
 * the projects the caller is a member of: what a person names by its short name, and on a large instance a
 * search of every visible project finds strangers' projects of that name. Case-insensitive, as GitLab finds a
 * full path. Most similar first (GitLab's `order_by=similarity`), so an exact path is on the one page read.
 */
async function projectPath(s: Session, read: Read, param: string, given: string): Promise<string> {
  const name = given.trim();
  const key = `project:${name.toLowerCase()}`;
  const cached = cacheOf(s).get(key);
  if (typeof cached === 'string') return cached;
  const seen = list(await read({ method: 'GET', path: '/projects', query: { search: name, membership: true, simple: true, order_by: 'similarity', per_page: 100 } }));
  const same = seen.filter((p) => String(p.path).toLowerCase() === name.toLowerCase() && typeof p.path_with_namespace === 'string');
  if (same.length === 1) {
    const path = same[0].path_with_namespace as string;
    cacheOf(s).set(key, path);
    return path;
  }
  const shown = (ps: Rec[]) => ps.slice(0, SHOWN_PROJECTS).map((p) => inline(p.path_with_namespace, 120)).join(', ') + (ps.length > SHOWN_PROJECTS ? ` and ${ps.length - SHOWN_PROJECTS} more` : '');
  const said = `${param} "${inline(name, 80)}"`;
  const ask = 'give the full path (group/project) or the project ID';
  if (same.length > 1) throw new Unresolved(`${said}: several projects you are a member of have that path: ${shown(same)}; ${ask}`);
  throw new Unresolved(seen.length
    ? `${said}: no project you are a member of has that path; near it: ${shown(seen)}; ${ask}`
    : `${said}: no project you are a member of has that path or a name like it; ${ask}`);
}

/** Each project param of the call given as a bare name, as its full path (throws Unresolved). */
export async function projectPaths(s: Session, read: Read, params: Rec, names: readonly string[]): Promise<Resolution[]> {
  const out: Resolution[] = [];
  for (const n of names) out.push({ param: n, fills: n, given: params[n], ids: [await projectPath(s, read, n, String(params[n]))] });
  return out;
}

/** A lookup and what it turned into, for the answer's "Resolved" line: ids, or a project's full path (GitLab's other `:id`). */
export interface Resolution { param: string; fills: string; given: unknown; ids: Array<number | string> }

/** Resolves one users/milestone/namespace companion into ids (throws Unresolved). */
export async function lookUp(s: Session, read: Read, action: Action, params: Rec, name: string, c: Companion): Promise<Resolution> {
  const given = params[name];
  if ('users' in c) {
    const names = Array.isArray(given) ? given.map(String) : [String(given)];
    const ids: number[] = [];
    for (const n of names) {
      const id = await userId(s, read, n);
      if (!ids.includes(id)) ids.push(id);
    }
    return { param: name, fills: c.fills, given, ids };
  }
  if ('milestone' in c) return { param: name, fills: c.fills, given, ids: [await milestoneId(s, read, action, params, String(given))] };
  if ('namespace' in c) return { param: name, fills: c.fills, given, ids: [await namespaceId(s, read, c.namespace, name, String(given))] };
  throw new Error(`${name} is not a lookup companion`);
}
