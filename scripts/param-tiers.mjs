#!/usr/bin/env node
// Builds test/fixtures/param-tiers.json: the REST parameters (and values of parameters) GitLab offers only on a paid plan,
// per route, the facts the catalog's per-parameter `tier` and `valueTiers` are linted against (test/catalog-lint.test.ts). Authoring time only; tests read
// only the fixture. Facts only (route, parameter, plan), each with the page, section and the marker it carries.
//
// Source: GitLab's own API pages (doc/api/*.md), read through the authoring sessions' file index (`index` is the
// stored text's id, `commit` the commit it was stored at) and transcribed here by hand. The pages write a plan in
// several forms, each followed where it names a parameter (FORMS below); a marker on a response attribute, a whole
// section or a value of a parameter names no parameter, so it gives no fact. A parameter a table does not list but
// the catalog offers under the same GitLab filter or setting is `sameAs` the documented one. EXCEPTIONS are markers
// deliberately not followed, each with the reason; PAGES_CHECKED lists every page read, including those without any.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A route as test/fixtures/gitlab-rest-params.json keys it (scripts/rest-params.mjs): every :param a star.
const routeKey = (method, path) => `${method} /${path.replace(/^\//, '').replace(/:[a-z_]+/g, '*')}`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'test', 'fixtures', 'param-tiers.json');

const PREMIUM = 'Premium and Ultimate only.';
const ULTIMATE = 'Ultimate only.';
const SELF_MANAGED_PREMIUM = 'GitLab Self-Managed, Premium and Ultimate only.';
const SELF_MANAGED_ULTIMATE = 'GitLab Self-Managed, Ultimate only.';
// The French translation GitLab keeps beside its English pages (doc-locale/fr-fr) says the same in French.
const FR_PREMIUM = 'Premium et Ultimate uniquement.';
const FR_ULTIMATE = 'Ultimate uniquement.';
const FR_SELF_MANAGED_PREMIUM = 'GitLab Self-Managed, Premium et Ultimate uniquement.';

/** The forms GitLab's pages write a plan in, and what each gives. */
const FORMS = [
  { form: 'row', example: '| `weight` | integer | No | The weight of the issue. Premium and Ultimate only. |', gives: 'the parameter of that row' },
  { form: 'row, older pages', example: '| `approver_ids` **(PREMIUM)** | integer array | No | … |', gives: 'the parameter of that row (older versions of a page; a newer version of the page wins)' },
  { form: 'row, translated', example: '| `membership_lock` | boolean | non | … Premium et Ultimate uniquement. |', gives: 'the parameter of that row (doc-locale/fr-fr, where it is the newest stored version)' },
  { form: 'section tier line', example: '{{< details >}} - Tier: Premium, Ultimate {{< /details >}} (older: DETAILS: **Tier:** Premium, Ultimate)', gives: 'the parameter a section is about (group_level_variables.md, "The `filter` parameter"); otherwise no parameter: the section\'s route is an action of that tier (the action\'s own `tier`)' },
  { form: 'response note', example: 'Users of GitLab Premium or Ultimate can also see the `issues_template` … parameters', gives: 'no parameter: a field of the answer' },
  { form: 'value note', example: '| `new_epic` | When a new epic is created (in the Premium and Ultimate tiers) | (notification events)', gives: 'no parameter: one value or event of a parameter offered on every plan' },
];

/**
 * Each page as read: where (repo, path, commit or index id), which GitLab version it is, the form its markers take,
 * and its facts as [method, route, section, param, tier, marker] in the page's words.
 */
