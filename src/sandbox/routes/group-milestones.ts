// Group milestones (list, get, create, update, delete, their issues and merge requests) as GitLab 19.x answers them:
// an issue or merge request of any project below the group may carry one (its `milestone` then says `group_id`).
// Burndown events stay refused (Premium). Read in gitlabhq/gitlabhq: lib/api/group_milestones.rb @0ae8428c,
// lib/api/milestone_responses.rb @14bd84b6, lib/api/entities/milestone.rb @3919ad72.
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type MilestoneRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { issueJson, milestoneJson, mrJson } from '../serialize.js';
import { projectsBelow, withGroup } from './common.js';
import { bool, forbidden, inWindow, intList, json, message, missing, noContent, paginate, str, text } from '../util.js';

/** GitLab keeps a title unique across a group and the projects right in it. */
function titleTaken(ctx: Ctx, g: GroupRec, title: string, except?: MilestoneRec): boolean {
  const projects = [...ctx.state.projects.values()].filter((p) => p.namespace.kind === 'group' && p.namespace.id === g.id);
  return [...ctx.state.milestonesOfGroup(g.id), ...projects.flatMap((p) => p.milestones)].some((m) => m !== except && m.title === title);
}

/**
 * An update's fields applied to a project's or a group's milestone (`ev`: its checked state_event); a title another
 * milestone has is refused as GitLab refuses it, and nothing is changed then.
 */
export function updateMilestone(ctx: Ctx, m: MilestoneRec, ev: string | undefined, taken: (title: string) => boolean): Reply | undefined {
  const title = str(ctx.params.title);
  if (title && title !== m.title && taken(title)) return message(400, { title: ['has already been taken'] });
  if (title) m.title = title;
  if (text(ctx.params.description) !== undefined) m.description = text(ctx.params.description)!;
  if (ctx.params.due_date !== undefined) m.dueDate = str(ctx.params.due_date) ?? null;
  if (ctx.params.start_date !== undefined) m.startDate = str(ctx.params.start_date) ?? null;
  if (ev) m.state = ev === 'close' ? 'closed' : 'active';
  m.updatedAt = ctx.state.now();
  return undefined;
}

/** The milestones a group list covers: its own, its ancestors' (include_ancestors), its subgroups' and their projects' (include_descendants). */
function listed(ctx: Ctx, g: GroupRec): Array<{ m: MilestoneRec; p?: ProjectRec }> {
  const s = ctx.state;
  const ancestors = bool(ctx.params.include_ancestors) ?? bool(ctx.params.include_parent_milestones) ?? false;
  const descendants = bool(ctx.params.include_descendants) ?? false;
  const groups = new Map<number, GroupRec>((ancestors ? s.groupLineage(g.id) : [g]).map((x) => [x.id, x]));
  if (descendants) for (const x of s.groupTree(g.id)) if (s.canSeeGroup(ctx.user, x)) groups.set(x.id, x);
  const out: Array<{ m: MilestoneRec; p?: ProjectRec }> = [...groups.keys()].flatMap((id) => (s.groupMilestones.get(id) ?? []).map((m) => ({ m })));
  if (descendants) for (const p of projectsBelow(ctx, g)) out.push(...p.milestones.map((m) => ({ m, p })));
  return out;
}

/** GitLab's order of milestone lists: due date first, those without one last (then by id, for a stable answer). */
export const byDueDate = (a: MilestoneRec, b: MilestoneRec): number =>
  a.dueDate === b.dueDate ? a.id - b.id : a.dueDate === null ? 1 : b.dueDate === null ? -1 : a.dueDate < b.dueDate ? -1 : 1;

