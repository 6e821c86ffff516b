import { domain, id, str, int, bool, obj, oneOf, req, intList, strList, idOr, paging, cursor, companion, type ParamSpec } from '../define.js';
import { KEYSET_OMITTED, NONE_ANY, PAGED_UNDECLARED } from '../params.js';
import { gid, gids, compact } from '../graphql.js';

// ---- shared parameter sets (plain data) ----

const DUE_DATE = ['0', 'any', 'today', 'tomorrow', 'overdue', 'week', 'month', 'next_month_and_previous_two_weeks'] as const;
const ISSUE_TYPES = ['issue', 'incident', 'test_case', 'requirement', 'task', 'ticket'] as const;
const TIMEBOX = ['None', 'Any', 'Upcoming', 'Started'] as const;
const HEALTH = ['on_track', 'needs_attention', 'at_risk', 'none', 'any'] as const;

/** The filters GitLab's issue lists and issue statistics share: who, what, when, and their `not[...]` forms. */
const sharedFilters = (): Record<string, ParamSpec> => ({
  labels: str('Comma-separated label names, all must match; None = no label, Any = any label'),
  milestone: str('Milestone title; None = no milestone, Any = any, or Upcoming / Started'),
  milestone_id: oneOf(TIMEBOX, 'Milestone timebox: None = no milestone, Any = any, Upcoming, Started'),
  search: str('Search in title and description'),
  in: str('Fields searched by search: title, description, or both comma-joined'),
  iids: intList('Only these issue IIDs', { wire: 'iids[]' }),
  author_id: int('Issues created by this user ID'),
  author_username: str('Issues created by this username'),
  assignee_id: idOr(NONE_ANY, 'Issues assigned to this user ID; None = unassigned, Any = assigned to anyone'),
  assignee_username: str('Issues assigned to this username'),
  my_reaction_emoji: str('Issues the caller reacted to with this emoji; None = no reaction, Any = any'),
  confidential: bool('Only confidential (true) or public (false) issues'),
  created_after: str('Created on or after this time (ISO 8601)'),
  created_before: str('Created on or before this time (ISO 8601)'),
  updated_after: str('Updated on or after this time (ISO 8601)'),
  updated_before: str('Updated on or before this time (ISO 8601)'),
  iteration_id: idOr(NONE_ANY, 'Issues in this iteration ID; None = in no iteration, Any = in one (Premium)', { tier: 'premium' }),
  iteration_title: str('Issues in the iteration with this title (Premium)', { tier: 'premium' }),
  epic_id: idOr(NONE_ANY, 'Issues in this epic ID; None = in no epic, Any = in an epic (Premium)', { tier: 'premium' }),
  weight: idOr(NONE_ANY, 'Issues with this weight; None = no weight, Any = weighted (Premium)', { tier: 'premium' }),
  health_status: oneOf(HEALTH, 'Health status; none = not set, any = set (Ultimate)', { tier: 'ultimate' }),
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
  scope: oneOf(['created_by_me', 'assigned_to_me', 'all'], 'Whose issues: created_by_me, assigned_to_me or all'),
});

/** Filters shared by the project, group and global issue lists. */
const issueFilters = (): Record<string, ParamSpec> => ({
  state: oneOf(['opened', 'closed', 'all'], 'Return issues with this state (default all)'),
  ...sharedFilters(),
  closed_by_id: int('Issues closed by this user ID'),
  issue_type: oneOf(ISSUE_TYPES, 'Only issues of this type'),
  due_date: oneOf(DUE_DATE, 'Due date window (0 = no due date)'),
  order_by: oneOf(
    ['created_at', 'updated_at', 'priority', 'due_date', 'relative_position', 'label_priority', 'milestone_due', 'popularity', 'weight', 'title'],
    'Sort field (default created_at)',
  ),
  sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
  with_labels_details: bool('Return label objects instead of names'),
  ...paging(),
});

/** Filters of the issue statistics endpoints. */
const statsFilters = (): Record<string, ParamSpec> => sharedFilters();

const projectIssue = (): Record<string, ParamSpec> => ({ project_id: id.project(), issue_iid: id.issue() });
const awardId = (): ParamSpec => id.int('Award (emoji reaction) ID');
const eventId = (): ParamSpec => id.int('Resource event ID');

// ---- GraphQL helpers: params → global IDs and widget inputs ----

const SAVED_VIEW = 'WorkItems::SavedViews::SavedView';

const WORK_ITEM_SORT = [
  'CREATED_ASC', 'CREATED_DESC', 'UPDATED_ASC', 'UPDATED_DESC', 'CLOSED_AT_ASC', 'CLOSED_AT_DESC',
  'DUE_DATE_ASC', 'DUE_DATE_DESC', 'START_DATE_ASC', 'START_DATE_DESC', 'TITLE_ASC', 'TITLE_DESC',
  'PRIORITY_ASC', 'PRIORITY_DESC', 'LABEL_PRIORITY_ASC', 'LABEL_PRIORITY_DESC', 'MILESTONE_DUE_ASC', 'MILESTONE_DUE_DESC',
  'POPULARITY_ASC', 'POPULARITY_DESC', 'RELATIVE_POSITION_ASC', 'SEVERITY_ASC', 'SEVERITY_DESC',
  'ESCALATION_STATUS_ASC', 'ESCALATION_STATUS_DESC', 'BLOCKING_ISSUES_ASC', 'BLOCKING_ISSUES_DESC',
  'WEIGHT_ASC', 'WEIGHT_DESC', 'HEALTH_STATUS_ASC', 'HEALTH_STATUS_DESC', 'STATUS_ASC', 'STATUS_DESC',
] as const;

const WORK_ITEM_TYPES = ['ISSUE', 'INCIDENT', 'TEST_CASE', 'REQUIREMENT', 'TASK', 'TICKET', 'OBJECTIVE', 'KEY_RESULT', 'EPIC'] as const;
const HEALTH_STATUS = ['onTrack', 'needsAttention', 'atRisk'] as const;
const fullPath = (): ParamSpec => id.str('Full path of the project or group (e.g. group/project)');
/** Work items are addressed by namespace path + IID; the mutation needs the global ID, looked up first. */
const RESOLVE_WORK_ITEM = {
  document: `query workItemId($fullPath: ID!, $iid: String!) {
  namespace(fullPath: $fullPath) { workItem(iid: $iid) { id } }
}`,
  resultPath: 'namespace.workItem.id',
  into: 'work_item_gid',
  variables: (p: Record<string, unknown>) => ({ fullPath: p.full_path, iid: String(p.work_item_iid) }),
};
const workItemRef = (): Record<string, ParamSpec> => ({
  full_path: id.str('Full path of the project or group owning the work item (e.g. group/project)'),
  work_item_iid: id.int('Internal ID (IID) of the work item within that project or group'),
  work_item_gid: str('Global ID of the work item; filled in from full_path + work_item_iid', { in: 'local' }),
});
const savedViewId = (): ParamSpec => id.str('Saved view ID: numeric or global ID (from work_item_saved_view_list)');

const WORK_ITEM_FIELDS = `id iid title state confidential createdAt updatedAt closedAt webUrl
      reference(full: true)
      author { username }
      workItemType { id name }`;

/** `private` (deprecated in 18.10) is read as `isPrivate` under its old key, so answers keep their shape. */
const SAVED_VIEW_FIELDS = 'id name description private: isPrivate subscribed sort';

