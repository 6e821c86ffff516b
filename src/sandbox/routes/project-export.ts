// Project export and import through a file. The export is a real tar.gz of the project as the sandbox holds it
// (settings, labels, milestones, issues, repository; see project-archive.ts), finished at once; importing that
// file creates the project again. An archive the sandbox did not write (GitLab's own, with a git bundle) leaves
// a project whose import failed, with the reason in import_error, as GitLab reports a failed import; the
// export pushed to an external URL is refused with the explicit 501: the sandbox makes no network calls.
import type { Router } from '../router.js';
import { ACCESS, type CommitRec, type IssueRec, type ProjectRec, type Visibility } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { projectJson } from '../serialize.js';
import { NOT_SIMULATED } from '../unsimulated.js';
import { bool, forbidden, json, message, missing, notFound, str, text } from '../util.js';
import { isReply, loadProject } from './common.js';
import { areaOf, newProjectRec, withProject } from './project-crud.js';
import { readArchive, writeArchive } from './project-archive.js';
import { multipartParts } from '../multipart.js';

/** The export format version GitLab writes in VERSION. */
const EXPORT_VERSION = '0.2.4';
const REPOSITORY = 'sandbox/repository.json';
const VISIBILITIES = new Set(['private', 'internal', 'public']);

interface ExportRec { at: string; archive: Buffer }
interface ImportRec { correlationId: string; error: string | null }

const UNREADABLE = 'the archive is not a project export written by the sandbox: the sandbox reads back only its own exports';

const exportOf = (ctx: Ctx, p: ProjectRec) => areaOf<{ done?: ExportRec }>(ctx.state, 'export', `project:${p.id}`, () => ({}));
const importOf = (ctx: Ctx, p: ProjectRec) => areaOf<{ done?: ImportRec }>(ctx.state, 'import', `project:${p.id}`, () => ({}));

function identity(ctx: Ctx, p: ProjectRec): Record<string, unknown> {
  const { id, description, name, name_with_namespace: nameNs, path, path_with_namespace: pathNs, created_at: createdAt } = projectJson(ctx.state, p, ctx.user, { simple: true });
  return { id, description, name, name_with_namespace: nameNs, path, path_with_namespace: pathNs, created_at: createdAt };
}

