// Files attached to a project (Markdown uploads) and to its wiki: stored with their bytes, listed, deleted.
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { extrasOf, type UploadRec } from '../extras.js';
import { json, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { multipartParts } from '../multipart.js';

const IMAGE_OR_VIDEO = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg|mp4|m4v|mov|webm|ogv)$/i;

/** GitLab's Markdown name of an upload: an image or video without its extension, other files by their name; brackets dropped. */
function markdownName(filename: string): string {
  return (IMAGE_OR_VIDEO.test(filename) ? filename.replace(/\.[^.]*$/, '') : filename).replace(/[[\]]/g, '');
}

function markdownLink(filename: string, url: string): string {
  return `${IMAGE_OR_VIDEO.test(filename) ? '!' : ''}[${markdownName(filename)}](${url})`;
}

/** The uploaded file of the request's `file` field, with GitLab's sanitized file name. */
function fileOf(ctx: Ctx): { filename: string; data: Buffer } | Reply {
  const f = multipartParts(ctx)?.find((x) => x.name === 'file' && x.filename !== undefined);
  if (!f) return missing('file');
  const filename = (f.filename ?? '').split(/[\\/]/).pop()!.replace(/[^\w.+-]/g, '_') || 'file';
  return { filename, data: f.data };
}

function store(ctx: Ctx, p: ProjectRec, file: { filename: string; data: Buffer }): UploadRec {
  const id = ctx.state.nextId('upload');
  const secret = createHash('md5').update(`upload-${p.id}-${id}`).digest('hex');
  return { id, secret, filename: file.filename, size: file.data.length, content: file.data, createdAt: ctx.state.now(), uploadedById: ctx.user.id };
}

export function registerUploads(r: Router): void {
  const P = (level: number, fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return requireLevel(ctx, p, level) ?? fn(ctx, p, prm);
  };
  r.post('projects/:id/uploads', P(ACCESS.guest, (ctx, p) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const u = store(ctx, p, file);
    extrasOf(ctx.state, p.id).uploads.set(u.id, u);
    const url = `/uploads/${u.secret}/${u.filename}`;
    return json(201, { id: u.id, alt: markdownName(u.filename), url, full_path: `/-/project/${p.id}/uploads/${u.secret}/${u.filename}`, markdown: markdownLink(u.filename, url) });
  }));
  r.get('projects/:id/uploads', P(ACCESS.maintainer, (ctx, p) => {
    const all = [...extrasOf(ctx.state, p.id).uploads.values()].sort((a, b) => b.id - a.id);
    return paginate(ctx, all.map((u) => {
      const by = ctx.state.users.get(u.uploadedById);
      return { id: u.id, size: u.size, filename: u.filename, created_at: u.createdAt, uploaded_by: by ? { id: by.id, name: by.name, username: by.username } : null };
    }));
  }));
  r.delete('projects/:id/uploads/:uid', P(ACCESS.maintainer, (ctx, p, prm) => {
    const uploads = extrasOf(ctx.state, p.id).uploads;
    return /^\d+$/.test(prm.uid) && uploads.delete(Number(prm.uid)) ? noContent() : notFound('Upload');
  }));
  r.delete('projects/:id/uploads/:secret/:filename', P(ACCESS.maintainer, (ctx, p, prm) => {
    const uploads = extrasOf(ctx.state, p.id).uploads;
    const u = [...uploads.values()].find((x) => x.secret === prm.secret && x.filename === prm.filename);
    if (!u) return notFound('Upload');
    uploads.delete(u.id);
    return noContent();
  }));

  // Wiki attachments are committed to the wiki repository under uploads/<secret>/ (paths relative to the wiki).
  r.post('projects/:id/wikis/attachments', P(ACCESS.developer, (ctx, p) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const u = store(ctx, p, file);
    extrasOf(ctx.state, p.id).wikiAttachments.push(u);
    const path = `uploads/${u.secret}/${u.filename}`;
    return json(201, { file_name: u.filename, file_path: path, branch: multipartParts(ctx)?.find((x) => x.name === 'branch')?.data.toString('utf8') || (str(ctx.params.branch) ?? 'main'), link: { url: path, markdown: markdownLink(u.filename, path) } });
  }));
}