const SOURCES = [
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/issues.md', index: '1123901761', chars: 103362,
    form: 'row',
    facts: [
      ['GET', '/issues', 'List issues', 'epic_id', 'premium', PREMIUM],
      ['GET', '/issues', 'List issues', 'health_status', 'ultimate', ULTIMATE],
      ['GET', '/issues', 'List issues', 'iteration_id', 'premium', PREMIUM],
      ['GET', '/issues', 'List issues', 'iteration_title', 'premium', PREMIUM],
      ['GET', '/issues', 'List issues', 'weight', 'premium', PREMIUM],
      ['GET', '/groups/:id/issues', 'List group issues', 'epic_id', 'premium', PREMIUM],
      ['GET', '/groups/:id/issues', 'List group issues', 'iteration_id', 'premium', PREMIUM],
      ['GET', '/groups/:id/issues', 'List group issues', 'iteration_title', 'premium', PREMIUM],
      ['GET', '/groups/:id/issues', 'List group issues', 'weight', 'premium', PREMIUM],
      ['GET', '/projects/:id/issues', 'List project issues', 'epic_id', 'premium', PREMIUM],
      ['GET', '/projects/:id/issues', 'List project issues', 'iteration_id', 'premium', PREMIUM],
      ['GET', '/projects/:id/issues', 'List project issues', 'iteration_title', 'premium', PREMIUM],
      ['GET', '/projects/:id/issues', 'List project issues', 'weight', 'premium', PREMIUM],
      ['POST', '/projects/:id/issues', 'New issue', 'epic_id', 'premium', PREMIUM],
      ['POST', '/projects/:id/issues', 'New issue', 'epic_iid', 'premium', PREMIUM],
      ['POST', '/projects/:id/issues', 'New issue', 'weight', 'premium', PREMIUM],
      ['PUT', '/projects/:id/issues/:issue_iid', 'Edit an issue', 'epic_id', 'premium', PREMIUM],
      ['PUT', '/projects/:id/issues/:issue_iid', 'Edit an issue', 'epic_iid', 'premium', PREMIUM],
      ['PUT', '/projects/:id/issues/:issue_iid', 'Edit an issue', 'weight', 'premium', PREMIUM],
    ],
  },
  {
    // Three stored versions, each table read where it is (index ids in the section).
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/merge_requests.md', index: ['1091968666', '24627351899', '24739986874'],
    form: 'row',
    facts: [
      ['GET', '/merge_requests', 'List merge requests (index 1091968666)', 'approved_by_ids', 'premium', PREMIUM],
      ['GET', '/merge_requests', 'List merge requests (index 1091968666)', 'approver_ids', 'premium', PREMIUM],
      ['GET', '/projects/:id/merge_requests', 'List project merge requests (index 24627351899)', 'approved_by_ids', 'premium', PREMIUM],
      ['GET', '/projects/:id/merge_requests', 'List project merge requests (index 24627351899)', 'approver_ids', 'premium', PREMIUM],
      ['GET', '/groups/:id/merge_requests', 'List group merge requests (index 24739986874)', 'approved_by_ids', 'premium', PREMIUM],
      ['GET', '/groups/:id/merge_requests', 'List group merge requests (index 24739986874)', 'approved_by_usernames', 'premium', PREMIUM],
      ['GET', '/groups/:id/merge_requests', 'List group merge requests (index 24739986874)', 'approver_ids', 'premium', PREMIUM],
    ],
  },
  {
    // GitLab's own repository as mirrored (gitlabhq/gitlabhq stores only a 2020 version of this page, whose markers
    // are the older `**(PREMIUM)**` form); this version has 18.7 in its history notes.
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/projects.md', commit: '02ccc47deaca01d73653841dafac6ffd85423108', index: '42593910635', chars: 143206,
    form: 'row',
    facts: [
      ...['include_hidden', 'marked_for_deletion_on', 'repository_checksum_failed', 'wiki_checksum_failed']
        .map((p) => ['GET', '/projects', 'List all projects', p, 'premium', PREMIUM]),
      ...['approvals_before_merge', 'external_authorization_classification_label', 'group_with_project_templates_id', 'mirror', 'mirror_trigger_builds', 'template_project_id', 'use_custom_template']
        .map((p) => ['POST', '/projects', 'Create a project', p, 'premium', PREMIUM]),
      ['POST', '/projects', 'Create a project', 'only_allow_merge_if_all_status_checks_passed', 'ultimate', ULTIMATE],
      ...['approvals_before_merge', 'external_authorization_classification_label', 'group_with_project_templates_id', 'mirror', 'mirror_trigger_builds', 'use_custom_template']
        .map((p) => ['POST', '/projects/user/:user_id', 'Create a project for a user', p, 'premium', PREMIUM]),
      ['POST', '/projects/user/:user_id', 'Create a project for a user', 'only_allow_merge_if_all_status_checks_passed', 'ultimate', ULTIMATE],
      ...['allow_pipeline_trigger_approve_deployment', 'approvals_before_merge', 'ci_restrict_pipeline_cancellation_role', 'external_authorization_classification_label', 'issues_template',
        'merge_requests_template', 'mirror', 'mirror_overwrites_diverged_branches', 'mirror_trigger_builds', 'mirror_user_id', 'only_mirror_protected_branches']
        .map((p) => ['PUT', '/projects/:id', 'Edit a project', p, 'premium', PREMIUM]),
      ...['auto_duo_code_review_enabled', 'only_allow_merge_if_all_status_checks_passed', 'prevent_merge_without_jira_issue', 'spp_repository_pipeline_access']
        .map((p) => ['PUT', '/projects/:id', 'Edit a project', p, 'ultimate', ULTIMATE]),
    ],
  },
  {
    // The newest stored version of the groups page is the French one GitLab ships (18.9 in its history notes); the
    // English doc/api/groups.md is stored at 17.x (pavankalisetti009/gitlab 02369b1b, index 10299695304), whose
    // tables mark every parameter both list in the same way ("Premium and Ultimate only.", "Ultimate only.").
    repo: 'gitlabhq/gitlabhq', path: 'doc-locale/fr-fr/api/groups.md', commit: '6540d42e90cc118084f792d411377d186e8d859b', index: '59656461484', chars: 111904,
    form: 'row, translated',
    facts: [
      ['GET', '/groups', 'Lister les groupes {#list-groups}', 'repository_storage', 'premium', FR_PREMIUM],
      ['GET', '/groups', 'Lister les groupes {#list-groups}', 'marked_for_deletion_on', 'premium', FR_PREMIUM],
      ['POST', '/groups', 'Créer un groupe {#create-a-group}', 'membership_lock', 'premium', FR_PREMIUM],
      ['POST', '/groups', 'Créer un groupe {#create-a-group}', 'extra_shared_runners_minutes_limit', 'premium', FR_SELF_MANAGED_PREMIUM],
      ['POST', '/groups', 'Créer un groupe {#create-a-group}', 'shared_runners_minutes_limit', 'premium', FR_SELF_MANAGED_PREMIUM],
      ['POST', '/groups', 'Créer un groupe {#create-a-group}', 'wiki_access_level', 'premium', FR_PREMIUM],
      ...['file_template_project_id', 'membership_lock', 'prevent_forking_outside_group', 'ip_restriction_ranges', 'allowed_email_domains_list', 'wiki_access_level',
        'only_allow_merge_if_pipeline_succeeds', 'allow_merge_on_skipped_pipeline', 'only_allow_merge_if_all_discussions_are_resolved']
        .map((p) => ['PUT', '/groups/:id', 'Mettre à jour les attributs d\'un groupe {#update-group-attributes}', p, 'premium', FR_PREMIUM]),
      ...['extra_shared_runners_minutes_limit', 'shared_runners_minutes_limit', 'duo_features_enabled', 'lock_duo_features_enabled']
        .map((p) => ['PUT', '/groups/:id', 'Mettre à jour les attributs d\'un groupe {#update-group-attributes}', p, 'premium', FR_SELF_MANAGED_PREMIUM]),
      ...['unique_project_download_limit', 'unique_project_download_limit_interval_in_seconds', 'unique_project_download_limit_allowlist', 'unique_project_download_limit_alertlist',
        'auto_ban_user_on_excessive_projects_download']
        .map((p) => ['PUT', '/groups/:id', 'Mettre à jour les attributs d\'un groupe {#update-group-attributes}', p, 'ultimate', FR_ULTIMATE]),
    ],
  },
  {
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/members.md', commit: '5b833ab353dcb6703fa6983df23ae3287c996460', index: '14256437652', chars: 35382,
    form: 'row',
    facts: [
      ['POST', '/groups/:id/members', 'Add a member to a group or project', 'member_role_id', 'ultimate', ULTIMATE],
      ['POST', '/projects/:id/members', 'Add a member to a group or project', 'member_role_id', 'ultimate', ULTIMATE],
      ['PUT', '/groups/:id/members/:user_id', 'Edit a member of a group or project', 'member_role_id', 'ultimate', ULTIMATE],
      ['PUT', '/projects/:id/members/:user_id', 'Edit a member of a group or project', 'member_role_id', 'ultimate', ULTIMATE],
    ],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/remote_mirrors.md', commit: '0286e4c628d68960d0ca9e961d82c3ea6ac90633', index: '3082597197', chars: 17472,
    form: 'row',
    facts: [
      ['POST', '/projects/:id/remote_mirrors', 'Create a push mirror', 'mirror_branch_regex', 'premium', PREMIUM],
      ['PUT', '/projects/:id/remote_mirrors/:mirror_id', 'Update a remote mirror\'s attributes', 'mirror_branch_regex', 'premium', PREMIUM],
    ],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/group_level_variables.md', commit: '017a6c129d6a9e4ad9fec792cd84f88641d7dbfe', index: '4611470253', chars: 10255,
    form: 'row',
    facts: [
      ['POST', '/groups/:id/variables', 'Create variable', 'environment_scope', 'premium', PREMIUM],
      ['PUT', '/groups/:id/variables/:key', 'Update variable', 'environment_scope', 'premium', PREMIUM],
    ],
  },
  {
    // The stored gitlabhq version at 017a6c12 (index 5569340947) is an older page; this one carries the newer row form.
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/protected_branches.md', index: '1292588474', chars: 17278,
    form: 'row',
    facts: [
      ...['allowed_to_merge', 'allowed_to_push', 'allowed_to_unprotect', 'code_owner_approval_required']
        .map((p) => ['POST', '/projects/:id/protected_branches', 'Protect repository branches', p, 'premium', PREMIUM]),
      ...['allowed_to_merge', 'allowed_to_push', 'allowed_to_unprotect', 'code_owner_approval_required']
        .map((p) => ['PATCH', '/projects/:id/protected_branches/:name', 'Update a protected branch', p, 'premium', PREMIUM]),
    ],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/protected_tags.md', commit: '0286e4c628d68960d0ca9e961d82c3ea6ac90633', index: '2614540822', chars: 10483,
    form: 'row',
    facts: [['POST', '/projects/:id/protected_tags', 'Protect a repository tag', 'allowed_to_create', 'premium', PREMIUM]],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/groups.md', index: '1121815411', chars: 66216,
    form: 'row, older pages',
    facts: [['GET', '/groups/:id/projects', 'List a group\'s projects', 'with_security_reports', 'ultimate', '**(ULTIMATE)**']],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/boards.md', commit: '0286e4c628d68960d0ca9e961d82c3ea6ac90633', index: '2798104671', chars: 14776,
    form: 'row',
    facts: [
      ...['assignee_id', 'milestone_id', 'labels', 'weight'].map((p) => ['PUT', '/projects/:id/boards/:board_id', 'Update an issue board', p, 'premium', PREMIUM]),
      ...['assignee_id', 'milestone_id', 'iteration_id'].map((p) => ['POST', '/projects/:id/boards/:board_id/lists', 'Create a board list', p, 'premium', PREMIUM]),
    ],
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/group_boards.md', commit: '59469a17821eda8a34d08b1e46584e902d1e963a', index: '41367594', chars: 13649,
    form: 'row, older pages',
    facts: ['assignee_id', 'milestone_id', 'labels', 'weight'].map((p) => ['PUT', '/groups/:id/boards/:board_id', 'Update a group issue board', p, 'premium', '**(PREMIUM)**']),
  },
  {
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/search.md', commit: 'b7f2de7afad0baf0994d3a8c1cffafc5bdc20a78', index: '5975974872', chars: 36901,
    form: 'row',
    facts: [['GET', '/search', 'Global search', 'fields', 'premium', PREMIUM]],
  },
  {
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/members.md', commit: '5b833ab353dcb6703fa6983df23ae3287c996460', index: '14256437652', chars: 35382,
    form: 'row',
    facts: ['/groups/:id/members/all', '/projects/:id/members/all'].map((r) => ['GET', r, 'List all members of a group or project, including inherited and invited members', 'state', 'premium', PREMIUM]),
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/users.md', index: '24634930672', chars: 12942,
    form: 'row',
    facts: ['auditors', 'skip_ldap'].map((p) => ['GET', '/users', 'For administrators', p, 'premium', PREMIUM]),
  },
  {
    repo: 'gitlabhq/gitlabhq', path: 'doc/api/group_ldap_links.md', commit: 'ec05f6eb1438ee304c9c92ef2aac3f94ef702ff5', index: '896000810', chars: 4840,
    form: 'row',
    facts: [['POST', '/groups/:id/ldap_group_links', 'Add an LDAP group link with CN or filter', 'member_role_id', 'ultimate', ULTIMATE]],
  },
  {
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/settings.md', commit: '0891c018ef6152b5945e103f2fab02cd0280ac54', index: '2087847695', chars: 101295,
    form: 'row',
    facts: [
      // allow_account_deletion has two rows; the first carries the marker.
      ...['allow_account_deletion', 'email_additional_text', 'git_two_factor_session_expiry', 'maintenance_mode', 'maintenance_mode_message', 'minimum_password_length',
        'password_lowercase_required', 'password_number_required', 'password_symbol_required', 'password_uppercase_required', 'repository_size_limit']
        .map((p) => ['PUT', '/application/settings', 'Available settings', p, 'premium', PREMIUM]),
      ...['default_project_deletion_protection', 'delete_unconfirmed_users', 'deletion_adjourned_period', 'disable_personal_access_tokens',
        'group_owners_can_manage_default_branch_protection', 'unconfirmed_users_delete_after_days']
        .map((p) => ['PUT', '/application/settings', 'Available settings', p, 'premium', SELF_MANAGED_PREMIUM]),
      ...['max_personal_access_token_lifetime', 'max_ssh_key_lifetime'].map((p) => ['PUT', '/application/settings', 'Available settings', p, 'ultimate', SELF_MANAGED_ULTIMATE]),
      ['PUT', '/application/settings', 'Available settings', 'secret_push_protection_available', 'ultimate', ULTIMATE],
    ],
  },
  {
    repo: 'pavankalisetti009/gitlab', path: 'doc/api/users.md', commit: '70437e6efbdc7bd99201f13ac7dc6fa6dee3472f', index: '40498424107', chars: 51420,
    form: 'row',
    facts: [
      ...['auditor', 'extra_shared_runners_minutes_limit', 'shared_runners_minutes_limit'].map((p) => ['POST', '/users', 'Create a user', p, 'premium', PREMIUM]),
      ...['auditor', 'extra_shared_runners_minutes_limit', 'shared_runners_minutes_limit'].map((p) => ['PUT', '/users/:id', 'Modify a user', p, 'premium', PREMIUM]),
    ],
  },
  {
    // The newest stored version is the French one; the English page at 04d4cf89 (index 12145909061) marks the same rows **(ULTIMATE)**.
    repo: 'gitlabhq/gitlabhq', path: 'doc-locale/fr-fr/api/notification_settings.md', index: '56466752878', chars: 15510,
    form: 'row, translated',
    facts: ['/notification_settings', '/groups/:id/notification_settings'].map((r) => ['PUT', r, 'Mettre à jour les paramètres de notification', 'new_epic', 'premium', '(dans les niveaux Premium et Ultimate)']),
  },
];

