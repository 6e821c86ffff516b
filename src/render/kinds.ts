// The objects assistants read most, as data: how an answer is recognised as one of them, the fields
// that decide what the user does next (shown first, in this order, read by their format), and the
// columns of a list of them. Applied by the generic renderer to the Markdown and to structuredContent;
// every other field stays listed by name. A kind is recognised by the keys GitLab always sends for it,
// so the same table serves an action's own answer and a list answered by another domain.
import type { Format } from './format.js';
import type { Rec } from './shared.js';

export interface KindField {
  key: string;
  format?: Format;
}

interface KindColumn {
  header: string;
  key: string;
  format?: Format;
  /**
   * Shown only when some item of the list has a value that says something: not empty, not false (a pipeline's coverage,
   * an archived project); `nonzero`, also not 0 (upvotes: a column of zeros says nothing).
   */
  whenPresent?: boolean | 'nonzero';
  /** The cell's width in characters (default 100): a to-do's body is cut short, a list row carries no long text. */
  max?: number;
}

export interface Kind {
  name: string;
  /** An object is of this kind when it has every one of these keys. */
  marks: readonly string[];
  fields: readonly KindField[];
  columns: readonly KindColumn[];
  /** The field a single object is titled by when it is not one of the usual title fields (a schedule's description, not its ref). */
  title?: string;
  /** Fields the decision fields already say (a deprecated twin, a nested detail): listed by name only, never shown twice. */
  hides?: readonly string[];
  /** Its lists can span projects: a list read without a project carries each item's project path. */
  crossProject?: true;
  /** Rendered as comment threads (src/render/threads.ts) rather than as fields or a table. */
  threads?: true;
  /** A list of them is a file's blame, rendered as line ranges with their lines (src/render/blame.ts). */
  blame?: true;
  /** A list of them is code search hits, rendered as files and line numbers with their snippets (src/render/blobs.ts). */
  blobs?: true;
  /** A pipeline's test report, rendered as totals, suites and the failed tests with their output (src/render/test-report.ts). */
  testReport?: true;
  /** A line under the heading saying what the route counts: a fact of the request, which the objects do not carry. */
  scope?: (path: string) => string | undefined;
}

const f = (key: string, format?: Format): KindField => ({ key, ...(format ? { format } : {}) });
const c = (header: string, key: string, format?: Format, whenPresent?: boolean | 'nonzero', max?: number): KindColumn =>
  ({ header, key, ...(format ? { format } : {}), ...(whenPresent ? { whenPresent } : {}), ...(max ? { max } : {}) });

