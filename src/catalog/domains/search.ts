import { domain, id, str, bool, oneOf, req, paging, type ParamSpec, type RouteAlternative } from '../define.js';

/** The search scope is fixed per action; the platform needs it sent explicitly. */
const scope = (value: string): ParamSpec =>
  req(oneOf([value], `Search scope: always "${value}" for this action`, { default: value }));

const term = (): ParamSpec => req(str('Text to search for'));

const projectSel = (): ParamSpec => ({
  ...id.project(),
  required: false,
  description: 'Search in this project (ID or URL-encoded path); omit for a group or the whole instance',
});
const groupSel = (): ParamSpec => ({
  ...id.group(),
  required: false,
  description: 'Search in this group and its subgroups (ID or path); omit for the whole instance',
});

const PROJECT_GROUP_GLOBAL: readonly RouteAlternative[] = [
  { when: 'project_id', rest: 'GET /projects/{project_id}/search' },
  { when: 'group_id', rest: 'GET /groups/{group_id}/search' },
];

/** Sent though GitLab's OpenAPI description of the search routes lacks them (its search docs list them). */
const SEARCH_UNDOCUMENTED = {
  search_type: 'on GitLab\'s search API page (docs.gitlab.com/api/search, 18.11: basic, advanced, zoekt); the generated definition lacks it',
  ref: "GitLab's search docs list ref for project search; its OpenAPI definition omits it",
  order_by: 'on GitLab\'s search API page (docs.gitlab.com/api/search, 18.11: created_at only); the generated definition lacks it',
  sort: 'on GitLab\'s search API page (docs.gitlab.com/api/search, 18.11: asc or desc); the generated definition lacks it',
} as const;
const undocumentedOf = (...names: Array<keyof typeof SEARCH_UNDOCUMENTED>): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, SEARCH_UNDOCUMENTED[n]]));
/** GitLab's filters of other scopes than the action's. */
const OTHER_SCOPES = {
  confidential: 'filters issue results only',
  state: 'filters issue and merge request results only',
  fields: 'restricts issue and merge request searches to titles only',
} as const;
const SCOPE_NOTE = { scope: 'one action per search scope' } as const;
/** GitLab's regex flag (exact code search), which only code results use; listed from its 19.5 description (dated 18.9). */
const REGEX_OMITTED = { regex: 'regular-expression matching applies to code searches only' } as const;
/** Project search's ref, which only code, commit and wiki results use. */
const REF_OMITTED = { ref: 'selects the branch of code, commit and wiki searches only' } as const;

const searchType = (): ParamSpec =>
  oneOf(['basic', 'advanced', 'zoekt'], 'Search engine to use (advanced and zoekt need them enabled; Premium)', { tierNote: 'search.md marks no plan on search_type; the plan is of the advanced and zoekt engines an instance enables' });
const sortParams = (): Record<string, ParamSpec> => ({
  order_by: oneOf(['created_at'], 'Order results by this field (default: relevance)'),
  sort: oneOf(['asc', 'desc'], 'Sort order'),
});

