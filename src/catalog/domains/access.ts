import { domain, id, str, int, bool, oneOf, req, strList, paging, type ParamSpec } from '../define.js';
import { ROTATE_SELF_HINTS } from '../hints.js';

const keyId = (): ParamSpec => id.int('Deploy key ID');
const deployTokenId = (): ParamSpec => id.int('Deploy token ID');
const accessTokenId = (): ParamSpec => id.int('Access token ID');
const personalTokenId = (): ParamSpec => id.int('Personal access token ID');
const userId = (): ParamSpec => id.int('User ID of the requester');

const ACCESS_LEVEL_TEXT = '10 guest, 15 planner, 20 reporter, 30 developer, 40 maintainer, 50 owner';
const TOKEN_SCOPES_TEXT = 'Scopes, e.g. api, read_api, read_repository, write_repository, read_registry, write_registry, create_runner, manage_runner, ai_features, k8s_proxy, self_rotate';
const TOKEN_SORTS = ['created_asc', 'created_desc', 'expires_asc', 'expires_desc', 'last_used_asc', 'last_used_desc', 'name_asc', 'name_desc'] as const;
const DEPLOY_TOKEN_SCOPES_TEXT = 'Scopes: read_repository, read_registry, write_registry, read_package_registry, write_package_registry, read_virtual_registry, write_virtual_registry';

const ROTATE_NOTE = 'Rotation revokes the old token at once (anything using it stops working) and answers a new secret; no call restores the old token';

/** Filters shared by the token lists. */
const tokenFilters = (): Record<string, ParamSpec> => ({
  state: oneOf(['active', 'inactive'], 'Only tokens in this state'),
  revoked: bool('Only revoked (true) or non-revoked (false) tokens'),
  search: str('Only tokens whose name contains this'),
  created_after: str('Created after this ISO 8601 date-time'),
  created_before: str('Created before this ISO 8601 date-time'),
  expires_after: str('Expiring after this date (YYYY-MM-DD)'),
  expires_before: str('Expiring before this date (YYYY-MM-DD)'),
  last_used_after: str('Last used after this ISO 8601 date-time'),
  last_used_before: str('Last used before this ISO 8601 date-time'),
  sort: oneOf(TOKEN_SORTS, 'Sort order (default created_desc)'),
  ...paging(),
});

/** The token lists are paged though their params block declares no page/per_page. */
const TOKEN_LIST_PAGED = {
  page: 'the answer is paginate(tokens) (lib/api/resource_access_tokens.rb, gitlabhq 04e80ac1), which reads page; not declared',
  per_page: 'the answer is paginate(tokens) (lib/api/resource_access_tokens.rb, gitlabhq 04e80ac1), which reads per_page; not declared',
};

/** Body of project and group access token creation. */
const accessTokenBody = (): Record<string, ParamSpec> => ({
  name: req(str('Name of the token')),
  description: str('Description of the token'),
  scopes: req(strList(TOKEN_SCOPES_TEXT)),
  access_level: int(`Role of the token's bot user: ${ACCESS_LEVEL_TEXT} (default 40)`),
  expires_at: str('Expiry date (YYYY-MM-DD); required unless the instance allows tokens without expiry'),
});

const rotateBody = (): Record<string, ParamSpec> => ({
  expires_at: str('Expiry date of the new token (YYYY-MM-DD; default one week)'),
});

const deployTokenBody = (): Record<string, ParamSpec> => ({
  name: req(str('Name of the deploy token')),
  scopes: req(strList(DEPLOY_TOKEN_SCOPES_TEXT)),
  expires_at: str('Expiry date-time (ISO 8601); default never'),
  username: str('Username for the token (default gitlab+deploy-token-{n})'),
});

const inviteBody = (): Record<string, ParamSpec> => ({
  access_level: req(int(`Role to give: ${ACCESS_LEVEL_TEXT}`)),
  email: str('Email address to invite, or several comma-separated (email or user_id required)'),
  user_id: str('User ID to add, or several comma-separated'),
  expires_at: str('Membership expiry date (YYYY-MM-DD)'),
  member_role_id: int('Custom role ID (Ultimate)'),
  invite_source: str('Source of the invitation, for analytics'),
});