export function registerGroupMilestones(r: Router): void {
  const G = withGroup;
  /** One milestone of the group itself; GitLab's record lookup answers a plain 404. */
  const M = (fn: (ctx: Ctx, g: GroupRec, m: MilestoneRec) => Reply) => G((ctx, g, prm) => {
    const m = ctx.state.milestonesOfGroup(g.id).find((x) => String(x.id) === prm.mid);
    return m ? fn(ctx, g, m) : message(404, '404 Not found');
  });
  /** Milestones are managed from Reporter up (GitLab's admin_milestone). */
  const denied = (ctx: Ctx, g: GroupRec): Reply | undefined => (ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.reporter ? undefined : forbidden());

  r.get('groups/:id/milestones', G((ctx, g) => {
    const st = str(ctx.params.state);
    const title = str(ctx.params.title);
    const iids = intList(ctx.params.iids);
    const search = str(ctx.params.search)?.toLowerCase();
    const searchTitle = str(ctx.params.search_title)?.toLowerCase();
    // GitLab's MilestonesFinder: containing_date, and start_date with end_date (both, or neither is read), keep the
    // milestones whose timeframe meets the range (Timebox.within_timeframe: a missing end is open; none at all, out).
    const on = str(ctx.params.containing_date);
    const from = str(ctx.params.start_date); const to = str(ctx.params.end_date);
    const ranges = [...(on ? [[on, on]] : []), ...(from && to ? [[from, to]] : [])];
    const meets = (m: MilestoneRec) => ranges.every(([a, b]) => (m.startDate !== null || m.dueDate !== null) && (m.startDate === null || m.startDate <= b!) && (m.dueDate === null || m.dueDate >= a!));
    const rows = inWindow(ctx, listed(ctx, g), { updated: (x) => x.m.updatedAt }).filter(({ m }) => (!st || st === 'all' || m.state === st) && (!title || m.title === title)
      && (!iids?.length || iids.includes(m.iid)) && (!search || m.title.toLowerCase().includes(search) || m.description.toLowerCase().includes(search))
      && (!searchTitle || m.title.toLowerCase().includes(searchTitle)) && meets(m));
    return paginate(ctx, rows.sort((a, b) => byDueDate(a.m, b.m)).map(({ m, p }) => milestoneJson(ctx.state, p, m)));
  }));
  r.get('groups/:id/milestones/:mid', M((ctx, _g, m) => json(200, milestoneJson(ctx.state, undefined, m))));
  r.post('groups/:id/milestones', G((ctx, g) => {
    const title = str(ctx.params.title);
    if (!title) return missing('title');
    const refused = denied(ctx, g);
    if (refused) return refused;
    if (titleTaken(ctx, g, title)) return message(400, 'Failed to create milestone! Milestone title is already taken');
    const mine = ctx.state.milestonesOfGroup(g.id);
    const now = ctx.state.now();
    const m: MilestoneRec = {
      id: ctx.state.nextId('milestone'), iid: Math.max(0, ...mine.map((x) => x.iid)) + 1, title, description: text(ctx.params.description) ?? '', state: 'active',
      dueDate: str(ctx.params.due_date) ?? null, startDate: str(ctx.params.start_date) ?? null, createdAt: now, updatedAt: now, groupId: g.id,
    };
    mine.push(m);
    return json(201, milestoneJson(ctx.state, undefined, m));
  }));
  r.put('groups/:id/milestones/:mid', M((ctx, g, m) => {
    const fields = ['title', 'description', 'start_date', 'due_date', 'state_event'];
    if (fields.every((k) => ctx.params[k] === undefined)) return json(400, { error: `${fields.join(', ')} are missing, at least one parameter must be provided` });
    const ev = str(ctx.params.state_event);
    if (ev && ev !== 'close' && ev !== 'activate') return json(400, { error: 'state_event does not have a valid value' });
    const refused = denied(ctx, g);
    if (refused) return refused;
    return updateMilestone(ctx, m, ev, (title) => titleTaken(ctx, g, title, m)) ?? json(200, milestoneJson(ctx.state, undefined, m));
  }));
  r.delete('groups/:id/milestones/:mid', M((ctx, g, m) => {
    const refused = denied(ctx, g);
    if (refused) return refused;
    const mine = ctx.state.milestonesOfGroup(g.id);
    mine.splice(mine.indexOf(m), 1);
    // The issues and merge requests that carried it are left without a milestone.
    const tree = new Set(ctx.state.groupTree(g.id).map((x) => x.id));
    for (const p of ctx.state.projects.values()) {
      if (p.namespace.kind !== 'group' || !tree.has(p.namespace.id)) continue;
      for (const x of [...p.issues.values(), ...p.mrs.values()]) if (x.milestoneId === m.id) x.milestoneId = null;
    }
    return noContent();
  }));
  // GitLab finds them by the milestone's title across the group's projects, as its issue and merge request finders do.
  const carrying = (ctx: Ctx, p: ProjectRec, m: MilestoneRec, id: number | null) => ctx.state.milestoneOf(p, id)?.title === m.title;
  r.get('groups/:id/milestones/:mid/issues', M((ctx, g, m) => paginate(ctx, projectsBelow(ctx, g).flatMap((p) => [...p.issues.values()]
    .filter((i) => carrying(ctx, p, m, i.milestoneId) && (!i.confidential || ctx.state.accessLevel(ctx.user, p) >= ACCESS.reporter || i.authorId === ctx.user.id))
    .map((i) => issueJson(ctx.state, p, i))))));
  r.get('groups/:id/milestones/:mid/merge_requests', M((ctx, g, m) => paginate(ctx, projectsBelow(ctx, g).flatMap((p) => [...p.mrs.values()]
    .filter((x) => carrying(ctx, p, m, x.milestoneId)).map((x) => mrJson(ctx.state, p, x))))));
}
