import { domain, id, str, int, bool, obj, oneOf, req, intList, strList, idOr, paging, cursor, companion, boardScope, type ParamSpec } from '../define.js';
import { gid, gids, compact } from '../graphql.js';
import { NONE_ANY, VISIBILITY, accessLevel, fileInput } from '../params.js';
import { SAML_LINK_HINTS, SECURITY_SETTINGS_HINTS } from '../hints.js';

// ---- shared parameter sets (plain data) ----

const SORT = ['asc', 'desc'] as const;
const GROUP_ORDER = ['name', 'path', 'id', 'similarity'] as const;
const PROJECT_ORDER = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity', 'star_count'] as const;
/** The shared-projects list sorts by the same fields except similarity. */
const SHARED_PROJECT_ORDER = PROJECT_ORDER.filter((f) => f !== 'similarity');
/** `omitted` note of the group and project lists' administrators' filter by custom attribute. */
const CUSTOM_ATTRIBUTES_OMITTED = {
  custom_attributes: 'administrators\' filter by custom attribute (a key/value hash); custom attributes are handled in the admin domain',
} as const;
const HOOK_TRIGGERS = [
  'push_events', 'tag_push_events', 'issues_events', 'confidential_issues_events', 'note_events', 'merge_requests_events',
  'job_events', 'pipeline_events', 'wiki_page_events', 'releases_events', 'emoji_events', 'resource_access_token_events',
] as const;
const DEPLOYMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
const DUE_DATE = ['0', 'any', 'today', 'tomorrow', 'overdue', 'week', 'month', 'next_month_and_previous_two_weeks'] as const;
const TIMEBOX = ['None', 'Any', 'Upcoming', 'Started'] as const;
/** Health status as the REST issue lists take it (the GraphQL epics use HEALTH_STATUS). */
const ISSUE_HEALTH = ['on_track', 'needs_attention', 'at_risk', 'none', 'any'] as const;

const hookId = (): ParamSpec => id.int('Webhook ID');
const badgeId = (): ParamSpec => id.int('Badge ID');
const boardId = (): ParamSpec => id.int('Board ID');
const listId = (): ParamSpec => id.int('Board list ID');
const labelId = (): ParamSpec => id.str('Label ID or name');
/** Milestones are named by their IID (the number shown in the UI); routes need the ID, looked up first. */
const RESOLVE_MILESTONE = {
  rest: 'GET /groups/{group_id}/milestones',
  query: (p: Record<string, unknown>) => ({ 'iids[]': [Number(p.milestone_iid)] }),
  resultPath: '0.id',
  into: 'milestone_id',
};
const milestoneByIid = (): Record<string, ParamSpec> => ({
  // Only the looked-up ID reaches GitLab's route.
  milestone_iid: { ...id.int('Milestone IID (the number shown in the UI, e.g. %3)'), in: 'local' },
  milestone_id: int('Milestone ID; looked up from milestone_iid', { in: 'local' }),
});

/** `undocumented` note of the milestone list filters GitLab's page lists but its generated route definition lacks. */
const MILESTONE_PAGE_ONLY = 'on GitLab\'s group milestones API page (doc/api/group_milestones.md) though the route\'s generated definition lacks it';

const saUserId = (): ParamSpec => id.int('User ID of the service account');
const tokenId = (): ParamSpec => id.int('Personal access token ID');
const slug = (): ParamSpec => id.str('Slug of the wiki page (e.g. home or docs/setup); encoded by the server');
const wikiFormat = (): ParamSpec => oneOf(['markdown', 'rdoc', 'asciidoc', 'org'], 'Markup format of the page (default markdown)');
const branchName = (): ParamSpec => id.str('Name of the protected branch or wildcard (e.g. main, release-*)');
const envTier = (): ParamSpec => req(oneOf(DEPLOYMENT_TIERS, 'Deployment tier of the protected environments'));

/** Filters every group list takes (shared groups included). */
const sharedGroupFilters = (): Record<string, ParamSpec> => ({
  skip_groups: intList('Group IDs to leave out', { wire: 'skip_groups[]' }),
  min_access_level: accessLevel('Caller\'s minimum role'),
  visibility: oneOf(VISIBILITY, 'Only groups with this visibility'),
  with_custom_attributes: bool('Include custom attributes (administrators)'),
  order_by: oneOf(GROUP_ORDER, 'Sort field (default name; similarity needs search)'),
  sort: oneOf(SORT, 'Sort direction (default asc)'),
  ...paging(),
});

/** Filters of the group lists (all groups, search, descendants). */
const groupFilters = (): Record<string, ParamSpec> => ({
  all_available: bool('All groups the caller can see, not only those they are a member of'),
  owned: bool('Only groups the caller owns'),
  statistics: bool('Include storage statistics (administrators)'),
  top_level_only: bool('Only top-level groups'),
  active: bool('Only active groups (not archived or pending deletion)'),
  archived: bool('Only archived (true) or non-archived (false) groups'),
  marked_for_deletion_on: str('Only groups marked for deletion on this date (YYYY-MM-DD)', { tier: 'premium' }),
  repository_storage: str('Only groups on this repository storage (administrators)', { tier: 'premium' }),
  ...sharedGroupFilters(),
});

/** Filters of the project lists of a group. */
const projectFilters = (order: readonly string[]): Record<string, ParamSpec> => ({
  search: str('Match projects whose name or path contains this'),
  archived: bool('Only archived (true) or non-archived (false) projects'),
  visibility: oneOf(VISIBILITY, 'Only projects with this visibility'),
  starred: bool('Only projects starred by the caller'),
  min_access_level: accessLevel('Caller\'s minimum role'),
  simple: bool('Return only short fields (id, name, path, URLs)'),
  with_issues_enabled: bool('Only projects with issues enabled'),
  with_merge_requests_enabled: bool('Only projects with merge requests enabled'),
  with_custom_attributes: bool('Include custom attributes (administrators)'),
  order_by: oneOf(order, 'Sort field (default created_at)'),
  sort: oneOf(SORT, 'Sort direction (default desc)'),
  ...paging(),
});

/** Settings accepted by group create and update. */
const groupSettings = (): Record<string, ParamSpec> => ({
  description: str('Group description'),
  visibility: oneOf(VISIBILITY, 'Visibility level'),
  default_branch: str('Default branch name for new projects'),
  default_branch_protection_defaults: obj('Default branch protection: {allowed_to_push, allow_force_push, allowed_to_merge, developer_can_initial_push}'),
  project_creation_level: oneOf(['noone', 'owner', 'maintainer', 'developer', 'administrator'], 'Minimum role allowed to create projects'),
  subgroup_creation_level: oneOf(['owner', 'maintainer'], 'Minimum role allowed to create subgroups'),
  request_access_enabled: bool('Allow users to request access'),
  share_with_group_lock: bool('Prevent sharing projects of this group with other groups'),
  membership_lock: bool('Prevent adding members to projects of this group (Premium)', { tier: 'premium' }),
  require_two_factor_authentication: bool('Require two-factor authentication for all members'),
  two_factor_grace_period: int('Hours before two-factor authentication is enforced'),
  lfs_enabled: bool('Enable Git LFS for projects of the group'),
  auto_devops_enabled: bool('Enable Auto DevOps by default for projects'),
  emails_enabled: bool('Send email notifications'),
  mentions_disabled: bool('Disable mentions of the group'),
  enabled_git_access_protocol: oneOf(['ssh', 'http', 'all'], 'Allowed Git access protocols'),
  wiki_access_level: oneOf(['disabled', 'private', 'enabled'], 'Group wiki access (Premium)', { tier: 'premium' }),
  duo_availability: oneOf(['default_on', 'default_off', 'never_on'], 'GitLab Duo availability'),
  experiment_features_enabled: bool('Enable experiment and beta AI features'),
  shared_runners_setting: oneOf(['enabled', 'disabled_and_overridable', 'disabled_and_unoverridable'], 'Instance runners for the group and its subgroups'),
  show_diff_preview_in_email: bool('Show diff previews in notification emails'),
  shared_runners_minutes_limit: int('Compute minutes quota (administrators)', { tier: 'premium' }),
  extra_shared_runners_minutes_limit: int('Additional compute minutes (administrators)', { tier: 'premium' }),
});

/** Settings only group update takes. */
const updateOnlySettings = (): Record<string, ParamSpec> => ({
    file_template_project_id: int('Project holding custom file templates (Premium)', { tier: 'premium' }),
    math_rendering_limits_enabled: bool('Limit math rendering in Markdown'),
    lock_math_rendering_limits_enabled: bool('Enforce math_rendering_limits_enabled on all subgroups'),
    prevent_sharing_groups_outside_hierarchy: bool('Prevent inviting groups outside the hierarchy (top-level groups)'),
    prevent_forking_outside_group: bool('Forks only inside this group (Premium)', { tier: 'premium' }),
    ip_restriction_ranges: str('Comma-separated IP ranges allowed to access the group (Premium)', { tier: 'premium' }),
    allowed_email_domains_list: str('Comma-separated email domains members must use (Premium)', { tier: 'premium' }),
    unique_project_download_limit: int('Projects a user may download in the interval before a ban (Ultimate)', { tier: 'ultimate' }),
    unique_project_download_limit_interval_in_seconds: int('Interval of the download limit (Ultimate)', { tier: 'ultimate' }),
    unique_project_download_limit_allowlist: strList('Usernames exempt from the download limit (Ultimate)', { tier: 'ultimate' }),
    unique_project_download_limit_alertlist: intList('User IDs emailed when the download limit is exceeded (Ultimate)', { tier: 'ultimate' }),
    auto_ban_user_on_excessive_projects_download: bool('Ban users who exceed the download limit (Ultimate)', { tier: 'ultimate' }),
    service_access_tokens_expiration_enforced: bool('Require expiry dates on service account tokens'),
    max_artifacts_size: int('Maximum artifacts size in MB'),
    web_based_commit_signing_enabled: bool('Sign commits made in the GitLab UI, for all projects of the group (top-level groups on GitLab.com)'),
    only_allow_merge_if_pipeline_succeeds: bool('Merge requests merge only when the pipeline succeeds, in all projects (Premium)', { tier: 'premium' }),
    allow_merge_on_skipped_pipeline: bool('Also allow merging when the pipeline is skipped; applies with only_allow_merge_if_pipeline_succeeds (Premium)', { tier: 'premium' }),
    only_allow_merge_if_all_discussions_are_resolved: bool('Merge requests merge only when all discussions are resolved, in all projects (Premium)', { tier: 'premium' }),
    allow_personal_snippets: bool('Let enterprise users of the group create personal snippets'),
});

/** Settings GitLab's group create and update take that this server leaves out. */
const CREATE_OMITTED = {
  avatar: 'uploaded with group.upload_avatar',
  default_branch_protection: 'deprecated by GitLab: replaced by default_branch_protection_defaults',
  emails_disabled: 'deprecated by GitLab: replaced by emails_enabled',
  ldap_cn: 'LDAP sync of self-managed instances: links are managed with group.ldap_link_add',
  ldap_access: 'LDAP sync of self-managed instances: links are managed with group.ldap_link_add',
  ai_settings_attributes: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  amazon_q_auto_review_enabled: 'Amazon Q integration setting, outside this server\'s group settings',
  duo_foundational_flows_availability: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  duo_remote_flows_availability: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  duo_sast_fp_detection_availability: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  foundational_agents_statuses: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  model_prompt_cache_enabled: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
} as const;
const UPDATE_OMITTED = {
  ...CREATE_OMITTED,
  auto_duo_code_review_enabled: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  duo_core_features_enabled: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  duo_features_enabled: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  lock_duo_features_enabled: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  duo_namespace_access_rules: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  enabled_foundational_flows: 'GitLab Duo (AI add-on) setting, outside this server\'s group settings',
  step_up_auth_required_oauth_provider: 'OAuth provider for step-up authentication: depends on the instance\'s sign-in configuration',
} as const;
/** The avatar upload shares group update's route: every other setting is changed with group.update. */
const AVATAR_OMITTED: Record<string, string> = Object.fromEntries(
  ['name', 'path', ...Object.keys(groupSettings()), ...Object.keys(updateOnlySettings()), ...Object.keys(UPDATE_OMITTED)]
    .filter((n) => n !== 'avatar')
    .map((n) => [n, 'a group setting: changed with group.update']),
);

/** Filters of the group issue list. */
const issueFilters = (): Record<string, ParamSpec> => ({
  state: oneOf(['opened', 'closed', 'all'], 'Return issues with this state (default all)'),
  labels: str('Comma-separated label names, all must match; None or Any for no/any label'),
  milestone: str('Milestone title; None, Any, Upcoming or Started'),
  search: str('Search in title and description'),
  in: oneOf(['title', 'description', 'title,description'], 'Fields searched by search'),
  iids: intList('Only these issue IIDs', { wire: 'iids[]' }),
  author_id: int('Issues created by this user ID'),
  author_username: str('Issues created by this username'),
  assignee_id: idOr(NONE_ANY, 'Issues assigned to this user ID; None = unassigned, Any = assigned to anyone'),
  assignee_username: str('Issues assigned to this username'),
  closed_by_id: int('Issues closed by this user ID'),
  my_reaction_emoji: str('Issues the caller reacted to with this emoji; None = no reaction, Any = any'),
  confidential: bool('Only confidential (true) or public (false) issues'),
  issue_type: oneOf(['issue', 'incident', 'test_case', 'requirement', 'task', 'ticket'], 'Only issues of this type'),
  created_after: str('Created on or after this time (ISO 8601)'),
  created_before: str('Created on or before this time (ISO 8601)'),
  updated_after: str('Updated on or after this time (ISO 8601)'),
  updated_before: str('Updated on or before this time (ISO 8601)'),
  due_date: oneOf(DUE_DATE, 'Due date window (0 = no due date)'),
  milestone_id: oneOf(TIMEBOX, 'Milestone timebox: None = no milestone, Any = any, Upcoming, Started'),
  epic_id: idOr(NONE_ANY, 'Issues in this epic ID; None = in no epic, Any = in an epic (Premium)', { tier: 'premium' }),
  iteration_id: idOr(NONE_ANY, 'Issues in this iteration ID; None = in no iteration, Any = in one (Premium)', { tier: 'premium' }),
  iteration_title: str('Issues in the iteration with this title (Premium)', { tier: 'premium' }),
  weight: idOr(NONE_ANY, 'Issues with this weight; None = no weight, Any = weighted (Premium)', { tier: 'premium' }),
  health_status: oneOf(ISSUE_HEALTH, 'Health status; none = not set, any = set (Ultimate)', { tier: 'ultimate' }),
  not_labels: str('Exclude issues with these comma-separated labels', { wire: 'not[labels]' }),
  not_milestone: str('Exclude issues in this milestone title', { wire: 'not[milestone]' }),
  not_milestone_id: oneOf(TIMEBOX, 'Exclude issues in this milestone timebox', { wire: 'not[milestone_id]' }),
  not_iids: intList('Exclude these issue IIDs', { wire: 'not[iids]' }),
  not_author_id: int('Exclude issues created by this user ID', { wire: 'not[author_id]' }),
  not_author_username: str('Exclude issues by this author', { wire: 'not[author_username]' }),
  not_assignee_id: int('Exclude issues assigned to this user ID', { wire: 'not[assignee_id]' }),
  not_assignee_username: str('Exclude issues assigned to this username', { wire: 'not[assignee_username]' }),
  not_weight: int('Exclude issues with this weight (Premium)', { wire: 'not[weight]', tier: 'premium' }),
  not_iteration_id: idOr(NONE_ANY, 'Exclude issues in this iteration ID; None or Any (Premium)', { wire: 'not[iteration_id]', tier: 'premium' }),
  not_iteration_title: str('Exclude issues in the iteration with this title (Premium)', { wire: 'not[iteration_title]', tier: 'premium' }),
  scope: oneOf(['created_by_me', 'assigned_to_me', 'all'], 'Whose issues to return'),
  non_archived: bool('Exclude issues of archived projects (default true)'),
  order_by: oneOf(
    ['created_at', 'updated_at', 'priority', 'due_date', 'relative_position', 'label_priority', 'milestone_due', 'popularity', 'weight', 'title'],
    'Sort field (default created_at)',
  ),
  sort: oneOf(SORT, 'Sort direction (default desc)'),
  with_labels_details: bool('Return label objects instead of names'),
  ...paging(),
});

const hookFields = (): Record<string, ParamSpec> => ({
  name: str('Name of the webhook'),
  description: str('Description of the webhook'),
  token: str('Secret token sent in X-Gitlab-Token to validate payloads'),
  push_events: bool('Trigger on pushes'),
  push_events_branch_filter: str('Trigger push events only for branches matching this filter'),
  branch_filter_strategy: oneOf(['wildcard', 'regex', 'all_branches'], 'How push_events_branch_filter is matched'),
  tag_push_events: bool('Trigger on tag pushes'),
  issues_events: bool('Trigger on issue events'),
  confidential_issues_events: bool('Trigger on confidential issue events'),
  merge_requests_events: bool('Trigger on merge request events'),
  note_events: bool('Trigger on comments'),
  confidential_note_events: bool('Trigger on confidential comments'),
  job_events: bool('Trigger on job events'),
  pipeline_events: bool('Trigger on pipeline events'),
  wiki_page_events: bool('Trigger on wiki page events'),
  deployment_events: bool('Trigger on deployment events'),
  feature_flag_events: bool('Trigger on feature flag events'),
  releases_events: bool('Trigger on release events'),
  milestone_events: bool('Trigger on milestone events'),
  emoji_events: bool('Trigger on emoji reactions'),
  member_events: bool('Trigger on group member changes'),
  project_events: bool('Trigger on projects created or removed in the group'),
  subgroup_events: bool('Trigger on subgroups created or removed'),
  resource_access_token_events: bool('Trigger on expiring access tokens'),
  vulnerability_events: bool('Trigger on vulnerability events (Ultimate)', { tierNote: 'group_webhooks.md (929e428f) has no vulnerability_events row' }),
  enable_ssl_verification: bool('Verify the TLS certificate of the hook URL'),
  custom_webhook_template: str('Custom payload template'),
  custom_headers: { type: 'array', items: 'object', description: 'Custom headers: [{key, value}]' },
  url_variables: { type: 'array', items: 'object', description: 'URL masking variables: [{key, value}]' },
});

const pushRuleFields = (): Record<string, ParamSpec> => ({
  commit_message_regex: str('Every commit message must match this regex'),
  commit_message_negative_regex: str('No commit message may match this regex'),
  branch_name_regex: str('Every branch name must match this regex'),
  author_email_regex: str('Every commit author email must match this regex'),
  file_name_regex: str('Reject files whose name matches this regex'),
  max_file_size: int('Maximum file size in MB (0 = unlimited)'),
  deny_delete_tag: bool('Deny deleting tags'),
  member_check: bool('Only group members may author commits'),
  prevent_secrets: bool('Reject files that likely contain secrets'),
  commit_committer_check: bool('Committer email must be a verified email of the pusher'),
  commit_committer_name_check: bool('Commit author name must match the pusher name'),
  reject_unsigned_commits: bool('Reject commits that are not signed'),
  reject_non_dco_commits: bool('Reject commits without a DCO Signed-off-by'),
});

const protectedBranchRules = (): Record<string, ParamSpec> => ({
  allow_force_push: bool('Allow force pushes for users who may push'),
  code_owner_approval_required: bool('Require Code Owner approval for pushes and merges'),
  allowed_to_push: { type: 'array', items: 'object', description: 'Who may push: [{access_level} | {user_id} | {group_id}]' },
  allowed_to_merge: { type: 'array', items: 'object', description: 'Who may merge: [{access_level} | {user_id} | {group_id}]' },
  allowed_to_unprotect: { type: 'array', items: 'object', description: 'Who may unprotect: [{access_level} | {user_id} | {group_id}]' },
});

const serviceAccountFields = (): Record<string, ParamSpec> => ({
  name: str('Display name of the service account'),
  username: str('Username of the service account'),
  email: str('Email address of the service account'),
});

