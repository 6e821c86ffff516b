// Repository archives built from the sandbox's files at a ref: tar, tar.gz and zip, as `git archive` lays them out
// (every path under `<project>-<ref>-<sha>/`). The bzip2 formats are refused: Node has no bzip2 compressor.
import { gzipSync } from 'node:zlib';
import type { Router } from '../router.js';
import type { Reply } from '../types.js';
import { resolveRef } from '../repo.js';
import { zip } from '../storage.js';
import { list, message, notFound, str } from '../util.js';
import { NOT_SIMULATED } from '../unsimulated.js';
import { isReply, loadProject } from './common.js';
import { pad, tarHeader } from '../tar.js';

/** A tar stream of the files, with git's pax global header naming the commit and a directory entry per folder. */
function tar(files: Map<string, string>, root: string, sha: string, mtime: number): Buffer {
  const out: Buffer[] = [];
  const pax = `52 comment=${sha}\n`;
  out.push(tarHeader('pax_global_header', pax.length, mtime, 'g'), Buffer.from(pax), pad(pax.length));
  const dirs = new Set<string>([`${root}/`]);
  for (const path of files.keys()) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(`${root}/${parts.slice(0, i).join('/')}/`);
  }
  const entries = [...[...dirs].map((d) => ({ path: d, data: undefined as Buffer | undefined })), ...[...files].map(([p, c]) => ({ path: `${root}/${p}`, data: Buffer.from(c) }))];
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const e of entries) {
    if (!e.data) { out.push(tarHeader(e.path, 0, mtime, '5')); continue; }
    out.push(tarHeader(e.path, e.data.length, mtime, '0'), e.data, pad(e.data.length));
  }
  out.push(Buffer.alloc(1024));
  return Buffer.concat(out);
}

export function registerArchive(r: Router): void {
  r.get('projects/:id/repository/archive', (ctx, prm): Reply => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const format = (str(ctx.params.format) ?? 'tar.gz').replace(/^\./, '');
    if (['tar.bz2', 'tbz', 'tbz2', 'tb2', 'bz2'].includes(format)) return message(501, `${NOT_SIMULATED}GET /projects/:id/repository/archive in the ${format} format (only tar.gz, tar and zip)`);
    if (!['tar.gz', 'tgz', 'gz', 'tar', 'zip'].includes(format)) return notFound('File');
    const ref = str(ctx.params.sha) ?? p.defaultBranch;
    const sha = resolveRef(p.repo, ref);
    if (!sha) return notFound('File');
    const c = p.repo.commits.get(sha)!;
    const path = (str(ctx.params.path) ?? '').replace(/^\/+|\/+$/g, '');
    const excluded = (list(ctx.params.exclude_paths) ?? []).map((x) => x.replace(/^\/+|\/+$/g, ''));
    const files = new Map<string, string>();
    for (const [f, content] of c.files) {
      if (path && !f.startsWith(`${path}/`)) continue;
      if (excluded.some((x) => f === x || f.startsWith(`${x}/`))) continue;
      // A submodule is a gitlink: git archive leaves an empty folder for it.
      if (!content.startsWith('gitlink:')) files.set(f, content);
    }
    if (path && files.size === 0) return notFound('File');
    // GitLab's archive name: project path, ref (slashes as dashes), the commit, then the subfolder.
    const refPart = ref === sha ? sha : `${ref.replace(/\//g, '-')}-${sha}`;
    const root = `${p.path}-${refPart}${path ? `-${path.replace(/\//g, '-')}` : ''}`;
    const mtime = Math.floor(Date.parse(c.date) / 1000);
    const ext = format === 'tgz' || format === 'gz' ? 'tar.gz' : format;
    const body = ext === 'zip'
      ? zip(new Map([...files].map(([f, content]) => [`${root}/${f}`, content])))
      : ext === 'tar' ? tar(files, root, sha, mtime) : gzipSync(tar(files, root, sha, mtime));
    return {
      status: 200, text: body, contentType: ext === 'zip' ? 'application/zip' : 'application/octet-stream',
      headers: { 'content-disposition': `attachment; filename="${root}.${ext}"`, 'content-transfer-encoding': 'binary' },
    };
  });
}
