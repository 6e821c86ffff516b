// Lookups every route family uses: a project the caller may see, an issue, a merge request, role checks.
import { ACCESS, type GroupRec, type IssueRec, type MrRec, type NoteableRef, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { forbidden, notFound, str } from '../util.js';

export const isReply = (x: unknown): x is Reply => typeof x === 'object' && x !== null && 'status' in x && typeof (x as Reply).status === 'number' && !('p' in x) && !('repo' in x);

/** The project by numeric id or full path, if the caller may see it; otherwise the platform's 404. */
export function loadProject(ctx: Ctx, ref: string): ProjectRec | Reply {
  const p = ctx.state.projectByRef(ref);
  if (!p || !ctx.state.canSeeProject(ctx.user, p)) return notFound('Project');
  return p;
}

/** Refuses with 403 below the role. */
/** A route of a group the caller can see (else GitLab's 404 Group Not Found), its handler given the group. */
export const withGroup = (fn: (ctx: Ctx, g: GroupRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
  const g = ctx.state.groupByRef(prm.id);
  if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
  return fn(ctx, g, prm);
};

export function requireLevel(ctx: Ctx, p: ProjectRec, level: number): Reply | undefined {
  return ctx.state.accessLevel(ctx.user, p) >= level ? undefined : forbidden();
}

export function loadIssue(ctx: Ctx, ref: string, iid: string): { p: ProjectRec; issue: IssueRec } | Reply {
  const p = loadProject(ctx, ref);
  if (isReply(p)) return p;
  const issue = /^\d+$/.test(iid) ? p.issues.get(Number(iid)) : undefined;
  if (!issue || (issue.confidential && ctx.state.accessLevel(ctx.user, p) < 20 && issue.authorId !== ctx.user.id)) return notFound('Issue');
  return { p, issue };
}

export function loadMr(ctx: Ctx, ref: string, iid: string): { p: ProjectRec; mr: MrRec } | Reply {
  const p = loadProject(ctx, ref);
  if (isReply(p)) return p;
  const mr = /^\d+$/.test(iid) ? p.mrs.get(Number(iid)) : undefined;
  if (!mr) return notFound('Merge Request');
  return { p, mr };
}

/** The two URL families of noteables: `projects/:id/issues/:iid/…` and `projects/:id/merge_requests/:iid/…`. */
export type Family = 'issues' | 'merge_requests';

/** An issue or merge request with its reference (notes, awards, time tracking, events, subscriptions key on it). */
export function loadNoteable(ctx: Ctx, family: Family, ref: string, iid: string): { p: ProjectRec; n: NoteableRef; rec: IssueRec | MrRec } | Reply {
  const x = family === 'issues' ? loadIssue(ctx, ref, iid) : loadMr(ctx, ref, iid);
  if (isReply(x)) return x;
  const rec = 'issue' in x ? x.issue : x.mr;
  return { p: x.p, n: { kind: 'issue' in x ? 'Issue' : 'MergeRequest', projectId: x.p.id, iid: rec.iid, id: rec.id }, rec };
}

/** Users by id list, ignoring unknown ids, as the platform does for assignee_ids. */
export function knownUsers(ctx: Ctx, ids: number[] | undefined): number[] | undefined {
  if (!ids) return undefined;
  return ids.filter((id) => ctx.state.users.has(id));
}

/** Projects below a group (subgroups included) that the caller may see: where group labels and milestones are used. */
export function projectsBelow(ctx: Ctx, g: GroupRec): ProjectRec[] {
  const tree = new Set(ctx.state.groupTree(g.id).map((x) => x.id));
  return [...ctx.state.projects.values()].filter((p) => p.namespace.kind === 'group' && tree.has(p.namespace.id) && ctx.state.canSeeProject(ctx.user, p));
}

/**
 * A `created_at` or `updated_at` of an issue or a note as GitLab takes it (app/services/issues/base_service.rb
 * `filter_params`, lib/api/helpers/notes_helpers.rb `create_note`): from an Owner or an administrator only
 * (`set_issue_created_at`, `set_note_created_at`, …; an issue's `iid` too); anyone else's is dropped unsaid (undefined).
 * null: an Owner's time that cannot be read (the issues API's DateTime param refuses it, the notes API's String param
 * leaves the note at the time it is written).
 */
export function ownerTime(ctx: Ctx, p: ProjectRec, key: 'created_at' | 'updated_at'): string | null | undefined {
  const raw = str(ctx.params[key]);
  if (raw === undefined || ctx.state.accessLevel(ctx.user, p) < ACCESS.owner) return undefined;
  const at = Date.parse(raw);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