/** Filters of the SAML, SCIM and enterprise user lists. */
const userFilters = (): Record<string, ParamSpec> => ({
  username: str('Only the user with this username'),
  search: str('Match users by name, username or public email'),
  active: bool('Only active users'),
  blocked: bool('Only blocked users'),
  created_after: str('Created after this time (ISO 8601)'),
  created_before: str('Created before this time (ISO 8601)'),
  ...paging(),
});

// ---- epics as work items (GraphQL) ----

/** Fixed start and due dates of an epic: given dates are fixed unless fixed_dates says otherwise. */
function datesWidget(p: Record<string, unknown>): Record<string, unknown> | undefined {
  const given = p.start_date !== undefined || p.due_date !== undefined;
  return compact({ isFixed: p.fixed_dates ?? (given ? true : undefined), startDate: p.start_date, dueDate: p.due_date });
}

const HEALTH_STATUS = ['onTrack', 'needsAttention', 'atRisk'] as const;

const EPIC_FIELDS = `id iid title state confidential createdAt updatedAt closedAt webUrl
      reference(full: true)
      author { username }
      workItemType { name }`;

const NOTE_FIELDS = `id body system internal createdAt updatedAt url
      author { username }`;

const fullPath = (): ParamSpec => id.str('Full path of the group owning the epic (e.g. my-group or my-group/sub)');
const epicIid = (): ParamSpec => id.int('Epic IID within the group (the number after &)');
const epicRef = (): Record<string, ParamSpec> => ({
  full_path: fullPath(),
  epic_iid: epicIid(),
  epic_gid: str('Global ID of the epic work item; filled in from full_path + epic_iid', { in: 'local' }),
});
const noteId = (): ParamSpec => id.int('Note (comment) ID');

/** Epics are addressed by group path + IID; mutations need the work item's global ID, looked up first. */
const RESOLVE_EPIC = {
  document: `query epicWorkItemId($fullPath: ID!, $iid: String!) {
  namespace(fullPath: $fullPath) { workItem(iid: $iid) { id } }
}`,
  resultPath: 'namespace.workItem.id',
  into: 'epic_gid',
  variables: (p: Record<string, unknown>) => ({ fullPath: p.full_path, iid: String(p.epic_iid) }),
};

/** The epic work item type differs per instance and namespace: its global ID is looked up first. */
const RESOLVE_EPIC_TYPE = {
  // GitLab 19 no longer filters work item types by name (configurable types): list them, pick Epic.
  document: `query epicWorkItemTypeId($fullPath: ID!) {
  namespace(fullPath: $fullPath) { workItemTypes { nodes { id name } } }
}`,
  resultPath: 'namespace.workItemTypes.nodes[name=Epic].id',
  into: 'work_item_type_gid',
  variables: (p: Record<string, unknown>) => ({ fullPath: p.full_path }),
};

const WORK_ITEM_UPDATE = `mutation epicWorkItemUpdate($input: WorkItemUpdateInput!) {
  workItemUpdate(input: $input) {
    workItem {
      ${EPIC_FIELDS}
      widgets(onlyTypes: [HIERARCHY]) {
        ... on WorkItemWidgetHierarchy { parent { id iid title webUrl } }
      }
    }
    errors
  }
}`;

const CREATE_NOTE = `mutation epicNoteCreate($input: CreateNoteInput!) {
  createNote(input: $input) {
    note {
      ${NOTE_FIELDS}
      discussion { id }
    }
    errors
  }
}`;

const UPDATE_NOTE = `mutation epicNoteUpdate($input: UpdateNoteInput!) {
  updateNote(input: $input) {
    note {
      ${NOTE_FIELDS}
    }
    errors
  }
}`;

const DESTROY_NOTE = `mutation epicNoteDelete($input: DestroyNoteInput!) {
  destroyNote(input: $input) {
    errors
  }
}`;

const DISCUSSIONS = `query epicDiscussions($fullPath: ID!, $iid: String!, $filter: NotesFilterType, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    workItem(iid: $iid) {
      widgets(onlyTypes: [NOTES]) {
        ... on WorkItemWidgetNotes {
          discussions(filter: $filter, first: $first, after: $after) {
            nodes {
              id resolvable resolved createdAt
              notes { nodes { ${NOTE_FIELDS} } }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
    }
  }
}`;

const discussionVars = (p: Record<string, unknown>) => ({
  fullPath: p.full_path,
  iid: p.epic_iid === undefined ? undefined : String(p.epic_iid),
  filter: p.filter,
  first: p.first,
  after: p.after,
});

const notesFilter = (): ParamSpec => oneOf(['ALL_NOTES', 'ONLY_COMMENTS', 'ONLY_ACTIVITY'], 'Comments, system activity, or both (default ALL_NOTES)');

