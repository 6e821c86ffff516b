import { domain, id, str, int, bool, oneOf, req, strList, paging } from '../define.js';

const TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
const DEPLOYMENT_STATUSES = ['created', 'running', 'success', 'failed', 'canceled', 'skipped', 'blocked'] as const;

const environmentId = () => id.int('Environment ID');
const deploymentId = () => id.int('Deployment ID');
const freezeId = () => id.int('Deploy freeze period ID');
const protectedName = () => id.str('Name of the protected environment (e.g. production)');

/** The merge request list filters GitLab also takes on a deployment's merge requests. */
const MR_LIST_FILTERS = [
  'approved', 'assignee_id', 'assignee_username', 'author_id', 'author_username', 'created_after', 'created_before', 'deployed_after',
  'deployed_before', 'environment', 'in', 'labels', 'merge_user_id', 'merge_user_username', 'milestone', 'my_reaction_emoji',
  'not[assignee_id]', 'not[assignee_username]', 'not[author_id]', 'not[author_username]', 'not[labels]', 'not[milestone]',
  'not[my_reaction_emoji]', 'not[reviewer_id]', 'not[reviewer_username]', 'reviewer_id', 'reviewer_username', 'scope', 'search',
  'source_branch', 'source_project_id', 'target_branch', 'updated_after', 'updated_before', 'view', 'wip', 'with_labels_details',
  'with_merge_status_recheck',
] as const;

const environmentFields = {
  external_url: str('URL where the environment can be reached'),
  tier: oneOf(TIERS, 'Deployment tier of the environment'),
  description: str('Description of the environment'),
  cluster_agent_id: int('Kubernetes cluster agent to associate with the environment'),
  kubernetes_namespace: str('Kubernetes namespace to associate with the environment'),
  flux_resource_path: str('Flux resource path to associate with the environment'),
  auto_stop_setting: oneOf(['always', 'with_action'], 'When the environment stops automatically'),
};

const deployAccessLevels = (desc: string) => strList(desc, { items: 'object' });
const approvalRules = () => strList(
  'Approval rules: [{"access_level":40 or "user_id" or "group_id","required_approvals":1}]',
  { items: 'object' },
);

