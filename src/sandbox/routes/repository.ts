// Repository: branches, protected branches, tags, commits (with actions), files, tree, compare, contributors, blobs.
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type CommitRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { addCommit, applyActions, blameRanges, blobId, commitsBetween, diffFiles, diffStats, history, mergeBase, resolveRef, treeEntries, type CommitAction } from '../repo.js';
import { branchJson, commitJson, mrJson } from '../serialize.js';
import { bool, forbidden, json, list, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { tagProtection } from './tags-protected.js';
import { NOT_SIMULATED, unkeptParams } from '../unsimulated.js';
import { branchAllows, branchRules, PUSH_REFUSED } from '../branch-protection.js';

const LEVEL_NAMES: Record<number, string> = { 0: 'No one', 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Admins' };
const validBranchName = (n: string): boolean => !/(\s|\.\.|~|\^|:|\?|\*|\[|\\|@\{|\/\/|^\/|\/$|\.lock$|^-)/.test(n) && n !== 'HEAD' && n.length <= 255;

function protectedJson(p: ProjectRec, name: string): Record<string, unknown> {
  const b = p.repo.protectedBranches.get(name)!;
  const level = (id: number, l: number) => [{ id, access_level: l, access_level_description: LEVEL_NAMES[l] ?? 'Maintainers', deploy_key_id: null, user_id: null, group_id: null }];
  return {
    id: b.id, name: b.name, push_access_levels: level(b.id * 10 + 1, b.pushLevel), merge_access_levels: level(b.id * 10 + 2, b.mergeLevel),
    unprotect_access_levels: [], allow_force_push: b.allowForcePush, code_owner_approval_required: b.codeOwnerApprovalRequired, inherited: false,
  };
}

/**
 * Per-user, per-group and unprotect rules (Premium) are not kept: a rule given is refused by name rather than
 * answered as if it applied (the message the MCP server reads as a refused param, src/forge/classify.ts).
 */
function unsimulatedRules(ctx: Ctx, route: string): Reply | undefined {
  return unkeptParams(ctx, route, ['allowed_to_push', 'allowed_to_merge', 'allowed_to_unprotect', 'unprotect_access_level']);
}

function tagJson(ctx: Ctx, p: ProjectRec, name: string): Record<string, unknown> {
  const t = p.repo.tags.get(name)!;
  const c = p.repo.commits.get(t.target)!;
  const release = ctx.state.releasesOf(p.id).get(name);
  return {
    name: t.name, message: t.message, target: t.message ? createHash('sha1').update(`tag:${t.name}`).digest('hex') : t.target, commit: commitJson(ctx.state, p, c),
    release: release ? { tag_name: release.tagName, description: release.description } : null, protected: !!tagProtection(ctx.state, p, name), created_at: t.message ? t.createdAt : null,
  };
}

function lastCommitTouching(p: ProjectRec, head: string, path: string): CommitRec | undefined {
  for (const c of history(p.repo, head)) {
    const parent = c.parents[0] ? p.repo.commits.get(c.parents[0]) : undefined;
    if (parent?.files.get(path) !== c.files.get(path)) return c;
  }
  return undefined;
}

/** Commits actions to `branch`, creating it from `start_branch` when it does not exist yet; the caller checked the push. */
function commitTo(ctx: Ctx, p: ProjectRec, branch: string, actions: CommitAction[], msg: string): CommitRec | Reply {
  let parent = p.repo.branches.get(branch) ?? null;
  if (!parent) {
    const start = str(ctx.params.start_branch) ?? str(ctx.params.start_sha);
    if (start) {
      parent = resolveRef(p.repo, start) ?? null;
      if (!parent) return message(400, `Invalid reference name: ${start}`);
    } else if (p.repo.commits.size > 0) return message(400, 'You can only create or edit files when you are on a branch');
    if (!validBranchName(branch)) return message(400, 'Branch name is invalid');
  }
  const result = applyActions(parent ? p.repo.commits.get(parent)!.files : new Map(), actions);
  if ('error' in result) return message(400, result.error);
  const c = addCommit(p.repo, {
    parent, files: result.files, message: msg, authorName: str(ctx.params.author_name) ?? ctx.user.name, authorEmail: str(ctx.params.author_email) ?? ctx.user.email, date: ctx.state.now(), branch,
  });
  p.repo.branches.set(branch, c.id);
  p.lastActivityAt = c.date;
  return c;
}

/**
 * The pre-receive check of a new branch a rule protects (BranchCheck#protected_branch_creation_checks): who may push
 * to it may create it; who may only merge into it, from a commit already on a protected branch.
 */
function protectedCreation(ctx: Ctx, p: ProjectRec, branch: string, sha: string): Reply | undefined {
  if (!branchRules(p, branch).length || branchAllows(ctx.state, ctx.user, p, branch, 'push')) return undefined;
  if (!branchAllows(ctx.state, ctx.user, p, branch, 'merge')) return message(400, 'You are not allowed to create protected branches on this project.');
  const onProtected = [...p.repo.branches].some(([name, head]) => branchRules(p, name).length && mergeBase(p.repo, sha, head) === sha);
  return onProtected ? undefined : message(400, 'You can only use an existing protected branch ref as the basis of a new protected branch.');
}

/** A submodule's tree entry: a gitlink naming the submodule's commit (stored as `gitlink:<sha>`). */
const gitlinkOf = (content: string): string | undefined => (content.startsWith('gitlink:') ? content.slice('gitlink:'.length) : undefined);

/**
 * A file of the Files API. A submodule path is no 404 there: Gitaly's TreeEntry answers a COMMIT entry, which
 * Gitlab::Git::Blob.tree_entry turns into an empty blob whose id is the submodule's commit (gitlabhq
 * lib/gitlab/git/blob.rb; lib/api/files.rb @ 017a6c12): size 0, no content.
 */
function fileBody(ctx: Ctx, p: ProjectRec, path: string, ref: string): { head: string; content: string; gitlink?: string; headers: Record<string, string>; body: Record<string, unknown> } | Reply {
  const head = resolveRef(p.repo, ref);
  const stored = head ? p.repo.commits.get(head)!.files.get(path) : undefined;
  if (!head || stored === undefined) return notFound('File');
  const gitlink = gitlinkOf(stored);
  const content = gitlink === undefined ? stored : '';
  const last = lastCommitTouching(p, head, path)?.id ?? head;
  const sha256 = createHash('sha256').update(content).digest('hex');
  const name = path.split('/').pop()!;
  const size = Buffer.byteLength(content);
  const headers = {
    'x-gitlab-blob-id': gitlink ?? blobId(content), 'x-gitlab-commit-id': head, 'x-gitlab-content-sha256': sha256, 'x-gitlab-encoding': 'base64', 'x-gitlab-file-name': name,
    'x-gitlab-file-path': path, 'x-gitlab-last-commit-id': last, 'x-gitlab-ref': ref, 'x-gitlab-size': String(size), 'x-gitlab-execute-filemode': 'false',
  };
  const body = {
    file_name: name, file_path: path, size, encoding: 'base64', content_sha256: sha256, ref, blob_id: gitlink ?? blobId(content), commit_id: head, last_commit_id: last,
    execute_filemode: false, content: Buffer.from(content).toString('base64'),
  };
  return { head, content, gitlink, headers, body };
}

function fileWrite(ctx: Ctx, p: ProjectRec, path: string, action: 'create' | 'update' | 'delete'): Reply {
  const branch = str(ctx.params.branch); const msg = str(ctx.params.commit_message); const content = text(ctx.params.content);
  const absent = [!branch ? 'branch' : '', !msg ? 'commit_message' : '', action !== 'delete' && content === undefined ? 'content' : ''].filter(Boolean);
  if (absent.length) return missing(...absent);
  const denied = requireLevel(ctx, p, ACCESS.developer);
  if (denied) return denied;
  if (!branchAllows(ctx.state, ctx.user, p, branch!, 'push')) return message(400, PUSH_REFUSED);
  // The sandbox keeps no file modes (every blob is 100644, execute_filemode false): setting the flag is refused by name.
  if (bool(ctx.params.execute_filemode)) return message(501, `${NOT_SIMULATED}${ctx.method} /projects/:id/repository/files/:file_path with execute_filemode`);
  const lastCommit = str(ctx.params.last_commit_id);
  const head = p.repo.branches.get(branch!);
  if (lastCommit && head && lastCommitTouching(p, head, path)?.id !== lastCommit) return message(400, 'You are attempting to update a file that has changed since you started editing it.');
  const c = commitTo(ctx, p, branch!, [{ action, file_path: path, content, encoding: str(ctx.params.encoding) }], msg!);
  if (isReply(c)) return c;
  return action === 'delete' ? noContent() : json(action === 'create' ? 201 : 200, { file_path: path, branch });
}

export function registerRepository(r: Router): void {
  const P = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };
  const R = 'projects/:id/repository';

  r.get(`${R}/branches`, P((ctx, p) => {
    let names = [...p.repo.branches.keys()].sort();
    const search = str(ctx.params.search);
    if (search) {
      const re = new RegExp(`${search.startsWith('^') ? '' : '.*'}${search.replace(/^\^|\$$/g, '').replace(/[.+?()[\]{}|\\]/g, '\\$&')}${search.endsWith('$') ? '$' : ''}`, 'i');
      names = names.filter((n) => re.test(n));
    }
    // GitLab's `sort`: by name (the default order) or by the date of the branch's last commit.
    const sort = str(ctx.params.sort);
    const date = (n: string) => p.repo.commits.get(p.repo.branches.get(n)!)?.date ?? '';
    if (sort === 'updated_asc' || sort === 'updated_desc') names.sort((a, b) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0) * (sort === 'updated_asc' ? 1 : -1) || (a < b ? -1 : 1));
    return paginate(ctx, names.map((n) => branchJson(ctx.state, p, n)));
  }));
  r.get(`${R}/branches/:branch`, P((ctx, p, prm) => (p.repo.branches.has(prm.branch) ? json(200, branchJson(ctx.state, p, prm.branch)) : notFound('Branch'))));
  r.post(`${R}/branches`, P((ctx, p) => {
    const branch = str(ctx.params.branch); const ref = str(ctx.params.ref);
    if (!branch || !ref) return missing(...[!branch ? 'branch' : '', !ref ? 'ref' : ''].filter(Boolean));
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (!validBranchName(branch)) return message(400, 'Branch name is invalid');
    if (p.repo.branches.has(branch)) return message(400, 'Branch already exists');
    const sha = resolveRef(p.repo, ref);
    if (!sha) return message(400, 'Invalid reference name: ' + ref);
    const refused = protectedCreation(ctx, p, branch, sha);
    if (refused) return refused;
    p.repo.branches.set(branch, sha);
    return json(201, branchJson(ctx.state, p, branch));
  }));
  r.delete(`${R}/branches/:branch`, P((ctx, p, prm) => {
    if (!p.repo.branches.has(prm.branch)) return notFound('Branch');
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (prm.branch === p.defaultBranch) return message(405, 'The default branch of a project cannot be deleted.');
    if (branchRules(p, prm.branch).length && ctx.state.accessLevel(ctx.user, p) < ACCESS.maintainer) return message(403, "You don't have permission to delete this branch");
    p.repo.branches.delete(prm.branch);
    return noContent();
  }));
  r.delete(`${R}/merged_branches`, P((ctx, p) => {
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    const def = p.repo.branches.get(p.defaultBranch);
    for (const [name, sha] of [...p.repo.branches]) {
      if (name !== p.defaultBranch && !branchRules(p, name).length && def && mergeBase(p.repo, sha, def) === sha) p.repo.branches.delete(name);
    }
    return message(202, '202 Accepted');
  }));
  for (const action of ['protect', 'unprotect'] as const) {
    r.put(`${R}/branches/:branch/${action}`, P((ctx, p, prm) => {
      if (!p.repo.branches.has(prm.branch)) return notFound('Branch');
      const denied = requireLevel(ctx, p, ACCESS.maintainer);
      if (denied) return denied;
      if (action === 'unprotect') p.repo.protectedBranches.delete(prm.branch);
      else if (!p.repo.protectedBranches.has(prm.branch)) {
        const dev = (k: string) => (bool(ctx.params[k]) ? ACCESS.developer : ACCESS.maintainer);
        p.repo.protectedBranches.set(prm.branch, { id: ctx.state.nextId('protected'), name: prm.branch, pushLevel: dev('developers_can_push'), mergeLevel: dev('developers_can_merge'), allowForcePush: false, codeOwnerApprovalRequired: false });
      }
      return json(200, branchJson(ctx.state, p, prm.branch));
    }));
  }

  r.get('projects/:id/protected_branches', P((ctx, p) => {
    const search = str(ctx.params.search)?.toLowerCase();
    const names = [...p.repo.protectedBranches.keys()].filter((n) => !search || n.toLowerCase().includes(search));
    return paginate(ctx, names.map((n) => protectedJson(p, n)));
  }));
  r.get('projects/:id/protected_branches/:name', P((_ctx, p, prm) => (p.repo.protectedBranches.has(prm.name) ? json(200, protectedJson(p, prm.name)) : notFound())));
  r.post('projects/:id/protected_branches', P((ctx, p) => {
    const name = str(ctx.params.name);
    if (!name) return missing('name');
    const bad = ['push_access_level', 'merge_access_level'].find((k) => str(ctx.params[k]) !== undefined && ![0, 30, 40, 60].includes(Number(str(ctx.params[k]))));
    if (bad) return json(400, { error: `${bad} does not have a valid value` });
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    const unsimulated = unsimulatedRules(ctx, 'POST /projects/:id/protected_branches');
    if (unsimulated) return unsimulated;
    if (p.repo.protectedBranches.has(name)) return message(409, `Protected branch '${name}' already exists`);
    const lvl = (k: string) => Number(str(ctx.params[k]) ?? ACCESS.maintainer);
    p.repo.protectedBranches.set(name, {
      id: ctx.state.nextId('protected'), name, pushLevel: lvl('push_access_level'), mergeLevel: lvl('merge_access_level'), allowForcePush: !!bool(ctx.params.allow_force_push),
      codeOwnerApprovalRequired: !!bool(ctx.params.code_owner_approval_required),
    });
    return json(201, protectedJson(p, name));
  }));
  r.add('PATCH', 'projects/:id/protected_branches/:name', P((ctx, p, prm) => {
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    const unsimulated = unsimulatedRules(ctx, 'PATCH /projects/:id/protected_branches/:name');
    if (unsimulated) return unsimulated;
    const b = p.repo.protectedBranches.get(prm.name);
    if (!b) return notFound();
    const force = bool(ctx.params.allow_force_push);
    if (force !== undefined) b.allowForcePush = force;
    const owners = bool(ctx.params.code_owner_approval_required);
    if (owners !== undefined) b.codeOwnerApprovalRequired = owners;
    return json(200, protectedJson(p, prm.name));
  }));
  r.delete('projects/:id/protected_branches/:name', P((ctx, p, prm) => {
    if (!p.repo.protectedBranches.has(prm.name)) return notFound();
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    p.repo.protectedBranches.delete(prm.name);
    return noContent();
  }));

  r.get(`${R}/tags`, P((ctx, p) => {
    const search = str(ctx.params.search);
    const names = [...p.repo.tags.keys()].filter((n) => !search || n.includes(search.replace(/^\^|\$$/g, '')));
    const byDate = (n: string) => p.repo.commits.get(p.repo.tags.get(n)!.target)!.date;
    names.sort((a, b) => (str(ctx.params.order_by) === 'name' ? (a < b ? -1 : 1) : byDate(a) < byDate(b) ? -1 : 1));
    if (str(ctx.params.sort) !== 'asc') names.reverse();
    return paginate(ctx, names.map((n) => tagJson(ctx, p, n)));
  }));
  r.get(`${R}/tags/:tag`, P((ctx, p, prm) => (p.repo.tags.has(prm.tag) ? json(200, tagJson(ctx, p, prm.tag)) : notFound('Tag'))));
  r.post(`${R}/tags`, P((ctx, p) => {
    const name = str(ctx.params.tag_name); const ref = str(ctx.params.ref);
    if (!name || !ref) return missing(...[!name ? 'tag_name' : '', !ref ? 'ref' : ''].filter(Boolean));
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (p.repo.tags.has(name)) return message(400, `Tag ${name} already exists`);
    const protection = tagProtection(ctx.state, p, name);
    if (protection && ctx.state.accessLevel(ctx.user, p) < (protection.createLevel || Infinity)) return message(400, 'You are not allowed to create this tag as it is protected.');
    const sha = resolveRef(p.repo, ref);
    if (!sha) return message(400, `Target ${ref} is invalid`);
    p.repo.tags.set(name, { name, target: sha, message: text(ctx.params.message) || null, createdAt: ctx.state.now() });
    return json(201, tagJson(ctx, p, name));
  }));
  r.delete(`${R}/tags/:tag`, P((ctx, p, prm) => {
    if (!p.repo.tags.has(prm.tag)) return notFound('Tag');
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    p.repo.tags.delete(prm.tag);
    return noContent();
  }));

  r.get(`${R}/commits`, P((ctx, p) => {
    const ref = str(ctx.params.ref_name) ?? p.defaultBranch;
    const heads = bool(ctx.params.all) ? [...p.repo.branches.values()] : [resolveRef(p.repo, ref)].filter((x): x is string => !!x);
    const seen = new Set<string>();
    // GitLab hands ref_name to `git log` as a revision: a range `a..b` (in b, not in a) or `a...b` (in one side
    // only) lists those commits; a ref that resolves to nothing lists none, as git does.
    const range = bool(ctx.params.all) ? null : /^(.+?)(\.\.\.?)(.+)$/.exec(ref);
    const ends = range ? [resolveRef(p.repo, range[1]!), resolveRef(p.repo, range[3]!)] : [];
    let commits = !range ? heads.flatMap((h) => history(p.repo, h)).filter((c) => !seen.has(c.id) && !!seen.add(c.id))
      : !ends[0] || !ends[1] ? []
      : range[2] === '..' ? commitsBetween(p.repo, ends[0], ends[1])
      : [...commitsBetween(p.repo, ends[1], ends[0]), ...commitsBetween(p.repo, ends[0], ends[1])];
    commits.sort((a, b) => (a.date < b.date ? 1 : -1));
    const since = str(ctx.params.since); const until = str(ctx.params.until); const path = str(ctx.params.path); const author = str(ctx.params.author);
    if (since) commits = commits.filter((c) => c.date >= since);
    if (until) commits = commits.filter((c) => c.date <= until);
    if (author) commits = commits.filter((c) => c.authorName.includes(author) || c.authorEmail.includes(author));
    if (path) commits = commits.filter((c) => { const par = c.parents[0] ? p.repo.commits.get(c.parents[0]) : undefined; return [...c.files.keys(), ...(par?.files.keys() ?? [])].some((f) => (f === path || f.startsWith(`${path}/`)) && par?.files.get(f) !== c.files.get(f)); });
    return paginate(ctx, commits.map((c) => commitJson(ctx.state, p, c, { stats: !!bool(ctx.params.with_stats) })));
  }));
  r.post(`${R}/commits`, P((ctx, p) => {
    const branch = str(ctx.params.branch); const msg = str(ctx.params.commit_message); const actions = ctx.params.actions;
    const absent = [!branch ? 'branch' : '', !msg ? 'commit_message' : '', !Array.isArray(actions) ? 'actions' : ''].filter(Boolean);
    if (absent.length) return missing(...absent);
    const list = actions as Array<Record<string, unknown>>;
    for (const [i, a] of list.entries()) {
      if (!a || typeof a !== 'object' || !str(a.action)) return json(400, { error: `actions[${i}][action] is missing` });
      if (!str(a.file_path)) return json(400, { error: `actions[${i}][file_path] is missing` });
    }
    if (!branchAllows(ctx.state, ctx.user, p, branch!, 'push')) return forbidden(PUSH_REFUSED);
    // No file modes are kept (see fileWrite): a chmod to executable is refused by name, not committed as nothing.
    if (list.some((a) => bool(a.execute_filemode))) return message(501, `${NOT_SIMULATED}POST /projects/:id/repository/commits with actions[][execute_filemode]`);
    const c = commitTo(ctx, p, branch!, list.map((a) => ({ action: str(a.action)!, file_path: str(a.file_path)!, previous_path: str(a.previous_path), content: text(a.content), encoding: str(a.encoding) })), msg!);
    return isReply(c) ? c : json(201, commitJson(ctx.state, p, c, { stats: true }));
  }));
  const commitOf = (p: ProjectRec, sha: string) => { const id = resolveRef(p.repo, sha); return id ? p.repo.commits.get(id) : undefined; };
  r.get(`${R}/commits/:sha`, P((ctx, p, prm) => {
    const c = commitOf(p, prm.sha);
    return c ? json(200, commitJson(ctx.state, p, c, { stats: bool(ctx.params.stats) ?? true })) : notFound('Commit');
  }));
  r.get(`${R}/commits/:sha/diff`, P((ctx, p, prm) => {
    const c = commitOf(p, prm.sha);
    if (!c) return notFound('Commit');
    return paginate(ctx, diffFiles(c.parents[0] ? p.repo.commits.get(c.parents[0])?.files : undefined, c.files));
  }));
  r.get(`${R}/commits/:sha/refs`, P((ctx, p, prm) => {
    const c = commitOf(p, prm.sha);
    if (!c) return notFound('Commit');
    const type = str(ctx.params.type) ?? 'all';
    const out: Array<{ type: string; name: string }> = [];
    if (type !== 'tag') for (const [name, head] of p.repo.branches) if (history(p.repo, head).some((x) => x.id === c.id)) out.push({ type: 'branch', name });
    if (type !== 'branch') for (const t of p.repo.tags.values()) if (history(p.repo, t.target).some((x) => x.id === c.id)) out.push({ type: 'tag', name: t.name });
    return paginate(ctx, out);
  }));
  r.get(`${R}/commits/:sha/merge_requests`, P((ctx, p, prm) => {
    const c = commitOf(p, prm.sha);
    if (!c) return notFound('Commit');
    const mrs = [...p.mrs.values()].filter((m) => m.mergeCommitSha === c.id || commitsBetween(p.repo, m.baseSha, p.repo.branches.get(m.sourceBranch) ?? m.headSha).some((x) => x.id === c.id));
    return paginate(ctx, mrs.map((m) => mrJson(ctx.state, p, m)));
  }));

  const F = `${R}/files/:path`;
  r.get(F, P((ctx, p, prm) => {
    const ref = str(ctx.params.ref);
    if (!ref) return missing('ref');
    const f = fileBody(ctx, p, prm.path, ref);
    return isReply(f) ? f : { status: 200, body: f.body, headers: f.headers };
  }));
  r.get(`${F}/raw`, P((ctx, p, prm) => {
    const f = fileBody(ctx, p, prm.path, str(ctx.params.ref) ?? p.defaultBranch);
    if (isReply(f)) return f;
    return { status: 200, text: f.content, contentType: 'text/plain; charset=utf-8', headers: { ...f.headers, 'content-disposition': `inline; filename="${prm.path.split('/').pop()}"` } };
  }));
  r.get(`${F}/blame`, P((ctx, p, prm) => {
    const ref = str(ctx.params.ref);
    if (!ref) return missing('ref');
    const f = fileBody(ctx, p, prm.path, ref);
    if (isReply(f)) return f;
    // What git blame makes of a gitlink path is not reproduced.
    if (f.gitlink) return message(501, `${NOT_SIMULATED}GET /projects/:id/repository/files/:file_path/blame on a submodule path`);
    // range[start] and range[end] (1-based, inclusive) go together, as GitLab requires.
    const range = ctx.params.range && typeof ctx.params.range === 'object' ? (ctx.params.range as Record<string, unknown>) : undefined;
    const from = range ? Number(range.start) : 1; const to = range ? Number(range.end) : Infinity;
    if (range && (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from)) return message(400, 'range[start] and range[end] must be line numbers, start ≤ end');
    const out: Array<Record<string, unknown>> = [];
    let line = 1;
    for (const r of blameRanges(p.repo, f.head, prm.path)) {
      const lines = r.lines.filter((_, k) => line + k >= from && line + k <= to);
      line += r.lines.length;
      if (lines.length) out.push({ commit: { ...commitJson(ctx.state, p, r.commit), authored_date: r.commit.date }, lines });
    }
    return json(200, out);
  }));
  r.post(F, P((ctx, p, prm) => fileWrite(ctx, p, prm.path, 'create')));
  r.put(F, P((ctx, p, prm) => fileWrite(ctx, p, prm.path, 'update')));
  r.delete(F, P((ctx, p, prm) => fileWrite(ctx, p, prm.path, 'delete')));

  r.get(`${R}/tree`, P((ctx, p) => {
    const head = resolveRef(p.repo, str(ctx.params.ref) ?? p.defaultBranch);
    if (!head) return notFound('Tree');
    const path = (str(ctx.params.path) ?? '').replace(/^\/+|\/+$/g, '');
    const files = p.repo.commits.get(head)!.files;
    if (path && ![...files.keys()].some((f) => f.startsWith(`${path}/`))) return notFound('Tree');
    return paginate(ctx, treeEntries(files, path, !!bool(ctx.params.recursive)));
  }));
  r.get(`${R}/compare`, P((ctx, p) => {
    const from = str(ctx.params.from); const to = str(ctx.params.to);
    if (!from || !to) return missing(...[!from ? 'from' : '', !to ? 'to' : ''].filter(Boolean));
    const a = resolveRef(p.repo, from); const b = resolveRef(p.repo, to);
    if (!a || !b) return notFound('Ref');
    const base = bool(ctx.params.straight) ? a : mergeBase(p.repo, a, b) ?? a;
    const commits = commitsBetween(p.repo, base, b).reverse();
    const head = p.repo.commits.get(b)!;
    return json(200, {
      commit: commits.length ? commitJson(ctx.state, p, head) : null, commits: commits.map((c) => commitJson(ctx.state, p, c)),
      diffs: diffFiles(p.repo.commits.get(base)!.files, head.files), compare_timeout: false, compare_same_ref: a === b,
      web_url: `${ctx.state.url}/${ctx.state.projectFullPath(p)}/-/compare/${base}...${b}`,
    });
  }));
  r.get(`${R}/contributors`, P((ctx, p) => {
    const head = resolveRef(p.repo, str(ctx.params.ref) ?? p.defaultBranch);
    const by = new Map<string, { name: string; email: string; commits: number; additions: number; deletions: number }>();
    for (const c of head ? history(p.repo, head) : []) {
      const e = by.get(c.authorEmail) ?? { name: c.authorName, email: c.authorEmail, commits: 0, additions: 0, deletions: 0 };
      const st = diffStats(diffFiles(c.parents[0] ? p.repo.commits.get(c.parents[0])?.files : undefined, c.files));
      e.commits++; e.additions += st.additions; e.deletions += st.deletions;
      by.set(c.authorEmail, e);
    }
    const field = str(ctx.params.order_by) ?? 'commits';
    const rows = [...by.values()].sort((x, y) => (field === 'name' ? x.name.localeCompare(y.name) : field === 'email' ? x.email.localeCompare(y.email) : y.commits - x.commits));
    if (str(ctx.params.sort) === 'desc' && field !== 'commits') rows.reverse();
    return paginate(ctx, rows);
  }));
  r.get(`${R}/merge_base`, P((ctx, p) => {
    const refs = list(ctx.params.refs) ?? [];
    if (refs.length < 2) return message(400, 'Provide at least 2 refs');
    const shas = refs.map((x) => resolveRef(p.repo, x));
    const bad = refs.find((_, i) => !shas[i]);
    if (bad) return message(404, `Unknown ref: ${bad}`);
    let base: string | undefined = shas[0]!;
    for (const s of shas.slice(1)) base = base ? mergeBase(p.repo, base, s!) : undefined;
    return base ? json(200, commitJson(ctx.state, p, p.repo.commits.get(base)!)) : notFound('Merge Base');
  }));
  // A gitlink is no blob of this repository.
  const findBlob = (p: ProjectRec, sha: string) => { for (const c of p.repo.commits.values()) for (const [path, v] of c.files) if (!gitlinkOf(v) && blobId(v) === sha) return { path, content: v }; return undefined; };
  r.get(`${R}/blobs/:sha`, P((_ctx, p, prm) => {
    const b = findBlob(p, prm.sha);
    return b ? json(200, { size: Buffer.byteLength(b.content), encoding: 'base64', content: Buffer.from(b.content).toString('base64'), sha: prm.sha }) : notFound('Blob');
  }));
  r.get(`${R}/blobs/:sha/raw`, P((_ctx, p, prm) => {
    const b = findBlob(p, prm.sha);
    return b ? { status: 200, text: b.content, contentType: 'text/plain; charset=utf-8' } : notFound('Blob');
  }));
}
