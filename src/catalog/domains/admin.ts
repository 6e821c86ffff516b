import { domain, id, str, int, bool, obj, oneOf, req, strList, intList, paging, cursor, type ParamSpec, type RouteAlternative } from '../define.js';
import { VISIBILITY, fileInput } from '../params.js';

// Instance administration. The whole domain exists only for tokens carrying `admin_mode` (the server
// removes it otherwise); a few actions of it act on a project or group and need Maintainer/Owner there.

// ---------------------------------------------------------------- shared parameters

const ACCESS_LEVELS = 'Roles: 10 Guest, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner';

// ---- custom attributes: one action per verb over users, groups and projects
// The route is chosen by the id given (exactly one): group_id → group, project_id → project, else the user.
const attrUserId = (): ParamSpec => ({ type: 'integer', description: 'User ID whose attributes to use (or give group_id or project_id)' });
const ATTR_OWNER = ['user_id', 'group_id', 'project_id'] as const;
const attrGroupId = (): ParamSpec => ({ ...id.group(), required: false, description: 'Group ID or URL-encoded path: use the group\'s attributes instead of a user\'s' });
const attrProjectId = (): ParamSpec => ({ ...id.project(), required: false, description: 'Project ID or URL-encoded path: use the project\'s attributes instead of a user\'s' });
const attrKey = () => id.str('Key of the custom attribute');
const attrRoutes = (method: string, tail: string): readonly RouteAlternative[] => [
  { when: 'group_id', rest: `${method} /groups/{group_id}/custom_attributes${tail}` },
  { when: 'project_id', rest: `${method} /projects/{project_id}/custom_attributes${tail}` },
];

// ---- bulk imports (direct transfer migrations)
const importId = () => id.int('ID of the bulk import (migration)');
const entityId = () => id.int('ID of the migrated entity (group or project) within the import');
const IMPORT_STATUSES = ['created', 'started', 'finished', 'timeout', 'failed', 'canceled'] as const;
const importFilters = (): Record<string, ParamSpec> => ({
  status: oneOf(IMPORT_STATUSES, 'Only items with this status'),
  sort: oneOf(['asc', 'desc'], 'Order by creation date (default desc)'),
  ...paging(),
});

// ---- cluster agents
const agentId = () => id.int('ID of the Kubernetes agent');
const agentTokenId = () => id.int('ID of the agent token');

// ---- alerts
const alertIid = () => id.int('IID of the alert within the project');
const metricImageId = () => id.int('ID of the metric image');

// ---- broadcast messages
const broadcastId = () => id.int('ID of the broadcast message');
const BROADCAST_THEMES = ['indigo', 'light-indigo', 'blue', 'light-blue', 'green', 'light-green', 'red', 'light-red', 'dark', 'light'] as const;
const broadcastFields = (): Record<string, ParamSpec> => ({
  starts_at: str('Start time, ISO 8601 (create default: now)'),
  ends_at: str('End time, ISO 8601 (create default: one hour from now)'),
  broadcast_type: oneOf(['banner', 'notification'], 'Appearance: banner (default) or notification'),
  theme: oneOf(BROADCAST_THEMES, 'Color theme of a banner'),
  color: str('Background color hex code'),
  font: str('Foreground color hex code'),
  target_access_levels: intList(`Show only to these roles (${ACCESS_LEVELS})`),
  target_path: str('Show only on paths matching this (wildcards allowed, e.g. */welcome)'),
  dismissable: bool('Whether users can dismiss the message'),
});

// ---- system hooks
const hookId = () => id.int('ID of the system hook');
const hookFields = (): Record<string, ParamSpec> => ({
  name: str('Name of the hook'),
  description: str('Description of the hook'),
  token: str('Secret token sent in X-Gitlab-Token to validate payloads (never returned)'),
  push_events: bool('Fire on pushes'),
  tag_push_events: bool('Fire on tag pushes'),
  merge_requests_events: bool('Fire on merge request events'),
  repository_update_events: bool('Fire on repository updates'),
  enable_ssl_verification: bool('Verify the TLS certificate of the hook URL'),
  push_events_branch_filter: str('Fire push events only for branches matching this filter'),
  branch_filter_strategy: oneOf(['wildcard', 'regex', 'all_branches'], 'How push_events_branch_filter is read (default wildcard)'),
  url_variables: strList('URL variables: [{"key":"K","value":"V"}], used as {K} in the URL', { items: 'object' }),
  custom_headers: strList('Custom headers: [{"key":"K","value":"V"}]', { items: 'object' }),
});

// ---- topics, applications, licenses, features
const topicId = () => id.int('ID of the project topic');
const applicationId = () => id.int('ID of the application (not its application_id/client ID)');
const featureName = () => id.str('Name of the feature flag (e.g. my_feature)');

// ---- error tracking, secure files, terraform
const clientKeyId = () => id.int('ID of the error tracking client key');
const secureFileId = () => id.int('ID of the secure file');
const stateName = () => id.str('Name of the Terraform state');

// ---- usage data events
const eventFields = (): Record<string, ParamSpec> => ({
  namespace_id: int('ID of the namespace the event belongs to'),
  project_id: int('ID of the project the event belongs to'),
  additional_properties: obj('Extra properties of the event (e.g. {"label":"x","value":1})'),
  send_to_snowplow: bool('Also send the event to Snowplow (default false)'),
});

// ---- plan limits
const PLANS = [
  'default', 'free', 'bronze', 'silver', 'premium', 'gold', 'ultimate', 'ultimate_trial', 'ultimate_trial_paid_customer', 'premium_trial', 'opensource',
] as const;
const IMAGE_UPLOAD = 'an image file upload, which this text-and-settings action does not send';
const planLimits = (): Record<string, ParamSpec> => ({
  ci_pipeline_size: int('Maximum jobs in one pipeline (0 = unlimited)'),
  ci_active_jobs: int('Maximum jobs in currently active pipelines'),
  ci_project_subscriptions: int('Maximum pipeline subscriptions to and from a project'),
  ci_pipeline_schedules: int('Maximum pipeline schedules of a project'),
  ci_needs_size_limit: int('Maximum needs dependencies of a job'),
  ci_registered_group_runners: int('Maximum runners registered per group'),
  ci_registered_project_runners: int('Maximum runners registered per project'),
  ci_instance_level_variables: int('Maximum instance CI/CD variables'),
  pipeline_hierarchy_size: int('Maximum downstream pipelines in a pipeline hierarchy'),
  dotenv_size: int('Maximum size of a dotenv artifact in bytes'),
  dotenv_variables: int('Maximum variables in a dotenv artifact'),
  conan_max_file_size: int('Maximum Conan package file size in bytes'),
  generic_packages_max_file_size: int('Maximum generic package file size in bytes'),
  helm_max_file_size: int('Maximum Helm chart file size in bytes'),
  maven_max_file_size: int('Maximum Maven package file size in bytes'),
  npm_max_file_size: int('Maximum npm package file size in bytes'),
  nuget_max_file_size: int('Maximum NuGet package file size in bytes'),
  pypi_max_file_size: int('Maximum PyPI package file size in bytes'),
  terraform_module_max_file_size: int('Maximum Terraform module package file size in bytes'),
  storage_size_limit: int('Maximum storage of a root namespace in megabytes'),
  web_hook_calls: int('Webhook calls per minute per top-level namespace (0 = unlimited)'),
  notification_limit: int('Namespace storage (MB) above which owners are notified'),
  enforcement_limit: int('Namespace storage (MB) above which the limit is enforced'),
});