const ndjson = (rows: unknown[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

function archiveOf(ctx: Ctx, p: ProjectRec, description: string | undefined, at: string): Buffer {
  const milestoneIid = (id: number | null) => p.milestones.find((m) => m.id === id)?.iid ?? null;
  const files: Array<[string, string]> = [
    ['VERSION', EXPORT_VERSION],
    ['tree/project.json', JSON.stringify({ name: p.name, path: p.path, description: description ?? p.description, visibility: p.visibility, default_branch: p.defaultBranch, topics: p.topics })],
    ['tree/project/labels.ndjson', ndjson(p.labels.map((l) => ({ title: l.name, color: l.color, description: l.description, type: 'ProjectLabel' })))],
    ['tree/project/milestones.ndjson', ndjson(p.milestones.map((m) => ({ iid: m.iid, title: m.title, description: m.description, state: m.state, due_date: m.dueDate, start_date: m.startDate })))],
    ['tree/project/issues.ndjson', ndjson([...p.issues.values()].map((i) => ({
      iid: i.iid, title: i.title, description: i.description, state: i.state, confidential: i.confidential, labels: i.labels, milestone_iid: milestoneIid(i.milestoneId),
      due_date: i.dueDate, weight: i.weight, issue_type: i.issueType, created_at: i.createdAt, updated_at: i.updatedAt, closed_at: i.closedAt,
    })))],
    [REPOSITORY, JSON.stringify({
      commits: [...p.repo.commits.values()].map((c) => ({ ...c, files: Object.fromEntries(c.files) })),
      branches: Object.fromEntries(p.repo.branches), tags: [...p.repo.tags.values()],
    })],
  ];
  return writeArchive(files, new Date(at));
}

/** The parts of a multipart/form-data body: text fields and the file. */
function formParts(ctx: Ctx): { fields: Record<string, string>; file?: Buffer } {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for (const part of multipartParts(ctx) ?? []) {
    if (part.name === 'file') file = part.data;
    else fields[part.name] = part.data.toString('utf8');
  }
  return { fields, file };
}

/** The 501 refusal, for a request the sandbox cannot carry out though its route is simulated. */
const cannot = (route: string): Reply => message(501, `${NOT_SIMULATED}${route}`);

function importStatus(ctx: Ctx, p: ProjectRec): Record<string, unknown> {
  const done = importOf(ctx, p).done;
  return {
    ...identity(ctx, p), import_status: done ? (done.error ? 'failed' : 'finished') : 'none', import_type: done ? 'gitlab_project' : null,
    correlation_id: done?.correlationId ?? null, failed_relations: [], import_error: done?.error ?? null,
  };
}

type Row = Record<string, any>;

/** What an export of the sandbox holds, parsed; undefined for any other archive or a damaged one. */
interface Exported {
  tree: { description: string; visibility: string; default_branch: string; topics: string[] };
  labels: Row[]; milestones: Row[]; issues: Row[];
  repo: { commits: Array<Omit<CommitRec, 'files'> & { files: Record<string, string> }>; branches: Record<string, string>; tags: Array<ProjectRec['repo']['tags'] extends Map<string, infer T> ? T : never> };
}

function parseExport(file: Buffer): Exported | undefined {
  const files = readArchive(file);
  if (!files?.has(REPOSITORY) || !files.has('tree/project.json')) return undefined;
  const rows = (name: string) => (files.get(name) ?? '').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Row);
  try {
    return {
      tree: JSON.parse(files.get('tree/project.json')!), labels: rows('tree/project/labels.ndjson'), milestones: rows('tree/project/milestones.ndjson'),
      issues: rows('tree/project/issues.ndjson'), repo: JSON.parse(files.get(REPOSITORY)!),
    };
  } catch {
    return undefined;
  }
}

function importProject(ctx: Ctx): Reply {
  const { fields, file } = formParts(ctx);
  const param = (k: string) => str(fields[k]) ?? str(ctx.params[k]);
  const path = param('path');
  if (!path) return missing('path');
  if (!file) return missing('file');
  const s = ctx.state;
  const nsRef = param('namespace_id') ?? param('namespace_path') ?? param('namespace');
  let namespace: ProjectRec['namespace'] = { kind: 'user', id: 100 + ctx.user.id };
  if (nsRef !== undefined && nsRef !== String(100 + ctx.user.id) && nsRef !== ctx.user.username) {
    const g = s.groupByRef(nsRef);
    if (!g) return notFound('Namespace');
    if (s.groupAccess(ctx.user, g.id) < ACCESS.maintainer) return forbidden();
    namespace = { kind: 'group', id: g.id };
  }
  const name = param('name') ?? param('override_params[name]') ?? path;
  const clash = [...s.projects.values()].find((x) => x.namespace.kind === namespace.kind && x.namespace.id === namespace.id && (x.path === path || x.name === name));
  if (clash) {
    if (!bool(param('overwrite'))) return message(400, { ...(clash.name === name ? { name: ['has already been taken'] } : {}), ...(clash.path === path ? { path: ['has already been taken'] } : {}) });
    if (s.accessLevel(ctx.user, clash) < ACCESS.owner) return forbidden();
    s.projects.delete(clash.id);
  }
  const exported = parseExport(file);
  const tree = exported?.tree ?? { description: '', visibility: 'private', default_branch: 'main', topics: [] };
  const vis = param('override_params[visibility]') ?? tree.visibility;
  const p = newProjectRec(ctx, {
    name, path, namespace, description: text(fields['override_params[description]']) ?? String(tree.description ?? ''), visibility: (VISIBILITIES.has(vis) ? vis : 'private') as Visibility,
    defaultBranch: String(tree.default_branch ?? 'main'), topics: Array.isArray(tree.topics) ? tree.topics.map(String) : [],
  });
  const error = exported ? restore(ctx, p, exported) : UNREADABLE;
  p.extra.import_type = 'gitlab_project';
  p.extra.import_status = error ? 'failed' : 'finished';
  p.extra.import_error = error;
  s.projects.set(p.id, p);
  importOf(ctx, p).done = { correlationId: `sandbox-import-${p.id}`, error };
  return json(201, importStatus(ctx, p));
}

/** Labels, milestones, issues (authored by the importer, as GitLab maps unknown users) and the repository; the error, if any. */
function restore(ctx: Ctx, p: ProjectRec, x: Exported): string | null {
  const s = ctx.state;
  try {
    p.labels = x.labels.map((l) => ({ id: s.nextId('label'), name: String(l.title), color: String(l.color), description: l.description ?? null }));
    const now = s.now();
    p.milestones = x.milestones.map((m) => ({
      id: s.nextId('milestone'), iid: Number(m.iid), title: String(m.title), description: String(m.description ?? ''), state: m.state === 'closed' ? 'closed' : 'active',
      dueDate: m.due_date ?? null, startDate: m.start_date ?? null, createdAt: now, updatedAt: now,
    }));
    for (const i of x.issues) {
      const issue: IssueRec = {
        id: s.nextId('issue'), iid: Number(i.iid), projectId: p.id, title: String(i.title), description: i.description ?? null, state: i.state === 'closed' ? 'closed' : 'opened',
        authorId: ctx.user.id, assigneeIds: [], labels: Array.isArray(i.labels) ? i.labels.map(String) : [], milestoneId: p.milestones.find((m) => m.iid === i.milestone_iid)?.id ?? null,
        createdAt: String(i.created_at), updatedAt: String(i.updated_at), closedAt: i.closed_at ?? null, closedById: i.closed_at ? ctx.user.id : null,
        confidential: !!i.confidential, dueDate: i.due_date ?? null, discussionLocked: null, upvotes: 0, downvotes: 0, weight: i.weight ?? null, issueType: i.issue_type ?? 'issue',
      };
      p.issues.set(issue.iid, issue);
    }
    p.nextIssueIid = Math.max(0, ...p.issues.keys()) + 1;
    for (const c of x.repo.commits) p.repo.commits.set(c.id, { ...c, files: new Map(Object.entries(c.files)) });
    for (const [b, sha] of Object.entries(x.repo.branches)) p.repo.branches.set(b, sha);
    for (const t of x.repo.tags) p.repo.tags.set(t.name, t);
    return null;
  } catch {
    return UNREADABLE;
  }
}

export function registerProjectExport(r: Router): void {
  r.post('projects/:id/export', withProject(ACCESS.maintainer, (ctx, p) => {
    // Pushing the archive to an external URL is a network call the sandbox never makes.
    if (ctx.params.upload !== undefined || ctx.params['upload[url]'] !== undefined) return cannot('POST /projects/:id/export');
    const at = ctx.state.now();
    exportOf(ctx, p).done = { at, archive: archiveOf(ctx, p, text(ctx.params.description), at) };
    return message(202, '202 Accepted');
  }));
  r.get('projects/:id/export', withProject(ACCESS.maintainer, (ctx, p) => {
    const done = exportOf(ctx, p).done;
    const web = `${ctx.state.url}/${ctx.state.projectFullPath(p)}`;
    return json(200, {
      ...identity(ctx, p), export_status: done ? 'finished' : 'none',
      ...(done ? { _links: { api_url: `${ctx.state.url}/api/v4/projects/${p.id}/export/download`, web_url: `${web}/download_export` } } : {}),
    });
  }));
  r.get('projects/:id/export/download', withProject(ACCESS.maintainer, (ctx, p) => {
    const done = exportOf(ctx, p).done;
    if (!done) return message(404, '404 Not found or has expired');
    // GitLab names the file `%Y-%m-%d_%H-%M-%3N_<full path>_export.tar.gz`.
    const stamp = `${done.at.slice(0, 10)}_${done.at.slice(11, 13)}-${done.at.slice(14, 16)}-${done.at.slice(20, 23)}`;
    const file = `${stamp}_${ctx.state.projectFullPath(p).replace(/\//g, '_')}_export.tar.gz`;
    return { status: 200, text: done.archive, contentType: 'application/gzip', headers: { 'content-disposition': `attachment; filename="${file}"` } };
  }));
  r.post('projects/import', importProject);
  r.get('projects/:id/import', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : json(200, importStatus(ctx, p));
  });
}
