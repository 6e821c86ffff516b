// Project wiki pages: list (with or without content), get, create, update, delete.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type WikiPageRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, json, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';

const FORMATS = new Set(['markdown', 'rdoc', 'asciidoc', 'org']);
/** GitLab's slug: the title with spaces as dashes. */
const slugOf = (title: string): string => title.trim().replace(/\s+/g, '-');

function pageJson(w: WikiPageRec, content: boolean): Record<string, unknown> {
  return { format: w.format, slug: w.slug, title: w.title, ...(content ? { content: w.content, encoding: 'UTF-8' } : {}) };
}

export function registerWiki(r: Router): void {
  const P = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };
  const W = (fn: (ctx: Ctx, p: ProjectRec, w: WikiPageRec) => Reply) => P((ctx, p, prm) => {
    const w = ctx.state.wikiOf(p.id).get(prm.slug);
    return w ? fn(ctx, p, w) : notFound('Wiki Page');
  });
  r.get('projects/:id/wikis', P((ctx, p) => paginate(ctx, [...ctx.state.wikiOf(p.id).values()].sort((a, b) => a.slug.localeCompare(b.slug)).map((w) => pageJson(w, !!bool(ctx.params.with_content))))));
  r.get('projects/:id/wikis/:slug', W((_ctx, _p, w) => json(200, pageJson(w, true))));
  r.post('projects/:id/wikis', P((ctx, p) => {
    const title = str(ctx.params.title); const content = text(ctx.params.content);
    if (!title || content === undefined) return missing(...[!title ? 'title' : '', content === undefined ? 'content' : ''].filter(Boolean));
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const format = str(ctx.params.format) ?? 'markdown';
    if (!FORMATS.has(format)) return json(400, { error: 'format does not have a valid value' });
    const slug = slugOf(title);
    const pages = ctx.state.wikiOf(p.id);
    if (pages.has(slug)) return message(400, 'Duplicate page: A page with that title already exists');
    const w: WikiPageRec = { slug, title, content, format: format as WikiPageRec['format'], updatedAt: ctx.state.now() };
    pages.set(slug, w);
    return json(201, pageJson(w, true));
  }));
  r.put('projects/:id/wikis/:slug', W((ctx, p, w) => {
    const title = str(ctx.params.title); const content = text(ctx.params.content); const format = str(ctx.params.format);
    if (!title && content === undefined && !format) return json(400, { error: 'content, title, format are missing, at least one parameter must be provided' });
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (format && !FORMATS.has(format)) return json(400, { error: 'format does not have a valid value' });
    const pages = ctx.state.wikiOf(p.id);
    if (title && slugOf(title) !== w.slug) {
      if (pages.has(slugOf(title))) return message(400, 'Duplicate page: A page with that title already exists');
      pages.delete(w.slug);
      w.slug = slugOf(title);
      pages.set(w.slug, w);
    }
    if (title) w.title = title;
    if (content !== undefined) w.content = content;
    if (format) w.format = format as WikiPageRec['format'];
    w.updatedAt = ctx.state.now();
    return json(200, pageJson(w, true));
  }));
  r.delete('projects/:id/wikis/:slug', W((ctx, p, w) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    ctx.state.wikiOf(p.id).delete(w.slug);
    return noContent();
  }));
}