export default domain('access', 'Access to projects and groups: access requests, invitations, deploy keys, deploy tokens, project, group and personal access tokens', {
  // ---- access requests
  request_list_project: {
    summary: 'List the pending access requests of a project: who asked to join',
    rest: 'GET /projects/{project_id}/access_requests',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_access_request'],
    keywords: 'join requests requested pending users want access who asked',
    examples: [
      "who's asked to join acme/shop?",
      'any pending access requests on project platform/infra',
      'show people waiting for access to the web/frontend repo',
    ],
  },
  request_list_group: {
    summary: 'List the pending access requests of a group: who asked to join',
    rest: 'GET /groups/{group_id}/access_requests',
    params: { group_id: id.group(), ...paging() },
    fineGrained: ['read_access_request'],
    keywords: 'join requests requested pending users want access who asked',
    examples: [
      'who has requested access to the acme group?',
      'list pending join requests for group platform',
      'are there people waiting to get into the data-team group?',
    ],
  },
  request_project: {
    summary: 'Ask to join a project as the authenticated user (send an access request)',
    rest: 'POST /projects/{project_id}/access_requests',
    params: { project_id: id.project() },
    fineGrained: ['create_access_request'],
    keywords: 'ask to join apply membership request access',
    examples: [
      'request access to the project acme/billing for me',
      "I'd like to join platform/terraform, send a request to its maintainers",
      'ask the owners of repo web/design-system to let me in',
    ],
  },
  request_group: {
    summary: 'Ask to join a group as the authenticated user (send an access request)',
    rest: 'POST /groups/{group_id}/access_requests',
    params: { group_id: id.group() },
    fineGrained: ['create_access_request'],
    keywords: 'ask to join apply membership request access',
    examples: [
      'request membership in the acme/security group',
      'ask to join group data-science as myself',
      'send an access request so I can get into the platform group',
    ],
  },
  approve_project: {
    summary: 'Approve a user\'s access request to join a project, with the role to give',
    rest: 'PUT /projects/{project_id}/access_requests/{user_id}/approve',
    params: {
      project_id: id.project(),
      user_id: userId(),
      access_level: int(`Role to give: ${ACCESS_LEVEL_TEXT} (default 30)`),
    },
    fineGrained: ['approve_access_request'],
    keywords: 'accept join request grant access member',
    examples: [
      'let @bob into acme/shop as a developer, he asked for access',
      'accept the join request from user 4312 on project acme/api',
      "grant @carol's pending request to web/frontend with the maintainer role",
    ],
  },
  approve_group: {
    summary: 'Approve a user\'s access request to join a group, with the role to give',
    rest: 'PUT /groups/{group_id}/access_requests/{user_id}/approve',
    params: {
      group_id: id.group(),
      user_id: userId(),
      access_level: int(`Role to give: ${ACCESS_LEVEL_TEXT} (default 30)`),
    },
    fineGrained: ['approve_access_request'],
    keywords: 'accept join request grant access member',
    examples: [
      "approve @dave's request to join the acme group",
      "accept user 881's join request for group platform as reporter",
      'OK the pending group access request from @erin in data-team',
    ],
  },
  deny_project: {
    summary: 'Deny a user\'s access request to a project (or withdraw your own)',
    rest: 'DELETE /projects/{project_id}/access_requests/{user_id}',
    params: { project_id: id.project(), user_id: userId() },
    destructive: true,
    fineGrained: ['delete_access_request'],
    keywords: 'reject decline join request withdraw',
    examples: [
      "reject @mallory's access request to acme/shop",
      'decline the join request from user 5521 on project acme/api',
      "deny my own pending access request to acme/payments, I don't need it anymore",
    ],
  },
  deny_group: {
    summary: 'Deny a user\'s access request to a group (or withdraw your own)',
    rest: 'DELETE /groups/{group_id}/access_requests/{user_id}',
    params: { group_id: id.group(), user_id: userId() },
    destructive: true,
    fineGrained: ['delete_access_request'],
    keywords: 'reject decline join request withdraw',
    examples: [
      "refuse @trent's request to join the acme group",
      'deny the pending access request of user 77 in group platform',
      'take back my request to join group infra-ops, decline it',
    ],
  },

  // ---- invitations
  invite_list_project: {
    summary: 'List the pending invitations to a project',
    rest: 'GET /projects/{project_id}/invitations',
    params: {
      project_id: id.project(),
      query: str('Only invitations whose email contains this'),
      ...paging(),
    },
    fineGrained: ['read_invitation'],
    keywords: 'invites pending invitations sent email not accepted',
    examples: [
      "which invites to acme/shop haven't been accepted yet?",
      'list outstanding invitations for project platform/infra',
      'did the invite to jane@example.com for web/frontend go out?',
    ],
  },
  invite_list_group: {
    summary: 'List the pending invitations to a group',
    rest: 'GET /groups/{group_id}/invitations',
    params: {
      group_id: id.group(),
      query: str('Only invitations whose email contains this'),
      ...paging(),
    },
    fineGrained: ['read_invitation'],
    keywords: 'invites pending invitations sent email not accepted',
    examples: [
      'pending invitations in group acme',
      "who did we invite to the platform group that hasn't joined?",
      "search the data-team group's open invitations for contractor emails",
    ],
  },
  invite_project: {
    summary: 'Invite people to a project by email or user ID, with a role (sends an invitation)',
    rest: 'POST /projects/{project_id}/invitations',
    params: { project_id: id.project(), ...inviteBody() },
    fineGrained: ['create_invitation'],
    keywords: 'invite invitation send add member collaborator teammate email role developer maintainer',
    examples: [
      'invite jane@example.com to acme/shop as a developer',
      'send an invitation to new.hire@acme.io for repo acme/api, reporter role',
      'bring contractor@agency.com into project web/frontend as a guest, send the invite',
    ],
  },
  invite_group: {
    summary: 'Invite people to a group by email or user ID, with a role (sends an invitation)',
    rest: 'POST /groups/{group_id}/invitations',
    params: { group_id: id.group(), ...inviteBody() },
    fineGrained: ['create_invitation'],
    keywords: 'invite invitation send add member collaborator teammate email role developer maintainer',
    examples: [
      'invite ops@acme.io to the platform group as maintainer',
      'send group invitations to alice@acme.io and bob@acme.io for acme, developer role',
      'onboard new.dev@acme.io into group data-team with reporter access',
    ],
  },

  // ---- deploy keys
  deploy_key_list_project: {
    summary: 'List the deploy keys (SSH keys for Git access) enabled on a project',
    rest: 'GET /projects/{project_id}/deploy_keys',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_deploy_key'],
    keywords: 'SSH deploy keys read-only git access CI server',
    examples: [
      'what deploy keys does acme/shop have?',
      'list SSH deploy keys enabled on project platform/infra',
      'which servers can pull from web/frontend via a deploy key?',
    ],
  },
  deploy_key_get: {
    summary: 'Get one deploy key of a project',
    rest: 'GET /projects/{project_id}/deploy_keys/{key_id}',
    params: { project_id: id.project(), key_id: keyId() },
    fineGrained: ['read_deploy_key'],
    keywords: 'SSH deploy key',
    examples: [
      'show deploy key 42 on acme/shop',
      'details of deploy key id 1907 in project platform/infra, can it push?',
      "what's the fingerprint of deploy key 55 on acme/api?",
    ],
  },
  deploy_key_add: {
    summary: 'Add a deploy key to a project (read-only, or with push access)',
    rest: 'POST /projects/{project_id}/deploy_keys',
    params: {
      project_id: id.project(),
      title: req(str('Title of the key')),
      key: req(str('Public SSH key')),
      can_push: bool('Allow pushing with this key (default false)'),
      expires_at: str('Expiry date-time (ISO 8601)'),
    },
    fineGrained: ['create_deploy_key'],
    keywords: 'new SSH deploy key git access server',
    examples: [
      'add a read-only deploy key for the build server to acme/shop',
      'register this ssh-ed25519 public key as a deploy key on platform/infra with write access',
      'set up a new deploy key called jenkins-prod in acme/api',
    ],
  },
  deploy_key_update: {
    summary: 'Change the title or push access of a deploy key on a project',
    rest: 'PUT /projects/{project_id}/deploy_keys/{key_id}',
    params: {
      project_id: id.project(),
      key_id: keyId(),
      title: str('New title'),
      can_push: bool('Allow pushing with this key'),
    },
    fineGrained: ['update_deploy_key'],
    keywords: 'edit SSH deploy key push access',
    examples: [
      'give deploy key 42 push access on acme/shop',
      'rename deploy key 1907 in platform/infra to ci-runner-2',
      'make deploy key 55 on acme/api read-only again',
    ],
  },
  deploy_key_enable: {
    summary: 'Enable on a project a deploy key that exists on another project',
    rest: 'POST /projects/{project_id}/deploy_keys/{key_id}/enable',
    params: { project_id: id.project(), key_id: keyId() },
    fineGrained: ['enable_deploy_key'],
    keywords: 'reuse share SSH deploy key',
    examples: [
      'enable deploy key 42 from acme/shop on acme/api too',
      'reuse the existing deploy key 300 in project platform/charts',
      'turn on deploy key 77 for web/frontend, it already exists on another repo',
    ],
  },
  deploy_key_delete: {
    summary: 'Remove a deploy key from a project (deleted when no other project uses it)',
    rest: 'DELETE /projects/{project_id}/deploy_keys/{key_id}',
    params: { project_id: id.project(), key_id: keyId() },
    destructive: true,
    fineGrained: ['delete_deploy_key'],
    keywords: 'remove disable SSH deploy key',
    examples: [
      'remove deploy key 42 from acme/shop',
      'delete the old jenkins deploy key 1907 in platform/infra',
      'get rid of deploy key 55 on acme/api',
    ],
  },
  deploy_key_list_all: {
    summary: 'List all deploy keys of the instance (administrator)',
    rest: 'GET /deploy_keys',
    params: {
      public: bool('Only public deploy keys'),
      ...paging(),
    },
    fineGrained: ['read_deploy_key'],
    keywords: 'instance SSH deploy keys admin',
    examples: [
      'list every deploy key on the instance',
      'admin: show all public deploy keys across GitLab',
    ],
  },
  deploy_key_add_instance: {
    summary: 'Create an instance-wide deploy key that projects can enable (administrator)',
    rest: 'POST /deploy_keys',
    params: {
      title: req(str('Title of the key')),
      key: req(str('Public SSH key')),
      expires_at: str('Expiry date-time (ISO 8601)'),
    },
    fineGrained: ['create_deploy_key'],
    keywords: 'public SSH deploy key instance admin',
    examples: [
      'create an instance-wide public deploy key for the backup server',
      'admin: add a global deploy key named mirror-bot that any project can enable',
    ],
  },
  deploy_key_list_user_project: {
    summary: 'List the project deploy keys a user created',
    rest: 'GET /users/{user_id}/project_deploy_keys',
    params: { user_id: id.str('User ID or username'), ...paging() },
    fineGrained: ['read_deploy_key'],
    keywords: 'user SSH deploy keys',
    examples: [
      'which project deploy keys has @alice created?',
      'list deploy keys added by user 812 across projects',
    ],
  },

  // ---- deploy tokens
  deploy_token_list_all: {
    summary: 'List all deploy tokens of the instance (administrator)',
    rest: 'GET /deploy_tokens',
    params: { active: bool('Only active (not expired or revoked) tokens'), ...paging() },
    fineGrained: ['read_deploy_token'],
    keywords: 'registry package pull credentials deploy tokens admin',
    examples: [
      'list all deploy tokens on the instance',
      'admin: which deploy tokens are still active across GitLab?',
    ],
  },
  deploy_token_list_project: {
    summary: 'List the deploy tokens of a project',
    rest: 'GET /projects/{project_id}/deploy_tokens',
    params: { project_id: id.project(), active: bool('Only active (not expired or revoked) tokens'), ...paging() },
    fineGrained: ['read_deploy_token'],
    keywords: 'registry package clone credentials deploy tokens',
    examples: [
      'what deploy tokens exist for acme/shop?',
      'list active deploy tokens of project platform/infra',
      'show registry pull tokens set up on web/frontend',
    ],
  },
  deploy_token_list_group: {
    summary: 'List the deploy tokens of a group',
    rest: 'GET /groups/{group_id}/deploy_tokens',
    params: { group_id: id.group(), active: bool('Only active (not expired or revoked) tokens'), ...paging() },
    fineGrained: ['read_deploy_token'],
    keywords: 'registry package clone credentials deploy tokens',
    examples: [
      'list deploy tokens of group acme',
      'which active deploy tokens does the platform group have?',
      'group-level registry credentials in data-team, show them',
    ],
  },
  deploy_token_get_project: {
    summary: 'Get one deploy token of a project',
    rest: 'GET /projects/{project_id}/deploy_tokens/{token_id}',
    params: { project_id: id.project(), token_id: deployTokenId() },
    fineGrained: ['read_deploy_token'],
    keywords: 'deploy token scopes',
    examples: [
      'show deploy token 12 on acme/shop',
      'what scopes does deploy token 88 of project platform/infra have?',
      'when does deploy token 5 for web/frontend expire?',
    ],
  },
  deploy_token_get_group: {
    summary: 'Get one deploy token of a group',
    rest: 'GET /groups/{group_id}/deploy_tokens/{token_id}',
    params: { group_id: id.group(), token_id: deployTokenId() },
    fineGrained: ['read_deploy_token'],
    keywords: 'deploy token scopes',
    examples: [
      'show deploy token 31 of group acme',
      'what scopes does the group deploy token 9 in platform have?',
      'is group deploy token 140 in data-team expired?',
    ],
  },
  deploy_token_create_project: {
    summary: 'Create a deploy token for a project (clone, registry or package access)',
    rest: 'POST /projects/{project_id}/deploy_tokens',
    params: { project_id: id.project(), ...deployTokenBody() },
    fineGrained: ['create_deploy_token'],
    keywords: 'new registry pull credentials clone token kubernetes',
    examples: [
      'create a deploy token for k8s to pull images from acme/shop',
      'new deploy token with read_registry for project platform/infra',
      'I need clone credentials for acme/api on our build box, make a deploy token',
    ],
  },
  deploy_token_create_group: {
    summary: 'Create a deploy token for a group (clone, registry or package access)',
    rest: 'POST /groups/{group_id}/deploy_tokens',
    params: { group_id: id.group(), ...deployTokenBody() },
    fineGrained: ['create_deploy_token'],
    keywords: 'new registry pull credentials clone token kubernetes',
    examples: [
      'create a group deploy token in acme with read_package_registry',
      'new deploy token for the platform group so the cluster can pull all images',
      'make a group-level deploy token for data-team expiring at the end of the year',
    ],
  },
  deploy_token_delete_project: {
    summary: 'Delete a deploy token of a project (it stops working)',
    rest: 'DELETE /projects/{project_id}/deploy_tokens/{token_id}',
    params: { project_id: id.project(), token_id: deployTokenId() },
    destructive: true,
    fineGrained: ['delete_deploy_token'],
    keywords: 'revoke remove deploy token',
    examples: [
      'delete deploy token 12 on acme/shop, it leaked',
      'remove the old registry deploy token 88 from project platform/infra',
    ],
  },
  deploy_token_delete_group: {
    summary: 'Delete a deploy token of a group (it stops working)',
    rest: 'DELETE /groups/{group_id}/deploy_tokens/{token_id}',
    params: { group_id: id.group(), token_id: deployTokenId() },
    destructive: true,
    fineGrained: ['delete_deploy_token'],
    keywords: 'revoke remove deploy token',
    examples: [
      'delete group deploy token 31 in acme',
      'remove deploy token 9 from the platform group',
    ],
  },

  // ---- project access tokens
  token_project_list: {
    summary: 'List the access tokens of a project, filtered by state, dates or name',
    rest: 'GET /projects/{project_id}/access_tokens',
    params: { project_id: id.project(), ...tokenFilters() },
    undocumented: TOKEN_LIST_PAGED,
    fineGrained: ['read_resource_access_token'],
    keywords: 'project access tokens PrAT bot API keys expiring',
    examples: [
      'list access tokens of acme/shop',
      'which project access tokens in platform/infra expire this month?',
      'show bot tokens for project acme/api that are still active',
    ],
  },
  token_project_get: {
    summary: 'Get one access token of a project: scopes, role, expiry, last use',
    rest: 'GET /projects/{project_id}/access_tokens/{token_id}',
    params: { project_id: id.project(), token_id: accessTokenId() },
    fineGrained: ['read_resource_access_token'],
    keywords: 'project access token PrAT',
    examples: [
      'show project access token 77 in acme/shop',
      'when was project token 412 of platform/infra last used?',
      'what scopes and role does access token 9 on acme/api have?',
    ],
  },
  token_project_create: {
    summary: 'Create a project access token (a bot user with a role and scopes)',
    rest: 'POST /projects/{project_id}/access_tokens',
    params: { project_id: id.project(), ...accessTokenBody() },
    fineGrained: ['create_resource_access_token'],
    keywords: 'new project access token PrAT bot API key credential',
    examples: [
      'create a project access token for acme/shop with api scope, maintainer role',
      'make a read_repository bot token for project platform/infra expiring 2025-12-31',
      'I need a PrAT for acme/api so the release bot can push',
    ],
  },
  token_project_rotate: {
    summary: 'Rotate a project access token: revoke it and get a new secret',
    rest: 'POST /projects/{project_id}/access_tokens/{token_id}/rotate',
    params: { project_id: id.project(), token_id: accessTokenId(), ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_resource_access_token'],
    keywords: 'renew refresh regenerate project access token PrAT',
    examples: [
      'rotate project access token 77 in acme/shop',
      'regenerate the secret of bot token 412 on project platform/infra',
      'token 9 of acme/api expires Friday, rotate it and give me the new value',
    ],
  },
  token_project_rotate_self: {
    summary: 'Rotate the project access token this session is authenticated with (the token in use stops working)',
    errorHints: ROTATE_SELF_HINTS,
    rest: 'POST /projects/{project_id}/access_tokens/self/rotate',
    params: { project_id: id.project(), ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_resource_access_token'],
    keywords: 'renew refresh regenerate own current using self rotate',
    examples: [
      'rotate the project access token this session uses on acme/shop',
      'my current PrAT for platform/infra is about to expire, rotate it',
    ],
  },
  token_project_revoke: {
    summary: 'Revoke a project access token (it stops working)',
    rest: 'DELETE /projects/{project_id}/access_tokens/{token_id}',
    params: { project_id: id.project(), token_id: accessTokenId() },
    destructive: true,
    fineGrained: ['delete_resource_access_token'],
    keywords: 'delete remove project access token PrAT',
    examples: [
      'revoke project access token 77 in acme/shop',
      'delete the leaked bot token 412 from platform/infra',
    ],
  },

  // ---- group access tokens
  token_group_list: {
    summary: 'List the access tokens of a group, filtered by state, dates or name',
    rest: 'GET /groups/{group_id}/access_tokens',
    params: { group_id: id.group(), ...tokenFilters() },
    undocumented: TOKEN_LIST_PAGED,
    fineGrained: ['read_resource_access_token'],
    keywords: 'group access tokens GrAT bot API keys expiring',
    examples: [
      'list the access tokens of group acme',
      'which group access tokens in platform expire soon?',
      'active bot tokens for the data-team group',
    ],
  },
  token_group_get: {
    summary: 'Get one access token of a group: scopes, role, expiry, last use',
    rest: 'GET /groups/{group_id}/access_tokens/{token_id}',
    params: { group_id: id.group(), token_id: accessTokenId() },
    fineGrained: ['read_resource_access_token'],
    keywords: 'group access token GrAT',
    examples: [
      'show group access token 51 in acme',
      'last use and scopes of group token 230 in platform',
      'what role does GrAT 18 of data-team have?',
    ],
  },
  token_group_create: {
    summary: 'Create a group access token (a bot user with a role and scopes)',
    rest: 'POST /groups/{group_id}/access_tokens',
    params: { group_id: id.group(), ...accessTokenBody() },
    fineGrained: ['create_resource_access_token'],
    keywords: 'new group access token GrAT bot API key credential',
    examples: [
      'create a group access token for acme with read_api scope',
      'new GrAT for the platform group, developer role, expires 2025-09-30',
      'set up a bot token at group level in data-team for the sync job',
    ],
  },
  token_group_rotate: {
    summary: 'Rotate a group access token: revoke it and get a new secret',
    rest: 'POST /groups/{group_id}/access_tokens/{token_id}/rotate',
    params: { group_id: id.group(), token_id: accessTokenId(), ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_resource_access_token'],
    keywords: 'renew refresh regenerate group access token GrAT',
    examples: [
      'rotate group access token 51 in acme',
      'regenerate the secret of GrAT 230 in the platform group',
    ],
  },
  token_group_rotate_self: {
    summary: 'Rotate the group access token this session is authenticated with (the token in use stops working)',
    errorHints: ROTATE_SELF_HINTS,
    rest: 'POST /groups/{group_id}/access_tokens/self/rotate',
    params: { group_id: id.group(), ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_resource_access_token'],
    keywords: 'renew refresh regenerate own current using self rotate',
    examples: [
      'rotate the group access token this session authenticates with in acme',
      'my current group token for platform is expiring, rotate it in place',
    ],
  },
  token_group_revoke: {
    summary: 'Revoke a group access token (it stops working)',
    rest: 'DELETE /groups/{group_id}/access_tokens/{token_id}',
    params: { group_id: id.group(), token_id: accessTokenId() },
    destructive: true,
    fineGrained: ['delete_resource_access_token'],
    keywords: 'delete remove group access token GrAT',
    examples: [
      'revoke group access token 51 in acme',
      'kill the leaked GrAT 230 of group platform',
    ],
  },

  // ---- personal access tokens
  token_personal_list: {
    summary: 'List personal access tokens (own; all or one user\'s for an administrator)',
    rest: 'GET /personal_access_tokens',
    params: {
      user_id: int('Only tokens of this user (administrators; others only themselves)'),
      ...tokenFilters(),
    },
    fineGrained: ['read_personal_access_token'],
    keywords: 'PAT my tokens API keys expiring credentials',
    examples: [
      'list my personal access tokens',
      'which of my PATs expire in the next 30 days?',
      "admin: show user 1042's active personal tokens",
    ],
  },
  token_personal_get: {
    summary: 'Get a personal access token by ID, or the token this server uses (scopes, expiry)',
    rest: 'GET /personal_access_tokens/self',
    alternatives: [{ when: 'token_id', rest: 'GET /personal_access_tokens/{token_id}' }],
    params: {
      token_id: int('Personal access token ID (default: the token making the call)'),
    },
    fineGrained: ['read_personal_access_token'],
    keywords: 'PAT current token scopes expiry self which token',
    examples: [
      'which token is this server using and what scopes does it have?',
      'show personal access token 3301',
      'when does my current PAT expire?',
    ],
  },
  token_personal_rotate: {
    summary: 'Rotate a personal access token by ID: revoke it and get a new secret',
    rest: 'POST /personal_access_tokens/{token_id}/rotate',
    params: { token_id: personalTokenId(), ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_personal_access_token'],
    keywords: 'renew refresh regenerate PAT',
    examples: [
      'rotate personal access token 3301',
      'regenerate my PAT 118 before it expires',
    ],
  },
  token_personal_rotate_self: {
    summary: 'Rotate the personal access token this session is authenticated with (the token in use stops working)',
    errorHints: ROTATE_SELF_HINTS,
    rest: 'POST /personal_access_tokens/self/rotate',
    params: { ...rotateBody() },
    destructive: true,
    flagNote: ROTATE_NOTE,
    fineGrained: ['rotate_personal_access_token'],
    keywords: 'renew refresh regenerate own current using PAT self rotate',
    examples: [
      'rotate the PAT this server is using',
      'my own token expires tomorrow, rotate the current one',
    ],
  },
  token_personal_revoke: {
    summary: 'Revoke a personal access token by ID (it stops working)',
    rest: 'DELETE /personal_access_tokens/{token_id}',
    params: { token_id: personalTokenId() },
    destructive: true,
    fineGrained: ['revoke_personal_access_token'],
    keywords: 'delete remove PAT leaked token',
    examples: [
      'revoke personal access token 3301',
      'I leaked PAT 118 on GitHub, revoke it now',
    ],
  },
  token_personal_revoke_self: {
    summary: 'Revoke the personal access token this session is authenticated with (the token in use stops working)',
    rest: 'DELETE /personal_access_tokens/self',
    params: {},
    destructive: true,
    fineGrained: ['revoke_personal_access_token'],
    keywords: 'delete own current using PAT leaked self revoke',
    examples: [
      'revoke the personal token this session is using',
      "kill my current PAT, I'm done with this server",
    ],
  },
});