// ---- application settings: the settings people change most (the platform has several hundred)
const applicationSettings = (): Record<string, ParamSpec> => ({
  // sign-up and sign-in
  signup_enabled: bool('Allow new users to register'),
  require_admin_approval_after_user_signup: bool('New registrations wait for administrator approval'),
  email_confirmation_setting: oneOf(['off', 'soft', 'hard'], 'Whether new users must confirm their email'),
  domain_allowlist: strList('Only emails of these domains may sign up (wildcards allowed)'),
  domain_denylist_enabled: bool('Refuse sign-ups from the domains in domain_denylist'),
  domain_denylist: strList('Email domains refused at sign-up'),
  password_authentication_enabled_for_web: bool('Allow password sign-in on the web'),
  password_authentication_enabled_for_git: bool('Allow passwords for Git over HTTP(S)'),
  require_two_factor_authentication: bool('Require 2FA of every user'),
  two_factor_grace_period: int('Hours users may postpone setting up required 2FA'),
  disabled_oauth_sign_in_sources: strList('OAuth providers not offered for sign-in'),
  session_expire_delay: int('Session duration in minutes'),
  admin_mode: bool('Require administrators to re-authenticate for admin actions (Admin Mode)'),
  user_default_external: bool('Make newly registered users external'),
  can_create_group: bool('Let non-administrators create top-level groups'),
  user_oauth_applications: bool('Let users register OAuth applications'),
  gravatar_enabled: bool('Use Gravatar for avatars'),
  recaptcha_enabled: bool('Protect sign-up with reCAPTCHA'),
  invisible_captcha_enabled: bool('Protect sign-up with an invisible captcha'),
  home_page_url: str('Redirect signed-out visitors of / to this URL'),
  after_sign_out_path: str('Where users land after signing out'),
  after_sign_up_text: str('Markdown shown after a user signs up'),
  help_page_text: str('Markdown shown on the help page'),
  terms: str('Markdown terms of service and privacy policy'),
  enforce_terms: bool('Users must accept the terms to use the instance'),
  // visibility and projects
  default_project_visibility: oneOf(VISIBILITY, 'Default visibility of new projects'),
  default_group_visibility: oneOf(VISIBILITY, 'Default visibility of new groups'),
  default_snippet_visibility: oneOf(VISIBILITY, 'Default visibility of new snippets'),
  restricted_visibility_levels: strList('Visibility levels non-administrators cannot use (private, internal, public)'),
  default_projects_limit: int('Default maximum personal projects of a user'),
  default_branch_name: str('Initial branch name of new repositories (e.g. main)'),
  default_project_creation: int('Who can create projects in groups: 0 no one, 1 Maintainers, 2 Developers+Maintainers, 3 administrators, 4 Owners'),
  deletion_adjourned_period: int('Days before a project or group marked for deletion is removed (1-90)'),
  import_sources: strList('Enabled import sources (github, bitbucket, bitbucket_server, fogbugz, git, gitlab_project, gitea, manifest)'),
  project_export_enabled: bool('Allow project export'),
  mirror_available: bool('Let project maintainers configure repository mirroring'),
  // sizes and rate limits
  max_attachment_size: int('Maximum attachment size in MB'),
  max_import_size: int('Maximum import file size in MB (0 = unlimited)'),
  max_export_size: int('Maximum export size in MB (0 = unlimited)'),
  receive_max_input_size: int('Maximum push size in MB'),
  repository_size_limit: int('Maximum repository size in bytes (Premium; 0 = unlimited)'),
  snippet_size_limit: int('Maximum snippet size in bytes'),
  max_artifacts_size: int('Maximum job artifacts size in MB'),
  default_artifacts_expire_in: str('Default artifact expiry (e.g. 30 days)'),
  keep_latest_artifact: bool('Keep the latest artifacts of each ref'),
  max_pages_size: int('Maximum Pages site size in MB'),
  notes_create_limit: int('Comments a user may create per minute'),
  search_rate_limit: int('Searches an authenticated user may run per minute'),
  throttle_authenticated_api_enabled: bool('Rate-limit authenticated API requests'),
  throttle_authenticated_api_requests_per_period: int('Authenticated API requests allowed per period'),
  throttle_authenticated_api_period_in_seconds: int('Period of the authenticated API limit in seconds'),
  throttle_unauthenticated_api_enabled: bool('Rate-limit unauthenticated API requests'),
  throttle_unauthenticated_api_requests_per_period: int('Unauthenticated API requests allowed per period'),
  throttle_unauthenticated_api_period_in_seconds: int('Period of the unauthenticated API limit in seconds'),
  // CI/CD
  auto_devops_enabled: bool('Enable Auto DevOps for projects by default'),
  shared_runners_enabled: bool('Enable instance runners for new projects'),
  shared_runners_text: str('Text shown about instance runners'),
  default_ci_config_path: str('Default CI/CD configuration file path of new projects'),
  ci_max_includes: int('Maximum includes of a pipeline configuration'),
  protected_ci_variables: bool('Make new CI/CD variables protected by default'),
  // security and network
  allow_local_requests_from_web_hooks_and_services: bool('Let webhooks and integrations reach the local network'),
  allow_local_requests_from_system_hooks: bool('Let system hooks reach the local network'),
  // GitLab's settings page says its list twin outbound_local_requests_whitelist cannot be updated (issue 569729).
  outbound_local_requests_allowlist_raw: str('Local hosts and IPs webhooks may reach anyway, one per line or comma-separated'),
  require_personal_access_token_expiry: bool('Personal access tokens must have an expiry date'),
  max_personal_access_token_lifetime: int('Maximum token lifetime in days (Ultimate)'),
  deactivate_dormant_users: bool('Deactivate users inactive for deactivate_dormant_users_period'),
  deactivate_dormant_users_period: int('Days of inactivity before a dormant user is deactivated'),
  silent_mode_enabled: bool('Silent Mode: suppress outbound emails, webhooks and notifications'),
  maintenance_mode: bool('Maintenance Mode: make the instance read-only (Premium)'),
  maintenance_mode_message: str('Banner message shown during Maintenance Mode (Premium)'),
  // other
  usage_ping_enabled: bool('Send Service Ping usage statistics'),
  version_check_enabled: bool('Check for new GitLab versions'),
  first_day_of_week: int('First day of the week in calendars: 0 Sunday, 1 Monday, 6 Saturday'),
  time_tracking_limit_to_hours: bool('Show time tracking in hours only (no days/weeks)'),
  email_author_in_body: bool('Put the author name in the body of notification emails'),
  html_emails_enabled: bool('Send notification emails as HTML'),
  email_additional_text: str('Extra text at the bottom of every email (Premium)'),
  commit_email_hostname: str("Hostname of users' private commit email addresses"),
  // passwords, sign-in and tokens
  minimum_password_length: int('Minimum password length'),
  password_number_required: bool('Passwords must contain a number (Premium)'),
  password_lowercase_required: bool('Passwords must contain a lowercase letter (Premium)'),
  password_uppercase_required: bool('Passwords must contain an uppercase letter (Premium)'),
  password_symbol_required: bool('Passwords must contain a symbol (Premium)'),
  max_login_attempts: int('Failed sign-in attempts before an account is locked'),
  failed_login_attempts_unlock_period_in_minutes: int('Minutes a locked account stays locked'),
  notify_on_unknown_sign_in: bool('Email users about sign-ins from an unknown IP or device'),
  require_email_verification_on_account_locked: bool('Ask for an emailed code when a sign-in looks suspicious'),
  require_admin_two_factor_authentication: bool('Require 2FA of administrators'),
  git_two_factor_session_expiry: int('Minutes a Git-over-SSH 2FA session lasts (Premium)'),
  remember_me_enabled: bool('Offer "Remember me" at sign-in'),
  session_expire_from_init: bool('Count session_expire_delay from sign-in, not from the last activity'),
  enabled_git_access_protocol: oneOf(['ssh', 'http', 'all'], 'Git access over ssh only, http only, or all (both)'),
  disable_personal_access_tokens: bool('Turn off personal access tokens (Premium)'),
  disable_feed_token: bool('Turn off RSS and calendar feed tokens'),
  max_ssh_key_lifetime: int('Maximum SSH key lifetime in days (Ultimate)'),
  service_access_tokens_expiration_enforced: bool('Service account tokens must have an expiry date'),
  inactive_resource_access_tokens_delete_after_days: int('Days after which inactive project and group access tokens are deleted'),
  allow_top_level_group_owners_to_create_service_accounts: bool('Let top-level group owners create service accounts (Premium)'),
  enforce_ci_inbound_job_token_scope_enabled: bool('Every project must allowlist the CI job tokens that may reach it'),
  secret_push_protection_available: bool('Let projects turn on secret push protection (Ultimate)'),
  // users
  allow_account_deletion: bool('Let users delete their own accounts (Premium)'),
  delay_user_account_self_deletion: bool('Hold self-deleted accounts for review before they are removed'),
  user_defaults_to_private_profile: bool('New users get a private profile'),
  make_profile_private: bool('Let users make their profiles private'),
  updating_name_disabled_for_users: bool('Stop users from changing their own name (Premium)'),
  user_show_add_ssh_key_message: bool('Remind users without an SSH key to add one'),
  user_default_internal_regex: str('New users whose email matches this regex are internal, not external'),
  email_restrictions_enabled: bool('Refuse sign-ups whose email matches email_restrictions'),
  email_restrictions: str('Regular expression of email addresses refused at sign-up'),
  delete_unconfirmed_users: bool('Delete users who never confirm their email (Premium)'),
  unconfirmed_users_delete_after_days: int('Days before unconfirmed users are deleted (Premium)'),
  user_deactivation_emails_enabled: bool('Email users when their account is deactivated'),
  deactivation_email_additional_text: str('Extra text in the account deactivation email'),
  abuse_notification_email: str('Address that receives abuse reports'),
  allow_possible_spam: bool('Let content flagged as possible spam through, only logging it'),
  disable_invite_members: bool('Only administrators may invite members (Ultimate)'),
  allow_project_creation_for_guest_and_below: bool('Let users whose highest role is Guest create projects'),
  default_preferred_language: str('Default interface language of new users (e.g. en, de, ja)'),
  default_search_scope: str('Default scope of global search (e.g. projects, issues, blobs)'),
  // projects, approvals and retention
  default_project_deletion_protection: bool('Only administrators may delete projects'),
  default_branch_protection_defaults: obj('Default branch protection: {"allowed_to_push":[{"access_level":40}],"allow_force_push":false,...}'),
  group_owners_can_manage_default_branch_protection: bool('Let group owners override the default branch protection (Premium)'),
  prevent_merge_requests_author_approval: bool('Authors may not approve their own merge requests (Premium)'),
  prevent_merge_requests_committers_approval: bool('Committers may not approve merge requests they committed to (Premium)'),
  disable_overriding_approvers_per_merge_request: bool('Approval rules cannot be edited per merge request (Premium)'),
  delete_inactive_projects: bool('Delete inactive projects automatically'),
  inactive_projects_delete_after_months: int('Months of inactivity before a project is deleted'),
  inactive_projects_min_size_mb: int('Only projects over this size in MB are deleted when inactive'),
  inactive_projects_send_warning_email_after_months: int('Months of inactivity before maintainers are warned'),
  bulk_import_enabled: bool('Allow migrating groups and projects by direct transfer'),
  issues_create_limit: int('Issues a user may create per minute'),
  wiki_page_max_content_bytes: int('Maximum wiki page size in bytes'),
  max_terraform_state_size_bytes: int('Maximum Terraform state file size in bytes (0 = unlimited)'),
  // runners, pipelines, Pages
  allow_runner_registration_token: bool('Allow the legacy runner registration tokens'),
  valid_runner_registrars: strList('Who may register runners: group, project'),
  ci_job_live_trace_enabled: bool('Incremental logging: job logs stream through object storage'),
  suggest_pipeline_enabled: bool('Suggest adding a pipeline to projects without one'),
  auto_devops_domain: str('Default domain of Auto DevOps deployments'),
  pages_domain_verification_enabled: bool('Custom Pages domains must be verified'),
  max_pages_custom_domains_per_project: int('Maximum custom Pages domains of a project (0 = unlimited)'),
  force_pages_access_control: bool('Every Pages site follows its project\'s access control'),
});

/**
 * GitLab's other application settings (PUT /application/settings takes ~590; applicationSettings offers the ones an
 * assistant should change), each name listed under the reason it is left out. Checked by test/rest-params.test.ts.
 */