/** Widgets shared by epic create and update. */
const epicWidgets = (): Record<string, ParamSpec> => ({
  description: str('Description (Markdown)'),
  confidential: bool('Make the epic confidential'),
  assignee_ids: intList('User IDs to assign'),
  assignees: companion.users('assignee_ids', 'Assignees'),
  start_date: str('Fixed start date (YYYY-MM-DD)'),
  due_date: str('Fixed due date (YYYY-MM-DD)'),
  fixed_dates: bool('Use the given dates (true, default when dates are given) or inherit them from children (false)'),
  parent_id: int('Work item ID (not IID) of the parent epic'),
  health_status: oneOf(HEALTH_STATUS, 'Health status (Ultimate)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
  color: str('Color as hex code, e.g. #1f75cb'),
});

export default domain('group', 'Groups and subgroups: list, create, settings, members, sharing, labels, milestones, boards, epics, hooks, badges, wikis, SAML/LDAP links, service accounts', {
  // ---- groups
  list: {
    summary: 'List groups visible to the caller, filtered by search, ownership, role or visibility',
    rest: 'GET /groups',
    elsewhere: { project_id: 'project.list_groups' },
    params: {
      search: str('Match groups whose name or path contains this'),
      ...groupFilters(),
    },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    keywords: 'groups namespaces teams organizations my groups orgs workspaces browse enumerate top-level mine',
    examples: [
      'list my groups',
      'which groups am I an owner of?',
      'show all private top-level groups sorted by name',
      'show every internal group I can see, not only the ones I belong to',
      'which top-level namespaces am I a member of? sort them by path',
    ],
  },
  search: {
    summary: 'Find groups whose name or path matches a search string',
    rest: 'GET /groups',
    elsewhere: { project_id: 'project.list_groups' },
    params: { search: req(str('Text to match in the group name or path')), ...groupFilters() },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    keywords: 'find group lookup namespace by name path orgs locate called named fuzzy typeahead',
    examples: [
      'find the group called payments',
      'is there a group whose path contains infra?',
      'look up a group by the name "Data Science"',
      'search groups for checkout',
      'is there a namespace named security-tools somewhere?',
    ],
  },
  get: {
    summary: 'Get one group: path, visibility, settings, parent, and optionally its projects',
    rest: 'GET /groups/{group_id}',
    params: {
      group_id: id.group(),
      with_projects: bool('Include the projects of the group (default true)'),
      with_custom_attributes: bool('Include custom attributes (administrators)'),
    },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    notFound: { kind: 'group', idParam: 'group_id', listAction: 'group.list' },
    resource: 'forge://group/{group_id}',
    fineGrained: ['read_group'],
    // The reads a person makes next in a group, its id filled.
    nextSteps: ['group.projects', 'group.members', 'group.group_label_list', 'group.group_milestone_list'],
    nextFill: { group_id: 'params.group_id' },
    keywords: 'group settings namespace team org details info describe metadata overview',
    examples: [
      'show group acme/platform and its settings',
      'what is the visibility and parent of group acme/backend?',
      'what is the full path and description of group 1234?',
      'details of the frontend group',
      'tell me about the data-eng namespace: description, visibility and default branch',
    ],
  },
  create: {
    summary: 'Create a group or subgroup (parent_id) with name, path, visibility and settings',
    rest: 'POST /groups',
    params: {
      name: req(str('Name of the group')),
      path: req(str('URL path of the group')),
      parent_id: int('ID of the parent group (creates a subgroup)'),
      parent: companion.group('parent_id', 'Parent group'),
      organization_id: int('ID of the organization of the group'),
      ...groupSettings(),
    },
    omitted: CREATE_OMITTED,
    fineGrained: ['create_group'],
    keywords: 'new group subgroup namespace team create org organization make set-up nested bootstrap',
    examples: [
      'create a group named Mobile with path mobile',
      'make a private subgroup qa under acme/platform',
      'new team namespace data-eng with internal visibility',
      'set up a new private group called Security with path security',
      'I need a fresh namespace for the mobile team, path mobile-apps, internal',
    ],
  },
  update: {
    summary: 'Update group settings: name, path, description, visibility, creation levels, 2FA, sharing rules',
    rest: 'PUT /groups/{group_id}',
    params: {
      group_id: id.group(),
      name: str('New name'),
      path: str('New URL path (changes the group URL)'),
      ...groupSettings(),
      ...updateOnlySettings(),
    },
    omitted: UPDATE_OMITTED,
    fineGrained: ['update_group'],
    keywords: 'edit settings rename visibility configure group org modify change mfa private public',
    examples: [
      'change the visibility of group acme/sandbox to private',
      'require 2FA for everyone in group acme',
      'only maintainers may create projects in acme/platform, change that setting',
      'rename group acme/ops to Infrastructure',
      'set the default branch for new projects in the payments namespace to trunk',
    ],
  },
  upload_avatar: {
    summary: 'Upload a new avatar image for a group',
    rest: 'PUT /groups/{group_id}',
    upload: { as: 'multipart', field: 'avatar' },
    params: { group_id: id.group(), ...fileInput('image') },
    omitted: AVATAR_OMITTED,
    fineGrained: ['update_group'],
    keywords: 'logo icon image avatar upload group picture photo profile-picture branding org',
    examples: [
      'set ./logo.png as the avatar of group acme',
      'change the group icon of platform to ~/Downloads/platform.png',
      'upload ./brand/icon.png as the avatar for group payments',
      'use assets/team-logo.jpg as the picture of the data-eng group',
      'put our new logo ./logo-2025.png on the mobile namespace',
    ],
  },
  delete: {
    summary: 'Delete a group with its subgroups and projects (marked for deletion, or at once with permanently_remove)',
    rest: 'DELETE /groups/{group_id}',
    params: {
      group_id: id.group(),
      permanently_remove: bool('Remove immediately a subgroup already marked for deletion'),
      full_path: str('Full path of the group; required with permanently_remove'),
    },
    undocumented: {
      permanently_remove: 'on GitLab\'s groups API page (doc/api/groups.md, since 15.4; deprecated in 18.4, MR 201957); the generated definition lacks it',
      full_path: 'on GitLab\'s groups API page (doc/api/groups.md) beside permanently_remove, though the route\'s generated definition lacks it',
    },
    destructive: true,
    fineGrained: ['delete_group'],
    keywords: 'remove destroy group namespace org nuke purge teardown wipe',
    examples: [
      'delete group acme/sandbox',
      'permanently remove group old-team and all its projects',
      'delete the group platform/experiments and everything in it',
      'nuke the sandbox-2023 group, nobody uses it anymore',
      'get rid of acme/old-team and every project in that namespace',
    ],
  },
  restore: {
    summary: 'Restore a group that is marked for deletion',
    rest: 'POST /groups/{group_id}/restore',
    elsewhere: { project_id: 'project.restore' },
    params: { group_id: id.group() },
    fineGrained: ['update_group'],
    keywords: 'undelete recover restore group org bring-back undo revive cancel-deletion unmark',
    examples: [
      'undo the deletion of group acme/sandbox',
      'restore group old-team, it is pending deletion',
      'restore group 812 before it is gone for good',
      'bring back group data-eng, it was scheduled to go away by mistake',
      'rescue the acme/old-team namespace that is due to disappear in 7 days',
    ],
  },
  archive: {
    summary: 'Archive a group and its projects (read-only; undo with unarchive)',
    rest: 'POST /groups/{group_id}/archive',
    elsewhere: { project_id: 'project.archive' },
    params: { group_id: id.group() },
    fineGrained: ['archive_group'],
    keywords: 'archive read-only freeze group org retire deprecate mothball inactive sunset',
    examples: [
      'archive group acme/legacy and all its projects',
      'make group 812 read-only, we are done with it',
      'freeze group payments/legacy so nobody can push anymore',
      'make the data-eng/2023 group and all its repos read-only',
      'mothball the mobile/old-apps namespace, set everything read-only',
    ],
  },
  unarchive: {
    summary: 'Unarchive a group so it and its projects can be changed again',
    rest: 'POST /groups/{group_id}/unarchive',
    elsewhere: { project_id: 'project.unarchive' },
    params: { group_id: id.group() },
    fineGrained: ['archive_group'],
    keywords: 'unarchive reactivate group org unfreeze writable editable thaw resume',
    examples: [
      'unarchive group acme/legacy',
      'reactivate archived group 812 so we can push again',
      'unfreeze group payments/legacy so we can push to it again',
      'make group data-eng/2023 writable again',
      'mobile/old-apps is read-only, make it and its projects editable again',
    ],
  },
  transfer: {
    summary: 'Move a group under another parent group, or make it top-level; its URL changes',
    rest: 'POST /groups/{group_id}/transfer',
    params: {
      group_id: id.group(),
      target_group_id: int('ID of the new parent group (omit to make the group top-level)', { wire: 'group_id' }),
      target_group: companion.group('target_group_id', 'New parent group'),
    },
    destructive: true,
    flagNote: 'Moving a group changes its URL and the members, labels and settings it inherits, and moving back needs rights in both places; AUTHORING lists transfer as destructive',
    fineGrained: ['transfer_group'],
    keywords: 'move group reparent namespace subgroup org relocate nest promote new-parent',
    examples: [
      'move group acme/qa under acme/platform',
      'turn subgroup acme/tools into a top-level group by moving it out of acme',
      'transfer group payments/fraud under the risk group',
      'move data-eng/ml out of data-eng so it becomes top-level',
      'move mobile/ios under the apps parent',
    ],
  },
  transfer_locations: {
    summary: 'List the groups a group can be transferred to (where it may move)',
    rest: 'GET /groups/{group_id}/transfer_locations',
    params: { group_id: id.group(), search: str('Match target groups by name'), ...paging() },
    fineGrained: ['read_group'],
    keywords: 'move targets parent candidates transfer where destinations eligible allowed options possible relocate',
    examples: [
      'which groups can acme/qa be transferred to?',
      'which parent groups are valid transfer targets for platform/tools?',
      'where can I move group payments/fraud to?',
      'list possible new parents for group data-eng/ml matching analytics',
      'which namespaces are valid destinations if I relocate mobile/ios?',
    ],
  },
  transfer_project: {
    summary: 'Transfer a project into this group (administrators)',
    rest: 'POST /groups/{group_id}/projects/{project_id}',
    params: { group_id: id.group(), project_id: id.project() },
    destructive: true,
    flagNote: 'Moving a project to another namespace changes its URL, members and visibility context, and moving back needs rights in both places; AUTHORING lists transfer as destructive',
    fineGrained: ['transfer_project'],
    keywords: 'move project into group namespace repo relocate adopt change-namespace org',
    examples: [
      'move project acme/shop into group retail',
      'as admin, transfer repo 4312 into group platform',
      'transfer project mobile/android into group apps',
      'as an admin, move the data-eng/etl repo under the analytics group',
      'move repo 9021 into the infra namespace',
    ],
  },
  subgroups: {
    summary: 'List the subgroups of a group at every depth (descendant groups)',
    rest: 'GET /groups/{group_id}/descendant_groups',
    params: { group_id: id.group(), search: str('Match subgroups by name or path'), ...groupFilters() },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    nextSteps: ['group.get', 'group.projects', 'group.members'],
    nextFill: { group_id: 'caller' },
    keywords: 'subgroups child groups descendants nested tree hierarchy children recursive sub-groups',
    examples: [
      'list all subgroups of acme, nested ones too',
      'what child groups does platform have?',
      'show descendant groups of acme/backend matching api',
      'show me every nested group under payments, all levels deep',
      'what child namespaces does data-eng have, at any depth?',
    ],
  },
  projects: {
    summary: 'List the projects of a group, optionally including subgroups and shared projects',
    rest: 'GET /groups/{group_id}/projects',
    params: {
      group_id: id.group(),
      include_subgroups: bool('Include projects of subgroups'),
      with_shared: bool('Include projects shared with the group (default true)'),
      include_ancestor_groups: bool('Include projects of the ancestor groups'),
      owned: bool('Only projects owned by the caller'),
      with_security_reports: bool('Only projects with security reports (Ultimate)', { tier: 'ultimate' }),
      active: bool('Only active (not archived, not pending deletion) projects'),
      ...projectFilters(PROJECT_ORDER),
    },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_project'],
    keywords: 'repos repositories projects in group org codebases services inventory contained',
    examples: [
      'list projects in group acme including subgroups',
      'what repos does the platform group have?',
      'show archived projects of group acme/legacy',
      'list the repos in group payments with merge requests enabled, sorted by last activity',
      'what repositories live under data-eng, nested namespaces included?',
    ],
  },
  shared_projects: {
    summary: 'List the projects shared with a group',
    rest: 'GET /groups/{group_id}/projects/shared',
    params: { group_id: id.group(), ...projectFilters(SHARED_PROJECT_ORDER) },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    keywords: 'shared projects invited access repos external granted collaborations cross-group',
    examples: [
      'which projects have been shared with group acme/qa?',
      'list projects other teams shared with the platform group',
      'list projects from other groups that the data-eng group can access through sharing',
      'show projects shared with group payments that I starred',
      'which repos from outside has the mobile team been given access to?',
    ],
  },
  shared_with: {
    summary: 'List the groups this group has been invited to (shared groups)',
    rest: 'GET /groups/{group_id}/groups/shared',
    params: { group_id: id.group(), search: str('Match groups by name or path'), ...sharedGroupFilters() },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    keywords: 'shared groups invitations access member-of outbound granted collaborations',
    examples: [
      'which groups has acme/qa been invited to?',
      'what other groups is platform a member of through sharing?',
      'list the groups that payments was shared into',
      'in which other groups does data-eng hold access as an invited group?',
      'which other namespaces has the mobile team been invited into?',
    ],
  },
  invited_groups: {
    summary: 'List the groups invited to this group (direct or inherited)',
    rest: 'GET /groups/{group_id}/invited_groups',
    elsewhere: { project_id: 'project.list_invited_groups' },
    params: {
      group_id: id.group(),
      search: str('Match groups by name'),
      min_access_level: accessLevel('Minimum role of the caller in the invited groups'),
      relation: strList('direct and/or inherited invitations', { wire: 'relation[]' }),
      with_custom_attributes: bool('Include custom attributes (administrators)'),
      ...paging(),
    },
    omitted: CUSTOM_ATTRIBUTES_OMITTED,
    fineGrained: ['read_group'],
    keywords: 'invited groups shares collaborators inbound guest external teams partner',
    examples: [
      'which groups are invited into acme?',
      'list groups with access to platform via group sharing, direct only',
      'which groups have been invited into payments, inherited invitations too?',
      'list groups that got access to data-eng through a group invite',
      'which teams were brought into the mobile namespace as members via sharing?',
    ],
  },
  issues: {
    summary: 'List issues across all projects of a group, filtered by state, labels, milestone, assignee or text',
    rest: 'GET /groups/{group_id}/issues',
    elsewhere: { project_id: 'issue.list' },
    params: { group_id: id.group(), ...issueFilters() },
    fineGrained: ['read_work_item'],
    keywords: 'bugs tickets tasks group issues backlog org-wide cross-project open assigned triage defects',
    examples: [
      'open issues across group acme labeled ~bug',
      'which issues are assigned to @alice across the platform group?',
      'list all issues in group acme/backend for milestone %"v2.0"',
      'show closed issues across the whole payments group updated this week',
      'what bugs are still open anywhere under data-eng, assigned to nobody?',
    ],
  },
  release_list: {
    summary: 'List the releases of all projects of a group',
    rest: 'GET /groups/{group_id}/releases',
    elsewhere: { project_id: 'release.list' },
    params: {
      group_id: id.group(),
      sort: oneOf(SORT, 'Sort by release date (default desc)'),
      simple: bool('Return only limited fields'),
      ...paging(),
    },
    fineGrained: ['read_release'],
    keywords: 'releases versions changelog group org-wide cross-project shipped published release-notes',
    examples: [
      'list releases across all projects of group acme',
      'what did the platform group ship recently? show releases',
      'list releases across the mobile group, oldest first',
      'what versions did projects in group data-eng release lately?',
      'show every tagged version shipped by payments repos, newest first',
    ],
  },

  // ---- sharing
  share_with_group: {
    summary: 'Share a group with another group, giving its members a role here',
    rest: 'POST /groups/{group_id}/share',
    elsewhere: { project_id: 'project.share_with_group' },
    params: {
      group_id: id.group(),
      shared_with_group_id: req(int('ID of the group to share with', { wire: 'group_id' })),
      shared_with_group: companion.group('shared_with_group_id', 'Group to share with'),
      group_access: req(accessLevel('Role of the invited group\'s members')),
      expires_at: str('Share expiry date (YYYY-MM-DD)'),
      member_role_id: int('Custom role ID (Ultimate)', { tierNote: 'groups.md (27fa3d4f): the share table has no member_role_id row' }),
    },
    fineGrained: ['share_group'],
    keywords: 'invite group share access grant collaborate link permission team org cross-group',
    examples: [
      'share group acme/platform with group acme/qa as Developer',
      'give group contractors reporter access to acme/docs until 2025-12-31',
      'share group payments with the security group as reporter',
      'grant the data-eng group maintainer access to group analytics via sharing, expiring 2026-03-31',
      'let everyone in sre get developer rights on the infra namespace',
    ],
  },
  group_member_share: {
    summary: 'Invite another group as a member of this group with a role',
    rest: 'POST /groups/{group_id}/share',
    elsewhere: { project_id: 'project.share_with_group' },
    params: {
      group_id: id.group(),
      shared_with_group_id: req(int('ID of the group to invite', { wire: 'group_id' })),
      shared_with_group: companion.group('shared_with_group_id', 'Group to invite'),
      group_access: req(accessLevel('Role of the invited group\'s members')),
      expires_at: str('Share expiry date (YYYY-MM-DD)'),
      member_role_id: int('Custom role ID (Ultimate)', { tierNote: 'groups.md (27fa3d4f): the share table has no member_role_id row' }),
    },
    fineGrained: ['share_group'],
    keywords: 'invite group member share team grant permission collaborate access org',
    examples: [
      'invite group acme/security as members of acme/shop-team with the Maintainer role',
      'invite group 553 into group platform as members with a custom role',
      'invite group qa-team into payments as a member group with the Reporter role',
      'make the whole group 771 a member of data-eng at developer level',
      'bring the whole sre team into infra as maintainers until 2026-06-30',
    ],
  },
  unshare_from_group: {
    summary: 'Stop sharing a group with another group',
    rest: 'DELETE /groups/{group_id}/share/{shared_with_group_id}',
    params: { group_id: id.group(), shared_with_group_id: id.int('ID of the group to unshare') },
    destructive: true,
    fineGrained: ['share_group'],
    keywords: 'unshare remove group access revoke unlink disconnect cut-off withdraw team org',
    examples: [
      'stop sharing acme/platform with group acme/qa',
      'revoke the access of group contractors to acme/docs',
      'unshare group payments from the security group',
      'remove the sharing of group analytics with data-eng',
      'stop letting the sre team into the infra namespace',
    ],
  },
  group_member_unshare: {
    summary: 'Remove an invited group from this group\'s members',
    rest: 'DELETE /groups/{group_id}/share/{shared_with_group_id}',
    params: { group_id: id.group(), shared_with_group_id: id.int('ID of the invited group to remove') },
    destructive: true,
    flagNote: 'Same route as group.unshare_from_group (destructive in the reference) and like project.delete_shared_group: removing the share revokes the access of every member of the invited group at once',
    fineGrained: ['share_group'],
    keywords: 'remove invited group revoke access unlink kick team disconnect org',
    examples: [
      'remove invited group acme/security from the members of acme/shop-team',
      'remove group 553 from the members of group platform',
      'kick invited group qa-team out of the payments members',
      'delete the invitation of group 771 from the members of data-eng',
      'stop letting the invited sre team into infra',
    ],
  },

  // ---- members
  members: {
    summary: 'List all members of a group, including those inherited from parent groups',
    rest: 'GET /groups/{group_id}/members/all',
    elsewhere: { project_id: 'project.members' },
    params: {
      group_id: id.group(),
      query: str('Match members by name, email or username'),
      user_ids: intList('Only these user IDs', { wire: 'user_ids[]' }),
      users: companion.users('user_ids', 'Only these members'),
      state: oneOf(['awaiting', 'active'], 'Membership state (Premium)', { tier: 'premium' }),
      show_seat_info: bool('Include seat information'),
      // GitLab's /members route takes no state (gitlabhq bc7f4d7d lib/api/members.rb): refused with direct.
      direct: companion.route('GET /groups/{group_id}/members', 'direct members', 'Only direct members, not inherited or invited ones (GitLab\'s /members route)', ['state']),
      source: companion.memberSource('group'),
      ...paging(),
    },
    fineGrained: ['read_member'],
    // The list counts inherited access too unless direct is true; one member's direct role is group_member_get's answer.
    nextSteps: ['group.group_member_get', 'group.group_member_add', 'group.group_member_edit', 'group.group_member_remove'],
    nextFill: { group_id: 'params.group_id', user_id: 'caller', access_level: 'caller' },
    keywords: 'team people members roles who has access inherited roster users staff collaborators permissions headcount',
    examples: [
      'who has access to group acme, including inherited?',
      'list the people in group platform with their access levels',
      'show members of acme/backend awaiting approval',
      'list everyone in group payments, inherited members included, matching smith',
      'who are all the people with access to data-eng, parent namespaces counted?',
    ],
  },
  group_member_get: {
    summary: 'Get one direct member of a group and their role',
    rest: 'GET /groups/{group_id}/members/{user_id}',
    elsewhere: { project_id: 'project.member_get' },
    params: { group_id: id.group(), user_id: id.user(), user: companion.user('user_id', 'The member') },
    errorHints: { notFound: 'a 404 here also means the user is no direct member: group.group_member_get_inherited counts access inherited from parent groups' },
    fineGrained: ['read_member'],
    nextSteps: ['group.group_member_get_inherited', 'group.group_member_edit', 'group.group_member_remove'],
    nextFill: { group_id: 'params.group_id', user_id: 'params.user_id', access_level: 'caller' },
    keywords: 'direct role access level single user membership permission person lookup details',
    examples: [
      "what is @alice's direct role in group acme?",
      'show the direct group membership of user 42 in platform',
      'is @carol a direct member of group payments, and with what role?',
      'get the direct membership of user 1337 in group data-eng',
      'what role was @dave given directly on mobile, not inherited?',
    ],
  },
  group_member_get_inherited: {
    summary: 'Get one user\'s effective membership and role in a group, counting access inherited from parent groups',
    rest: 'GET /groups/{group_id}/members/all/{user_id}',
    elsewhere: { project_id: 'project.member_inherited' },
    params: { group_id: id.group(), user_id: id.user(), user: companion.user('user_id', 'The member') },
    fineGrained: ['read_member'],
    // The answer does not say whether the access is direct: group_member_get answers that (a 404: inherited only).
    nextSteps: ['group.group_member_get', 'group.group_member_edit'],
    nextFill: { group_id: 'params.group_id', user_id: 'params.user_id', access_level: 'caller' },
    keywords: 'effective role access level inherited single user permission check transitive person',
    examples: [
      'what access does @bob effectively have in acme/platform, counting parent groups?',
      'effective role of user 42 in group acme/backend including inherited',
      'what effective access does @carol have in group payments, inheritance included?',
      'does user 1337 inherit a role in group data-eng/ml from its parent group?',
      'does @dave end up with maintainer rights in mobile/ios through a parent namespace?',
    ],
  },
  group_member_add: {
    summary: 'Add a user to a group with a role',
    rest: 'POST /groups/{group_id}/members',
    elsewhere: { project_id: 'project.member_add' },
    params: {
      group_id: id.group(),
      user_id: str('User ID, or several comma-separated (user_id or username required)'),
      username: str('Username of the user to add'),
      access_level: req(accessLevel('Role')),
      expires_at: str('Membership expiry date (YYYY-MM-DD)'),
      member_role_id: int('Custom role ID (Ultimate)', { tier: 'ultimate' }),
      invite_source: str('Source of the invitation'),
    },
    undocumented: { member_role_id: 'under Add a member on GitLab\'s members API page (doc/api/members.md, Ultimate; newer than the stored gitlabhq 014b8327)' },
    fineGrained: ['create_member'],
    nextSteps: ['group.group_member_get', 'group.members'],
    nextFill: { group_id: 'params.group_id', user_id: 'answer.id' },
    keywords: 'invite add user team grant access give role developer maintainer reporter onboard enroll collaborator guest owner join',
    examples: [
      'add @alice to group acme as developer',
      'give @bob maintainer in the platform group until 2025-09-30',
      'invite user 42 to group acme/backend as reporter',
      'add users 1337 and 1338 to group data-eng as developers',
      'give @erin reporter access to the payments namespace',
    ],
  },
  group_member_edit: {
    summary: 'Change the role or expiry of a group member',
    rest: 'PUT /groups/{group_id}/members/{user_id}',
    elsewhere: { project_id: 'project.member_edit' },
    params: {
      group_id: id.group(),
      user_id: id.user(),
      user: companion.user('user_id', 'The member'),
      access_level: req(accessLevel('New role')),
      expires_at: str('Membership expiry date (YYYY-MM-DD)'),
      member_role_id: int('Custom role ID (Ultimate)', { tier: 'ultimate' }),
    },
    fineGrained: ['update_member'],
    // A group role reaches its projects by inheritance: the member's effective access in one of them.
    nextSteps: ['project.member_inherited', 'group.members'],
    nextFill: { group_id: 'params.group_id', user_id: 'params.user_id', project_id: 'caller' },
    keywords: 'change role promote demote permission developer maintainer reporter expiration update upgrade downgrade owner access-level',
    examples: [
      'promote @alice to maintainer in group acme',
      'demote @bob to reporter in platform',
      'change the expiry of member user 42 in group acme/backend to 2026-01-01',
      'change the role of @erin in group payments to owner',
      'bump @frank up to maintainer on data-eng',
    ],
  },
  group_member_remove: {
    summary: 'Remove a member from a group',
    rest: 'DELETE /groups/{group_id}/members/{user_id}',
    elsewhere: { project_id: 'project.member_delete' },
    params: {
      group_id: id.group(),
      user_id: id.user(),
      user: companion.user('user_id', 'The member'),
      skip_subresources: bool('Keep the user\'s memberships in subgroups and projects'),
      unassign_issuables: bool('Also unassign the user from issues and merge requests'),
    },
    destructive: true,
    fineGrained: ['delete_member'],
    keywords: 'remove user kick revoke access offboard boot evict expel drop deprovision',
    examples: [
      'remove @carol from the members of group acme',
      'remove member user 42 from group platform and unassign their issues',
      'kick @frank out of group data-eng',
      'remove user 1337 from group payments but keep their project memberships',
      'get rid of @erin in the mobile namespace, she left the team',
    ],
  },
  group_billable_members_list: {
    summary: 'List the billable members of a top-level group (seats used)',
    rest: 'GET /groups/{group_id}/billable_members',
    params: {
      group_id: id.group(),
      search: str('Match members by name'),
      sort: oneOf(
        ['access_level_asc', 'access_level_desc', 'last_joined', 'name_asc', 'name_desc', 'oldest_joined', 'oldest_sign_in', 'recent_sign_in', 'last_activity_on_asc', 'last_activity_on_desc'],
        'Sort order',
      ),
      ...paging(),
    },
    tier: 'premium',
    fineGrained: ['read_member'],
    keywords: 'seats licenses billing users subscription usage quotas paid cost consumed',
    examples: [
      'how many seats is acme using? list billable members',
      'who takes up paid seats in group platform?',
      'list billable members of group payments sorted by last activity',
      'which billable users in data-eng signed in least recently?',
      'how many paid seats does mobile consume, and by whom?',
    ],
  },
  group_billable_member_memberships_list: {
    summary: 'List the direct memberships of a billable member in the group hierarchy',
    rest: 'GET /groups/{group_id}/billable_members/{user_id}/memberships',
    params: { group_id: id.group(), user_id: id.user(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_member'],
    keywords: 'seat memberships billing user license paid why-billed sources',
    examples: [
      'where does billable user 42 have memberships in acme?',
      'why is @dave counted as a seat in platform? show his memberships',
      'list the memberships of billable member @erin in group payments',
      'in which projects and subgroups of data-eng does billable user 1337 hold a membership?',
      'why does user 501 take a seat in mobile? where is she added directly?',
    ],
  },
  group_billable_member_remove: {
    summary: 'Remove a billable member from a top-level group and all its subgroups and projects',
    rest: 'DELETE /groups/{group_id}/billable_members/{user_id}',
    params: { group_id: id.group(), user_id: id.user() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_member'],
    keywords: 'free seat remove user billing reclaim license offboard deprovision kick save-cost',
    examples: [
      'remove billable member 42 from acme to free a seat',
      'remove @dave from platform and all its subgroups and projects to release the license',
      'remove billable user @erin from group payments and every project under it',
      'remove user 1337 from data-eng entirely to free the paid seat',
      'kick user 501 out of the whole mobile hierarchy so the seat is released',
    ],
  },
  list_provisioned_users: {
    summary: 'List the users provisioned by a group (SAML or SCIM)',
    rest: 'GET /groups/{group_id}/provisioned_users',
    params: { group_id: id.group(), ...userFilters() },
    tier: 'premium',
    fineGrained: ['read_provisioned_user'],
    keywords: 'provisioned users scim saml enterprise accounts okta entra azure-ad idp managed synced',
    examples: [
      'list users provisioned by group acme',
      'which accounts did SCIM provision in platform since January?',
      'show provisioned users of group payments created after 2025-01-01',
      'list active accounts provisioned via SAML by group data-eng',
      'which accounts did our identity provider create for mobile?',
    ],
  },
  saml_users_list: {
    summary: 'List the users with a SAML identity linked to a group',
    rest: 'GET /groups/{group_id}/saml_users',
    params: { group_id: id.group(), ...userFilters() },
    tier: 'premium',
    fineGrained: ['read_saml_user'],
    keywords: 'saml sso users identities okta idp single-sign-on extern-uid federated',
    examples: [
      'which users in acme have a SAML identity linked?',
      'list SAML SSO users of platform who are blocked',
      'list users with a linked SAML identity in group payments',
      'find the SAML user with username jdoe in group data-eng',
      'who in mobile signs in via single sign-on with a linked identity?',
    ],
  },

  // ---- SAML and LDAP group links
  saml_link_list: {
    summary: 'List the SAML group links of a group (IdP group name to role)',
    errorHints: SAML_LINK_HINTS,
    rest: 'GET /groups/{group_id}/saml_group_links',
    params: { group_id: id.group() },
    tier: 'premium',
    fineGrained: ['read_saml_group_link'],
    keywords: 'saml sso group sync links identity provider okta entra mappings role-mapping',
    examples: [
      'list SAML group links of acme',
      'which IdP groups map to roles in platform?',
      'show all SAML group links configured on payments',
      'list the SAML group sync mappings of data-eng',
      'which IdP teams are mapped to roles on the mobile namespace?',
    ],
  },
  saml_link_get: {
    summary: 'Get one SAML group link of a group by SAML group name',
    errorHints: SAML_LINK_HINTS,
    rest: 'GET /groups/{group_id}/saml_group_links/{saml_group_name}',
    params: {
      group_id: id.group(),
      saml_group_name: id.str('Name of the SAML group'),
      provider: str('SAML provider of the link, when several are configured'),
    },
    tier: 'premium',
    fineGrained: ['read_saml_group_link'],
    keywords: 'single saml sso group-sync idp mapping okta role',
    examples: [
      'show the SAML group link for Engineering in acme',
      'what role does IdP group devops-admins get in platform?',
      'get the SAML group link named Finance in group payments',
      'show the SAML link for data-scientists on data-eng, provider okta',
      'what access level does IdP team mobile-devs map to on mobile?',
    ],
  },
  saml_link_add: {
    summary: 'Link a SAML group to a group, so its members get a role here',
    errorHints: SAML_LINK_HINTS,
    rest: 'POST /groups/{group_id}/saml_group_links',
    params: {
      group_id: id.group(),
      saml_group_name: req(str('Name of the SAML group')),
      access_level: req(accessLevel('Role given to members of the SAML group')),
      member_role_id: int('Custom role ID (Ultimate)', { tierNote: 'saml.md (a4d84368) marks no plan on member_role_id of Add a SAML group link' }),
      provider: str('SAML provider the link applies to (default: any)'),
    },
    tier: 'premium',
    fineGrained: ['create_saml_group_link'],
    keywords: 'add map saml group sync link sso role okta entra idp create bind connect',
    examples: [
      'map SAML group Engineering to Developer in acme',
      'link IdP group devops-admins to platform with Maintainer access',
      'add a SAML group link Finance to payments as Reporter',
      'create a SAML link so IdP group data-scientists gets Developer in data-eng',
      'map IdP team mobile-devs to maintainer on the mobile namespace',
    ],
  },
  saml_link_delete: {
    summary: 'Delete a SAML group link of a group',
    errorHints: SAML_LINK_HINTS,
    rest: 'DELETE /groups/{group_id}/saml_group_links/{saml_group_name}',
    params: {
      group_id: id.group(),
      saml_group_name: id.str('Name of the SAML group'),
      provider: str('SAML provider of the link, when several are configured'),
    },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_saml_group_link'],
    keywords: 'remove unlink saml sso group-sync idp okta unmap disconnect mapping',
    examples: [
      'delete the SAML group link Engineering from acme',
      'delete the SAML link for IdP group contractors in platform',
      'remove SAML group link Finance from group payments',
      'delete the SAML link for data-scientists with provider okta in data-eng',
      'drop the IdP mapping for mobile-devs on mobile',
    ],
  },
  ldap_link_list: {
    summary: 'List the LDAP group links of a group',
    rest: 'GET /groups/{group_id}/ldap_group_links',
    params: { group_id: id.group() },
    tier: 'premium',
    fineGrained: ['read_ldap_group_link'],
    keywords: 'ldap active directory group sync links ad mappings cn openldap role',
    examples: [
      'list LDAP group links of acme',
      'which Active Directory groups sync into platform?',
      'list all LDAP links for group payments',
      'show the LDAP group links configured in data-eng',
      'which directory CNs or filters feed members into mobile?',
    ],
  },
  ldap_link_add: {
    summary: 'Link an LDAP group (by CN or filter) to a group, so its members get a role here',
    rest: 'POST /groups/{group_id}/ldap_group_links',
    params: {
      group_id: id.group(),
      provider: req(str('LDAP provider ID (e.g. ldapmain)')),
      group_access: req(accessLevel('Role given to members of the LDAP group')),
      cn: str('CN of the LDAP group (cn or filter required)'),
      filter: str('LDAP filter selecting the users (cn or filter required)'),
      member_role_id: int('Custom role ID (Ultimate)', { tier: 'ultimate' }),
    },
    tier: 'premium',
    fineGrained: ['create_ldap_group_link'],
    keywords: 'add map ldap group sync link active directory role ad create bind connect openldap mapping',
    examples: [
      'link LDAP group cn=developers to acme as Developer',
      'sync the AD group filter (department=eng) into platform with reporter access',
      'add an LDAP group link cn=finance from provider ldapmain to payments as Reporter',
      'link LDAP filter (ou=data) from provider ldapmain to group data-eng with developer access',
      'map Active Directory CN mobile-devs to maintainer in mobile',
    ],
  },
  ldap_link_delete: {
    summary: 'Delete an LDAP group link of a group, chosen by CN or filter',
    rest: 'DELETE /groups/{group_id}/ldap_group_links',
    params: {
      group_id: id.group(),
      cn: str('CN of the LDAP group (cn or filter required)'),
      filter: str('LDAP filter of the link (cn or filter required)'),
      provider: req(str('LDAP provider ID')),
    },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_ldap_group_link'],
    keywords: 'remove unlink ldap ad active directory unmap disconnect sync',
    examples: [
      'delete the LDAP link for cn=developers in acme',
      'remove the LDAP filter link (department=eng) from platform',
      'delete the LDAP group link cn=finance (provider ldapmain) from payments',
      'remove the LDAP link using filter (ou=data) from group data-eng',
      'stop syncing directory CN mobile-devs into mobile, get rid of that mapping',
    ],
  },
  ldap_link_delete_for_provider: {
    summary: 'Delete the LDAP group link of a given provider and CN',
    rest: 'DELETE /groups/{group_id}/ldap_group_links/{provider}/{cn}',
    params: { group_id: id.group(), provider: id.str('LDAP provider ID'), cn: id.str('CN of the LDAP group') },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_ldap_group_link'],
    keywords: 'remove unlink ldap provider cn ad active directory server unmap disconnect sync',
    examples: [
      'delete LDAP link cn=ops of provider ldapmain in group acme',
      'remove the ldapsecondary provider link for cn=qa from platform',
      'delete the LDAP link for provider ldapmain and cn finance in group payments',
      'remove cn=data-team of provider ldapsecondary from the data-eng LDAP links',
      'drop the Active Directory mapping cn=mobile-devs of the main server from mobile',
    ],
  },
  ldap_sync: {
    summary: 'Start a synchronization of the group members with its LDAP links',
    rest: 'POST /groups/{group_id}/ldap_sync',
    params: { group_id: id.group() },
    tier: 'premium',
    fineGrained: ['run_ldap_group_sync'],
    keywords: 'sync ldap members refresh active directory resync ad trigger reconcile force',
    examples: [
      'sync acme members from LDAP now',
      'refresh platform membership from Active Directory',
      'trigger an LDAP sync for group payments',
      'run LDAP group sync on data-eng so the new hires show up',
      'pull the latest directory membership into mobile right now',
    ],
  },

  // ---- service accounts
  service_account_list: {
    summary: 'List the service accounts of a top-level group',
    rest: 'GET /groups/{group_id}/service_accounts',
    elsewhere: { project_id: 'project.service_account_list' },
    params: {
      group_id: id.group(),
      order_by: oneOf(['id', 'username'], 'Sort field (default id)'),
      sort: oneOf(SORT, 'Sort direction (default desc)'),
      ...paging(),
    },
    fineGrained: ['read_service_account'],
    keywords: 'bots machine users service accounts robot automation non-human sa technical',
    examples: [
      'list service accounts of group acme',
      'which bot users does platform have?',
      'list all service accounts in group payments sorted by username',
      'show the machine users of data-eng',
      'which machine users belong to mobile?',
    ],
  },
  service_account_get: {
    summary: 'Get one service account of a group',
    rest: 'GET /groups/{group_id}/service_accounts/{user_id}',
    elsewhere: { project_id: 'project.service_account_get' },
    params: { group_id: id.group(), user_id: saUserId() },
    notFound: { kind: 'service account', idParam: 'user_id', listAction: 'group.service_account_list' },
    fineGrained: ['read_service_account'],
    keywords: 'bot machine user service account robot automation details sa non-human',
    examples: [
      'show service account 9001 of acme',
      'details of bot user 7712 in group platform',
      'get the details of service account 4242 in group payments',
      'show the username and email of service account 5150 in data-eng',
      'who is bot user 6001 in mobile? show its details',
    ],
  },
  service_account_create: {
    summary: 'Create a service account (machine user) in a top-level group',
    rest: 'POST /groups/{group_id}/service_accounts',
    elsewhere: { project_id: 'project.service_account_create' },
    params: { group_id: id.group(), ...serviceAccountFields() },
    fineGrained: ['create_service_account'],
    keywords: 'new bot machine user service account robot automation add make sa non-human',
    examples: [
      'create a service account ci-bot in group acme',
      'new machine user deploy-bot with email deploy@acme.io in platform',
      'create service account release-bot in group payments',
      'add a new service account named etl-runner to data-eng',
      'set up a bot user for mobile called build-bot',
    ],
  },
  service_account_update: {
    summary: 'Change the name, username or email of a group service account',
    rest: 'PATCH /groups/{group_id}/service_accounts/{user_id}',
    elsewhere: { project_id: 'project.service_account_update' },
    params: { group_id: id.group(), user_id: saUserId(), ...serviceAccountFields() },
    fineGrained: ['update_service_account'],
    keywords: 'edit bot service account rename robot modify sa machine automation',
    examples: [
      'rename service account 9001 in acme to release-bot',
      'change the email of bot user 7712 in platform to bots@example.com',
      'update service account 4242 in payments: set the username to payments-bot',
      'change the display name of service account 5150 in group data-eng to ETL Bot',
      'rename bot user 6001 of the mobile team to mobile-ci',
    ],
  },
  service_account_delete: {
    summary: 'Delete a group service account',
    rest: 'DELETE /groups/{group_id}/service_accounts/{user_id}',
    elsewhere: { project_id: 'project.service_account_delete' },
    params: {
      group_id: id.group(),
      user_id: saUserId(),
      hard_delete: bool('Also delete its contributions instead of moving them to the ghost user'),
    },
    destructive: true,
    fineGrained: ['delete_service_account'],
    keywords: 'remove bot service account robot machine user deprovision sa nuke',
    examples: [
      'delete service account 9001 from acme',
      'delete service account 7712 of group platform along with its contributions',
      'remove service account 4242 from group payments',
      'delete bot user 5150 of group data-eng, contributions included (hard delete)',
      'get rid of bot user 6001 on mobile, it is unused',
    ],
  },
  service_account_pat_list: {
    summary: 'List the personal access tokens of a group service account',
    rest: 'GET /groups/{group_id}/service_accounts/{user_id}/personal_access_tokens',
    elsewhere: { project_id: 'project.service_account_pat_list' },
    params: {
      group_id: id.group(),
      user_id: saUserId(),
      state: oneOf(['active', 'inactive'], 'Only active or inactive tokens'),
      revoked: bool('Only revoked (true) or non-revoked (false) tokens'),
      search: str('Match tokens by name'),
      created_after: str('Created after this time (ISO 8601)'),
      created_before: str('Created before this time (ISO 8601)'),
      expires_after: str('Expiring after this date (YYYY-MM-DD)'),
      expires_before: str('Expiring before this date (YYYY-MM-DD)'),
      last_used_after: str('Last used after this time (ISO 8601)'),
      last_used_before: str('Last used before this time (ISO 8601)'),
      sort: str('Sort order, e.g. created_desc, expires_asc, last_used_desc, name_asc'),
      ...paging(),
    },
    fineGrained: ['read_service_account_personal_access_token'],
    keywords: 'bot tokens service account credentials robot sa keys secrets machine',
    examples: [
      'list tokens of service account 9001 in acme',
      'which tokens of service account 7712 in group platform expire this month?',
      'list active personal access tokens of service account 4242 in payments',
      'show inactive tokens for service account 5150 in group data-eng',
      'what credentials does bot user 6001 on mobile have, and when were they last used?',
    ],
  },
  service_account_pat_create: {
    summary: 'Create a personal access token for a group service account (the value is shown once)',
    rest: 'POST /groups/{group_id}/service_accounts/{user_id}/personal_access_tokens',
    elsewhere: { project_id: 'project.service_account_pat_create' },
    params: {
      group_id: id.group(),
      user_id: saUserId(),
      name: req(str('Name of the token')),
      scopes: req(strList('Scopes, e.g. api, read_api, read_repository, write_repository')),
      expires_at: str('Expiry date (YYYY-MM-DD)'),
      description: str('Description of the token'),
    },
    fineGrained: ['create_service_account_personal_access_token'],
    keywords: 'new bot token service account credential generate mint issue robot sa key',
    examples: [
      'create a token with api scope for service account 9001 in acme',
      'issue a read_registry PAT for bot 7712 in platform expiring 2025-12-31',
      'create a personal access token named deploy for service account 4242 in payments with read_repository scope',
      'generate a PAT with api and read_api scopes for service account 5150 in data-eng, expiring 2026-01-31',
      'mint a new read_api credential for bot user 6001 on mobile',
    ],
  },
  service_account_pat_rotate: {
    summary: 'Rotate a token of a group service account: revoke it and return a new one',
    rest: 'POST /groups/{group_id}/service_accounts/{user_id}/personal_access_tokens/{token_id}/rotate',
    elsewhere: { project_id: 'project.service_account_pat_rotate' },
    params: {
      group_id: id.group(),
      user_id: saUserId(),
      token_id: tokenId(),
      expires_at: str('Expiry date of the new token (YYYY-MM-DD)'),
    },
    fineGrained: ['rotate_service_account_personal_access_token'],
    keywords: 'rotate renew bot token service account regenerate refresh cycle roll robot sa',
    examples: [
      'rotate token 55 of service account 9001 in acme',
      'renew the expiring PAT 812 of bot 7712 in platform',
      'rotate personal access token 91 of service account 4242 in payments',
      'rotate PAT 120 of service account 5150 in group data-eng with new expiry 2026-06-30',
      'token 301 of bot user 6001 on mobile expires soon, swap it for a fresh one',
    ],
  },
  service_account_pat_revoke: {
    summary: 'Revoke a personal access token of a group service account',
    rest: 'DELETE /groups/{group_id}/service_accounts/{user_id}/personal_access_tokens/{token_id}',
    elsewhere: { project_id: 'project.service_account_pat_revoke' },
    params: { group_id: id.group(), user_id: saUserId(), token_id: tokenId() },
    destructive: true,
    fineGrained: ['revoke_service_account_personal_access_token'],
    keywords: 'revoke delete bot token service account invalidate disable expire kill robot sa',
    examples: [
      'revoke token 55 of service account 9001 in acme',
      'the PAT 812 of bot 7712 in platform leaked, revoke it',
      'revoke personal access token 91 of service account 4242 in payments',
      'kill PAT 120 belonging to service account 5150 in group data-eng',
      'invalidate the personal token 301 held by bot user 6001 on mobile',
    ],
  },

  // ---- credentials inventory (enterprise users, GitLab.com)
  credential_list_pats: {
    summary: 'List the personal access tokens of the enterprise users of a top-level group (credentials inventory, GitLab.com)',
    rest: 'GET /groups/{group_id}/manage/personal_access_tokens',
    params: {
      group_id: id.group(),
      state: oneOf(['active', 'inactive'], 'Only active or inactive tokens'),
      revoked: bool('Only revoked (true) or non-revoked (false) tokens'),
      search: str('Match tokens by name'),
      created_after: str('Created after this time (ISO 8601)'),
      created_before: str('Created before this time (ISO 8601)'),
      expires_after: str('Expiring after this date (YYYY-MM-DD)'),
      expires_before: str('Expiring before this date (YYYY-MM-DD)'),
      last_used_after: str('Last used after this time (ISO 8601)'),
      last_used_before: str('Last used before this time (ISO 8601)'),
      sort: str('Sort order, e.g. created_desc, expires_asc, last_used_desc, name_asc'),
      ...paging(),
    },
    tier: 'ultimate',
    fineGrained: ['read_personal_access_token'],
    keywords: 'credentials inventory tokens audit enterprise users security compliance review expiring secrets managed-users',
    examples: [
      'credentials inventory: list personal access tokens of enterprise users in acme',
      'which enterprise user tokens in platform have not been used since January?',
      'list the credentials inventory PATs for payments that expire before 2025-12-31',
      'show personal access tokens of enterprise users in data-eng created this year',
      'audit the access tokens our enterprise users hold in mobile',
    ],
  },
  credential_revoke_pat: {
    summary: 'Revoke a personal access token of an enterprise user of the group (credentials inventory)',
    rest: 'DELETE /groups/{group_id}/manage/personal_access_tokens/{token_id}',
    params: { group_id: id.group(), token_id: tokenId() },
    tier: 'ultimate',
    destructive: true,
    fineGrained: ['revoke_personal_access_token'],
    keywords: 'revoke token credentials inventory compromised leaked invalidate kill disable security incident',
    examples: [
      'revoke enterprise user token 4410 in the acme credentials inventory',
      'token 9921 of an acme employee was compromised, revoke it',
      'revoke PAT 5512 of an enterprise user in the payments credentials inventory',
      'revoke credentials inventory token 6620 in data-eng, it leaked to a public repo',
      'an employee access token 7001 in mobile leaked, invalidate it now',
    ],
  },
  credential_list_ssh_keys: {
    summary: 'List the SSH keys of the enterprise users of a top-level group (credentials inventory, GitLab.com)',
    rest: 'GET /groups/{group_id}/manage/ssh_keys',
    params: {
      group_id: id.group(),
      created_after: str('Created after this time (ISO 8601)'),
      created_before: str('Created before this time (ISO 8601)'),
      expires_after: str('Expiring after this date (YYYY-MM-DD)'),
      expires_before: str('Expiring before this date (YYYY-MM-DD)'),
      ...paging(),
    },
    tier: 'ultimate',
    fineGrained: ['read_ssh_key'],
    keywords: 'ssh keys credentials inventory audit enterprise users public compliance review authorized-keys expiring',
    examples: [
      'list SSH keys of enterprise users in acme',
      'which enterprise SSH keys in platform expire before 2025-12-31?',
      'list the SSH keys enterprise users added in payments',
      'credentials inventory for data-eng: show SSH keys created after 2025-01-01',
      'show all enterprise user pubkeys in mobile expiring this year',
    ],
  },
  credential_delete_ssh_key: {
    summary: 'Delete an SSH key of an enterprise user of the group (credentials inventory)',
    rest: 'DELETE /groups/{group_id}/manage/ssh_keys/{key_id}',
    params: { group_id: id.group(), key_id: id.int('SSH key ID') },
    tier: 'ultimate',
    destructive: true,
    fineGrained: ['delete_ssh_key'],
    keywords: 'remove ssh key credentials inventory revoke compromised leaked public-key purge security',
    examples: [
      'delete SSH key 301 of an enterprise user in acme',
      'remove compromised enterprise SSH key 77 from the platform credentials inventory',
      'delete enterprise SSH key 412 in payments',
      'remove SSH key 9034 of a departed employee from the data-eng credentials inventory',
      'get rid of pubkey 518 belonging to an enterprise user of mobile',
    ],
  },
  ssh_cert_list: {
    summary: 'List the SSH certificate authorities (CA keys) of a top-level group',
    rest: 'GET /groups/{group_id}/ssh_certificates',
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_ssh_certificate'],
    keywords: 'ssh certificates CA authority signing trusted managed principals',
    examples: [
      'list SSH certificate authorities of acme',
      'which CA keys are trusted for SSH certificates in platform?',
      'list the SSH certificate CAs configured for group payments',
      'show the group SSH certificates of data-eng',
      'which CAs does mobile trust for short-lived git login credentials?',
    ],
  },
  ssh_cert_create: {
    summary: 'Add an SSH certificate authority key to a top-level group',
    rest: 'POST /groups/{group_id}/ssh_certificates',
    params: {
      group_id: id.group(),
      key: req(str('Public key of the SSH certificate authority')),
      title: req(str('Title of the certificate authority')),
    },
    tier: 'premium',
    fineGrained: ['create_ssh_certificate'],
    keywords: 'add ssh certificate CA authority upload register trust signing',
    examples: [
      'add an SSH CA key titled corp-ca to group acme',
      'register our SSH certificate authority ssh-ed25519 AAAAC3Nz... with group platform',
      'add SSH certificate authority vault-ca with key ssh-rsa AAAAB3NzaC1yc2E... to payments',
      'create an SSH CA entry titled hashicorp-vault in group data-eng',
      'trust a new signing authority step-ca in mobile, pubkey attached',
    ],
  },
  ssh_cert_delete: {
    summary: 'Remove an SSH certificate authority key from a group',
    rest: 'DELETE /groups/{group_id}/ssh_certificates/{ssh_certificates_id}',
    params: { group_id: id.group(), ssh_certificates_id: id.int('ID of the SSH certificate authority') },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_ssh_certificate'],
    keywords: 'remove ssh certificate CA untrust revoke drop',
    examples: [
      'delete SSH certificate CA 12 from acme',
      'remove the old corp-ca SSH certificate authority from platform',
      'delete SSH certificate authority 31 from group data-eng',
      'remove the vault-ca SSH CA from payments',
      'stop trusting signing authority 44 in mobile, get rid of it',
    ],
  },
  security_settings_update: {
    summary: 'Turn secret push protection on or off for all projects of a group, with exclusions',
    errorHints: SECURITY_SETTINGS_HINTS,
    rest: 'PUT /groups/{group_id}/security_settings',
    elsewhere: { project_id: 'project.security_settings_update' },
    params: {
      group_id: id.group(),
      secret_push_protection_enabled: req(bool('Block pushes that contain secrets in every project of the group')),
      projects_to_exclude: intList('IDs of projects left out of the change'),
    },
    tier: 'ultimate',
    fineGrained: ['update_security_setting'],
    keywords: 'secret push protection enable security settings group disable secret-detection leaks scanning toggle credentials',
    examples: [
      'turn on secret push protection for all projects in acme',
      'enable push protection in group platform except platform/sandbox',
      'disable secret push protection across group payments',
      'turn on secret push protection for every project in data-eng except projects 301 and 302',
      'stop pushes containing leaked credentials in all mobile repos',
    ],
  },

  // ---- webhooks
  hook_list: {
    summary: 'List the webhooks of a group',
    rest: 'GET /groups/{group_id}/hooks',
    elsewhere: { project_id: 'project.hook_list' },
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_webhook'],
    keywords: 'webhooks callbacks notifications org integrations endpoints urls subscribers',
    examples: [
      'list webhooks of group acme',
      'which webhooks are configured on the platform group?',
      'show all group webhooks of payments',
      'list hooks configured on group data-eng',
      'what callback URLs get notified about events across mobile?',
    ],
  },
  hook_get: {
    summary: 'Get one webhook of a group and its event triggers',
    rest: 'GET /groups/{group_id}/hooks/{hook_id}',
    elsewhere: { project_id: 'project.hook_get' },
    params: { group_id: id.group(), hook_id: hookId() },
    tier: 'premium',
    fineGrained: ['read_webhook'],
    keywords: 'webhook callback org config details endpoint url',
    examples: [
      'show group webhook 17 of acme and its triggers',
      'what events does webhook 203 in group platform fire on?',
      'get group hook 88 of payments',
      'show the URL and SSL verification setting of webhook 64 in group data-eng',
      'which events is callback 97 on mobile subscribed to?',
    ],
  },
  hook_add: {
    summary: 'Add a webhook that posts selected events of all projects of a group to a URL',
    rest: 'POST /groups/{group_id}/hooks',
    elsewhere: { project_id: 'project.hook_add' },
    params: { group_id: id.group(), url: req(str('URL the events are posted to')), ...hookFields() },
    tier: 'premium',
    fineGrained: ['create_webhook'],
    keywords: 'create webhook callback integration notify url register subscribe org endpoint new http',
    examples: [
      'add a group webhook in acme posting pipeline events to https://ci.example.com/hook',
      'add a webhook to group platform that calls https://hooks.example.com/abc on MR and issue events',
      'create a group webhook on payments for push and tag events to https://hooks.example.com/pay',
      'register a webhook in data-eng that posts pipeline and job events to https://ci.data.example.com/gitlab',
      'notify https://chat.example.com/in/mobile whenever an MR or release happens anywhere in mobile',
    ],
  },
  hook_edit: {
    summary: 'Change the URL or event triggers of a group webhook',
    rest: 'PUT /groups/{group_id}/hooks/{hook_id}',
    elsewhere: { project_id: 'project.hook_edit' },
    params: { group_id: id.group(), hook_id: hookId(), url: str('URL the events are posted to'), ...hookFields() },
    tier: 'premium',
    fineGrained: ['update_webhook'],
    keywords: 'update webhook edit triggers modify org endpoint callback reconfigure',
    examples: [
      'change the URL of group webhook 17 in acme to https://new.example.com/hook',
      'also send job events to webhook 203 of group platform',
      'update group webhook 88 in payments to stop sending push events',
      'edit webhook 64 of group data-eng to enable SSL verification',
      'point callback 97 on mobile at https://events.example.com/mobile',
    ],
  },
  hook_delete: {
    summary: 'Delete a group webhook',
    rest: 'DELETE /groups/{group_id}/hooks/{hook_id}',
    elsewhere: { project_id: 'project.hook_delete' },
    params: { group_id: id.group(), hook_id: hookId() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_webhook'],
    keywords: 'remove webhook org callback endpoint unsubscribe drop integration',
    examples: [
      'delete group webhook 17 from acme',
      'remove the old Jenkins webhook 203 from platform',
      'delete webhook 88 of group payments',
      'remove the Slack webhook 64 from group data-eng',
      'get rid of callback 97 on mobile, the receiver is gone',
    ],
  },
  hook_test: {
    summary: 'Send a test event of the chosen kind to a group webhook',
    rest: 'POST /groups/{group_id}/hooks/{hook_id}/test/{trigger}',
    elsewhere: { project_id: 'project.hook_test' },
    params: { group_id: id.group(), hook_id: hookId(), trigger: req(oneOf(HOOK_TRIGGERS, 'Kind of test event')) },
    tier: 'premium',
    fineGrained: ['trigger_webhook'],
    keywords: 'test webhook ping fire verify check try sample trial deliver',
    examples: [
      'send a test push event to group webhook 17 in acme',
      'fire a test merge request event at webhook 203 of platform',
      'test group webhook 88 in payments with a pipeline event',
      'trigger a test issues event on webhook 64 of group data-eng',
      'ping callback 97 on mobile with a sample tag push to check the receiver',
    ],
  },
  hook_resend_event: {
    summary: 'Resend one past event of a group webhook (from its recent deliveries)',
    rest: 'POST /groups/{group_id}/hooks/{hook_id}/events/{hook_log_id}/resend',
    params: { group_id: id.group(), hook_id: hookId(), hook_log_id: id.int('ID of the webhook event (delivery log)') },
    tier: 'premium',
    fineGrained: ['trigger_webhook'],
    keywords: 'resend redeliver retry webhook event replay failed again re-deliver retrigger',
    examples: [
      'resend delivery 9912 of group webhook 17 in acme',
      'redeliver failed event 4410 of webhook 203 in group platform',
      'resend event 3310 of group webhook 88 in payments',
      'retry the failed delivery 7765 of webhook 64 in group data-eng',
      'deliver log entry 5520 of callback 97 on mobile again',
    ],
  },
  hook_set_custom_header: {
    summary: 'Set a custom HTTP header sent with a group webhook',
    rest: 'PUT /groups/{group_id}/hooks/{hook_id}/custom_headers/{key}',
    elsewhere: { project_id: 'project.hook_set_custom_header' },
    params: { group_id: id.group(), hook_id: hookId(), key: id.str('Header name'), value: req(str('Header value')) },
    tier: 'premium',
    fineGrained: ['update_webhook'],
    keywords: 'add webhook header authorization token bearer auth x-header signature',
    examples: [
      'add header X-Api-Key to group webhook 17 in acme',
      'set the custom header Authorization on webhook 203 of platform',
      'set custom header X-Team: payments on group webhook 88',
      'add an Authorization header with a bearer token to webhook 64 in group data-eng',
      'send X-Source: gitlab along with every call of callback 97 on mobile',
    ],
  },
  hook_delete_custom_header: {
    summary: 'Remove a custom HTTP header from a group webhook',
    rest: 'DELETE /groups/{group_id}/hooks/{hook_id}/custom_headers/{key}',
    elsewhere: { project_id: 'project.hook_delete_custom_header' },
    params: { group_id: id.group(), hook_id: hookId(), key: id.str('Header name') },
    tier: 'premium',
    destructive: true,
    fineGrained: ['update_webhook'],
    keywords: 'webhook remove unset authorization bearer clear drop x-header auth',
    examples: [
      'remove the X-Api-Key header from group webhook 17 in acme',
      'delete custom header Authorization on platform webhook 203',
      'delete the custom header X-Team from group webhook 88 in payments',
      'remove the Authorization header from webhook 64 of group data-eng',
      'stop sending X-Source with callback 97 on mobile, get rid of it',
    ],
  },
  hook_set_url_variable: {
    summary: 'Set a masked URL variable of a group webhook',
    rest: 'PUT /groups/{group_id}/hooks/{hook_id}/url_variables/{key}',
    elsewhere: { project_id: 'project.hook_set_url_variable' },
    params: { group_id: id.group(), hook_id: hookId(), key: id.str('Variable name'), value: req(str('Variable value')) },
    tier: 'premium',
    fineGrained: ['update_webhook'],
    keywords: 'webhook url variable mask secret token placeholder credential sensitive parameter',
    examples: [
      'set the masked url variable token on group webhook 17 of acme',
      'define url variable api_key for webhook 203 in platform',
      'set url variable secret on group webhook 88 in payments',
      'add a masked URL variable project_token to webhook 64 in group data-eng',
      'store token=abc123 as a masked placeholder for callback 97 on mobile',
    ],
  },
  hook_delete_url_variable: {
    summary: 'Remove a masked URL variable from a group webhook',
    rest: 'DELETE /groups/{group_id}/hooks/{hook_id}/url_variables/{key}',
    elsewhere: { project_id: 'project.hook_delete_url_variable' },
    params: { group_id: id.group(), hook_id: hookId(), key: id.str('Variable name') },
    tier: 'premium',
    destructive: true,
    fineGrained: ['update_webhook'],
    keywords: 'webhook url variable remove unset clear drop secret placeholder token',
    examples: [
      'remove url variable token from group webhook 17 in acme',
      'delete the masked url variable api_key of platform webhook 203',
      'delete url variable secret from group webhook 88 in payments',
      'remove the masked URL variable project_token of webhook 64 in group data-eng',
      'get rid of the masked placeholder token on callback 97 in mobile',
    ],
  },

  // ---- badges
  badge_list: {
    summary: 'List the badges of a group',
    rest: 'GET /groups/{group_id}/badges',
    elsewhere: { project_id: 'project.badge_list' },
    params: { group_id: id.group(), name: str('Only badges with this name'), ...paging() },
    fineGrained: ['read_badge'],
    keywords: 'badges shields status images readme org pipeline coverage icons links',
    examples: [
      'list badges of group acme',
      'what badges are shown on platform projects?',
      'list all group badges of payments',
      'show badges named coverage in group data-eng',
      'which shields appear on every mobile project?',
    ],
  },
  badge_get: {
    summary: 'Get one badge of a group',
    rest: 'GET /groups/{group_id}/badges/{badge_id}',
    elsewhere: { project_id: 'project.badge_get' },
    params: { group_id: id.group(), badge_id: badgeId() },
    notFound: { kind: 'badge', idParam: 'badge_id', listAction: 'group.badge_list' },
    fineGrained: ['read_badge'],
    keywords: 'badge shield status image link org',
    examples: [
      'show group badge 8 of acme',
      'details of badge 21 in group platform',
      'get group badge 14 of payments',
      'show the link and image URL of badge 33 in group data-eng',
      'what does shield 47 on mobile point to?',
    ],
  },
  badge_add: {
    summary: 'Add a badge (image with link) shown on every project of a group; URLs may use placeholders',
    rest: 'POST /groups/{group_id}/badges',
    elsewhere: { project_id: 'project.badge_add' },
    params: {
      group_id: id.group(),
      link_url: req(str('URL the badge links to (placeholders like %{project_path} allowed)')),
      image_url: req(str('URL of the badge image')),
      name: str('Name of the badge'),
    },
    fineGrained: ['create_badge'],
    keywords: 'create badge shield coverage status pipeline readme new org icon',
    examples: [
      'add a coverage badge at group level in acme, shown on every project',
      'add a pipeline status badge for all projects of group platform',
      'add a group-wide docs badge to payments linking to https://docs.example.com',
      'create a latest-release badge for group data-eng using %{project_path} in the link',
      'put a coverage shield on every mobile project',
    ],
  },
  badge_edit: {
    summary: 'Change the link, image or name of a group badge',
    rest: 'PUT /groups/{group_id}/badges/{badge_id}',
    elsewhere: { project_id: 'project.badge_edit' },
    params: {
      group_id: id.group(),
      badge_id: badgeId(),
      link_url: str('URL the badge links to'),
      image_url: str('URL of the badge image'),
      name: str('Name of the badge'),
    },
    fineGrained: ['update_badge'],
    keywords: 'update badge modify shield org status icon',
    examples: [
      'change the image URL of group badge 8 in acme',
      'rename badge 21 of group platform to coverage',
      'update group badge 14 in payments to link to the new docs site',
      'edit badge 33 of group data-eng to use image https://img.shields.io/badge/build-green',
      'point shield 47 on mobile at https://ci.example.com/mobile',
    ],
  },
  badge_delete: {
    summary: 'Delete a group badge',
    rest: 'DELETE /groups/{group_id}/badges/{badge_id}',
    elsewhere: { project_id: 'project.badge_delete' },
    params: { group_id: id.group(), badge_id: badgeId() },
    destructive: true,
    fineGrained: ['delete_badge'],
    keywords: 'remove badge shield status drop org icon image',
    examples: [
      'delete group badge 8 from acme',
      'remove the old build badge 21 from platform',
      'delete badge 33 from group data-eng',
      'remove group badge 14 in payments',
      'get rid of shield 47 on mobile, it is broken',
    ],
  },
  badge_preview: {
    summary: 'Preview how group badge URLs resolve after placeholder substitution',
    rest: 'GET /groups/{group_id}/badges/render',
    elsewhere: { project_id: 'project.badge_preview' },
    params: {
      group_id: id.group(),
      link_url: req(str('Badge link URL with placeholders')),
      image_url: req(str('Badge image URL with placeholders')),
    },
    fineGrained: ['read_badge'],
    keywords: 'render badge preview placeholders dry-run check expand interpolate test variables',
    examples: [
      'preview how a badge link with %{project_path} renders in group acme',
      'render badge URLs with placeholders for group platform before adding them',
      'preview group badge https://ci.example.com/%{project_path}/badge.svg in payments',
      'show how a link and image with %{default_branch} resolve in group data-eng',
      'what would https://img.shields.io/%{project_path} expand to on mobile?',
    ],
  },

  // ---- labels
  group_label_list: {
    summary: 'List the labels of a group, optionally with issue and MR counts',
    rest: 'GET /groups/{group_id}/labels',
    elsewhere: { project_id: 'project.label_list' },
    params: {
      group_id: id.group(),
      search: str('Match labels by name'),
      with_counts: bool('Include open issue and merge request counts', { adds: ['open_issues_count', 'closed_issues_count', 'open_merge_requests_count'] }),
      include_ancestor_groups: bool('Include labels of ancestor groups (default true)'),
      include_descendant_groups: bool('Include labels of subgroups'),
      only_group_labels: bool('Only group labels, not project labels (default true)'),
      archived: bool('Only archived (true) or non-archived (false) labels'),
      ...paging(),
    },
    fineGrained: ['read_label'],
    nextSteps: ['group.group_label_update', 'group.group_label_create', 'group.group_label_delete'],
    nextFill: { group_id: 'params.group_id', name: 'caller', color: 'caller' },
    keywords: 'labels tags categories org-wide scoped taxonomy enumerate',
    examples: [
      'list labels of group acme',
      'which group labels in platform have the most open issues?',
      'show labels of acme/backend containing priority',
      'list group labels of payments with their issue counts',
      'show every scoped priority:: category defined in data-eng',
    ],
  },
  group_label_get: {
    summary: 'Get one label of a group',
    rest: 'GET /groups/{group_id}/labels/{label_id}',
    elsewhere: { project_id: 'project.label_get' },
    params: {
      group_id: id.group(),
      label_id: labelId(),
      include_ancestor_groups: bool('Also look in ancestor groups (default true)'),
      include_descendant_groups: bool('Also look in subgroups'),
      only_group_labels: bool('Only group labels, not project labels (default true)'),
    },
    notFound: { kind: 'label', idParam: 'label_id', listAction: 'group.group_label_list' },
    fineGrained: ['read_label'],
    keywords: 'label color details description scoped single org lookup',
    examples: [
      'show group label ~bug in acme',
      'what color is label 77 in group platform?',
      'get group label ~frontend in payments',
      'show the description of label ~"needs triage" in group data-eng',
      'what does ~regression mean in mobile and what color is it?',
    ],
  },
  group_label_create: {
    summary: 'Create a label in a group, usable in all its projects and subgroups',
    rest: 'POST /groups/{group_id}/labels',
    elsewhere: { project_id: 'project.label_create' },
    params: {
      group_id: id.group(),
      name: req(str('Name of the label (scoped labels use key::value)')),
      color: req(str('Color as #RRGGBB or a CSS color name')),
      description: str('Description of the label'),
      archived: bool('Create the label archived (hidden from label pickers)'),
    },
    fineGrained: ['create_label'],
    nextSteps: ['group.group_label_list', 'group.group_label_update'],
    nextFill: { group_id: 'params.group_id', label_id: 'answer.id' },
    keywords: 'new label tag category add define org-wide scoped make',
    examples: [
      'create label ~security in group acme, red',
      'add group label "needs design" to platform with color #428BCA',
      'new label tech-debt for all projects of acme/backend',
      'create group label priority::high in payments with color #FF0000',
      'add a ~customer-reported tag in orange for all mobile projects',
    ],
  },
  group_label_update: {
    summary: 'Rename a group label or change its color or description',
    rest: 'PUT /groups/{group_id}/labels',
    alternatives: [{ when: 'label_id', rest: 'PUT /groups/{group_id}/labels/{label_id}' }],
    params: {
      group_id: id.group(),
      label_id: str('Label ID or name (label_id or name required)'),
      name: str('Name of the label (when label_id is not given)'),
      new_name: str('New name of the label'),
      color: str('Color as #RRGGBB or a CSS color name'),
      description: str('Description of the label'),
      archived: bool('Archive (true) or unarchive (false) the label'),
    },
    fineGrained: ['update_label'],
    keywords: 'edit rename label color recolor modify org-wide scoped',
    examples: [
      'rename group label ~bug to ~defect in acme',
      'change the color of label 77 in group platform to green',
      'update group label ~frontend in payments with a new description',
      'change label ~needs-triage in group data-eng to #FFA500',
      'recolor ~regression on mobile to purple and rename it ~regressed',
    ],
  },
  group_label_delete: {
    summary: 'Delete a group label (removed from all issues and MRs)',
    rest: 'DELETE /groups/{group_id}/labels',
    alternatives: [{ when: 'label_id', rest: 'DELETE /groups/{group_id}/labels/{label_id}' }],
    params: {
      group_id: id.group(),
      label_id: str('Label ID or name (label_id or name required)'),
      name: str('Name of the label (when label_id is not given)'),
    },
    exactlyOne: ['label_id', 'name'],
    destructive: true,
    fineGrained: ['delete_label'],
    keywords: 'remove label org-wide drop erase tag category',
    examples: [
      'delete group label ~wontfix from acme',
      'remove label 77 from group platform',
      'delete label ~obsolete from group payments',
      'remove the group label ~needs-triage in data-eng',
      'get rid of ~legacy on the mobile namespace, nobody uses it',
    ],
  },
  group_label_subscribe: {
    summary: 'Subscribe the current user to notifications for a group label',
    rest: 'POST /groups/{group_id}/labels/{label_id}/subscribe',
    elsewhere: { project_id: 'project.label_subscribe' },
    params: { group_id: id.group(), label_id: labelId() },
    fineGrained: ['subscribe_label'],
    keywords: 'watch label notifications follow alerts notify emails get-notified track',
    examples: [
      'subscribe me to group label ~security in acme',
      'notify me about anything labeled ~incident in group platform',
      'subscribe to the ~frontend group label in payments',
      'watch label ~needs-triage in group data-eng',
      'email me whenever something gets tagged ~regression in mobile',
    ],
  },
  group_label_unsubscribe: {
    summary: 'Unsubscribe the current user from notifications for a group label',
    rest: 'POST /groups/{group_id}/labels/{label_id}/unsubscribe',
    elsewhere: { project_id: 'project.label_unsubscribe' },
    params: { group_id: id.group(), label_id: labelId() },
    fineGrained: ['subscribe_label'],
    keywords: 'unwatch label notifications unfollow mute stop alerts silence opt-out emails',
    examples: [
      'unsubscribe me from group label ~security in acme',
      'I no longer want notifications for label ~incident in group platform',
      'unsubscribe from group label ~frontend in payments',
      'stop watching label ~needs-triage in group data-eng',
      'stop emailing me about ~regression in mobile',
    ],
  },

  // ---- milestones
  group_milestone_list: {
    summary: 'List the milestones of a group, filtered by state, title, dates or IIDs',
    rest: 'GET /groups/{group_id}/milestones',
    elsewhere: { project_id: 'project.milestone_list' },
    params: {
      group_id: id.group(),
      iids: intList('Only milestones with these IIDs', { wire: 'iids[]' }),
      state: oneOf(['active', 'closed', 'all'], 'Only active or closed milestones (default all)'),
      title: str('Only the milestone with this exact title'),
      search: str('Match milestones by title or description'),
      search_title: str('Match milestones by title only'),
      include_ancestors: bool('Include milestones of ancestor groups'),
      include_descendants: bool('Include milestones of subgroups and their projects'),
      containing_date: str('Only milestones running on this date (YYYY-MM-DD)'),
      start_date: str('Only milestones due on or after this date (YYYY-MM-DD)'),
      end_date: str('Only milestones starting on or before this date (YYYY-MM-DD)'),
      updated_before: str('Updated before this time (ISO 8601)'),
      updated_after: str('Updated after this time (ISO 8601)'),
      ...paging(),
    },
    undocumented: {
      search_title: MILESTONE_PAGE_ONLY,
      containing_date: MILESTONE_PAGE_ONLY,
      start_date: MILESTONE_PAGE_ONLY,
      end_date: MILESTONE_PAGE_ONLY,
    },
    omitted: { include_parent_milestones: 'deprecated by GitLab: replaced by include_ancestors' },
    fineGrained: ['read_work_item'],
    nextSteps: ['group.group_milestone_issues', 'group.group_milestone_merge_requests', 'group.group_milestone_update'],
    nextFill: { group_id: 'params.group_id', milestone_iid: 'caller' },
    keywords: 'milestones sprints releases deadlines timeboxes fix-versions jira active closed upcoming',
    examples: [
      'list active milestones of group acme',
      'which group milestones in platform are closed?',
      'show milestones of acme/backend containing 2025-07-01',
      'list all group milestones of payments, subgroups included',
      'which sprints does data-eng have running on 2025-10-01?',
    ],
  },
  group_milestone_get: {
    summary: 'Get one milestone of a group: dates, state and description',
    rest: 'GET /groups/{group_id}/milestones/{milestone_id}',
    elsewhere: { project_id: 'project.milestone_get' },
    resolve: RESOLVE_MILESTONE,
    params: { group_id: id.group(), ...milestoneByIid() },
    notFound: { kind: 'milestone', idParam: 'milestone_iid', listAction: 'group.group_milestone_list' },
    fineGrained: ['read_work_item'],
    nextSteps: ['group.group_milestone_issues', 'group.group_milestone_merge_requests', 'group.group_milestone_update'],
    nextFill: { group_id: 'params.group_id', milestone_iid: 'answer.iid' },
    keywords: 'milestone due date sprint deadline timebox details fix-version start',
    examples: [
      'show group milestone %"v2.0" in acme',
      'when is milestone 14 of group platform due?',
      'details of the Sprint 42 milestone in acme/backend',
      'get group milestone %"Q4" of payments',
      'when does %"Sprint 12" on data-eng start and end?',
    ],
  },
  group_milestone_create: {
    summary: 'Create a milestone in a group, usable in all its projects',
    rest: 'POST /groups/{group_id}/milestones',
    elsewhere: { project_id: 'project.milestone_create' },
    params: {
      group_id: id.group(),
      title: req(str('Title of the milestone')),
      description: str('Description of the milestone'),
      start_date: str('Start date (YYYY-MM-DD)'),
      due_date: str('Due date (YYYY-MM-DD)'),
    },
    fineGrained: ['create_work_item'],
    nextSteps: ['group.group_milestone_list', 'group.group_milestone_update', 'group.group_milestone_issues'],
    nextFill: { group_id: 'params.group_id', milestone_iid: 'answer.iid' },
    keywords: 'new milestone sprint deadline add plan schedule timebox fix-version org-wide',
    examples: [
      'create group milestone "Q3 2025" in acme due 2025-09-30',
      'new sprint milestone Sprint 43 in platform starting Monday',
      'create a group-level milestone v3.0 in acme/backend',
      'create a milestone 2026.1 for group payments from 2026-01-05 to 2026-01-30',
      'set up a new sprint named Sprint 13 in data-eng ending 2025-10-17',
    ],
  },
  group_milestone_update: {
    summary: 'Update a group milestone: title, dates, description, or close/reopen it',
    rest: 'PUT /groups/{group_id}/milestones/{milestone_id}',
    elsewhere: { project_id: 'project.milestone_update' },
    resolve: RESOLVE_MILESTONE,
    params: {
      group_id: id.group(),
      ...milestoneByIid(),
      title: str('New title'),
      description: str('New description'),
      start_date: str('Start date (YYYY-MM-DD)'),
      due_date: str('Due date (YYYY-MM-DD)'),
      state_event: oneOf(['close', 'activate'], 'Close or reopen the milestone'),
    },
    fineGrained: ['update_work_item'],
    stepParams: ['due_date', 'start_date', 'title', 'state_event'],
    nextSteps: ['group.group_milestone_get', 'group.group_milestone_issues'],
    nextFill: { group_id: 'params.group_id', milestone_iid: 'params.milestone_iid' },
    keywords: 'edit close reopen milestone reschedule postpone extend rename change due-date',
    examples: [
      'close group milestone %"v2.0" in acme',
      'move the due date of milestone 14 in platform to 2025-08-15',
      'reopen the Sprint 42 milestone in group acme/backend',
      'rename group milestone %"Q4" in payments to Q4 2025',
      'extend %"Sprint 12" of data-eng until 2025-10-10',
    ],
  },
  group_milestone_delete: {
    summary: 'Delete a group milestone (its issues and MRs are kept)',
    rest: 'DELETE /groups/{group_id}/milestones/{milestone_id}',
    elsewhere: { project_id: 'project.milestone_delete' },
    resolve: RESOLVE_MILESTONE,
    params: { group_id: id.group(), ...milestoneByIid() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove milestone drop erase discard sprint timebox',
    examples: [
      'delete group milestone %"v1.9" from acme',
      'remove milestone 14 of group platform',
      'delete milestone %"Q4" from group payments',
      'remove group milestone %"Sprint 12" in data-eng, it was a mistake',
      'get rid of the empty %"Backlog" sprint in mobile',
    ],
  },
  group_milestone_issues: {
    summary: 'List the issues assigned to a group milestone',
    rest: 'GET /groups/{group_id}/milestones/{milestone_id}/issues',
    elsewhere: { project_id: 'project.milestone_issues' },
    resolve: RESOLVE_MILESTONE,
    params: { group_id: id.group(), ...milestoneByIid(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'milestone issues scope tickets bugs tasks scheduled planned backlog',
    examples: [
      'which issues are in group milestone %"v2.0" of acme?',
      'list tickets scheduled for milestone 14 in platform',
      'list issues in group milestone %"Q4" of payments',
      'show the issues planned for milestone %"Sprint 12" in group data-eng',
      'what tickets are scheduled in %"2025.10" on mobile?',
    ],
  },
  group_milestone_merge_requests: {
    summary: 'List the merge requests assigned to a group milestone',
    rest: 'GET /groups/{group_id}/milestones/{milestone_id}/merge_requests',
    elsewhere: { project_id: 'project.milestone_merge_requests' },
    resolve: RESOLVE_MILESTONE,
    params: { group_id: id.group(), ...milestoneByIid(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'milestone merge requests PR pull requests mrs scheduled planned shipped changes',
    examples: [
      'which MRs target group milestone %"v2.0" in acme?',
      'which merge requests are scheduled for group milestone 14 in platform?',
      'list the merge requests tied to group milestone %"Q4" of payments',
      'show MRs assigned to milestone %"Sprint 12" in group data-eng',
      'which MRs are slated for %"2025.10" on mobile?',
    ],
  },
  group_milestone_burndown: {
    summary: 'Get the burndown chart events of a group milestone',
    rest: 'GET /groups/{group_id}/milestones/{milestone_id}/burndown_events',
    resolve: RESOLVE_MILESTONE,
    params: { group_id: id.group(), ...milestoneByIid() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'burndown chart progress milestone sprint velocity remaining trend report graph',
    examples: [
      'burndown of group milestone %"v2.0" in acme',
      'are we on track for Sprint 42 in platform? show the burndown chart',
      'get the burndown events of group milestone %"Q4" in payments',
      'show the burndown for milestone %"Sprint 12" of group data-eng',
      'how is %"2025.10" on mobile progressing day by day?',
    ],
  },

  // ---- issue boards
  group_board_list: {
    summary: 'List the issue boards of a group',
    rest: 'GET /groups/{group_id}/boards',
    elsewhere: { project_id: 'project.board_list' },
    params: { group_id: id.group(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'kanban boards issue board trello agile scrum org planning',
    examples: [
      'list issue boards of group acme',
      'what kanban boards does platform have?',
      'list all group boards of payments',
      'show the issue boards defined on group data-eng',
      'which kanbans does mobile have?',
    ],
  },
  group_board_get: {
    summary: 'Get one issue board of a group and its lists',
    rest: 'GET /groups/{group_id}/boards/{board_id}',
    elsewhere: { project_id: 'project.board_get' },
    params: { group_id: id.group(), board_id: boardId() },
    fineGrained: ['read_work_item'],
    keywords: 'kanban board columns trello agile scrum lanes details',
    examples: [
      'show issue board 5 of group acme and its scope',
      'details of issue board 12 in group platform',
      'get group board 22 of payments with its lists',
      'show issue board 8 in group data-eng and its columns',
      'what columns and scope does kanban 31 on mobile use?',
    ],
  },
  group_board_create: {
    summary: 'Create an issue board in a group',
    rest: 'POST /groups/{group_id}/boards',
    elsewhere: { project_id: 'project.board_create' },
    params: { group_id: id.group(), name: req(str('Name of the board')) },
    tier: 'premium',
    fineGrained: ['create_work_item'],
    keywords: 'new kanban board add trello agile scrum make setup',
    examples: [
      'create a group issue board "Release" in acme',
      'new kanban board Triage for group platform',
      'create a group board named Sprint in payments',
      'add a new issue board Ops to group data-eng',
      'set up a kanban called Bugs for mobile',
    ],
  },
  group_board_update: {
    summary: 'Rename a group issue board or change its scope (assignee, milestone, labels, weight)',
    rest: 'PUT /groups/{group_id}/boards/{board_id}',
    elsewhere: { project_id: 'project.board_update' },
    params: { group_id: id.group(), board_id: boardId(), name: str('New name of the board'), ...boardScope() },
    fineGrained: ['update_work_item'],
    keywords: 'edit kanban board scope configure filter modify trello',
    examples: [
      'rename group board 5 in acme to Roadmap',
      'scope board 12 of platform to milestone %"v2.0" and hide the closed list',
      'update group board 22 in payments to only show ~frontend issues',
      'change the scope of issue board 8 in group data-eng to assignee @erin',
      'rename kanban 31 on mobile to Release train and hide its Open column',
    ],
  },
  group_board_delete: {
    summary: 'Delete a group issue board (issues are kept)',
    rest: 'DELETE /groups/{group_id}/boards/{board_id}',
    elsewhere: { project_id: 'project.board_delete' },
    params: { group_id: id.group(), board_id: boardId() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove kanban board drop trello agile scrum erase',
    examples: [
      'delete group board 5 from acme',
      'remove the old Triage board 12 in platform',
      'delete issue board 8 from group data-eng',
      'remove group board 22 in payments',
      'get rid of kanban 31 on mobile',
    ],
  },
  group_board_list_lists: {
    summary: 'List the lists (columns) of a group issue board',
    rest: 'GET /groups/{group_id}/boards/{board_id}/lists',
    elsewhere: { project_id: 'project.board_list_list' },
    params: { group_id: id.group(), board_id: boardId(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'board columns lanes kanban stages swimlanes statuses workflow',
    examples: [
      'what columns are on group board 5 in acme?',
      'list the lists of issue board 12 in group platform',
      'list the columns of group board 22 in payments',
      'show all lists on issue board 8 of group data-eng',
      'what lanes does kanban 31 on mobile have?',
    ],
  },
  group_board_get_list: {
    summary: 'Get one list (column) of a group issue board',
    rest: 'GET /groups/{group_id}/boards/{board_id}/lists/{list_id}',
    elsewhere: { project_id: 'project.board_list_get' },
    params: { group_id: id.group(), board_id: boardId(), list_id: listId() },
    fineGrained: ['read_work_item'],
    keywords: 'board column lane kanban stage swimlane status details',
    examples: [
      'what does column 31 on group board 5 in acme filter on?',
      'details of list 77 on platform board 12',
      'get list 140 of group board 22 in payments',
      'get board list 58 on issue board 8 of group data-eng',
      'which label drives lane 66 of kanban 31 on mobile?',
    ],
  },
  group_board_create_list: {
    summary: 'Add a list (column) to a group issue board for a label, assignee, milestone or iteration',
    rest: 'POST /groups/{group_id}/boards/{board_id}/lists',
    elsewhere: { project_id: 'project.board_list_create' },
    params: {
      group_id: id.group(),
      board_id: boardId(),
      label_id: int('Label ID of the list (one of label_id, assignee_id, milestone_id, iteration_id)'),
      assignee_id: int('User ID of an assignee list (Premium)', { tier: 'premium' }),
      assignee: { ...companion.user('assignee_id', 'Assignee of the list'), tier: 'premium' },
      milestone_id: int('Milestone ID of a milestone list (Premium)', { tier: 'premium' }),
      milestone: { ...companion.milestone(), tier: 'premium' },
      iteration_id: int('Iteration ID of an iteration list (Premium)', { tier: 'premium' }),
    },
    fineGrained: ['create_work_item'],
    keywords: 'add board column lane new kanban stage swimlane status',
    examples: [
      'add an ~"In review" column to group board 5 in acme',
      'add a list for @alice to issue board 12 in group platform',
      'create a list for label 301 on group board 22 in payments',
      'add a milestone column for %"Sprint 12" to issue board 8 in group data-eng',
      'put a new lane for ~QA on kanban 31 of mobile',
    ],
  },
  group_board_update_list: {
    summary: 'Move a list (column) of a group issue board to another position',
    rest: 'PUT /groups/{group_id}/boards/{board_id}/lists/{list_id}',
    elsewhere: { project_id: 'project.board_list_update' },
    params: { group_id: id.group(), board_id: boardId(), list_id: listId(), position: req(int('New position of the list (0-based)')) },
    fineGrained: ['update_work_item'],
    keywords: 'reorder board column move kanban rearrange shift lane stage order',
    examples: [
      'move column 31 to position 0 on group board 5 in acme',
      'reorder list 77 on platform board 12 to be second',
      'move list 140 on group board 22 in payments to position 3',
      'update column 58 on issue board 8 of group data-eng to be first',
      'shift lane 66 of kanban 31 on mobile to the far left',
    ],
  },
  group_board_delete_list: {
    summary: 'Delete a list (column) from a group issue board',
    rest: 'DELETE /groups/{group_id}/boards/{board_id}/lists/{list_id}',
    elsewhere: { project_id: 'project.board_list_delete' },
    params: { group_id: id.group(), board_id: boardId(), list_id: listId() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove board column lane kanban stage swimlane drop',
    examples: [
      'delete column 31 from group board 5 in acme',
      'remove the Doing list 77 from platform board 12',
      'delete list 140 from group board 22 in payments',
      'remove column 58 from issue board 8 of group data-eng',
      'get rid of lane 66 on kanban 31 in mobile',
    ],
  },
  epic_board_list: {
    summary: 'List the epic boards of a group',
    rest: 'GET /groups/{group_id}/epic_boards',
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epic boards kanban roadmap portfolio initiatives planning agile',
    examples: [
      'list epic boards of group acme',
      'which epic boards exist in platform?',
      'list the epic boards in group payments',
      'show all epic boards of data-eng',
      'what roadmap kanbans for initiatives does mobile have?',
    ],
  },
  epic_board_get: {
    summary: 'Get one epic board of a group and its lists',
    rest: 'GET /groups/{group_id}/epic_boards/{board_id}',
    params: { group_id: id.group(), board_id: id.int('Epic board ID') },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epic board columns kanban lanes portfolio roadmap details',
    examples: [
      'show epic board 3 in acme with its lists',
      'details of epic board 9 in group platform',
      'get epic board 4 of group payments',
      'show the columns of epic board 11 in data-eng',
      'what lanes are on initiatives kanban 6 in mobile?',
    ],
  },

  // ---- epics (REST reads)
  epic_list: {
    summary: 'List the epics of a group and its subgroups, filtered by state, labels, author or search text',
    rest: 'GET /groups/{group_id}/epics',
    // Health status is a work item filter the REST API lacks: with it, the list is read over GraphQL.
    graphqlWhen: {
      when: ['health_status', 'after'],
      graphql: {
        kind: 'query',
        resultPath: 'namespace.workItems',
        connection: true,
        document: `query epicList($fullPath: ID!, $health: HealthStatusFilter, $state: IssuableState, $search: String, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    workItems(types: [EPIC], healthStatusFilter: $health, state: $state, search: $search, first: $first, after: $after) {
      nodes { id iid title state webUrl createdAt author { username } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
        variables: (p) => ({
          fullPath: p.group_id,
          health: p.health_status,
          state: p.state === 'all' ? undefined : p.state,
          search: p.search,
          first: p.per_page,
          after: p.after,
        }),
      },
    },
    params: {
      group_id: id.group(),
      state: oneOf(['opened', 'closed', 'all'], 'Return epics with this state (default all)'),
      labels: str('Comma-separated label names; all must match'),
      search: str('Search in title and description'),
      author_id: int('Epics created by this user ID'),
      author_username: str('Epics created by this username'),
      my_reaction_emoji: str('Epics the caller reacted to with this emoji; None or Any'),
      created_after: str('Created on or after this time (ISO 8601)'),
      created_before: str('Created on or before this time (ISO 8601)'),
      updated_after: str('Updated on or after this time (ISO 8601)'),
      updated_before: str('Updated on or before this time (ISO 8601)'),
      include_ancestor_groups: bool('Include epics of ancestor groups (default false)'),
      include_descendant_groups: bool('Include epics of subgroups (default true)'),
      not_labels: str('Exclude epics with these comma-separated labels', { wire: 'not[labels]' }),
      not_author_id: int('Exclude epics by this author ID', { wire: 'not[author_id]' }),
      not_author_username: str('Exclude epics by this author', { wire: 'not[author_username]' }),
      with_labels_details: bool('Return label objects instead of names'),
      health_status: oneOf(['onTrack', 'needsAttention', 'atRisk'], 'Only epics with this health status (read over GraphQL)'),
      after: str('With health_status: the end_cursor of the previous page'),
      confidential: bool('Only confidential (true) or public (false) epics'),
      order_by: oneOf(['created_at', 'updated_at', 'title'], 'Sort field (default created_at)'),
      sort: oneOf(SORT, 'Sort direction (default desc)'),
      ...paging(),
    },
    undocumented: {
      health_status: 'a GraphQL-only filter: with it the list is read over GraphQL (graphqlWhen), not this route',
      after: 'the GraphQL cursor of the health_status variant: with it the list is read over GraphQL, not this route',
    },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epics roadmap initiatives features portfolio work-items themes jira open closed',
    examples: [
      'list open epics in acme',
      'list epics in platform with label ~"Q3 roadmap"',
      'epics authored by @alice in acme/backend that are at risk',
      'list closed epics of group payments created this year',
      'what initiatives are on the data-eng roadmap right now?',
    ],
  },
  epic_get_links: {
    summary: 'List the child epics of an epic',
    rest: 'GET /groups/{group_id}/epics/{epic_iid}/epics',
    params: { group_id: id.group(), epic_iid: epicIid() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'child epics sub-epics hierarchy children nested tree breakdown descendants subtree',
    examples: [
      'what child epics does &5 have in acme?',
      'list sub-epics of &12 in group platform',
      'list the child epics of &9 in payments',
      'get the sub-epics linked under epic &21 in group data-eng',
      'which nested initiatives hang under &3 on mobile?',
    ],
  },
  event_epic_label_list: {
    summary: 'List the label change history of an epic (labels added and removed)',
    rest: 'GET /groups/{group_id}/epics/{epic_id}/resource_label_events',
    params: { group_id: id.group(), epic_id: id.int('ID of the epic (not the IID)'), ...paging() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epic label history events changes who changed audit timeline relabel trail activity',
    examples: [
      'who changed the labels on &5 in acme?',
      'label history of epic 12 in group platform',
      'list resource label events for epic id 377 in payments',
      'show the label change history of epic id 4021 in group data-eng',
      'when was ~priority::high put on initiative 5150 in mobile, and by whom?',
    ],
  },
  event_epic_label_get: {
    summary: 'Get one label change event of an epic',
    rest: 'GET /groups/{group_id}/epics/{epic_id}/resource_label_events/{event_id}',
    params: { group_id: id.group(), epic_id: id.int('ID of the epic (not the IID)'), event_id: id.int('Resource label event ID') },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epic single event by ID history audit timeline trail',
    examples: [
      'show label event 881 of epic &5 in acme',
      'details of label change 4410 on epic 12 in platform',
      'get label event 7781 of epic id 4021 in group data-eng',
      'show resource label event 302 on epic id 377 in payments',
      'who made tagging change 5599 on initiative 5150 in mobile?',
    ],
  },

  // ---- epics as work items (GraphQL)
  epic_get: {
    summary: 'Get one epic of a group by IID with its description, assignees, labels, dates, parent and health',
    graphql: {
      kind: 'query',
      resultPath: 'namespace.workItem',
      document: `query epicGet($fullPath: ID!, $iid: String!) {
  namespace(fullPath: $fullPath) {
    workItem(iid: $iid) {
      ${EPIC_FIELDS}
      widgets {
        type
        ... on WorkItemWidgetDescription { description }
        ... on WorkItemWidgetAssignees { assignees { nodes { id username } } }
        ... on WorkItemWidgetLabels { labels { nodes { id title } } }
        ... on WorkItemWidgetStartAndDueDate { startDate dueDate isFixed }
        ... on WorkItemWidgetHierarchy { parent { id iid title webUrl } hasChildren }
        ... on WorkItemWidgetHealthStatus { healthStatus }
        ... on WorkItemWidgetColor { color }
        ... on WorkItemWidgetAwardEmoji { upvotes downvotes }
        ... on WorkItemWidgetNotifications { subscribed }
      }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, iid: p.epic_iid === undefined ? undefined : String(p.epic_iid) }),
    },
    params: { full_path: fullPath(), epic_iid: epicIid() },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'epic initiative details feature work-item portfolio',
    examples: [
      'show epic &5 of group acme',
      'what is the health status and due date of epic &12 in platform?',
      'describe epic &7 of acme, its parent and assignees',
      'open epic &33 of group payments',
      'what is the state of initiative &8 on data-eng? who owns it?',
    ],
  },
  epic_create: {
    summary: 'Create an epic in a group with description, labels, assignees, dates, parent, color and health',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemCreate',
      document: `mutation epicCreate($input: WorkItemCreateInput!) {
  workItemCreate(input: $input) {
    workItem {
      ${EPIC_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        input: compact({
          namespacePath: p.full_path,
          title: p.title,
          workItemTypeId: p.work_item_type_gid,
          confidential: p.confidential,
          descriptionWidget: compact({ description: p.description }),
          assigneesWidget: compact({ assigneeIds: gids('User', p.assignee_ids) }),
          labelsWidget: compact({ labelIds: gids('Label', p.label_ids) }),
          startAndDueDateWidget: datesWidget(p),
          hierarchyWidget: compact({ parentId: gid('WorkItem', p.parent_id) }),
          healthStatusWidget: compact({ healthStatus: p.health_status }),
          colorWidget: compact({ color: p.color }),
        }),
      }),
    },
    resolve: RESOLVE_EPIC_TYPE,
    params: {
      full_path: id.str('Full path of the group to create the epic in (e.g. my-group)'),
      title: req(str('Title of the epic')),
      label_ids: intList('Label IDs to apply'),
      ...epicWidgets(),
      work_item_type_gid: str('Global ID of the epic work item type; looked up from full_path', { in: 'local' }),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'new epic initiative feature create add plan open work-item theme',
    examples: [
      'create an epic "Checkout redesign" in acme',
      'new epic in platform for the SSO migration starting 2025-07-01, labeled ~security',
      'open a confidential epic under &5 in acme/backend',
      'create epic "Mobile offline mode" in group mobile with a due date of 2026-03-31',
      'start a new initiative "Payments v3" in payments, color #6699cc',
    ],
  },
  epic_update: {
    summary: 'Update an epic: title, description, close/reopen, labels, assignees, dates, parent, color, health',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemUpdate',
      document: WORK_ITEM_UPDATE,
      variables: (p) => ({
        input: compact({
          id: p.epic_gid,
          title: p.title,
          stateEvent: p.state_event,
          confidential: p.confidential,
          descriptionWidget: compact({ description: p.description }),
          assigneesWidget: p.assignee_ids === undefined ? undefined : { assigneeIds: gids('User', p.assignee_ids) },
          labelsWidget: compact({ addLabelIds: gids('Label', p.add_label_ids), removeLabelIds: gids('Label', p.remove_label_ids) }),
          startAndDueDateWidget: datesWidget(p),
          hierarchyWidget: compact({ parentId: gid('WorkItem', p.parent_id) }),
          healthStatusWidget: compact({ healthStatus: p.health_status }),
          colorWidget: compact({ color: p.color }),
        }),
      }),
    },
    resolve: RESOLVE_EPIC,
    params: {
      ...epicRef(),
      title: str('New title'),
      state_event: oneOf(['CLOSE', 'REOPEN'], 'Close or reopen the epic'),
      add_label_ids: intList('Label IDs to add'),
      remove_label_ids: intList('Label IDs to remove'),
      ...epicWidgets(),
      assignee_ids: intList('User IDs replacing all assignees; an empty list removes every assignee'),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'edit epic close reopen relabel reparent dates change retitle assign modify work-item',
    examples: [
      'close &5 in acme',
      'set the due date of epic &12 in platform to 2025-09-30',
      'mark &7 in acme/backend as at risk and add ~blocked',
      'update epic &33 in payments: rename it to "Payments v3 rollout"',
      'reopen &8 on data-eng and set its health to needs attention',
    ],
  },
  epic_delete: {
    summary: 'Delete an epic of a group (cannot be undone; child items are unlinked)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemDelete',
      document: `mutation epicDelete($input: WorkItemDeleteInput!) {
  workItemDelete(input: $input) {
    errors
  }
}`,
      variables: (p) => ({ input: { id: p.epic_gid } }),
    },
    resolve: RESOLVE_EPIC,
    params: epicRef(),
    tier: 'premium',
    destructive: true,
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'remove epic permanently nuke erase destroy drop work-item',
    examples: [
      'delete epic &5 from acme permanently',
      'remove the duplicate epic &19 in platform',
      'delete &33 from group payments',
      'permanently remove epic &8 in data-eng',
      'nuke the test initiative &41 in mobile',
    ],
  },
  epic_issue_list: {
    summary: 'List the child items of an epic (issues and sub-epics) with their state',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.workItem.widgets.0.children',
      document: `query epicChildren($fullPath: ID!, $iid: String!, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    workItem(iid: $iid) {
      widgets(onlyTypes: [HIERARCHY]) {
        ... on WorkItemWidgetHierarchy {
          children(first: $first, after: $after) {
            nodes {
              id iid title state webUrl
              reference(full: true)
              workItemType { name }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
    }
  }
}`,
      variables: (p) => ({
        fullPath: p.full_path,
        iid: p.epic_iid === undefined ? undefined : String(p.epic_iid),
        first: p.first,
        after: p.after,
      }),
    },
    params: { full_path: fullPath(), epic_iid: epicIid(), ...cursor() },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'epic issues children scope tasks tickets stories breakdown linked contents',
    examples: [
      'which issues are under &5 in acme?',
      'list the children of epic &12 in platform and their state',
      'how many open tasks remain in &7 of acme/backend?',
      'list the issues inside epic &33 of payments',
      'what work is scoped beneath &8 on data-eng?',
    ],
  },
  epic_issue_assign: {
    summary: 'Add an issue to an epic (sets the epic as the issue\'s parent)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemUpdate',
      document: WORK_ITEM_UPDATE,
      variables: (p) => ({ input: { id: gid('WorkItem', p.issue_id), hierarchyWidget: { parentId: p.epic_gid } } }),
    },
    resolve: RESOLVE_EPIC,
    params: { ...epicRef(), issue_id: id.int('Global ID of the issue (its id, not the IID)') },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'add issue to epic link attach parent associate nest ticket story put-in',
    examples: [
      'add issue acme/shop#42 to &5',
      'put #88 of platform/api under epic &12 in platform',
      'link issue 12345 to epic &7 in acme/backend',
      'assign issue mobile/ios#17 to epic &41 in mobile',
      'make &33 in payments the parent of payments/api#204',
    ],
  },
  epic_issue_remove: {
    summary: 'Remove an issue from its epic (clears the issue\'s parent)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemUpdate',
      document: WORK_ITEM_UPDATE,
      variables: (p) => ({ input: { id: gid('WorkItem', p.issue_id), hierarchyWidget: { parentId: null } } }),
    },
    resolve: RESOLVE_EPIC,
    params: { ...epicRef(), issue_id: id.int('Global ID of the issue (its id, not the IID)') },
    tier: 'premium',
    destructive: true,
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'remove unlink detach take out disassociate orphan ticket story un-nest',
    examples: [
      'take issue acme/shop#42 out of epic &5',
      'unlink issue #88 from its epic &12 in platform',
      'remove payments/api#204 from epic &33, keep the issue itself',
      'remove mobile/ios#17 from its parent epic &41 in mobile',
      'data-eng/etl#9 should not sit under &8 anymore, drop it from there',
    ],
  },
  epic_issue_update: {
    summary: 'Reorder an issue within an epic, placing it before or after another child',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemUpdate',
      document: WORK_ITEM_UPDATE,
      variables: (p) => ({
        input: {
          id: gid('WorkItem', p.issue_id),
          hierarchyWidget: compact({
            parentId: p.epic_gid,
            adjacentWorkItemId: gid('WorkItem', p.adjacent_issue_id),
            relativePosition: p.relative_position,
          }),
        },
      }),
    },
    resolve: RESOLVE_EPIC,
    params: {
      ...epicRef(),
      issue_id: id.int('Global ID of the issue to move (its id, not the IID)'),
      adjacent_issue_id: req(int('Global ID of the child item to place it next to')),
      relative_position: req(oneOf(['BEFORE', 'AFTER'], 'Place the issue before or after that child')),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'reorder move position order top priority rank sort rearrange prioritize sequence',
    examples: [
      'move acme/shop#42 to the top of &5',
      'reorder &12 in platform so #88 comes after #90',
      'place payments/api#204 after payments/api#198 within epic &33',
      'move #17 before #12 in epic &41 of mobile',
      'in &8 on data-eng, put data-eng/etl#9 right before data-eng/etl#3',
    ],
  },

  // ---- epic comments (GraphQL)
  epic_note_list: {
    summary: 'List the comments of an epic, grouped by thread',
    graphql: { kind: 'query', connection: true, resultPath: 'namespace.workItem.widgets.0.discussions', document: DISCUSSIONS, variables: discussionVars },
    params: { full_path: fullPath(), epic_iid: epicIid(), filter: notesFilter(), ...cursor() },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'epic comments notes conversation feedback activity replies remarks',
    examples: [
      'show the comments on &5 in acme',
      'what did people say on epic &12 in platform?',
      'read the latest notes on &7',
      'list all notes on epic &33 in payments, comments only',
      'catch me up on the conversation on &41 in mobile, skip system activity',
    ],
  },
  epic_note_get: {
    summary: 'Get one comment of an epic by its note ID',
    graphql: {
      kind: 'query',
      resultPath: 'note',
      document: `query epicNoteGet($id: NoteID!) {
  note(id: $id) {
    ${NOTE_FIELDS}
    resolvable resolved
    discussion { id }
  }
}`,
      variables: (p) => ({ id: gid('Note', p.note_id) }),
    },
    params: { note_id: noteId() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'epic single comment remark reply details message',
    examples: [
      'show epic comment note 99120',
      'open note gid://gitlab/Note/4410 on the epic',
      'get epic note 55123',
      'show the comment with id 70211 on an epic',
      'what exactly did comment 81234 on &33 say?',
    ],
  },
  epic_note_create: {
    summary: 'Comment on an epic: add a note (starts a new thread)',
    graphql: {
      kind: 'mutation',
      resultPath: 'createNote',
      document: CREATE_NOTE,
      variables: (p) => ({ input: compact({ noteableId: p.epic_gid, body: p.body, internal: p.internal }) }),
    },
    resolve: RESOLVE_EPIC,
    params: {
      ...epicRef(),
      body: req(str('Comment text (Markdown; quick actions run)')),
      internal: bool('Internal note, visible only to Planner role and above'),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'comment note reply epic write post remark leave feedback mention',
    examples: [
      'comment on &5 in acme: scope frozen for Q3',
      'leave a note on epic &12 in platform saying the SSO work is blocked',
      'post an internal comment on &7 in acme/backend',
      'add a note to epic &33 in payments: moving launch to October',
      'write on &41 in mobile that design review is done',
    ],
  },
  epic_note_update: {
    summary: 'Edit the text of an epic comment',
    graphql: {
      kind: 'mutation',
      resultPath: 'updateNote',
      document: UPDATE_NOTE,
      variables: (p) => ({ input: { id: gid('Note', p.note_id), body: p.body } }),
    },
    params: { note_id: noteId(), body: req(str('New comment text (Markdown)')) },
    tier: 'premium',
    fineGrained: ['update_work_item'],
    keywords: 'epic edit text reword modify typo correct change rephrase',
    examples: [
      'edit my comment 99120 on the epic to say "moved to Q4"',
      'reword epic note 4410',
      'update epic note 55123 to read "scope confirmed"',
      'edit comment 70211 on epic &33 in payments and fix the link',
      'change what I wrote in comment 81234 on &41 to "ETA next sprint"',
    ],
  },
  epic_note_delete: {
    summary: 'Delete a comment of an epic',
    graphql: {
      kind: 'mutation',
      resultPath: 'destroyNote',
      document: DESTROY_NOTE,
      variables: (p) => ({ input: { id: gid('Note', p.note_id) } }),
    },
    params: { note_id: noteId() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'epic remove erase drop retract wipe nuke',
    examples: [
      'delete comment 99120 on the epic',
      'remove my note 4410 from &12',
      'delete epic note 55123',
      'remove comment 70211 on epic &33',
      'get rid of my comment 81234 on &41, posted by mistake',
    ],
  },
  epic_discussion_list: {
    summary: 'List the discussion threads of an epic with their notes and resolution state',
    graphql: { kind: 'query', connection: true, resultPath: 'namespace.workItem.widgets.0.discussions', document: DISCUSSIONS, variables: discussionVars },
    params: { full_path: fullPath(), epic_iid: epicIid(), filter: notesFilter(), ...cursor() },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'epic threads discussions conversation comments unresolved resolved replies review feedback',
    examples: [
      'list discussion threads on &5 in acme',
      'which threads on epic &12 in platform are unresolved?',
      'show all conversations on &7 with their replies',
      'list discussions of epic &33 in payments',
      'what threads are still open on &41 in mobile?',
    ],
  },
  epic_discussion_get: {
    summary: 'Get a discussion thread of an epic with all its notes, found through the ID of any of its notes',
    graphql: {
      kind: 'query',
      resultPath: 'note.discussion',
      document: `query epicDiscussionGet($id: NoteID!) {
  note(id: $id) {
    discussion {
      id resolvable resolved createdAt
      notes { nodes { ${NOTE_FIELDS} } }
    }
  }
}`,
      variables: (p) => ({ id: gid('Note', p.note_id) }),
    },
    params: { note_id: id.int('ID of any note in the thread (from epic_discussion_list)') },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Discussion' },
    keywords: 'epic thread discussion replies conversation comments full context',
    examples: [
      'show the whole thread that note 99120 on the epic belongs to',
      'get the discussion with replies around epic note 4410',
      'get the epic discussion containing note 55123',
      'show the full discussion for note 70211 on epic &33',
      'pull up the whole conversation around comment 81234 on &41',
    ],
  },
  epic_discussion_create: {
    summary: 'Start a new discussion thread on an epic',
    graphql: {
      kind: 'mutation',
      resultPath: 'createNote',
      document: CREATE_NOTE,
      variables: (p) => ({ input: compact({ noteableId: p.epic_gid, body: p.body, internal: p.internal }) }),
    },
    resolve: RESOLVE_EPIC,
    params: {
      ...epicRef(),
      body: req(str('Text of the first note (Markdown)')),
      internal: bool('Internal thread, visible only to Planner role and above'),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'new thread discussion epic comment open raise question conversation topic',
    examples: [
      'start a new thread on &5 in acme asking about the deadline',
      'open a discussion on epic &12 in platform about scope',
      'create a discussion on epic &33 in payments about the rollout plan',
      'start an internal thread on epic &41 in mobile',
      'open a new thread on &8 in data-eng asking who owns the migration',
    ],
  },
  epic_discussion_add_note: {
    summary: 'Reply to a discussion thread of an epic',
    graphql: {
      kind: 'mutation',
      resultPath: 'createNote',
      document: CREATE_NOTE,
      variables: (p) => ({ input: { noteableId: p.epic_gid, body: p.body, discussionId: gid('Discussion', p.discussion_id) } }),
    },
    resolve: RESOLVE_EPIC,
    params: {
      ...epicRef(),
      discussion_id: id.discussion(),
      body: req(str('Text of the reply (Markdown)')),
    },
    tier: 'premium',
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'reply respond answer thread comment discussion epic follow-up message chime-in',
    examples: [
      'reply to thread 6a9c1e on &5 in acme: agreed',
      'answer the discussion f00ba4 on epic &12 in platform',
      'respond in the existing thread on &7 saying done',
      'add a reply to discussion 9f3e2a on epic &33 in payments',
      'answer thread 1c2d3e on &41 in mobile with "shipped in 2.3"',
    ],
  },
  epic_discussion_update_note: {
    summary: 'Edit the text of a note in an epic discussion thread',
    graphql: {
      kind: 'mutation',
      resultPath: 'updateNote',
      document: UPDATE_NOTE,
      variables: (p) => ({ input: { id: gid('Note', p.note_id), body: p.body } }),
    },
    params: { note_id: noteId(), body: req(str('New text of the note (Markdown)')) },
    tier: 'premium',
    fineGrained: ['update_work_item'],
    keywords: 'epic edit thread message text reply comment modify typo reword',
    examples: [
      'edit my reply 99120 in the &5 thread',
      'fix the typo in thread note 4410 on epic &12',
      'update my note 55123 in an epic discussion thread',
      'edit reply 70211 in the thread on epic &33',
      'reword my threaded reply 81234 on &41',
    ],
  },
  epic_discussion_delete_note: {
    summary: 'Delete a note from an epic discussion thread',
    graphql: {
      kind: 'mutation',
      resultPath: 'destroyNote',
      document: DESTROY_NOTE,
      variables: (p) => ({ input: { id: gid('Note', p.note_id) } }),
    },
    params: { note_id: noteId() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'epic remove thread message reply comment erase retract drop',
    examples: [
      'delete my reply 99120 from the &5 thread',
      'remove message 4410 from the discussion on epic &12',
      'delete reply 70211 from the thread on epic &33',
      'remove note 55123 from an epic discussion',
      'get rid of my threaded reply 81234 on &41',
    ],
  },

  // ---- protected branches and environments
  protected_branch_list: {
    summary: 'List the branch protections defined at group level (apply to all projects)',
    rest: 'GET /groups/{group_id}/protected_branches',
    elsewhere: { project_id: 'branch.list_protected' },
    params: { group_id: id.group(), search: str('Match protected branches by name'), ...paging() },
    tier: 'premium',
    fineGrained: ['read_protected_branch'],
    keywords: 'protected branches rules push merge permissions rulesets org-wide policies locked',
    examples: [
      'which branches are protected at group level in acme?',
      'list the group protected branches of platform',
      'list protected branches of group payments',
      'show the group-level branch protections in data-eng matching release',
      'which refs are locked for pushes across all mobile repositories?',
    ],
  },
  protected_branch_get: {
    summary: 'Get one group-level branch protection and who may push, merge or unprotect',
    rest: 'GET /groups/{group_id}/protected_branches/{name}',
    elsewhere: { project_id: 'branch.get_protected' },
    params: { group_id: id.group(), name: branchName() },
    tier: 'premium',
    fineGrained: ['read_protected_branch'],
    keywords: 'protected branch permissions rule ruleset access-levels allowed-roles details',
    examples: [
      'who can push and merge to main under the acme group protection?',
      'show the group-level protection for release/* in platform',
      'get the group protected branch main of payments',
      'show push and merge access for protected branch release-* in group data-eng',
      'who may merge into main across all mobile repos according to the namespace rule?',
    ],
  },
  protected_branch_protect: {
    summary: 'Protect a branch name or wildcard in all projects of a group',
    rest: 'POST /groups/{group_id}/protected_branches',
    elsewhere: { project_id: 'branch.protect' },
    params: {
      group_id: id.group(),
      name: req(str('Branch name or wildcard (e.g. main, release-*)')),
      push_access_level: accessLevel('Minimum role to push (0 = no one)'),
      merge_access_level: accessLevel('Minimum role to merge (0 = no one)'),
      unprotect_access_level: accessLevel('Minimum role to unprotect'),
      ...protectedBranchRules(),
    },
    tier: 'premium',
    fineGrained: ['protect_branch'],
    keywords: 'protect branch lock push merge rules group ruleset restrict safeguard org-wide guard',
    examples: [
      'protect main in every project of group acme, maintainers only',
      'lock release/* for all platform repos, no force push',
      'protect branch main across group payments, developers can merge, maintainers push',
      'add a group-level protected branch stable-* in data-eng with code owner approval required',
      'lock down main in every mobile repo so only maintainers can push',
    ],
  },
  protected_branch_update: {
    summary: 'Change who may push, merge or unprotect a group-level protected branch',
    rest: 'PATCH /groups/{group_id}/protected_branches/{name}',
    elsewhere: { project_id: 'branch.update_protected' },
    params: {
      group_id: id.group(),
      name: branchName(),
      ...protectedBranchRules(),
      unprotect_access_level: int('Who may unprotect: 30 Developer, 40 Maintainer, 60 Administrator'),
    },
    tier: 'premium',
    fineGrained: ['update_protected_branch'],
    keywords: 'edit protected branch permissions force push modify ruleset roles access-levels allow',
    examples: [
      'allow force push on group protected branch main in acme',
      'let developers merge into release/* in group platform',
      'update the group protected branch main in payments to require code owner approval',
      'change the protected branch rule release-* in group data-eng so only maintainers can push',
      'allow force pushes to develop across all mobile repos',
    ],
  },
  protected_branch_unprotect: {
    summary: 'Remove a group-level branch protection',
    rest: 'DELETE /groups/{group_id}/protected_branches/{name}',
    elsewhere: { project_id: 'branch.unprotect' },
    params: { group_id: id.group(), name: branchName() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['protect_branch'],
    keywords: 'unprotect branch remove protection unlock lift ruleset drop rule',
    examples: [
      'unprotect main at group level in acme',
      'remove the group protection for release/* from platform',
      'remove the group-level protection on main in payments',
      'unprotect branch release-* in group data-eng',
      'lift the namespace-level lock on develop in mobile',
    ],
  },
  protected_env_list: {
    summary: 'List the environment protections of a group (by deployment tier)',
    rest: 'GET /groups/{group_id}/protected_environments',
    elsewhere: { project_id: 'environment.protected_list' },
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_protected_environment'],
    keywords: 'protected environments deploy permissions production gates approvals staging rules',
    examples: [
      'which environment tiers are protected in group acme?',
      'list protected environments of platform',
      'list the protected environments of group payments',
      'show protected deployment tiers in group data-eng',
      'which deploy tiers are locked down across mobile?',
    ],
  },
  protected_env_get: {
    summary: 'Get the protection of one deployment tier of a group: deployers and approval rules',
    rest: 'GET /groups/{group_id}/protected_environments/{name}',
    elsewhere: { project_id: 'environment.protected_get' },
    params: { group_id: id.group(), name: envTier() },
    tier: 'premium',
    fineGrained: ['read_protected_environment'],
    keywords: 'protected environment deployers approvals gate production who-can-deploy',
    examples: [
      'who may deploy to production in group acme?',
      'show the protection of the staging tier in group platform',
      'get the protected environment production of group payments',
      'how many approvals does a production deploy need in group data-eng?',
      'who is allowed to ship to the staging tier across mobile?',
    ],
  },
  protected_env_protect: {
    summary: 'Protect a deployment tier in all projects of a group: who may deploy and approvals required',
    rest: 'POST /groups/{group_id}/protected_environments',
    elsewhere: { project_id: 'environment.protected_protect' },
    params: {
      group_id: id.group(),
      name: envTier(),
      deploy_access_levels: req({ type: 'array', items: 'object', description: 'Who may deploy: [{access_level} | {user_id} | {group_id, group_inheritance_type}]' }),
      required_approval_count: int('Number of approvals required to deploy'),
      approval_rules: { type: 'array', items: 'object', description: 'Approval rules: [{access_level | user_id | group_id, required_approvals}]' },
    },
    tier: 'premium',
    fineGrained: ['create_protected_environment'],
    keywords: 'protect environment production deploy approval gate restrict lock staging guard',
    examples: [
      'protect production in all acme projects, maintainers deploy with 2 approvals',
      'lock the staging tier in group platform to the release team',
      'protect the production environment for all projects in group payments, maintainers deploy',
      'add protection for the testing tier in group data-eng, only @erin can deploy',
      'lock down production across mobile so only the release team can ship, 1 approval required',
    ],
  },
  protected_env_update: {
    summary: 'Change who may deploy to a group protected environment (deployment tier) or how many approvals it requires',
    rest: 'PUT /groups/{group_id}/protected_environments/{name}',
    elsewhere: { project_id: 'environment.protected_update' },
    params: {
      group_id: id.group(),
      name: envTier(),
      deploy_access_levels: { type: 'array', items: 'object', description: 'Deployers to add or change; {id, _destroy: true} removes one' },
      required_approval_count: int('Number of approvals required to deploy'),
      approval_rules: { type: 'array', items: 'object', description: 'Approval rules to add or change; {id, _destroy: true} removes one' },
    },
    tier: 'premium',
    fineGrained: ['update_protected_environment'],
    keywords: 'edit protected environment deployers required approvals require modify gate approvers deploy-access',
    examples: [
      'require 3 approvals for production deploys in group acme',
      'let developers deploy to staging in group platform',
      'update the protected production environment of group payments to need 2 approvals',
      'add @frank as an allowed deployer for production in group data-eng',
      'change who can ship to staging across mobile: maintainers only',
    ],
  },
  protected_env_unprotect: {
    summary: 'Remove the protection of a deployment tier of a group',
    rest: 'DELETE /groups/{group_id}/protected_environments/{name}',
    elsewhere: { project_id: 'environment.protected_unprotect' },
    params: { group_id: id.group(), name: envTier() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_protected_environment'],
    keywords: 'unprotect environment remove protection unlock lift gate production staging',
    examples: [
      'unprotect the production tier of group acme',
      'remove the staging protection from group platform',
      'unprotect the testing environment in group payments',
      'delete the production environment protection of group data-eng',
      'lift the namespace-level deploy lock on staging in mobile',
    ],
  },

  // ---- push rules
  push_rule_get: {
    summary: 'Get the push rules of a group (commit message, branch name, file checks)',
    rest: 'GET /groups/{group_id}/push_rule',
    elsewhere: { project_id: 'project.push_rule_get' },
    params: { group_id: id.group() },
    tier: 'premium',
    fineGrained: ['read_push_rule'],
    keywords: 'push rules git hooks restrictions pre-receive policies signed-commits enforcement settings',
    examples: [
      'what push rules does group acme have?',
      'show the commit message and file size rules of platform',
      'get the push rules of group payments',
      'does group data-eng reject unsigned commits? show its push rule',
      'what commit message regex is enforced across mobile?',
    ],
  },
  push_rule_add: {
    summary: 'Add push rules to a group (inherited by its new projects)',
    rest: 'POST /groups/{group_id}/push_rule',
    elsewhere: { project_id: 'project.push_rule_add' },
    params: { group_id: id.group(), ...pushRuleFields() },
    tier: 'premium',
    fineGrained: ['create_push_rule'],
    keywords: 'create push rules commit message regex enforce pre-receive policy restrict signed-commits branch-naming',
    examples: [
      'add group push rules in acme requiring JIRA-123 style commit messages',
      'set up push rules for platform: reject unsigned commits and block secrets',
      'add a push rule to group payments limiting files to 100 MB',
      'create push rules in data-eng that require a DCO sign-off',
      'enforce that every commit in mobile is signed and branch names match feature/.*',
    ],
  },
  push_rule_edit: {
    summary: 'Change the push rules of a group',
    rest: 'PUT /groups/{group_id}/push_rule',
    elsewhere: { project_id: 'project.push_rule_edit' },
    params: { group_id: id.group(), ...pushRuleFields() },
    tier: 'premium',
    fineGrained: ['update_push_rule'],
    keywords: 'update push rules modify pre-receive policy regex restrictions',
    examples: [
      'change the max file size push rule of acme to 50 MB',
      'update the branch name regex push rule in group platform',
      'edit the push rules of group payments to also check committer emails',
      'update data-eng push rules so only members can author commits',
      'loosen the commit message regex for mobile to allow chore: prefixes',
    ],
  },
  push_rule_delete: {
    summary: 'Remove the push rules of a group',
    rest: 'DELETE /groups/{group_id}/push_rule',
    elsewhere: { project_id: 'project.push_rule_delete' },
    params: { group_id: id.group() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_push_rule'],
    keywords: 'remove push rules disable clear pre-receive drop policy',
    examples: [
      'delete the push rules of group acme',
      'remove all push rules from platform',
      'delete push rule of group data-eng',
      'remove the push rules from group payments entirely',
      'wipe all commit message and file size checks from mobile',
    ],
  },

  // ---- export / import
  group_export_schedule: {
    summary: 'Start a file export of a group (settings, subgroups, epics, labels, milestones)',
    rest: 'POST /groups/{group_id}/export',
    elsewhere: { project_id: 'project.export_schedule' },
    params: { group_id: id.group() },
    fineGrained: ['create_export'],
    keywords: 'export backup archive migrate group dump snapshot org copy',
    examples: [
      'export group acme to a file',
      'start a backup export of group platform before migrating',
      'schedule an export of group payments',
      'trigger a group export for data-eng',
      'start a backup of mobile with its epics, labels and milestones as a file',
    ],
  },
  group_export_download: {
    summary: 'Download the finished group export archive (tar.gz) to a local file',
    rest: 'GET /groups/{group_id}/export/download',
    elsewhere: { project_id: 'project.export_download' },
    download: true,
    params: {
      group_id: id.group(),
      output_path: str('Local path where the archive is saved (without it the archive is shown, not saved)', { in: 'local', local: 'write-file' }),
      overwrite: bool('Replace a file that already exists at output_path; default false, and the user is asked to confirm first', { in: 'local' }),
    },
    fineGrained: ['download_export'],
    keywords: 'export download backup archive tarball fetch save retrieve org get-file',
    examples: [
      'download the export of group acme to ./acme.tar.gz',
      'save the finished platform group export archive',
      'download the group export of payments to /tmp/payments.tar.gz',
      'fetch the data-eng export tarball once it is ready',
      'save the finished mobile backup tarball to ~/backups/mobile.tar.gz',
    ],
  },
  group_import_file: {
    summary: 'Import a group from an export archive as a new top-level group or subgroup',
    rest: 'POST /groups/import',
    upload: { as: 'multipart', field: 'file' },
    params: {
      name: req(str('Name of the new group')),
      path: req(str('URL path of the new group')),
      parent_id: int('ID of the parent group (imports as a subgroup)'),
      parent: companion.group('parent_id', 'Parent group'),
      organization_id: int('ID of the organization of the new group'),
      ...fileInput('export archive'),
    },
    fineGrained: ['create_import'],
    keywords: 'import restore upload export archive migrate group tarball tar.gz load recreate org',
    examples: [
      'import ./acme.tar.gz as new group acme-copy',
      'restore the group export archive platform.tar.gz as a subgroup of 88',
      'import group from ./payments-export.tar.gz with path payments-restored',
      'upload data-eng.tar.gz and import it as a subgroup of group 42 named data-eng-copy',
      'recreate a namespace called mobile-v2 from the backup ./mobile.tar.gz',
    ],
  },
  group_relations_schedule: {
    summary: 'Start a per-relation export of a group (used by direct transfer migrations)',
    rest: 'POST /groups/{group_id}/export_relations',
    params: { group_id: id.group(), batched: bool('Export relations in batches') },
    fineGrained: ['create_export'],
    keywords: 'export relations direct transfer migration bulk-import congregate copy org gitlab-migration',
    examples: [
      'start a relations export of group acme for direct transfer',
      'schedule batched relation exports for group platform',
      'schedule a relations export for group payments',
      'start exporting relations of group data-eng in batches for migration',
      'prepare mobile for a direct-transfer migration to another instance',
    ],
  },
  group_relations_list_status: {
    summary: 'Get the status of each relation export of a group',
    rest: 'GET /groups/{group_id}/export_relations/status',
    params: { group_id: id.group(), relation: str('Only this relation (e.g. labels, milestones, epics)') },
    fineGrained: ['read_export'],
    keywords: 'export relations status progress migration done finished check direct-transfer bulk-import',
    examples: [
      'how far is the relations export of group acme?',
      'status of the epics relation export for group platform',
      'check the relations export status of group payments',
      'has the milestones relation export of data-eng finished?',
      'how far along is the migration export of mobile? which parts are done?',
    ],
  },

  // ---- uploads (Markdown attachments)
  group_upload_list: {
    summary: 'List the files uploaded to a group (Markdown attachments)',
    rest: 'GET /groups/{group_id}/uploads',
    elsewhere: { project_id: 'project.upload_list' },
    params: { group_id: id.group(), ...paging() },
    fineGrained: ['read_markdown_upload'],
    keywords: 'attachments uploaded files images assets pictures screenshots org media',
    examples: [
      'list files uploaded to group acme',
      'which attachments are stored in group platform?',
      'list all uploads of group payments',
      'show uploaded files in group data-eng',
      'what attachments and images have been posted to mobile?',
    ],
  },
  group_upload_delete_by_id: {
    summary: 'Delete an uploaded file of a group by its upload ID',
    rest: 'DELETE /groups/{group_id}/uploads/{upload_id}',
    elsewhere: { project_id: 'project.upload_delete' },
    params: { group_id: id.group(), upload_id: id.int('Upload ID') },
    destructive: true,
    fineGrained: ['delete_markdown_upload'],
    keywords: 'remove attachment upload image screenshot erase purge',
    examples: [
      'delete upload 55 from group acme',
      'remove attachment id 812 from group platform',
      'delete group upload 904 in payments',
      'remove uploaded file 77 from group data-eng',
      'nuke attachment 310 of mobile, it contains customer data',
    ],
  },
  group_upload_delete_by_secret: {
    summary: 'Delete an uploaded file of a group by the secret and file name in its URL',
    rest: 'DELETE /groups/{group_id}/uploads/{secret}/{filename}',
    elsewhere: { project_id: 'project.upload_delete_by_secret' },
    params: {
      group_id: id.group(),
      secret: id.str('32-character secret from the upload URL'),
      filename: id.str('File name from the upload URL'),
    },
    destructive: true,
    fineGrained: ['delete_markdown_upload'],
    keywords: 'remove attachment upload url link erase purge image screenshot',
    examples: [
      'delete the group upload /uploads/3f2a9c/secret.pdf in acme',
      'remove the attachment at uploads/9b8c7d6e/screenshot.png from group platform',
      'delete the upload 5d41402abc4b2a76b9719d911017c592/report.csv from group payments',
      'remove the group attachment /uploads/0cc175b9c0f1b6a831c399e269772661/diagram.png in data-eng',
      'nuke the attachment 92eb5ffee6ae2fec3ad71c777531578f/keys.txt posted in mobile',
    ],
  },

  // ---- wikis
  wiki_list: {
    summary: 'List the wiki pages of a group, optionally with their content',
    rest: 'GET /groups/{group_id}/wikis',
    elsewhere: { project_id: 'wiki.list' },
    params: { group_id: id.group(), with_content: bool('Include the content of each page', { adds: ['content'] }) },
    tier: 'premium',
    fineGrained: ['read_wiki'],
    keywords: 'group wiki pages documentation docs index org knowledge-base kb confluence handbook',
    examples: [
      'list wiki pages of group acme',
      'what docs are in the platform group wiki?',
      'list group wiki pages of payments with content',
      'show all pages in the data-eng group wiki',
      'what docs pages does the mobile namespace knowledge base have?',
    ],
  },
  wiki_get: {
    summary: 'Read a group wiki page by slug, optionally an older version or rendered as HTML',
    rest: 'GET /groups/{group_id}/wikis/{slug}',
    elsewhere: { project_id: 'wiki.get' },
    params: {
      group_id: id.group(),
      slug: slug(),
      render_html: bool('Return the content rendered as HTML'),
      version: str('Commit SHA of an older version of the page'),
    },
    tier: 'premium',
    fineGrained: ['read_wiki'],
    keywords: 'group wiki page documentation docs org kb knowledge-base confluence revision',
    examples: [
      'read the onboarding page of the acme group wiki',
      'show the previous version of group wiki page runbooks/deploy in platform',
      'get the group wiki page home of payments',
      'show group wiki page docs/setup in data-eng rendered as HTML',
      'open the runbooks/oncall page of the mobile knowledge base',
    ],
  },
  wiki_create: {
    summary: 'Create a group wiki page',
    rest: 'POST /groups/{group_id}/wikis',
    elsewhere: { project_id: 'wiki.create' },
    params: {
      group_id: id.group(),
      title: req(str('Title of the page; a path-like title (a/b) nests it')),
      content: req(str('Content of the page')),
      format: wikiFormat(),
      front_matter: obj('Front matter of the page, e.g. {"title": "Home"}'),
    },
    tier: 'premium',
    fineGrained: ['create_wiki'],
    keywords: 'new group wiki page documentation write org add kb knowledge-base author draft',
    examples: [
      'create a group wiki page "Release process" in acme',
      'write a new page on the platform group wiki about on-call',
      'create a wiki page "Team charter" on the payments group wiki',
      'add page onboarding/laptop to the data-eng group wiki in markdown',
      'write a new docs page Incident checklist for the mobile namespace knowledge base',
    ],
  },
  wiki_edit: {
    summary: 'Change the title, content or format of a group wiki page',
    rest: 'PUT /groups/{group_id}/wikis/{slug}',
    elsewhere: { project_id: 'wiki.update' },
    params: {
      group_id: id.group(),
      slug: slug(),
      title: str('New title of the page'),
      content: str('New content of the page'),
      format: wikiFormat(),
      front_matter: obj('Front matter of the page, e.g. {"title": "Home"}'),
    },
    tier: 'premium',
    fineGrained: ['update_wiki'],
    keywords: 'edit update group wiki page org modify rewrite kb docs retitle',
    examples: [
      'update the onboarding page of the acme group wiki',
      'rename group wiki page runbooks/deploy in platform to Deploy guide',
      'edit group wiki page home in payments to add the new on-call rota',
      'update the docs/setup page of the data-eng group wiki',
      'rewrite the runbooks/oncall page of the mobile knowledge base in asciidoc',
    ],
  },
  wiki_delete: {
    summary: 'Delete a group wiki page',
    rest: 'DELETE /groups/{group_id}/wikis/{slug}',
    elsewhere: { project_id: 'wiki.delete' },
    params: { group_id: id.group(), slug: slug() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_wiki'],
    keywords: 'remove group wiki page org kb docs erase drop',
    examples: [
      'delete group wiki page old-notes in acme',
      'remove the outdated runbooks/legacy page from the platform group wiki',
      'delete the group wiki page drafts/todo in payments',
      'remove page docs/old-setup from the data-eng group wiki',
      'get rid of the outdated runbooks/2019 page in the mobile knowledge base',
    ],
  },

  // ---- activity analytics
  analytics_issues_count: {
    summary: 'Count the issues created in a group in the last 90 days (activity analytics)',
    rest: 'GET /analytics/group_activity/issues_count',
    params: { group_path: req(str('Full path of the group (e.g. my-group/sub)')) },
    tier: 'premium',
    fineGrained: ['read_activity_analytics'],
    keywords: 'analytics activity statistics recent issues count metrics insights trend how-many org opened',
    examples: [
      'how many issues were opened in group acme in the last 90 days?',
      'recent issue activity count of platform',
      'issue count for group payments over the last 90 days',
      'group activity analytics: new issues in data-eng',
      'how many bugs got filed under mobile in the past three months?',
    ],
  },
  analytics_mr_count: {
    summary: 'Count the merge requests created in a group in the last 90 days (activity analytics)',
    rest: 'GET /analytics/group_activity/merge_requests_count',
    params: { group_path: req(str('Full path of the group (e.g. my-group/sub)')) },
    tier: 'premium',
    fineGrained: ['read_activity_analytics'],
    keywords: 'analytics activity statistics recent merge requests PR count metrics insights throughput how-many org opened',
    examples: [
      'how many MRs were created in acme over the past 90 days?',
      'merge request activity count of group platform',
      'count merge requests opened in group payments recently',
      'how many MRs did data-eng create in the last 90 days?',
      'how many merge requests were opened under mobile in the past 3 months?',
    ],
  },
  analytics_members_count: {
    summary: 'Count the members added to a group in the last 90 days (activity analytics)',
    rest: 'GET /analytics/group_activity/new_members_count',
    params: { group_path: req(str('Full path of the group (e.g. my-group/sub)')) },
    tier: 'premium',
    fineGrained: ['read_activity_analytics'],
    keywords: 'analytics activity statistics new members count metrics insights growth joined how-many org',
    examples: [
      'how many people joined group acme in the last 90 days?',
      'count new members of platform recently',
      'count of members added to group payments in the last 90 days',
      'group activity analytics for data-eng: how many new members?',
      'how many people were onboarded into mobile in the past three months?',
    ],
  },
});
