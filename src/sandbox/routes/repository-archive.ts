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

/** One 512-byte ustar header; a name over 100 bytes goes to the prefix field, split at a slash. */
function tarHeader(path: string, size: number, mtime: number, type: '0' | '5' | 'g'): Buffer {
  const h = Buffer.alloc(512);
  let name = path; let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', path.length - 2);
    prefix = path.slice(0, cut); name = path.slice(cut + 1);
  }
  const put = (s: string, at: number, len: number) => h.write(s, at, len, 'utf8');
  const octal = (n: number, len: number) => `${n.toString(8).padStart(len - 1, '0')}\0`;
  put(name, 0, 100);
  put(octal(type === '5' ? 0o775 : 0o664, 8), 100, 8);
  put(octal(0, 8), 108, 8); put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12); put(octal(mtime, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0' + '00', 257, 8);
  put('root', 265, 32); put('root', 297, 32);
  put(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

const pad = (n: number): Buffer => Buffer.alloc((512 - (n % 512)) % 512);

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
