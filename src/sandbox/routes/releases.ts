// Releases and their asset links: list, get, create (the tag is created from `ref` when missing), update,
// delete, the latest permalink; evidence is collected when a release is created (not for a historical one).
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type ReleaseLinkRec, type ReleaseRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { resolveRef } from '../repo.js';
import { commitJson, milestoneJson, userBasic } from '../serialize.js';
import { json, list, message, missing, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';

const LINK_TYPES = new Set(['other', 'runbook', 'image', 'package']);

function linkJson(ctx: Ctx, p: ProjectRec, r: ReleaseRec, l: ReleaseLinkRec): Record<string, unknown> {
  const direct = l.directAssetPath ? `${ctx.state.url}/${ctx.state.projectFullPath(p)}/-/releases/${encodeURIComponent(r.tagName)}/downloads${l.directAssetPath}` : l.url;
  return { id: l.id, name: l.name, url: l.url, direct_asset_url: direct, link_type: l.linkType };
}

/** GitLab's Release entity. */
function releaseJson(ctx: Ctx, p: ProjectRec, r: ReleaseRec, opts: { html?: boolean } = {}): Record<string, unknown> {
  const s = ctx.state;
  const full = s.projectFullPath(p);
  const tag = p.repo.tags.get(r.tagName);
  const commit = tag ? p.repo.commits.get(tag.target) : undefined;
  const web = `${s.url}/${full}`;
  const tagPath = encodeURIComponent(r.tagName);
  const sources = ['zip', 'tar.gz', 'tar.bz2', 'tar'].map((format) => ({ format, url: `${web}/-/archive/${tagPath}/${p.path}-${tagPath}.${format}` }));
  const milestones = r.milestoneIds.map((id) => milestoneJson(s, p, p.milestones.find((m) => m.id === id))).filter(Boolean);
  const out: Record<string, unknown> = {
    name: r.name, tag_name: r.tagName, description: r.description, created_at: r.createdAt, released_at: r.releasedAt,
    upcoming_release: r.releasedAt > s.now(), author: userBasic(s, r.authorId), commit: commit ? commitJson(s, p, commit) : null,
    ...(milestones.length ? { milestones } : {}), commit_path: commit ? `/${full}/-/commit/${commit.id}` : null, tag_path: `/${full}/-/tags/${tagPath}`,
    assets: { count: sources.length + r.links.length, sources, links: r.links.map((l) => linkJson(ctx, p, r, l)) },
    evidences: r.evidences.map((e, i) => ({ sha: e.sha, filepath: `${web}/-/releases/${tagPath}/evidences/${i + 1}.json`, collected_at: e.collectedAt })),
    _links: {
      closed_issues_url: `${web}/-/issues?release_tag=${tagPath}&scope=all&state=closed`,
      closed_merge_requests_url: `${web}/-/merge_requests?release_tag=${tagPath}&scope=all&state=closed`,
      edit_url: `${web}/-/releases/${tagPath}/edit`,
      merged_merge_requests_url: `${web}/-/merge_requests?release_tag=${tagPath}&scope=all&state=merged`,
      opened_issues_url: `${web}/-/issues?release_tag=${tagPath}&scope=all&state=opened`,
      opened_merge_requests_url: `${web}/-/merge_requests?release_tag=${tagPath}&scope=all&state=opened`,
      self: `${web}/-/releases/${tagPath}`,
    },
  };
  if (opts.html) out.description_html = `<p dir="auto">${r.description.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`;
  return out;
}

/** Milestone titles (or ids) to ids; GitLab refuses the release when one does not exist. */
function milestoneIds(ctx: Ctx, p: ProjectRec): number[] | Reply | undefined {
  const titles = list(ctx.params.milestones);
  const ids = list(ctx.params.milestone_ids);
  if (!titles && !ids) return undefined;
  const found = [...(titles ?? []).map((t) => p.milestones.find((m) => m.title === t)), ...(ids ?? []).map((i) => p.milestones.find((m) => String(m.id) === i))];
  const missingOnes = [...(titles ?? []), ...(ids ?? [])].filter((_, i) => !found[i]);
  if (missingOnes.length) return message(400, `Milestone(s) not found: ${missingOnes.join(', ')}`);
  return found.map((m) => m!.id);
}

function newLink(ctx: Ctx, r: ReleaseRec, raw: Record<string, unknown>): ReleaseLinkRec | Reply {
  const name = str(raw.name); const url = str(raw.url);
  if (!name || !url) return missing(...[!name ? 'name' : '', !url ? 'url' : ''].filter(Boolean));
  if (!/^(https?|ftp):\/\//.test(url)) return message(400, { url: ['is blocked: Only allowed schemes are http, https, ftp'] });
  if (r.links.some((l) => l.name === name)) return message(400, { name: ['has already been taken'] });
  if (r.links.some((l) => l.url === url)) return message(400, { url: ['has already been taken'] });
  const type = str(raw.link_type) ?? 'other';
  if (!LINK_TYPES.has(type)) return json(400, { error: 'link_type does not have a valid value' });
  const path = str(raw.direct_asset_path) ?? str(raw.filepath);
  return { id: ctx.state.nextId('link'), name, url, directAssetPath: path ? (path.startsWith('/') ? path : `/${path}`) : null, linkType: type };
}

function create(ctx: Ctx, p: ProjectRec): Reply {
  const tagName = str(ctx.params.tag_name);
  if (!tagName) return missing('tag_name');
  const denied = requireLevel(ctx, p, ACCESS.developer);
  if (denied) return denied;
  const releases = ctx.state.releasesOf(p.id);
  if (releases.has(tagName)) return message(409, 'Release already exists');
  const milestones = milestoneIds(ctx, p);
  if (isReply(milestones)) return milestones;
  const now = ctx.state.now();
  if (!p.repo.tags.has(tagName)) {
    const ref = str(ctx.params.ref);
    if (!ref) return message(422, 'Ref is not specified');
    const sha = resolveRef(p.repo, ref);
    if (!sha) return message(422, 'Ref is not valid');
    p.repo.tags.set(tagName, { name: tagName, target: sha, message: text(ctx.params.tag_message) || null, createdAt: now });
  }
  const releasedAt = str(ctx.params.released_at) ?? now;
  const r: ReleaseRec = {
    tagName, name: str(ctx.params.name) ?? tagName, description: text(ctx.params.description) ?? '', createdAt: now, releasedAt, authorId: ctx.user.id,
    milestoneIds: milestones ?? [], links: [], evidences: [],
  };
  const assets = ctx.params.assets && typeof ctx.params.assets === 'object' ? (ctx.params.assets as { links?: unknown }).links : undefined;
  for (const raw of Array.isArray(assets) ? assets : []) {
    const l = newLink(ctx, r, (raw ?? {}) as Record<string, unknown>);
    if (isReply(l)) return l;
    r.links.push(l);
  }
  // A historical release (released in the past) collects no evidence.
  if (releasedAt >= now) r.evidences.push({ sha: createHash('sha256').update(`${p.id}:${tagName}:${now}`).digest('hex').slice(0, 64), collectedAt: now });
  releases.set(tagName, r);
  p.lastActivityAt = now;
  return json(201, releaseJson(ctx, p, r));
}

export function registerReleases(r: Router): void {
  const P = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };
  const R = (fn: (ctx: Ctx, p: ProjectRec, rel: ReleaseRec, prm: Record<string, string>) => Reply) => P((ctx, p, prm) => {
    const rel = ctx.state.releasesOf(p.id).get(prm.tag);
    return rel ? fn(ctx, p, rel, prm) : notFound();
  });
  const ordered = (ctx: Ctx, p: ProjectRec): ReleaseRec[] => {
    const key = str(ctx.params.order_by) === 'created_at' ? 'createdAt' : 'releasedAt';
    const asc = str(ctx.params.sort) === 'asc';
    return [...ctx.state.releasesOf(p.id).values()].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (asc ? 1 : -1));
  };
  r.get('projects/:id/releases', P((ctx, p) => paginate(ctx, ordered(ctx, p).map((x) => releaseJson(ctx, p, x, { html: str(ctx.params.include_html_description) === 'true' })))));
  r.post('projects/:id/releases', P(create));
  // The latest release is a permalink: the platform redirects to the release itself.
  r.get('projects/:id/releases/permalink/latest', P((ctx, p) => {
    const latest = [...ctx.state.releasesOf(p.id).values()].sort((a, b) => (a.releasedAt < b.releasedAt ? 1 : -1))[0];
    if (!latest) return notFound();
    const location = `${ctx.state.url}/api/v4/projects/${p.id}/releases/${encodeURIComponent(latest.tagName)}`;
    return { status: 302, headers: { location }, contentType: 'text/html; charset=utf-8', text: `<html><body>You are being <a href="${location}">redirected</a>.</body></html>` };
  }));
  r.get('projects/:id/releases/:tag', R((ctx, p, rel) => json(200, releaseJson(ctx, p, rel, { html: str(ctx.params.include_html_description) === 'true' }))));
  r.put('projects/:id/releases/:tag', R((ctx, p, rel) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const milestones = milestoneIds(ctx, p);
    if (isReply(milestones)) return milestones;
    if (str(ctx.params.name)) rel.name = str(ctx.params.name)!;
    if (text(ctx.params.description) !== undefined) rel.description = text(ctx.params.description)!;
    if (str(ctx.params.released_at)) rel.releasedAt = str(ctx.params.released_at)!;
    if (milestones) rel.milestoneIds = milestones;
    return json(200, releaseJson(ctx, p, rel));
  }));
  r.delete('projects/:id/releases/:tag', R((ctx, p, rel) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const body = releaseJson(ctx, p, rel);
    ctx.state.releasesOf(p.id).delete(rel.tagName);
    return json(200, body);
  }));

  const L = 'projects/:id/releases/:tag/assets/links';
  const findLink = (rel: ReleaseRec, id: string) => rel.links.find((l) => String(l.id) === id);
  r.get(L, R((ctx, p, rel) => paginate(ctx, rel.links.map((l) => linkJson(ctx, p, rel, l)))));
  r.post(L, R((ctx, p, rel) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    // Several links at once (`links: [{name, url, ...}]`): all are checked before any is added.
    if (Array.isArray(ctx.params.links)) {
      const added: ReleaseLinkRec[] = [];
      const draft = { ...rel, links: [...rel.links] };
      for (const raw of ctx.params.links) {
        const l = newLink(ctx, draft, (raw ?? {}) as Record<string, unknown>);
        if (isReply(l)) return l;
        draft.links.push(l);
        added.push(l);
      }
      rel.links.push(...added);
      return json(201, added.map((l) => linkJson(ctx, p, rel, l)));
    }
    const l = newLink(ctx, rel, ctx.params);
    if (isReply(l)) return l;
    rel.links.push(l);
    return json(201, linkJson(ctx, p, rel, l));
  }));
  r.get(`${L}/:lid`, R((ctx, p, rel, prm) => { const l = findLink(rel, prm.lid); return l ? json(200, linkJson(ctx, p, rel, l)) : notFound(); }));
  r.put(`${L}/:lid`, R((ctx, p, rel, prm) => {
    const l = findLink(rel, prm.lid);
    if (!l) return notFound();
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const type = str(ctx.params.link_type);
    if (type && !LINK_TYPES.has(type)) return json(400, { error: 'link_type does not have a valid value' });
    if (str(ctx.params.name)) l.name = str(ctx.params.name)!;
    if (str(ctx.params.url)) l.url = str(ctx.params.url)!;
    const path = str(ctx.params.direct_asset_path) ?? str(ctx.params.filepath);
    if (path) l.directAssetPath = path.startsWith('/') ? path : `/${path}`;
    if (type) l.linkType = type;
    return json(200, linkJson(ctx, p, rel, l));
  }));
  r.delete(`${L}/:lid`, R((ctx, p, rel, prm) => {
    const l = findLink(rel, prm.lid);
    if (!l) return notFound();
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    rel.links = rel.links.filter((x) => x !== l);
    return json(200, linkJson(ctx, p, rel, l));
  }));
}
