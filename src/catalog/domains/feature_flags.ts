import { domain, id, str, bool, oneOf, req, strList, paging } from '../define.js';

const flagName = () => id.str('Name of the feature flag');
const userListIid = () => id.int('Internal ID (IID) of the user list within the project');

const STRATEGY_HELP =
  'Strategies: [{"name":"default|flexibleRollout|gitlabUserList|userWithId","parameters":{},"scopes":[{"environment_scope":"*"}]}]';

export default domain('feature_flags', 'Feature flags of a project and the user lists they target: list, read, create, update, delete', {
  feature_flag_list: {
    summary: 'List the feature flags of a project, optionally only enabled or disabled ones',
    rest: 'GET /projects/{project_id}/feature_flags',
    params: {
      project_id: id.project(),
      scope: oneOf(['enabled', 'disabled'], 'Return only enabled or disabled flags'),
      ...paging(),
    },
    fineGrained: ['read_feature_flag'],
    keywords: 'feature toggles switches rollout flags unleash launchdarkly experiments ff',
    examples: [
      'what feature flags do we have in acme/billing?',
      'which feature toggles are currently enabled in acme/api?',
      'show disabled feature flags of project acme/web',
      'list every feature flag in platform/mobile',
      'which toggles are off right now in acme/payments?',
    ],
  },
  feature_flag_get: {
    summary: 'Get one feature flag with its strategies and environment scopes',
    rest: 'GET /projects/{project_id}/feature_flags/{feature_flag_name}',
    params: { project_id: id.project(), feature_flag_name: flagName() },
    fineGrained: ['read_feature_flag'],
    keywords: 'feature toggle strategies unleash config percentage',
    examples: [
      'show the rollout strategies of feature flag new_checkout in acme/shop',
      'how is the dark_mode flag configured per environment in acme/web?',
      'details of feature flag beta-search in acme/api',
      'get feature flag checkout_v2 from acme/billing',
      'what percentage is new_onboarding rolled out to in platform/mobile?',
    ],
  },
  feature_flag_create: {
    summary: 'Create a feature flag with rollout strategies per environment',
    rest: 'POST /projects/{project_id}/feature_flags',
    params: {
      project_id: id.project(),
      name: req(str('Name of the feature flag')),
      description: str('Description of the feature flag'),
      active: bool('Whether the flag is active (default true)'),
      strategies: strList(STRATEGY_HELP, { items: 'object' }),
    },
    fineGrained: ['create_feature_flag'],
    keywords: 'new feature toggle rollout percentage add unleash gradual canary experiment',
    examples: [
      'add a flag checkout_v2 to acme/billing with a 5% gradual rollout on production',
      'add a toggle called dark_mode to acme/web, off by default',
      'set up a new feature flag beta-search for staging only in acme/api',
      'create feature flag instant_payouts in acme/payments targeting the beta-testers user list',
      'new toggle push_v2 in platform/mobile, 10% of users in production',
    ],
  },
  feature_flag_update: {
    summary: 'Update a feature flag: turn it on or off, rename, change strategies',
    rest: 'PUT /projects/{project_id}/feature_flags/{feature_flag_name}',
    params: {
      project_id: id.project(),
      feature_flag_name: flagName(),
      name: str('New name of the feature flag'),
      description: str('Description of the feature flag'),
      active: bool('Turn the flag on or off'),
      strategies: strList(
        'Strategies; existing ones need "id", {"id":1,"_destroy":true} removes one; scopes likewise',
        { items: 'object' },
      ),
    },
    fineGrained: ['update_feature_flag'],
    keywords: 'enable disable toggle turn on off rollout edit flip activate deactivate ramp percentage',
    examples: [
      'turn on the new_checkout flag in acme/shop',
      'bump dark_mode rollout to 50% in production for acme/web',
      'switch off feature flag beta-search in acme/api',
      'disable the checkout_v2 flag in acme/billing',
      'roll new_onboarding out to 100% on production in platform/mobile',
    ],
  },
  feature_flag_delete: {
    summary: 'Delete a feature flag',
    rest: 'DELETE /projects/{project_id}/feature_flags/{feature_flag_name}',
    params: { project_id: id.project(), feature_flag_name: flagName() },
    destructive: true,
    fineGrained: ['delete_feature_flag'],
    keywords: 'remove feature toggle nuke retire cleanup stale',
    examples: [
      'delete the feature flag old_navbar in acme/shop',
      'remove the stale toggle legacy-payments from acme/api',
      "get rid of feature flag dark_mode in acme/web, it's fully launched",
      'delete flag instant_payouts from acme/payments',
      'nuke the push_v2 toggle in platform/mobile, it shipped',
    ],
  },

  // ---- user lists
  ff_user_list_list: {
    summary: 'List the feature flag user lists of a project',
    rest: 'GET /projects/{project_id}/feature_flags_user_lists',
    params: {
      project_id: id.project(),
      search: str('Return user lists whose name contains this text'),
      ...paging(),
    },
    fineGrained: ['read_feature_flag_user_list'],
    keywords: 'feature flag user list targeting audience segments cohorts testers',
    examples: [
      'what audiences (user lists) can flags target in acme/billing?',
      'which targeting user lists exist for flags in acme/api?',
      'show flag user lists with beta in the name in acme/web',
      'list the feature flag user lists of platform/mobile',
      'what targeting audiences are defined in acme/payments?',
    ],
  },
  ff_user_list_get: {
    summary: 'Get one feature flag user list with its user IDs',
    rest: 'GET /projects/{project_id}/feature_flags_user_lists/{user_list_iid}',
    params: { project_id: id.project(), user_list_iid: userListIid() },
    fineGrained: ['read_feature_flag_user_list'],
    keywords: 'feature flag user list segment cohort audience',
    examples: [
      'which user IDs are in feature flag user list 3 of acme/shop?',
      'show feature flag user list 7 in acme/api',
      'who is in the early-adopters user list (iid 2) in acme/web?',
      'get user list 4 of the feature flags in acme/payments',
      'who is targeted by audience iid 5 in platform/mobile?',
    ],
  },
  ff_user_list_create: {
    summary: 'Create a feature flag user list (the user IDs a strategy can target)',
    rest: 'POST /projects/{project_id}/feature_flags_user_lists',
    params: {
      project_id: id.project(),
      name: req(str('Name of the user list')),
      user_xids: req(str('Comma-separated external user IDs, e.g. user1,user2')),
    },
    fineGrained: ['create_feature_flag_user_list'],
    keywords: 'new feature flag user list targeting add segment cohort audience beta',
    examples: [
      'create a feature flag user list beta-testers with users 101,204,309 in acme/shop',
      'make a targeting list internal-staff for flags in acme/api with user1,user2',
      'new flag user list early-adopters in acme/web for the gradual rollout',
      'create a user list vip-customers for flag targeting in acme/payments with ids 9,15,22',
      'set up an audience pilot-stores in platform/mobile with store-1,store-7',
    ],
  },
  ff_user_list_update: {
    summary: 'Update a feature flag user list: rename it or replace its user IDs (add or remove users)',
    rest: 'PUT /projects/{project_id}/feature_flags_user_lists/{user_list_iid}',
    params: {
      project_id: id.project(),
      user_list_iid: userListIid(),
      name: str('New name of the user list'),
      user_xids: str('Comma-separated external user IDs (replaces the list)'),
    },
    fineGrained: ['update_feature_flag_user_list'],
    keywords: 'edit feature flag user list add remove users segment cohort audience',
    examples: [
      'add user 512 to feature flag user list 3 in acme/shop',
      'rename flag user list 7 in acme/api to qa-team',
      'replace the users in targeting list 2 with alice,bob,carol',
      'update flag user list 4 in acme/payments to users 9,15,22,40',
      'put external id 77 into the beta audience (iid 5) of platform/mobile, next to 9 and 15',
    ],
  },
  ff_user_list_delete: {
    summary: 'Delete a feature flag user list',
    rest: 'DELETE /projects/{project_id}/feature_flags_user_lists/{user_list_iid}',
    params: { project_id: id.project(), user_list_iid: userListIid() },
    destructive: true,
    fineGrained: ['delete_feature_flag_user_list'],
    keywords: 'remove feature flag user list segment cohort audience drop',
    examples: [
      'delete flag targeting list 9 from acme/billing',
      'remove the old beta-testers targeting list from acme/api',
      'delete feature flag user list 4 in acme/payments',
      'get rid of the pilot-stores audience (iid 5) in platform/mobile',
      'remove user list 11 used for flag targeting in platform/web',
    ],
  },
});
