// Members of projects and groups: direct and inherited (`all`) lists and lookups with the real access
// levels (a project inherits its group's and the group's ancestors', and those of the groups it is shared with), add,
// edit, remove, with an expiry date as GitLab keeps it (gitlabhq 014b8327 lib/api/members.rb, 800235cc app/models/member.rb: a date column,
// `future_date` validated). GitLab's access checks ignore the date and a daily worker removes expired rows; the
// sandbox runs no worker, and its clock (a second per write) does not reach the next day.
import type { Router } from '../router.js';
import { ACCESS, MINIMAL_ACCESS, type GroupRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userBasic } from '../serialize.js';
import { forbidden, int, intList, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadProject } from './common.js';

export const LEVELS = new Set<number>([5, ACCESS.guest, 15, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer, ACCESS.owner]);

export function memberJson(ctx: Ctx, userId: number, level: number, expiresAt: string | null = null): Record<string, unknown> {
  return { ...userBasic(ctx.state, userId), access_level: level, created_at: '2026-01-02T08:00:00.000Z', created_by: userBasic(ctx.state, 1), expires_at: expiresAt, membership_state: 'active' };
}

interface Membership { level: number; expiresAt: string | null }

/**
 * Direct members, or with `all` one membership per user as GitLab picks it (gitlabhq app/finders/members_finder.rb and
 * group_members_finder.rb @ 0286e4c6, app/models/member.rb @ 800235cc `distinct_on_user_with_max_access_level`):
 * - of a group and its ancestors, and of the groups they are shared with (`shared_from_groups`: the invited group's
 *   direct members, each row capped at the link's level, `with_group_group_sharing_access`; the invited groups the
 *   caller may see unless they are a member), the highest level, the group's own row winning a tie; then no expiry
 *   (PostgreSQL sorts NULL first in `expires_at DESC`), then the later date (then `created_at`, which the sandbox
 *   does not keep: the nearest group, and a group's rows before its invited groups');
 * - of a project, its own membership whenever there is one (`ProjectMember` sorts before `GroupMember`), else its
 *   group's pick (shares into the group's ancestors counted: `shared_into_ancestors`), else a membership of a group
 *   the project is shared with (or of that group's ancestors); the level shown is the user's level on the project
 *   (`project_authorizations`) whichever row is shown, the row's own date.
 */
function levels(ctx: Ctx, h: Holder, all: boolean): Map<number, Membership> {
  const direct = rowsOf(h.members, h.expiry);
  if (!all) return direct;
  if (!h.project) return groupPick(direct, ctx.state.groupLineage(h.groupId), h.group ? sharedRows(ctx, h.group) : []);
  const p = h.project;
  const group = h.groupId === null ? undefined : ctx.state.groups.get(h.groupId);
  const groupRows = group ? groupPick(rowsOf(group.members, group.memberExpiry), ctx.state.groupLineage(group.parentId), sharedRows(ctx, group)) : new Map<number, Membership>();
  const invited = (p.sharedWith ?? []).flatMap((l) => ctx.state.groupLineage(l.groupId)).flatMap((g) => [...rowsOf(g.members, g.memberExpiry)]);
  const out = new Map(direct);
  for (const [id, m] of [...groupRows, ...invited]) if (!out.has(id) && m.level > MINIMAL_ACCESS) out.set(id, m);
  for (const [id, m] of out) {
    const u = ctx.state.users.get(id);
    const level = u ? ctx.state.accessLevel({ ...u, isAdmin: false }, p) : 0;
    out.set(id, { level: level || m.level, expiresAt: m.expiresAt });
  }
  return out;
}

const rowsOf = (members: Map<number, number>, expiry: Map<number, string> | undefined): Map<number, Membership> =>
  new Map([...members].map(([id, level]) => [id, { level, expiresAt: expiry?.get(id) ?? null }]));

