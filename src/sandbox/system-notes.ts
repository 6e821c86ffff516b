// System notes: the lines GitLab writes in an issue's activity when something happens to it (a link, a move),
// in GitLab's own words (app/services/system_notes/issuables_service.rb and its EE override).
import type { IssueRec, ProjectRec, SandboxState } from './state.js';

/** How an issue is referred to from `from`: `#3` in the same project, `project#3` in the same namespace, else the full path. */
export function issueReference(s: SandboxState, from: ProjectRec, p: ProjectRec, i: IssueRec): string {
  if (from.id === p.id) return `#${i.iid}`;
  const sameNamespace = from.namespace.kind === p.namespace.kind && from.namespace.id === p.namespace.id;
  return `${sameNamespace ? p.path : s.projectFullPath(p)}#${i.iid}`;
}

/** Adds a system note by `authorId` to the activity of an issue. */
export function addSystemNote(s: SandboxState, p: ProjectRec, i: IssueRec, body: string, authorId: number): void {
  const at = s.now();
  s.notesFor({ kind: 'Issue', projectId: p.id, iid: i.iid, id: i.id }).push({
    id: s.nextId('note'), body, authorId, createdAt: at, updatedAt: at, system: true, discussionId: s.newDiscussionId(), type: null,
    resolvable: false, resolved: false, resolvedById: null, resolvedAt: null, position: null, internal: false,
  });
}
