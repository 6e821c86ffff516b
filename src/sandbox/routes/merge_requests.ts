// Merge requests: lists, get, create, update, merge, approvals, changes and diffs, commits.
import type { Router } from '../router.js';
import { ACCESS, type MrRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { addCommit, commitsBetween, diffFiles, mergeBase, mergeCommits } from '../repo.js';
import { canMerge, closedIids, commitJson, mrJson, pipelineJson, userBasic } from '../serialize.js';
import { bool, inWindow, int, intList, json, list, message, missing, noContent, notAllowed, paginate, sortBy, str, text } from '../util.js';
import { isReply, knownUsers, loadMr, loadProject, requireLevel } from './common.js';
import { unkeptParams } from '../unsimulated.js';
import { withLabelDetails } from './group-labels.js';
import { labelsFor, labelsMatch } from './issues.js';
import { idsMatch, notMatch } from './filters.js';
import { recordChanges, snapshot } from './activity.js';
import { detailedMergeStatus } from '../mergeability.js';
import { branchRules } from '../branch-protection.js';

export const headOf = (p: ProjectRec, mr: MrRec): string => p.repo.branches.get(mr.sourceBranch) ?? mr.headSha;

export function baseOf(p: ProjectRec, mr: MrRec): string {
  if (mr.state === 'merged') return mr.baseSha;
  const target = p.repo.branches.get(mr.targetBranch);
  return (target && mergeBase(p.repo, headOf(p, mr), target)) ?? mr.baseSha;
}

export function mrDiffs(p: ProjectRec, mr: MrRec) {
  return diffFiles(p.repo.commits.get(baseOf(p, mr))?.files, p.repo.commits.get(headOf(p, mr))?.files);
}

const isDraftTitle = (t: string): boolean => /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s|\[wip\]|wip:)/i.test(t);

