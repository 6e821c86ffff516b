// List filters issues and merge requests share, as GitLab reads them: the wildcard words of ID filters
// (`None` = the field is empty, `Any` = it is set), milestone timeboxes, and the `not[...]` exclusions.
import type { ProjectRec, SandboxState as State } from '../state.js';
import { int, intList, list, str } from '../util.js';

/** The fields the shared filters look at (issues and merge requests both have them). */
export interface Listed {
  iid: number; authorId: number; assigneeIds: number[]; labels: string[]; milestoneId: number | null;
  reviewerIds?: number[]; weight?: number | null;
}

/** A scalar ID filter: absent, `None`, `Any` or an exact value. */
export function wildcardMatch(value: number | null | undefined, want: unknown): boolean {
  const w = str(want);
  if (w === undefined) return true;
  if (w.toLowerCase() === 'none') return value === null || value === undefined;
  if (w.toLowerCase() === 'any') return value !== null && value !== undefined;
  return value === Number(w);
}

/** `milestone_id`: None, Any, Upcoming (starts after today) or Started (active, started by today). */
export function timeboxMatch(s: State, p: ProjectRec, milestoneId: number | null, want: unknown): boolean {
  const w = str(want);
  if (w === undefined) return true;
  if (w === 'None') return milestoneId === null;
  if (w === 'Any') return milestoneId !== null;
  const m = s.milestoneOf(p, milestoneId);
  if (!m || m.state !== 'active') return false;
  const today = s.now().slice(0, 10);
  if (w === 'Upcoming') return !!m.startDate && m.startDate > today;
  if (w === 'Started') return !!m.startDate && m.startDate <= today;
  return false;
}

/** Every given `not[...]` filter: the item matches none of them. */
export function notMatch(s: State, p: ProjectRec, x: Listed, not: unknown): boolean {
  if (!not || typeof not !== 'object') return true;
  const n = not as Record<string, unknown>;
  const labels = list(n.labels);
  if (labels?.length && labels.some((l) => x.labels.includes(l))) return false;
  const milestone = str(n.milestone);
  if (milestone && s.milestoneOf(p, x.milestoneId)?.title === milestone) return false;
  if (n.milestone_id !== undefined && timeboxMatch(s, p, x.milestoneId, n.milestone_id)) return false;
  const iids = intList(n.iids);
  if (iids?.length && iids.includes(x.iid)) return false;
  const author = int(n.author_id);
  if (author !== undefined && x.authorId === author) return false;
  const authorName = str(n.author_username);
  if (authorName && x.authorId === s.userByName(authorName)?.id) return false;
  if (n.assignee_id !== undefined && idsMatch(x.assigneeIds, n.assignee_id)) return false;
  const assigneeName = str(n.assignee_username);
  if (assigneeName && x.assigneeIds.includes(s.userByName(assigneeName)?.id ?? -1)) return false;
  if (x.reviewerIds) {
    if (n.reviewer_id !== undefined && idsMatch(x.reviewerIds, n.reviewer_id)) return false;
    const reviewerName = str(n.reviewer_username);
    if (reviewerName && x.reviewerIds.includes(s.userByName(reviewerName)?.id ?? -1)) return false;
  }
  const weight = int(n.weight);
  if (weight !== undefined && x.weight === weight) return false;
  return true;
}

/** A list of IDs against `None` / `Any` / an ID. */
export function idsMatch(ids: number[], want: unknown): boolean {
  const w = str(want);
  if (w === undefined) return true;
  if (w.toLowerCase() === 'none') return ids.length === 0;
  if (w.toLowerCase() === 'any') return ids.length > 0;
  return ids.includes(Number(w));
}
