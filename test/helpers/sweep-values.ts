// Minimal valid values for the sweep, chosen to hit the sandbox's seed objects.
import { join } from 'node:path';
import type { Action, ParamSpec } from '../../src/catalog/define.js';
import { PNG_1PX, USER_SWEEP } from './sweep-users.js';
import { SETTINGS_SWEEP } from './sweep-settings.js';

/** Ids discovered from the sandbox at the start of the sweep (hashed discussion ids). */
export const discovered: Record<string, unknown> = {};

/** Per-action values where the seed object differs from the default (the action creates or names its own). */
const BY_ACTION: Record<string, Record<string, unknown>> = {
  'branch.create': { branch_name: 'sweep-branch', ref: 'main' },
  'repository.branch_create': { branch: 'sweep-branch-2', ref: 'main' },
  'issue.update': { title: 'Swept' },
  'merge_request.update': { title: 'Swept' },
  'merge_request.cancel_auto_merge': { merge_request_iid: 4 },
  // Approvals, dependencies and order, set up so each call succeeds on the simulated state (!1 is merged by the sweep).
  'merge_request.approval_rule_create': { user_ids: [2] },
  'merge_request.rebase': { merge_request_iid: 4 },
  'merge_request.dependency_create': { merge_request_iid: 4, blocking_merge_request_iid: 3 },
  'merge_request.dependency_delete': { merge_request_iid: 4, block_id: 1 },
  'issue.reorder': { move_after_id: 102 },
  'mr_review.discussion_note_update': { body: 'swept' },
  'issue.work_item_update': { work_item_iid: 2, title: 'Swept' },
  'issue.work_item_delete': { work_item_iid: 3 },
  'issue.delete': { issue_iid: 5 },
  'job.play': { job_id: 2014 },
  'job.keep_artifacts': { job_id: 2012 },
  'job.artifacts': { job_id: 2011 },
  'job.download_single_artifact': { job_id: 2011, artifact_path: 'dist/index.js' },
  'job.download_artifacts': { ref_name: 'main', job: 'compile' },
  'job.download_single_artifact_by_ref': { ref_name: 'main', job: 'compile', artifact_path: 'dist/index.js' },
  'repository.merge_base': { refs: ['main', 'feature/login-fix'] },
  'repository.commit_create': { actions: [{ action: 'create', file_path: 'sweep.txt', content: 'sweep' }] },
  'repository.file_create': { file_path: 'sweep-new.txt' },
  'repository.read_submodule_file': { project_id: 'demo-group/demo-project', ref: 'with-submodule', submodule_path: 'vendor/other-project', file_path: 'index.js' },
  'repository.list_submodules': { ref: 'with-submodule' },
  'dependency.export_get': { interval_seconds: 1, timeout_seconds: 1 },
  'package.publish_directory': { file_name: '*.tar.gz' },
  'issue.move': { issue_iid: 6, to_project_id: 2 },
  'group.epic_delete': { epic_iid: 7 },
  'mr_review.note_delete': { note_id: 5103 },
  // issue.note_delete removes note 5001 first; this one deletes the other seeded note of issue 1.
  'issue.discussion_delete_note': { note_id: 5003 },
  'branch.delete': { branch_name: 'docs/guide-reviews' },
  'branch.get_protected': { name: 'main' },
  'branch.update_protected': { name: 'main' },
  'branch.unprotect': { name: 'main' },
  'branch.protect': { name: 'feature/*' },
  'merge_request.create': { source_branch: 'sweep-branch', target_branch: 'main' },
  'interactive.mr_create': { source_branch: 'sweep-branch', target_branch: 'feature/login-fix' },
  'project.create': { name: 'sweep-project' },
  'interactive.project_create': { name: 'sweep-project-2' },
  'tag.create': { tag_name: 'v9.9.9', ref: 'main' },
  // GitLab's wildcard words and not[...] exclusions (issue #18), so the sandbox's handling of them runs too.
  'issue.list': { assignee_id: 'None', not_iids: [2], milestone_id: 'Any' },
  'issue.list_group': { assignee_id: 'Any', not_author_id: 1, epic_id: 'None' },
  'issue.list_all': { weight: 'None', not_labels: 'bug', not_milestone_id: 'Upcoming' },
  'issue.statistics_get_project': { iteration_id: 'None', not_weight: 3 },
  'merge_request.list': { reviewer_id: 'None', not_assignee_id: 'Any' },
  'merge_request.list_group': { assignee_id: 'Any', not_reviewer_id: 1 },
  'merge_request.list_global': { reviewer_id: 'Any', not_author_id: 2 },
  // The sandbox's seeded objects for the routes it simulates with state (issue #29).
  'issue.get_by_id': { issue_id: 101 },
  'issue.link_create': { target_project_id: '2', target_issue_iid: 1 },
  'issue.link_get': { issue_link_id: 1501 },
  'issue.link_delete': { issue_link_id: 1501 },
  'issue.emoji_issue_create': { name: 'tada' },
  'issue.emoji_issue_get': { award_id: 1201 },
  'issue.emoji_issue_delete': { award_id: 1201 },
  'issue.emoji_issue_note_create': { note_id: 5002, name: 'tada' },
  'issue.emoji_issue_note_get': { note_id: 5002, award_id: 1202 },
  'issue.emoji_issue_note_delete': { note_id: 5002, award_id: 1202 },
  'merge_request.emoji_mr_create': { name: 'tada' },
  'merge_request.emoji_mr_get': { award_id: 1203 },
  'merge_request.emoji_mr_delete': { award_id: 1203 },
  'merge_request.emoji_mr_note_create': { name: 'tada' },
  'merge_request.emoji_mr_note_get': { award_id: 1204 },
  'merge_request.emoji_mr_note_delete': { award_id: 1204 },
  'issue.event_issue_label_get': { event_id: 1401 },
  'issue.event_issue_milestone_get': { event_id: 1402 },
  'issue.event_issue_state_get': { issue_iid: 4, event_id: 1406 },
  'merge_request.event_mr_label_get': { event_id: 1404 },
  'merge_request.event_mr_milestone_get': { event_id: 1405 },
  'merge_request.event_mr_state_get': { merge_request_iid: 5, event_id: 1407 },
  'mr_review.diff_version_get': { version_id: 501 },
  'mr_review.draft_note_get': { draft_note_id: 1601 },
  'mr_review.draft_note_update': { draft_note_id: 1601, note: 'sweep' },
  'mr_review.draft_note_publish': { draft_note_id: 1602 },
  'mr_review.draft_note_delete': { merge_request_iid: 4, draft_note_id: 1603 },
  'project.label_get': { label_id: 'bug' },
  'project.label_update': { label_id: 'bug', color: '#ff0000' },
  'project.label_delete': { label_id: 'performance' },
  // Group objects (issue #30): the sweep's group badge is id 2 (after the project's), its group label `sweep-group`;
  // names and titles of the group's own (a group's `sweep` label or `Sweep` milestone would take them from project 1).
  'group.badge_get': { badge_id: 2 },
  'group.badge_edit': { badge_id: 2, name: 'swept' },
  'group.badge_delete': { badge_id: 2 },
  'group.group_label_get': { label_id: 'sweep-group' },
  'group.group_label_create': { name: 'sweep-group-2' },
  'group.group_label_update': { label_id: 'sweep-group', color: '#ff0000' },
  'group.group_label_delete': { label_id: 'sweep-group' },
  'group.group_label_subscribe': { label_id: 'sweep-group' },
  'group.group_label_unsubscribe': { label_id: 'sweep-group' },
  'group.group_milestone_create': { title: 'Sweep group' },
  'group.group_milestone_update': { description: 'Swept' },
  'access.approve_project': { user_id: 61 },
  'access.approve_group': { user_id: 61 },
  'access.deny_project': { user_id: 62 },
  'access.deny_group': { user_id: 62 },
  'project.member_add': { user_id: 4 },
  'group.group_member_add': { user_id: '2' },
  'project.member_get': { user_id: 3 },
  'project.member_edit': { user_id: 3 },
  'project.member_delete': { user_id: 3 },
  'release.create': { tag_name: 'v9.9.8', ref: 'main' },
  'interactive.release_create': { tag_name: 'v9.9.7', ref: 'main' },
  'release.link_create_batch': { links: [{ name: 'sweep binary', url: 'https://example.com/sweep-bin' }] },
  'release.link_get': { tag_name: 'v1.1.0', link_id: 901 },
  'release.link_update': { tag_name: 'v1.1.0', link_id: 901 },
  'release.link_delete': { tag_name: 'v1.1.0', link_id: 901 },
  'user.todo_mark_done': { todo_id: 1303 },
  'wiki.update': { content: 'sweep' },
  ...USER_SWEEP,
  // Schedules, triggers, resource groups, job token scope, commit discussions, changelogs, cherry-picks,
  // submodules, protected tags and uploads; the sweep makes their first objects (sweep-settings.ts).
  ...SETTINGS_SWEEP,
  // The project settings areas (issue #29); the sweep creates their first objects (sweep.test.ts).
  'project.board_list_create': { label_id: 306 },
  'project.label_promote': { label_id: 'priority::low' },
  'project.pages_domain_create': { domain: 'new.sweep.example.com' },
  'project.pages_domain_get': { domain: 'sweep.example.com' },
  'project.pages_domain_update': { domain: 'sweep.example.com' },
  'project.pages_domain_delete': { domain: 'sweep.example.com' },
  'project.push_rule_add': { member_check: true },
  'project.push_rule_edit': { max_file_size: 50 },
  'project.create_fork_relation': { project_id: '2', forked_from_id: 1 },
  'project.delete_fork_relation': { project_id: '2' },
  // Group sharing is simulated with state: each share is undone by its twin's unshare, in catalog order.
  'group.share_with_group': { group_id: '10', shared_with_group_id: 11, group_access: 30 },
  'group.group_member_share': { group_id: '11', shared_with_group_id: 10, group_access: 30 },
  'group.unshare_from_group': { group_id: '10', shared_with_group_id: 11 },
  'group.group_member_unshare': { group_id: '11', shared_with_group_id: 10 },
  'project.share_with_group': { group_id: 11, group_access: 30 },
  'project.delete_shared_group': { group_id: 11 },
  'project.transfer': { namespace: 'demo-group/platform' },
  'project.hook_delete': { hook_id: 2 },
  'project.board_delete': { board_id: 2 },
};