function filterMrs(ctx: Ctx, items: Array<{ p: ProjectRec; m: MrRec }>, defaultScope: string): Reply {
  const prm = ctx.params;
  const s = ctx.state;
  let out = items;
  const state = str(prm.state);
  if (state && state !== 'all') out = out.filter(({ m }) => m.state === state);
  const labels = list(prm.labels);
  out = out.filter(({ m }) => labelsMatch(m.labels, labels));
  const search = str(prm.search)?.toLowerCase();
  // `in` names the fields `search` looks in (title, description, or both); without a search it selects nothing.
  const inFields = list(prm.in) ?? ['title', 'description'];
  if (search) out = out.filter(({ m }) => (inFields.includes('title') && m.title.toLowerCase().includes(search)) || (inFields.includes('description') && (m.description ?? '').toLowerCase().includes(search)));
  out = inWindow(ctx, out, { created: (x) => x.m.createdAt, updated: (x) => x.m.updatedAt });
  const mergeUser = int(prm.merge_user_id) ?? (str(prm.merge_user_username) ? s.userByName(str(prm.merge_user_username)!)?.id ?? -1 : undefined);
  if (mergeUser !== undefined) out = out.filter(({ m }) => m.mergedById === mergeUser);
  out = out.filter(({ m }) => idsMatch(m.assigneeIds, prm.assignee_id) && idsMatch(m.reviewerIds, prm.reviewer_id));
  // not[...] exclusions (author_username also arrives unfolded from older callers, below).
  out = out.filter(({ p, m }) => notMatch(s, p, m, prm.not));
  const assigneeName = str(prm.assignee_username);
  if (assigneeName) out = out.filter(({ m }) => m.assigneeIds.includes(s.userByName(assigneeName)?.id ?? -1));
  const sourceProject = int(prm.source_project_id);
  if (sourceProject !== undefined) out = out.filter(({ p }) => p.id === sourceProject);
  const author = int(prm.author_id) ?? (str(prm.author_username) ? s.userByName(str(prm.author_username)!)?.id ?? -1 : undefined);
  if (author !== undefined) out = out.filter(({ m }) => m.authorId === author);
  const notAuthor = str((prm.not as Record<string, unknown> | undefined)?.author_username) ?? str(prm['not[author_username]']);
  if (notAuthor) out = out.filter(({ m }) => m.authorId !== s.userByName(notAuthor)?.id);
  const reviewer = str(prm.reviewer_username);
  if (reviewer) out = out.filter(({ m }) => m.reviewerIds.includes(s.userByName(reviewer)?.id ?? -1));
  const src = str(prm.source_branch); const tgt = str(prm.target_branch);
  if (src) out = out.filter(({ m }) => m.sourceBranch === src);
  if (tgt) out = out.filter(({ m }) => m.targetBranch === tgt);
  const milestone = str(prm.milestone);
  if (milestone) out = out.filter(({ p, m }) => (milestone === 'None' ? m.milestoneId === null : milestone === 'Any' ? m.milestoneId !== null : ctx.state.milestoneOf(p, m.milestoneId)?.title === milestone));
  const iids = intList(prm.iids);
  if (iids?.length) out = out.filter(({ m }) => iids.includes(m.iid));
  const draft = bool(prm.draft) ?? (str(prm.wip) === 'yes' ? true : str(prm.wip) === 'no' ? false : undefined);
  if (draft !== undefined) out = out.filter(({ m }) => m.draft === draft);
  const scope = str(prm.scope) ?? defaultScope;
  if (scope === 'created_by_me' || scope === 'created-by-me') out = out.filter(({ m }) => m.authorId === ctx.user.id);
  if (scope === 'assigned_to_me' || scope === 'assigned-to-me') out = out.filter(({ m }) => m.assigneeIds.includes(ctx.user.id));
  const sorted = sortBy(out, ctx, { created_at: (x) => x.m.createdAt, updated_at: (x) => x.m.updatedAt, title: (x) => x.m.title.toLowerCase(), merged_at: (x) => x.m.mergedAt ?? '' }, 'created_at');
  const view = str(prm.view) === 'simple';
  // The simple view has no labels, so GitLab has nothing to detail there: the param is read either way.
  void prm.with_labels_details;
  return paginate(ctx, sorted.map(({ p, m }) => (view ? { id: m.id, iid: m.iid, project_id: p.id, title: m.title, description: m.description, state: m.state, created_at: m.createdAt, updated_at: m.updatedAt, web_url: mrJson(ctx.state, p, m).web_url } : withLabelDetails(ctx, p, mrJson(ctx.state, p, m)))));
}

function createMr(ctx: Ctx, p: ProjectRec): Reply {
  const prm = ctx.params;
  const source = str(prm.source_branch); const target = str(prm.target_branch); const title = str(prm.title);
  const absent = [!source ? 'source_branch' : '', !target ? 'target_branch' : '', !title ? 'title' : ''].filter(Boolean);
  if (absent.length) return missing(...absent);
  // A merge request into another project (from a fork) and a merge schedule are not modelled (mrJson answers
  // target_project_id as the project itself and merge_after null).
  const unkept = unkeptParams(ctx, 'POST /projects/:id/merge_requests', ['merge_after', ...(int(prm.target_project_id) === p.id ? [] : ['target_project_id'])]);
  if (unkept) return unkept;
  if (source === target) return json(422, { message: ["You can't use same project/branch for source and target"] });
  const head = p.repo.branches.get(source!);
  const targetHead = p.repo.branches.get(target!);
  if (!head) return json(422, { message: [`Source branch "${source}" does not exist`] });
  if (!targetHead) return json(422, { message: [`Target branch "${target}" does not exist`] });
  const open = [...p.mrs.values()].find((m) => m.state === 'opened' && m.sourceBranch === source && m.targetBranch === target);
  if (open) return json(409, { message: [`Another open merge request already exists for this source branch: !${open.iid}`] });
  const s = ctx.state;
  const now = s.now();
  const m: MrRec = {
    id: s.nextId('mr'), iid: p.nextMrIid++, projectId: p.id, title: title!, description: text(prm.description) ?? null, state: 'opened', authorId: ctx.user.id,
    assigneeIds: knownUsers(ctx, intList(prm.assignee_ids) ?? intList(prm.assignee_id)) ?? [], reviewerIds: knownUsers(ctx, intList(prm.reviewer_ids)) ?? [],
    labels: labelsFor(s, p, list(prm.labels) ?? []), milestoneId: int(prm.milestone_id) ?? null, sourceBranch: source!, targetBranch: target!, createdAt: now, updatedAt: now,
    mergedAt: null, mergedById: null, closedAt: null, closedById: null, draft: isDraftTitle(title!),
    squash: !!bool(prm.squash), shouldRemoveSourceBranch: bool(prm.remove_source_branch) ?? null, forceRemoveSourceBranch: !!bool(prm.remove_source_branch),
    mergeCommitSha: null, baseSha: mergeBase(p.repo, head, targetHead) ?? targetHead, headSha: head, approvedBy: [], upvotes: 0, downvotes: 0,
    discussionLocked: null, mergeWhenPipelineSucceeds: false,
  };
  p.mrs.set(m.iid, m);
  return json(201, mrJson(s, p, m, { detail: true }));
}

