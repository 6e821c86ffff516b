// Issue boards of a project and their lists; a list is a column of one project label.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { projectJson } from '../serialize.js';
import { bool, int, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { crud, findRec, withProject, type Rec } from './project-crud.js';

interface ListRec { id: number; labelId: number; position: number }
interface BoardRec extends Rec { name: string; hideBacklog: boolean; hideClosed: boolean; lists: ListRec[] }

function listJson(p: ProjectRec, l: ListRec): Record<string, unknown> {
  const label = p.labels.find((x) => x.id === l.labelId);
  return {
    id: l.id,
    label: label ? { id: label.id, name: label.name, color: label.color, description: label.description, description_html: label.description ?? '', text_color: '#FFFFFF' } : null,
    position: l.position,
  };
}

/** A board's lists in position order, as GitLab returns them. */
const ordered = (b: BoardRec): ListRec[] => [...b.lists].sort((x, y) => x.position - y.position);

const boardJson = (ctx: Ctx, p: ProjectRec, b: BoardRec): Record<string, unknown> => ({
  id: b.id, name: b.name, hide_backlog_list: b.hideBacklog, hide_closed_list: b.hideClosed, project: projectJson(ctx.state, p, ctx.user, { simple: true }), lists: ordered(b).map((l) => listJson(p, l)),
});

/** Board flags of a create or update. */
function flags(ctx: Ctx, b: Pick<BoardRec, 'hideBacklog' | 'hideClosed'>): void {
  const backlog = bool(ctx.params.hide_backlog_list); const closed = bool(ctx.params.hide_closed_list);
  if (backlog !== undefined) b.hideBacklog = backlog;
  if (closed !== undefined) b.hideClosed = closed;
}

/** Positions 0..n-1 in order, as GitLab keeps them after a move or a removal. */
function renumber(lists: ListRec[]): void {
  lists.sort((a, b) => a.position - b.position).forEach((l, i) => { l.position = i; });
}

export function registerProjectBoards(r: Router): void {
  crud<BoardRec>(r, {
    path: 'projects/:id/boards', area: 'board', thing: 'Board', read: ACCESS.guest, write: ACCESS.reporter,
    create: (ctx) => {
      const name = str(ctx.params.name);
      if (!name) return missing('name');
      const b = { name, hideBacklog: false, hideClosed: false, lists: [] };
      flags(ctx, b);
      return b;
    },
    update: (ctx, _p, b) => {
      if (str(ctx.params.name)) b.name = str(ctx.params.name)!;
      flags(ctx, b);
      return undefined;
    },
    view: boardJson,
  });
  const board = (level: number, fn: (ctx: Ctx, p: ProjectRec, b: BoardRec, prm: Record<string, string>) => Reply) => withProject(level, (ctx, p, prm) => {
    const b = findRec<BoardRec>(ctx, p, 'board', prm.rid);
    return b ? fn(ctx, p, b, prm) : notFound('Board');
  });
  const list = (level: number, fn: (ctx: Ctx, p: ProjectRec, b: BoardRec, l: ListRec) => Reply) => board(level, (ctx, p, b, prm) => {
    const l = b.lists.find((x) => String(x.id) === prm.lid);
    return l ? fn(ctx, p, b, l) : notFound('List');
  });
  r.get('projects/:id/boards/:rid/lists', board(ACCESS.guest, (ctx, p, b) => paginate(ctx, ordered(b).map((l) => listJson(p, l)))));
  r.get('projects/:id/boards/:rid/lists/:lid', list(ACCESS.guest, (_ctx, p, _b, l) => json(200, listJson(p, l))));
  r.post('projects/:id/boards/:rid/lists', board(ACCESS.reporter, (ctx, p, b) => {
    const labelId = int(ctx.params.label_id);
    if (labelId === undefined) return json(400, { error: 'label_id, assignee_id, milestone_id, iteration_id are missing, exactly one parameter must be provided' });
    if (!p.labels.some((l) => l.id === labelId)) return message(400, { error: 'Label not found' });
    if (b.lists.some((l) => l.labelId === labelId)) return message(400, { error: 'Label has already been taken' });
    const l = { id: ctx.state.nextId('board_list'), labelId, position: b.lists.length };
    b.lists.push(l);
    return json(201, listJson(p, l));
  }));
  r.put('projects/:id/boards/:rid/lists/:lid', list(ACCESS.reporter, (ctx, p, b, l) => {
    const position = int(ctx.params.position);
    if (position === undefined) return missing('position');
    // Moving a list shifts the others, as GitLab's Boards::Lists::MoveService does.
    const others = b.lists.filter((x) => x !== l).sort((x, y) => x.position - y.position);
    others.splice(Math.max(0, Math.min(position, others.length)), 0, l);
    others.forEach((x, i) => { x.position = i; });
    return json(200, listJson(p, l));
  }));
  r.delete('projects/:id/boards/:rid/lists/:lid', list(ACCESS.reporter, (_ctx, _p, b, l) => {
    b.lists.splice(b.lists.indexOf(l), 1);
    renumber(b.lists);
    return noContent();
  }));
}