/**
 * Values of a parameter GitLab takes only on a paid plan, read in GitLab's source (an API page marks no value, FORMS):
 * [method, route, param, value, tier, what the source says].
 */
const VALUE_SOURCES = [
  {
    // The CE service (gitlabhq/gitlabhq app/services/issue_links/create_service.rb @ 06e3d641, index 1207895122) ends in
    // prepend_mod_with('IssueLinks::CreateService'); the EE module it prepends refuses the blocking types unless the
    // project's namespace has the blocked_issues feature, and lib/api/issue_links.rb (@ 07fffa9f, index 998417097)
    // answers render_api_error!(result[:message], result[:http_status]): 403 {"message":"Blocked issues not available for current license"}.
    repo: 'diffblue/gitlab', path: 'ee/app/services/ee/issue_links/create_service.rb', commit: '0a36bbc54b9db652e4f9a3d2b6d770936371f6b8', index: '955988888', chars: 623,
    facts: ['blocks', 'is_blocked_by'].map((v) => ['POST', '/projects/:id/issues/:issue_iid/links', 'link_type', v, 'premium',
      'return error(\'Blocked issues not available for current license\', 403) unless link_type_available? (feature_available?(:blocked_issues))']),
  },
];

/** [method, route, param, the documented one it is the same filter or setting as (method route param)]. */
const SAME_AS = [
  // The `not` hash of the instance list accepts iteration_id, iteration_title and weight: each is its filter's plan.
  ...['GET /issues', 'GET /groups/:id/issues', 'GET /projects/:id/issues'].flatMap((r) => ['iteration_id', 'iteration_title', 'weight']
    .map((p) => [...r.split(' '), `not[${p}]`, `GET /issues ${p}`])),
  // The project and group tables do not list health_status; GitLab's issue finder takes it on every list.
  ['GET', '/groups/:id/issues', 'health_status', 'GET /issues health_status'],
  ['GET', '/projects/:id/issues', 'health_status', 'GET /issues health_status'],
  // The statistics routes count the issues the list of the same scope would list, with the same filters.
  ...[['/issues_statistics', 'GET /issues'], ['/groups/:id/issues_statistics', 'GET /groups/:id/issues'], ['/projects/:id/issues_statistics', 'GET /projects/:id/issues']]
    .flatMap(([route, list]) => ['epic_id', 'iteration_id', 'iteration_title', 'weight', 'health_status', 'not[iteration_id]', 'not[iteration_title]', 'not[weight]']
      .map((p) => ['GET', route, p, `${list} ${p}`])),
  // The instance and project tables do not list approved_by_usernames; GitLab's merge request finder takes it on every list.
  ['GET', '/merge_requests', 'approved_by_usernames', 'GET /groups/:id/merge_requests approved_by_usernames'],
  ['GET', '/projects/:id/merge_requests', 'approved_by_usernames', 'GET /groups/:id/merge_requests approved_by_usernames'],
  // The other project lists take the project-list filters of GET /projects (GitLab's projects finder).
  ...['/projects/:id/forks', '/users/:user_id/projects', '/users/:user_id/starred_projects'].flatMap((route) => ['include_hidden', 'marked_for_deletion_on']
    .map((p) => ['GET', route, p, `GET /projects ${p}`])),
  // The admin create takes the create's template choice; its table leaves out this row.
  ['POST', '/projects/user/:user_id', 'template_project_id', 'POST /projects template_project_id'],
  // Project settings the create tables do not list: the same setting as in the edit table.
  ...['/projects', '/projects/user/:user_id'].flatMap((route) => ['prevent_merge_without_jira_issue', 'auto_duo_code_review_enabled']
    .map((p) => ['POST', route, p, `PUT /projects/:id ${p}`])),
  // The group list create table lists only label_id; GitLab takes the project board's list kinds on group boards too.
  ...['assignee_id', 'milestone_id', 'iteration_id'].map((p) => ['POST', '/groups/:id/boards/:board_id/lists', p, `POST /projects/:id/boards/:board_id/lists ${p}`]),
  // The project and group search routes take the global search's fields filter (their tables leave out the row).
  ...['/projects/:id/search', '/groups/:id/search'].map((r) => ['GET', r, 'fields', 'GET /search fields']),
  // The descendant groups list takes the group-list filters of GET /groups.
  ...['repository_storage', 'marked_for_deletion_on'].map((p) => ['GET', '/groups/:id/descendant_groups', p, `GET /groups ${p}`]),
];