function updateMr(ctx: Ctx, p: ProjectRec, m: MrRec): Reply {
  const prm = ctx.params;
  const unkept = unkeptParams(ctx, 'PUT /projects/:id/merge_requests/:merge_request_iid', ['merge_after']);
  if (unkept) return unkept;
  const keys = ['title', 'description', 'state_event', 'labels', 'add_labels', 'remove_labels', 'assignee_id', 'assignee_ids', 'reviewer_ids', 'target_branch', 'milestone_id', 'discussion_locked', 'squash', 'remove_source_branch', 'allow_collaboration'];
  if (!keys.some((k) => prm[k] !== undefined)) return json(400, { error: `${keys.join(', ')} are missing, at least one parameter must be provided` });
  const denied = requireLevel(ctx, p, ACCESS.developer);
  if (denied && m.authorId !== ctx.user.id) return denied;
  const before = snapshot(m);
  const now = ctx.state.now();
  const title = str(prm.title);
  if (title) { m.title = title; m.draft = isDraftTitle(title); }
  if (text(prm.description) !== undefined) m.description = text(prm.description)!;
  const ev = str(prm.state_event);
  if (ev === 'close' && m.state === 'opened') { m.state = 'closed'; m.closedAt = now; m.closedById = ctx.user.id; }
  if (ev === 'reopen' && m.state === 'closed') { m.state = 'opened'; m.closedAt = null; m.closedById = null; }
  const labels = list(prm.labels);
  if (labels) m.labels = labelsFor(ctx.state, p, labels);
  const add = list(prm.add_labels);
  if (add) m.labels = labelsFor(ctx.state, p, [...m.labels, ...add]);
  const remove = list(prm.remove_labels);
  if (remove) m.labels = m.labels.filter((l) => !remove.includes(l));
  const assignees = knownUsers(ctx, intList(prm.assignee_ids) ?? intList(prm.assignee_id));
  if (assignees) m.assigneeIds = assignees;
  const reviewers = knownUsers(ctx, intList(prm.reviewer_ids));
  if (reviewers) m.reviewerIds = reviewers;
  const target = str(prm.target_branch);
  if (target) {
    if (!p.repo.branches.has(target)) return json(422, { message: [`Target branch "${target}" does not exist`] });
    m.targetBranch = target;
  }
  if (prm.milestone_id !== undefined) m.milestoneId = int(prm.milestone_id) || null;
  const locked = bool(prm.discussion_locked);
  if (locked !== undefined) m.discussionLocked = locked;
  const squash = bool(prm.squash);
  if (squash !== undefined) m.squash = squash;
  const rsb = bool(prm.remove_source_branch);
  if (rsb !== undefined) { m.forceRemoveSourceBranch = rsb; m.shouldRemoveSourceBranch = rsb; }
  m.updatedAt = now;
  recordChanges(ctx.state, { kind: 'MergeRequest', projectId: p.id, iid: m.iid, id: m.id }, before, m, ctx.user.id);
  return json(200, mrJson(ctx.state, p, m, { detail: true }));
}