const SETTINGS_LEFT_OUT: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'a credential of an external service (key, token, password, DSN): secrets are not handed through an assistant; set it in the Admin area',
    [
      'akismet_api_key', 'asset_proxy_secret_key', 'cube_api_key', 'eks_access_key_id', 'eks_secret_access_key',
      'elasticsearch_aws_access_key', 'elasticsearch_aws_secret_access_key', 'elasticsearch_password',
      'external_auth_client_cert', 'external_auth_client_key', 'external_auth_client_key_pass',
      'external_pipeline_validation_service_token', 'jira_connect_application_key', 'mailgun_signing_key',
      'product_analytics_configurator_connection_string', 'recaptcha_private_key', 'recaptcha_site_key',
      'secret_detection_service_auth_token', 'secret_detection_token_revocation_token', 'sentry_clientside_dsn',
      'sentry_dsn', 'slack_app_secret', 'slack_app_signing_secret', 'slack_app_verification_token',
      'spam_check_api_key', 'static_objects_external_storage_auth_token',
    ],
  ],
  [
    'an access baseline (SSO/LDAP locks, key types, network, token and integration rules): a change can lock people out',
    [
      'allow_all_integrations', 'allow_deploy_tokens_and_keys_with_external_authn',
      'allow_group_owners_to_manage_ldap', 'allowed_integrations', 'anonymous_searches_allowed',
      'authn_data_retention_cleanup_enabled', 'deny_all_requests_except_allowed', 'disable_admin_oauth_scopes',
      'disable_password_authentication_for_users_with_sso_identities', 'dns_rebinding_protection_enabled',
      'dsa_key_restriction', 'ecdsa_key_restriction', 'ecdsa_sk_key_restriction', 'ed25519_key_restriction',
      'ed25519_sk_key_restriction', 'enable_artifact_external_redirect_warning_page',
      'enable_language_server_restrictions', 'enable_member_promotion_management',
      'enforce_email_subaddress_restrictions', 'geo_node_allowed_ips', 'globally_allowed_ips',
      'group_runner_token_expiration_interval', 'instance_token_prefix', 'invitation_flow_enforcement',
      'lock_memberships_to_ldap', 'lock_memberships_to_saml', 'lock_resource_access_token_notify_inherited',
      'login_recaptcha_protection_enabled', 'minimum_language_server_version',
      'package_registry_allow_anyone_to_pull_option', 'personal_access_token_prefix',
      'project_runner_token_expiration_interval', 'resource_access_token_notify_inherited',
      'root_moved_permanently_redirection', 'rsa_key_restriction', 'runner_token_expiration_interval',
      'sign_in_restrictions', 'silent_admin_exports_enabled', 'terraform_state_encryption_enabled',
      'wiki_asciidoc_allow_uri_includes',
    ],
  ],
  [
    'advanced search infrastructure (Elasticsearch/OpenSearch, Zoekt) and its indexing: an operations task done with the search cluster',
    [
      'elastic_migration_worker_enabled', 'elasticsearch_analyzers_kuromoji_enabled',
      'elasticsearch_analyzers_kuromoji_search', 'elasticsearch_analyzers_smartcn_enabled',
      'elasticsearch_analyzers_smartcn_search', 'elasticsearch_aws', 'elasticsearch_aws_region',
      'elasticsearch_aws_role_arn', 'elasticsearch_client_adapter', 'elasticsearch_client_request_timeout',
      'elasticsearch_code_scope', 'elasticsearch_indexed_field_length_limit',
      'elasticsearch_indexed_file_size_limit_kb', 'elasticsearch_indexing', 'elasticsearch_indexing_timeout_minutes',
      'elasticsearch_limit_indexing', 'elasticsearch_max_bulk_concurrency', 'elasticsearch_max_bulk_size_mb',
      'elasticsearch_max_code_indexing_concurrency', 'elasticsearch_namespace_ids', 'elasticsearch_pause_indexing',
      'elasticsearch_project_ids', 'elasticsearch_replicas', 'elasticsearch_requeue_workers',
      'elasticsearch_retry_on_failure', 'elasticsearch_search', 'elasticsearch_shards', 'elasticsearch_url',
      'elasticsearch_username', 'elasticsearch_worker_number_of_shards',
      'global_search_block_anonymous_searches_enabled', 'global_search_code_enabled', 'global_search_commits_enabled',
      'global_search_epics_enabled', 'global_search_issues_enabled', 'global_search_limited_indexing_enabled',
      'global_search_merge_requests_enabled', 'global_search_snippet_titles_enabled', 'global_search_users_enabled',
      'global_search_wiki_enabled', 'reindexing_minimum_index_size', 'reindexing_minimum_relative_bloat_size',
      'search_max_docs_denominator', 'search_max_shard_size_gb', 'search_min_docs_before_rollover',
      'zoekt_auto_index_root_namespace', 'zoekt_cache_response', 'zoekt_cpu_to_tasks_ratio',
      'zoekt_default_number_of_replicas', 'zoekt_indexed_file_size_limit', 'zoekt_indexing_enabled',
      'zoekt_indexing_parallelism', 'zoekt_indexing_paused', 'zoekt_indexing_timeout', 'zoekt_lost_node_threshold',
      'zoekt_maximum_files', 'zoekt_rollout_batch_size', 'zoekt_rollout_retry_interval', 'zoekt_search_enabled',
      'zoekt_trigram_max',
    ],
  ],
  [
    'GitLab Duo (AI add-on) availability and tuning, governed with the Duo settings in the Admin area',
    [
      'ai_action_api_rate_limit', 'auto_duo_code_review_enabled', 'code_suggestions_api_rate_limit',
      'disabled_direct_code_suggestions', 'display_gitlab_credits_user_data', 'duo_agent_platform_enabled',
      'duo_availability', 'duo_chat_expiration_column', 'duo_chat_expiration_days', 'duo_features_enabled',
      'duo_foundational_flows_availability', 'duo_foundational_flows_enabled', 'duo_namespace_access_rules',
      'duo_remote_flows_availability', 'duo_remote_flows_enabled', 'duo_sast_fp_detection_availability',
      'duo_sast_fp_detection_enabled', 'duo_workflow_oauth_application_id', 'foundational_agents_default_enabled',
      'foundational_agents_statuses', 'instance_level_ai_beta_features_enabled', 'lock_duo_features_enabled',
      'lock_duo_remote_flows_enabled', 'lock_model_prompt_cache_enabled', 'model_prompt_cache_enabled',
    ],
  ],
  [
    'one of GitLab\'s per-endpoint rate limits or their allowlists, tuned by operators; the general API throttles are offered',
    [
      'auto_ban_user_on_excessive_projects_download', 'autocomplete_users_limit',
      'autocomplete_users_unauthenticated_limit', 'create_organization_api_limit',
      'dependency_scanning_sbom_scan_api_download_limit', 'dependency_scanning_sbom_scan_api_upload_limit',
      'downstream_pipeline_trigger_limit_per_project_user_sha', 'git_push_pipeline_limit',
      'git_rate_limit_users_alertlist', 'git_rate_limit_users_allowlist', 'gitlab_shell_operation_limit',
      'group_api_limit', 'group_archive_unarchive_api_limit', 'group_download_export_limit', 'group_export_limit',
      'group_import_limit', 'group_invited_groups_api_limit', 'group_projects_api_limit',
      'group_shared_groups_api_limit', 'groups_api_limit', 'max_number_of_repository_downloads',
      'max_number_of_repository_downloads_within_time_period', 'members_delete_limit',
      'notes_create_limit_allowlist_raw', 'pipeline_limit_per_project_user_sha', 'pipeline_limit_per_user',
      'project_api_limit', 'project_download_export_limit', 'project_export_limit', 'project_import_limit',
      'project_invited_groups_api_limit', 'project_jobs_api_rate_limit', 'project_members_api_limit',
      'projects_api_limit', 'projects_api_rate_limit_unauthenticated', 'protected_paths_for_get_request_raw',
      'protected_paths_raw', 'push_event_activities_limit', 'push_event_hooks_limit', 'rate_limiting_response_text',
      'raw_blob_request_limit', 'runner_jobs_endpoints_api_limit', 'runner_jobs_patch_trace_api_limit',
      'runner_jobs_request_api_limit', 'search_rate_limit_allowlist_raw', 'search_rate_limit_unauthenticated',
      'throttle_authenticated_deprecated_api_enabled', 'throttle_authenticated_deprecated_api_period_in_seconds',
      'throttle_authenticated_deprecated_api_requests_per_period', 'throttle_authenticated_files_api_enabled',
      'throttle_authenticated_files_api_period_in_seconds', 'throttle_authenticated_files_api_requests_per_period',
      'throttle_authenticated_git_http_enabled', 'throttle_authenticated_git_http_period_in_seconds',
      'throttle_authenticated_git_http_requests_per_period', 'throttle_authenticated_git_lfs_enabled',
      'throttle_authenticated_git_lfs_period_in_seconds', 'throttle_authenticated_git_lfs_requests_per_period',
      'throttle_authenticated_packages_api_enabled', 'throttle_authenticated_packages_api_period_in_seconds',
      'throttle_authenticated_packages_api_requests_per_period', 'throttle_authenticated_web_enabled',
      'throttle_authenticated_web_period_in_seconds', 'throttle_authenticated_web_requests_per_period',
      'throttle_incident_management_notification_enabled', 'throttle_incident_management_notification_per_period',
      'throttle_incident_management_notification_period_in_seconds', 'throttle_protected_paths_enabled',
      'throttle_protected_paths_period_in_seconds', 'throttle_protected_paths_requests_per_period',
      'throttle_unauthenticated_deprecated_api_enabled', 'throttle_unauthenticated_deprecated_api_period_in_seconds',
      'throttle_unauthenticated_deprecated_api_requests_per_period', 'throttle_unauthenticated_enabled',
      'throttle_unauthenticated_files_api_enabled', 'throttle_unauthenticated_files_api_period_in_seconds',
      'throttle_unauthenticated_files_api_requests_per_period', 'throttle_unauthenticated_git_http_enabled',
      'throttle_unauthenticated_git_http_period_in_seconds', 'throttle_unauthenticated_git_http_requests_per_period',
      'throttle_unauthenticated_packages_api_enabled', 'throttle_unauthenticated_packages_api_period_in_seconds',
      'throttle_unauthenticated_packages_api_requests_per_period', 'throttle_unauthenticated_period_in_seconds',
      'throttle_unauthenticated_requests_per_period', 'throttle_unauthenticated_web_enabled',
      'throttle_unauthenticated_web_period_in_seconds', 'throttle_unauthenticated_web_requests_per_period',
      'unique_ips_limit_enabled', 'unique_ips_limit_per_user', 'unique_ips_limit_time_window',
      'user_contributed_projects_api_limit', 'user_projects_api_limit', 'user_starred_projects_api_limit',
      'users_api_limit_followers', 'users_api_limit_following', 'users_api_limit_gpg_key', 'users_api_limit_gpg_keys',
      'users_api_limit_ssh_key', 'users_api_limit_ssh_keys', 'users_api_limit_status', 'users_get_by_id_limit',
      'users_get_by_id_limit_allowlist_raw', 'virtual_registries_endpoints_api_limit',
    ],
  ],
  [
    'set-up of an external service (URL, switch, options), done once with that service rather than as a day-to-day change',
    [
      'akismet_enabled', 'asset_proxy_allowlist', 'asset_proxy_enabled', 'asset_proxy_url', 'cube_api_base_url',
      'custom_http_clone_url_root', 'diagramsnet_enabled', 'diagramsnet_url', 'eks_account_id',
      'eks_integration_enabled', 'error_tracking_api_url', 'error_tracking_enabled',
      'external_authorization_service_default_label', 'external_authorization_service_enabled',
      'external_authorization_service_timeout', 'external_authorization_service_url',
      'external_pipeline_validation_service_timeout', 'external_pipeline_validation_service_url',
      'fetch_observability_alerts_from_cloud', 'floc_enabled', 'gitpod_enabled', 'gitpod_url', 'grafana_enabled',
      'grafana_url', 'help_page_documentation_base_url', 'help_page_support_url', 'iframe_rendering_allowlist',
      'iframe_rendering_allowlist_raw', 'iframe_rendering_enabled', 'jira_connect_additional_audience_url',
      'jira_connect_proxy_url', 'jira_connect_public_key_storage_enabled', 'kroki_enabled', 'kroki_formats',
      'kroki_url', 'mailgun_events_enabled', 'maven_package_requests_forwarding', 'npm_package_requests_forwarding',
      'nuget_skip_metadata_url_validation', 'observability_backend_ssl_verification_enabled',
      'package_metadata_purl_types', 'plantuml_enabled', 'plantuml_url', 'product_analytics_data_collector_host',
      'product_analytics_enabled', 'pypi_package_requests_forwarding', 'ropc_without_client_credentials',
      'secret_detection_revocation_token_types_url', 'secret_detection_service_url',
      'secret_detection_token_revocation_enabled', 'secret_detection_token_revocation_url', 'security_txt_content',
      'sentry_clientside_traces_sample_rate', 'sentry_enabled', 'sentry_environment', 'slack_app_enabled',
      'slack_app_id', 'snowplow_app_id', 'snowplow_collector_hostname', 'snowplow_cookie_domain',
      'snowplow_database_collector_hostname', 'snowplow_enabled', 'sourcegraph_enabled', 'sourcegraph_public_only',
      'sourcegraph_url', 'spam_check_endpoint_enabled', 'spam_check_endpoint_url',
      'static_objects_external_storage_url', 'vscode_extension_marketplace', 'vscode_extension_marketplace_enabled',
      'vscode_extension_marketplace_extension_host_domain', 'whats_new_variant',
    ],
  ],
  [
    'import and migration workers and caps (bulk import, GitHub and Bitbucket importers, contribution mapping), tuned by operators',
    [
      'allow_bypass_placeholder_confirmation', 'allow_contribution_mapping_to_admins',
      'allow_s3_compatible_storage_for_offline_transfer', 'bulk_import_concurrent_pipeline_batch_limit',
      'bulk_import_max_download_file', 'bulk_import_max_download_file_size', 'concurrent_bitbucket_import_jobs_limit',
      'concurrent_bitbucket_server_import_jobs_limit', 'concurrent_github_import_jobs_limit',
      'concurrent_relation_batch_export_limit', 'decompress_archive_file_timeout', 'max_decompressed_archive_size',
      'max_github_response_json_value_count', 'max_github_response_size_limit', 'max_import_remote_file_size',
      'relation_export_batch_size',
    ],
  ],
  [
    'server tuning (Gitaly, Sidekiq, housekeeping, registry, mirror and CI workers, diff/YAML/HTTP caps): an operations task',
    [
      'archive_builds_in_human_readable', 'asciidoc_max_includes', 'authorized_keys_enabled',
      'background_operations_max_jobs', 'ci_cd_catalog_projects_allowlist', 'ci_cd_catalog_projects_allowlist_raw',
      'ci_delete_pipelines_in_seconds_limit_human_readable', 'ci_max_total_yaml_size_bytes',
      'ci_partitions_size_limit', 'container_expiration_policies_enable_historic_entries',
      'container_registry_cleanup_tags_service_max_list_size', 'container_registry_delete_tags_service_timeout',
      'container_registry_expiration_policies_caching', 'container_registry_expiration_policies_worker_capacity',
      'container_registry_token_expire_delay', 'diff_max_files', 'diff_max_lines', 'diff_max_patch_bytes',
      'enabled_expanded_logging', 'geo_status_timeout', 'gitaly_timeout_default', 'gitaly_timeout_fast',
      'gitaly_timeout_medium', 'hashed_storage_enabled', 'helm_max_packages_count', 'housekeeping_enabled',
      'housekeeping_full_repack_period', 'housekeeping_gc_period', 'housekeeping_incremental_repack_period',
      'housekeeping_optimize_repository_period', 'local_markdown_version', 'math_rendering_limits_enabled',
      'max_artifacts_content_include_size', 'max_http_decompressed_size', 'max_http_response_csv_structural_chars',
      'max_http_response_json_depth', 'max_http_response_json_structural_chars', 'max_http_response_size_limit',
      'max_http_response_xml_structural_chars', 'max_yaml_depth', 'max_yaml_size_bytes',
      'metrics_method_call_threshold', 'mirror_capacity_threshold', 'mirror_max_capacity', 'mirror_max_delay',
      'namespace_aggregation_schedule_lease_duration_in_seconds', 'package_registry_cleanup_policies_worker_capacity',
      'pages_extra_deployments_default_expiry_seconds', 'pages_unique_domain_default_enabled',
      'performance_bar_allowed_group_id', 'performance_bar_allowed_group_path', 'performance_bar_enabled',
      'polling_interval_multiplier', 'prometheus_metrics_enabled', 'repository_checks_enabled',
      'repository_storages_weighted', 'sidekiq_job_limiter_compression_threshold_bytes',
      'sidekiq_job_limiter_limit_bytes', 'sidekiq_job_limiter_mode', 'terminal_max_session_time',
      'update_runner_versions_enabled',
    ],
  ],
  [
    'security policy and secrets quotas (Ultimate), sized with GitLab support rather than changed by an assistant',
    [
      'group_secrets_limit', 'pipeline_execution_policies_per_configuration_limit', 'project_secrets_limit',
      'scan_execution_policies_action_limit', 'scan_execution_policies_per_configuration_limit',
      'scan_execution_policies_schedule_limit', 'security_approval_policies_limit',
      'security_policy_global_group_approvers_enabled', 'vulnerability_management_policies_per_configuration_limit',
    ],
  ],
  [
    'a GitLab.com, Dedicated, organizations (experimental) or ClickHouse deployment switch, not an everyday self-managed choice',
    [
      'allow_immediate_namespaces_deletion', 'automatic_purchased_storage_allocation', 'can_create_organization',
      'check_namespace_plan', 'enforce_namespace_storage_limit', 'enforce_pipl_compliance',
      'gitlab_dedicated_instance', 'gitlab_environment_toolkit_instance', 'hide_third_party_offers',
      'organization_cluster_agent_authorization_enabled', 'receptive_cluster_agents_enabled', 'resource_usage_limits',
      'shared_runners_minutes', 'show_migrate_from_jenkins_banner', 'top_level_group_creation_enabled',
      'use_clickhouse_for_analytics',
    ],
  ],
  [
    'a Service Ping detail switch; usage_ping_enabled, offered, is the main one',
    [
      'gitlab_product_usage_data_enabled', 'include_optional_metrics_in_service_ping', 'usage_ping_features_enabled',
      'usage_ping_generation_enabled',
    ],
  ],
  [
    'a default users override in their own preferences, or the template source project',
    [
      'default_dark_syntax_highlighting_theme', 'default_syntax_highlighting_theme', 'file_template_project_id',
      'help_page_hide_commercial_content',
    ],
  ],
];
const SETTINGS_OMITTED: Record<string, string> = {
  ...Object.fromEntries(SETTINGS_LEFT_OUT.flatMap(([why, names]) => names.map((n) => [n, why]))),
  admin_notification_email: 'deprecated by GitLab in favour of abuse_notification_email',
  allow_local_requests_from_hooks_and_services: 'deprecated by GitLab in favour of allow_local_requests_from_web_hooks_and_services',
  asset_proxy_whitelist: 'deprecated by GitLab in favour of asset_proxy_allowlist',
  default_branch_protection: 'deprecated by GitLab (17.0) in favour of default_branch_protection_defaults',
  password_authentication_enabled: 'deprecated by GitLab in favour of password_authentication_enabled_for_web',
  signin_enabled: 'deprecated by GitLab in favour of password_authentication_enabled_for_web',
  domain_allowlist_raw: 'the newline-separated form of domain_allowlist, which is offered as a list',
  domain_denylist_raw: 'the newline-separated form of domain_denylist, which is offered as a list',
};

