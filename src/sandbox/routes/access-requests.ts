// Access requests of projects and groups as GitLab 19.x answers them: anyone who is not yet a member (directly or
// through a group) may ask, as the token's user; Maintainers of a project and Owners of a group list, approve (the
// requester becomes a member, Developer unless another role is given) and deny; a requester may withdraw their own.
// Read in gitlabhq/gitlabhq: lib/api/access_requests.rb @0da44e16, lib/api/entities/access_requester.rb @d8121cb0,
// app/services/members/request_access_service.rb @2cf2f2c6, app/services/members/approve_access_request_service.rb @05f0ebba,
// the request_access rules of app/policies/project_policy.rb (admins and members prevented) and group_policy.rb (members).
import type { Router } from '../router.js';
import { ACCESS, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userBasic } from '../serialize.js';
import { forbidden, int, json, message, noContent, notFound, paginate } from '../util.js';
import { isReply, loadProject } from './common.js';
import { LEVELS, memberJson } from './members.js';

/** One project or group as a source of access requests. */
interface Source {
  key: string; members: Map<number, number>;
  /** The caller's role there, inherited ones included. */
  level: number;
  /** Whether the caller may not ask: a member (inherited too); on a project an administrator too (GitLab's request_access rules). */
  member: boolean;
  /** The role that manages requests: Maintainer of a project, Owner of a group (GitLab's admin_member_access_request). */
  admin: number;
}

const requestsOf = (s: SandboxState, key: string): Map<number, string> => {
  let m = s.accessRequests.get(key);
  if (!m) { m = new Map(); s.accessRequests.set(key, m); }
  return m;
};

const requesterJson = (ctx: Ctx, userId: number, at: string) => ({ ...userBasic(ctx.state, userId), requested_at: at });

function register(r: Router, family: 'projects' | 'groups'): void {
  const S = (fn: (ctx: Ctx, src: Source, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    if (family === 'projects') {
      const p = loadProject(ctx, prm.id);
      if (isReply(p)) return p;
      const level = ctx.state.accessLevel(ctx.user, p);
      return fn(ctx, { key: `project:${p.id}`, members: p.members, level, member: level > 0, admin: ACCESS.maintainer }, prm);
    }
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    const member = ctx.state.groupAccess({ ...ctx.user, isAdmin: false }, g.id) > 0;
    return fn(ctx, { key: `group:${g.id}`, members: g.members, level: ctx.state.groupAccess(ctx.user, g.id), member, admin: ACCESS.owner }, prm);
  };
  /** The pending request of `:uid`, or GitLab's record-lookup 404. */
  const R = (fn: (ctx: Ctx, src: Source, userId: number) => Reply) => S((ctx, src, prm) => {
    const uid = Number(prm.uid);
    return /^\d+$/.test(prm.uid) && requestsOf(ctx.state, src.key).has(uid) ? fn(ctx, src, uid) : message(404, '404 Not found');
  });
  const base = `${family}/:id/access_requests`;

  r.get(base, S((ctx, src) => {
    if (src.level < src.admin) return forbidden();
    return paginate(ctx, [...requestsOf(ctx.state, src.key)].map(([uid, at]) => requesterJson(ctx, uid, at)));
  }));
  r.post(base, S((ctx, src) => {
    const pending = requestsOf(ctx.state, src.key);
    // A member or someone who already asked may not ask (GitLab's ProjectPolicy and GroupPolicy request_access rules).
    if (src.member || pending.has(ctx.user.id)) return forbidden();
    const at = ctx.state.now();
    pending.set(ctx.user.id, at);
    return json(201, requesterJson(ctx, ctx.user.id, at));
  }));
  r.put(`${base}/:uid/approve`, R((ctx, src, uid) => {
    const level = int(ctx.params.access_level) ?? ACCESS.developer;
    if (src.level < src.admin) return forbidden();
    // Only an Owner may make an Owner.
    if (level === ACCESS.owner && src.level < ACCESS.owner) return forbidden();
    if (!LEVELS.has(level)) return message(400, { access_level: ['is not included in the list'] });
    requestsOf(ctx.state, src.key).delete(uid);
    src.members.set(uid, level);
    return json(201, memberJson(ctx, uid, level));
  }));
  r.delete(`${base}/:uid`, R((ctx, src, uid) => {
    if (uid !== ctx.user.id && src.level < src.admin) return forbidden();
    requestsOf(ctx.state, src.key).delete(uid);
    return noContent();
  }));
}

export function registerAccessRequests(r: Router): void {
  register(r, 'projects');
  register(r, 'groups');
}
