#!/usr/bin/env node
// Builds test/fixtures/param-tiers.json: the REST parameters GitLab offers only on a paid plan, per route, the facts
// the catalog's per-parameter `tier` is linted against (test/catalog-lint.test.ts). Authoring time only; tests read
// only the fixture. Facts only (route, parameter, plan), each with the page, section and the marker it carries.
//
// Source: GitLab's own API pages (gitlabhq/gitlabhq doc/api/*.md), whose attribute tables end a paid parameter's
// description with "Premium and Ultimate only." or "Ultimate only.". Read through the authoring sessions' file
// index (the page's stored text, `index` below, 103,362 characters for doc/api/issues.md); transcribed here by hand.
// A parameter a table does not list but the catalog offers under the same GitLab filter (the `not[...]` forms, a
// filter the project and group lists share with the instance list) is `sameAs` the documented one.
// EXCEPTIONS are markers deliberately not followed, each with the reason.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A route as test/fixtures/gitlab-rest-params.json keys it (scripts/rest-params.mjs): every :param a star.
const routeKey = (method, path) => `${method} /${path.replace(/^\//, '').replace(/:[a-z_]+/g, '*')}`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'test', 'fixtures', 'param-tiers.json');

const ISSUES = { repo: 'gitlabhq/gitlabhq', path: 'doc/api/issues.md', index: '1123901761', chars: 103362 };
const PREMIUM = 'Premium and Ultimate only.';
// doc/api/merge_requests.md as stored in three versions (index ids), each table read where the parameter is.
const MERGE_REQUESTS = { repo: 'gitlabhq/gitlabhq', path: 'doc/api/merge_requests.md', index: ['1091968666', '24627351899', '24739986874'] };
const MR_DOCUMENTED = [
  ['GET', '/merge_requests', 'List merge requests (index 1091968666)', 'approved_by_ids', 'premium', PREMIUM],
  ['GET', '/projects/:id/merge_requests', 'List project merge requests (index 24627351899)', 'approved_by_ids', 'premium', PREMIUM],
  ['GET', '/groups/:id/merge_requests', 'List group merge requests (index 24739986874)', 'approved_by_ids', 'premium', PREMIUM],
];
const ULTIMATE = 'Ultimate only.';

/** [method, route, section, param, tier, marker] as the page gives them. */
const DOCUMENTED = [
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
];

/** [method, route, param, the documented one it is the same filter as (method route param)]. */
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
];

/** Markers not followed, with the reason. */
const EXCEPTIONS = [
  {
    route: 'POST /projects/:id/issues', param: 'assignee_ids', marker: PREMIUM,
    why: 'several assignees are the paid feature: on Free, GitLab takes assignee_ids with one id (the Edit table does not mark it), and the catalog offers only assignee_ids',
  },
];

const routes = {};
const facts = new Map();
for (const [method, route, , param, tier] of [...DOCUMENTED, ...MR_DOCUMENTED]) {
  const key = routeKey(method, route);
  (routes[key] ??= {})[param] = tier;
  facts.set(`${method} ${route} ${param}`, tier);
}
for (const [method, route, param, from] of SAME_AS) {
  const tier = facts.get(from);
  if (!tier) throw new Error(`${method} ${route} ${param}: ${from} is not documented here`);
  (routes[routeKey(method, route)] ??= {})[param] = tier;
  facts.set(`${method} ${route} ${param}`, tier);
}

const fixture = {
  generated_by: 'scripts/param-tiers.mjs',
  sources: [{
    ...MERGE_REQUESTS,
    what: 'attribute tables whose description ends with a plan marker',
    facts: MR_DOCUMENTED.map(([method, route, section, param, tier, marker]) => ({ route: `${method} ${route}`, section, param, tier, says: marker })),
  }, {
    ...ISSUES,
    what: 'attribute tables whose description ends with a plan marker',
    facts: DOCUMENTED.map(([method, route, section, param, tier, marker]) => ({ route: `${method} ${route}`, section, param, tier, says: marker })),
  }],
  same_as: SAME_AS.map(([method, route, param, from]) => ({ route: `${method} ${route}`, param, from })),
  exceptions: EXCEPTIONS,
  routes,
};
writeFileSync(OUT, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`wrote ${OUT}: ${Object.values(routes).reduce((n, r) => n + Object.keys(r).length, 0)} parameters on ${Object.keys(routes).length} routes`);