/** Markers not followed, with the reason. */
const EXCEPTIONS = [
  {
    route: 'POST /projects/:id/issues', param: 'assignee_ids', marker: PREMIUM,
    why: 'several assignees are the paid feature: on Free, GitLab takes assignee_ids with one id (the Edit table does not mark it), and the catalog offers only assignee_ids',
  },
  {
    route: 'POST /projects/:id/merge_requests/:merge_request_iid/approve', param: 'approval_password', marker: '**(PREMIUM)** (doc/api/merge_request_approvals.md, index 1057487386, a 2020 version)',
    why: 'the newest stored version of the page (index 1101964341) no longer marks it: a Free instance takes it (and has no re-authentication setting that needs it)',
  },
];

/** Every page read for paid-plan parameters, with what it gave. */
const PAGES_CHECKED = [
  { page: 'doc/api/issues.md', found: 'Premium and Ultimate filters and fields of the issue lists, create and edit (above)' },
  {
    page: 'doc/api/merge_requests.md',
    found: 'approved_by_ids, approved_by_usernames and approver_ids of the three lists (above); Update MR and Merge a merge request (index 1091968666) mark nothing, ' +
      'and the merge table has no skip_merge_train row, so the catalog\'s skip_merge_train stays untiered',
  },
  {
    page: 'doc/api/projects.md',
    found: 'list filters, create, create-for-user and edit settings (above); merge_pipelines_enabled, merge_trains_enabled, merge_trains_skip_train_allowed and ' +
      'requirements_access_level carry no marker; the share table has no member_role_id row',
  },
  { page: 'doc/api/groups.md', found: 'list filters, create and update settings (above); member_role_id of Create a group invitation carries no marker' },
  { page: 'doc/api/members.md', found: 'member_role_id of add and edit (above)' },
  { page: 'doc/api/remote_mirrors.md', found: 'mirror_branch_regex of create and update (above)' },
  {
    page: 'doc/api/group_level_variables.md',
    found: 'environment_scope of create and update (above); the section "The filter parameter" has a Premium tier line, and the catalog offers no filter on group variables',
  },
  {
    page: 'doc/api/merge_request_approvals.md', index: '1101964341',
    found: 'none above its action\'s tier: the catalog\'s approval rule and setting actions are Premium actions; approve and unapprove mark no parameter (see EXCEPTIONS)',
  },
  { page: 'doc/api/invitations.md', index: '4565475686', found: 'none: the stored version (2021) has no member_role_id row, so the catalog\'s member_role_id of invitations stays untiered' },
  { page: 'doc/api/protected_branches.md', found: 'the allowed_to_* arrays and code_owner_approval_required of protect and update (above); unprotect_access_level carries no marker' },
  { page: 'doc/api/protected_tags.md', found: 'allowed_to_create (above)' },
  { page: 'doc/api/boards.md, doc/api/group_boards.md', found: 'the board scope of update and the list kinds of create list (above); the group create list table lists only label_id (SAME_AS)' },
  { page: 'doc/api/search.md', found: 'fields of the global search (above); search_type carries no marker (the advanced and zoekt engines are what a plan brings)' },
  { page: 'doc/api/users.md', found: 'auditors and skip_ldap of the list, auditor and the compute minute limits of create and modify (above)' },
  { page: 'doc/api/notification_settings.md', found: 'new_epic of the global and group update (above); approver carries no marker' },
  {
    page: 'doc/api/settings.md',
    found: 'the paid settings the catalog offers (above); updating_name_disabled_for_users and the three merge request approval settings carry no marker; ' +
      'allow_top_level_group_owners_to_create_service_accounts and disable_invite_members have no row',
  },
  { page: 'doc/api/group_ldap_links.md', found: 'member_role_id of add (above)' },
  { page: 'doc/api/saml.md', index: '4730102422', found: 'none: member_role_id of Add a SAML group link carries no marker (the page is Premium as a whole, the action\'s tier)' },
  { page: 'doc/api/groups.md (27fa3d4f, index 1939495125)', found: 'none for the share: its table has no member_role_id row' },
  { page: 'doc/api/project_webhooks.md (ec05f6eb), doc/api/group_webhooks.md (929e428f)', found: 'none: no vulnerability_events row in add or edit' },
  { page: 'doc-locale/fr-fr/api/integrations.md', index: '60123854875', found: 'none: Jira issues_enabled carries no marker, vulnerabilities_enabled says "GitLab EE" (an edition)' },
  {
    page: 'doc/api/graphql/reference/_index.md',
    found: 'none: the reference renders each argument\'s description, and the work item widget arguments (weightWidget, iterationWidget, healthStatusWidget, ' +
      'colorWidget) are described without a plan ("Input for weight widget.", ee/app/graphql/ee/mutations/work_items/create.rb and update.rb); ' +
      'so issue.work_item_create/update and group.epic_create/update keep no param tier',
  },
];

