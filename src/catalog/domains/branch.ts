import { domain, id, str, int, bool, oneOf, req, paging, cursor, type ParamSpec } from '../define.js';

/** An array of JSON objects (access rules of protected branches). */
const objList = (description: string, o: Partial<ParamSpec> = {}): ParamSpec => ({ type: 'array', items: 'object', description, ...o });

const accessLevel = (what: string, o: Partial<ParamSpec> = {}): ParamSpec =>
  int(`Role allowed to ${what}: 0 no one, 30 Developer, 40 Maintainer, 60 Admin`, o);

const protectedName = (): ParamSpec => id.str('Name of the protected branch or wildcard (e.g. main, release-*)');

export default domain('branch', 'Branches of a project repository: list, read, create, delete, protect and branch rules', {
  create: {
    summary: 'Create a new branch off a branch, tag or commit',
    rest: 'POST /projects/{project_id}/repository/branches',
    params: {
      project_id: id.project(),
      branch_name: req(str('Name of the new branch', { wire: 'branch' })),
      ref: req(str('Branch name, tag or commit SHA to create the branch from')),
    },
    fineGrained: ['create_branch'],
    // A new branch is made to commit to and to propose: assistants searched for the file write after creating one.
    nextSteps: ['repository.file_create', 'repository.file_update', 'merge_request.create'],
    nextFill: { project_id: 'params.project_id', branch: 'params.branch_name', source_branch: 'params.branch_name', file_path: 'caller', content: 'caller', commit_message: 'caller', target_branch: 'caller', title: 'caller' },
    keywords: 'new branch checkout -b fork point from cut start spin-off',
    examples: [
      'cut a branch feature/login-redesign off main in acme/shop',
      'make a new branch hotfix/2.3.1 from tag v2.3.0',
      'start branch spike-redis from commit 4f2a9c1 in acme/api',
      'git checkout -b feature/dark-mode from develop in platform/web',
      'create branch release/3.0 from main in platform/api-gateway',
    ],
  },
  delete: {
    summary: 'Delete a branch of the repository',
    rest: 'DELETE /projects/{project_id}/repository/branches/{branch_name}',
    params: { project_id: id.project(), branch_name: id.str('Name of the branch to delete') },
    destructive: true,
    // The answer names the branch, the commit to restore it from, and the open merge requests it leaves without a source.
    before: [
      { rest: 'GET /projects/{project_id}/repository/branches/{branch_name}', label: 'branch' },
      {
        rest: 'GET /projects/{project_id}/merge_requests?state=opened&source_branch={branch_name}', label: 'open_merge_requests',
        warn: 'an open merge request uses this branch as its source branch: it cannot be merged until the branch is pushed again',
      },
    ],
    fineGrained: ['delete_branch'],
    keywords: 'remove branch delete nuke trash erase',
    examples: [
      'delete the branch feature/old-checkout in acme/shop',
      "get rid of branch tmp-debug in acme/api, I'm done with it",
      'nuke the remote branch wip/alice-experiment',
      'remove branch renovate/lodash-4.x from acme/payments',
      'trash the stale feature/old-search in platform/web',
    ],
  },
  delete_merged: {
    summary: 'Delete every branch already merged into the default branch (protected branches are kept)',
    rest: 'DELETE /projects/{project_id}/repository/merged_branches',
    params: { project_id: id.project() },
    destructive: true,
    fineGrained: ['delete_branch'],
    keywords: 'cleanup stale merged branches prune tidy bulk mass sweep old obsolete',
    examples: [
      'tidy up acme/billing: drop branches whose work is already in main',
      'prune merged branches from the repo acme/web',
      'delete every branch already merged into main in acme/api',
      'clean up all merged branches in platform/api-gateway, delete them',
      'prune refs that already landed in main from platform/web',
    ],
  },
  get: {
    summary: 'Get one branch: its latest commit and whether it is protected, merged or default',
    rest: 'GET /projects/{project_id}/repository/branches/{branch_name}',
    shows: ['commit', 'protected', 'merged', 'default'],
    params: { project_id: id.project(), branch_name: id.str('Name of the branch') },
    notFound: { kind: 'branch', idParam: 'branch_name', listAction: 'branch.list' },
    fineGrained: ['read_branch'],
    nextSteps: ['repository.commit_list', 'merge_request.create', 'pipeline.list'],
    nextFill: { project_id: 'params.project_id', ref_name: 'answer.name', ref: 'answer.name', source_branch: 'answer.name', target_branch: 'caller', title: 'caller' },
    keywords: 'branch head commit exists tip ref lookup',
    examples: [
      "what's the latest commit on branch develop in acme/shop?",
      'does branch feature/payments exist in acme/api?',
      'is release/1.4 merged yet? show me that branch',
      'show branch renovate/lodash-4.x of acme/payments',
      'what commit is feature/dark-mode at in platform/web?',
    ],
  },
  get_protected: {
    summary: 'Get the protection settings of one protected branch (who can push, merge, force-push)',
    rest: 'GET /projects/{project_id}/protected_branches/{name}',
    elsewhere: { group_id: 'group.protected_branch_get' },
    params: { project_id: id.project(), name: protectedName() },
    fineGrained: ['read_protected_branch'],
    keywords: 'branch protection rules push merge permissions access levels allowed restrictions locked',
    examples: [
      'who is allowed to push to main in acme/shop?',
      'show the protection settings for release-* in acme/api',
      'can developers force-push to the protected branch develop?',
      'who can merge into release/* in platform/web?',
      'show the protected branch rule for main in acme/payments',
    ],
  },
  list: {
    summary: 'List branches of a repository, optionally filtered by name',
    rest: 'GET /projects/{project_id}/repository/branches',
    params: {
      project_id: id.project(),
      search: str('Only branches whose name contains this; ^term and term$ anchor'),
      regex: str('Only branches whose name matches this RE2 regular expression'),
      sort: oneOf(['name_asc', 'updated_asc', 'updated_desc'], 'Order by name or last update (default name_asc)'),
      ...paging(),
    },
    omitted: { page_token: 'keyset pagination: this server pages by page/per_page' },
    fineGrained: ['read_branch'],
    nextSteps: ['branch.get', 'merge_request.create'],
    nextFill: { project_id: 'params.project_id', branch_name: 'caller', source_branch: 'caller', target_branch: 'caller', title: 'caller' },
    keywords: 'branches list show all git branch refs heads enumerate remote inventory',
    examples: [
      'what branches exist in acme/billing?',
      'which branches start with feature/ in acme/api?',
      'show me git branches matching ^release- in acme/web',
      'list all branches of platform/api-gateway sorted by last update',
      'what refs/heads exist in acme/payments, most recently updated first?',
    ],
  },
  list_protected: {
    summary: 'List the protected branches of a project with their access levels',
    rest: 'GET /projects/{project_id}/protected_branches',
    elsewhere: { group_id: 'group.protected_branch_list' },
    params: { project_id: id.project(), search: str('Only protected branches whose name contains this'), ...paging() },
    fineGrained: ['read_protected_branch'],
    keywords: 'protected branches protection rules locked restricted guarded safeguarded',
    examples: [
      'which branches have protection turned on in acme/billing?',
      'list protected branches with their access levels in acme/api',
      'show all the locked-down branches of repo acme/web',
      'list protected branches of platform/web',
      'which refs in acme/payments have push restrictions?',
    ],
  },
  protect: {
    summary: 'Protect a branch or wildcard: set who can push, merge and unprotect, and allow force push',
    rest: 'POST /projects/{project_id}/protected_branches',
    elsewhere: { group_id: 'group.protected_branch_protect' },
    // The collection after the write, as GitLab's UI shows it next: no second call to see the result.
    also: ['GET /projects/{project_id}/protected_branches'],
    params: {
      project_id: id.project(),
      name: req(str('Branch name or wildcard to protect (e.g. main, release-*)')),
      push_access_level: accessLevel('push (default 40)'),
      merge_access_level: accessLevel('merge (default 40)'),
      unprotect_access_level: accessLevel('unprotect (default 40; Premium)', { tierNote: 'protected_branches.md marks no plan on unprotect_access_level (only on the allowed_to_* arrays)' }),
      allow_force_push: bool('Allow force push for those who can push (default false)'),
      allowed_to_push: objList('Push rules (Premium): [{access_level}|{user_id}|{group_id}|{deploy_key_id}]', { tier: 'premium' }),
      allowed_to_merge: objList('Merge rules (Premium): [{access_level}|{user_id}|{group_id}]', { tier: 'premium' }),
      allowed_to_unprotect: objList('Unprotect rules (Premium): [{access_level}|{user_id}|{group_id}]', { tier: 'premium' }),
      code_owner_approval_required: bool('Refuse pushes that change files with code owners (Premium)', { tier: 'premium' }),
    },
    fineGrained: ['protect_branch'],
    keywords: 'protect branch lock restrict push merge rules guard safeguard prevent secure require',
    examples: [
      'lock main in acme/billing to maintainer-only pushes and merges',
      'lock down release-* branches in acme/api, no force pushes',
      'make develop a protected branch where developers can merge',
      'protect release/* in acme/payments so only maintainers can push',
      'nobody should push straight to main in platform/web, lock it to merges by developers',
    ],
  },
  rule_list: {
    summary: 'List the branch rules of a project: protected patterns, matching branch counts, push/merge access',
    graphql: {
      kind: 'query',
      document: `query branchRuleList($fullPath: ID!, $first: Int, $after: String) {
  project(fullPath: $fullPath) {
    branchRules(first: $first, after: $after) {
      nodes {
        name
        isDefault
        isProtected
        matchingBranchesCount
        createdAt
        updatedAt
        branchProtection {
          allowForcePush
          mergeAccessLevels { nodes { accessLevel accessLevelDescription } }
          pushAccessLevels { nodes { accessLevel accessLevelDescription } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      resultPath: 'project.branchRules',
      connection: true,
      variables: (p) => ({ fullPath: p.project_id, first: p.first, after: p.after }),
    },
    params: {
      project_id: { ...id.project(), description: 'Full path of the project (e.g. group/project)' },
      ...cursor(),
    },
    // SPEC "Fine-grained token handling": a type on the answer's path declares no permission, so a
    // fine-grained token gets an emptied list; withheld from every fine-grained session.
    fineGrained: { withheld: 'type', name: 'BranchRule' },
    keywords: 'branch rules protection overview settings rulesets governance',
    examples: [
      'give me an overview of the branch rules in acme/shop',
      'how many branches match each branch rule in acme/api?',
      'show branch rules with push and merge access for acme/web',
      'list the branch rules of platform/mobile including the default branch rule',
      'summary of protection patterns in acme/payments and how many refs each covers',
    ],
  },
  unprotect: {
    summary: 'Remove the protection of a protected branch or wildcard',
    rest: 'DELETE /projects/{project_id}/protected_branches/{name}',
    elsewhere: { group_id: 'group.protected_branch_unprotect' },
    params: { project_id: id.project(), name: protectedName() },
    destructive: true,
    fineGrained: ['protect_branch'],
    keywords: 'unprotect branch remove protection unlock lift unrestricted unguarded',
    examples: [
      'staging in acme/web no longer needs protection, unprotect it',
      'remove the protection from release-* in acme/api',
      'drop branch protection on develop so anyone can push',
      'unprotect experiment/* in platform/mobile',
      'lift the push protection on hotfix/* in acme/payments',
    ],
  },
  update_protected: {
    summary: 'Change the protection of a protected branch: force push, code owner approval, access rules',
    rest: 'PATCH /projects/{project_id}/protected_branches/{name}',
    elsewhere: { group_id: 'group.protected_branch_update' },
    params: {
      project_id: id.project(),
      name: protectedName(),
      allow_force_push: bool('Allow force push for those who can push'),
      unprotect_access_level: int('Who may unprotect: 30 Developer, 40 Maintainer, 60 Administrator'),
      code_owner_approval_required: bool('Refuse pushes that change files with code owners (Premium)', { tier: 'premium' }),
      allowed_to_push: objList('Push rules to add/update/remove (Premium): [{access_level}|{user_id}|{group_id}|{deploy_key_id}|{id, _destroy: true}]', { tier: 'premium' }),
      allowed_to_merge: objList('Merge rules to add/update/remove (Premium): [{access_level}|{user_id}|{group_id}|{id, _destroy: true}]', { tier: 'premium' }),
      allowed_to_unprotect: objList('Unprotect rules to add/update/remove (Premium): [{access_level}|{user_id}|{group_id}|{id, _destroy: true}]', { tier: 'premium' }),
    },
    fineGrained: ['update_protected_branch'],
    keywords: 'edit branch protection force push rules restrictions codeowners requirements allowed',
    examples: [
      'let people force-push to develop in acme/billing (it stays protected)',
      'require code owner approval for pushes to main in acme/api',
      'let @bob merge into the protected branch release-2.0',
      'allow force push on the protected branch release/2.x in platform/web',
      'on main in acme/payments, let the platform group (id 12) push too',
    ],
  },
});
