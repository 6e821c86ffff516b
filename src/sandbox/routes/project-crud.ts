// The project-settings collections of the sandbox (hooks, badges, boards, mirrors, pages domains…): their
// records, kept per sandbox beside the shared state, and one declarative helper for their plain CRUD routes.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type SandboxState } from '../state.js';
import { newRepo } from '../repo.js';
import type { Ctx, Reply } from '../types.js';
import { json, noContent, notFound, paginate } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';

export interface Rec { id: number }

/** A new, empty project owned by the caller (a fork or an import fills it in). */
export function newProjectRec(ctx: Ctx, init: Pick<ProjectRec, 'name' | 'path' | 'namespace' | 'description' | 'visibility' | 'defaultBranch' | 'topics'>): ProjectRec {
  const now = ctx.state.now();
  return {
    id: ctx.state.nextId('project'), ...init, topics: [...init.topics], createdAt: now, lastActivityAt: now, creatorId: ctx.user.id, archived: false,
    starCount: 0, forksCount: 0, members: new Map([[ctx.user.id, ACCESS.owner]]), repo: newRepo(), issues: new Map(), mrs: new Map(), labels: [],
    milestones: [], pipelines: new Map(), packages: new Map(), nextIssueIid: 1, nextMrIid: 1, nextPipelineIid: 1, extra: {},
  };
}

const stores = new WeakMap<SandboxState, Map<string, unknown>>();

/** A value of one area for one owner (`project:1`, `group:10`…), made on first use. */
export function areaOf<T>(state: SandboxState, area: string, owner: string, make: () => T): T {
  let store = stores.get(state);
  if (!store) { store = new Map(); stores.set(state, store); }
  const key = `${area}:${owner}`;
  if (!store.has(key)) store.set(key, make());
  return store.get(key) as T;
}

/** The records of one area of a project, in creation order. */
const recordsOf = <T extends Rec>(state: SandboxState, area: string, p: ProjectRec): T[] => areaOf<T[]>(state, area, `project:${p.id}`, () => []);

/** Wraps a handler that needs the project the caller may see, at a role (404 when unseen, 403 below the role). */
export function withProject(level: number, fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) {
  return (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return requireLevel(ctx, p, level) ?? fn(ctx, p, prm);
  };
}

export interface CrudSpec<T extends Rec> {
  /** The collection route, e.g. `projects/:id/hooks`; one record is `<path>/:rid`. */
  path: string;
  /** Store key and id sequence. */
  area: string;
  /** The 404 text's noun: `404 <thing> Not Found`. */
  thing: string;
  read: number;
  write: number;
  /** A new record without its id, or GitLab's refusal. */
  create: (ctx: Ctx, p: ProjectRec) => Omit<T, 'id'> | Reply;
  /** Changes the record in place; a Reply refuses. */
  update: (ctx: Ctx, p: ProjectRec, rec: T) => Reply | undefined;
  view: (ctx: Ctx, p: ProjectRec, rec: T) => unknown;
  filter?: (ctx: Ctx, recs: T[]) => T[];
}

/** Lookup of one record of a collection by the `:rid` segment. */
export function findRec<T extends Rec>(ctx: Ctx, p: ProjectRec, area: string, rid: string): T | undefined {
  return /^\d+$/.test(rid) ? recordsOf<T>(ctx.state, area, p).find((x) => x.id === Number(rid)) : undefined;
}

/** Registers list, get, create (201), update (200) and delete (204) with GitLab's 404 shapes and paginated lists. */
export function crud<T extends Rec>(r: Router, s: CrudSpec<T>): void {
  const one = (level: number, fn: (ctx: Ctx, p: ProjectRec, rec: T) => Reply) => withProject(level, (ctx, p, prm) => {
    const rec = findRec<T>(ctx, p, s.area, prm.rid);
    return rec ? fn(ctx, p, rec) : notFound(s.thing);
  });
  r.get(s.path, withProject(s.read, (ctx, p) => {
    const all = recordsOf<T>(ctx.state, s.area, p);
    return paginate(ctx, (s.filter ? s.filter(ctx, all) : all).map((x) => s.view(ctx, p, x)));
  }));
  r.get(`${s.path}/:rid`, one(s.read, (ctx, p, rec) => json(200, s.view(ctx, p, rec))));
  r.post(s.path, withProject(s.write, (ctx, p) => {
    const made = s.create(ctx, p);
    if (isReply(made)) return made;
    const rec = { id: ctx.state.nextId(s.area), ...made } as T;
    recordsOf<T>(ctx.state, s.area, p).push(rec);
    return json(201, s.view(ctx, p, rec));
  }));
  r.put(`${s.path}/:rid`, one(s.write, (ctx, p, rec) => s.update(ctx, p, rec) ?? json(200, s.view(ctx, p, rec))));
  r.delete(`${s.path}/:rid`, one(s.write, (ctx, p, rec) => {
    const all = recordsOf<T>(ctx.state, s.area, p);
    all.splice(all.indexOf(rec), 1);
    return noContent();
  }));
}
