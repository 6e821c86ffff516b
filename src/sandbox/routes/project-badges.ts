// Project badges: CRUD and the preview, with GitLab's placeholder substitution (%{project_path}, %{default_branch}…).
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx } from '../types.js';
import { json, missing, notFound, paginate, str, text } from '../util.js';
import { areaOf, crud, findRec, withProject, type Rec } from './project-crud.js';
import { PAGES_HOST } from './project-pages.js';

export interface BadgeRec extends Rec { name: string | null; linkUrl: string; imageUrl: string }

/** GitLab's badge placeholders, each replaced by the project's value. */
function placeholders(state: SandboxState, p: ProjectRec): Record<string, string> {
  const tags = [...p.repo.tags.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  const ns = p.namespace.kind === 'group' ? state.groups.get(p.namespace.id) : undefined;
  return {
    project_path: state.projectFullPath(p), project_title: p.name, project_name: p.path, project_id: String(p.id),
    project_namespace: state.namespacePath(p), group_name: ns?.name ?? '', gitlab_server: new URL(state.url).host,
    gitlab_pages_domain: PAGES_HOST, default_branch: p.defaultBranch, commit_sha: p.repo.branches.get(p.defaultBranch) ?? '',
    latest_tag: tags[0]?.name ?? '',
  };
}

const render = (url: string, values: Record<string, string>): string =>
  encodeURI(url.replace(/%\{(\w+)\}/g, (all, key: string) => (Object.hasOwn(values, key) ? values[key] : all)));

/** The badge's fields with its URLs rendered for a project; without one GitLab leaves the placeholders as they are. */
export function badgeDetails(ctx: Ctx, p: ProjectRec | undefined, b: Omit<BadgeRec, 'id'>): Record<string, unknown> {
  if (!p) return { name: b.name, link_url: b.linkUrl, image_url: b.imageUrl, rendered_link_url: b.linkUrl, rendered_image_url: b.imageUrl };
  const values = placeholders(ctx.state, p);
  return { name: b.name, link_url: b.linkUrl, image_url: b.imageUrl, rendered_link_url: render(b.linkUrl, values), rendered_image_url: render(b.imageUrl, values) };
}

/** The badges a group holds, in creation order (ids share the project badges' sequence). */
export const groupBadges = (state: SandboxState, groupId: number): BadgeRec[] => areaOf<BadgeRec[]>(state, 'badge', `group:${groupId}`, () => []);

/** Both URLs or the missing-parameter answer. */
export function urls(ctx: Ctx): { linkUrl: string; imageUrl: string } | ReturnType<typeof missing> {
  const linkUrl = str(ctx.params.link_url); const imageUrl = str(ctx.params.image_url);
  if (!linkUrl || !imageUrl) return missing(...(!linkUrl ? ['link_url'] : []), ...(!imageUrl ? ['image_url'] : []));
  return { linkUrl, imageUrl };
}

export function registerProjectBadges(r: Router): void {
  // Before the `:rid` routes: `render` is not an id.
  r.get('projects/:id/badges/render', withProject(ACCESS.guest, (ctx, p) => {
    const u = urls(ctx);
    return 'status' in u ? u : json(200, badgeDetails(ctx, p, { name: null, ...u }));
  }));
  // A project's list and lookups show the badges of its groups too, `kind: "group"`, rendered for the project.
  const inherited = (ctx: Ctx, p: ProjectRec) => ctx.state.projectGroups(p).flatMap((g) => groupBadges(ctx.state, g.id));
  const groupView = (ctx: Ctx, p: ProjectRec, b: BadgeRec) => ({ ...badgeDetails(ctx, p, b), id: b.id, kind: 'group' });
  r.get('projects/:id/badges', withProject(ACCESS.guest, (ctx, p) => {
    const name = str(ctx.params.name);
    const named = (b: BadgeRec) => !name || b.name === name;
    const own = areaOf<BadgeRec[]>(ctx.state, 'badge', `project:${p.id}`, () => []).filter(named).map((b) => ({ ...badgeDetails(ctx, p, b), id: b.id, kind: 'project' }));
    return paginate(ctx, [...own, ...inherited(ctx, p).filter(named).map((b) => groupView(ctx, p, b))]);
  }));
  r.get('projects/:id/badges/:rid', withProject(ACCESS.guest, (ctx, p, prm) => {
    const own = findRec<BadgeRec>(ctx, p, 'badge', prm.rid);
    if (own) return json(200, { ...badgeDetails(ctx, p, own), id: own.id, kind: 'project' });
    const b = inherited(ctx, p).find((x) => String(x.id) === prm.rid);
    return b ? json(200, groupView(ctx, p, b)) : notFound('Badge');
  }));
  crud<BadgeRec>(r, {
    path: 'projects/:id/badges', area: 'badge', thing: 'Badge', read: ACCESS.guest, write: ACCESS.maintainer,
    create: (ctx) => {
      const u = urls(ctx);
      return 'status' in u ? u : { name: text(ctx.params.name) ?? null, ...u };
    },
    update: (ctx, _p, b) => {
      if (str(ctx.params.link_url)) b.linkUrl = str(ctx.params.link_url)!;
      if (str(ctx.params.image_url)) b.imageUrl = str(ctx.params.image_url)!;
      if (text(ctx.params.name) !== undefined) b.name = text(ctx.params.name)!;
      return undefined;
    },
    view: (ctx, p, b) => ({ ...badgeDetails(ctx, p, b), id: b.id, kind: 'project' }),
  });
}
