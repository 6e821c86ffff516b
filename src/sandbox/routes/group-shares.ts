// Sharing a group with another group (GitLab's group group links): share and unshare, the links a group detail shows
// (`shared_with_groups`), the groups a group was invited to (`groups/shared`) and the groups invited to it
// (`invited_groups`). What a share gives is read where access is: SandboxState.groupAccess and members/all.
// GitLab read: lib/api/groups.rb (the version whose share takes member_role_id) and spec/requests/api/groups_spec.rb;
// gitlabhq 017a6c12 app/services/groups/group_links/create_service.rb, 36a59d08 app/services/concerns/group_linkable.rb,
// app/models/group_group_link.rb (uniqueness and level only), 13435508 app/finders/namespaces/groups/invited_groups_finder.rb,
// 9a7adb84 shared_groups_finder.rb, 017a6c12 app/finders/concerns/namespaces/groups_filter.rb and app/models/group.rb
// `by_min_access_level` (joins group_members: direct only), app/helpers/groups/group_members_helper.rb `group_group_links`.
import type { Router } from '../router.js';
import { ACCESS, type GroupLink, type GroupRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { groupJson } from '../serialize.js';
import { NOT_SIMULATED, unkeptParams } from '../unsimulated.js';
import { int, intList, json, list, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { withGroup } from './common.js';

/** Gitlab::Access.all_values: Guest, Planner, Reporter, Developer, Maintainer, Owner. */
const LINK_LEVELS = new Set([ACCESS.guest, 15, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer, ACCESS.owner]);

/** GroupDetail's `shared_with_groups`: the links whose invited group the caller may see (SharedGroupWithGroup). */
export function sharedWithGroupsOf(ctx: Ctx, g: GroupRec): Array<Record<string, unknown>> {
  return (g.sharedWith ?? []).flatMap((l) => {
    const x = ctx.state.groups.get(l.groupId);
    return x && ctx.state.canSeeGroup(ctx.user, x) ? [{ group_id: x.id, group_name: x.name, group_full_path: x.fullPath, group_access_level: l.access, expires_at: l.expiresAt }] : [];
  });
}

/** `expires_at` as Grape's Date type reads it: a real day, kept as YYYY-MM-DD; a reply when it is not one. */
function linkExpiry(ctx: Ctx): string | null | Reply {
  const raw = str(ctx.params.expires_at);
  if (raw === undefined || raw === '') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
  const t = day ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(day!) ? day! : json(400, { error: 'expires_at is invalid' });
}

/**
 * POST /groups/:id/share. GitLab answers the shared group's GroupDetail (without its projects, 201). Its create service
 * answers `Not Found` (404) to a caller who may not admin the group's members (Owner); the group to share with must be one
 * the caller may see (`find_group!`). Nothing refuses a group of the same hierarchy: GroupGroupLink validates only
 * uniqueness and the level (prevent_sharing_groups_outside_hierarchy, off in the sandbox, limits the other way).
 */
function share(ctx: Ctx, g: GroupRec): Reply {
  const groupId = int(ctx.params.group_id);
  const access = int(ctx.params.group_access);
  if (groupId === undefined || access === undefined) return missing(...(groupId === undefined ? ['group_id'] : []), ...(access === undefined ? ['group_access'] : []));
  if (!LINK_LEVELS.has(access)) return json(400, { error: 'group_access does not have a valid value' });
  const expiresAt = linkExpiry(ctx);
  if (typeof expiresAt === 'object' && expiresAt !== null) return expiresAt;
  // Custom roles are not modelled: refused by name rather than kept as if they applied.
  const unkept = unkeptParams(ctx, 'POST /groups/:id/share', ['member_role_id']);
  if (unkept) return unkept;
  const target = ctx.state.groups.get(groupId);
  if (!target || !ctx.state.canSeeGroup(ctx.user, target)) return notFound('Group');
  if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.owner) return message(404, 'Not Found');
  const links = (g.sharedWith ??= []);
  if (links.some((l) => l.groupId === groupId)) return message(409, 'Shared group The group has already been shared with this group');
  links.push({ id: ctx.state.nextId('group_link'), groupId, access, expiresAt });
  return json(201, { ...groupJson(ctx.state, g), shared_with_groups: sharedWithGroupsOf(ctx, g), prevent_sharing_groups_outside_hierarchy: false });
}

/**
 * DELETE /groups/:id/share/:group_id. GitLab's route ignores its destroy service's answer: a caller who may not admin
 * the group's members gets 204 and the link stays (spec/requests/api/groups_spec.rb "does not remove group share").
 */
function unshare(ctx: Ctx, g: GroupRec, ref: string): Reply {
  if (!/^\d+$/.test(ref)) return json(400, { error: 'group_id is invalid' });
  const links = g.sharedWith ?? [];
  const i = links.findIndex((l) => l.groupId === Number(ref));
  if (i < 0) return notFound('Group Link');
  if (ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.owner) links.splice(i, 1);
  return noContent();
}

const matches = (g: GroupRec, search: string | undefined) => !search || g.name.toLowerCase().includes(search) || g.fullPath.toLowerCase().includes(search);

/**
 * `min_access_level` of both lists: one of Gitlab::Access.all_values (Grape `values:`), else a reply; kept as
 * Group.by_min_access_level does, the caller's direct membership of each group only (no ancestors, shares or admin).
 */
function minAccess(ctx: Ctx): ((x: GroupRec) => boolean) | Reply {
  const min = int(ctx.params.min_access_level);
  if (min === undefined) return () => true;
  if (!LINK_LEVELS.has(min)) return json(400, { error: 'min_access_level does not have a valid value' });
  return (x) => (x.members.get(ctx.user.id) ?? 0) >= min;
}

/**
 * GET /groups/:id/groups/shared: the groups this group was invited to, ordered as lib/api/groups.rb `order_groups`, then
 * by id ascending whichever the sort (`group_without_similarity_options`: `order_options["id"] ||= "asc"`).
 */
function sharedGroups(ctx: Ctx, g: GroupRec): Reply {
  const s = ctx.state;
  const order = str(ctx.params.order_by) ?? 'name';
  if (order === 'similarity') return message(501, `${NOT_SIMULATED}GET /groups/:id/groups/shared with order_by=similarity`);
  const search = str(ctx.params.search)?.toLowerCase();
  const skip = intList(ctx.params.skip_groups) ?? [];
  const visibility = str(ctx.params.visibility);
  const min = minAccess(ctx);
  if (typeof min !== 'function') return min;
  const groups = [...s.groups.values()].filter((x) => (x.sharedWith ?? []).some((l) => l.groupId === g.id) && s.canSeeGroup(ctx.user, x)
    && (!visibility || x.visibility === visibility) && !skip.includes(x.id) && matches(x, search) && min(x));
  const key = (x: GroupRec): string | number => (order === 'id' ? x.id : order === 'path' ? x.path : x.name.toLowerCase());
  const dir = str(ctx.params.sort) === 'desc' ? -1 : 1;
  groups.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : a.id - b.id));
  return paginate(ctx, groups.map((x) => groupJson(s, x)));
}

