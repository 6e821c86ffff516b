// Issue links, moving an issue to another project, issue statistics, lookup by global id, iterations.
import type { Router } from '../router.js';
import { ACCESS, type IssueLinkRec, type IssueRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { issueJson } from '../serialize.js';
import { int, json, message, missing, notFound, paginate, str } from '../util.js';
import { isReply, loadIssue, loadProject, requireLevel } from './common.js';
import { filterIssues } from './issues.js';
import { addSystemNote, issueReference } from '../system-notes.js';

const LINK_TYPES = new Set(['relates_to', 'blocks', 'is_blocked_by']);
/** What a link is called in the system note of the issue it is seen from (GitLab's relate/block/blocked_by notes). */
const LINK_WORDS: Record<IssueLinkRec['linkType'], string> = { relates_to: 'related to', blocks: 'blocking', is_blocked_by: 'blocked by' };
const FLIP: Record<IssueLinkRec['linkType'], IssueLinkRec['linkType']> = { relates_to: 'relates_to', blocks: 'is_blocked_by', is_blocked_by: 'blocks' };

function linkJson(ctx: Ctx, l: IssueLinkRec): Record<string, unknown> | undefined {
  const sp = ctx.state.projects.get(l.sourceProjectId); const tp = ctx.state.projects.get(l.targetProjectId);
  const si = sp?.issues.get(l.sourceIid); const ti = tp?.issues.get(l.targetIid);
  if (!sp || !tp || !si || !ti) return undefined;
  return { id: l.id, source_issue: issueJson(ctx.state, sp, si), target_issue: issueJson(ctx.state, tp, ti), link_type: l.linkType, created_at: l.createdAt, updated_at: l.createdAt };
}

/** The links of an issue, seen from it (a `blocks` link reads `is_blocked_by` from its target). */
function linksOf(ctx: Ctx, p: ProjectRec, i: IssueRec): Array<{ l: IssueLinkRec; other: { p: ProjectRec; i: IssueRec }; type: string }> {
  const out: Array<{ l: IssueLinkRec; other: { p: ProjectRec; i: IssueRec }; type: string }> = [];
  for (const l of ctx.state.issueLinks) {
    const mine = l.sourceProjectId === p.id && l.sourceIid === i.iid;
    const theirs = l.targetProjectId === p.id && l.targetIid === i.iid;
    if (!mine && !theirs) continue;
    const op = ctx.state.projects.get(mine ? l.targetProjectId : l.sourceProjectId);
    const oi = op?.issues.get(mine ? l.targetIid : l.sourceIid);
    if (op && oi && ctx.state.canSeeProject(ctx.user, op)) out.push({ l, other: { p: op, i: oi }, type: mine ? l.linkType : FLIP[l.linkType] });
  }
  return out;
}

function statistics(ctx: Ctx, items: Array<{ p: ProjectRec; i: IssueRec }>): Reply {
  const all = filterIssues({ ...ctx, params: { ...ctx.params, state: undefined } }, items, 'all');
  const opened = all.filter(({ i }) => i.state === 'opened').length;
  return json(200, { statistics: { counts: { all: all.length, closed: all.length - opened, opened } } });
}

export function registerIssueLinks(r: Router): void {
  const I = (fn: (ctx: Ctx, p: ProjectRec, i: IssueRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadIssue(ctx, prm.id, prm.iid);
    return isReply(x) ? x : fn(ctx, x.p, x.issue, prm);
  };
  const L = 'projects/:id/issues/:iid/links';
  r.get(L, I((ctx, p, i) => paginate(ctx, linksOf(ctx, p, i).map(({ l, other, type }) => ({
    ...issueJson(ctx.state, other.p, other.i), issue_link_id: l.id, link_type: type, link_created_at: l.createdAt, link_updated_at: l.createdAt,
  })))));
  r.get(`${L}/:lid`, I((ctx, p, i, prm) => {
    const hit = linksOf(ctx, p, i).find(({ l }) => String(l.id) === prm.lid);
    return hit ? json(200, linkJson(ctx, hit.l)) : notFound('Issue Link');
  }));
  r.post(L, I((ctx, p, i) => {
    const targetProject = str(ctx.params.target_project_id); const targetIid = int(ctx.params.target_issue_iid);
    if (!targetProject || targetIid === undefined) return missing(...[!targetProject ? 'target_project_id' : '', targetIid === undefined ? 'target_issue_iid' : ''].filter(Boolean));
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    const type = str(ctx.params.link_type) ?? 'relates_to';
    if (!LINK_TYPES.has(type)) return json(400, { error: 'link_type does not have a valid value' });
    const t = loadIssue(ctx, targetProject, String(targetIid));
    if (isReply(t)) return t;
    // Blocking links are a licensed feature: GitLab's EE IssueLinks::CreateService refuses them first, once both issues are found.
    if (type !== 'relates_to' && !ctx.state.licensed) return message(403, 'Blocked issues not available for current license');
    if (t.p.id === p.id && t.issue.iid === i.iid) return message(400, 'Cannot link an issue to itself');
    if (linksOf(ctx, p, i).some(({ other }) => other.p.id === t.p.id && other.i.iid === t.issue.iid)) return message(409, 'Issue(s) already assigned');
    const l: IssueLinkRec = { id: ctx.state.nextId('issue_link'), sourceProjectId: p.id, sourceIid: i.iid, targetProjectId: t.p.id, targetIid: t.issue.iid, linkType: type as IssueLinkRec['linkType'], createdAt: ctx.state.now() };
    ctx.state.issueLinks.push(l);
    addSystemNote(ctx.state, p, i, `marked this issue as ${LINK_WORDS[l.linkType]} ${issueReference(ctx.state, p, t.p, t.issue)}`, ctx.user.id);
    addSystemNote(ctx.state, t.p, t.issue, `marked this issue as ${LINK_WORDS[FLIP[l.linkType]]} ${issueReference(ctx.state, t.p, p, i)}`, ctx.user.id);
    return json(201, { source_issue: issueJson(ctx.state, p, i), target_issue: issueJson(ctx.state, t.p, t.issue), link_type: l.linkType });
  }));
  r.delete(`${L}/:lid`, I((ctx, p, i, prm) => {
    const hit = linksOf(ctx, p, i).find(({ l }) => String(l.id) === prm.lid);
    if (!hit) return notFound('Issue Link');
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    const body = linkJson(ctx, hit.l);
    ctx.state.issueLinks.splice(ctx.state.issueLinks.indexOf(hit.l), 1);
    addSystemNote(ctx.state, p, i, `removed the relation with ${issueReference(ctx.state, p, hit.other.p, hit.other.i)}`, ctx.user.id);
    addSystemNote(ctx.state, hit.other.p, hit.other.i, `removed the relation with ${issueReference(ctx.state, hit.other.p, p, i)}`, ctx.user.id);
    return json(200, body);
  }));

  r.post('projects/:id/issues/:iid/move', I((ctx, p, i) => {
    const to = str(ctx.params.to_project_id);
    if (!to) return missing('to_project_id');
    const target = loadProject(ctx, to);
    if (isReply(target)) return target;
    // GitLab's can_move?: reporter on both projects, and an issue moves once (a moved issue stays closed where it was).
    if (i.movedToId !== undefined || ctx.state.accessLevel(ctx.user, p) < ACCESS.reporter || ctx.state.accessLevel(ctx.user, target) < ACCESS.reporter) return message(400, 'Cannot move issue due to insufficient permissions!');
    if (target.id === p.id) return message(400, 'Cannot move issue to project it originates from!');
    const now = ctx.state.now();
    const moved: IssueRec = { ...i, id: ctx.state.nextId('issue'), iid: target.nextIssueIid++, projectId: target.id, labels: i.labels.filter((l) => target.labels.some((x) => x.name === l)), milestoneId: null, createdAt: now, updatedAt: now, movedToId: undefined };
    target.issues.set(moved.iid, moved);
    // GitLab copies the comments to the new issue, closes the original, points it at the new one and says so on both.
    const copied = ctx.state.notesFor({ kind: 'Issue', projectId: target.id, iid: moved.iid, id: moved.id });
    for (const n of ctx.state.notesFor({ kind: 'Issue', projectId: p.id, iid: i.iid, id: i.id })) copied.push({ ...n, id: ctx.state.nextId('note') });
    Object.assign(i, { state: 'closed', closedAt: now, closedById: ctx.user.id, updatedAt: now, movedToId: moved.id });
    addSystemNote(ctx.state, target, moved, `moved from ${issueReference(ctx.state, target, p, i)}`, ctx.user.id);
    addSystemNote(ctx.state, p, i, `moved to ${issueReference(ctx.state, p, target, moved)}`, ctx.user.id);
    return json(201, issueJson(ctx.state, target, moved));
  }));

  const visible = (ctx: Ctx) => [...ctx.state.projects.values()].filter((p) => ctx.state.canSeeProject(ctx.user, p));
  r.get('issues_statistics', (ctx) => statistics(ctx, visible(ctx).flatMap((p) => [...p.issues.values()].map((i) => ({ p, i })))));
  r.get('groups/:id/issues_statistics', (ctx, prm) => {
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    const inGroup = (p: ProjectRec) => p.namespace.kind === 'group' && (p.namespace.id === g.id || !!ctx.state.groups.get(p.namespace.id)?.fullPath.startsWith(`${g.fullPath}/`));
    return statistics(ctx, visible(ctx).filter(inGroup).flatMap((p) => [...p.issues.values()].map((i) => ({ p, i }))));
  });
  r.get('projects/:id/issues_statistics', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : statistics(ctx, [...p.issues.values()].map((i) => ({ p, i })));
  });
  // By global id: administrators only, as GitLab has it.
  r.get('issues/:gid', (ctx, prm) => {
    if (!ctx.user.isAdmin) return notFound('Issue');
    for (const p of ctx.state.projects.values()) for (const i of p.issues.values()) if (String(i.id) === prm.gid) return json(200, issueJson(ctx.state, p, i));
    return notFound('Issue');
  });
  // The sandbox has no iterations (a Premium feature it does not seed): the lists are truly empty.
  r.get('projects/:id/iterations', (ctx, prm) => { const p = loadProject(ctx, prm.id); return isReply(p) ? p : paginate(ctx, []); });
  r.get('groups/:id/iterations', (ctx, prm) => {
    const g = ctx.state.groupByRef(prm.id);
    return !g || !ctx.state.canSeeGroup(ctx.user, g) ? notFound('Group') : paginate(ctx, []);
  });
}
