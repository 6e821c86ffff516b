import { domain, id, str, int, bool, obj, oneOf, req, strList, paging } from '../define.js';

const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const;
const RUNNER_STATUSES = ['online', 'offline', 'stale', 'never_contacted'] as const;
const CONTROLLER_STATES = ['disabled', 'enabled', 'dry_run'] as const;

const runnerId = () => id.int('Runner ID');
const controllerId = () => id.int('Runner controller ID');
const controllerTokenId = () => id.int('Runner controller token ID');

/** Filters shared by the runner list routes. */
const runnerFilters = () => ({
  type: oneOf(RUNNER_TYPES, 'Return runners of this type'),
  status: oneOf(RUNNER_STATUSES, 'Return runners with this connection status'),
  paused: bool('true: only paused runners; false: only runners accepting jobs'),
  tag_list: strList('Return runners carrying all of these tags'),
  version_prefix: str('Return runners whose version starts with this (e.g. 17.1)'),
  ...paging(),
});

/** Body fields a runner registration or update may set. */
const runnerSettings = () => ({
  description: str('Description of the runner'),
  paused: bool('Pause the runner (it stops picking up jobs)'),
  tag_list: strList('Tags of the runner (replaces the current tags)'),
  run_untagged: bool('Let the runner pick up jobs without tags'),
  locked: bool('Lock the runner to its current projects'),
  access_level: oneOf(['not_protected', 'ref_protected'], 'ref_protected: run jobs of protected branches and tags only'),
  maximum_timeout: int('Maximum job timeout in seconds (at least 600)'),
  maintenance_note: str('Free-form maintenance note (at most 1024 characters)'),
});

const RUNNER_TOKEN_NOTE =
  'The platform lists this route as unavailable for fine-grained tokens: it authenticates with a runner token, not a user token';