/**
 * GET /groups/:id/invited_groups: the groups invited to this group (`direct`), to its ancestors (`inherited`), or both
 * (no relation, or both named), that the caller may see; newest id first (the finder's `order_id_desc`).
 */
function invitedGroups(ctx: Ctx, g: GroupRec): Reply {
  const s = ctx.state;
  const relation = list(ctx.params.relation) ?? [];
  if (relation.some((r) => r !== 'direct' && r !== 'inherited')) return json(400, { error: 'relation does not have a valid value' });
  const direct = relation.includes('direct') || relation.length !== 1;
  const inherited = relation.includes('inherited') || relation.length !== 1;
  const links: GroupLink[] = [...(direct ? g.sharedWith ?? [] : []), ...(inherited && g.parentId !== null ? s.sharesInto(g.parentId) : [])];
  const search = str(ctx.params.search)?.toLowerCase();
  const min = minAccess(ctx);
  if (typeof min !== 'function') return min;
  const ids = new Set(links.map((l) => l.groupId));
  const groups = [...ids].flatMap((id) => s.groups.get(id) ?? [])
    .filter((x) => s.canSeeGroup(ctx.user, x) && matches(x, search) && min(x))
    .sort((a, b) => b.id - a.id);
  return paginate(ctx, groups.map((x) => groupJson(s, x)));
}

export function registerGroupShares(r: Router): void {
  r.post('groups/:id/share', withGroup(share));
  r.delete('groups/:id/share/:gid', withGroup((ctx, g, prm) => unshare(ctx, g, prm.gid)));
  r.get('groups/:id/groups/shared', withGroup(sharedGroups));
  r.get('groups/:id/invited_groups', withGroup(invitedGroups));
}