const routes = {};
const facts = new Map();
for (const { facts: page } of SOURCES) {
  for (const [method, route, , param, tier] of page) {
    const key = `${method} ${route} ${param}`;
    if (facts.has(key) && facts.get(key) !== tier) throw new Error(`${key}: the pages disagree`);
    (routes[routeKey(method, route)] ??= {})[param] = tier;
    facts.set(key, tier);
  }
}
for (const [method, route, param, from] of SAME_AS) {
  const tier = facts.get(from);
  if (!tier) throw new Error(`${method} ${route} ${param}: ${from} is not documented here`);
  (routes[routeKey(method, route)] ??= {})[param] = tier;
  facts.set(`${method} ${route} ${param}`, tier);
}

const values = {};
for (const { facts: page } of VALUE_SOURCES) {
  for (const [method, route, param, value, tier] of page) ((values[routeKey(method, route)] ??= {})[param] ??= {})[value] = tier;
}

const fixture = {
  generated_by: 'scripts/param-tiers.mjs',
  forms: FORMS,
  sources: SOURCES.map(({ facts: page, ...where }) => ({
    ...where,
    facts: page.map(([method, route, section, param, tier, marker]) => ({ route: `${method} ${route}`, section, param, tier, says: marker })),
  })),
  value_sources: VALUE_SOURCES.map(({ facts: page, ...where }) => ({
    ...where,
    facts: page.map(([method, route, param, value, tier, says]) => ({ route: `${method} ${route}`, param, value, tier, says })),
  })),
  same_as: SAME_AS.map(([method, route, param, from]) => ({ route: `${method} ${route}`, param, from })),
  exceptions: EXCEPTIONS,
  pages_checked: PAGES_CHECKED,
  routes,
  values,
};
writeFileSync(OUT, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`wrote ${OUT}: ${Object.values(routes).reduce((n, r) => n + Object.keys(r).length, 0)} parameters on ${Object.keys(routes).length} routes`);