// ---------------------------------------------------------------- Terraform GraphQL
const TERRAFORM_STATE_FIELDS = `
      id
      name
      lockedAt
      lockedByUser { username }
      createdAt
      updatedAt
      latestVersion {
        id
        serial
        downloadPath
        createdAt
        createdByUser { username }
        job { name webPath }
      }`;

export default domain('admin', 'Instance administration (administrators): settings, appearance, applications, broadcast messages, topics, system hooks, features, licenses, plan limits, imports, usage data, Sidekiq, and project/group admin tools (cluster agents, Terraform states, secure files, error tracking, custom attributes)', {
  // ================================================================ instance information
  metadata_get: {
    summary: 'Get instance metadata: version, revision, edition, KAS and enterprise flag',
    rest: 'GET /metadata',
    params: {},
    fineGrained: ['read_metadata'],
    keywords: 'version edition enterprise revision kas instance',
    examples: [
      'what GitLab version is this instance running?',
      'is this server Enterprise or Community edition?',
      'show the instance revision and KAS info',
    ],
  },
  app_statistics_get: {
    summary: 'Get instance statistics: counts of users, projects, groups, issues, MRs, forks, SSH keys',
    rest: 'GET /application/statistics',
    params: {},
    fineGrained: ['read_statistic'],
    keywords: 'stats counts how many users projects instance size',
    examples: ['how big is this instance: user and project totals?', 'give me instance-wide counts of groups, issues and MRs'],
  },
  settings_get: {
    summary: 'Get the instance application settings (sign-up, visibility, limits, CI, security)',
    rest: 'GET /application/settings',
    params: {},
    fineGrained: ['read_application_setting'],
    keywords: 'admin settings configuration instance options',
    examples: [
      'is sign-up enabled on the instance?',
      'show the current admin application settings',
      "what's the max attachment size configured on the server?",
    ],
  },
  settings_update: {
    summary: 'Change instance application settings: sign-up, visibility, size and rate limits, CI, security',
    rest: 'PUT /application/settings',
    params: applicationSettings(),
    omitted: SETTINGS_OMITTED,
    fineGrained: ['update_application_setting'],
    keywords: 'admin settings configure change instance options signup rate limit visibility',
    examples: [
      'turn off public sign-up on the instance',
      'raise the max attachment size to 100 MB',
      'require 2FA for every user instance-wide',
      'set the default branch name for new repos to main',
    ],
  },
  appearance_get: {
    summary: 'Get the instance appearance: title, description, logos, header and footer messages',
    rest: 'GET /application/appearance',
    params: {},
    fineGrained: ['read_application_appearance'],
    keywords: 'branding look logo title sign-in page header footer',
    examples: ['what does the sign-in page title say?', 'show the instance branding: logo, header and footer messages'],
  },
  appearance_update: {
    summary: 'Change the instance appearance texts: title, sign-in description, header/footer messages, colors',
    rest: 'PUT /application/appearance',
    params: {
      title: str('Instance title on the sign-in and sign-up pages'),
      description: str('Markdown shown on the sign-in and sign-up pages'),
      pwa_name: str('Name of the Progressive Web App'),
      pwa_short_name: str('Short name of the Progressive Web App'),
      pwa_description: str('Description of the Progressive Web App'),
      member_guidelines: str('Markdown shown on the members page of groups and projects'),
      new_project_guidelines: str('Markdown shown on the new project page'),
      profile_image_guidelines: str('Markdown shown below the avatar on the profile page'),
      header_message: str('Message in the system header bar'),
      footer_message: str('Message in the system footer bar'),
      message_background_color: str('Background color of the system header and footer bars'),
      message_font_color: str('Font color of the system header and footer bars'),
      email_header_and_footer_enabled: bool('Add the header and footer to all outgoing emails'),
    },
    omitted: { logo: IMAGE_UPLOAD, header_logo: IMAGE_UPLOAD, favicon: IMAGE_UPLOAD, pwa_icon: IMAGE_UPLOAD },
    fineGrained: ['update_application_appearance'],
    keywords: 'branding customize title header footer banner message sign-in page',
    examples: [
      'change the instance title to Acme GitLab',
      'put a header bar message saying Staging server, do not use',
      'make the system footer message white on red',
    ],
  },
  plan_limits_get: {
    summary: 'Get the application limits of a plan (CI sizes, package file sizes, storage)',
    rest: 'GET /application/plan_limits',
    params: { plan_name: oneOf(PLANS, 'Plan to read (default: default; the others exist on EE)') },
    fineGrained: ['read_plan_limit'],
    keywords: 'limits quotas plan CI pipeline size package max file size',
    examples: ["what's the max pipeline size on the premium plan?", 'what caps does the default plan put on CI and package sizes?'],
  },
  plan_limits_change: {
    summary: 'Change the application limits of a plan (CI sizes, package file sizes, storage)',
    rest: 'PUT /application/plan_limits',
    params: {
      plan_name: req(oneOf(PLANS, 'Plan to change (default on CE; the others exist on EE)')),
      ...planLimits(),
    },
    omitted: {
      web_hook_calls_mid: 'a seat-tiered variant of web_hook_calls for GitLab.com namespaces; web_hook_calls is offered',
      web_hook_calls_low: 'a seat-tiered variant of web_hook_calls for GitLab.com namespaces; web_hook_calls is offered',
    },
    fineGrained: ['update_plan_limit'],
    keywords: 'limits quotas plan change CI pipeline size package max file size',
    examples: ['raise the npm max file size to 500MB on the default plan', 'set ci_pipeline_size to 1000 for the ultimate plan'],
  },

  // ================================================================ license
  license_get: {
    summary: 'Get the current license: plan, licensee, user count, expiry',
    rest: 'GET /license',
    params: {},
    fineGrained: ['read_license'],
    keywords: 'license subscription plan seats expiry',
    examples: ['when does our GitLab license expire?', 'how many seats does the current license have?'],
  },
  license_add: {
    summary: 'Add a license to the instance',
    rest: 'POST /license',
    params: { license: req(str('The license string (content of the .gitlab-license file)')) },
    fineGrained: ['create_license'],
    keywords: 'install upload activate license subscription key',
    examples: ['install this new .gitlab-license on the instance', 'activate the renewed subscription license key'],
  },
  license_delete: {
    summary: 'Delete a license from the instance',
    rest: 'DELETE /license/{license_id}',
    params: { license_id: id.int('ID of the license') },
    destructive: true,
    fineGrained: ['delete_license'],
    keywords: 'remove license subscription',
    examples: ['delete the old license with id 3', 'remove the expired license id 2'],
  },

  // ================================================================ OAuth applications
  application_list: {
    summary: 'List the instance-wide OAuth applications',
    rest: 'GET /applications',
    params: {},
    fineGrained: ['read_oauth_application'],
    keywords: 'oauth apps client integrations sso',
    examples: ['list the OAuth apps registered instance-wide', 'which SSO client applications exist on the instance?'],
  },
  application_create: {
    summary: 'Create an instance-wide OAuth application (answer includes the secret, shown once)',
    rest: 'POST /applications',
    params: {
      name: req(str('Name of the application')),
      redirect_uri: req(str('Redirect URI (several separated by newlines)')),
      scopes: req(str('Space-separated scopes (e.g. "api read_user openid")')),
      confidential: bool('The client secret can be kept confidential (default true; false for SPAs, mobile)'),
    },
    fineGrained: ['create_oauth_application'],
    keywords: 'new oauth app client id secret register sso',
    examples: [
      'register an instance OAuth app Grafana with redirect https://grafana.acme.io/login/gitlab',
      'create an OAuth application for our SPA, non-confidential, scopes openid read_user',
    ],
  },
  application_renew_secret: {
    summary: 'Renew the secret of an OAuth application (the old secret stops working)',
    rest: 'POST /applications/{application_id}/renew-secret',
    params: { application_id: applicationId() },
    fineGrained: ['renew_secret_oauth_application'],
    keywords: 'rotate regenerate oauth client secret',
    examples: ['rotate the client secret of OAuth app 12', 'regenerate the secret for application 5, it leaked'],
  },
  application_delete: {
    summary: 'Delete an OAuth application (its tokens stop working)',
    rest: 'DELETE /applications/{application_id}',
    params: { application_id: applicationId() },
    destructive: true,
    fineGrained: ['delete_oauth_application'],
    keywords: 'remove oauth app client',
    examples: ['delete the OAuth app with id 12, nobody uses it', 'remove the old Jenkins OAuth app (id 7)'],
  },

  // ================================================================ broadcast messages
  broadcast_message_list: {
    summary: 'List broadcast messages (banners and notifications shown to all users)',
    rest: 'GET /broadcast_messages',
    params: { ...paging() },
    fineGrained: [],
    keywords: 'announcement banner notice maintenance message',
    examples: ['which broadcast banners are scheduled or active?', 'what announcements are currently shown to users?'],
  },
  broadcast_message_get: {
    summary: 'Get one broadcast message: text, schedule, audience, theme',
    rest: 'GET /broadcast_messages/{broadcast_message_id}',
    params: { broadcast_message_id: broadcastId() },
    fineGrained: [],
    keywords: 'announcement banner notice message',
    examples: ['get the text and schedule of broadcast 14', 'when does announcement 9 end and who sees it?'],
  },
  broadcast_message_create: {
    summary: 'Create a broadcast message shown to users in a time window, optionally by role or path',
    rest: 'POST /broadcast_messages',
    params: { message: req(str('Message to display (Markdown)')), ...broadcastFields() },
    fineGrained: ['create_broadcast_message'],
    keywords: 'announce announcement banner notice maintenance downtime message all users',
    examples: [
      'announce maintenance on Saturday 02:00-04:00 UTC to all users',
      'post a red banner: GitLab upgrade tonight at 22:00',
      'show a notification to maintainers only about the new CI policy',
    ],
  },
  broadcast_message_update: {
    summary: 'Update a broadcast message: text, time window, audience, appearance',
    rest: 'PUT /broadcast_messages/{broadcast_message_id}',
    params: { broadcast_message_id: broadcastId(), message: str('Message to display (Markdown)'), ...broadcastFields() },
    fineGrained: ['update_broadcast_message'],
    keywords: 'edit change announcement banner message',
    examples: ['extend broadcast message 4 to end at 2025-03-01T06:00Z', 'change the text of announcement 9 to Upgrade postponed'],
  },
  broadcast_message_delete: {
    summary: 'Delete a broadcast message',
    rest: 'DELETE /broadcast_messages/{broadcast_message_id}',
    params: { broadcast_message_id: broadcastId() },
    destructive: true,
    fineGrained: ['delete_broadcast_message'],
    keywords: 'remove announcement banner message',
    examples: ['delete the broadcast announcement with id 21', 'remove the maintenance banner (id 9)'],
  },

  // ================================================================ topics
  topic_list: {
    summary: 'List project topics, most used first, optionally filtered by name',
    rest: 'GET /topics',
    params: {
      search: str('Match topic names containing this'),
      without_projects: bool('Only topics with no projects'),
      organization_id: int('Only topics of this organization (default: the current one)'),
      ...paging(),
    },
    fineGrained: [],
    keywords: 'topics tags categories project labels explore',
    examples: ['what topics are defined on the instance?', 'which topics match kubernetes?', 'show topics that have no projects'],
  },
  topic_get: {
    summary: 'Get one project topic: name, title, description, project count',
    rest: 'GET /topics/{topic_id}',
    params: { topic_id: topicId() },
    fineGrained: [],
    keywords: 'topic tag category',
    examples: ['show topic 15', 'how many projects use topic 22?'],
  },
  topic_create: {
    summary: 'Create a project topic (slug name and title)',
    rest: 'POST /topics',
    params: {
      name: req(str('Slug (name) of the topic')),
      title: req(str('Title of the topic')),
      description: str('Description of the topic'),
      organization_id: int('Organization of the topic (default: the current one)'),
    },
    omitted: { avatar: IMAGE_UPLOAD },
    fineGrained: ['create_topic'],
    keywords: 'new topic tag category',
    examples: ['create a topic machine-learning titled Machine Learning', 'add a new project topic called frontend'],
  },
  topic_update: {
    summary: 'Update a project topic: slug, title, description',
    rest: 'PUT /topics/{topic_id}',
    params: {
      topic_id: topicId(),
      name: str('Slug (name) of the topic'),
      title: str('Title of the topic'),
      description: str('Description of the topic'),
    },
    omitted: { avatar: IMAGE_UPLOAD },
    fineGrained: ['update_topic'],
    keywords: 'edit rename topic tag category',
    examples: ['rename topic 15 to Data Engineering', 'set the description of topic 22 to Services written in Go'],
  },
  topic_delete: {
    summary: 'Delete a project topic (it is removed from its projects)',
    rest: 'DELETE /topics/{topic_id}',
    params: { topic_id: topicId() },
    destructive: true,
    fineGrained: ['delete_topic'],
    keywords: 'remove topic tag category',
    examples: ['delete topic 15', 'remove the unused topic 22 from all projects'],
  },

  // ================================================================ system hooks
  system_hook_list: {
    summary: 'List the system hooks (instance-wide webhooks)',
    rest: 'GET /hooks',
    params: { ...paging() },
    fineGrained: ['read_webhook'],
    keywords: 'system webhooks instance hooks callbacks',
    examples: ['what system hooks are set up server-wide?', 'which instance-wide webhooks are configured?'],
  },
  system_hook_get: {
    summary: 'Get one system hook: URL, events, TLS verification',
    rest: 'GET /hooks/{hook_id}',
    params: { hook_id: hookId() },
    fineGrained: ['read_webhook'],
    keywords: 'system webhook',
    examples: ['show system hook 3', 'what events does system hook 5 fire on?'],
  },
  system_hook_add: {
    summary: 'Add a system hook that receives instance events (and optionally push/tag/MR events)',
    rest: 'POST /hooks',
    params: { url: req(str('URL the hook posts to')), ...hookFields() },
    fineGrained: ['create_webhook'],
    keywords: 'new system webhook instance callback integration',
    examples: [
      'add a system hook to https://audit.acme.io/gitlab for push events',
      'create an instance-level webhook posting to https://hooks.acme.io/events with a secret',
    ],
  },
  system_hook_edit: {
    summary: 'Update a system hook: URL, events, secret token, branch filter',
    rest: 'PUT /hooks/{hook_id}',
    params: { hook_id: hookId(), url: str('URL the hook posts to'), ...hookFields() },
    fineGrained: ['update_webhook'],
    keywords: 'edit change system webhook',
    examples: ['point system hook 3 at https://new.acme.io/hook', 'turn on MR events for system hook 5'],
  },
  system_hook_test: {
    summary: 'Send a sample project_create event to a system hook',
    rest: 'POST /hooks/{hook_id}',
    params: { hook_id: hookId() },
    flagNote: 'Fires the hook at its third-party URL: a side effect, so a write (refused under read-only), where the reference inventory lists a read',
    fineGrained: ['trigger_webhook'],
    keywords: 'test ping trigger system webhook',
    examples: ['fire a test event at system hook 3 to check delivery', 'does system hook 5 still respond? trigger a test'],
  },
  system_hook_set_url_variable: {
    summary: 'Set a URL variable of a system hook (masked value used as {key} in the URL)',
    rest: 'PUT /hooks/{hook_id}/url_variables/{key}',
    params: { hook_id: hookId(), key: id.str('Key of the URL variable'), value: req(str('Value of the URL variable')) },
    fineGrained: ['update_webhook'],
    keywords: 'system webhook url variable secret placeholder',
    examples: ['store secret url variable api_key on system hook 3', 'give system hook 5 a masked url variable env=prod'],
  },
  system_hook_delete_url_variable: {
    summary: 'Delete a URL variable of a system hook',
    rest: 'DELETE /hooks/{hook_id}/url_variables/{key}',
    params: { hook_id: hookId(), key: id.str('Key of the URL variable') },
    destructive: true,
    fineGrained: ['update_webhook'],
    keywords: 'remove system webhook url variable',
    examples: ['delete url variable api_key of system hook 3', 'remove URL variable env on system hook 5'],
  },
  system_hook_delete: {
    summary: 'Delete a system hook',
    rest: 'DELETE /hooks/{hook_id}',
    params: { hook_id: hookId() },
    destructive: true,
    fineGrained: ['delete_webhook'],
    keywords: 'remove system webhook',
    examples: ['delete the instance system hook with id 3', 'remove the old instance webhook 5'],
  },

  // ================================================================ feature flags of the platform
  feature_list: {
    summary: 'List the platform\'s persisted feature flags and their gate values',
    rest: 'GET /features',
    params: {},
    fineGrained: ['read_feature'],
    keywords: 'gitlab feature flags toggles flipper enabled',
    examples: ['which GitLab feature flags are enabled on this instance?', "show the instance's persisted flipper gates"],
  },
  feature_list_definitions: {
    summary: 'List all feature flag definitions of the platform (type, group, default state)',
    rest: 'GET /features/definitions',
    params: {},
    fineGrained: ['read_feature'],
    keywords: 'gitlab feature flag definitions available toggles',
    examples: ['list all available GitLab feature flag definitions', "what's the default state of every GitLab development flag?"],
  },
  feature_set: {
    summary: 'Enable, disable or roll out a platform feature flag, globally or for users, groups, projects',
    rest: 'POST /features/{name}',
    params: {
      name: featureName(),
      value: req(str('true or false, or an integer percentage')),
      key: oneOf(['percentage_of_actors', 'percentage_of_time'], 'What a percentage value means (default percentage_of_time)'),
      feature_group: str('A feature group name'),
      user: str('Username(s), comma-separated'),
      group: str('Group path(s), comma-separated'),
      namespace: str('Group or user namespace path(s), comma-separated'),
      project: str('Project path(s), comma-separated'),
      repository: str('Repository path(s), comma-separated (e.g. group/project.git)'),
      runner: str('Runner ID(s), comma-separated'),
      force: bool('Skip feature flag validation checks (such as a YAML definition)'),
    },
    fineGrained: ['update_feature'],
    keywords: 'enable disable toggle gitlab development feature flag instance rollout percentage',
    examples: [
      'flip on GitLab dev flag ci_new_ui for the whole instance',
      'roll out instance feature my_feature to 25% of actors',
      'turn on GitLab flag vscode_web_ide just for project acme/shop',
    ],
  },
  feature_delete: {
    summary: 'Delete a platform feature flag\'s gates (back to its default state)',
    rest: 'DELETE /features/{name}',
    params: { name: featureName() },
    destructive: true,
    fineGrained: ['delete_feature'],
    keywords: 'remove reset gitlab feature flag gate',
    examples: ['delete the gates of instance feature flag my_feature', 'reset GitLab feature flag ci_new_ui back to its default'],
  },

  // ================================================================ database, Sidekiq, usage data
  db_migration_mark: {
    summary: 'Mark a pending database migration as run so db:migrate skips it',
    rest: 'POST /admin/migrations/{timestamp}/mark',
    params: {
      timestamp: id.int('Version timestamp of the migration'),
      database: oneOf(['main', 'ci', 'sec', 'embedding', 'geo'], 'Database of the migration (default main)'),
    },
    fineGrained: ['mark_database_migration'],
    keywords: 'skip failing database migration mark done',
    examples: ['mark database migration 20240115123456 as done', 'skip the failing migration 20231201000000 on the ci database'],
  },
  sidekiq_queue_metrics: {
    summary: 'Get Sidekiq queue metrics: backlog and latency of each queue',
    rest: 'GET /sidekiq/queue_metrics',
    params: {},
    fineGrained: ['read_sidekiq_metric'],
    keywords: 'background jobs queues backlog latency sidekiq',
    examples: ['how backed up are the Sidekiq queues?', 'show the latency per Sidekiq queue'],
  },
  sidekiq_process_metrics: {
    summary: 'Get Sidekiq process metrics: hosts, PIDs, concurrency, busy workers',
    rest: 'GET /sidekiq/process_metrics',
    params: {},
    fineGrained: ['read_sidekiq_metric'],
    keywords: 'background jobs workers processes sidekiq',
    examples: ['how many Sidekiq workers are busy?', 'list the Sidekiq processes and their concurrency'],
  },
  sidekiq_job_stats: {
    summary: 'Get Sidekiq job statistics: processed, failed, enqueued, dead',
    rest: 'GET /sidekiq/job_stats',
    params: {},
    fineGrained: ['read_sidekiq_metric'],
    keywords: 'background jobs stats failed processed sidekiq',
    examples: ['Sidekiq failure count so far?', 'show processed vs dead background job counts'],
  },
  sidekiq_compound_metrics: {
    summary: 'Get all Sidekiq metrics at once: queues, processes and job statistics',
    rest: 'GET /sidekiq/compound_metrics',
    params: {},
    fineGrained: ['read_sidekiq_metric'],
    keywords: 'background jobs queues workers stats sidekiq health',
    examples: ['give me the full Sidekiq health picture', 'all Sidekiq metrics at once: queues, processes and job stats'],
  },
  usage_data_service_ping: {
    summary: 'Get the Service Ping payload collected by the instance',
    rest: 'GET /usage_data/service_ping',
    params: {},
    fineGrained: ['read_service_ping'],
    keywords: 'service ping usage statistics telemetry payload',
    examples: ['dump the Service Ping report this instance would send', 'what usage data does the instance report home?'],
  },
  usage_data_metric_definitions: {
    summary: 'Export all Service Ping metric definitions as one YAML document',
    rest: 'GET /usage_data/metric_definitions',
    params: { include_paths: bool('Include the definition file paths') },
    textResponse: true,
    render: 'text',
    fineGrained: [],
    keywords: 'service ping metrics dictionary definitions yaml',
    examples: ['export the Service Ping metric dictionary as YAML', 'dump all usage metric definitions with their file paths'],
  },
  usage_data_queries: {
    summary: 'Export the raw SQL queries Service Ping uses (behind a feature flag)',
    rest: 'GET /usage_data/queries',
    params: {},
    fineGrained: ['read_usage_data_query'],
    keywords: 'service ping sql queries telemetry',
    examples: ['show the raw SQL that Service Ping runs', 'export the usage data SQL queries'],
  },
  usage_data_non_sql_metrics: {
    summary: 'Export the non-SQL metrics of Service Ping (behind a feature flag)',
    rest: 'GET /usage_data/non_sql_metrics',
    params: {},
    fineGrained: ['read_usage_data_metric'],
    keywords: 'service ping metrics telemetry',
    examples: ['export Service Ping metrics computed without database queries', "show the usage metrics that don't come from SQL"],
  },
  usage_data_track_event: {
    summary: 'Track one internal event for the current user (optionally also to Snowplow)',
    rest: 'POST /usage_data/track_event',
    params: { event: req(str('Name of the internal event (e.g. i_quickactions_page)')), ...eventFields() },
    fineGrained: ['track_internal_event'],
    keywords: 'track internal event analytics instrumentation',
    examples: ['track internal event i_quickactions_page for project 42', 'record one analytics event i_code_review_user_approve'],
  },
  usage_data_track_events: {
    summary: 'Track several internal events at once (at most 50)',
    rest: 'POST /usage_data/track_events',
    params: {
      events: req(strList('Events: [{"event":"name","namespace_id":1,"project_id":1,"additional_properties":{},"send_to_snowplow":false}]', { items: 'object' })),
    },
    fineGrained: ['track_internal_event'],
    keywords: 'track internal events batch analytics instrumentation',
    examples: ['track these 20 internal events in one batch', 'send a batch of analytics events for namespace 7'],
  },

  // ================================================================ imports and migrations
  import_github: {
    summary: 'Import a GitHub repository into a namespace (issues, PRs, wiki...)',
    rest: 'POST /import/github',
    params: {
      personal_access_token: req(str('GitHub personal access token')),
      repo_id: req(int('GitHub repository ID')),
      target_namespace: req(str('Namespace or group path to import into')),
      new_name: str('Name of the new project (default: the repository name)'),
      github_hostname: str('GitHub Enterprise hostname (default github.com)'),
      optional_stages: obj('Optional stages: {"single_endpoint_notes_import":true,"attachments_import":true,"collaborators_import":true}'),
      pagination_limit: int('Items fetched per GitHub API request (default 100; lower it on 500/502 errors)'),
      timeout_strategy: oneOf(['optimistic', 'pessimistic'], 'On a stage timeout: optimistic continues, pessimistic (default) fails'),
    },
    fineGrained: ['create_import'],
    keywords: 'migrate import github repository move from github',
    examples: [
      'import GitHub repo 123456789 into group acme',
      'migrate our GitHub repository to GitLab under acme/imported',
      'bring repo 987654 from GitHub Enterprise github.acme.io into acme',
    ],
  },
  import_cancel_github: {
    summary: 'Cancel a running GitHub project import',
    rest: 'POST /import/github/cancel',
    params: { project_id: req(int('ID of the project being imported')) },
    fineGrained: ['cancel_import'],
    keywords: 'stop abort github import',
    examples: ['cancel the GitHub import of project 42', 'stop the stuck GitHub import for project 87'],
  },
  import_gists: {
    summary: 'Import the current user\'s GitHub gists as personal snippets',
    rest: 'POST /import/github/gists',
    params: { personal_access_token: req(str('GitHub personal access token (gist scope)')) },
    fineGrained: ['create_import'],
    keywords: 'github gists import snippets',
    examples: ['turn my GitHub gists into GitLab snippets', 'bring over all my gists from GitHub'],
  },
  import_bitbucket: {
    summary: 'Import a Bitbucket Cloud repository into a namespace',
    rest: 'POST /import/bitbucket',
    params: {
      bitbucket_email: req(str('Email of the Bitbucket Cloud account')),
      bitbucket_api_token: req(str('Bitbucket Cloud API token')),
      repo_path: req(str('Repository path (workspace/repository)')),
      target_namespace: req(str('Namespace path to import into')),
      new_name: str('Name of the new project'),
    },
    omitted: {
      bitbucket_username: 'the app-password pair, which Bitbucket Cloud retires for API tokens; the email and API token pair is offered',
      bitbucket_app_password: 'the app-password pair, which Bitbucket Cloud retires for API tokens; the email and API token pair is offered',
    },
    fineGrained: ['create_import'],
    keywords: 'migrate import bitbucket cloud repository',
    examples: ['import Bitbucket Cloud repo acme-team/webapp into group acme', 'migrate workspace/api from bitbucket.org to GitLab'],
  },
  import_bitbucket_server: {
    summary: 'Import a Bitbucket Server (Data Center) repository into a namespace',
    rest: 'POST /import/bitbucket_server',
    params: {
      bitbucket_server_url: req(str('Bitbucket Server URL')),
      bitbucket_server_username: req(str('Bitbucket Server username')),
      personal_access_token: req(str('Bitbucket Server personal access token or password')),
      bitbucket_server_project: req(str('Bitbucket project key')),
      bitbucket_server_repo: req(str('Bitbucket repository name')),
      new_name: str('Name of the new project'),
      new_namespace: str('Namespace path to import into (default: your namespace)'),
      timeout_strategy: oneOf(['optimistic', 'pessimistic'], 'On timeouts: continue (optimistic) or fail (pessimistic)'),
    },
    fineGrained: ['create_import'],
    keywords: 'migrate import bitbucket server data center stash repository',
    examples: ['import repo web from Bitbucket Server project PROJ into acme', 'migrate our Stash repository PLAT/api into GitLab'],
  },
  bulk_import_start: {
    summary: 'Start a direct-transfer migration of groups or projects from another GitLab instance',
    rest: 'POST /bulk_imports',
    params: {
      configuration: req(obj('Source instance: {"url":"https://source.example.com","access_token":"..."}')),
      entities: req(strList('Entities: [{"source_type":"group_entity|project_entity","source_full_path":"g/p","destination_slug":"s","destination_namespace":"ns","migrate_projects":true,"migrate_memberships":true}]', { items: 'object' })),
    },
    fineGrained: ['create_import'],
    keywords: 'migrate group project direct transfer congregate move instance gitlab to gitlab',
    examples: [
      'migrate group old-org from gitlab.old.io to acme via direct transfer',
      'copy project team/app from another GitLab instance into acme/migrated',
    ],
  },
  bulk_import_list: {
    summary: 'List direct-transfer migrations started by the current user',
    rest: 'GET /bulk_imports',
    params: importFilters(),
    fineGrained: ['read_import'],
    keywords: 'migrations direct transfer imports status',
    examples: ['list my direct transfer migrations', 'which of my group migrations failed?'],
  },
  bulk_import_get: {
    summary: 'Get one direct-transfer migration: status, source, dates',
    rest: 'GET /bulk_imports/{import_id}',
    params: { import_id: importId() },
    fineGrained: ['read_import'],
    keywords: 'migration direct transfer import status',
    examples: ["what's the status of migration 17?", 'show bulk import 23'],
  },
  bulk_import_cancel: {
    summary: 'Cancel a direct-transfer migration',
    rest: 'POST /bulk_imports/{import_id}/cancel',
    params: { import_id: importId() },
    fineGrained: ['cancel_import'],
    keywords: 'stop abort migration direct transfer import',
    examples: ['cancel migration 17', 'stop direct transfer 23, wrong source group'],
  },
  bulk_import_entity_list: {
    summary: 'List the migrated entities of one migration, or of all your migrations',
    rest: 'GET /bulk_imports/entities',
    alternatives: [{ when: 'import_id', rest: 'GET /bulk_imports/{import_id}/entities' }],
    params: {
      import_id: int('Only entities of this migration (omit for all your migrations)'),
      ...importFilters(),
    },
    fineGrained: ['read_import'],
    keywords: 'migration entities groups projects status direct transfer',
    examples: ['which groups and projects are in migration 17?', 'list failed entities across all my migrations'],
  },
  bulk_import_entity_get: {
    summary: 'Get one migrated entity of a migration: status, paths, failures',
    rest: 'GET /bulk_imports/{import_id}/entities/{entity_id}',
    params: { import_id: importId(), entity_id: entityId() },
    fineGrained: ['read_import'],
    keywords: 'migration entity status direct transfer',
    examples: ['status of entity 4 in migration 17', 'show migrated project entity 9 of import 23'],
  },
  bulk_import_entity_failures: {
    summary: 'List the failures of one migrated entity (relation, step, exception)',
    rest: 'GET /bulk_imports/{import_id}/entities/{entity_id}/failures',
    params: { import_id: importId(), entity_id: entityId(), ...paging() },
    undocumented: {
      page: 'the failures are answered with paginate(...) in lib/api/bulk_imports.rb, which reads page; the route declares none',
      per_page: 'the failures are answered with paginate(...) in lib/api/bulk_imports.rb, which reads per_page; the route declares none',
    },
    fineGrained: ['read_import'],
    keywords: 'migration errors failures direct transfer why failed',
    examples: ['why did entity 4 of migration 17 fail?', 'show the errors for migrated entity 9 in import 23'],
  },

  // ================================================================ custom attributes
  custom_attr_list: {
    summary: 'List the custom attributes of a user, a group (group_id) or a project (project_id)',
    rest: 'GET /users/{user_id}/custom_attributes',
    alternatives: attrRoutes('GET', ''),
    exactlyOne: ATTR_OWNER,
    params: { user_id: attrUserId(), group_id: attrGroupId(), project_id: attrProjectId() },
    fineGrained: ['read_custom_attribute'],
    keywords: 'custom attributes metadata key value tags admin',
    examples: [
      'what custom attributes are set on user 330?',
      'show every custom attribute key/value on group acme/platform',
      'what metadata attributes does project acme/shop have?',
    ],
  },
  custom_attr_get: {
    summary: 'Get one custom attribute of a user, a group (group_id) or a project (project_id)',
    rest: 'GET /users/{user_id}/custom_attributes/{key}',
    alternatives: attrRoutes('GET', '/{key}'),
    exactlyOne: ATTR_OWNER,
    params: { user_id: attrUserId(), group_id: attrGroupId(), project_id: attrProjectId(), key: attrKey() },
    fineGrained: ['read_custom_attribute'],
    keywords: 'custom attribute metadata key value',
    examples: ['read the value of custom attribute cost_center for user 330', 'get custom attribute owner_team on project acme/shop'],
  },
  custom_attr_set: {
    summary: 'Create or update a custom attribute of a user, a group (group_id) or a project (project_id)',
    rest: 'PUT /users/{user_id}/custom_attributes/{key}',
    alternatives: attrRoutes('PUT', '/{key}'),
    exactlyOne: ATTR_OWNER,
    params: {
      user_id: attrUserId(),
      group_id: attrGroupId(),
      project_id: attrProjectId(),
      key: attrKey(),
      value: req(str('Value of the custom attribute')),
    },
    fineGrained: ['update_custom_attribute'],
    keywords: 'set add update custom attribute metadata key value tag',
    examples: [
      'set custom attribute cost_center=R&D on group acme',
      'tag user 42 with custom attribute department=finance',
      'set owner_team to payments on project acme/shop',
    ],
  },
  custom_attr_delete: {
    summary: 'Delete a custom attribute of a user, a group (group_id) or a project (project_id)',
    rest: 'DELETE /users/{user_id}/custom_attributes/{key}',
    alternatives: attrRoutes('DELETE', '/{key}'),
    exactlyOne: ATTR_OWNER,
    params: { user_id: attrUserId(), group_id: attrGroupId(), project_id: attrProjectId(), key: attrKey() },
    destructive: true,
    fineGrained: ['delete_custom_attribute'],
    keywords: 'remove custom attribute metadata',
    examples: ['delete custom attribute cost_center from group acme', 'remove the department attribute from user 42'],
  },

  // ================================================================ group dependency proxy
  dependency_proxy_delete: {
    summary: 'Purge the dependency proxy cache of a group (cached images and manifests)',
    rest: 'DELETE /groups/{group_id}/dependency_proxy/cache',
    params: { group_id: id.group() },
    destructive: true,
    fineGrained: ['purge_dependency_proxy_cache'],
    keywords: 'clear purge dependency proxy cache docker images group',
    examples: [
      'wipe the dependency proxy cache for group acme/mobile',
      "clear the cached Docker images in acme/platform's dependency proxy",
    ],
  },

  // ================================================================ Kubernetes agents of a project
  cluster_agent_list: {
    summary: 'List the Kubernetes agents registered with a project',
    rest: 'GET /projects/{project_id}/cluster_agents',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_cluster_agent'],
    keywords: 'kubernetes k8s agent cluster kas gitops',
    examples: ['list the Kubernetes agents of acme/infra', 'which k8s clusters are connected to project acme/platform?'],
  },
  cluster_agent_get: {
    summary: 'Get one Kubernetes agent of a project',
    rest: 'GET /projects/{project_id}/cluster_agents/{agent_id}',
    params: { project_id: id.project(), agent_id: agentId() },
    fineGrained: ['read_cluster_agent'],
    keywords: 'kubernetes k8s agent cluster',
    examples: ['show Kubernetes agent 3 of acme/infra', 'details of cluster agent 5 in acme/platform'],
  },
  cluster_agent_register: {
    summary: 'Register a Kubernetes agent with a project (then create a token for it)',
    rest: 'POST /projects/{project_id}/cluster_agents',
    params: { project_id: id.project(), name: req(str('Name of the agent')) },
    fineGrained: ['create_cluster_agent'],
    nextSteps: ['admin.cluster_agent_token_create'],
    keywords: 'kubernetes k8s agent register connect cluster',
    examples: [
      'register a Kubernetes agent named prod-cluster in acme/infra',
      'connect a new k8s agent staging-agent to project acme/platform',
    ],
  },
  cluster_agent_delete: {
    summary: 'Delete a Kubernetes agent registration (its tokens stop working)',
    rest: 'DELETE /projects/{project_id}/cluster_agents/{agent_id}',
    params: { project_id: id.project(), agent_id: agentId() },
    destructive: true,
    fineGrained: ['delete_cluster_agent'],
    keywords: 'remove unregister kubernetes k8s agent cluster',
    examples: ['delete the k8s agent registration 3 in acme/infra', 'unregister cluster agent 5 in acme/platform'],
  },
  cluster_agent_token_list: {
    summary: 'List the active tokens of a Kubernetes agent',
    rest: 'GET /projects/{project_id}/cluster_agents/{agent_id}/tokens',
    params: { project_id: id.project(), agent_id: agentId(), ...paging() },
    fineGrained: ['read_cluster_agent_token'],
    keywords: 'kubernetes agent tokens credentials',
    examples: ['what tokens does k8s agent 3 in acme/infra have?', 'which active tokens does cluster agent 5 have?'],
  },
  cluster_agent_token_get: {
    summary: 'Get one token of a Kubernetes agent (metadata, not the secret)',
    rest: 'GET /projects/{project_id}/cluster_agents/{agent_id}/tokens/{token_id}',
    params: { project_id: id.project(), agent_id: agentId(), token_id: agentTokenId() },
    fineGrained: ['read_cluster_agent_token'],
    keywords: 'kubernetes agent token',
    examples: ['show token 11 of agent 3 in acme/infra', 'when was agent token 14 of cluster agent 5 last used?'],
  },
  cluster_agent_token_create: {
    summary: 'Create a token for a Kubernetes agent (the answer shows the secret once)',
    rest: 'POST /projects/{project_id}/cluster_agents/{agent_id}/tokens',
    params: {
      project_id: id.project(),
      agent_id: agentId(),
      name: req(str('Name of the token')),
      description: str('Description of the token'),
    },
    fineGrained: ['create_cluster_agent_token'],
    keywords: 'kubernetes agent new token secret install helm',
    examples: [
      'create a token for Kubernetes agent 3 in acme/infra so I can install it with helm',
      'generate a new agent token named rotate-2025 for cluster agent 5',
    ],
  },
  cluster_agent_token_revoke: {
    summary: 'Revoke a token of a Kubernetes agent',
    rest: 'DELETE /projects/{project_id}/cluster_agents/{agent_id}/tokens/{token_id}',
    params: { project_id: id.project(), agent_id: agentId(), token_id: agentTokenId() },
    destructive: true,
    fineGrained: ['revoke_cluster_agent_token'],
    keywords: 'revoke delete kubernetes agent token',
    examples: ['revoke agent token 11 (k8s agent 3, acme/infra)', 'kill the leaked agent token 14 on cluster agent 5 in acme/platform'],
  },

  // ================================================================ Terraform states of a project
  terraform_state_list: {
    summary: 'List the Terraform states of a project with lock status and latest version',
    graphql: {
      kind: 'query',
      document: `query terraformStates($fullPath: ID!, $first: Int, $after: String) {
  project(fullPath: $fullPath) {
    terraformStates(first: $first, after: $after) {
      count
      nodes {${TERRAFORM_STATE_FIELDS}
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}`,
      resultPath: 'project.terraformStates',
      connection: true,
      variables: (p) => ({ fullPath: p.project_id, first: p.first, after: p.after }),
    },
    params: {
      project_id: { ...id.project(), description: 'Full path of the project (e.g. group/project)' },
      ...cursor(),
    },
    fineGrained: ['read_terraform_state'],
    keywords: 'terraform opentofu state backend infrastructure iac locks',
    examples: ['list the Terraform states of acme/infra', 'which OpenTofu states are locked in acme/platform?'],
  },
  terraform_state_get: {
    summary: 'Get one Terraform state of a project: lock holder, latest version serial and download path',
    graphql: {
      kind: 'query',
      document: `query terraformState($fullPath: ID!, $name: String!) {
  project(fullPath: $fullPath) {
    terraformState(name: $name) {${TERRAFORM_STATE_FIELDS}
    }
  }
}`,
      resultPath: 'project.terraformState',
      variables: (p) => ({ fullPath: p.project_id, name: p.name }),
    },
    params: {
      project_id: { ...id.project(), description: 'Full path of the project (e.g. group/project)' },
      name: stateName(),
    },
    fineGrained: ['read_terraform_state'],
    keywords: 'terraform opentofu state lock version',
    examples: [
      'who holds the lock on terraform state production in acme/infra?',
      'latest version serial of the staging state in acme/platform',
    ],
  },
  terraform_state_lock: {
    summary: 'Lock a Terraform state so no one else can change it',
    rest: 'POST /projects/{project_id}/terraform/state/{name}/lock',
    params: {
      project_id: id.project(),
      name: stateName(),
      lock_id: req(str('Lock ID chosen by the caller (a UUID); needed to unlock', { wire: 'ID' })),
      operation: req(oneOf(['OperationTypeInvalid', 'OperationTypeRefresh', 'OperationTypePlan', 'OperationTypeApply'], 'Terraform operation holding the lock', { wire: 'Operation', default: 'OperationTypeInvalid' })),
      info: req(str('Free text about the lock', { wire: 'Info', default: '' })),
      who: req(str('Lock holder as Terraform reports it (the platform records you)', { wire: 'Who', default: '' })),
      version: req(str('Terraform version', { wire: 'Version', default: '' })),
      created: req(str('Lock time as Terraform reports it (the platform records its own)', { wire: 'Created', default: '' })),
      path: req(str('State path as Terraform reports it', { wire: 'Path', default: '' })),
    },
    fineGrained: ['lock_terraform_state'],
    keywords: 'terraform state lock block changes',
    examples: [
      'lock terraform state production in acme/infra before the apply',
      'put a lock on state staging in acme/platform so nobody runs plan',
    ],
  },
  terraform_state_unlock: {
    summary: 'Unlock a Terraform state (with its lock ID, or force-unlock without one)',
    rest: 'DELETE /projects/{project_id}/terraform/state/{name}/lock',
    params: {
      project_id: id.project(),
      name: stateName(),
      lock_id: str('ID of the lock to release (omit to force-unlock)', { wire: 'ID' }),
    },
    fineGrained: ['lock_terraform_state'],
    keywords: 'terraform state unlock force-unlock release stuck lock',
    examples: ['force-unlock terraform state production in acme/infra', 'release the stuck lock on state staging in acme/platform'],
  },
  terraform_version_delete: {
    summary: 'Delete one version (serial) of a Terraform state',
    rest: 'DELETE /projects/{project_id}/terraform/state/{name}/versions/{serial}',
    params: { project_id: id.project(), name: stateName(), serial: id.int('Serial number of the state version') },
    destructive: true,
    fineGrained: ['delete_terraform_state'],
    keywords: 'terraform state version history remove',
    examples: ['delete state version serial 42 of production in acme/infra', 'remove serial 17 from the history of state staging'],
  },
  terraform_state_delete: {
    summary: 'Delete a Terraform state and all its versions',
    rest: 'DELETE /projects/{project_id}/terraform/state/{name}',
    params: {
      project_id: id.project(),
      name: stateName(),
      lock_id: str('ID of the lock held on the state, if it is locked', { wire: 'ID' }),
    },
    undocumented: { ID: 'declared on the state namespace in lib/api/terraform/state.rb (gitlabhq 093cb850) and checked by the delete; the generated definition misses it' },
    destructive: true,
    fineGrained: ['delete_terraform_state'],
    keywords: 'terraform opentofu state remove workspace delete',
    examples: ['delete terraform state old-env in acme/infra', 'remove the whole OpenTofu state sandbox with all its versions'],
  },

  // ================================================================ CI/CD secure files of a project
  secure_file_list: {
    summary: 'List the CI/CD secure files of a project (certificates, keystores, profiles)',
    rest: 'GET /projects/{project_id}/secure_files',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_secure_file'],
    keywords: 'ci secure files certificates keystore provisioning profile signing mobile',
    examples: ['what secure files does the acme/mobile pipeline have?', 'which signing certificates are uploaded to acme/ios-app?'],
  },
  secure_file_get: {
    summary: 'Get one CI/CD secure file of a project: name, checksum, expiry, metadata',
    rest: 'GET /projects/{project_id}/secure_files/{secure_file_id}',
    params: { project_id: id.project(), secure_file_id: secureFileId() },
    fineGrained: ['read_secure_file'],
    keywords: 'ci secure file details certificate',
    examples: ['show secure file 8 of acme/mobile', 'when does secure file 3 in acme/ios-app expire?'],
  },
  secure_file_create: {
    summary: 'Upload a CI/CD secure file to a project (for signing in pipelines)',
    rest: 'POST /projects/{project_id}/secure_files',
    params: {
      project_id: id.project(),
      name: req(str('Name of the secure file (unique in the project)')),
      ...fileInput('secure file'),
    },
    upload: { as: 'multipart', field: 'file' },
    fineGrained: ['create_secure_file'],
    keywords: 'upload ci secure file certificate keystore provisioning profile signing',
    examples: [
      'upload release.keystore as a CI secure file to acme/mobile',
      'add the provisioning profile ./dist.mobileprovision to acme/ios-app secure files',
    ],
  },
  secure_file_delete: {
    summary: 'Delete a CI/CD secure file of a project',
    rest: 'DELETE /projects/{project_id}/secure_files/{secure_file_id}',
    params: { project_id: id.project(), secure_file_id: secureFileId() },
    destructive: true,
    fineGrained: ['delete_secure_file'],
    keywords: 'remove ci secure file certificate',
    examples: ['delete secure file 8 from acme/mobile', 'remove the old certificate (secure file 3) in acme/ios-app'],
  },

  // ================================================================ error tracking of a project
  error_tracking_get_settings: {
    summary: 'Get the error tracking settings of a project (active, integrated or Sentry)',
    rest: 'GET /projects/{project_id}/error_tracking/settings',
    params: { project_id: id.project() },
    fineGrained: ['read_error_tracking_setting'],
    keywords: 'error tracking sentry settings exceptions',
    examples: ['is error tracking on for acme/billing?', 'does acme/api use Sentry or the integrated error tracking?'],
  },
  error_tracking_update_settings: {
    summary: 'Enable or disable error tracking of a project, and choose the integrated backend',
    rest: 'PATCH /projects/{project_id}/error_tracking/settings',
    params: {
      project_id: id.project(),
      active: req(bool('true to enable the configured error tracking, false to disable it')),
      integrated: bool('true to use the integrated error tracking backend (instead of Sentry)'),
    },
    fineGrained: ['update_error_tracking_setting'],
    keywords: 'enable disable error tracking sentry integrated',
    examples: ['switch acme/shop to the built-in error tracking', 'turn off error tracking for acme/api'],
  },
  error_tracking_list: {
    summary: 'List the client keys (DSNs) of a project\'s integrated error tracking',
    rest: 'GET /projects/{project_id}/error_tracking/client_keys',
    params: { project_id: id.project(), ...paging() },
    undocumented: {
      page: 'the keys are answered with paginate(collection) in lib/api/error_tracking/client_keys.rb, which reads page; the route declares none',
      per_page: 'the keys are answered with paginate(collection) in lib/api/error_tracking/client_keys.rb, which reads per_page; not declared',
    },
    fineGrained: ['read_error_tracking_client_key'],
    keywords: 'error tracking sentry dsn client keys',
    examples: ['which DSNs were issued for error reporting in acme/billing?', 'what Sentry client keys does acme/api have?'],
  },
  error_tracking_create: {
    summary: 'Create a client key (DSN) for a project\'s integrated error tracking',
    rest: 'POST /projects/{project_id}/error_tracking/client_keys',
    params: { project_id: id.project() },
    fineGrained: ['create_error_tracking_client_key'],
    keywords: 'new error tracking sentry dsn client key',
    examples: ['I need a fresh DSN for error reporting in acme/billing', 'give me a Sentry-compatible client key for acme/api'],
  },
  error_tracking_delete: {
    summary: 'Delete a client key (DSN) of a project\'s integrated error tracking',
    rest: 'DELETE /projects/{project_id}/error_tracking/client_keys/{key_id}',
    params: { project_id: id.project(), key_id: clientKeyId() },
    destructive: true,
    fineGrained: ['delete_error_tracking_client_key'],
    keywords: 'remove revoke error tracking sentry dsn client key',
    examples: ['delete DSN client key 4 in acme/billing', 'revoke DSN 7 of acme/api'],
  },

  // ================================================================ alert metric images of a project
  alert_metric_image_list: {
    summary: 'List the metric images attached to an alert',
    rest: 'GET /projects/{project_id}/alert_management_alerts/{alert_iid}/metric_images',
    params: { project_id: id.project(), alert_iid: alertIid() },
    fineGrained: ['read_alert_metric_image'],
    keywords: 'alert incident metrics screenshots charts images',
    examples: ['show the metric images on alert 12 in acme/shop', 'which chart screenshots are attached to alert 5?'],
  },
  alert_metric_image_upload: {
    summary: 'Upload a metric image (chart screenshot) to an alert, with an optional link',
    rest: 'POST /projects/{project_id}/alert_management_alerts/{alert_iid}/metric_images',
    params: {
      project_id: id.project(),
      alert_iid: alertIid(),
      url: str('URL to view more metric information'),
      url_text: str('Description of the image or URL'),
      ...fileInput('image'),
    },
    upload: { as: 'multipart', field: 'file' },
    fineGrained: ['create_alert_metric_image'],
    keywords: 'upload alert incident metric chart screenshot image',
    examples: ['attach ./cpu.png to alert 12 in acme/shop', 'upload a Grafana screenshot to alert 5 with a link to the dashboard'],
  },
  alert_metric_image_update: {
    summary: 'Update the link and description of an alert metric image',
    rest: 'PUT /projects/{project_id}/alert_management_alerts/{alert_iid}/metric_images/{metric_image_id}',
    params: {
      project_id: id.project(),
      alert_iid: alertIid(),
      metric_image_id: metricImageId(),
      url: str('URL to view more metric information'),
      url_text: str('Description of the image or URL'),
    },
    fineGrained: ['update_alert_metric_image'],
    keywords: 'edit alert metric image link',
    examples: ['change the link on metric image 3 of alert 12', "update the caption of alert 5's metric image 8"],
  },
  alert_metric_image_delete: {
    summary: 'Delete a metric image of an alert',
    rest: 'DELETE /projects/{project_id}/alert_management_alerts/{alert_iid}/metric_images/{metric_image_id}',
    params: { project_id: id.project(), alert_iid: alertIid(), metric_image_id: metricImageId() },
    destructive: true,
    fineGrained: ['delete_alert_metric_image'],
    keywords: 'remove alert metric image',
    examples: ['delete the chart image 3 on alert 12 in acme/billing', 'remove the wrong screenshot (image 8) from alert 5'],
  },
}, { adminMode: true });
