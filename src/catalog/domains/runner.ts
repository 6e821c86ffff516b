import { domain, id, str, int, bool, obj, oneOf, req, strList, paging } from '../define.js';

const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const;
const RUNNER_STATUSES = ['online', 'offline', 'stale', 'never_contacted'] as const;
const CONTROLLER_STATES = ['disabled', 'enabled', 'dry_run'] as const;
const JOB_STATUSES = [
  'created', 'waiting_for_resource', 'preparing', 'waiting_for_callback', 'pending', 'running', 'success', 'failed',
  'canceling', 'canceled', 'skipped', 'manual', 'scheduled',
] as const;

/** GitLab's list parameters these lists leave out or narrow, and why (doc/api/runners.md marks them deprecated). */
const LIST_NOTES = {
  narrowed: { status: 'GitLab also takes active and paused, deprecated status values: the paused filter replaces them' },
};
const SCOPE_OMITTED = { scope: 'deprecated by GitLab in favour of type and status' };
/** Body fields GitLab keeps under old names. */
const SETTINGS_OMITTED = { active: 'deprecated by GitLab in favour of paused (its opposite)' };

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
    ...LIST_NOTES,
    omitted: SCOPE_OMITTED,
    fineGrained: ['read_runner'],
    keywords: 'CI build agents executors machines my runners',
    examples: [
      'list my runners',
      'which of the runners I can see are offline?',
      'show paused runners tagged docker that I have access to',
    ],
  },
  list_all: {
    summary: 'List every runner of the instance (administrator only)',
    rest: 'GET /runners/all',
    params: runnerFilters(),
    ...LIST_NOTES,
    omitted: SCOPE_OMITTED,
    fineGrained: ['read_runner'],
    keywords: 'admin all CI build agents executors instance runners',
    examples: [
      'admin: every runner on the instance',
      'list all instance runners running version 16.x',
      'which runners across the whole GitLab are stale?',
    ],
  },
  list_project: {
    summary: 'List the runners available to a project (its own, group and instance runners)',
    rest: 'GET /projects/{project_id}/runners',
    params: { project_id: id.project(), ...runnerFilters() },
    ...LIST_NOTES,
    omitted: SCOPE_OMITTED,
    fineGrained: ['read_runner'],
    keywords: 'project CI build agents executors',
    examples: [
      'which runners can pick up jobs for acme/shop?',
      'list runners available to project platform/infra',
      'are there online runners for web/frontend?',
    ],
  },
  list_group: {
    summary: 'List the runners available to a group (its own, subgroup and instance runners)',
    rest: 'GET /groups/{group_id}/runners',
    params: { group_id: id.group(), ...runnerFilters() },
    ...LIST_NOTES,
    fineGrained: ['read_runner'],
    keywords: 'group CI build agents executors',
    examples: [
      'runners of group acme',
      'list online runners available to the platform group',
      'what group runners does data-team have?',
    ],
  },
  get: {
    summary: 'Get one runner: status, tags, version, IP, projects and settings',
    rest: 'GET /runners/{runner_id}',
    params: {
      runner_id: runnerId(),
      include_projects: bool('Include the projects the runner is assigned to (default true)'),
    },
    fineGrained: ['read_runner'],
    keywords: 'runner CI build agent',
    examples: [
      'show runner 17',
      'is runner 204 online and what version is it on?',
      'details of runner 33: tags and IP address',
    ],
  },
  jobs: {
    summary: 'List the jobs a runner is running or has run, filtered by status',
    rest: 'GET /runners/{runner_id}/jobs',
    params: {
      runner_id: runnerId(),
      system_id: str('Return jobs run by the runner manager with this system ID'),
      status: oneOf(JOB_STATUSES, 'Return jobs with this status'),
      order_by: oneOf(['id'], 'Order jobs by this field'),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
      ...paging(),
    },
    omitted: { cursor: 'keyset pagination: this server pages by page/per_page' },
    fineGrained: ['read_runner'],
    keywords: 'runner job history CI builds processed busy',
    examples: [
      'what jobs has runner 17 run?',
      'what is runner 204 working on right now?',
      'failed jobs on runner 33',
    ],
  },
  list_managers: {
    summary: 'List the managers (machines or processes) of a runner, with their version and last contact',
    rest: 'GET /runners/{runner_id}/managers',
    params: { runner_id: runnerId() },
    fineGrained: ['read_runner'],
    keywords: 'runner machines hosts system id contacted',
    examples: [
      'which machines are behind runner 17?',
      'list the managers of runner 204 and when they last checked in',
      'what hosts report in for runner 33 and which versions are they on?',
    ],
  },
  update: {
    summary: 'Update a runner: description, pause, tags, untagged jobs, lock, protected refs, timeout',
    rest: 'PUT /runners/{runner_id}',
    params: { runner_id: runnerId(), ...runnerSettings() },
    omitted: SETTINGS_OMITTED,
    fineGrained: ['update_runner'],
    keywords: 'edit pause resume tags runner settings',
    examples: [
      'pause runner 17',
      'add the gpu tag to runner 204',
      'set runner 33 to protected branches only with a 1h max timeout',
    ],
  },
  remove: {
    summary: 'Delete a runner by its ID (it can no longer pick up jobs)',
    rest: 'DELETE /runners/{runner_id}',
    params: { runner_id: runnerId() },
    destructive: true,
    fineGrained: ['delete_runner'],
    keywords: 'delete unregister remove runner',
    examples: [
      'delete runner 17',
      'remove runner 204, the VM is gone',
    ],
  },
  delete_registered: {
    summary: 'Delete a registered runner by its ID (same call as runner.remove)',
    rest: 'DELETE /runners/{runner_id}',
    params: { runner_id: runnerId() },
    destructive: true,
    fineGrained: ['delete_runner'],
    keywords: 'delete unregister registered runner',
    examples: [
      'delete the registered runner 3301',
      'unregister runner id 912 from GitLab, delete it',
    ],
  },
  enable_project: {
    summary: 'Assign an existing project runner to another project',
    rest: 'POST /projects/{project_id}/runners',
    params: { project_id: id.project(), runner_id: req(int('ID of the runner to assign')) },
    fineGrained: ['assign_runner'],
    keywords: 'assign enable add runner to project share',
    examples: [
      'assign runner 17 to acme/api too',
      'enable project runner 204 on platform/infra',
      'share runner 33 with web/frontend',
    ],
  },
  disable_project: {
    summary: 'Unassign a runner from a project (not from its owner project)',
    rest: 'DELETE /projects/{project_id}/runners/{runner_id}',
    params: { project_id: id.project(), runner_id: runnerId() },
    destructive: true,
    fineGrained: ['assign_runner'],
    keywords: 'unassign disable remove runner from project',
    examples: [
      'disable runner 17 for acme/api',
      'remove runner 204 from project platform/infra, keep it for its owner project',
      'remove shared runner 33 from web/frontend, it should stop picking up its jobs',
    ],
  },
  reset_token: {
    summary: 'Reset the authentication token of a runner (the runner must be reconfigured with the new one)',
    rest: 'POST /runners/{runner_id}/reset_authentication_token',
    params: { runner_id: runnerId() },
    fineGrained: ['update_runner'],
    keywords: 'rotate regenerate runner authentication token secret',
    examples: [
      'reset the auth token of runner 17',
      "regenerate runner 204's authentication token",
      "get runner 33 a fresh authentication token, I'll update its config.toml",
    ],
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
    omitted: { ...SETTINGS_OMITTED, maintainer_note: 'deprecated by GitLab in favour of maintenance_note' },
    fineGrained: [],
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'register new runner registration token',
    examples: [
      'register a new runner with registration token GR1348941abc',
      'sign up a runner using the project registration token, tags docker and linux',
    ],
  },
  verify: {
    summary: 'Check that a runner authentication token is valid (with the runner token, not the user token)',
    rest: 'POST /runners/verify',
    writes: false,
    readNote: 'only checks a runner token; nothing changes',
    params: {
      token: req(str('Authentication token of the runner')),
      system_id: str('System ID of the runner manager'),
    },
    fineGrained: [],
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'verify check validate runner token',
    examples: [
      'is this runner token glrt-xyz still valid?',
      'verify runner authentication token glrt-abc123',
    ],
  },
  delete_by_token: {
    summary: 'Delete a runner identified by its authentication token (not the user token)',
    rest: 'DELETE /runners',
    params: { token: req(str('Authentication token of the runner (sent in the body)', { in: 'body' })) },
    destructive: true,
    fineGrained: [],
    routeNote: RUNNER_TOKEN_NOTE,
    keywords: 'unregister delete runner token',
    examples: [
      'delete the runner whose token is glrt-abc123',
      'unregister and remove the runner with auth token glrt-xyz',
    ],
  },

  // ---- registration tokens ----
  reset_instance_reg_token: {
    summary: 'Reset the instance runner registration token (administrator; deprecated registration)',
    rest: 'POST /runners/reset_registration_token',
    params: {},
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate instance registration token',
    examples: [
      'reset the instance runner registration token',
      'admin: regenerate the global runner registration token',
    ],
  },
  reset_group_reg_token: {
    summary: 'Reset the runner registration token of a group (deprecated registration)',
    rest: 'POST /groups/{group_id}/runners/reset_registration_token',
    params: { group_id: id.group() },
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate group registration token',
    examples: [
      'reset the runner registration token of group acme',
      "regenerate group platform's runner registration token",
    ],
  },
  reset_project_reg_token: {
    summary: 'Reset the runner registration token of a project (deprecated registration)',
    rest: 'POST /projects/{project_id}/runners/reset_registration_token',
    params: { project_id: id.project() },
    fineGrained: ['reset_runner_registration_token'],
    keywords: 'rotate regenerate project registration token',
    examples: [
      'reset the runner registration token for acme/shop',
      'new runner registration token for project platform/infra',
    ],
  },

  // ---- runner controllers (administrator, experimental) ----
  controller_list: {
    summary: 'List the runner controllers (job admission control) of the instance',
    rest: 'GET /runner_controllers',
    params: { ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'job router admission controller policy',
    examples: [
      'list runner controllers',
      'what admission controllers are configured for runners?',
    ],
  },
  controller_get: {
    summary: 'Get one runner controller: description, state and dates',
    rest: 'GET /runner_controllers/{runner_controller_id}',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'job router admission controller',
    examples: [
      'show runner controller 3',
      'is runner controller 7 in dry run mode?',
    ],
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
    examples: [
      'create a runner controller in dry run mode',
      'register a new job admission controller, disabled for now',
    ],
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
    examples: [
      'enable runner controller 3',
      'switch runner controller 7 to dry_run',
    ],
  },
  controller_delete: {
    summary: 'Delete a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}',
    params: { runner_controller_id: controllerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_runner_controller'],
    keywords: 'remove admission controller',
    examples: [
      'delete runner controller 3',
      'remove the admission controller 7',
    ],
  },
  controller_scope_list: {
    summary: 'List the scopes of a runner controller (instance-wide or specific runners)',
    rest: 'GET /runner_controllers/{runner_controller_id}/scopes',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller'],
    keywords: 'admission controller scope which runners',
    examples: [
      'what runners does controller 3 apply to?',
      'list scopes of runner controller 7',
    ],
  },
  controller_scope_add_instance: {
    summary: 'Scope a runner controller to every runner of the instance',
    rest: 'POST /runner_controllers/{runner_controller_id}/scopes/instance',
    params: { runner_controller_id: controllerId() },
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller instance scope all runners',
    examples: [
      'apply runner controller 3 to all runners on the instance',
      'scope admission controller 7 instance-wide',
    ],
  },
  controller_scope_remove_instance: {
    summary: 'Remove the instance-wide scope of a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/scopes/instance',
    params: { runner_controller_id: controllerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller instance scope remove',
    examples: [
      'remove the instance-wide scope from runner controller 3',
      'delete the instance scope of admission controller 7',
    ],
  },
  controller_scope_add_runner: {
    summary: 'Scope a runner controller to one runner',
    rest: 'POST /runner_controllers/{runner_controller_id}/scopes/runners/{runner_id}',
    params: { runner_controller_id: controllerId(), runner_id: runnerId() },
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller runner scope add',
    examples: [
      'scope runner controller 3 to runner 17',
      'add runner 204 to the scope of controller 7',
    ],
  },
  controller_scope_remove_runner: {
    summary: 'Remove one runner from the scope of a runner controller',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/scopes/runners/{runner_id}',
    params: { runner_controller_id: controllerId(), runner_id: runnerId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['update_runner_controller'],
    keywords: 'admission controller runner scope remove',
    examples: [
      'remove runner 17 from the scope of runner controller 3',
      'delete the runner 204 scope on admission controller 7',
    ],
  },
  controller_token_list: {
    summary: 'List the authentication tokens of a runner controller',
    rest: 'GET /runner_controllers/{runner_controller_id}/tokens',
    params: { runner_controller_id: controllerId(), ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller_token'],
    keywords: 'admission controller tokens credentials',
    examples: [
      'list tokens of runner controller 3',
      'what credentials does admission controller 7 have?',
    ],
  },
  controller_token_get: {
    summary: 'Get one runner controller token: description, last use and dates',
    rest: 'GET /runner_controllers/{runner_controller_id}/tokens/{token_id}',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    tier: 'ultimate',
    fineGrained: ['read_runner_controller_token'],
    keywords: 'admission controller token last used',
    examples: [
      'show token 12 of runner controller 3',
      'when was token 4 of admission controller 7 last used?',
    ],
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
    examples: [
      'create a token for runner controller 3',
      'new secret for admission controller 7 described as prod-cluster',
    ],
  },
  controller_token_rotate: {
    summary: 'Rotate a runner controller token: a new secret replaces the old one',
    rest: 'POST /runner_controllers/{runner_controller_id}/tokens/{token_id}/rotate',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    tier: 'ultimate',
    fineGrained: ['rotate_runner_controller_token'],
    keywords: 'regenerate renew admission controller token',
    examples: [
      'rotate token 12 of runner controller 3',
      'regenerate the secret of admission controller 7 token 4',
    ],
  },
  controller_token_revoke: {
    summary: 'Revoke a runner controller token (it stops working immediately)',
    rest: 'DELETE /runner_controllers/{runner_controller_id}/tokens/{token_id}',
    params: { runner_controller_id: controllerId(), token_id: controllerTokenId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['revoke_runner_controller_token'],
    keywords: 'revoke delete admission controller token',
    examples: [
      'revoke token 12 of runner controller 3',
      'kill the leaked token 4 of admission controller 7',
    ],
  },
});