/**
 * The rows the groups a group and its ancestors are shared with give it: their direct members at the link's level at
 * most. A caller who is no member of the group sees only the invited groups they may see (`public_or_visible_to_user`).
 */
function sharedRows(ctx: Ctx, g: GroupRec): Array<[number, Membership]> {
  const s = ctx.state;
  const member = s.memberAccess(ctx.user.id, g.id) > 0;
  return s.sharesInto(g.id).flatMap((l) => {
    const invited = s.groups.get(l.groupId);
    if (!invited || (!member && !s.canSeeGroup(ctx.user, invited))) return [];
    return [...rowsOf(invited.members, invited.memberExpiry)].map(([id, m]): [number, Membership] => [id, { level: Math.min(l.access, m.level), expiresAt: m.expiresAt }]);
  });
}

/** One row per user of a group's own members, its ancestors' (nearest first) and its invited groups', ranked as `levels` says. */
function groupPick(own: Map<number, Membership>, ancestors: GroupRec[], shared: Array<[number, Membership]>): Map<number, Membership> {
  const rows = [...own].map(([id, m]) => ({ id, m, rank: m.level + 1 }));
  for (const g of ancestors) for (const [id, m] of rowsOf(g.members, g.memberExpiry)) rows.push({ id, m, rank: m.level });
  for (const [id, m] of shared) rows.push({ id, m, rank: m.level });
  const best = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    if (r.m.level <= MINIMAL_ACCESS) continue;
    const cur = best.get(r.id);
    if (!cur || r.rank > cur.rank || (r.rank === cur.rank && laterExpiry(r.m.expiresAt, cur.m.expiresAt))) best.set(r.id, r);
  }
  return new Map([...best].map(([id, r]) => [id, r.m]));
}

/** `expires_at DESC` in PostgreSQL: no date first, then the later date. */
const laterExpiry = (a: string | null, b: string | null): boolean => a !== b && (a === null || (b !== null && a > b));

/**
 * `expires_at` of an add or edit: undefined when not sent, null to clear it (sent empty or null), else the date
 * GitLab stores (its `DateTime` param cast to a date column: the UTC day); a reply when GitLab refuses it.
 */
function expiryParam(ctx: Ctx): string | null | undefined | Reply {
  if (!Object.hasOwn(ctx.params, 'expires_at')) return undefined;
  const raw = ctx.params.expires_at;
  if (raw === null || raw === '') return null;
  const s = str(raw) ?? '';
  const date = /^\d{4}-\d{2}-\d{2}/.exec(s)?.[0];
  const at = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s);
  if (!date || !realDay(date) || !Number.isFinite(at)) return json(400, { error: 'expires_at is invalid' });
  return new Date(at).toISOString().slice(0, 10);
}

/** Date.parse rolls 2026-02-30 over to March 2; Ruby's DateTime refuses it. */
function realDay(date: string): boolean {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(date);
}

type Holder = { members: Map<number, number>; expiry: Map<number, string>; groupId: number | null; admin: (ctx: Ctx) => boolean; project?: ProjectRec; group?: GroupRec };

function projectHolder(p: ProjectRec): Holder {
  return { members: p.members, expiry: (p.memberExpiry ??= new Map()), groupId: p.namespace.kind === 'group' ? p.namespace.id : null, admin: (c) => c.state.accessLevel(c.user, p) >= ACCESS.maintainer, project: p };
}

function groupHolder(g: GroupRec): Holder {
  return { members: g.members, expiry: (g.memberExpiry ??= new Map()), groupId: g.parentId, admin: (c) => c.state.groupAccess(c.user, g.id) >= ACCESS.owner, group: g };
}

function setExpiry(h: Holder, uid: number, expiresAt: string | null): void {
  if (expiresAt === null) h.expiry.delete(uid);
  else h.expiry.set(uid, expiresAt);
}