/** First match wins: the more specific kinds come first. */
export const KINDS: readonly Kind[] = [
  { name: 'test_report', marks: ['test_suites', 'total_count', 'failed_count'], fields: [], columns: [], testReport: true },
  { name: 'discussion', marks: ['individual_note', 'notes'], fields: [f('id'), f('individual_note')], columns: [], threads: true },
  // GraphQL's threads (an epic's): resolution said of the thread, its notes a connection.
  { name: 'graphql_discussion', marks: ['resolvable', 'resolved', 'notes'], fields: [f('id'), f('resolved')], columns: [], threads: true },
  {
    name: 'note',
    marks: ['body', 'noteable_type'],
    fields: [f('id'), f('author', 'person'), f('type'), f('system'), f('resolvable'), f('resolved'), f('resolved_by', 'person'), f('position', 'position'),
      f('noteable_type'), f('noteable_iid'), f('created_at')],
    columns: [],
    threads: true,
  },
  // A merge request's approvals (`/approvals`): who approved (each wrapped as {"user": {…}}) and how many are left.
  {
    name: 'approvals',
    marks: ['approvals_required', 'approvals_left', 'approved_by'],
    fields: [f('iid'), f('title'), f('state'), f('approved'), f('approvals_required'), f('approvals_left'), f('approved_by', 'people'), f('user_can_approve'), f('user_has_approved')],
    columns: [],
  },
  // One range of a file's blame (GET …/files/:path/blame): the commit that last changed these lines, and the lines.
  { name: 'blame_range', marks: ['commit', 'lines'], fields: [], columns: [], blame: true },
  // A code search hit (search scope blobs): a file, the line its snippet starts at, and the snippet.
  { name: 'blob_hit', marks: ['basename', 'data', 'startline'], fields: [], columns: [], blobs: true },
  // Who added or removed which label or milestone, or changed the state, and when (GitLab's resource events): the
  // label, milestone or state is what the list is read for.
  {
    name: 'label_event',
    marks: ['resource_type', 'resource_id', 'label', 'action'],
    fields: [f('id'), f('action'), f('label', 'name'), f('user', 'person'), f('created_at'), f('resource_type'), f('resource_id')],
    columns: [c('id', 'id'), c('action', 'action'), c('label', 'label', 'name'), c('by', 'user', 'person'), c('at', 'created_at', 'date')],
  },
  {
    name: 'milestone_event',
    marks: ['resource_type', 'resource_id', 'milestone', 'action'],
    fields: [f('id'), f('action'), f('milestone', 'milestone'), f('user', 'person'), f('created_at'), f('resource_type'), f('resource_id')],
    columns: [c('id', 'id'), c('action', 'action'), c('milestone', 'milestone', 'milestone'), c('by', 'user', 'person'), c('at', 'created_at', 'date')],
  },
  {
    name: 'state_event',
    marks: ['resource_type', 'resource_id', 'state'],
    fields: [f('id'), f('state'), f('user', 'person'), f('created_at'), f('resource_type'), f('resource_id')],
    columns: [c('id', 'id'), c('state', 'state'), c('by', 'user', 'person'), c('at', 'created_at', 'date')],
  },
  // An activity event (a user's or a project's): what was done to what — a push's branch, commits and title, a comment's
  // text, an issue or merge request by reference and title.
  {
    name: 'event',
    marks: ['action_name', 'target_type', 'author_id'],
    fields: [f('id'), f('action_name'), f('target_type', 'event_target'), f('author', 'person'), f('project_id'), f('created_at')],
    columns: [c('id', 'id'), c('at', 'created_at', 'date'), c('author', 'author', 'person'), c('action', 'action_name'), c('what', 'target_type', 'event_target', false, 120),
      c('project', 'project_id')],
    hides: ['target_id', 'target_iid', 'target_title', 'push_data', 'note', 'author_username'],
  },
  // A label: the counts of its open issues and merge requests when the list was read with_counts (GitLab sends them only then).
  {
    name: 'label',
    marks: ['name', 'color', 'description'],
    fields: [f('id'), f('name'), f('description'), f('open_issues_count'), f('closed_issues_count'), f('open_merge_requests_count'), f('priority'), f('color'),
      f('is_project_label'), f('subscribed')],
    columns: [c('id', 'id'), c('name', 'name'), c('description', 'description', undefined, true, 60), c('open issues', 'open_issues_count', undefined, true),
      c('closed issues', 'closed_issues_count', undefined, true), c('open MRs', 'open_merge_requests_count', undefined, true), c('priority', 'priority', undefined, true),
      c('color', 'color')],
  },
  // A to-do: what happened (action_name) to what (target), where and by whom; its body is the target's title or the note, cut short.
  {
    name: 'todo',
    marks: ['action_name', 'target_type', 'target_url'],
    fields: [f('id'), f('action_name'), f('target', 'target'), f('project', 'project_ref'), f('author', 'person'), f('state'), f('created_at')],
    columns: [c('id', 'id'), c('action', 'action_name'), c('target', 'target', 'target'), c('project', 'project', 'project_ref'), c('author', 'author', 'person'),
      c('body', 'body', undefined, false, 60)],
    hides: ['target_type'],
  },
  // Who may push, merge, unprotect (a protected branch, a project's or a group's) and whether force push and code owners' approval apply.
  {
    name: 'protected_branch',
    marks: ['name', 'push_access_levels', 'merge_access_levels'],
    fields: [f('name'), f('push_access_levels', 'access_levels'), f('merge_access_levels', 'access_levels'), f('unprotect_access_levels', 'unprotect_levels'),
      f('allow_force_push'), f('code_owner_approval_required'), f('inherited')],
    columns: [c('name', 'name'), c('push', 'push_access_levels', 'access_levels'), c('merge', 'merge_access_levels', 'access_levels'),
      c('unprotect', 'unprotect_access_levels', 'unprotect_levels', true), c('force push', 'allow_force_push'), c('code owners', 'code_owner_approval_required')],
  },
  {
    name: 'protected_tag',
    marks: ['name', 'create_access_levels'],
    fields: [f('name'), f('create_access_levels', 'access_levels')],
    columns: [c('name', 'name'), c('create', 'create_access_levels', 'access_levels')],
  },
  {
    // A project's badges include its group's: `kind` says whose each is.
    name: 'badge',
    marks: ['link_url', 'image_url', 'kind'],
    fields: [f('id'), f('name'), f('kind'), f('link_url'), f('rendered_link_url'), f('image_url'), f('rendered_image_url')],
    columns: [c('id', 'id'), c('name', 'name'), c('kind', 'kind'), c('link_url', 'link_url'), c('rendered link', 'rendered_link_url')],
  },
  {
    name: 'milestone',
    marks: ['iid', 'title', 'state', 'expired'],
    fields: [f('id'), f('iid'), f('title'), f('state'), f('start_date'), f('due_date'), f('expired'), f('project_id'), f('group_id'), f('web_url')],
    // The ID is what milestone_id takes (the iid is per project or group); a group's milestone, listed among a
    // project's with include_ancestors, says its group (both can have iid 1).
    columns: [c('id', 'id'), c('iid', 'iid'), c('title', 'title'), c('group', 'group_id', undefined, true), c('state', 'state'), c('start', 'start_date'), c('due', 'due_date'), c('expired', 'expired')],
  },
  {
    name: 'merge_request',
    marks: ['iid', 'source_branch', 'target_branch'],
    fields: [
      f('iid'), f('title'), f('state'), f('draft'), f('detailed_merge_status', 'merge_status'), f('has_conflicts'),
      f('blocking_discussions_resolved'), f('head_pipeline', 'pipeline'), f('approved'), f('approvals_left'), f('source_branch'), f('target_branch'),
      f('author', 'person'), f('assignees', 'people'), f('reviewers', 'people'), f('labels', 'labels'), f('milestone', 'milestone'),
      f('merge_when_pipeline_succeeds'), f('merge_error'), f('user', 'can_merge'), f('sha'), f('subscribed'),
      // Who merged or closed it and when: said only once it happened.
      f('merge_user', 'person'), f('merged_at', 'date'), f('closed_by', 'person'), f('closed_at', 'date')
    ],
    columns: [c('iid', 'iid'), c('title', 'title'), c('state', 'state'), c('draft', 'draft'), c('source', 'source_branch'), c('author', 'author', 'person'), c('merge status', 'detailed_merge_status'),
      c('conflicts', 'has_conflicts'), c('upvotes', 'upvotes', undefined, 'nonzero'), c('merged', 'merged_at', 'date', true)],
    hides: ['merge_status', 'work_in_progress', 'assignee', 'pipeline', 'merged_by'],
    crossProject: true,
  },
  {
    name: 'issue',
    marks: ['iid', 'confidential', 'state'],
    fields: [
      f('iid'), f('title'), f('state'), f('link_type'), f('issue_link_id'), f('confidential'), f('author', 'person'), f('assignees', 'people'), f('labels', 'labels'),
      f('milestone', 'milestone'), f('due_date'), f('weight'), f('time_stats', 'time_stats'), f('task_completion_status', 'tasks'), f('epic', 'name'),
      f('health_status'), f('user_notes_count'), f('merge_requests_count'), f('subscribed'), f('closed_by', 'person'), f('closed_at', 'date')
    ],
    // A linked issue (issue.link_list) carries its link's type and ID (what issue.link_delete takes); a confidential one, a due date, a weight or who closed it and when is said when some item has one.
    // Who filed it and whether anyone commented: assistants read each issue of a list again for these two (who asked for X, who filed most).
    columns: [c('iid', 'iid'), c('title', 'title'), c('link type', 'link_type', undefined, true), c('link id', 'issue_link_id', undefined, true), c('state', 'state'), c('confidential', 'confidential', undefined, true),
      c('author', 'author', 'person'), c('assignees', 'assignees', 'people'), c('labels', 'labels', 'labels'), c('milestone', 'milestone', 'milestone'),
      c('comments', 'user_notes_count'), c('upvotes', 'upvotes', undefined, 'nonzero'), c('due', 'due_date', undefined, true),
      c('weight', 'weight', undefined, true), c('closed by', 'closed_by', 'person', true), c('closed', 'closed_at', 'date', true)],
    hides: ['assignee'],
    crossProject: true,
  },
  // A commit's status (a CI job's or an external check's, `repository.commit_statuses`, the answer of `commit_status_set`):
  // the check by its name, its state and whether it may fail; its sha is the commit asked about.
  {
    name: 'commit_status',
    marks: ['sha', 'name', 'status', 'target_url'],
    fields: [f('id'), f('name'), f('status'), f('allow_failure'), f('description'), f('coverage'), f('pipeline_id'), f('ref'), f('target_url'), f('created_at', 'date')],
    // Its id first, as the pipeline table it was taken for said it: a CI job's status is that job (job.trace, job.retry).
    // The commit and ref it was reported on: asked by a branch's name, the list says which commit that was.
    columns: [c('id', 'id'), c('name', 'name'), c('status', 'status'), c('allowed to fail', 'allow_failure', undefined, true), c('description', 'description', undefined, true, 60),
      c('coverage', 'coverage', undefined, true), c('pipeline', 'pipeline_id', undefined, true), c('sha', 'sha', 'sha'), c('ref', 'ref', undefined, true), c('created', 'created_at', 'date')],
  },
  {
    name: 'job',
    marks: ['stage', 'status', 'name', 'pipeline'],
    fields: [
      f('id'), f('name'), f('stage'), f('status'), f('failure_reason', 'failure_reason'), f('allow_failure'),
      f('pipeline', 'pipeline'), f('ref'), f('duration', 'duration'), f('queued_duration', 'duration'), f('runner', 'runner'), f('artifacts', 'artifacts'),
      f('artifacts_expire_at', 'date'), f('user', 'person')
    ],
    // The coverage a job measured (which job the pipeline's figure came from), and the archive a job kept and when it
    // expires (the pipeline's downloads), when some job of the list has one.
    columns: [c('id', 'id'), c('name', 'name'), c('stage', 'stage'), c('status', 'status'), c('failure reason', 'failure_reason', undefined, true),
      c('allowed to fail', 'allow_failure', undefined, true), c('duration', 'duration', 'duration', true), c('coverage', 'coverage', undefined, true),
      c('artifacts', 'artifacts_file', 'artifact_file', true),
      c('artifacts expire', 'artifacts_expire_at', 'date', true)],
  },
  {
    name: 'pipeline',
    marks: ['id', 'ref', 'sha', 'status'],
    fields: [
      f('id'), f('status', 'pipeline_status'), f('ref'), f('sha'), f('source'), f('coverage'), f('duration', 'duration'), f('user', 'person'),
     
    ],
    columns: [c('id', 'id'), c('ref', 'ref'), c('sha', 'sha', 'sha'), c('status', 'status'), c('source', 'source'), c('created', 'created_at', 'date'),
      c('coverage', 'coverage', undefined, true)],
    hides: ['detailed_status'],
  },
  // A pipeline schedule: what it runs (its description, ref) and when (cron in its time zone, the next run); a list
  // of them answers "what runs when" without a read per schedule.
  {
    name: 'pipeline_schedule',
    marks: ['cron', 'cron_timezone', 'next_run_at'],
    title: 'description',
    fields: [f('id'), f('description'), f('ref'), f('cron'), f('cron_timezone'), f('next_run_at', 'date'), f('active'), f('owner', 'person'),
      f('last_pipeline', 'pipeline')],
    columns: [c('id', 'id'), c('description', 'description', undefined, false, 60), c('ref', 'ref'), c('cron', 'cron'), c('time zone', 'cron_timezone'),
      c('next run', 'next_run_at', 'date'), c('active', 'active'), c('owner', 'owner', 'person')],
  },
  {
    name: 'member',
    marks: ['username', 'access_level'],
    fields: [f('username'), f('name'), f('access_level', 'role'), f('expires_at'), f('state'), f('membership_state')],
    // Where a membership comes from, when the server read it (`source: true`): GitLab's member objects do not say it.
    columns: [c('username', 'username'), c('name', 'name'), c('role', 'access_level', 'role'), c('source', 'source', undefined, true), c('expires', 'expires_at', undefined, true)],
    scope: memberScope,
  },
  {
    name: 'release',
    marks: ['tag_name', 'released_at'],
    fields: [f('tag_name'), f('name'), f('commit', 'commit'), f('released_at'), f('upcoming_release'), f('author', 'person'), f('milestones', 'milestones'),
      f('assets', 'assets'), f('evidences', 'evidences')],
    columns: [c('tag', 'tag_name'), c('name', 'name'), c('released_at', 'released_at', 'date'), c('upcoming', 'upcoming_release', undefined, true)],
  },
  {
    name: 'tag',
    marks: ['name', 'target', 'commit'],
    fields: [f('name'), f('commit', 'commit'), f('message'), f('release', 'release'), f('protected'), f('target')],
    // An annotated tag's message and the release on a tag, when some tag of the list has one.
    columns: [c('name', 'name'), c('commit', 'commit', 'commit'), c('message', 'message', undefined, true, 60), c('release', 'release', 'release', true),
      c('protected', 'protected')],
  },
  {
    name: 'branch',
    marks: ['name', 'commit', 'merged', 'protected'],
    fields: [f('name'), f('commit', 'commit'), f('merged'), f('protected'), f('default')],
    // The head commit's author and date say who works on a branch and which branches are stale, the everyday questions about a branch list.
    columns: [c('name', 'name'), c('commit', 'commit', 'commit'), c('author', 'commit.author_name'), c('date', 'commit.committed_date', 'date'), c('merged', 'merged'),
      c('protected', 'protected'),
      c('default', 'default', undefined, true)],
  },
  // A commit (a list's, a comparison's): short sha, title, author and when; the whole sha stays in structuredContent (its id).
  {
    name: 'commit',
    marks: ['short_id', 'title', 'author_name', 'authored_date'],
    fields: [f('id'), f('short_id'), f('title'), f('author_name'), f('authored_date'), f('committer_name'), f('committed_date'), f('parent_ids'),
      f('stats', 'stats'), f('last_pipeline', 'pipeline'), f('status'), f('web_url')],
    columns: [c('sha', 'short_id'), c('title', 'title'), c('author', 'author_name'), c('date', 'authored_date', 'date')],
  },
  // A merge request's diff version (one per push): a line comment's position takes its three SHAs whole, named
  // base_sha, start_sha and head_sha there (mr_review.discussion_create).
  {
    name: 'diff_version',
    marks: ['head_commit_sha', 'base_commit_sha', 'start_commit_sha'],
    fields: [f('id'), f('state'), f('base_commit_sha'), f('start_commit_sha'), f('head_commit_sha'), f('created_at', 'date')],
    columns: [c('id', 'id'), c('state', 'state'), c('base_sha', 'base_commit_sha'), c('start_sha', 'start_commit_sha'), c('head_sha', 'head_commit_sha'),
      c('created', 'created_at', 'date')],
  },
  // A group (GitLab sends a group's default_branch too, so it comes before the project).
  {
    name: 'group',
    marks: ['full_path', 'parent_id', 'visibility'],
    fields: [f('id'), f('full_path'), f('name'), f('visibility'), f('parent_id'), f('web_url')],
    columns: [c('id', 'id'), c('path', 'full_path'), c('name', 'name'), c('visibility', 'visibility'), c('description', 'description', undefined, true, 60)],
  },
  {
    name: 'project',
    marks: ['default_branch', 'visibility'],
    fields: [
      f('id'), f('path_with_namespace'), f('name'), f('visibility'), f('default_branch'), f('archived'), f('empty_repo'), f('open_issues_count'),
      f('topics', 'labels'), f('forked_from_project', 'project_path'), f('creator_id'), f('star_count'), f('forks_count'), f('last_activity_at'), f('web_url')
    ],
    columns: [c('id', 'id'), c('path', 'path_with_namespace'), c('visibility', 'visibility'), c('default_branch', 'default_branch'),
      c('open issues', 'open_issues_count', undefined, true), c('archived', 'archived', undefined, true)],
  },
];