/** Objects the sweep creates first (sweep.test.ts), for the actions that act on them. */
const DISCOVERED_BY_ACTION: Record<string, Record<string, string>> = {
  'project.transfer': { project_id: 'scratchProject' },
  'project.restore': { project_id: 'doomedProject' },
  'project.service_account_pat_rotate': { token_id: 'serviceAccountToken' },
  'project.service_account_pat_revoke': { token_id: 'serviceAccountToken2' },
  'project.service_account_delete': { user_id: 'serviceAccount2' },
};

const BY_NAME: Record<string, unknown> = {
  project_id: '1',
  group_id: '10',
  namespace_id: '10',
  user_id: 1,
  issue_iid: 1,
  merge_request_iid: 1,
  note_id: 5001,
  pipeline_id: 1001,
  job_id: 2022,
  snippet_id: 1,
  branch: 'main',
  branch_name: 'main',
  ref: 'main',
  ref_name: 'main',
  sha: 'main',
  commit_sha: 'main',
  file_path: 'README.md',
  tag_name: 'v1.0.0',
  title: 'Sweep',
  name: 'sweep',
  username: 'demo',
  email: 'sweep@example.com',
  search: 'demo',
  scope: 'projects',
  content: 'sweep',
  commit_message: 'sweep',
  key: 'SWEEP_KEY',
  value: 'sweep',
  url: 'https://example.com/hook',
  discussion_id: '1',
  slug: 'home',
  full_path: 'demo-group/demo-project',
  source_branch: 'feature',
  target_branch: 'main',
  from: 'main',
  to: 'main',
  access_level: 30,
  milestone_id: 401,
  milestone_iid: 1,
  duration: '1h',
  // A token of its own (see sweep.test.ts), so revoking or rotating it ends nothing else.
  token_id: 77,
};

