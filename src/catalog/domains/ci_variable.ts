import { domain, id, str, bool, oneOf, req, paging, type ParamSpec, type Tier } from '../define.js';

const key = () => id.str('Variable key');
const newKey = () => req(str('Variable key: A-Z, a-z, 0-9 and _ only, at most 255 characters'));
const variableType = () => oneOf(['env_var', 'file'], 'Variable type (default env_var)');

/** Selects one of several variables that share a key (platform filter[environment_scope]). */
const filterScope = (placement?: 'query'): ParamSpec =>
  str('Pick the variable with this environment scope when several share the key', {
    wire: 'filter[environment_scope]',
    ...(placement ? { in: placement } : {}),
  });

/** Body fields common to project and group variables; a group's environment scope is a Premium param. */
const scopedFields = (envScopeNote: string, scopeTier?: Tier): Record<string, ParamSpec> => ({
  variable_type: variableType(),
  protected: bool('Expose the variable only to protected branches and tags'),
  masked: bool('Mask the value in job logs'),
  raw: bool('Treat the value as raw text (no $VAR expansion)'),
  environment_scope: str(`Environment scope, e.g. * or production${envScopeNote}`, scopeTier ? { tier: scopeTier } : {}),
  description: str('Description of the variable (at most 255 characters)'),
});

