// Protected tags (names or wildcards such as `v*`, with the role allowed to create them) and tag signatures.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { extrasOf, type ProtectedTagRec } from '../extras.js';
import { int, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { refMatches } from '../branch-protection.js';

const LEVELS: Record<number, string> = { 0: 'No one', 30: 'Developers + Maintainers', 40: 'Maintainers' };

/** The protection that applies to a tag name (an exact name wins over a wildcard), if any. */
export function tagProtection(state: SandboxState, p: ProjectRec, name: string): ProtectedTagRec | undefined {
  const all = extrasOf(state, p.id).protectedTags;
  return all.get(name) ?? [...all.values()].find((t) => refMatches(t.name, name));
}

function protectedTagJson(t: ProtectedTagRec): Record<string, unknown> {
  return { name: t.name, create_access_levels: [{ id: t.id, access_level: t.createLevel, access_level_description: LEVELS[t.createLevel], deploy_key_id: null, user_id: null, group_id: null }] };
}

export function registerProtectedTags(r: Router): void {
  const M = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return requireLevel(ctx, p, ACCESS.maintainer) ?? fn(ctx, p, prm);
  };
  r.get('projects/:id/protected_tags', M((ctx, p) => paginate(ctx, [...extrasOf(ctx.state, p.id).protectedTags.values()].map(protectedTagJson))));
  r.get('projects/:id/protected_tags/:name', M((ctx, p, prm) => {
    const t = extrasOf(ctx.state, p.id).protectedTags.get(prm.name);
    return t ? json(200, protectedTagJson(t)) : message(404, '404 Not found');
  }));
  r.post('projects/:id/protected_tags', M((ctx, p) => {
    const name = str(ctx.params.name);
    if (!name) return missing('name');
    const level = int(ctx.params.create_access_level) ?? ACCESS.maintainer;
    if (!Object.hasOwn(LEVELS, level)) return json(400, { error: 'create_access_level does not have a valid value' });
    const all = extrasOf(ctx.state, p.id).protectedTags;
    if (all.has(name)) return message(422, ['Name has already been taken']);
    const t: ProtectedTagRec = { id: ctx.state.nextId('protected'), name, createLevel: level };
    all.set(name, t);
    return json(201, protectedTagJson(t));
  }));
  r.delete('projects/:id/protected_tags/:name', M((ctx, p, prm) => {
    const all = extrasOf(ctx.state, p.id).protectedTags;
    return all.delete(prm.name) ? noContent() : message(404, '404 Not found');
  }));
  // The sandbox signs no tag: GitLab's answer for an unsigned one.
  r.get('projects/:id/repository/tags/:tag/signature', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return p.repo.tags.has(prm.tag) ? notFound('Signature') : notFound('Tag');
  });
}