export default domain('issue', 'Issues and work items of projects and groups: list, read, create, update, comment, link, react, track time, saved views', {
  // ---- issues ----
  list: {
    summary: 'List issues of one project, filtered by state, labels, milestone, assignee, author or search text',
    rest: 'GET /projects/{project_id}/issues',
    elsewhere: { group_id: 'issue.list_group' },
    shows: ['iid', 'title', 'state', 'assignees', 'labels', 'milestone'],
    params: { project_id: id.project(), ...issueFilters() },
    omitted: KEYSET_OMITTED,
    fineGrained: ['read_work_item'],
    nextSteps: ['issue.get', 'issue.note_create', 'issue.update'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'caller', body: 'caller' },
    keywords: 'bugs tickets tasks open issues backlog search find jira filter query triage closed browse',
    examples: [
      'show open ~bug issues in acme/shop',
      'issues in acme/api assigned to @alice that are still open',
      "what's still open in the acme/shop backlog?",
      'which bugs in payments/checkout are due this week and still unassigned?',
      'list closed issues in platform/api-gateway with ~regression from the last 30 days',
    ],
  },
  list_group: {
    summary: 'List issues across all projects of a group (and its subgroups), with the same filters',
    rest: 'GET /groups/{group_id}/issues',
    elsewhere: { project_id: 'issue.list' },
    params: { group_id: id.group(), ...issueFilters(), non_archived: bool('Exclude issues of archived projects (default true)') },
    fineGrained: ['read_work_item'],
    keywords: 'bugs tickets group issues across projects org-wide portfolio multi-project team jira',
    examples: [
      'all open issues across group acme labeled ~security',
      'list issues in every project of group platform assigned to @bob',
      'overdue tickets anywhere under group acme, subgroups included',
      'unassigned ~p1 bugs across all the payments projects and their subgroups',
      'list issues in group ops created by @dave in the last two weeks',
    ],
  },
  list_all: {
    summary: 'List issues visible to the caller across the instance (default: created by the caller)',
    rest: 'GET /issues',
    elsewhere: { group_id: 'issue.list_group', project_id: 'issue.list' },
    params: { ...issueFilters(), non_archived: bool('Exclude issues of archived projects (default true)') },
    // GitLab's default scope here is created_by_me, and the author and assignee filters combine with it (doc/api/issues.md).
    emptyNote: {
      unless: ['scope'], text: 'GitLab reads only the issues you created unless scope is sent: scope "all" reads every one you can see.',
      retry: {
        set: { scope: 'all' }, besides: ['state', 'in', 'order_by', 'sort', 'with_labels_details', 'non_archived'],
        say: 'None of the issues you created matched (GitLab\'s default scope); read again with scope "all", every one you can see:',
      },
    },
    fineGrained: ['read_work_item'],
    keywords: 'my issues anywhere instance-wide assigned to me all issues dashboard global everywhere authored personal cross-project',
    examples: [
      'what issues are assigned to me across all projects?',
      'my open issues everywhere on the instance',
      'issues I created anywhere, newest first',
      'what tickets do I have on my plate across every project?',
      'list every issue I reacted to with :thumbsup:, instance-wide',
    ],
  },
  get: {
    summary: 'Get one issue of a project by its IID: title, description, state, labels, assignees, milestone',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}',
    shows: ['title', 'description', 'state', 'labels', 'assignees', 'milestone'],
    params: projectIssue(),
    fineGrained: ['read_work_item'],
    resource: 'forge://project/{project_id}/issue/{issue_iid}',
    nextSteps: ['issue.note_list', 'issue.note_create', 'issue.update'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'answer.iid', body: 'caller' },
    keywords: 'ticket bug jira single read',
    examples: [
      'show #42 in acme/shop',
      'show me the details of issue 17 in acme/api',
      'summarize https://gitlab.example.com/acme/shop/-/issues/7 for me',
      'what does payments/checkout#210 say?',
      'pull up issue 1337 in platform/api-gateway, who is it assigned to?',
    ],
  },
  get_by_id: {
    summary: 'Get an issue by its instance-wide ID (administrators; not the project IID)',
    rest: 'GET /issues/{issue_id}',
    params: { issue_id: id.int('Instance-wide issue ID (not the IID)') },
    fineGrained: ['read_work_item'],
    keywords: 'issue global id lookup admin database internal numeric',
    examples: [
      'look up the issue with global id 938475 (not the iid)',
      'admin: fetch the issue whose instance-wide ID is 120044',
      'as admin, which ticket has the global database number 40213, not the per-project one?',
      'I only have the instance-wide issue id 77812, no project, what is it?',
      'find issue ID 5501234 on the whole instance as admin',
    ],
  },
  create: {
    summary: 'Create an issue in a project with title, description, labels, assignees, milestone, due date',
    rest: 'POST /projects/{project_id}/issues',
    params: {
      project_id: id.project(),
      title: req(str('Issue title')),
      description: str('Issue description (Markdown, up to 1,048,576 characters)'),
      labels: str('Comma-separated label names'),
      assignee_ids: intList('User IDs to assign'),
      assignees: companion.users('assignee_ids', 'Assignees'),
      milestone_id: int('Milestone ID'),
      milestone: companion.milestone(),
      due_date: str('Due date (YYYY-MM-DD)'),
      confidential: bool('Make the issue confidential'),
      discussion_locked: bool('Lock the discussion: only project members can comment'),
      issue_type: oneOf(ISSUE_TYPES, 'Issue type (default issue)'),
      weight: int('Weight (Premium)', { tier: 'premium' }),
      epic_id: int('Epic ID to add the issue to (Premium)', { tier: 'premium' }),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
      iid: int('IID to use (administrators or project owners)'),
      merge_request_to_resolve_discussions_of: int('IID of a merge request whose unresolved threads to resolve'),
      discussion_to_resolve: str('ID of one thread of that merge request to resolve'),
    },
    omitted: {
      assignee_id: 'the single-assignee form; assignee_ids covers it',
      epic_iid: 'deprecated by GitLab in favour of epic_id',
      add_labels: 'on create, labels sets them all',
      remove_labels: 'on create there is no label to remove',
    },
    fineGrained: ['create_work_item'],
    // Linking the new issue to the one it came from (an assistant searched for the link action after creating).
    nextSteps: ['issue.link_create'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'answer.iid', target_project_id: 'caller', target_issue_iid: 'caller' },
    stepParams: ['description', 'labels', 'assignees', 'milestone'],
    keywords: 'new issue open ticket report bug file task add submit jira story feature-request',
    examples: [
      'file a bug in acme/shop: checkout button does nothing on Safari',
      'open a new issue in acme/api titled "Rate limit headers missing" with ~backend',
      'create a ticket for @carol to renew the TLS certs, due Friday',
      'report a bug in mobile/ios-app: login crashes on iOS 17, label ~crash',
      'new confidential ticket in payments/checkout about the leaked API key, assign @erin',
    ],
  },
  update: {
    summary: 'Update an issue: title, description, labels, assignees, milestone, due date, close or reopen',
    rest: 'PUT /projects/{project_id}/issues/{issue_iid}',
    params: {
      ...projectIssue(),
      title: str('New title'),
      description: str('New description (Markdown)'),
      state_event: oneOf(['close', 'reopen'], 'Close or reopen the issue'),
      description_old_text: companion.replaceInField('description', 'issue.get', 'description_new_text'),
      description_new_text: companion.replacement('description_old_text'),
      labels: str('Comma-separated label names replacing all labels (empty string removes all)'),
      add_labels: str('Comma-separated label names to add'),
      remove_labels: str('Comma-separated label names to remove'),
      assignee_ids: intList('User IDs to assign (0 or empty list unassigns all)'),
      assignees: companion.users('assignee_ids', 'Assignees replacing all'),
      add_assignees: companion.addUsers('assignee_ids', 'issue.get', 'assignees', 'Assignees'),
      milestone_id: int('Milestone ID (0 removes the milestone)'),
      milestone: companion.milestone(),
      due_date: str('Due date (YYYY-MM-DD; empty string removes it)'),
      confidential: bool('Make the issue confidential or public'),
      discussion_locked: bool('Lock or unlock the discussion'),
      issue_type: oneOf(ISSUE_TYPES, 'Issue type'),
      weight: int('Weight (Premium)', { tier: 'premium' }),
      epic_id: int('Epic ID (0 removes it; Premium)', { tier: 'premium' }),
      created_at: str('Creation time to record (ISO 8601; administrators or project owners)'),
      updated_at: str('Update time (ISO 8601; administrators or project owners)'),
    },
    omitted: {
      assignee_id: 'the single-assignee form; assignee_ids covers it',
      epic_iid: 'deprecated by GitLab in favour of epic_id',
    },
    fineGrained: ['update_work_item'],
    stepParams: ['state_event', 'add_labels', 'remove_labels', 'assignees', 'add_assignees', 'milestone'],
    keywords: 'edit change close reopen relabel assign issue retitle resolve triage unassign',
    examples: [
      'close #12 in acme/shop',
      'put #88 in %"v2.1" and label it ~needs-review',
      "I'll take this one: #31 in acme/web",
      'reopen issue 54 in acme/api, the bug is back',
      'relabel ops/k8s#61 from ~triage to ~backlog and set the due date to 2025-07-01',
    ],
  },
  delete: {
    summary: 'Delete an issue (cannot be undone; needs Owner or administrator)',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}',
    params: projectIssue(),
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove issue permanently erase nuke spam trash',
    examples: [
      'delete issue #99 in acme/shop for good',
      'permanently remove the spam issue 404 from acme/api',
      'nuke #7 in acme/sandbox, it was filed by mistake',
      'get rid of issue 512 in payments/checkout, it contains customer data',
      'wipe out the test ticket #3 in ops/k8s, nobody needs it',
    ],
  },
  reorder: {
    summary: 'Reorder an issue on boards and lists by placing it after or before another issue',
    rest: 'PUT /projects/{project_id}/issues/{issue_iid}/reorder',
    params: {
      ...projectIssue(),
      move_after_id: int('Global ID of the issue to place this one after'),
      move_before_id: int('Global ID of the issue to place this one before'),
    },
    fineGrained: ['update_work_item'],
    keywords: 'order position sort board rank drag reposition prioritize arrange kanban',
    examples: [
      'rank #14 above issue 9 on the acme/shop board',
      'reposition #22 right after #25 in the acme/api issue ordering',
      'put #14 directly above #9 in the acme/shop issue order',
      'drag issue 33 in web/storefront so it sits just before issue 31',
      'bump ops/k8s#70 up so it comes right before #12 in the ranking',
    ],
  },
  move: {
    summary: 'Move an issue to another project (the original is closed and a new one created there)',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/move',
    params: { ...projectIssue(), to_project_id: req(int('ID of the destination project')) },
    destructive: true,
    flagNote: 'Moving transfers the issue (with its comments) to another project, possibly a different audience; the original is closed and moving back creates yet another issue with a new IID, so no opposite call restores it',
    fineGrained: ['update_work_item'],
    keywords: 'transfer relocate issue to other project migrate rehome send-to',
    examples: [
      'move #45 from acme/shop to acme/payments',
      'transfer issue 12 over to the platform/infra project',
      'this ticket belongs in acme/api, migrate #8 there from acme/web',
      'move payments/checkout#90 into the payments/billing project',
      'this bug is in the wrong repo, transfer mobile/ios-app#14 over to mobile/shared-sdk',
    ],
  },
  create_todo: {
    summary: 'Add an issue to the caller\'s to-do list',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/todo',
    params: projectIssue(),
    fineGrained: ['create_todo'],
    keywords: 'todo reminder mark follow up remind-me bookmark later save',
    examples: [
      'add #12 in acme/shop to my to-do list',
      'remind me about issue 77 later, put it on my todos',
      'add ops/k8s#22 to my to-dos so I look at it tomorrow',
      'put issue 150 in web/storefront on my todo list',
      'remind me to come back to platform/api-gateway#9',
    ],
  },
  subscribe: {
    summary: 'Subscribe the caller to notifications of an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/subscribe',
    params: projectIssue(),
    fineGrained: ['subscribe_issue'],
    keywords: 'watch notify follow notifications alerts track email cc',
    examples: [
      'subscribe me to #19 in acme/shop',
      'watch issue 204 in acme/api',
      'follow #5 so I get emails when it changes',
      'notify me whenever payments/checkout#88 gets updated',
      'I want email notifications for issue 301 in ops/k8s',
    ],
  },
  unsubscribe: {
    summary: 'Unsubscribe the caller from notifications of an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/unsubscribe',
    params: projectIssue(),
    fineGrained: ['subscribe_issue'],
    keywords: 'unwatch mute stop notifications unfollow silence ignore opt-out quiet',
    examples: [
      'mute notifications for #19 in acme/shop',
      'unwatch issue 204 in acme/api, too noisy',
      'I no longer want emails about #5 in acme/web',
      'stop notifying me about payments/checkout#88',
      'unsubscribe me from issue 301 in ops/k8s',
    ],
  },
  participants: {
    summary: 'List the users who participated in an issue (author, assignees, commenters)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/participants',
    params: { ...projectIssue(), ...paging() },
    undocumented: PAGED_UNDECLARED,
    fineGrained: ['read_work_item'],
    keywords: 'people involved users commenters contributors stakeholders discussants audience',
    examples: [
      'who is involved in #30 in acme/shop?',
      'everyone who took part in issue 12: author, assignees, commenters',
      'people participating in #88 of acme/api',
      'list the participants of issue 61 in web/storefront',
      'which people have been active on ops/k8s#19?',
    ],
  },
  mrs_closing: {
    summary: 'List the merge requests that close an issue when merged',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/closed_by',
    params: { ...projectIssue(), ...paging() },
    undocumented: PAGED_UNDECLARED,
    fineGrained: ['read_work_item'],
    keywords: 'PR pull request fixes closes merge requests resolved-by fixed-by closing-pattern',
    examples: [
      'which MRs will fix #12 in acme/shop?',
      'is there a merge request that fixes issue 34?',
      'what PR resolves #7 once merged?',
      'which merge requests close payments/checkout#52 when they get merged?',
      'is anyone already fixing ops/k8s#19 in a PR that will auto-close it?',
    ],
  },
  mrs_related: {
    summary: 'List merge requests related to an issue (mentioning or closing it)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/related_merge_requests',
    params: { ...projectIssue(), ...paging() },
    undocumented: PAGED_UNDECLARED,
    fineGrained: ['read_work_item'],
    keywords: 'PR pull request linked mentions referenced associated cross-reference development-widget',
    examples: [
      'which merge requests are related to #12 in acme/shop?',
      'show MRs linked to issue 56 that mention it',
      'any PRs referencing #3 in acme/api?',
      'list every MR that mentions web/storefront#61',
      'what code changes reference ops/k8s#19, closing or not?',
    ],
  },

  // ---- statistics ----
  statistics_get: {
    summary: 'Count issues visible to the caller (all, opened, closed), with issue-list filters',
    rest: 'GET /issues_statistics',
    elsewhere: { group_id: 'issue.statistics_get_group', project_id: 'issue.statistics_get_project' },
    params: statsFilters(),
    fineGrained: ['read_work_item'],
    keywords: 'issue counts totals stats how many number metrics overview tally',
    examples: [
      'how many issues are open vs closed across everything I can see?',
      'how many issues are assigned to me overall?',
      'how many ~bug tickets are open across everything I have access to?',
      'total issue count I authored instance-wide, opened vs closed',
      'give me issue statistics for @alice across all projects',
    ],
  },
  statistics_get_group: {
    summary: 'Count issues of a group (all, opened, closed), with issue-list filters',
    rest: 'GET /groups/{group_id}/issues_statistics',
    elsewhere: { project_id: 'issue.statistics_get_project' },
    params: { group_id: id.group(), ...statsFilters() },
    fineGrained: ['read_work_item'],
    keywords: 'issue counts totals stats group metrics tally org-wide number',
    examples: [
      'number of open vs closed issues in group acme',
      'issue statistics for group platform, only ~incident',
      'count of opened and closed tickets across all payments projects and subgroups',
      'how many issues assigned to @bob are open in group platform?',
      'how many open bugs does the ops group have right now?',
    ],
  },
  statistics_get_project: {
    summary: 'Count issues of a project (all, opened, closed), with issue-list filters',
    rest: 'GET /projects/{project_id}/issues_statistics',
    elsewhere: { group_id: 'issue.statistics_get_group' },
    params: { project_id: id.project(), ...statsFilters() },
    fineGrained: ['read_work_item'],
    keywords: 'issue counts totals stats project metrics tally number',
    examples: [
      'how many issues are open in project acme/shop?',
      'closed issue count for project acme/api',
      'count the open ~bug tickets in payments/checkout',
      'how many issues did @carol open in ops/k8s this year?',
      'issue stats for project web/storefront, milestone %"v3.0"',
    ],
  },

  // ---- time tracking ----
  time_estimate_set: {
    summary: 'Set the time estimate of an issue (e.g. 3h30m)',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/time_estimate',
    params: { ...projectIssue(), duration: req(str('Duration in human format, e.g. 3h30m or 1w2d')) },
    fineGrained: ['update_work_item'],
    keywords: 'estimate time tracking effort sizing forecast hours planned budget',
    examples: [
      'estimate #12 in acme/shop at 3h30m',
      'set the time estimate of issue 44 to 2d',
      '#9 should take about 1w, put that as its estimate',
      'plan 2d of effort for payments/checkout#52',
      'I think ops/k8s#19 needs 5h, set that as its estimate',
    ],
  },
  time_estimate_reset: {
    summary: 'Reset the time estimate of an issue to zero',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/reset_time_estimate',
    params: projectIssue(),
    fineGrained: ['update_work_item'],
    keywords: 'clear estimate time tracking unset undo blank',
    examples: [
      'clear the estimate on #12 in acme/shop',
      'zero out the time estimate of issue 44',
      'zero the planned effort on payments/checkout#52',
      'reset the estimate on ops/k8s#19, we will re-estimate later',
      'set the time estimate of web/storefront#61 back to zero',
    ],
  },
  spent_time_add: {
    summary: 'Log time spent on an issue (e.g. 1h; negative to subtract)',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/add_spent_time',
    params: {
      ...projectIssue(),
      duration: req(str('Duration in human format, e.g. 1h30m; prefix - to subtract')),
      summary: str('Summary of the work done'),
    },
    undocumented: { summary: 'read by the route (params.delete(:summary), lib/api/time_tracking_endpoints.rb, gitlabhq 0c872e02) though its params block omits it' },
    fineGrained: ['update_work_item'],
    keywords: 'log time timesheet spent hours tracking record worked booked billable',
    examples: [
      'log 2h on #12 in acme/shop',
      'I spent 45m reviewing issue 31, track it',
      'book 1d on #8 for the migration work',
      'I worked 3h on ops/k8s#19 today, put it on the timesheet',
      'add 30m spent on issue 61 in web/storefront: pairing with @dan',
    ],
  },
  spent_time_reset: {
    summary: 'Reset the total time spent on an issue to zero',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/reset_spent_time',
    params: projectIssue(),
    fineGrained: ['update_work_item'],
    keywords: 'clear spent time tracking unset undo start-over',
    examples: [
      'reset the time spent on #12 to zero',
      'the hours logged on issue 44 are wrong, reset its spent time',
      'zero out the logged hours on ops/k8s#19',
      'reset the spent time on payments/checkout#52',
      'somebody logged 40h on web/storefront#61 by accident, reset total time spent to 0',
    ],
  },
  time_stats_get: {
    summary: 'Get the time estimate and time spent of an issue',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/time_stats',
    params: projectIssue(),
    fineGrained: ['read_work_item'],
    keywords: 'time tracking estimate spent hours report summary remaining progress timelog',
    examples: [
      'how much time has been spent on #12 vs the estimate?',
      'time tracking totals for issue 44 in acme/api',
      'hours logged on #8 so far?',
      'estimate versus actual for payments/checkout#52?',
      'show the time tracking stats of issue 61 in web/storefront',
    ],
  },

  // ---- links ----
  link_list: {
    summary: 'List the issues linked to an issue (relates to, blocks, is blocked by)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/links',
    params: projectIssue(),
    fineGrained: ['read_work_item'],
    nextSteps: ['issue.link_create', 'issue.link_delete'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid', target_project_id: 'caller', target_issue_iid: 'caller', issue_link_id: 'caller' },
    keywords: 'related linked blocking dependencies blockers relationships graph depends',
    examples: [
      'list everything blocking #12 in acme/shop',
      'show issues related to #40 in acme/api',
      'list linked issues of issue 7',
      'what does ops/k8s#19 depend on, and what depends on it?',
      'list the linked issues of payments/checkout#52 with their link types',
    ],
  },
  link_get: {
    summary: 'Get one issue link by its ID',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/links/{issue_link_id}',
    params: { ...projectIssue(), issue_link_id: id.int('Issue link ID') },
    fineGrained: ['read_work_item'],
    keywords: 'related linked issue relation link-type single',
    examples: [
      'show issue link 351 on #12 in acme/shop',
      'get the relation with link id 88 on issue 40',
      'show the relation 1204 on web/storefront#61: which ticket is on the other end?',
      'get issue link 77 of ops/k8s#19',
      'what kind of relationship is link 902 on payments/checkout#52?',
    ],
  },
  link_create: {
    summary: 'Link an issue to another issue (relates to, blocks, is blocked by)',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/links',
    // The collection after the write, as GitLab's UI shows it next: no second call to see the result.
    also: ['GET /projects/{project_id}/issues/{issue_iid}/links'],
    params: {
      ...projectIssue(),
      target_project_id: req(str('ID or URL-encoded path of the target issue\'s project', { idOrPath: 'project' })),
      target_issue_iid: req(int('IID of the target issue')),
      link_type: oneOf(['relates_to', 'blocks', 'is_blocked_by'], 'Link type (default relates_to; blocking types Premium)', { valueTiers: { blocks: 'premium', is_blocked_by: 'premium' } }),
    },
    fineGrained: ['create_work_item'],
    nextSteps: ['issue.link_list'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid' },
    keywords: 'relate link block depends on dependency connect associate blocker prerequisite',
    examples: [
      'mark #12 as blocked by #15 in acme/shop',
      'relate issue 40 to issue 9 in acme/api',
      '#3 blocks #4, record that dependency',
      'mark payments/checkout#52 as related to payments/billing#8',
      'link ops/k8s#19 to ops/terraform#4: it cannot start until that one is done',
    ],
  },
  link_delete: {
    summary: 'Remove a link between two issues',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}/links/{issue_link_id}',
    params: { ...projectIssue(), issue_link_id: id.int('Issue link ID') },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'unlink remove relation disconnect detach unblock dissociate',
    examples: [
      'remove the link between #12 and #15 in acme/shop',
      'issue 40 no longer blocks issue 41, delete that relation',
      'unlink ops/k8s#19 from ops/terraform#4',
      'delete issue link 1204 on web/storefront#61',
      'get rid of the bogus link 902 on payments/checkout#52',
    ],
  },

  // ---- notes (comments) ----
  note_list: {
    summary: 'List the comments (notes) of an issue, including system notes',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/notes',
    params: {
      ...projectIssue(),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
      order_by: oneOf(['created_at', 'updated_at'], 'Sort field (default created_at)'),
      activity_filter: oneOf(['all_notes', 'only_comments', 'only_activity'], 'Comments, system activity, or both (default all_notes)'),
      ...paging(),
    },
    fineGrained: ['read_work_item'],
    nextSteps: ['issue.emoji_issue_note_list', 'issue.note_create'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid', note_id: 'caller', body: 'caller' },
    keywords: 'comments notes conversation replies remarks feedback',
    examples: [
      'what comments have been posted on #12 in acme/shop?',
      'what did people say on issue 44?',
      'read the conversation under #7, oldest first',
      'only the human comments on payments/checkout#52, skip the system activity',
      'list all notes of issue 61 in web/storefront, newest first',
    ],
  },
  note_get: {
    summary: 'Get one comment (note) of an issue by its note ID',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/notes/{note_id}',
    params: { ...projectIssue(), note_id: id.note() },
    fineGrained: ['read_work_item'],
    keywords: 'single comment read remark',
    examples: [
      'show comment 5521 on #12',
      'get note 889 of issue 44 in acme/api',
      'show me comment 10233 on ops/k8s#19',
      'fetch note 4410 of issue 52 in payments/checkout',
      'what exactly did comment 781 on web/storefront#61 say?',
    ],
  },
  note_create: {
    summary: 'Add a comment (note) to an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/notes',
    params: {
      ...projectIssue(),
      body: req(str('Comment text (Markdown; quick actions allowed)')),
      internal: bool('Internal note visible only to project members'),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
      state_event: companion.then('issue.update', 'state_event', oneOf(['close', 'reopen'], 'Then close or reopen the issue (a second request, as "Comment & close")')),
    },
    omitted: {
      confidential: 'deprecated by GitLab in favour of internal',
      merge_request_diff_head_sha: 'applies to merge request notes only',
    },
    fineGrained: ['create_work_item'],
    keywords: 'comment reply write note respond post feedback remark',
    examples: [
      'comment on #12: fixed in 1.4.2',
      'post a note on issue 44 asking @dan for repro steps',
      'add an internal note to #7 that the customer is Acme Corp',
      'tell everyone on ops/k8s#19 that the fix is on staging now',
      'leave a comment on issue 61 in web/storefront: cannot reproduce on Chrome 126',
    ],
  },
  note_update: {
    summary: 'Edit a comment (note) of an issue',
    rest: 'PUT /projects/{project_id}/issues/{issue_iid}/notes/{note_id}',
    params: { ...projectIssue(), note_id: id.note(), body: req(str('New comment text (Markdown)')) },
    omitted: { confidential: 'deprecated by GitLab; a note cannot be made internal after it is posted' },
    fineGrained: ['update_work_item'],
    keywords: 'edit text reword rewrite amend fix-typo',
    examples: [
      'edit my comment 5521 on #12 to fix the typo',
      'reword note 889 on issue 44 in acme/api',
      'fix the typo in my comment 10233 on ops/k8s#19',
      'change the text of note 4410 on issue 52 in payments/checkout to say ETA is Friday',
      'edit comment 781 on web/storefront#61, the link in it is wrong',
    ],
  },
  note_delete: {
    summary: 'Delete a comment (note) of an issue',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}/notes/{note_id}',
    params: { ...projectIssue(), note_id: id.note() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove erase retract nuke trash',
    examples: [
      'delete comment 5521 on #12',
      'remove my note 889 from issue 44, posted it by mistake',
      'delete note 4410 on payments/checkout#52',
      'get rid of comment 10233 on ops/k8s#19, it has a password in it',
      'remove the duplicate comment 781 from issue 61 in web/storefront',
    ],
  },

  // ---- discussions (threads) ----
  discussion_list: {
    summary: 'List the discussion threads of an issue with their notes',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/discussions',
    params: { ...projectIssue(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'threads discussions comments conversation resolvable unresolved debates',
    examples: [
      'list the threads on #12 in acme/shop',
      'show all discussions on issue 44 with replies',
      'what conversations are going on in payments/checkout#310?',
      'pull every comment thread of ops/k8s#9 with the replies',
      'list the discussion threads on issue 77 in platform/api-gateway',
    ],
  },
  discussion_get: {
    summary: 'Get one discussion thread of an issue with its notes',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/discussions/{discussion_id}',
    params: { ...projectIssue(), discussion_id: id.discussion() },
    fineGrained: ['read_work_item'],
    keywords: 'thread discussion comments single',
    examples: [
      'show the full thread with discussion id 3f2c on #12',
      'get discussion 9ab0 on issue 44 with all its notes',
      'show thread 6a1f9e on payments/checkout#310 with every reply',
      'fetch the discussion with id b72c on ops/k8s#9',
      'read me the whole conversation in thread 0d4e of issue 77 in platform/api-gateway',
    ],
  },
  discussion_create: {
    summary: 'Start a new discussion thread on an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/discussions',
    params: {
      ...projectIssue(),
      body: req(str('First note of the thread (Markdown)')),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
    },
    fineGrained: ['create_work_item'],
    keywords: 'new thread comment start discussion open-thread question ask topic',
    examples: [
      'start a new thread on #12 about the rollout plan',
      'open a discussion on issue 44 asking whether we still support IE11',
      'start a thread on payments/checkout#310 asking who owns the refund flow',
      'open a new discussion on ops/k8s#9: should we pin the ingress version?',
      'kick off a resolvable thread on issue 77 in platform/api-gateway about the timeout',
    ],
  },
  discussion_add_note: {
    summary: 'Reply to a discussion thread of an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/discussions/{discussion_id}/notes',
    params: {
      ...projectIssue(),
      discussion_id: id.discussion(),
      body: req(str('Reply text (Markdown)')),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
    },
    fineGrained: ['create_work_item'],
    keywords: 'reply respond answer thread comment discussion follow-up chime-in continue',
    examples: [
      'reply to thread 3f2c on #12 saying done',
      'answer in discussion 9ab0 on issue 44: yes, released',
      'respond in thread 6a1f9e on payments/checkout#310: agreed, let us do it Monday',
      'reply in discussion b72c of issue 9 in ops/k8s with the log excerpt',
      'add a note to the existing thread 0d4e on platform/api-gateway#77 saying fixed',
    ],
  },
  discussion_update_note: {
    summary: 'Edit a note inside a discussion thread of an issue',
    rest: 'PUT /projects/{project_id}/issues/{issue_iid}/discussions/{discussion_id}/notes/{note_id}',
    params: { ...projectIssue(), discussion_id: id.discussion(), note_id: id.note(), body: req(str('New note text (Markdown)')) },
    omitted: { resolved: 'issue threads cannot be resolved; only merge request threads can' },
    fineGrained: ['update_work_item'],
    keywords: 'edit thread message text rewrite amend reword',
    examples: [
      'edit my reply 7712 in thread 3f2c on #12',
      'fix the wording of note 450 inside discussion 9ab0 on issue 44',
      'my answer 88123 in thread 6a1f9e on payments/checkout#310 should mention @erin, change it',
      'edit note 5012 in discussion b72c of ops/k8s#9',
      'correct the wording of my reply 3301 inside thread 0d4e on issue 77',
    ],
  },
  discussion_delete_note: {
    summary: 'Delete a note from a discussion thread of an issue',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}/discussions/{discussion_id}/notes/{note_id}',
    params: { ...projectIssue(), discussion_id: id.discussion(), note_id: id.note() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove thread message erase retract',
    examples: [
      'delete my reply 7712 from thread 3f2c on #12',
      'remove note 450 in discussion 9ab0 of issue 44',
      'delete reply 88123 from thread 6a1f9e on payments/checkout#310',
      'get rid of my answer 3301 in thread 0d4e on platform/api-gateway#77',
      'remove note 5012 from discussion b72c in ops/k8s#9',
    ],
  },

  // ---- emoji reactions ----
  emoji_issue_list: {
    summary: 'List the emoji reactions on an issue and who reacted',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/award_emoji',
    params: { ...projectIssue(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'reactions reacted award emoji votes upvotes likes downvotes sentiment',
    examples: [
      'who reacted to #12 in acme/shop?',
      'list the reactions on issue 44',
      'show the award emoji votes on #7',
      'how many thumbs up does payments/checkout#310 have?',
      'list the emoji reactions on issue 9 in ops/k8s',
    ],
  },
  emoji_issue_get: {
    summary: 'Get one emoji reaction on an issue by its award ID',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/award_emoji/{award_id}',
    params: { ...projectIssue(), award_id: awardId() },
    notFound: { kind: 'award emoji', idParam: 'award_id', listAction: 'issue.emoji_issue_list' },
    fineGrained: ['read_work_item'],
    keywords: 'single award emoji lookup',
    examples: [
      'show award 311 on #12',
      'get emoji reaction 902 on issue 44',
      'show reaction 1500 on payments/checkout#310',
      'get award emoji 2201 of issue 9 in ops/k8s',
      'who left award 77 on platform/api-gateway#77 and which emoji was it?',
    ],
  },
  emoji_issue_create: {
    summary: 'Add an emoji reaction to an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/award_emoji',
    // The collection after the write, as GitLab's UI shows it next: no second call to see the result.
    also: ['GET /projects/{project_id}/issues/{issue_iid}/award_emoji'],
    params: { ...projectIssue(), name: req(str('Emoji name without colons, e.g. thumbsup')) },
    fineGrained: ['create_work_item'],
    nextSteps: ['issue.emoji_issue_list', 'issue.emoji_issue_delete'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid', award_id: 'answer.id' },
    keywords: 'react award emoji thumbs up upvote like downvote heart vote plus-one',
    examples: [
      'thumbs up #12 in acme/shop',
      'react with rocket on issue 44',
      'upvote #7 so it gets prioritized',
      'give payments/checkout#310 a :heart:',
      'add an eyes emoji to issue 9 in ops/k8s so they know I am looking',
    ],
  },
  emoji_issue_delete: {
    summary: 'Remove an emoji reaction from an issue',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}/award_emoji/{award_id}',
    params: { ...projectIssue(), award_id: awardId() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove reaction unreact emoji unvote retract unlike take-back',
    examples: [
      'remove my thumbs up from #12',
      'delete reaction 902 on issue 44',
      'remove the rocket reaction 1500 from payments/checkout#310',
      'take back my thumbs up 2201 on ops/k8s#9',
      'delete award emoji 77 on issue 77 of platform/api-gateway',
    ],
  },
  emoji_issue_note_list: {
    summary: 'List the emoji reactions on a comment of an issue and who reacted',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji',
    params: { ...projectIssue(), note_id: id.note(), ...paging() },
    fineGrained: ['read_work_item'],
    nextSteps: ['issue.emoji_issue_note_create', 'issue.emoji_issue_note_delete'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid', note_id: 'params.note_id', name: 'caller', award_id: 'caller' },
    keywords: 'comment reactions reacted award emoji votes likes',
    examples: [
      'who reacted to comment 5521 on #12?',
      'list emoji on note 889 of issue 44',
      'who gave a thumbs up to comment 10233 on ops/k8s#19?',
      'list reactions on note 4410 of issue 52 in payments/checkout',
      'emoji votes on comment 781 in web/storefront#61',
    ],
  },
  emoji_issue_note_get: {
    summary: 'Get one emoji reaction on a comment of an issue by its award ID',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji/{award_id}',
    params: { ...projectIssue(), note_id: id.note(), award_id: awardId() },
    notFound: { kind: 'award emoji', idParam: 'award_id', listAction: 'issue.emoji_issue_note_list' },
    fineGrained: ['read_work_item'],
    keywords: 'single award emoji reaction lookup',
    examples: [
      'show award 77 on comment 5521 of #12',
      'get reaction 31 on note 889 in issue 44',
      'show reaction 640 on comment 10233 of ops/k8s#19',
      'get award emoji 12 on note 4410 of payments/checkout#52',
      'which emoji is award 3 on comment 781 in web/storefront#61, and who gave it?',
    ],
  },
  emoji_issue_note_create: {
    summary: 'Add an emoji reaction to a comment of an issue',
    rest: 'POST /projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji',
    // The collection after the write, as GitLab's UI shows it next: no second call to see the result.
    also: ['GET /projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji'],
    params: { ...projectIssue(), note_id: id.note(), name: req(str('Emoji name without colons, e.g. thumbsup')) },
    fineGrained: ['create_work_item'],
    nextSteps: ['issue.emoji_issue_note_list', 'issue.emoji_issue_note_delete'],
    nextFill: { project_id: 'params.project_id', issue_iid: 'params.issue_iid', note_id: 'params.note_id', award_id: 'answer.id' },
    keywords: 'react comment emoji award thumbs up like heart vote plus-one',
    examples: [
      'thumbs up comment 5521 on #12',
      'react with eyes to note 889 on issue 44',
      'react with :tada: to comment 10233 on ops/k8s#19',
      'put a +1 emoji on note 4410 of issue 52 in payments/checkout',
      'heart the comment 781 that @dan left on web/storefront#61',
    ],
  },
  emoji_issue_note_delete: {
    summary: 'Remove an emoji reaction from a comment of an issue',
    rest: 'DELETE /projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji/{award_id}',
    params: { ...projectIssue(), note_id: id.note(), award_id: awardId() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'remove reaction emoji unreact unvote retract unlike take-back',
    examples: [
      'remove my reaction 77 from comment 5521 on #12',
      'delete the emoji 31 on note 889 of issue 44',
      'delete my heart reaction 640 from comment 10233 on ops/k8s#19',
      'get rid of award 12 on comment 4410 of payments/checkout#52',
      'remove emoji 3 from note 781 in web/storefront#61',
    ],
  },

  // ---- resource events (history) ----
  event_issue_label_list: {
    summary: 'List the label change history of an issue (labels added and removed)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_label_events',
    params: { ...projectIssue(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'label history events audit changes who changed relabeled tags timeline',
    examples: [
      'who added ~priority::1 to #12?',
      'label history of issue 44 in acme/api',
      'when was ~bug taken off #7?',
      'when did ops/k8s#19 get ~p1, and who put it there?',
      'list the label events of issue 52 in payments/checkout',
    ],
  },
  event_issue_label_get: {
    summary: 'Get one label change event of an issue',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_label_events/{event_id}',
    params: { ...projectIssue(), event_id: eventId() },
    fineGrained: ['read_work_item'],
    keywords: 'single event by ID entry occurrence',
    examples: [
      'show label event 1203 on #12',
      'get resource label event 88 of issue 44',
      'show label change event 4411 on payments/checkout#52',
      'details of resource label event 9001 on ops/k8s#19',
      'who relabeled web/storefront#61 in change 2033?',
    ],
  },
  event_issue_milestone_list: {
    summary: 'List the milestone change history of an issue',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_milestone_events',
    params: { ...projectIssue(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'milestone history events changes who changed timeline rescheduled retargeted',
    examples: [
      'milestone changes of #12 over time',
      'milestone history of issue 44',
      'when did ops/k8s#19 get put into %"Q3" and by whom?',
      'list milestone events for issue 52 in payments/checkout',
      'how many times has the milestone of web/storefront#61 changed?',
    ],
  },
  event_issue_milestone_get: {
    summary: 'Get one milestone change event of an issue',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_milestone_events/{event_id}',
    params: { ...projectIssue(), event_id: eventId() },
    fineGrained: ['read_work_item'],
    keywords: 'single event by ID entry occurrence',
    examples: [
      'show milestone event 301 on #12',
      'get milestone event 17 of issue 44 in acme/api',
      'show milestone change 812 on payments/checkout#52',
      'get resource milestone event 90 of ops/k8s#19',
      'who retargeted web/storefront#61 to %"v2.0" in change 44?',
    ],
  },
  event_issue_state_list: {
    summary: 'List the state change history of an issue (closed, reopened)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_state_events',
    params: { ...projectIssue(), ...paging() },
    fineGrained: ['read_work_item'],
    keywords: 'state history closed reopened events timeline lifecycle status',
    examples: [
      'who closed #12, per its state history?',
      'state history of issue 44: reopened, closed',
      'was #7 ever reopened?',
      'when was payments/checkout#52 closed and reopened?',
      'list state events of issue 61 in web/storefront',
    ],
  },
  event_issue_state_get: {
    summary: 'Get one state change event of an issue',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_state_events/{event_id}',
    params: { ...projectIssue(), event_id: eventId() },
    fineGrained: ['read_work_item'],
    keywords: 'single event by ID entry occurrence status',
    examples: [
      'show state event 5120 on #12',
      'get state event 66 of issue 44',
      'show state change 7310 on payments/checkout#52',
      'get resource state event 15 of ops/k8s#19',
      'who closed web/storefront#61 in change 902, and when?',
    ],
  },
  event_issue_iteration_list: {
    summary: 'List the iteration change history of an issue (Premium)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_iteration_events',
    params: { ...projectIssue(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'iteration sprint history events timeline carryover',
    examples: [
      'which sprints has #12 been in?',
      'iteration history of issue 44 in acme/api',
      'which iterations has payments/checkout#52 gone through?',
      'sprint history of ops/k8s#19: when did it enter and leave each sprint?',
      'list iteration events of issue 61 in web/storefront',
    ],
  },
  event_issue_iteration_get: {
    summary: 'Get one iteration change event of an issue (Premium)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_iteration_events/{event_id}',
    params: { ...projectIssue(), event_id: eventId() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'single sprint event by ID entry occurrence',
    examples: [
      'show iteration event 210 on #12',
      'get sprint event 14 of issue 44',
      'show iteration change 330 on payments/checkout#52',
      'get resource iteration event 8 of ops/k8s#19',
      'which sprint did change 41 put web/storefront#61 into?',
    ],
  },
  event_issue_weight_list: {
    summary: 'List the weight change history of an issue (Premium)',
    rest: 'GET /projects/{project_id}/issues/{issue_iid}/resource_weight_events',
    params: { ...projectIssue(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'weight history events story-points timeline complexity',
    examples: [
      'how has the weight of #12 evolved over time?',
      'weight history of issue 44',
      'who changed the weight of payments/checkout#52 from 3 to 8?',
      'list weight events of ops/k8s#19',
      'how did the story points on web/storefront#61 change over time?',
    ],
  },

  // ---- iterations ----
  iteration_list_group: {
    summary: 'List the iterations (sprints) of a group (Premium)',
    rest: 'GET /groups/{group_id}/iterations',
    elsewhere: { project_id: 'issue.iteration_list_project' },
    params: {
      group_id: id.group(),
      state: oneOf(['opened', 'upcoming', 'started', 'current', 'closed', 'all'], 'Iteration state (default all; started is the old name of current)'),
      search: str('Search iterations by title or cadence title'),
      in: oneOf(['title', 'cadence_title', 'title,cadence_title'], 'Fields searched by search'),
      include_ancestors: bool('Include iterations of parent groups (default true)'),
      include_descendants: bool('Include iterations of subgroups'),
      updated_after: str('Updated on or after this time (ISO 8601)'),
      updated_before: str('Updated on or before this time (ISO 8601)'),
      ...paging(),
    },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'sprints iterations cadence timebox scrum agile planning team',
    examples: [
      'list the sprints of group acme',
      "what's the current iteration in group platform?",
      'upcoming iterations for group acme including subgroups',
      'list the closed iterations of group payments',
      'what sprints does platform have coming up, including its subgroups?',
    ],
  },
  iteration_list_project: {
    summary: 'List the iterations (sprints) available to a project (Premium)',
    rest: 'GET /projects/{project_id}/iterations',
    elsewhere: { group_id: 'issue.iteration_list_group' },
    params: {
      project_id: id.project(),
      state: oneOf(['opened', 'upcoming', 'started', 'current', 'closed', 'all'], 'Iteration state (default all; started is the old name of current)'),
      search: str('Search iterations by title or cadence title'),
      in: oneOf(['title', 'cadence_title', 'title,cadence_title'], 'Fields searched by search'),
      include_ancestors: bool('Include iterations of parent groups (default true)'),
      include_descendants: bool('Include iterations of subgroups'),
      updated_after: str('Updated on or after this time (ISO 8601)'),
      updated_before: str('Updated on or before this time (ISO 8601)'),
      ...paging(),
    },
    tier: 'premium',
    fineGrained: ['read_work_item'],
    keywords: 'sprints iterations cadence timebox scrum agile planning',
    examples: [
      'which sprints can I use in acme/shop?',
      'current iteration available to project acme/api',
      'what is the current sprint for payments/checkout?',
      'list iterations available in ops/k8s, including inherited ones from parent groups',
      'upcoming iterations I can schedule web/storefront issues into',
    ],
  },

  // ---- work items (GraphQL) ----
  work_item_list: {
    summary: 'List work items (issues, tasks, epics, incidents...) of a project or group via GraphQL',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.workItems',
      document: `query workItemList($fullPath: ID!, $state: IssuableState, $search: String, $types: [IssueType!],
  $authorUsername: String, $assigneeUsernames: [String!], $labelName: [String!], $milestoneTitle: [String!],
  $confidential: Boolean, $sort: WorkItemSort, $includeDescendants: Boolean,
  $createdAfter: Time, $createdBefore: Time, $updatedAfter: Time, $updatedBefore: Time,
  $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    workItems(state: $state, search: $search, types: $types, authorUsername: $authorUsername,
      assigneeUsernames: $assigneeUsernames, labelName: $labelName, milestoneTitle: $milestoneTitle,
      confidential: $confidential, sort: $sort, includeDescendants: $includeDescendants,
      createdAfter: $createdAfter, createdBefore: $createdBefore, updatedAfter: $updatedAfter,
      updatedBefore: $updatedBefore, first: $first, after: $after) {
      nodes {
        ${WORK_ITEM_FIELDS}
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      variables: (p) => ({
        fullPath: p.full_path,
        state: p.state,
        search: p.search,
        types: p.types,
        authorUsername: p.author_username,
        assigneeUsernames: p.assignee_usernames,
        labelName: p.label_name,
        milestoneTitle: p.milestone_title,
        confidential: p.confidential,
        sort: p.sort,
        includeDescendants: p.include_descendants,
        createdAfter: p.created_after,
        createdBefore: p.created_before,
        updatedAfter: p.updated_after,
        updatedBefore: p.updated_before,
        first: p.first,
        after: p.after,
      }),
    },
    params: {
      full_path: fullPath(),
      state: oneOf(['opened', 'closed', 'all'], 'Work item state'),
      search: str('Search in title and description'),
      types: strList('Only these types: ISSUE, TASK, EPIC, INCIDENT, OBJECTIVE, KEY_RESULT...'),
      author_username: str('Created by this username'),
      assignee_usernames: strList('Assigned to these usernames'),
      label_name: strList('Having all these label names'),
      milestone_title: strList('In these milestones (titles)'),
      confidential: bool('Only confidential (true) or public (false) work items'),
      sort: oneOf(WORK_ITEM_SORT, 'Sort order (default CREATED_DESC)'),
      include_descendants: bool('Group: include work items of subgroups and projects'),
      created_after: str('Created on or after this time (ISO 8601)'),
      created_before: str('Created on or before this time (ISO 8601)'),
      updated_after: str('Updated on or after this time (ISO 8601)'),
      updated_before: str('Updated on or before this time (ISO 8601)'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'work items tasks epics objectives key results incidents list okrs requirements test-cases filter',
    examples: [
      'list tasks and epics of acme/shop as work items',
      'show open work items of type OBJECTIVE in group acme',
      'all key results assigned to @alice in group platform',
      'list the open tasks in payments/checkout as work items',
      'every objective and key result in the platform group, subgroups included',
    ],
  },
  work_item_get: {
    summary: 'Get one work item of a project or group by IID, with its widgets (assignees, labels, hierarchy, links)',
    graphql: {
      kind: 'query',
      resultPath: 'namespace.workItem',
      document: `query workItemGet($fullPath: ID!, $iid: String!) {
  namespace(fullPath: $fullPath) {
    workItem(iid: $iid) {
      ${WORK_ITEM_FIELDS}
      widgets {
        type
        ... on WorkItemWidgetDescription { description }
        ... on WorkItemWidgetAssignees { assignees { nodes { id username } } }
        ... on WorkItemWidgetLabels { labels { nodes { id title } } }
        ... on WorkItemWidgetMilestone { milestone { id title } }
        ... on WorkItemWidgetStartAndDueDate { startDate dueDate }
        ... on WorkItemWidgetHierarchy { parent { id iid title } children { nodes { id iid title state } } }
        ... on WorkItemWidgetLinkedItems { linkedItems { nodes { linkType workItem { id iid title state } } } }
        ... on WorkItemWidgetCrmContacts { contacts { nodes { id firstName lastName email } } }
        ... on WorkItemWidgetTimeTracking { timeEstimate totalTimeSpent }
        ... on WorkItemWidgetNotifications { subscribed }
      }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, iid: p.work_item_iid === undefined ? undefined : String(p.work_item_iid) }),
    },
    params: { full_path: fullPath(), work_item_iid: id.int('IID of the work item within the project or group') },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'work item task epic objective key-result okr incident children single',
    examples: [
      'show work item 12 in acme/shop with its child tasks',
      'get epic work item 5 in group acme with linked items',
      "what's the hierarchy of work item 88 in acme/api?",
      'show work item 77 of payments/checkout with its parent and children',
      'what are the child tasks and linked tickets of ops/k8s task 19?',
    ],
  },
  work_item_type_list: {
    summary: 'List the work item types of a project or group with their global IDs (needed to create a work item)',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.workItemTypes',
      document: `query workItemTypeList($fullPath: ID!, $name: IssueType) {
  namespace(fullPath: $fullPath) {
    workItemTypes(name: $name) {
      nodes { id name iconName }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, name: p.name }),
    },
    params: { full_path: fullPath(), name: oneOf(WORK_ITEM_TYPES, 'Only the type with this name') },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'work item types issue task epic type id kinds categories gid supported',
    examples: [
      'what work item types exist in acme/shop and their ids?',
      'get the global id of the Task type in group acme',
      'list the work item types available in payments/checkout',
      'which object kinds (epic, objective, key result) does group platform support, with their global ids?',
      'look up the Incident work item type ID for ops/k8s',
    ],
  },
  work_item_create: {
    summary: 'Create a work item (issue, task, epic...) in a project or group via GraphQL, with widgets',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemCreate',
      document: `mutation workItemCreate($input: WorkItemCreateInput!) {
  workItemCreate(input: $input) {
    workItem {
      ${WORK_ITEM_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        input: compact({
          namespacePath: p.full_path,
          title: p.title,
          workItemTypeId: gid('WorkItems::Type', p.work_item_type_id),
          confidential: p.confidential,
          descriptionWidget: compact({ description: p.description }),
          assigneesWidget: compact({ assigneeIds: gids('User', p.assignee_ids) }),
          labelsWidget: compact({ labelIds: gids('Label', p.label_ids) }),
          milestoneWidget: compact({ milestoneId: gid('Milestone', p.milestone_id) }),
          hierarchyWidget: compact({ parentId: gid('WorkItem', p.parent_id) }),
          startAndDueDateWidget: compact({ startDate: p.start_date, dueDate: p.due_date }),
          crmContactsWidget: compact({ contactIds: gids('CustomerRelations::Contact', p.crm_contact_ids) }),
          linkedItemsWidget: p.linked_item_ids === undefined ? undefined
            : compact({ workItemsIds: gids('WorkItem', p.linked_item_ids), linkType: p.link_type ?? 'RELATED' }),
          weightWidget: compact({ weight: p.weight }),
          iterationWidget: compact({ iterationId: gid('Iteration', p.iteration_id) }),
          healthStatusWidget: compact({ healthStatus: p.health_status }),
          colorWidget: compact({ color: p.color }),
        }),
      }),
    },
    params: {
      full_path: fullPath(),
      title: req(str('Title of the work item')),
      work_item_type_id: req(str('Work item type: global ID or numeric ID (from work_item_type_list)')),
      description: str('Description (Markdown)'),
      confidential: bool('Make the work item confidential'),
      assignee_ids: intList('User IDs to assign'),
      assignees: companion.users('assignee_ids', 'Assignees'),
      label_ids: intList('Label IDs to apply'),
      milestone_id: int('Milestone ID'),
      milestone: companion.milestone(),
      parent_id: int('ID (not IID) of the parent work item'),
      start_date: str('Start date (YYYY-MM-DD)'),
      due_date: str('Due date (YYYY-MM-DD)'),
      crm_contact_ids: intList('CRM contact IDs to attach'),
      linked_item_ids: intList('IDs (not IIDs) of work items to link on creation'),
      link_type: oneOf(['RELATED', 'BLOCKS', 'BLOCKED_BY'], 'Type of those links (default RELATED)'),
      weight: int('Weight (Premium)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      iteration_id: int('Iteration ID (Premium)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      health_status: oneOf(HEALTH_STATUS, 'Health status (Ultimate)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      color: str('Color as hex code, e.g. #1f75cb (epics)'),
    },
    fineGrained: { withheld: 'answer', name: 'WorkItemType' },
    keywords: 'new work item task epic objective create add subtask child-task okr key-result incident',
    examples: [
      'create a task under work item 12 in acme/shop: write the migration',
      'new objective in group acme: improve uptime to 99.9 percent',
      'add a key result work item to group platform titled "p95 latency under 200ms"',
      'create a work item of type Task in payments/checkout: add refund tests, due 2025-06-30',
      'new key result under objective 14 in group platform: p99 latency under 300ms',
    ],
  },
  work_item_update: {
    summary: 'Update a work item via GraphQL: title, state, description, assignees, labels, dates, parent, CRM contacts',
    // An explicit empty list clears every assignee or contact: the opposite call cannot restore them.
    confirmWhen: { emptyList: ['assignee_ids', 'crm_contact_ids'] },
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemUpdate',
      document: `mutation workItemUpdate($input: WorkItemUpdateInput!) {
  workItemUpdate(input: $input) {
    workItem {
      ${WORK_ITEM_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        input: compact({
          id: p.work_item_gid,
          title: p.title,
          stateEvent: p.state_event,
          confidential: p.confidential,
          descriptionWidget: compact({ description: p.description }),
          // An explicit empty list clears every assignee / contact (guarded by confirmation).
          assigneesWidget: p.assignee_ids === undefined ? undefined : { assigneeIds: gids('User', p.assignee_ids) },
          crmContactsWidget: p.crm_contact_ids === undefined ? undefined
            : { contactIds: gids('CustomerRelations::Contact', p.crm_contact_ids), operationMode: 'REPLACE' },
          labelsWidget: compact({ addLabelIds: gids('Label', p.add_label_ids), removeLabelIds: gids('Label', p.remove_label_ids) }),
          milestoneWidget: compact({ milestoneId: gid('Milestone', p.milestone_id) }),
          hierarchyWidget: compact({ parentId: gid('WorkItem', p.parent_id) }),
          startAndDueDateWidget: compact({ startDate: p.start_date, dueDate: p.due_date }),
          weightWidget: compact({ weight: p.weight }),
          iterationWidget: compact({ iterationId: gid('Iteration', p.iteration_id) }),
          healthStatusWidget: compact({ healthStatus: p.health_status }),
          colorWidget: compact({ color: p.color }),
        }),
      }),
    },
    resolve: RESOLVE_WORK_ITEM,
    params: {
      ...workItemRef(),
      title: str('New title'),
      state_event: oneOf(['CLOSE', 'REOPEN'], 'Close or reopen the work item'),
      description: str('New description (Markdown)'),
      confidential: bool('Make the work item confidential or public'),
      assignee_ids: intList('User IDs replacing all assignees; an empty list removes every assignee'),
      assignees: companion.users('assignee_ids', 'Assignees replacing all'),
      crm_contact_ids: intList('CRM contact IDs replacing all contacts; an empty list removes every contact'),
      add_label_ids: intList('Label IDs to add'),
      remove_label_ids: intList('Label IDs to remove'),
      milestone_id: int('Milestone ID'),
      milestone: companion.milestone(),
      parent_id: int('ID (not IID) of the new parent work item'),
      start_date: str('Start date (YYYY-MM-DD)'),
      due_date: str('Due date (YYYY-MM-DD)'),
      weight: int('Weight (Premium)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      iteration_id: int('Iteration ID (Premium)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      health_status: oneOf(HEALTH_STATUS, 'Health status (Ultimate)', { tierNote: 'GraphQL reference: the work item widget inputs carry no plan (scripts/param-tiers.mjs PAGES_CHECKED)' }),
      color: str('Color as hex code, e.g. #1f75cb (epics)'),
      confirm: bool('Confirm clearing all assignees or CRM contacts (explicit empty list)'),
    },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'edit work item task epic close reopen assign unassign relabel reparent retitle okr',
    examples: [
      'reparent work item 34 in acme/shop under epic work item 5',
      'close work item 88 in group acme',
      'set the start and due dates of work item 12 in acme/api',
      'set the health status of work item 14 in group platform to at risk',
      'reassign ops/k8s task 19 to @erin and set its due date to Friday',
    ],
  },
  work_item_delete: {
    summary: 'Delete a work item of a project or group via GraphQL (cannot be undone)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemDelete',
      document: `mutation workItemDelete($input: WorkItemDeleteInput!) {
  workItemDelete(input: $input) {
    errors
  }
}`,
      variables: (p) => ({ input: { id: p.work_item_gid } }),
    },
    resolve: RESOLVE_WORK_ITEM,
    params: workItemRef(),
    destructive: true,
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'remove work item task epic permanently erase nuke okr trash',
    examples: [
      'delete work item 34 in acme/shop',
      'permanently remove the duplicate task work item 90 from group acme',
      'delete work item 19 in ops/k8s, that task was filed twice',
      'get rid of objective 14 in group platform for good, it was a duplicate',
      'nuke work item 77 of payments/checkout',
    ],
  },

  // ---- work item saved views (GraphQL, experimental) ----
  work_item_saved_view_list: {
    summary: 'List the saved work item views (named filters) of a project or group',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.savedViews',
      document: `query workItemSavedViewList($fullPath: ID!, $search: String, $subscribedOnly: Boolean,
  $sort: WorkItemsSavedViewsSort, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    savedViews(search: $search, subscribedOnly: $subscribedOnly, sort: $sort, first: $first, after: $after) {
      nodes { ${SAVED_VIEW_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      variables: (p) => ({
        fullPath: p.full_path, search: p.search, subscribedOnly: p.subscribed_only, sort: p.sort, first: p.first, after: p.after,
      }),
    },
    params: {
      full_path: fullPath(),
      search: str('Search saved views by name or description'),
      subscribed_only: bool('Only views the caller is subscribed to'),
      sort: oneOf(['ID', 'RELATIVE_POSITION', 'CREATED_ASC', 'CREATED_DESC', 'UPDATED_ASC', 'UPDATED_DESC'], 'Sort order (default ID)'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'saved views filters saved searches work item views bookmarks presets custom-views shared',
    examples: [
      'which saved views exist in acme/shop?',
      'which saved work item filters do I follow in group acme?',
      'list saved work item views in payments/checkout',
      'what named filters has the platform group bookmarked?',
      'search the saved views of ops/k8s for "triage"',
    ],
  },
  work_item_saved_view_get: {
    summary: 'Get one saved work item view with its filters, sort and display settings',
    graphql: {
      kind: 'query',
      resultPath: 'namespace.savedViews.nodes.0',
      document: `query workItemSavedViewGet($fullPath: ID!, $id: WorkItemsSavedViewsSavedViewID!) {
  namespace(fullPath: $fullPath) {
    savedViews(id: $id, first: 1) {
      nodes { ${SAVED_VIEW_FIELDS} filters displaySettings shareUrl }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, id: gid(SAVED_VIEW, p.saved_view_id) }),
    },
    params: { full_path: fullPath(), saved_view_id: savedViewId() },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'saved view filter definition show preset criteria configuration',
    examples: [
      'show saved view 14 of acme/shop with its filters',
      'what filters does saved view 3 in group acme apply?',
      'get saved view 21 in payments/checkout',
      'what exactly does named filter 9 in ops/k8s match and how is it sorted?',
      'show the share link and display settings of saved view 5 in group platform',
    ],
  },
  work_item_saved_view_create: {
    summary: 'Create a saved work item view (a named filter and sort) in a project or group',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemSavedViewCreate',
      document: `mutation workItemSavedViewCreate($input: WorkItemSavedViewCreateInput!) {
  workItemSavedViewCreate(input: $input) {
    savedView { ${SAVED_VIEW_FIELDS} }
    errors
  }
}`,
      variables: (p) => ({
        input: compact({
          namespacePath: p.full_path,
          name: p.name,
          description: p.description,
          filters: p.filters ?? {},
          displaySettings: p.display_settings ?? {},
          sort: p.sort,
          isPrivate: p.private,
        }),
      }),
    },
    params: {
      full_path: fullPath(),
      name: req(str('Name of the saved view')),
      sort: req(oneOf(WORK_ITEM_SORT, 'Sort order the view applies')),
      description: str('Description of the saved view'),
      filters: obj('Filters, camelCase keys: state, labelName, assigneeUsernames, authorUsername, types, search...'),
      display_settings: obj('Display settings, camelCase keys such as viewMode (list, board, table)'),
      private: bool('Keep the view private to its creator (default true)'),
    },
    fineGrained: { withheld: 'answer', name: 'WorkItemSavedViewType' },
    keywords: 'save filter saved view new bookmark preset add store-search',
    examples: [
      'save a view "My open bugs" in acme/shop filtering ~bug and my assignments',
      'create a saved filter in group acme for open incidents sorted by severity',
      'save a view in ops/k8s called "Incidents this week" sorted by newest',
      'bookmark a named filter in group platform for open incidents by due date, visible to the team',
      'create a private saved view "Mine" in payments/checkout for items assigned to me',
    ],
  },
  work_item_saved_view_update: {
    summary: 'Update a saved work item view: name, description, filters, sort, visibility',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemSavedViewUpdate',
      document: `mutation workItemSavedViewUpdate($input: WorkItemSavedViewUpdateInput!) {
  workItemSavedViewUpdate(input: $input) {
    savedView { ${SAVED_VIEW_FIELDS} }
    errors
  }
}`,
      variables: (p) => ({
        input: compact({
          id: gid(SAVED_VIEW, p.saved_view_id),
          name: p.name,
          description: p.description,
          filters: p.filters,
          displaySettings: p.display_settings,
          sort: p.sort,
          isPrivate: p.private,
        }),
      }),
    },
    params: {
      saved_view_id: savedViewId(),
      name: str('New name'),
      description: str('New description'),
      filters: obj('Replacement filters (camelCase keys); replaces the whole filter set'),
      display_settings: obj('Replacement display settings (camelCase keys)'),
      sort: oneOf(WORK_ITEM_SORT, 'New sort order'),
      private: bool('Private to its creator (true) or shared (false)'),
    },
    fineGrained: { withheld: 'answer', name: 'WorkItemSavedViewType' },
    keywords: 'rename edit saved view filter preset sharing',
    examples: [
      'rename saved view 14 in acme/shop to "Triage queue"',
      'make saved view 3 shared instead of private',
      'change saved view 21 to sort by priority descending',
      'rename filter 9 to "Ops only" and make it private again',
      'update the description of saved view 5 to explain what it shows',
    ],
  },
  work_item_saved_view_delete: {
    summary: 'Delete a saved work item view for everyone (cannot be undone)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemSavedViewDelete',
      document: `mutation workItemSavedViewDelete($input: WorkItemSavedViewDeleteInput!) {
  workItemSavedViewDelete(input: $input) {
    errors
  }
}`,
      variables: (p) => ({ input: { id: gid(SAVED_VIEW, p.saved_view_id) } }),
    },
    params: { saved_view_id: savedViewId() },
    destructive: true,
    fineGrained: ['delete_work_item_saved_view'],
    keywords: 'remove saved view filter erase preset trash',
    examples: [
      'delete saved view 14',
      'remove the old "Sprint 12" saved view (id 3) for everyone',
      'delete saved view 21, nobody uses it',
      'get rid of shared filter 9 for the whole team',
      'wipe the stale saved view 5 everywhere',
    ],
  },
  work_item_saved_view_subscribe: {
    summary: 'Subscribe the caller to a saved work item view (adds it to their views)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemSavedViewSubscribe',
      document: `mutation workItemSavedViewSubscribe($input: WorkItemSavedViewSubscribeInput!) {
  workItemSavedViewSubscribe(input: $input) {
    savedView { ${SAVED_VIEW_FIELDS} }
    errors
  }
}`,
      variables: (p) => ({ input: { id: gid(SAVED_VIEW, p.saved_view_id) } }),
    },
    params: { saved_view_id: savedViewId() },
    fineGrained: { withheld: 'answer', name: 'WorkItemSavedViewType' },
    keywords: 'follow saved view pin adopt track sidebar',
    examples: [
      'add saved view 14 to my views',
      'follow the team saved view 3 in group acme',
      'subscribe me to saved view 21',
      'pin named filter 9 so it shows up in my list',
      'I want saved view 5 from group platform in my sidebar',
    ],
  },
  work_item_saved_view_unsubscribe: {
    summary: 'Unsubscribe the caller from a saved work item view (the view itself stays)',
    graphql: {
      kind: 'mutation',
      resultPath: 'workItemSavedViewUnsubscribe',
      document: `mutation workItemSavedViewUnsubscribe($input: WorkItemSavedViewUnsubscribeInput!) {
  workItemSavedViewUnsubscribe(input: $input) {
    savedView { ${SAVED_VIEW_FIELDS} }
    errors
  }
}`,
      variables: (p) => ({ input: { id: gid(SAVED_VIEW, p.saved_view_id) } }),
    },
    params: { saved_view_id: savedViewId() },
    fineGrained: { withheld: 'answer', name: 'WorkItemSavedViewType' },
    keywords: 'unfollow saved view unpin hide untrack leave',
    examples: [
      'unfollow saved view 14, keep it for others',
      'take saved view 3 out of my views list, just for me',
      'unsubscribe me from saved view 21',
      'unpin named filter 9 from my sidebar, others can keep it',
      'I do not want saved view 5 in my views any more',
    ],
  },
});