/** GitLab's FutureDateValidator: a date before today (the sandbox clock's) is a validation error of the member. */
function pastExpiry(ctx: Ctx, expiresAt: string | null | undefined): Reply | undefined {
  return expiresAt && expiresAt < ctx.state.today() ? message(400, { expires_at: ['cannot be a date in the past'] }) : undefined;
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
    // Every sandbox membership is active: none awaits a seat or an approval. Only members/all takes state.
    if (all && str(ctx.params.state) === 'awaiting') return paginate(ctx, []);
    const query = str(ctx.params.query)?.toLowerCase();
    const ids = ctx.params.user_ids ? String(ctx.params.user_ids).split(',').map(Number) : undefined;
    const rows = [...levels(ctx, h, all)].filter(([id]) => {
      const u = ctx.state.users.get(id);
      return u && (!query || u.username.includes(query) || u.name.toLowerCase().includes(query)) && (!ids || ids.includes(id));
    });
    return paginate(ctx, rows.map(([id, m]) => memberJson(ctx, id, m.level, m.expiresAt)));
  });
  const one = (all: boolean) => H((ctx, h, prm) => {
    const m = /^\d+$/.test(prm.uid) ? levels(ctx, h, all).get(Number(prm.uid)) : undefined;
    return m === undefined ? notFound('Member') : json(200, memberJson(ctx, Number(prm.uid), m.level, m.expiresAt));
  });
  r.get(base, list(false));
  r.get(`${base}/all`, list(true));
  r.get(`${base}/all/:uid`, one(true));
  r.get(`${base}/:uid`, one(false));
  r.post(base, H((ctx, h) => {
    const uid = int(ctx.params.user_id) ?? ctx.state.userByName(str(ctx.params.username) ?? '')?.id;
    const level = int(ctx.params.access_level);
    if (uid === undefined || level === undefined) return missing(...[uid === undefined ? 'user_id' : '', level === undefined ? 'access_level' : ''].filter(Boolean));
    const expiresAt = expiryParam(ctx);
    if (isReply(expiresAt)) return expiresAt;
    if (!h.admin(ctx)) return forbidden();
    if (!ctx.state.users.has(uid)) return notFound('User');
    if (!LEVELS.has(level)) return json(400, { error: 'access_level does not have a valid value' });
    if (h.members.has(uid)) return message(409, 'Member already exists');
    const past = pastExpiry(ctx, expiresAt);
    if (past) return past;
    h.members.set(uid, level);
    setExpiry(h, uid, expiresAt ?? null);
    return json(201, memberJson(ctx, uid, level, expiresAt ?? null));
  }));
  r.put(`${base}/:uid`, H((ctx, h, prm) => {
    const level = int(ctx.params.access_level);
    if (level === undefined) return missing('access_level');
    const expiresAt = expiryParam(ctx);
    if (isReply(expiresAt)) return expiresAt;
    const uid = Number(prm.uid);
    if (!h.members.has(uid)) return notFound('Member');
    if (!h.admin(ctx)) return forbidden();
    if (!LEVELS.has(level)) return json(400, { error: 'access_level does not have a valid value' });
    const past = pastExpiry(ctx, expiresAt);
    if (past) return past;
    h.members.set(uid, level);
    // Not sent keeps the date (GitLab updates the declared params only).
    if (expiresAt !== undefined) setExpiry(h, uid, expiresAt);
    return json(200, memberJson(ctx, uid, level, h.expiry.get(uid) ?? null));
  }));
  r.delete(`${base}/:uid`, H((ctx, h, prm) => {
    const uid = Number(prm.uid);
    if (!h.members.has(uid)) return notFound('Member');
    if (!h.admin(ctx) && uid !== ctx.user.id) return forbidden();
    h.members.delete(uid);
    h.expiry.delete(uid);
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
    const ids = [...levels(ctx, h, true).keys()].filter((id) => {
      const u = ctx.state.users.get(id);
      return !skip.includes(id) && (!search || (!!u && (u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search))));
    });
    return paginate(ctx, ids.map((id) => userBasic(ctx.state, id)));
  });
}