/**
 * The field a list read in an asked order (`order_by`, or a `sort` such as `updated_desc`) is ordered by, where GitLab names
 * the order otherwise than the field it sends (the first of them an item carries; a dot reads a nested field): the list
 * shows it when it has no column for it. An order named as the field itself (`due_date`, `weight`, `star_count`,
 * `merged_at`, `created_at`) needs no entry. Orders by what GitLab computes and does not send on the item (`priority`,
 * `label_priority`, `relative_position`, `similarity`) add nothing.
 */
export const ORDER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  popularity: ['upvotes'], milestone_due: ['milestone.due_date'],
  created: ['created_at'], updated: ['updated_at', 'commit.committed_date'], expires: ['expires_at'], last_used: ['last_used_at'], detected: ['detected_at'],
  last_joined: ['created_at'], oldest_joined: ['created_at'], recent_sign_in: ['last_sign_in_at'], oldest_sign_in: ['last_sign_in_at'],
};

/**
 * What a route counts, for an empty list too (no item to tell its kind).
 * GitLab's member objects never say whether a membership is direct or inherited: the route does
 * (`/members…` the source's own members only, `/members/all…` parent groups' and invited groups' too;
 * gitlabhq bc7f4d7d lib/api/helpers/members_helpers.rb `retrieve_members`).
 */
export function memberScope(path: string): string | undefined {
  if (/\/members\/all$/.test(path)) return 'Direct and inherited members (GitLab `members/all`): everyone with access, parent and invited groups counted; GitLab\'s items do not say which (`source: true` adds a column that does, `direct: true` lists the direct ones only).';
  if (/\/members\/all\/\{user_id\}$/.test(path)) return 'Effective membership (GitLab `members/all/:user_id`): direct or inherited from a parent group.';
  if (/\/members(\/\{user_id\})?$/.test(path)) return 'Direct membership (GitLab `members`, not `members/all`): access inherited from parent groups or through invited groups is not counted here.';
  return undefined;
}

/** The kind an object is, or undefined. */
export function kindOf(v: Rec): Kind | undefined {
  return KINDS.find((k) => k.marks.every((m) => m in v));
}