function merge(ctx: Ctx, p: ProjectRec, m: MrRec): Reply {
  // MergeRequest#can_be_merged_by?: the target branch's protection decides, wildcard rules included.
  if (!canMerge(ctx.state, ctx.user, p, m.targetBranch)) return message(401, '401 Unauthorized');
  // GitLab refuses (405) what its mergeability checks refuse: approvals left, draft, conflicts, CI, threads.
  const status = detailedMergeStatus(ctx.state, p, m);
  const head = headOf(p, m);
  const targetHead = p.repo.branches.get(m.targetBranch)!;
  const s = ctx.state;
  const pl = [...p.pipelines.values()].filter((x) => x.sha === head).sort((a, b) => b.id - a.id)[0];
  const auto = (bool(ctx.params.auto_merge) || bool(ctx.params.merge_when_pipeline_succeeds)) && pl && ['running', 'pending', 'created'].includes(pl.status);
  if (status !== 'mergeable' && !(auto && status === 'ci_still_running')) return notAllowed();
  const sha = str(ctx.params.sha);
  if (sha && sha !== head) return message(409, `SHA does not match HEAD of source branch: ${head}`);
  if (auto) {
    m.mergeWhenPipelineSucceeds = true;
    return json(200, mrJson(s, p, m, { detail: true }));
  }
  const base = mergeBase(p.repo, head, targetHead);
  // A conflict is refused above (detailed_merge_status `conflict`), so the merge applies.
  const files = mergeCommits(p.repo, head, targetHead)!;
  const now = s.now();
  const full = s.projectFullPath(p);
  const msg = str(ctx.params.merge_commit_message) ?? `Merge branch '${m.sourceBranch}' into '${m.targetBranch}'\n\n${m.title}\n\nSee merge request ${full}!${m.iid}`;
  const c = addCommit(p.repo, { parent: targetHead, mergeParent: head, files, message: msg, authorName: ctx.user.name, authorEmail: ctx.user.email, date: now, branch: m.targetBranch });
  p.repo.branches.set(m.targetBranch, c.id);
  Object.assign(m, { state: 'merged', mergedAt: now, mergedById: ctx.user.id, mergeCommitSha: c.id, headSha: head, baseSha: base ?? targetHead, updatedAt: now });
  const remove = bool(ctx.params.should_remove_source_branch) ?? m.forceRemoveSourceBranch;
  if (remove && m.sourceBranch !== p.defaultBranch && !branchRules(p, m.sourceBranch).length) p.repo.branches.delete(m.sourceBranch);
  for (const iid of closedIids(m.description)) {
    const issue = p.issues.get(iid);
    if (issue && issue.state === 'opened') Object.assign(issue, { state: 'closed', closedAt: now, closedById: ctx.user.id, updatedAt: now });
  }
  p.lastActivityAt = now;
  return json(200, mrJson(s, p, m, { detail: true }));
}