/** `@name`: a value made at the start of the sweep. */
const resolved = (v: unknown): unknown => (typeof v === 'string' && v.startsWith('@') ? discovered[v.slice(1)] : v);

const MR_DOMAINS = new Set(['merge_request', 'mr_review']);

/** Extra (not required) params an action needs for a meaningful call. */
function sweepExtras(a: Action): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(BY_ACTION[a.id] ?? {})) if (k in a.params) out[k] = resolved(v);
  if (a.upload) Object.assign(out, { content_base64: Buffer.from('sweep upload').toString('base64'), file_name: 'sweep.txt' });
  if (a.id === 'user.upload_avatar') Object.assign(out, { content_base64: PNG_1PX.toString('base64'), file_name: 'sweep.png' });
  // Every local output path under the sweep's temporary directory, never relative to a working directory.
  if ('output_path' in a.params) out.output_path = join(discovered.outDir as string, `${a.id}.bin`);
  if ('directory_path' in a.params) out.directory_path = discovered.outDir;
  if ('full_path' in a.params && a.domain === 'group') out.full_path = 'demo-group';
  if (/^repository\.(raw_)?blob$/.test(a.id)) out.sha = discovered.blobSha;
  if (a.id === 'issue.discussion_delete_note') out.discussion_id = discovered.issueDiscussionOf5003;
  if (a.id.startsWith('project.service_account_') && 'user_id' in a.params && discovered.projectServiceAccount !== undefined) out.user_id = discovered.projectServiceAccount;
  // After the defaults above: an action's own discovered object wins.
  for (const [param, key] of Object.entries(DISCOVERED_BY_ACTION[a.id] ?? {})) if (discovered[key] !== undefined) out[param] = discovered[key];
  if (/^merge_request\.context_commits_(create|delete)$/.test(a.id)) out.commits = [discovered.commitSha];
  return out;
}