export default domain('environment', 'Deployment environments, deployments and their approvals, deploy freeze periods and protected environments', {
  list: {
    summary: 'List the environments of a project, by name, search text or state',
    rest: 'GET /projects/{project_id}/environments',
    params: {
      project_id: id.project(),
      name: str('Return the environment with exactly this name'),
      search: str('Search environment names (at least 3 characters)'),
      states: oneOf(['available', 'stopping', 'stopped'], 'Return environments in this state'),
      ...paging(),
    },
    fineGrained: ['read_environment'],
    keywords: 'deploy production staging review apps environments',
    examples: [
      'list environments of acme/shop',
      'which review apps are still up in acme/web?',
      'show stopped environments in acme/api',
    ],
  },
  get: {
    summary: 'Get one environment with its last deployment and cluster agent',
    rest: 'GET /projects/{project_id}/environments/{environment_id}',
    params: { project_id: id.project(), environment_id: environmentId() },
    fineGrained: ['read_environment'],
    notFound: { kind: 'environment', idParam: 'environment_id', listAction: 'environment.list' },
    keywords: 'deploy production staging environment',
    examples: [
      'show environment 14 in acme/shop',
      "what's running on environment 9 right now, last deploy included?",
      'details of environment 21 in acme/api with its cluster agent',
    ],
  },
  create: {
    summary: 'Create an environment in a project',
    rest: 'POST /projects/{project_id}/environments',
    params: {
      project_id: id.project(),
      name: req(str('Name of the environment')),
      ...environmentFields,
      slug: str('URL-friendly name of the environment (default: derived from the name)'),
    },
    fineGrained: ['create_environment'],
    keywords: 'new deploy environment staging production',
    examples: [
      'create a staging environment in acme/shop',
      'add environment "qa" with URL qa.acme.dev to acme/api',
      'set up a new production env for acme/web',
    ],
  },
  update: {
    summary: 'Update an environment: external URL, tier, description, Kubernetes settings',
    rest: 'PUT /projects/{project_id}/environments/{environment_id}',
    params: {
      project_id: id.project(),
      environment_id: environmentId(),
      ...environmentFields,
      slug: str('URL-friendly name of the environment (default: derived from the name)'),
    },
    fineGrained: ['update_environment'],
    keywords: 'edit environment url tier',
    examples: [
      'change the external URL of environment 14 in acme/shop',
      'set tier to production for environment 9',
      'point environment 21 at kubernetes namespace shop-prod',
    ],
  },
  stop: {
    summary: 'Stop an environment, running its on_stop action unless forced',
    rest: 'POST /projects/{project_id}/environments/{environment_id}/stop',
    params: {
      project_id: id.project(),
      environment_id: environmentId(),
      force: bool('Stop without running the on_stop actions'),
    },
    destructive: true,
    fineGrained: ['stop_environment'],
    keywords: 'teardown shut down review app environment',
    examples: [
      'stop environment 14 in acme/shop',
      'tear down review app environment 33 in acme/web',
      'shut down environment 21 right away, skip on_stop (force)',
    ],
  },
  delete: {
    summary: 'Delete a stopped environment (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/environments/{environment_id}',
    params: { project_id: id.project(), environment_id: environmentId() },
    destructive: true,
    fineGrained: ['delete_environment'],
    keywords: 'remove environment',
    examples: [
      'delete environment 14 from acme/shop',
      'remove stopped environment 33 in acme/web for good',
    ],
  },

  // ---- deployments
  deployment_list: {
    summary: 'List the deployments of a project, by environment, status or date',
    rest: 'GET /projects/{project_id}/deployments',
    params: {
      project_id: id.project(),
      environment: str('Return deployments to this environment name'),
      status: oneOf(DEPLOYMENT_STATUSES, 'Return deployments with this status'),
      updated_after: str('Updated after this ISO 8601 date-time'),
      updated_before: str('Updated before this ISO 8601 date-time'),
      finished_after: str('Finished after this ISO 8601 date-time (needs order_by finished_at)'),
      finished_before: str('Finished before this ISO 8601 date-time (needs order_by finished_at)'),
      order_by: oneOf(['id', 'iid', 'created_at', 'updated_at', 'finished_at'], 'Order by this field (default id)'),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default asc)'),
      ...paging(),
    },
    fineGrained: ['read_deployment'],
    keywords: 'deploys deployed releases history rollout production',
    examples: [
      'recent deployments to production in acme/shop',
      'list failed deploys of acme/api this week',
      'deploy history of staging ordered by finish time',
    ],
  },
  deployment_get: {
    summary: 'Get one deployment: environment, ref, SHA, status, deployable job, approvals',
    rest: 'GET /projects/{project_id}/deployments/{deployment_id}',
    params: { project_id: id.project(), deployment_id: deploymentId() },
    fineGrained: ['read_deployment'],
    notFound: { kind: 'deployment', idParam: 'deployment_id', listAction: 'environment.deployment_list' },
    keywords: 'deploy status',
    examples: [
      'show deployment 512 in acme/shop',
      'which commit did deployment 77 roll out, and did it succeed?',
      'status of deploy 309 in acme/web',
    ],
  },
  deployment_create: {
    summary: 'Record a deployment of a ref and commit to an environment',
    rest: 'POST /projects/{project_id}/deployments',
    params: {
      project_id: id.project(),
      environment: req(str('Name of the environment deployed to')),
      sha: req(str('SHA of the deployed commit')),
      ref: req(str('Name of the deployed branch or tag')),
      tag: req(bool('Whether ref is a tag')),
      status: req(oneOf(['running', 'success', 'failed', 'canceled'], 'Status of the deployment')),
    },
    fineGrained: ['create_deployment'],
    keywords: 'new deploy record external deployment',
    examples: [
      'record a deployment of main at 4f2a9c1 to production in acme/shop',
      'register a successful external deploy of tag v1.2.0 to staging',
    ],
  },
  deployment_update: {
    summary: 'Change the status of a deployment',
    rest: 'PUT /projects/{project_id}/deployments/{deployment_id}',
    params: {
      project_id: id.project(),
      deployment_id: deploymentId(),
      status: req(oneOf(['running', 'success', 'failed', 'canceled'], 'New status of the deployment')),
    },
    fineGrained: ['update_deployment'],
    keywords: 'deploy status mark success failed',
    examples: [
      'mark deployment 512 as failed',
      'set status of deployment 77 in acme/api to success',
    ],
  },
  deployment_delete: {
    summary: 'Delete a deployment that is not the last one of its environment',
    rest: 'DELETE /projects/{project_id}/deployments/{deployment_id}',
    params: { project_id: id.project(), deployment_id: deploymentId() },
    destructive: true,
    fineGrained: ['delete_deployment'],
    keywords: 'remove deployment',
    examples: [
      'delete deployment 512 in acme/shop',
      'remove the old deployment record 77 from acme/api',
    ],
  },
  deployment_merge_requests: {
    summary: 'List the merge requests shipped with a deployment',
    rest: 'GET /projects/{project_id}/deployments/{deployment_id}/merge_requests',
    params: {
      project_id: id.project(),
      deployment_id: deploymentId(),
      state: oneOf(['opened', 'closed', 'locked', 'merged', 'all'], 'Return merge requests in this state'),
      order_by: oneOf(['created_at', 'updated_at', 'merged_at', 'title', 'label_priority', 'milestone_due', 'popularity', 'priority'], 'Order by this field (default created_at)'),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
      ...paging(),
    },
    omitted: Object.fromEntries(MR_LIST_FILTERS.map((n) => [n, 'a merge request list filter: filter with merge_request.list; this action answers what a deployment shipped'])),
    fineGrained: ['read_deployment', 'read_merge_request'],
    keywords: 'PR pull requests changes shipped released in deploy',
    examples: [
      'which MRs went out with deployment 512?',
      'list merge requests included in deployment 77 of acme/api',
    ],
  },
  deployment_approve_or_reject: {
    summary: 'Approve or reject a deployment blocked on a protected environment',
    rest: 'POST /projects/{project_id}/deployments/{deployment_id}/approval',
    params: {
      project_id: id.project(),
      deployment_id: deploymentId(),
      status: req(oneOf(['approved', 'rejected'], 'Decision on the deployment')),
      comment: str('Comment explaining the decision'),
      represented_as: str('Name of the user or group to approve as, when you belong to several rules'),
    },
    tier: 'premium',
    fineGrained: ['approve_deployment'],
    keywords: 'approve reject deploy approval gate production',
    examples: [
      'approve the blocked production deployment 512',
      'reject deployment 77 in acme/api, change window is over',
      'OK the pending deploy 88 to prod with comment "go"',
    ],
  },

  // ---- deploy freeze periods
  freeze_list: {
    summary: 'List the deploy freeze periods of a project',
    rest: 'GET /projects/{project_id}/freeze_periods',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_freeze_period'],
    keywords: 'deploy freeze code freeze blackout window',
    examples: [
      'list deploy freezes in acme/shop',
      'when are the code freeze windows for acme/api?',
    ],
  },
  freeze_get: {
    summary: 'Get one deploy freeze period',
    rest: 'GET /projects/{project_id}/freeze_periods/{freeze_period_id}',
    params: { project_id: id.project(), freeze_period_id: freezeId() },
    fineGrained: ['read_freeze_period'],
    keywords: 'deploy freeze window',
    examples: [
      'show freeze period 3 of acme/shop',
      'details of deploy freeze 7 in acme/api',
    ],
  },
  freeze_create: {
    summary: 'Create a deploy freeze period (cron start and end) in a project',
    rest: 'POST /projects/{project_id}/freeze_periods',
    params: {
      project_id: id.project(),
      freeze_start: req(str('Start of the freeze as a cron expression, e.g. 0 23 * * 5')),
      freeze_end: req(str('End of the freeze as a cron expression, e.g. 0 7 * * 1')),
      cron_timezone: str('Time zone of the cron expressions (default UTC)'),
    },
    fineGrained: ['create_freeze_period'],
    keywords: 'add deploy freeze code freeze holiday',
    examples: [
      'add a code freeze in acme/shop from Friday 23:00 to Monday 07:00 UTC',
      'create a holiday deploy freeze 0 0 24 12 * until 0 0 2 1 * in acme/api',
    ],
  },
  freeze_update: {
    summary: 'Change the start, end or time zone of a deploy freeze period',
    rest: 'PUT /projects/{project_id}/freeze_periods/{freeze_period_id}',
    params: {
      project_id: id.project(),
      freeze_period_id: freezeId(),
      freeze_start: str('Start of the freeze as a cron expression'),
      freeze_end: str('End of the freeze as a cron expression'),
      cron_timezone: str('Time zone of the cron expressions'),
    },
    fineGrained: ['update_freeze_period'],
    keywords: 'edit deploy freeze window',
    examples: [
      'change freeze period 3 in acme/shop to start Friday 18:00',
      'set the timezone of deploy freeze 7 in acme/api to CET',
    ],
  },
  freeze_delete: {
    summary: 'Delete a deploy freeze period',
    rest: 'DELETE /projects/{project_id}/freeze_periods/{freeze_period_id}',
    params: { project_id: id.project(), freeze_period_id: freezeId() },
    destructive: true,
    fineGrained: ['delete_freeze_period'],
    keywords: 'remove deploy freeze',
    examples: [
      'delete freeze period 3 in acme/shop',
      'remove the holiday code freeze 7 from acme/api',
    ],
  },

  // ---- protected environments
  protected_list: {
    summary: 'List the protected environments of a project',
    rest: 'GET /projects/{project_id}/protected_environments',
    params: { project_id: id.project(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_protected_environment'],
    keywords: 'protected environments deploy access approvals',
    examples: [
      'which environments are protected in acme/shop?',
      'list protected environments of acme/api',
    ],
  },
  protected_get: {
    summary: 'Get one protected environment by name: who may deploy and its approval rules',
    rest: 'GET /projects/{project_id}/protected_environments/{name}',
    params: { project_id: id.project(), name: protectedName() },
    tier: 'premium',
    fineGrained: ['read_protected_environment'],
    keywords: 'protected environment who can deploy allowed deployers',
    examples: [
      'deploy permissions and approval rules of protected env production in acme/shop',
      'show protection settings of the staging environment in acme/api',
    ],
  },
  protected_protect: {
    summary: 'Protect an environment: restrict who may deploy and require approvals',
    rest: 'POST /projects/{project_id}/protected_environments',
    params: {
      project_id: id.project(),
      name: req(str('Name of the environment to protect')),
      deploy_access_levels: req(deployAccessLevels(
        'Who may deploy: [{"access_level":40}|{"user_id":1}|{"group_id":2,"group_inheritance_type":0}]',
      )),
      approval_rules: approvalRules(),
      required_approval_count: int('Number of approvals required (deprecated; use approval_rules)'),
    },
    tier: 'premium',
    fineGrained: ['create_protected_environment'],
    keywords: 'protect environment restrict deploy approvals',
    examples: [
      'protect the production environment in acme/shop so only maintainers deploy',
      'restrict deploys to staging in acme/api to group release-managers',
    ],
  },
  protected_update: {
    summary: 'Change who may deploy to a protected environment or how many approvals its deployments require',
    rest: 'PUT /projects/{project_id}/protected_environments/{name}',
    params: {
      project_id: id.project(),
      name: protectedName(),
      deploy_access_levels: deployAccessLevels(
        'Deploy access levels; existing entries need "id", {"id":1,"_destroy":true} removes one',
      ),
      approval_rules: strList(
        'Approval rules; existing entries need "id", {"id":1,"_destroy":true} removes one',
        { items: 'object' },
      ),
      required_approval_count: int('Number of approvals required (deprecated; use approval_rules)'),
    },
    tier: 'premium',
    fineGrained: ['update_protected_environment'],
    keywords: 'edit protected environment access required approvals require deployers',
    examples: [
      'require 2 approvals for deployments to protected production in acme/shop',
      'let @ops-bot deploy to protected env staging in acme/api',
    ],
  },
  protected_unprotect: {
    summary: 'Unprotect an environment (anyone with deploy rights may deploy again)',
    rest: 'DELETE /projects/{project_id}/protected_environments/{name}',
    params: { project_id: id.project(), name: protectedName() },
    tier: 'premium',
    destructive: true,
    fineGrained: ['delete_protected_environment'],
    keywords: 'unprotect remove protection environment',
    examples: [
      'unprotect the production environment in acme/shop',
      'lift protection on staging in acme/api',
    ],
  },
});
