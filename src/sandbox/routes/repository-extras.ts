// Repository work beyond files and branches: cherry-pick and revert, commit comments and discussions,
// commit statuses, signatures (the sandbox signs nothing), submodule updates, archives and changelogs.
import type { Router } from '../router.js';
import { ACCESS, type CommitRec, type NoteRec, type PipelineRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { extrasOf, type CommitStatusRec } from '../extras.js';
import { addCommit, applyChange, history, resolveRef } from '../repo.js';
import { commitJson, noteJson, userBasic } from '../serialize.js';
import { bool, diffHasLine, forbidden, int, json, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { branchAllows, PUSH_REFUSED } from '../branch-protection.js';
import { newPipeline } from './ci.js';
import { registerArchive } from './repository-archive.js';
import { registerChangelog } from './repository-changelog.js';

type Handler = (ctx: Ctx, prm: Record<string, string>) => Reply;
const R = 'projects/:id/repository';

/** The project and the commit named by `:sha`, or GitLab's 404s. */
function withCommit(fn: (ctx: Ctx, p: ProjectRec, c: CommitRec, prm: Record<string, string>) => Reply): Handler {
  return (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const sha = resolveRef(p.repo, prm.sha);
    const c = sha ? p.repo.commits.get(sha) : undefined;
    return c ? fn(ctx, p, c, prm) : notFound('Commit');
  };
}

/** The Submodules API's refusal of a push (see PUSH_REFUSED): push_code, then the branch. */
function pushDenied(ctx: Ctx, p: ProjectRec, branch: string): Reply | undefined {
  const denied = requireLevel(ctx, p, ACCESS.developer);
  if (denied) return denied;
  return branchAllows(ctx.state, ctx.user, p, branch, 'push') ? undefined : message(400, PUSH_REFUSED);
}

function registerPick(r: Router): void {
  for (const action of ['cherry_pick', 'revert'] as const) {
    r.post(`${R}/commits/:sha/${action}`, (ctx, prm) => {
      const p = loadProject(ctx, prm.id);
      if (isReply(p)) return p;
      const branch = str(ctx.params.branch);
      if (!branch) return missing('branch');
      // authorize_push_to_branch! comes before the commit and the branch are looked up.
      if (!branchAllows(ctx.state, ctx.user, p, branch, 'push')) return forbidden(PUSH_REFUSED);
      const sha = resolveRef(p.repo, prm.sha);
      const c = sha ? p.repo.commits.get(sha) : undefined;
      if (!c) return notFound('Commit');
      const head = p.repo.branches.get(branch);
      if (!head) return notFound('Branch');
      const parent = c.parents[0] ? p.repo.commits.get(c.parents[0])!.files : new Map<string, string>();
      const [from, to] = action === 'revert' ? [c.files, parent] : [parent, c.files];
      const result = applyChange(p.repo.commits.get(head)!.files, from, to);
      if (typeof result === 'string') {
        const [verb, done] = action === 'revert' ? ['revert', 'reverted'] : ['cherry-pick', 'cherry-picked'];
        return json(400, { message: `Sorry, we cannot ${verb} this commit automatically. This commit may already have been ${done}, or a more recent commit may have updated some of its content.`, error_code: result });
      }
      if (bool(ctx.params.dry_run)) return json(200, { dry_run: 'success' });
      // A cherry-pick keeps the author and notes where it came from; a revert is the caller's commit.
      const picked = action === 'cherry_pick';
      const msg = picked ? `${str(ctx.params.message) ?? c.message}\n\n(cherry picked from commit ${c.id})` : `Revert "${c.title.trim()}"\n\nThis reverts commit ${c.id}`;
      const made = addCommit(p.repo, {
        parent: head, files: result, message: msg, authorName: picked ? c.authorName : ctx.user.name, authorEmail: picked ? c.authorEmail : ctx.user.email, date: ctx.state.now(), branch,
      });
      p.repo.branches.set(branch, made.id);
      p.lastActivityAt = made.date;
      return json(201, commitJson(ctx.state, p, made));
    });
  }
}

// --- Comments and discussions on commits ----------------------------------------------------------

function commitNotes(ctx: Ctx, p: ProjectRec, sha: string): NoteRec[] {
  const all = extrasOf(ctx.state, p.id).commitNotes;
  let notes = all.get(sha);
  if (!notes) { notes = []; all.set(sha, notes); }
  return notes;
}

/** GitLab's Note entity for a note on a commit: no noteable id or iid. */
function noteOnCommit(ctx: Ctx, p: ProjectRec, n: NoteRec): Record<string, unknown> {
  return { ...noteJson(ctx.state, { kind: 'Issue', projectId: p.id, iid: 0, id: 0 }, n), noteable_id: null, noteable_type: 'Commit', noteable_iid: null };
}

function discussionOnCommit(ctx: Ctx, p: ProjectRec, notes: NoteRec[]): Record<string, unknown> {
  return { id: notes[0].discussionId, individual_note: notes[0].type === null, notes: notes.map((n) => noteOnCommit(ctx, p, n)) };
}

function newNote(ctx: Ctx, body: string, type: NoteRec['type'], discussionId: string, position: unknown): NoteRec {
  const now = ctx.state.now();
  return {
    id: ctx.state.nextId('note'), body, authorId: ctx.user.id, createdAt: now, updatedAt: now, system: false, discussionId, type, resolvable: false, resolved: false,
    resolvedById: null, resolvedAt: null, position, internal: false,
  };
}

/** The line of the commit's diff a comment names (`path`, `line`, `line_type` new/old): an added or a removed line of it. */
function diffLine(p: ProjectRec, c: CommitRec, path: string, line: number, lineType: string): boolean {
  const parent = c.parents[0] ? p.repo.commits.get(c.parents[0])?.files.get(path) : undefined;
  const own = c.files.get(path);
  return parent !== own && (lineType === 'old' ? diffHasLine(parent, own, line, null) : lineType === 'new' && diffHasLine(parent, own, null, line));
}

function registerCommitNotes(r: Router): void {
  const commentJson = (ctx: Ctx, n: NoteRec) => {
    const pos = n.position as { path?: string; line?: number; line_type?: string } | null;
    return { note: n.body, path: pos?.path ?? null, line: pos?.line ?? null, line_type: pos?.line_type ?? null, author: userBasic(ctx.state, n.authorId), created_at: n.createdAt };
  };
  r.get(`${R}/commits/:sha/comments`, withCommit((ctx, p, c) => paginate(ctx, commitNotes(ctx, p, c.id).map((n) => commentJson(ctx, n)))));
  r.post(`${R}/commits/:sha/comments`, withCommit((ctx, p, c) => {
    const note = text(ctx.params.note);
    if (!note) return missing('note');
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    const path = str(ctx.params.path); const line = int(ctx.params.line); const lineType = str(ctx.params.line_type) ?? 'new';
    if (lineType !== 'new' && lineType !== 'old') return json(400, { error: 'line_type does not have a valid value' });
    // A comment on a line of the diff is a diff note there; any other comment is on the commit as a whole.
    const onLine = path !== undefined && line !== undefined && diffLine(p, c, path, line, lineType);
    const n = newNote(ctx, note, null, ctx.state.newDiscussionId(), onLine ? { path, line, line_type: lineType } : null);
    commitNotes(ctx, p, c.id).push(n);
    return json(201, commentJson(ctx, n));
  }));

  const D = `${R}/commits/:sha/discussions`;
  const threads = (ctx: Ctx, p: ProjectRec, sha: string): NoteRec[][] => {
    const by = new Map<string, NoteRec[]>();
    for (const n of commitNotes(ctx, p, sha)) by.set(n.discussionId, [...(by.get(n.discussionId) ?? []), n]);
    return [...by.values()];
  };
  const thread = (fn: (ctx: Ctx, p: ProjectRec, c: CommitRec, notes: NoteRec[], prm: Record<string, string>) => Reply) => withCommit((ctx, p, c, prm) => {
    const notes = threads(ctx, p, c.id).find((t) => t[0].discussionId === prm.did);
    return notes ? fn(ctx, p, c, notes, prm) : notFound('Discussion');
  });
  r.get(D, withCommit((ctx, p, c) => paginate(ctx, threads(ctx, p, c.id).map((t) => discussionOnCommit(ctx, p, t)))));
  r.get(`${D}/:did`, thread((ctx, p, _c, notes) => json(200, discussionOnCommit(ctx, p, notes))));
  r.post(D, withCommit((ctx, p, c) => {
    const body = text(ctx.params.body);
    if (!body) return missing('body');
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    const n = newNote(ctx, body, 'DiscussionNote', ctx.state.newDiscussionId(), null);
    commitNotes(ctx, p, c.id).push(n);
    return json(201, discussionOnCommit(ctx, p, [n]));
  }));
  r.post(`${D}/:did/notes`, thread((ctx, p, c, notes) => {
    const body = text(ctx.params.body);
    if (!body) return missing('body');
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    if (notes[0].type === null) return message(400, 'Discussion can not be replied to.');
    const n = newNote(ctx, body, 'DiscussionNote', notes[0].discussionId, null);
    commitNotes(ctx, p, c.id).push(n);
    return json(201, noteOnCommit(ctx, p, n));
  }));
  const note = (fn: (ctx: Ctx, p: ProjectRec, c: CommitRec, n: NoteRec) => Reply) => thread((ctx, p, c, notes, prm) => {
    const n = notes.find((x) => String(x.id) === prm.nid);
    return n ? fn(ctx, p, c, n) : notFound('Note');
  });
  r.put(`${D}/:did/notes/:nid`, note((ctx, p, _c, n) => {
    const body = text(ctx.params.body);
    if (!body) return missing('body');
    if (n.authorId !== ctx.user.id) return message(403, '403 Forbidden');
    n.body = body;
    n.updatedAt = ctx.state.now();
    return json(200, noteOnCommit(ctx, p, n));
  }));
  r.delete(`${D}/:did/notes/:nid`, note((ctx, p, c, n) => {
    if (n.authorId !== ctx.user.id && ctx.state.accessLevel(ctx.user, p) < ACCESS.maintainer) return message(403, '403 Forbidden');
    const all = commitNotes(ctx, p, c.id);
    all.splice(all.indexOf(n), 1);
    return noContent();
  }));
}

// --- Commit statuses ----------------------------------------------------------------------------

const STATES: Record<string, string> = { pending: 'enqueue', running: 'run', success: 'success', failed: 'drop', canceled: 'cancel', skipped: 'skip' };

/** GitLab's CommitStatus entity (lib/api/entities/commit_status.rb, which exposes pipeline_id). */
function statusJson(ctx: Ctx, s: CommitStatusRec): Record<string, unknown> {
  return {
    id: s.id, sha: s.sha, ref: s.ref, status: s.status, name: s.name, target_url: s.targetUrl, description: s.description, created_at: s.createdAt,
    started_at: s.startedAt, finished_at: s.finishedAt, allow_failure: false, coverage: s.coverage, pipeline_id: s.pipelineId, author: userBasic(ctx.state, s.authorId),
  };
}

/** An external pipeline (one only statuses make) takes the combined status of its latest statuses, as GitLab composes it. */
function compose(ctx: Ctx, p: ProjectRec, pl: PipelineRec): void {
  if (pl.jobIds.length) return;
  const latest = new Map<string, string>();
  for (const s of extrasOf(ctx.state, p.id).statuses) if (s.pipelineId === pl.id) latest.set(s.name, s.status);
  const all = [...latest.values()];
  const has = (x: string) => all.includes(x);
  pl.status = has('running') ? 'running' : has('pending') ? 'pending' : has('failed') ? 'failed' : has('canceled') ? 'canceled' : all.every((x) => x === 'skipped') ? 'skipped' : 'success';
  pl.updatedAt = ctx.state.now();
}

function registerStatuses(r: Router): void {
  r.post('projects/:id/statuses/:sha', withCommit((ctx, p, c) => {
    const state = str(ctx.params.state);
    if (!state) return missing('state');
    if (!Object.hasOwn(STATES, state)) return json(400, { error: 'state does not have a valid value' });
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const pipelineId = int(ctx.params.pipeline_id);
    let pl = pipelineId !== undefined ? p.pipelines.get(pipelineId) : undefined;
    if (pipelineId !== undefined && (!pl || pl.sha !== c.id)) return notFound('Pipeline');
    const ref = str(ctx.params.ref) ?? pl?.ref ?? [...p.repo.branches].find(([, head]) => history(p.repo, head).some((x) => x.id === c.id))?.[0] ?? null;
    pl ??= [...p.pipelines.values()].filter((x) => x.sha === c.id && x.ref === ref).sort((a, b) => b.id - a.id)[0];
    pl ??= newPipeline(ctx, p, ref ?? c.id, c.id, 'external', ctx.user.id, []);
    const name = str(ctx.params.name) ?? str(ctx.params.context) ?? 'default';
    const statuses = extrasOf(ctx.state, p.id).statuses;
    const now = ctx.state.now();
    let s = statuses.find((x) => x.sha === c.id && x.name === name && x.ref === ref && x.pipelineId === pl.id);
    if (s && s.status === state) return message(400, `Cannot transition status via :${STATES[state]} from :${s.status} (Reason(s): Status cannot transition via "${STATES[state]}")`);
    if (!s) {
      s = { id: ctx.state.nextId('job'), sha: c.id, ref, status: state, name, targetUrl: null, description: null, createdAt: now, startedAt: null, finishedAt: null, coverage: null, authorId: ctx.user.id, pipelineId: pl.id };
      statuses.push(s);
    }
    s.status = state;
    if (state === 'running') s.startedAt ??= now;
    if (!['pending', 'running'].includes(state)) { s.startedAt ??= now; s.finishedAt = now; }
    s.targetUrl = str(ctx.params.target_url) ?? s.targetUrl;
    s.description = text(ctx.params.description) ?? s.description;
    const coverage = Number(str(ctx.params.coverage));
    if (Number.isFinite(coverage) && str(ctx.params.coverage) !== undefined) s.coverage = coverage;
    compose(ctx, p, pl);
    return json(201, statusJson(ctx, s));
  }));
  // The statuses of a commit: its CI jobs and the external statuses set through the API.
  r.get(`${R}/commits/:sha/statuses`, withCommit((ctx, p, c) => {
    const ref = str(ctx.params.ref); const name = str(ctx.params.name); const stage = str(ctx.params.stage); const pipelineId = int(ctx.params.pipeline_id);
    const rows: Array<{ id: number; pipelineId: number; ref: string | null; name: string; stage: string; json: Record<string, unknown> }> = [];
    for (const pl of p.pipelines.values()) {
      if (pl.sha !== c.id) continue;
      for (const id of pl.jobIds) {
        const j = ctx.state.jobs.get(id);
        if (!j || (j.retried && !bool(ctx.params.all))) continue;
        rows.push({
          id: j.id, pipelineId: pl.id, ref: j.ref, name: j.name, stage: j.stage, json: {
            id: j.id, sha: c.id, ref: j.ref, status: j.status, name: j.name, target_url: `${ctx.state.url}/${ctx.state.projectFullPath(p)}/-/jobs/${j.id}`, description: null,
            created_at: j.createdAt, started_at: j.startedAt, finished_at: j.finishedAt, allow_failure: j.allowFailure, coverage: j.coverage, pipeline_id: pl.id, author: userBasic(ctx.state, j.userId),
          },
        });
      }
    }
    for (const s of extrasOf(ctx.state, p.id).statuses) if (s.sha === c.id) rows.push({ id: s.id, pipelineId: s.pipelineId, ref: s.ref, name: s.name, stage: 'external', json: statusJson(ctx, s) });
    const kept = rows.filter((x) => (!ref || x.ref === ref) && (!name || x.name === name) && (!stage || x.stage === stage) && (pipelineId === undefined || x.pipelineId === pipelineId));
    const key = str(ctx.params.order_by) === 'pipeline_id' ? (x: typeof rows[number]) => x.pipelineId : (x: typeof rows[number]) => x.id;
    kept.sort((a, b) => (key(a) - key(b) || a.id - b.id) * (str(ctx.params.sort) === 'desc' ? -1 : 1));
    return paginate(ctx, kept.map((x) => x.json));
  }));
}

export function registerRepositoryExtras(r: Router): void {
  registerPick(r);
  registerCommitNotes(r);
  registerStatuses(r);
  registerArchive(r);
  registerChangelog(r);
  // The sandbox signs no commit: GitLab's answer for an unsigned one.
  r.get(`${R}/commits/:sha/signature`, withCommit(() => notFound('Signature')));
  r.put(`${R}/submodules/:submodule`, (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const branch = str(ctx.params.branch); const sha = str(ctx.params.commit_sha);
    if (!branch || !sha) return missing(...[!branch ? 'branch' : '', !sha ? 'commit_sha' : ''].filter(Boolean));
    const denied = pushDenied(ctx, p, branch);
    if (denied) return denied;
    const head = p.repo.branches.get(branch);
    if (!head) return message(400, 'You can only create or edit files when you are on a branch');
    const files = p.repo.commits.get(head)!.files;
    const current = files.get(prm.submodule);
    if (!current?.startsWith('gitlink:')) return message(400, 'Invalid submodule path');
    if (!/^[0-9a-f]{40}$/.test(sha)) return message(400, 'Invalid parameters');
    if (current === `gitlink:${sha}`) return message(400, `The submodule ${prm.submodule} is already at ${sha}`);
    const next = new Map(files);
    next.set(prm.submodule, `gitlink:${sha}`);
    const c = addCommit(p.repo, {
      parent: head, files: next, message: str(ctx.params.commit_message) ?? `Update submodule ${prm.submodule} with oid ${sha}`, authorName: ctx.user.name, authorEmail: ctx.user.email, date: ctx.state.now(), branch,
    });
    p.repo.branches.set(branch, c.id);
    p.lastActivityAt = c.date;
    return json(200, commitJson(ctx.state, p, c, { stats: true }));
  });
}