export function sweepValue(a: Action, name: string, spec: ParamSpec): unknown {
  const own = BY_ACTION[a.id];
  let v: unknown;
  if (own && name in own) v = resolved(own[name]);
  else if (MR_DOMAINS.has(a.domain) && name === 'note_id') v = 5101;
  else if (name === 'discussion_id') v = MR_DOMAINS.has(a.domain) ? discovered.mrDiscussion : discovered.issueDiscussion;
  else if (name in BY_NAME) v = BY_NAME[name];
  if (v !== undefined) {
    if (spec.type === 'integer' && typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
    if (spec.type === 'string' && typeof v === 'number') return String(v);
    if (spec.enum && !spec.enum.includes(String(v))) return spec.enum[0];
    if (spec.type === 'array') return [v];
    return v;
  }
  if (spec.default !== undefined) return spec.default;
  if (spec.enum) return spec.enum[0];
  switch (spec.type) {
    case 'integer': case 'number': return 1;
    case 'boolean': return true;
    case 'array': return spec.items === 'integer' ? [1] : spec.items === 'object' ? [{}] : ['sweep'];
    case 'object': return {};
    default: return spec.idOrPath ? '1' : 'sweep';
  }
}

/** Every required parameter (and of params naming the object, exactly one: the first), plus the action's extras. */
export function minimalParams(a: Action): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(a.params) as Array<[string, ParamSpec]>) {
    if (spec.required) out[name] = sweepValue(a, name, spec);
  }
  if (a.exactlyOne && !a.exactlyOne.some((n) => out[n] !== undefined)) out[a.exactlyOne[0]] = sweepValue(a, a.exactlyOne[0], a.params[a.exactlyOne[0]]);
  return { ...out, ...sweepExtras(a) };
}