export default domain('ci_variable', 'CI/CD variables of projects, groups and the instance: list, read, create, update, delete', {
  // ---- project
  list: {
    summary: 'List the CI/CD variables of a project',
    rest: 'GET /projects/{project_id}/variables',
    elsewhere: { group_id: 'ci_variable.group_list' },
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_variable'],
    keywords: 'CI/CD settings env environment variables secrets project credentials config keys',
    examples: [
      'list CI variables of acme/shop',
      'what env vars are set in project acme/api CI settings?',
      'show pipeline variables configured in repo acme/web',
      'which CI/CD variables does platform/api-gateway have defined?',
      'what secrets and env vars are configured for ops/k8s pipelines?',
    ],
  },
  get: {
    summary: 'Get one CI/CD variable of a project by key',
    rest: 'GET /projects/{project_id}/variables/{key}',
    elsewhere: { group_id: 'ci_variable.group_get' },
    params: { project_id: id.project(), key: key(), filter_environment_scope: filterScope() },
    fineGrained: ['read_variable'],
    keywords: 'CI/CD env variable value secret read credential lookup reveal',
    examples: [
      'what is the value of DATABASE_URL in acme/shop CI variables?',
      'show variable AWS_REGION of project acme/api for the production scope',
      'show the CI variable SLACK_WEBHOOK in payments/checkout',
      'what is STRIPE_KEY set to in acme/shop for the staging environment scope?',
      'read the value of REGISTRY_USER in platform/api-gateway settings',
    ],
  },
  create: {
    summary: 'Create a CI/CD variable in a project (protected, masked, hidden, file or env)',
    rest: 'POST /projects/{project_id}/variables',
    elsewhere: { group_id: 'ci_variable.group_create' },
    params: {
      project_id: id.project(),
      key: newKey(),
      value: req(str('Variable value')),
      ...scopedFields(''),
      masked_and_hidden: bool('Mask the value and hide it in the UI (cannot be revealed later)'),
    },
    fineGrained: ['create_variable'],
    keywords: 'add CI/CD env variable secret new define store credential',
    examples: [
      'add a masked CI variable API_TOKEN to acme/shop',
      'create file variable KUBECONFIG in project acme/api, protected',
      'set up a new env var SENTRY_DSN in acme/web',
      'add STRIPE_SECRET to payments/checkout CI/CD settings as a masked and hidden var',
      'new secret GCP_SA_JSON in ops/k8s, type file, protected only',
    ],
  },
  update: {
    summary: 'Update a CI/CD variable of a project: value, flags, scope, description',
    rest: 'PUT /projects/{project_id}/variables/{key}',
    elsewhere: { group_id: 'ci_variable.group_update' },
    params: {
      project_id: id.project(),
      key: key(),
      value: req(str('New variable value')),
      ...scopedFields(''),
      filter_environment_scope: filterScope('query'),
    },
    fineGrained: ['update_variable'],
    keywords: 'change edit CI/CD env variable secret rotate mask overwrite credential new-value',
    examples: [
      'change the value of DATABASE_URL in acme/shop CI',
      'flag variable API_TOKEN in project acme/api as masked and protected',
      'update SENTRY_DSN for the staging scope in acme/web',
      'rotate the value of STRIPE_KEY in payments/checkout',
      'make the project CI variable NPM_TOKEN in platform/api-gateway raw so $ is not expanded',
    ],
  },
  delete: {
    summary: 'Delete a CI/CD variable of a project',
    rest: 'DELETE /projects/{project_id}/variables/{key}',
    elsewhere: { group_id: 'ci_variable.group_delete' },
    params: { project_id: id.project(), key: key(), filter_environment_scope: filterScope() },
    destructive: true,
    fineGrained: ['delete_variable'],
    keywords: 'remove CI/CD env variable secret unset drop nuke credential',
    examples: [
      'delete CI variable OLD_TOKEN from acme/shop',
      'remove the env var LEGACY_URL in project acme/api',
      'delete the STRIPE_KEY CI variable from payments/checkout, staging scope only',
      'get rid of the unused SLACK_WEBHOOK env var in ops/k8s',
      'nuke OLD_AWS_SECRET from the acme/web project settings',
    ],
  },

  // ---- group
  group_list: {
    summary: 'List the CI/CD variables of a group',
    rest: 'GET /groups/{group_id}/variables',
    elsewhere: { project_id: 'ci_variable.list' },
    params: { group_id: id.group(), ...paging() },
    fineGrained: ['read_variable'],
    keywords: 'CI/CD settings env variables secrets group org shared inherited namespace credentials',
    examples: [
      'list CI variables of group acme',
      'which secrets does group platform pass down to its projects?',
      'show group-level variables for acme',
      'which CI variables are defined at the group level for payments?',
      'what env secrets does the data-team namespace hand down to every repo under it?',
    ],
  },
  group_get: {
    summary: 'Get one CI/CD variable of a group by key',
    rest: 'GET /groups/{group_id}/variables/{key}',
    elsewhere: { project_id: 'ci_variable.get' },
    params: { group_id: id.group(), key: key() },
    fineGrained: ['read_variable'],
    keywords: 'CI/CD env variable group org shared value namespace',
    examples: [
      'show variable NPM_TOKEN of group acme',
      'value of group-level CI var DOCKER_AUTH in group platform',
      'what is SONAR_HOST set to in group platform?',
      'show the group CI variable KUBE_CONTEXT in group ops',
      'what is ARTIFACTORY_URL set to in the payments namespace, shared by all its repos?',
    ],
  },
  group_create: {
    summary: 'Create a CI/CD variable in a group, inherited by its projects',
    rest: 'POST /groups/{group_id}/variables',
    elsewhere: { project_id: 'ci_variable.create' },
    params: {
      group_id: id.group(),
      key: newKey(),
      value: req(str('Variable value')),
      ...scopedFields(' (Premium)', 'premium'),
      masked_and_hidden: bool('Mask the value and hide it in the UI (cannot be revealed later)'),
    },
    fineGrained: ['create_variable'],
    keywords: 'add CI/CD env variable secret group new org shared namespace define',
    examples: [
      'add a group CI variable NPM_TOKEN to group acme, masked',
      'create a shared env var SONAR_HOST in group platform for all its projects',
      'define DEPLOY_KEY as a protected variable at the acme group level',
      'create group variable SLACK_WEBHOOK in group ops, masked, scope production',
      'add a secret KUBE_TOKEN that every project under the payments namespace inherits',
    ],
  },
  group_update: {
    summary: 'Update a CI/CD variable of a group: value, flags, scope, description',
    rest: 'PUT /groups/{group_id}/variables/{key}',
    elsewhere: { project_id: 'ci_variable.update' },
    params: {
      group_id: id.group(),
      key: key(),
      value: req(str('New variable value')),
      ...scopedFields(' (Premium)', 'premium'),
    },
    fineGrained: ['update_variable'],
    keywords: 'change edit CI/CD env variable group org shared rotate mask namespace',
    examples: [
      'change NPM_TOKEN in group acme to the new value',
      'protect group variable DOCKER_AUTH in group platform',
      'update REGISTRY_PASS in group acme with the new password',
      'update the group CI variable ARTIFACTORY_URL in group data-team to the new host',
      'swap in a new value for SONAR_TOKEN that the platform namespace shares with its repos, and mask it',
    ],
  },
  group_delete: {
    summary: 'Delete a CI/CD variable of a group',
    rest: 'DELETE /groups/{group_id}/variables/{key}',
    elsewhere: { project_id: 'ci_variable.delete' },
    params: { group_id: id.group(), key: key() },
    destructive: true,
    fineGrained: ['delete_variable'],
    keywords: 'remove CI/CD env variable group org shared unset namespace',
    examples: [
      'delete group variable NPM_TOKEN from group acme',
      'remove DOCKER_AUTH from group platform CI settings',
      'delete the CI variable KUBE_TOKEN from group ops',
      'get rid of the stale SLACK_WEBHOOK secret in the payments group',
      'nuke the ARTIFACTORY_URL env var that the data-team namespace shares with its projects',
    ],
  },

  // ---- instance (administrator)
  instance_list: {
    summary: 'List the instance-level CI/CD variables (administrator)',
    rest: 'GET /admin/ci/variables',
    params: { ...paging() },
    fineGrained: ['read_variable'],
    keywords: 'admin global instance CI/CD env variables sitewide self-managed server',
    examples: [
      'list instance-wide CI variables',
      'which global CI variables does every project get?',
      'as admin, show all instance-level CI/CD variables',
      'what env vars does our GitLab server inject into every pipeline, admin settings?',
      'list the admin-level CI vars set for the entire server',
    ],
  },
  instance_get: {
    summary: 'Get one instance-level CI/CD variable by key (administrator)',
    rest: 'GET /admin/ci/variables/{key}',
    params: { key: key() },
    fineGrained: ['read_variable'],
    keywords: 'admin global instance CI/CD env variable sitewide self-managed value',
    examples: [
      'show the instance-level CI variable HTTP_PROXY',
      'value of global admin CI var CORP_CA_BUNDLE',
      'as admin, what is the instance CI variable NO_PROXY set to?',
      'show me the server-wide env var SONAR_HOST_URL in the admin area',
      'value of instance-wide variable CORP_NPM_REGISTRY',
    ],
  },
  instance_create: {
    summary: 'Create an instance-level CI/CD variable available to all projects (administrator)',
    rest: 'POST /admin/ci/variables',
    params: {
      key: newKey(),
      value: req(str('Variable value (at most 10,000 characters)')),
      variable_type: variableType(),
      protected: bool('Expose the variable only to protected branches and tags'),
      masked: bool('Mask the value in job logs'),
      raw: bool('Treat the value as raw text (no $VAR expansion)'),
      description: str('Description of the variable (at most 255 characters)'),
    },
    fineGrained: ['create_variable'],
    keywords: 'admin global instance add CI/CD env variable new sitewide self-managed define',
    examples: [
      'add an instance-wide CI variable HTTP_PROXY for all projects',
      'create global CI var NO_PROXY as admin',
      'create an instance-level CI variable CORP_NPM_REGISTRY for every project, as admin',
      'admin: add a server-wide env var SENTRY_ENV=prod that all pipelines get',
      'add a masked global CI variable ARTIFACTORY_TOKEN on the whole instance',
    ],
  },
  instance_update: {
    summary: 'Update an instance-level CI/CD variable (administrator)',
    rest: 'PUT /admin/ci/variables/{key}',
    params: {
      key: key(),
      value: str('New variable value'),
      variable_type: variableType(),
      protected: bool('Expose the variable only to protected branches and tags'),
      masked: bool('Mask the value in job logs'),
      raw: bool('Treat the value as raw text (no $VAR expansion)'),
      description: str('Description of the variable (at most 255 characters)'),
    },
    fineGrained: ['update_variable'],
    keywords: 'admin global instance change CI/CD env variable sitewide rotate mask self-managed',
    examples: [
      'change the instance CI variable HTTP_PROXY to proxy.corp:3128',
      'mask the global CI variable CORP_TOKEN',
      'update the instance-wide CI variable NO_PROXY to add .internal',
      'as admin, protect the global env var DEPLOY_TOKEN so only protected branches see it',
      'change the server-wide CI var CORP_CA_BUNDLE to file type',
    ],
  },
  instance_delete: {
    summary: 'Delete an instance-level CI/CD variable (administrator)',
    rest: 'DELETE /admin/ci/variables/{key}',
    params: { key: key() },
    destructive: true,
    fineGrained: ['delete_variable'],
    keywords: 'admin global instance remove CI/CD env variable sitewide unset drop self-managed',
    examples: [
      'delete the instance-level CI variable HTTP_PROXY',
      'remove global CI var CORP_TOKEN',
      'as admin, delete the instance-wide CI variable NO_PROXY',
      'get rid of the global env var OLD_SONAR_URL on the whole server',
      'wipe the server-wide admin CI var LEGACY_PROXY',
    ],
  },
});
