// Merge request reviews beyond notes: draft notes (a pending review) and their publication, diff versions,
// and the issues a merge request closes or mentions.
import type { Router } from '../router.js';
import { ACCESS, type DraftNoteRec, type MrRec, type NoteRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { commitsBetween } from '../repo.js';
import { closedIids, commitJson, issueJson } from '../serialize.js';
import { bool, json, missing, notFound, paginate, text } from '../util.js';
import { isReply, loadMr, requireLevel } from './common.js';
import { baseOf, headOf, mrDiffs } from './merge_requests.js';
import { onDiffLine, positionMissing } from './notes.js';

function draftJson(d: DraftNoteRec, mr: MrRec): Record<string, unknown> {
  return { id: d.id, author_id: d.authorId, merge_request_id: mr.id, resolve_discussion: d.resolveDiscussion, discussion_id: d.discussionId, note: d.note, commit_id: null, position: d.position, line_code: null };
}

/** Publishes a draft as a note: a reply in its discussion, or a new discussion of its own. */
function publish(ctx: Ctx, p: ProjectRec, mr: MrRec, d: DraftNoteRec): void {
  const s = ctx.state;
  const notes = s.notesFor({ kind: 'MergeRequest', projectId: p.id, iid: mr.iid, id: mr.id });
  const thread = d.discussionId ? notes.filter((n) => n.discussionId === d.discussionId) : [];
  // GitLab's publish builds each note through Notes::CreateService: one on a line its diff does not have fails its
  // line_code validation and is not saved, and the draft is deleted with the others.
  if (!thread.length && d.position && !onDiffLine(p, d.position as Record<string, unknown>)) return;
  const now = s.now();
  const note: NoteRec = {
    id: s.nextId('note'), body: d.note, authorId: d.authorId, createdAt: now, updatedAt: now, system: false, discussionId: thread.length ? d.discussionId! : s.newDiscussionId(),
    type: thread.length ? thread[0].type ?? 'DiscussionNote' : d.position ? 'DiffNote' : 'DiscussionNote', resolvable: true, resolved: false, resolvedById: null, resolvedAt: null,
    position: thread.length ? thread[0].position : d.position, internal: false,
  };
  notes.push(note);
  if (d.resolveDiscussion) for (const n of [...thread, note]) Object.assign(n, { resolved: true, resolvedById: ctx.user.id, resolvedAt: now });
}

export function registerReviews(r: Router): void {
  const M = (fn: (ctx: Ctx, p: ProjectRec, mr: MrRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadMr(ctx, prm.id, prm.iid);
    return isReply(x) ? x : fn(ctx, x.p, x.mr, prm);
  };
  const base = 'projects/:id/merge_requests/:iid';
  // The caller's own drafts: a pending review is private until published.
  const drafts = (ctx: Ctx, p: ProjectRec, mr: MrRec): DraftNoteRec[] => {
    const key = `${p.id}:${mr.iid}`;
    let list = ctx.state.drafts.get(key);
    if (!list) { list = []; ctx.state.drafts.set(key, list); }
    return list;
  };
  const mine = (ctx: Ctx, p: ProjectRec, mr: MrRec) => drafts(ctx, p, mr).filter((d) => d.authorId === ctx.user.id);
  const D = (fn: (ctx: Ctx, p: ProjectRec, mr: MrRec, d: DraftNoteRec) => Reply) => M((ctx, p, mr, prm) => {
    const d = mine(ctx, p, mr).find((x) => String(x.id) === prm.did);
    return d ? fn(ctx, p, mr, d) : notFound('Draft Note');
  });
  r.get(`${base}/draft_notes`, M((ctx, p, mr) => paginate(ctx, mine(ctx, p, mr).map((d) => draftJson(d, mr)))));
  r.get(`${base}/draft_notes/:did`, D((_ctx, _p, mr, d) => json(200, draftJson(d, mr))));
  r.post(`${base}/draft_notes`, M((ctx, p, mr) => {
    const note = text(ctx.params.note);
    if (!note?.trim()) return missing('note');
    const denied = requireLevel(ctx, p, ACCESS.guest);
    if (denied) return denied;
    const discussionId = typeof ctx.params.in_reply_to_discussion_id === 'string' ? ctx.params.in_reply_to_discussion_id : null;
    const position = ctx.params.position && typeof ctx.params.position === 'object' ? ctx.params.position as Record<string, unknown> : null;
    const absent = position && positionMissing(position);
    if (absent) return absent;
    const d: DraftNoteRec = { id: ctx.state.nextId('draft'), authorId: ctx.user.id, note, discussionId, resolveDiscussion: !!bool(ctx.params.resolve_discussion), position };
    drafts(ctx, p, mr).push(d);
    return json(201, draftJson(d, mr));
  }));
  r.put(`${base}/draft_notes/:did`, D((ctx, _p, mr, d) => {
    const note = text(ctx.params.note);
    if (note !== undefined) d.note = note;
    if (ctx.params.position && typeof ctx.params.position === 'object') {
      const absent = positionMissing(ctx.params.position as Record<string, unknown>);
      if (absent) return absent;
      d.position = ctx.params.position;
    }
    return json(200, draftJson(d, mr));
  }));
  r.delete(`${base}/draft_notes/:did`, D((ctx, p, mr, d) => {
    const list = drafts(ctx, p, mr);
    list.splice(list.indexOf(d), 1);
    return { status: 204 };
  }));
  r.put(`${base}/draft_notes/:did/publish`, D((ctx, p, mr, d) => {
    publish(ctx, p, mr, d);
    const list = drafts(ctx, p, mr);
    list.splice(list.indexOf(d), 1);
    return { status: 204 };
  }));
  r.post(`${base}/draft_notes/bulk_publish`, M((ctx, p, mr) => {
    const list = drafts(ctx, p, mr);
    for (const d of mine(ctx, p, mr)) { publish(ctx, p, mr, d); list.splice(list.indexOf(d), 1); }
    return { status: 204 };
  }));

  // One diff version per merge request: the sandbox keeps no history of pushes.
  const version = (ctx: Ctx, p: ProjectRec, mr: MrRec, detail: boolean): Record<string, unknown> => {
    const head = headOf(p, mr); const b = baseOf(p, mr);
    const out: Record<string, unknown> = {
      id: mr.id, head_commit_sha: head, base_commit_sha: b, start_commit_sha: p.repo.branches.get(mr.targetBranch) ?? b, created_at: mr.createdAt,
      merge_request_id: mr.id, state: 'collected', real_size: String(mrDiffs(p, mr).length), patch_id_sha: null,
    };
    if (!detail) return out;
    return { ...out, commits: commitsBetween(p.repo, b, head).map((c) => commitJson(ctx.state, p, c)), diffs: mrDiffs(p, mr) };
  };
  r.get(`${base}/versions`, M((ctx, p, mr) => paginate(ctx, [version(ctx, p, mr, false)])));
  r.get(`${base}/versions/:vid`, M((ctx, p, mr, prm) => (prm.vid === String(mr.id) ? json(200, version(ctx, p, mr, true)) : notFound('Merge Request Diff'))));

  // Issues the description closes (`Closes #1`) or mentions anywhere (`#1`).
  const mentioned = (description: string | null) => new Set([...(description ?? '').matchAll(/(?:^|[^\w&])#(\d+)/g)].map((m) => Number(m[1])));
  for (const [path, read] of [['closes_issues', closedIids], ['related_issues', mentioned]] as const) {
    r.get(`${base}/${path}`, M((ctx, p, mr) => {
      const iids = read(mr.description);
      return paginate(ctx, [...iids].map((iid) => p.issues.get(iid)).filter((i) => i !== undefined).map((i) => issueJson(ctx.state, p, i)));
    }));
  }
}
