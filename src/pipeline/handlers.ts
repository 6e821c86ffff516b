// The few actions whose request depends on earlier answers in a way data cannot say. Each step still
// goes through the same client and error path as every other request.
import { lstatSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import picomatch from 'picomatch';
import type { Action } from '../catalog/define.js';
import type { ForgeRequest, ForgeResponse } from '../forge/types.js';
import type { FileIdentity } from './localfile.js';

export type Send = (req: ForgeRequest) => Promise<ForgeResponse>;

/** A local file sent as a request body: read (once, checked) only when its request is sent. */
export interface BodyFile extends FileIdentity { path: string }

/** The request the action finally sends (or several, one per file), or a refusal sentence. */
export type HandlerOutcome = { request: ForgeRequest } | { requests: Array<ForgeRequest & { label: string; bodyFile?: BodyFile }> } | { refusal: string };

/** Limits a handler that reads local files obeys, and the directory localpath.ts approved (resolved). */
export interface HandlerLimits { maxFileSize: number; directory?: string }

/** A directory publish reads at most this many times the per-file limit in all. */
export const PUBLISH_TOTAL_FACTOR = 10;

function decode(body: unknown): string {
  const b = body as { content?: unknown; encoding?: unknown } | null;
  if (!b || typeof b.content !== 'string') return '';
  return b.encoding === 'base64' ? Buffer.from(b.content, 'base64').toString('utf8') : b.content;
}

/** `[submodule "x"] path = a/b url = ../proj.git` → url by path. */
function parseGitmodules(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let path: string | undefined;
  let url: string | undefined;
  const flush = () => { if (path && url) out.set(path, url); path = url = undefined; };
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\[submodule\b/.test(line)) { flush(); continue; }
    const m = /^\s*(path|url)\s*=\s*(.+?)\s*$/.exec(line);
    if (m) { if (m[1] === 'path') path = m[2]; else url = m[2]; }
  }
  flush();
  return out;
}

/** The project path a submodule URL names, relative URLs resolved against the parent project's path. */
function submoduleProject(url: string, parentPath: string): string | undefined {
  const clean = url.replace(/\.git$/, '').replace(/\/+$/, '');
  if (clean.startsWith('../') || clean.startsWith('./')) return posix.normalize(posix.join(parentPath, clean));
  const scp = /^[^@/]+@[^:]+:(.+)$/.exec(clean);
  if (scp) return scp[1];
  try { return new URL(clean).pathname.replace(/^\/+/, ''); } catch { return undefined; }
}

async function submoduleFile(action: Action, params: Record<string, unknown>, send: Send): Promise<HandlerOutcome> {
  const project = encodeURIComponent(String(params.project_id));
  const sub = String(params.submodule_path).replace(/^\/+|\/+$/g, '');
  const ref = typeof params.ref === 'string' ? { ref: params.ref } : undefined;
  const modules = await send({ method: 'GET', path: `/projects/${project}/repository/files/.gitmodules`, query: { ref: typeof params.ref === 'string' ? params.ref : 'HEAD' } });
  const url = parseGitmodules(decode(modules.body)).get(sub);
  if (!url) return { refusal: `${action.operation}: "${sub}" is not a submodule of this repository at that ref (.gitmodules names no such path); list them with repository.list_submodules` };
  const parentPath = String(params.project_id);
  if (/^\.\.?\//.test(url) && /^\d+$/.test(parentPath)) {
    return { refusal: `${action.operation}: the submodule URL "${url}" is relative to the parent project; give project_id as the parent's full path (e.g. group/project)` };
  }
  // Git resolves a relative URL against the superproject's own URL: ../x next to it.
  const target = submoduleProject(url, parentPath);
  if (!target) return { refusal: `${action.operation}: the submodule URL of "${sub}" names no project this instance can read` };
  const tree = await send({ method: 'GET', path: `/projects/${project}/repository/tree`, query: { path: posix.dirname(sub) === '.' ? '' : posix.dirname(sub), ...ref, per_page: 100 } });
  const entry = Array.isArray(tree.body) ? (tree.body as Array<{ path?: string; type?: string; id?: string }>).find((e) => e.path === sub && e.type === 'commit') : undefined;
  if (!entry?.id) return { refusal: `${action.operation}: no submodule commit recorded at "${sub}" in the parent's tree` };
  return { request: { method: 'GET', path: `/projects/${encodeURIComponent(target)}/repository/files/${encodeURIComponent(String(params.file_path))}`, query: { ref: entry.id } } };
}

/**
 * One generic-package upload per regular file of the directory whose name matches the glob (picomatch:
 * dotfiles only when the pattern names them); subdirectories are skipped, and any other matching entry
 * (a symlink, FIFO, socket or device) refuses the publish. Every file obeys FORGE_MCP_UPLOAD_MAX_FILE_SIZE
 * and all of them together ten times that; each is opened and read only when its request is sent, and
 * must then still be the file listed here (execute.ts, localfile.ts).
 */
async function publishDirectory(action: Action, params: Record<string, unknown>, limits: HandlerLimits): Promise<HandlerOutcome> {
  const shown = String(params.directory_path);
  if (!limits.directory) return { refusal: `${action.operation}: directory_path "${shown}" was not checked; nothing was uploaded` };
  const dir = limits.directory;
  const match = picomatch(String(params.file_name), { dot: false });
  const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.isDirectory() && match(e.name)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!entries.length) return { refusal: `${action.operation}: no file in "${shown}" matches "${String(params.file_name)}"` };
  const files: Array<{ name: string; file: BodyFile }> = [];
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    const st = lstatSync(path);
    if (!st.isFile()) return { refusal: `${action.operation}: "${e.name}" is not a regular file (a symbolic link, FIFO, socket or device); nothing was uploaded` };
    if (st.size > limits.maxFileSize) return { refusal: `${action.operation}: "${e.name}" is ${st.size} bytes, over the upload limit of ${limits.maxFileSize} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE); nothing was uploaded` };
    total += st.size;
    files.push({ name: e.name, file: { path, dev: st.dev, ino: st.ino } });
  }
  const cap = limits.maxFileSize * PUBLISH_TOTAL_FACTOR;
  if (total > cap) return { refusal: `${action.operation}: the ${files.length} matching files hold ${total} bytes, over the limit of ${cap} bytes for one publish (${PUBLISH_TOTAL_FACTOR} × FORGE_MCP_UPLOAD_MAX_FILE_SIZE); nothing was uploaded` };
  const base = `/projects/${encodeURIComponent(String(params.project_id))}/packages/generic/${encodeURIComponent(String(params.package_name))}/${encodeURIComponent(String(params.package_version))}`;
  const query = typeof params.status === 'string' ? { status: params.status } : undefined;
  return { requests: files.map(({ name, file }) => ({ method: 'PUT', path: `${base}/${encodeURIComponent(name)}`, query, bodyFile: file, label: name })) };
}

export const HANDLERS: Record<NonNullable<Action['handler']>, (a: Action, p: Record<string, unknown>, send: Send, limits: HandlerLimits) => Promise<HandlerOutcome>> = {
  submodule_file: (a, p, send) => submoduleFile(a, p, send),
  publish_directory: (a, p, _send, limits) => publishDirectory(a, p, limits),
};