export default domain('search', 'Search a project, a group or the whole instance: code, commits, issues, merge requests, milestones, comments, projects, snippets, users, wiki', {
  code: {
    summary: 'Search code (file contents) in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      regex: bool('Treat search as a regular expression (exact code search only)'),
      scope: scope('blobs'),
      project_id: projectSel(),
      group_id: groupSel(),
      ref: str('Branch or tag to search (project search only; default: default branch)'),
      search_type: searchType(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    undocumented: undocumentedOf('ref', 'search_type'),
    omitted: OTHER_SCOPES,
    fineGrained: ['use_global_search'],
    keywords: 'grep find code text in files blobs source usages occurrences string symbol identifier',
    examples: [
      'grep for the string unsafe_eval across group acme',
      'where is parseInvoice defined in acme/shop?',
      'find files that mention REDIS_URL on branch develop of acme/api',
      'search the source of platform/api-gateway for HACK(security) markers',
      'grep group payments for imports of moment.js',
    ],
  },
  commits: {
    summary: 'Search commits by message in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('commits'),
      project_id: projectSel(),
      group_id: groupSel(),
      ref: str('Branch or tag to search (project search only; default: default branch)'),
      search_type: searchType(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    undocumented: undocumentedOf('ref', 'search_type'),
    omitted: { ...OTHER_SCOPES, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find commit message history changesets lookup revisions',
    examples: [
      'find commits mentioning "fix login timeout" in acme/shop',
      'which commit message talks about CVE-2024-1234 in group acme?',
      'search commit history for "revert payment" across the whole instance',
      'search commits in platform/web for "bump lodash"',
      'look through git history messages in acme/payments for JIRA-4412',
    ],
  },
  issues: {
    summary: 'Search issues by title and description in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('issues'),
      project_id: projectSel(),
      group_id: groupSel(),
      state: oneOf(['all', 'opened', 'closed'], 'Only issues in this state (default all)'),
      confidential: bool('Only confidential (true) or non-confidential (false) issues'),
      fields: oneOf(['title'], 'Search only this field (Premium)', { tier: 'premium' }),
      search_type: searchType(),
      ...sortParams(),
      ...paging(),
    },
    narrowed: { ...SCOPE_NOTE, state: 'issues are never merged' },
    undocumented: undocumentedOf('order_by', 'search_type', 'sort'),
    omitted: { ...REF_OMITTED, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find bugs tickets tasks issues lookup problems defects',
    examples: [
      'search issues about the memory leak in acme/shop',
      'find closed issues mentioning SSO redirect in group acme',
      'any tickets about flaky tests anywhere on the instance?',
      'search confidential issues in group acme for "data leak"',
      'any open bug reports mentioning 502 errors in platform/api-gateway?',
    ],
  },
  merge_requests: {
    summary: 'Search merge requests by title and description in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('merge_requests'),
      project_id: projectSel(),
      group_id: groupSel(),
      state: oneOf(['all', 'opened', 'closed', 'merged'], 'Only merge requests in this state (default all)'),
      fields: oneOf(['title'], 'Search only this field (Premium)', { tier: 'premium' }),
      search_type: searchType(),
      ...sortParams(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    undocumented: undocumentedOf('order_by', 'search_type', 'sort'),
    omitted: { confidential: OTHER_SCOPES.confidential, ...REF_OMITTED, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find PR pull request MR lookup patches',
    examples: [
      'find MRs about the GraphQL migration in acme/api',
      'search merged merge requests mentioning dependency bump in group acme',
      'is there a PR anywhere that touches the rate limiter?',
      'search open merge requests in platform/web with "feature flag" in the title',
      'look for MRs across group payments whose description talks about PCI',
    ],
  },
  milestones: {
    summary: 'Search milestones by title in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('milestones'),
      project_id: projectSel(),
      group_id: groupSel(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    omitted: { ...OTHER_SCOPES, ...REF_OMITTED, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find milestone sprint iteration lookup deadline version roadmap',
    examples: [
      'search group acme for milestones titled 2025-Q3',
      'search for the sprint 42 milestone in acme/shop',
      'which milestones have beta in the title across the instance?',
      'search milestones named release-2025 in platform/web',
      'look up %"Q4 2025" by title across group payments',
    ],
  },
  notes: {
    summary: 'Search comments (notes) in a project',
    rest: 'GET /projects/{project_id}/search',
    params: {
      project_id: id.project(),
      search: term(),
      scope: scope('notes'),
      search_type: searchType(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    undocumented: undocumentedOf('search_type'),
    omitted: { ...OTHER_SCOPES, ...REF_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find comment note discussion text remarks conversation feedback chatter',
    examples: [
      'find comments saying "LGTM with nits" in acme/shop',
      'search discussion notes about the rollback plan in acme/api',
      'who commented about the timeout bug in acme/web? search the comments',
      'search comments in platform/api-gateway for "needs rebase"',
      'did anybody mention the staging outage in a comment on acme/payments?',
    ],
  },
  projects: {
    summary: 'Search projects by name and description in a group or the whole instance',
    rest: 'GET /search',
    alternatives: [{ when: 'group_id', rest: 'GET /groups/{group_id}/search' }],
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('projects'),
      group_id: groupSel(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    omitted: { ...OTHER_SCOPES, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find project repository repo lookup locate',
    examples: [
      'find projects with payments in the name in group acme',
      'search for a repo called terraform-modules',
      'is there a project for the mobile app anywhere on the instance?',
      'search the whole instance for projects named billing-service',
      'which repos in group platform have kafka in the name or description?',
    ],
  },
  snippets: {
    summary: 'Search snippets by title across the instance',
    rest: 'GET /search',
    params: { search: term(), scope: scope('snippet_titles'), ...paging() },
    narrowed: SCOPE_NOTE,
    omitted: {
      ...REGEX_OMITTED,
      ...OTHER_SCOPES,
      include_archived: 'snippet search spans personal snippets, not archived projects',
      exclude_forks: 'snippet search spans personal snippets, not forks',
    },
    fineGrained: ['use_global_search'],
    keywords: 'find snippet gist paste pastebin lookup',
    examples: [
      'search snippets titled nginx config',
      'find a snippet called deploy script across the instance',
      'look for a paste named docker-compose example',
      'search snippets for one titled k8s ingress',
      'is there a shared paste called jq cheatsheet somewhere?',
    ],
  },
  users: {
    summary: 'Search users by name or username in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('users'),
      project_id: projectSel(),
      group_id: groupSel(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    omitted: { ...OTHER_SCOPES, ...REF_OMITTED, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find user person member people account lookup handle colleague whois',
    examples: [
      'find someone named Priya in group acme',
      'search for people matching jsmith in project acme/shop',
      'is there anyone called Chen on the instance? search users',
      'search users in platform/web for maria',
      'find a person named Olsen in group payments',
    ],
  },
  wiki: {
    summary: 'Search wiki page contents in a project, a group or the whole instance',
    rest: 'GET /search',
    alternatives: PROJECT_GROUP_GLOBAL,
    params: {
      search: term(),
      include_archived: bool('Include results from archived projects (default false)'),
      exclude_forks: bool('Leave out results from forks (advanced search; default true)'),
      scope: scope('wiki_blobs'),
      project_id: projectSel(),
      group_id: groupSel(),
      ref: str('Wiki branch to search (project search only)'),
      search_type: searchType(),
      ...paging(),
    },
    narrowed: SCOPE_NOTE,
    undocumented: undocumentedOf('ref', 'search_type'),
    omitted: { ...OTHER_SCOPES, ...REGEX_OMITTED },
    fineGrained: ['use_global_search'],
    keywords: 'find wiki page documentation docs knowledge-base confluence handbook lookup',
    examples: [
      'look through the acme/billing wiki pages for onboarding steps',
      'find wiki pages that mention VPN setup in group acme',
      'where in the acme/handbook wiki do we describe the release process?',
      'search the wiki of platform/api-gateway for rate limit',
      'where do our docs pages in group payments explain PCI scope?',
    ],
  },
});
