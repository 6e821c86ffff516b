// Members of projects and groups: direct and inherited (`all`) lists and lookups with the real access
// levels (a project inherits its group's and the group's ancestors'), add, edit, remove.
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userBasic } from '../serialize.js';
import { forbidden, int, intList, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadProject } from './common.js';

export const LEVELS = new Set<number>([5, ACCESS.guest, 15, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer, ACCESS.owner]);

export function memberJson(ctx: Ctx, userId: number, level: number): Record<string, unknown> {
  return { ...userBasic(ctx.state, userId), access_level: level, created_at: '2026-01-02T08:00:00.000Z', created_by: userBasic(ctx.state, 1), expires_at: null, membership_state: 'active' };
}


/** Direct members, or with `all` every inherited membership at its highest level. */
function levels(ctx: Ctx, direct: Map<number, number>, groupId: number | null, all: boolean): Map<number, number> {
  const out = new Map(direct);
  if (!all || groupId === null) return out;
  for (const g of ctx.state.groupLineage(groupId)) for (const [id, level] of g.members) out.set(id, Math.max(level, out.get(id) ?? 0));
  return out;
}

type Holder = { members: Map<number, number>; groupId: number | null; admin: (ctx: Ctx) => boolean };

function projectHolder(p: ProjectRec): Holder {
  return { members: p.members, groupId: p.namespace.kind === 'group' ? p.namespace.id : null, admin: (c) => c.state.accessLevel(c.user, p) >= ACCESS.maintainer };
}

function groupHolder(g: GroupRec): Holder {
  return { members: g.members, groupId: g.parentId, admin: (c) => c.state.groupAccess(c.user, g.id) >= ACCESS.owner };
}

function register(r: Router, family: 'projects' | 'groups'): void {
  const H = (fn: (ctx: Ctx, h: Holder, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    if (family === 'projects') {
      const p = loadProject(ctx, prm.id);
      return isReply(p) ? p : fn(ctx, projectHolder(p), prm);
    }
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    return fn(ctx, groupHolder(g), prm);
  };
  const base = `${family}/:id/members`;
  const list = (all: boolean) => H((ctx, h) => {
    // Every sandbox membership is active: none awaits a seat or an approval.
    if (str(ctx.params.state) === 'awaiting') return paginate(ctx, []);
    const query = str(ctx.params.query)?.toLowerCase();
    const ids = ctx.params.user_ids ? String(ctx.params.user_ids).split(',').map(Number) : undefined;
    const rows = [...levels(ctx, h.members, h.groupId, all)].filter(([id]) => {
      const u = ctx.state.users.get(id);
      return u && (!query || u.username.includes(query) || u.name.toLowerCase().includes(query)) && (!ids || ids.includes(id));
    });
    return paginate(ctx, rows.map(([id, level]) => memberJson(ctx, id, level)));
  });
  const one = (all: boolean) => H((ctx, h, prm) => {
    const level = /^\d+$/.test(prm.uid) ? levels(ctx, h.members, h.groupId, all).get(Number(prm.uid)) : undefined;
    return level === undefined ? notFound('Member') : json(200, memberJson(ctx, Number(prm.uid), level));
  });
  r.get(base, list(false));
  r.get(`${base}/all`, list(true));
  r.get(`${base}/all/:uid`, one(true));
  r.get(`${base}/:uid`, one(false));
  r.post(base, H((ctx, h) => {
    const uid = int(ctx.params.user_id) ?? ctx.state.userByName(str(ctx.params.username) ?? '')?.id;
    const level = int(ctx.params.access_level);
    if (uid === undefined || level === undefined) return missing(...[uid === undefined ? 'user_id' : '', level === undefined ? 'access_level' : ''].filter(Boolean));
    if (!h.admin(ctx)) return forbidden();
    if (!ctx.state.users.has(uid)) return notFound('User');
    if (!LEVELS.has(level)) return json(400, { error: 'access_level does not have a valid value' });
    if (h.members.has(uid)) return message(409, 'Member already exists');
    h.members.set(uid, level);
    return json(201, memberJson(ctx, uid, level));
  }));
  r.put(`${base}/:uid`, H((ctx, h, prm) => {
    const level = int(ctx.params.access_level);
    if (level === undefined) return missing('access_level');
    const uid = Number(prm.uid);
    if (!h.members.has(uid)) return notFound('Member');
    if (!h.admin(ctx)) return forbidden();
    if (!LEVELS.has(level)) return json(400, { error: 'access_level does not have a valid value' });
    h.members.set(uid, level);
    return json(200, memberJson(ctx, uid, level));
  }));
  r.delete(`${base}/:uid`, H((ctx, h, prm) => {
    const uid = Number(prm.uid);
    if (!h.members.has(uid)) return notFound('Member');
    if (!h.admin(ctx) && uid !== ctx.user.id) return forbidden();
    h.members.delete(uid);
    return noContent();
  }));
}

export function registerMembers(r: Router): void {
  register(r, 'projects');
  register(r, 'groups');
  r.get('projects/:id/users', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const h = projectHolder(p);
    const search = str(ctx.params.search)?.toLowerCase();
    const skip = intList(ctx.params.skip_users) ?? [];
    const ids = [...levels(ctx, h.members, h.groupId, true).keys()].filter((id) => {
      const u = ctx.state.users.get(id);
      return !skip.includes(id) && (!search || (!!u && (u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search))));
    });
    return paginate(ctx, ids.map((id) => userBasic(ctx.state, id)));
  });
}
