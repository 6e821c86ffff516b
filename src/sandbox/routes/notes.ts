// Notes and discussions of issues and merge requests (one implementation, two URL families); new notes run quick actions.
import type { Router } from '../router.js';
import type { NoteRec, NoteableRef, ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { discussionJson, noteJson } from '../serialize.js';
import { bool, diffHasLine, forbidden, json, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadNoteable, ownerTime, type Family } from './common.js';
import { runQuickActions } from './quick-actions.js';

/** GitLab's answer to a diff thread on a line its diff does not have (the DiffNote's line_code finds no line). */
const NO_LINE = '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}';

const POSITION_REQUIRED = ['base_sha', 'start_sha', 'head_sha', 'position_type'] as const;
const POSITION_TYPES = ['text', 'image', 'file'];

/**
 * lib/api/discussions.rb and draft_notes.rb: a position requires its three SHAs and its type (Grape names each one
 * missing), and its type is one of text, image, file.
 */
export function positionMissing(given: Record<string, unknown>): Reply | undefined {
  const absent = POSITION_REQUIRED.filter((k) => given[k] === undefined || given[k] === null || given[k] === '');
  if (absent.length) return missing(...absent.map((k) => `position[${k}]`));
  return POSITION_TYPES.includes(String(given.position_type)) ? undefined : json(400, { error: 'position[position_type] does not have a valid value' });
}

const lineNo = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * Whether a text position names a line of the diff between its own base and head commits (GitLab places a position
 * on the diff version its SHAs name): the file changed there and the line is found in it. A SHA the repository does
 * not have finds no file, as GitLab's compare does.
 */
export function onDiffLine(p: ProjectRec, pos: Record<string, unknown>): boolean {
  if (pos.position_type !== 'text') return true;
  const base = p.repo.commits.get(String(pos.base_sha));
  const head = p.repo.commits.get(String(pos.head_sha));
  const before = base?.files.get(str(pos.old_path) ?? str(pos.new_path) ?? '');
  const after = head?.files.get(str(pos.new_path) ?? str(pos.old_path) ?? '');
  if (!base || !head || before === after) return false;
  return diffHasLine(before, after, lineNo(pos.old_line), lineNo(pos.new_line));
}

function discussions(notes: NoteRec[]): NoteRec[][] {
  const byId = new Map<string, NoteRec[]>();
  for (const n of notes) {
    const list = byId.get(n.discussionId);
    if (list) list.push(n); else byId.set(n.discussionId, [n]);
  }
  return [...byId.values()];
}

function canEdit(ctx: Ctx, p: ProjectRec, note: NoteRec): boolean {
  return note.authorId === ctx.user.id || ctx.state.accessLevel(ctx.user, p) >= 40;
}

function newNote(ctx: Ctx, p: ProjectRec, discussionId: string, fields: Partial<NoteRec>): NoteRec {
  const now = ownerTime(ctx, p, 'created_at') ?? ctx.state.now();
  return {
    id: ctx.state.nextId('note'), body: text(ctx.params.body) ?? '', authorId: ctx.user.id, createdAt: now, updatedAt: now, system: false, discussionId,
    type: null, resolvable: false, resolved: false, resolvedById: null, resolvedAt: null, position: null, internal: !!(bool(ctx.params.internal) ?? bool(ctx.params.confidential)),
    ...fields,
  };
}

function setResolved(ctx: Ctx, notes: NoteRec[], resolved: boolean): void {
  const now = ctx.state.now();
  for (const n of notes) {
    if (!n.resolvable) continue;
    n.resolved = resolved;
    n.resolvedById = resolved ? ctx.user.id : null;
    n.resolvedAt = resolved ? now : null;
  }
}

function register(r: Router, family: Family): void {
  const base = `projects/:id/${family}/:iid`;
  const withNoteable = (fn: (ctx: Ctx, p: ProjectRec, n: NoteableRef, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadNoteable(ctx, family, prm.id, prm.iid);
    return isReply(x) ? x : fn(ctx, x.p, x.n, prm);
  };
  const findNote = (ctx: Ctx, n: NoteableRef, id: string) => ctx.state.notesFor(n).find((x) => String(x.id) === id);

  r.get(`${base}/notes`, withNoteable((ctx, _p, n) => {
    const asc = str(ctx.params.sort) === 'asc';
    const key = str(ctx.params.order_by) === 'updated_at' ? 'updatedAt' : 'createdAt';
    const notes = [...ctx.state.notesFor(n)].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id) * (asc ? 1 : -1));
    const activity = str(ctx.params.activity_filter);
    const shown = activity === 'only_comments' ? notes.filter((x) => !x.system) : activity === 'only_activity' ? notes.filter((x) => x.system) : notes;
    return paginate(ctx, shown.map((x) => noteJson(ctx.state, n, x)));
  }));
  r.post(`${base}/notes`, withNoteable((ctx, p, n) => {
    const body = text(ctx.params.body);
    if (!body?.trim()) return missing('body');
    const qa = runQuickActions(ctx, p, n, body);
    // A note of commands only is not stored: 202 with what the commands changed.
    if (qa.found && qa.body === '') return json(202, { commands_changes: qa.changes, summary: qa.messages });
    const note = newNote(ctx, p, ctx.state.newDiscussionId(), { body: qa.body });
    ctx.state.notesFor(n).push(note);
    return json(201, { ...noteJson(ctx.state, n, note), commands_changes: qa.changes });
  }));
  r.get(`${base}/notes/:nid`, withNoteable((ctx, _p, n, prm) => {
    const note = findNote(ctx, n, prm.nid);
    return note ? json(200, noteJson(ctx.state, n, note)) : notFound('Note');
  }));
  r.put(`${base}/notes/:nid`, withNoteable((ctx, p, n, prm) => {
    const note = findNote(ctx, n, prm.nid);
    if (!note) return notFound('Note');
    if (!canEdit(ctx, p, note)) return forbidden();
    const body = text(ctx.params.body);
    if (body === undefined && bool(ctx.params.confidential) === undefined) return missing('body');
    if (body !== undefined) note.body = body;
    note.updatedAt = ctx.state.now();
    return json(200, noteJson(ctx.state, n, note));
  }));
  r.delete(`${base}/notes/:nid`, withNoteable((ctx, p, n, prm) => {
    const list = ctx.state.notesFor(n);
    const i = list.findIndex((x) => String(x.id) === prm.nid);
    if (i < 0) return notFound('Note');
    if (!canEdit(ctx, p, list[i])) return forbidden();
    list.splice(i, 1);
    return noContent();
  }));

  r.get(`${base}/discussions`, withNoteable((ctx, _p, n) => paginate(ctx, discussions(ctx.state.notesFor(n)).map((d) => discussionJson(ctx.state, n, d)))));
  r.get(`${base}/discussions/:did`, withNoteable((ctx, _p, n, prm) => {
    const d = discussions(ctx.state.notesFor(n)).find((x) => x[0].discussionId === prm.did);
    return d ? json(200, discussionJson(ctx.state, n, d)) : notFound('Discussion');
  }));
  r.post(`${base}/discussions`, withNoteable((ctx, p, n) => {
    if (!text(ctx.params.body)?.trim()) return missing('body');
    let position: unknown = null;
    if (family === 'merge_requests' && ctx.params.position && typeof ctx.params.position === 'object') {
      const given = ctx.params.position as Record<string, unknown>;
      const absent = positionMissing(given);
      if (absent) return absent;
      const pos: Record<string, unknown> = { old_line: null, new_line: null, line_range: null, ...given };
      if (!onDiffLine(p, pos)) return message(400, NO_LINE);
      position = pos;
    }
    const note = newNote(ctx, p, ctx.state.newDiscussionId(), { type: position ? 'DiffNote' : 'DiscussionNote', resolvable: family === 'merge_requests', position });
    ctx.state.notesFor(n).push(note);
    return json(201, discussionJson(ctx.state, n, [note]));
  }));
  r.put(`${base}/discussions/:did`, withNoteable((ctx, _p, n, prm) => {
    const d = discussions(ctx.state.notesFor(n)).find((x) => x[0].discussionId === prm.did);
    if (!d) return notFound('Discussion');
    const resolved = bool(ctx.params.resolved);
    if (resolved === undefined) return missing('resolved');
    if (!d.some((x) => x.resolvable)) return notFound('Discussion');
    setResolved(ctx, d, resolved);
    return json(200, discussionJson(ctx.state, n, d));
  }));
  r.post(`${base}/discussions/:did/notes`, withNoteable((ctx, p, n, prm) => {
    const d = discussions(ctx.state.notesFor(n)).find((x) => x[0].discussionId === prm.did);
    if (!d) return notFound('Discussion');
    if (!text(ctx.params.body)?.trim()) return missing('body');
    for (const x of d) if (x.type === null) x.type = 'DiscussionNote';
    const note = newNote(ctx, p, prm.did, { type: d[0].type, resolvable: d[0].resolvable, position: d[0].position });
    ctx.state.notesFor(n).push(note);
    return json(201, noteJson(ctx.state, n, note));
  }));
  r.put(`${base}/discussions/:did/notes/:nid`, withNoteable((ctx, p, n, prm) => {
    const note = ctx.state.notesFor(n).find((x) => x.discussionId === prm.did && String(x.id) === prm.nid);
    if (!note) return notFound('Note');
    const body = text(ctx.params.body);
    const resolved = bool(ctx.params.resolved);
    if (body === undefined && resolved === undefined) return json(400, { error: 'body, resolved are missing, exactly one parameter must be provided' });
    if (body !== undefined) {
      if (!canEdit(ctx, p, note)) return forbidden();
      note.body = body;
      note.updatedAt = ctx.state.now();
    } else setResolved(ctx, [note], resolved!);
    return json(200, noteJson(ctx.state, n, note));
  }));
  r.delete(`${base}/discussions/:did/notes/:nid`, withNoteable((ctx, p, n, prm) => {
    const list = ctx.state.notesFor(n);
    const i = list.findIndex((x) => x.discussionId === prm.did && String(x.id) === prm.nid);
    if (i < 0) return notFound('Note');
    if (!canEdit(ctx, p, list[i])) return forbidden();
    list.splice(i, 1);
    return noContent();
  }));
}

export function registerNotes(r: Router): void {
  register(r, 'issues');
  register(r, 'merge_requests');
}
