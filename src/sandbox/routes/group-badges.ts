// Group badges (list, get, add, edit, delete, render) as GitLab 19.x answers them: every project below the group
// lists them too, `kind: "group"`. A group's own answers render the placeholders for the group's newest project the
// caller sees, as GitLab's badge_source_params does; with none, the URLs stay as written.
// Read in gitlabhq/gitlabhq: lib/api/badges.rb @110dd70c, lib/api/helpers/badges_helpers.rb @4bcec743.
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { forbidden, json, noContent, notFound, paginate, str, text } from '../util.js';
import { withGroup } from './common.js';
import { badgeDetails, groupBadges, urls, type BadgeRec } from './project-badges.js';


/** GitLab renders a group's badges for the first project GroupProjectsFinder gives (newest first). */
function renderProject(ctx: Ctx, g: GroupRec): ProjectRec | undefined {
  return [...ctx.state.projects.values()].filter((p) => p.namespace.kind === 'group' && p.namespace.id === g.id && ctx.state.canSeeProject(ctx.user, p)).sort((a, b) => b.id - a.id)[0];
}

const view = (ctx: Ctx, g: GroupRec, b: BadgeRec) => ({ ...badgeDetails(ctx, renderProject(ctx, g), b), id: b.id, kind: 'group' });

export function registerGroupBadges(r: Router): void {
  const G = withGroup;
  /** Adding, editing, deleting and previewing need the Owner role (GitLab's admin_group). */
  const O = (fn: (ctx: Ctx, g: GroupRec, prm: Record<string, string>) => Reply) => G((ctx, g, prm) => (ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.owner ? fn(ctx, g, prm) : forbidden()));
  const one = (ctx: Ctx, g: GroupRec, rid: string): BadgeRec | undefined => groupBadges(ctx.state, g.id).find((b) => String(b.id) === rid);

  // Before the `:rid` routes: `render` is not an id.
  r.get('groups/:id/badges/render', G((ctx, g) => {
    const u = urls(ctx);
    if ('status' in u) return u;
    return ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.owner ? json(200, badgeDetails(ctx, renderProject(ctx, g), { name: null, ...u })) : forbidden();
  }));
  r.get('groups/:id/badges', G((ctx, g) => {
    const name = str(ctx.params.name);
    return paginate(ctx, groupBadges(ctx.state, g.id).filter((b) => !name || b.name === name).map((b) => view(ctx, g, b)));
  }));
  r.get('groups/:id/badges/:rid', G((ctx, g, prm) => {
    const b = one(ctx, g, prm.rid);
    return b ? json(200, view(ctx, g, b)) : notFound('Badge');
  }));
  r.post('groups/:id/badges', G((ctx, g) => {
    const u = urls(ctx);
    if ('status' in u) return u;
    if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.owner) return forbidden();
    const b: BadgeRec = { id: ctx.state.nextId('badge'), name: text(ctx.params.name) ?? null, ...u };
    groupBadges(ctx.state, g.id).push(b);
    return json(201, view(ctx, g, b));
  }));
  r.put('groups/:id/badges/:rid', O((ctx, g, prm) => {
    const b = one(ctx, g, prm.rid);
    if (!b) return notFound('Badge');
    if (str(ctx.params.link_url)) b.linkUrl = str(ctx.params.link_url)!;
    if (str(ctx.params.image_url)) b.imageUrl = str(ctx.params.image_url)!;
    if (text(ctx.params.name) !== undefined) b.name = text(ctx.params.name)!;
    return json(200, view(ctx, g, b));
  }));
  r.delete('groups/:id/badges/:rid', O((ctx, g, prm) => {
    const b = one(ctx, g, prm.rid);
    if (!b) return notFound('Badge');
    const all = groupBadges(ctx.state, g.id);
    all.splice(all.indexOf(b), 1);
    return noContent();
  }));
}