export function registerMergeRequests(r: Router): void {
  const visible = (ctx: Ctx) => [...ctx.state.projects.values()].filter((p) => ctx.state.canSeeProject(ctx.user, p));
  r.get('merge_requests', (ctx) => filterMrs(ctx, visible(ctx).flatMap((p) => [...p.mrs.values()].map((m) => ({ p, m }))), 'created_by_me'));
  r.get('groups/:id/merge_requests', (ctx, prm) => {
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return message(404, '404 Group Not Found');
    const ps = visible(ctx).filter((p) => p.namespace.kind === 'group' && (p.namespace.id === g.id || ctx.state.groups.get(p.namespace.id)?.fullPath.startsWith(`${g.fullPath}/`)));
    return filterMrs(ctx, ps.flatMap((p) => [...p.mrs.values()].map((m) => ({ p, m }))), 'all');
  });
  r.get('projects/:id/merge_requests', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : filterMrs(ctx, [...p.mrs.values()].map((m) => ({ p, m })), 'all');
  });
  r.post('projects/:id/merge_requests', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    return requireLevel(ctx, p, ACCESS.developer) ?? createMr(ctx, p);
  });
  const one = (fn: (ctx: Ctx, p: ProjectRec, m: MrRec) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadMr(ctx, prm.id, prm.iid);
    return isReply(x) ? x : fn(ctx, x.p, x.mr);
  };
  const base = 'projects/:id/merge_requests/:iid';
  // The sandbox's rebase finishes at once, so `include_rebase_in_progress` always reads false.
  r.get(base, one((ctx, p, m) => json(200, {
    ...withLabelDetails(ctx, p, mrJson(ctx.state, p, m, { detail: true })),
    ...(bool(ctx.params.include_rebase_in_progress) ? { rebase_in_progress: false } : {}),
    ...(bool(ctx.params.include_diverged_commits_count) ? { diverged_commits_count: divergedCommits(p, m) } : {}),
  })));
  r.put(base, one(updateMr));
  r.delete(base, one((ctx, p, m) => {
    const denied = requireLevel(ctx, p, ACCESS.owner);
    if (denied) return denied;
    p.mrs.delete(m.iid);
    ctx.state.notes.delete(`${p.id}:MergeRequest:${m.iid}`);
    return noContent();
  }));
  r.put(`${base}/merge`, one(merge));
  r.post(`${base}/cancel_merge_when_pipeline_succeeds`, one((ctx, p, m) => {
    if (!m.mergeWhenPipelineSucceeds) return notAllowed();
    m.mergeWhenPipelineSucceeds = false;
    return json(201, mrJson(ctx.state, p, m, { detail: true }));
  }));
  r.get(`${base}/changes`, one((ctx, p, m) => json(200, { ...mrJson(ctx.state, p, m, { detail: true }), changes: mrDiffs(p, m), overflow: false })));
  r.get(`${base}/diffs`, one((ctx, p, m) => paginate(ctx, mrDiffs(p, m))));
  r.get(`${base}/raw_diffs`, one((_ctx, p, m) => ({
    status: 200, contentType: 'text/plain; charset=utf-8',
    text: mrDiffs(p, m).map((d) => `diff --git a/${d.old_path} b/${d.new_path}\n--- ${d.new_file ? '/dev/null' : `a/${d.old_path}`}\n+++ ${d.deleted_file ? '/dev/null' : `b/${d.new_path}`}\n${d.diff}`).join(''),
  })));
  r.get(`${base}/commits`, one((ctx, p, m) => paginate(ctx, commitsBetween(p.repo, baseOf(p, m), headOf(p, m)).map((c) => commitJson(ctx.state, p, c)))));
  r.get(`${base}/pipelines`, one((ctx, p, m) => {
    const head = headOf(p, m);
    const pls = [...p.pipelines.values()].filter((x) => x.sha === head || x.ref === m.sourceBranch).sort((a, b) => b.id - a.id);
    return paginate(ctx, pls.map((x) => pipelineJson(ctx.state, p, x)));
  }));
  r.get(`${base}/participants`, one((ctx, p, m) => {
    const ids = new Set([m.authorId, ...m.assigneeIds, ...ctx.state.notesFor({ kind: 'MergeRequest', projectId: p.id, iid: m.iid, id: m.id }).map((n) => n.authorId)]);
    return paginate(ctx, [...ids].map((id) => userBasic(ctx.state, id)));
  }));
  r.get(`${base}/reviewers`, one((ctx, _p, m) => paginate(ctx, m.reviewerIds.map((id) => ({ user: userBasic(ctx.state, id), state: m.approvedBy.includes(id) ? 'approved' : 'unreviewed', created_at: m.createdAt })))));
}

/**
 * How many commits the source branch is behind the target, as GitLab's MergeRequest#diverged_commits_count counts
 * them (the target's commits the source lacks; 0 when either branch is gone). The API entity asks it in any state
 * (lib/api/entities/merge_request.rb; app/models/merge_request.rb compute_diverged_commits_count).
 */
function divergedCommits(p: ProjectRec, m: MrRec): number {
  const source = p.repo.branches.get(m.sourceBranch);
  const target = p.repo.branches.get(m.targetBranch);
  return source && target ? commitsBetween(p.repo, source, target).length : 0;
}
