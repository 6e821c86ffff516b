// Merge request workflow beyond create/merge: subscriptions (issues too), rebase, merge request pipelines,
// context commits and blocking merge requests (`/blocks`).
import type { Router } from '../router.js';
import { ACCESS, type CommitRec, type MrRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { addCommit, applyChange, commitsBetween, mergeBase } from '../repo.js';
import { commitJson, issueJson, mrJson, pipelineJson } from '../serialize.js';
import { forbidden, int, json, list, message, missing, noContent, notAllowed, notFound, paginate, str } from '../util.js';
import { branchAllows } from '../branch-protection.js';
import { isReply, loadMr, loadNoteable, loadProject, requireLevel, type Family } from './common.js';
import { headOf } from './merge_requests.js';
import { createPipeline } from './ci.js';

type MrHandler = (ctx: Ctx, p: ProjectRec, m: MrRec, prm: Record<string, string>) => Reply;
const one = (fn: MrHandler) => (ctx: Ctx, prm: Record<string, string>): Reply => {
  const x = loadMr(ctx, prm.id, prm.iid);
  return isReply(x) ? x : fn(ctx, x.p, x.mr, prm);
};

/** Replays the source branch's own commits onto the target head, as `git rebase` does; undefined on a conflict. */
function rebase(ctx: Ctx, p: ProjectRec, m: MrRec): string | undefined {
  const head = headOf(p, m);
  const target = p.repo.branches.get(m.targetBranch)!;
  if (mergeBase(p.repo, head, target) === target) return head;
  // Every commit is replayed before any is written: a conflict part-way leaves the repository as it was.
  const replayed: Array<{ c: CommitRec; files: Map<string, string> }> = [];
  let tip = p.repo.commits.get(target)!.files;
  for (const c of commitsBetween(p.repo, target, head).reverse()) {
    const before = c.parents[0] ? p.repo.commits.get(c.parents[0])!.files : new Map<string, string>();
    const files = applyChange(tip, before, c.files);
    if (files === 'conflict') return undefined;
    // A commit whose change the target already has is dropped, as git rebase drops it.
    if (files === 'empty') continue;
    replayed.push({ c, files });
    tip = files;
  }
  let parent = target;
  for (const { c, files } of replayed) {
    parent = addCommit(p.repo, { parent, files, message: c.message, authorName: c.authorName, authorEmail: c.authorEmail, date: ctx.state.now(), branch: m.sourceBranch }).id;
  }
  return parent;
}

export function registerMrWorkflow(r: Router): void {
  // Subscriptions of issues and merge requests: 201 with the object, 304 when nothing changes.
  for (const family of ['issues', 'merge_requests'] as Family[]) {
    for (const [verb, on] of [['subscribe', true], ['unsubscribe', false]] as const) {
      r.post(`projects/:id/${family}/:iid/${verb}`, (ctx, prm) => {
        const x = loadNoteable(ctx, family, prm.id, prm.iid);
        if (isReply(x)) return x;
        const key = `${x.p.id}:${x.n.kind}:${x.n.iid}`;
        const render = () => ('sourceBranch' in x.rec ? mrJson(ctx.state, x.p, x.rec, { detail: true }) : issueJson(ctx.state, x.p, x.rec));
        if (render().subscribed === on) return { status: 304 };
        const m = ctx.state.subscriptions.get(key) ?? new Map<number, boolean>();
        m.set(ctx.user.id, on);
        ctx.state.subscriptions.set(key, m);
        return json(201, render());
      });
    }
  }

  const base = 'projects/:id/merge_requests/:iid';
  // The rebase runs at once (GitLab queues it): the answer says it is in progress, the MR then shows the new head.
  r.put(`${base}/rebase`, one((ctx, p, m) => {
    if (ctx.state.accessLevel(ctx.user, p) < ACCESS.developer) return message(403, '403 Forbidden');
    if (m.state !== 'opened' || !p.repo.branches.has(m.sourceBranch) || !p.repo.branches.has(m.targetBranch)) return notAllowed();
    // A rebase pushes the source branch (lib/api/merge_requests.rb authorize_push_to_merge_request!).
    if (!branchAllows(ctx.state, ctx.user, p, m.sourceBranch, 'push')) return forbidden('Cannot push to source branch');
    const head = headOf(p, m);
    const next = rebase(ctx, p, m);
    if (next === undefined) {
      m.rebaseError = 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.';
    } else if (next !== head) {
      p.repo.branches.set(m.sourceBranch, next);
      m.headSha = next;
      m.baseSha = p.repo.branches.get(m.targetBranch)!;
      m.rebaseError = null;
      m.updatedAt = ctx.state.now();
      // A push resets approvals unless the project keeps them.
      if (!ctx.state.approvalsOf(p.id).settings.retainApprovalsOnPush) m.approvedBy = [];
    }
    return json(202, { rebase_in_progress: true });
  }));

  r.post(`${base}/pipelines`, one((ctx, p, m) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const head = p.repo.branches.get(m.sourceBranch);
    if (m.state !== 'opened' || !head) return notAllowed();
    // The jobs that run in merge request pipelines (`rules` on merge_request_event, `only: merge_requests`).
    const pl = createPipeline(ctx, p, `refs/merge-requests/${m.iid}/head`, head, 'merge_request_event', ctx.user.id, [], { iid: m.iid, sourceBranch: m.sourceBranch, targetBranch: m.targetBranch });
    if ('error' in pl) return message(400, { base: [pl.error] });
    return json(201, pipelineJson(ctx.state, p, pl, { detail: true }));
  }));

  // Context commits: commits of the project shown with the merge request for review.
  const contextKey = (p: ProjectRec, m: MrRec) => `${p.id}:${m.iid}`;
  r.get(`${base}/context_commits`, one((ctx, p, m) => json(200, (ctx.state.contextCommits.get(contextKey(p, m)) ?? []).map((sha) => commitJson(ctx.state, p, p.repo.commits.get(sha)!)))));
  const contextWrite = (add: boolean): MrHandler => (ctx, p, m) => {
    const shas = list(ctx.params.commits);
    if (!shas?.length) return missing('commits');
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied && m.authorId !== ctx.user.id) return denied;
    const have = ctx.state.contextCommits.get(contextKey(p, m)) ?? [];
    const full = shas.map((s) => [...p.repo.commits.keys()].find((id) => id.startsWith(s) && s.length >= 7));
    if (full.some((x) => x === undefined || (!add && !have.includes(x)))) return message(400, "One or more context commits' sha is not valid.");
    const ids = [...new Set(full as string[])];
    if (!add) {
      ctx.state.contextCommits.set(contextKey(p, m), have.filter((x) => !ids.includes(x)));
      return noContent();
    }
    const dup = ids.filter((x) => have.includes(x));
    if (dup.length) return message(400, `Context commits: ${JSON.stringify(dup)} are already created`);
    ctx.state.contextCommits.set(contextKey(p, m), [...have, ...ids]);
    return json(201, ids.map((sha) => commitJson(ctx.state, p, p.repo.commits.get(sha)!)));
  };
  r.post(`${base}/context_commits`, one(contextWrite(true)));
  r.delete(`${base}/context_commits`, one(contextWrite(false)));

  // Blocking merge requests (Premium): this MR cannot merge before the blocking one has.
  const findMr = (ctx: Ctx, id: number) => {
    for (const p of ctx.state.projects.values()) for (const m of p.mrs.values()) if (m.id === id && ctx.state.canSeeProject(ctx.user, p)) return { p, m };
    return undefined;
  };
  const blockJson = (ctx: Ctx, p: ProjectRec, b: { id: number; blockingMrId: number; blockedMrId: number }) => {
    const blocking = findMr(ctx, b.blockingMrId); const blocked = findMr(ctx, b.blockedMrId);
    return {
      id: b.id, blocking_merge_request: blocking ? mrJson(ctx.state, blocking.p, blocking.m) : null,
      blocked_merge_request: blocked ? mrJson(ctx.state, blocked.p, blocked.m) : null, project_id: p.id,
    };
  };
  r.get(`${base}/blocks`, one((ctx, p, m) => paginate(ctx, ctx.state.mrBlocks.filter((b) => b.blockedMrId === m.id).map((b) => blockJson(ctx, p, b)))));
  r.post(`${base}/blocks`, one((ctx, p, m) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    let blocking = int(ctx.params.blocking_merge_request_id) !== undefined ? findMr(ctx, int(ctx.params.blocking_merge_request_id)!) : undefined;
    const iid = int(ctx.params.blocking_merge_request_iid);
    if (!blocking && iid !== undefined) {
      const bp = str(ctx.params.blocking_project_id) ? loadProject(ctx, str(ctx.params.blocking_project_id)!) : p;
      if (isReply(bp)) return bp;
      const bm = bp.mrs.get(iid);
      blocking = bm ? { p: bp, m: bm } : undefined;
    }
    if (ctx.params.blocking_merge_request_id === undefined && iid === undefined) return missing('blocking_merge_request_id');
    if (!blocking) return notFound('Merge Request');
    if (blocking.m.id === m.id) return message(400, { blocking_merge_request: ['cannot block itself'] });
    if (ctx.state.mrBlocks.some((b) => b.blockedMrId === m.id && b.blockingMrId === blocking.m.id)) return message(409, 'Block already exists');
    const b = { id: ctx.state.nextId('mr_block'), blockingMrId: blocking.m.id, blockedMrId: m.id };
    ctx.state.mrBlocks.push(b);
    return json(201, blockJson(ctx, p, b));
  }));
  r.delete(`${base}/blocks/:bid`, one((ctx, p, m, prm) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const i = ctx.state.mrBlocks.findIndex((b) => String(b.id) === prm.bid && b.blockedMrId === m.id);
    if (i < 0) return notFound();
    ctx.state.mrBlocks.splice(i, 1);
    return noContent();
  }));
}