export default domain('runner', 'CI/CD runners: list, read, update, pause, assign to projects, registration and authentication tokens, runner controllers', {
  // ---- runners ----
  list: {
    summary: 'List the runners the current user can see (instance, group and project runners)',
    rest: 'GET /runners',
    params: runnerFilters(),
    fineGrained: ['read_runner'],
    keywords: 'CI build agents executors machines my runners',
  },
  list_all: {
    summary: 'List every runner of the instance (administrator only)',
    rest: 'GET /runners/all',
    params: runnerFilters(),
    fineGrained: ['read_runner'],
    keywords: 'admin all CI build agents executors instance runners',
  },
  list_project: {
    summary: 'List the runners available to a project (its own, group and instance runners)',
    rest: 'GET /projects/{project_id}/runners',
    params: { project_id: id.project(), ...runnerFilters() },
    fineGrained: ['read_runner'],
    keywords: 'project CI build agents executors',
  },
  list_group: {
    summary: 'List the runners available to a group (its own, subgroup and instance runners)',
    rest: 'GET /groups/{group_id}/runners',
    params: { group_id: id.group(), ...runnerFilters() },
    fineGrained: ['read_runner'],
    keywords: 'group CI build agents executors',
  },
  get: {
    summary: 'Get one runner: status, tags, version, IP, projects and settings',
    rest: 'GET /runners/{runner_id}',
    params: { runner_id: runnerId() },
    fineGrained: ['read_runner'],
    keywords: 'runner CI build agent',
  },
  jobs: {
    summary: 'List the jobs a runner is running or has run, filtered by status',
    rest: 'GET /runners/{runner_id}/jobs',
    params: {
      runner_id: runnerId(),
      system_id: str('Return jobs run by the runner manager with this system ID'),
      status: oneOf(['running', 'success', 'failed', 'canceled'], 'Return jobs with this status'),
      order_by: oneOf(['id'], 'Order jobs by this field'),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
      ...paging(),
    },
    fineGrained: ['read_runner'],
    keywords: 'runner job history CI builds processed busy',
  },
  list_managers: {
    summary: 'List the managers (machines or processes) of a runner, with their version and last contact',
    rest: 'GET /runners/{runner_id}/managers',
    params: { runner_id: runnerId() },
    fineGrained: ['read_runner'],
    keywords: 'runner machines hosts system id contacted',
  },
  update: {
    summary: 'Update a runner: description, pause, tags, untagged jobs, lock, protected refs, timeout',
    rest: 'PUT /runners/{runner_id}',
    params: { runner_id: runnerId(), ...runnerSettings() },
    fineGrained: ['update_runner'],
    keywords: 'edit pause resume tags runner settings',
  },
  remove: {
    summary: 'Delete a runner by its ID (it can no longer pick up jobs)',
    rest: 'DELETE /runners/{runner_id}',
    params: { runner_id: runnerId() },
    destructive: true,
    fineGrained: ['delete_runner'],
    keywords: 'delete unregister remove runner',
  },
  delete_registered: {
    summary: 'Delete a registered runner by its ID (same call as runner.remove)',
    rest: 'DELETE /runners/{runner_id}',
    params: { runner_id: runnerId() },
    destructive: true,
    fineGrained: ['delete_runner'],
    keywords: 'delete unregister registered runner',
  },
  enable_project: {
    summary: 'Assign an existing project runner to another project',
    rest: 'POST /projects/{project_id}/runners',
    params: { project_id: id.project(), runner_id: req(int('ID of the runner to assign')) },
    fineGrained: ['assign_runner'],
    keywords: 'assign enable add runner to project share',
  },
  disable_project: {
    summary: 'Unassign a runner from a project (not from its owner project)',
    rest: 'DELETE /projects/{project_id}/runners/{runner_id}',
    params: { project_id: id.project(), runner_id: runnerId() },
    destructive: true,
    fineGrained: ['assign_runner'],
    keywords: 'unassign disable remove runner from project',
  },
  reset_token: {
    summary: 'Reset the authentication token of a runner (the runner must be reconfigured with the new one)',
    rest: 'POST /runners/{runner_id}/reset_authentication_token',
    params: { runner_id: runnerId() },
    fineGrained: ['update_runner'],
    keywords: 'rotate regenerate runner authentication token secret',
  },

  // ---- registration with tokens other than the user's ----
  register: {
    summary: 'Register a new runner with a registration token (legacy registration; not the user token)',
    rest: 'POST /runners',
    params: {
      token: req(str('Registration token of the instance, group or project')),
      info: obj('Runner metadata: name, version, revision, platform, architecture'),
      ...runnerSettings(),
    },
    fineGrained: 'none',
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'register new runner registration token',
  },
  verify: {
    summary: 'Check that a runner authentication token is valid (with the runner token, not the user token)',
    rest: 'POST /runners/verify',
    writes: false,
    params: {
      token: req(str('Authentication token of the runner')),
      system_id: str('System ID of the runner manager'),
    },
    fineGrained: 'none',
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'verify check validate runner token',
  },
  delete_by_token: {
    summary: 'Delete a runner identified by its authentication token (not the user token)',
    rest: 'DELETE /runners',
    params: { token: req(str('Authentication token of the runner (sent in the body)', { in: 'body' })) },
    destructive: true,
    fineGrained: 'none',
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'unregister delete runner token',
  },

  // ---- registration tokens ----
  reset_instance_reg_token: {
    summary: 'Reset the instance runner registration token (administrator; deprecated registration)',
    rest: 'POST /runners/reset_registration_token',
    params: {},
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate instance registration token',
  },
  reset_group_reg_token: {
    summary: 'Reset the runner registration token of a group (deprecated registration)',
    rest: 'POST /groups/{group_id}/runners/reset_registration_token',
    params: { group_id: id.group() },
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate group registration token',
  },
  reset_project_reg_token: {
    summary: 'Reset the runner registration token of a project (deprecated registration)',
    rest: 'POST /projects/{project_id}/runners/reset_registration_token',
    params: { project_id: id.project() },
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate project registration token',
  },

  // ---- runner controllers (administrator, experimental) ----
  controller_list: {
    summary: 'List the runner controllers (job admission control) of the instance',
    rest: 'GET /runner_controllers',
    params: { ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'job router admission controller policy',
  },
  controller_get: {
    summary: 'Get one runner controller: description, state and dates',
    rest: 'GET /runner_controllers/{runner_controller_id}',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'job router admission controller',
  },
  controller_create: {
    summary: 'Register a runner controller (disabled, enabled or dry run)',
    rest: 'POST /runner_controllers',
    params: {
      description: str('Description of the runner controller'),
      state: oneOf(CONTROLLER_STATES, 'State of the controller (default disabled)'),
    },
    tier: 'ultimate',
    fineGrained: ['create_runner_controller'],
    keywords: 'new job router admission controller',
  },
  controller_update: {
    summary: 'Update a runner controller: description or state (disabled, enabled, dry run)',
    rest: 'PUT /runner_controllers/{runner_controller_id}',
    params: {
      runner_controller_id: controllerId(),
      description: str('Description of the runner controller'),
      state: oneOf(CONTROLLER_STATES, 'State of the controller'),
    },
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'enable disable dry run admission controller',
  },
  controller_delete: {
    summary: 'Delete a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}',
    params: { runner_controller_id: controllerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_runner_controller'],
    keywords: 'remove admission controller',
  },
  controller_scope_list: {
    summary: 'List the scopes of a runner controller (instance-wide or specific runners)',
    rest: 'GET /runner_controllers/{runner_controller_id}/scopes',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'admission controller scope which runners',
  },
  controller_scope_add_instance: {
    summary: 'Scope a runner controller to every runner of the instance',
    rest: 'POST /runner_controllers/{runner_controller_id}/scopes/instance',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller instance scope all runners',
  },
  controller_scope_remove_instance: {
    summary: 'Remove the instance-wide scope of a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/scopes/instance',
    params: { runner_controller_id: controllerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller instance scope remove',
  },
  controller_scope_add_runner: {
    summary: 'Scope a runner controller to one runner',
    rest: 'POST /runner_controllers/{runner_controller_id}/scopes/runners/{runner_id}',
    params: { runner_controller_id: controllerId(), runner_id: runnerId() },
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller runner scope add',
  },
  controller_scope_remove_runner: {
    summary: 'Remove one runner from the scope of a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/scopes/runners/{runner_id}',
    params: { runner_controller_id: controllerId(), runner_id: runnerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller runner scope remove',
  },
  controller_token_list: {
    summary: 'List the authentication tokens of a runner controller',
    rest: 'GET /runner_controllers/{runner_controller_id}/tokens',
    params: { runner_controller_id: controllerId(), ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller_token'],
    keywords: 'admission controller tokens credentials',
  },
  controller_token_get: {
    summary: 'Get one runner controller token: description, last use and dates',
    rest: 'GET /runner_controllers/{runner_controller_id}/tokens/{token_id}',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller_token'],
    keywords: 'admission controller token last used',
  },
  controller_token_create: {
    summary: 'Create an authentication token for a runner controller (the secret is shown once)',
    rest: 'POST /runner_controllers/{runner_controller_id}/tokens',
    params: {
      runner_controller_id: controllerId(),
      description: req(str('Description of the token')),
    },
    tier: 'ultimate',
    fineGrained: ['create_runner_controller_token'],
    keywords: 'new admission controller token secret',
  },
  controller_token_rotate: {
    summary: 'Rotate a runner controller token: a new secret replaces the old one',
    rest: 'POST /runner_controllers/{runner_controller_id}/tokens/{token_id}/rotate',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    tier: 'ultimate',
    fineGrained: ['rotate_runner_controller_token'],
    keywords: 'regenerate renew admission controller token',
  },
  controller_token_revoke: {
    summary: 'Revoke a runner controller token (it stops working immediately)',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/tokens/{token_id}',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['revoke_runner_controller_token'],
    keywords: 'revoke delete admission controller token',
  },
});
