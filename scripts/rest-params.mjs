#!/usr/bin/env node
// Builds test/fixtures/gitlab-rest-params.json: GitLab's REST parameters per route, the reference the
// catalog's parameters are linted against (test/rest-params.test.ts). Authoring time only; tests read
// only the fixture. Facts only (names, types, required, values, None/Any), no prose.
//
// Sources, read from local git snapshots (the `fetch` tool of the authoring sessions puts them under
// /work/.mirror/<owner>+<name>/repo; override with REST_PARAMS_OPENAPI_REPO / REST_PARAMS_GO):
//   1. GitLab's own OpenAPI v3 description, generated from the Grape definitions under lib/api/ by
//      `bin/rake gitlab:openapi:v3:generate` (gitlabhq/gitlabhq doc/api/openapi/openapi_v3.yaml). The
//      gitlabhq snapshot is over the size that can be fetched here, so the file is read from the copy
//      vendored unchanged (its generated header kept) at Yuyz0112/public-api-skills apis/gitlab/openapi.yaml;
//      its sha256 is recorded. Types, enum values, required flags, request bodies; `None`/`Any` where the
//      parameter is typed integer-or-string and its definition names both words.
//   2. xanzy/go-gitlab (typed client, GitLab 17.x): the ID types that take None/Any (AssigneeIDValue,
//      ReviewerIDValue...) confirm wildcards, and its option structs give the parameters of routes the
//      OpenAPI description does not cover.
// A parameter is listed when a source lists it; `from` says which.
// Where GitLab's own API page (gitlabhq doc/api/*.md) contradicts source 1, CORRECTIONS below amends the
// fact and the fixture's sources record the page and commit. DOC_FACTS (below) carries what GitLab's newer
// definitions (19.x, for the 19.4 target) say differently, each with path, commit and release.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'test', 'fixtures', 'gitlab-rest-params.json');
const GO = process.env.REST_PARAMS_GO ?? '/work/.mirror/xanzy+go-gitlab/repo';
const OPENAPI_REPO = process.env.REST_PARAMS_OPENAPI_REPO ?? '/work/.mirror/Yuyz0112+public-api-skills/repo';
const OPENAPI_PATH = 'apis/gitlab/openapi.yaml';

const git = (repo, ...args) => execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const head = (repo) => git(repo, 'rev-parse', 'HEAD').trim();
const files = (repo, under, ext) => git(repo, 'ls-tree', '-r', '--name-only', 'HEAD', under).split('\n').filter((f) => f.endsWith(ext));
const show = (repo, f) => git(repo, 'show', `HEAD:${f}`);

/**
 * `projects/%s/issues/%d` or `/projects/{project_id}/issues` → `/projects/*\/issues/*`. Grape's wildcard segments
 * (`*artifact_path`) are segments too; its optional ones (`(*path/)`, `(/)(*suffix_path)`) are left out of the key.
 */
export const routeKey = (method, path) => `${method} /${path.replace(/^\//, '').replace(/\(\/\)\(\*[a-z_]+\)$/, '').replace(/\(\*[a-z_]+\/\)/g, '').replace(/%[sdv]|\{[^}]+\}|:[a-z_]+|\*[a-z_]+/g, '*')}`;

const routes = new Map();
const goRoutes = new Map();
function param(method, path, name, fact, source, into = routes) {
  const key = routeKey(method, path);
  let r = into.get(key);
  if (!r) into.set(key, (r = { from: [], params: {} }));
  if (!r.from.includes(source)) r.from.push(source);
  if (!name) return;
  const wire = name.replace(/\[\]$/, '');
  const p = (r.params[wire] ??= { from: [] });
  if (!p.from.includes(source)) p.from.push(source);
  for (const [k, v] of Object.entries(fact)) if (v !== undefined && p[k] === undefined) p[k] = v;
  if (fact.required) p.required = true;
}

// ---------------- go-gitlab ----------------
function goSource() {
  const all = files(GO, '.', '.go').filter((f) => !f.endsWith('_test.go') && !f.includes('/'));
  const src = Object.fromEntries(all.map((f) => [f, show(GO, f)]));
  // Enum types: `type XValue string` with constants.
  const enums = {};
  const strTypes = new Set();
  for (const text of Object.values(src)) {
    for (const m of text.matchAll(/^type (\w+) (string|int)\s*$/gm)) strTypes.add(m[1]);
    for (const m of text.matchAll(/^\t\w+\s+(\w+)\s*=\s*("([^"]*)"|(\d+))\s*$/gm)) {
      (enums[m[1]] ??= []).push(m[3] ?? Number(m[4]));
    }
  }
  // Option structs.
  const structs = {};
  for (const text of Object.values(src)) {
    for (const m of text.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields = [];
      for (const line of m[2].split('\n')) {
        const emb = /^\t(\w+)\s*$/.exec(line);
        if (emb) { fields.push({ embed: emb[1] }); continue; }
        const f = /^\t(\w+)\s+(\S+)\s+`([^`]*)`/.exec(line);
        if (!f) continue;
        const url = /url:"([^",]*)([^"]*)"/.exec(f[3]);
        const json = /json:"([^",]*)/.exec(f[3]);
        fields.push({ goType: f[2], url: url?.[1], comma: url?.[2].includes('comma'), json: json?.[1] });
      }
      structs[m[1]] = fields;
    }
  }
  const typeOf = (goType, comma) => {
    const t = goType.replace(/^\*/, '');
    if (/IDValue$/.test(t) && t !== 'ApproverIDsValue') return { type: 'integer', wildcards: ['None', 'Any'] };
    if (t === 'ApproverIDsValue') return { type: 'array', items: 'integer', wildcards: ['None', 'Any'] };
    if (t === 'LabelOptions') return { type: 'string', list: 'comma' };
    if (t === 'string') return { type: 'string' };
    if (/^u?int(64|32)?$/.test(t)) return { type: 'integer' };
    if (/^float/.test(t)) return { type: 'number' };
    if (t === 'bool' || t === 'BoolValue') return { type: 'boolean' };
    if (t === 'time.Time') return { type: 'string', format: 'date-time' };
    if (t === 'ISOTime') return { type: 'string', format: 'date' };
    if (/^\[\]\*?u?int/.test(t)) return { type: 'array', items: 'integer' };
    if (/^\[\]\*?string$/.test(t)) return comma ? { type: 'string', list: 'comma' } : { type: 'array', items: 'string' };
    if (/^\[\]/.test(t)) return { type: 'array', items: 'object' };
    if (/^map\[/.test(t)) return { type: 'object' };
    if (strTypes.has(t) && enums[t]) {
      const values = enums[t];
      return typeof values[0] === 'number' ? { type: 'integer', enum: values } : { type: 'string', enum: values };
    }
    if (strTypes.has(t)) return { type: 'string' };
    return { type: 'object' };
  };
  const expand = (name, isQuery, seen = new Set()) => {
    const out = [];
    if (seen.has(name) || !structs[name]) return out;
    seen.add(name);
    for (const f of structs[name]) {
      if (f.embed) {
        if (f.embed === 'ListOptions') out.push({ name: 'page', type: 'integer' }, { name: 'per_page', type: 'integer' });
        else out.push(...expand(f.embed, isQuery, seen));
        continue;
      }
      const wire = isQuery ? f.url : f.json;
      if (!wire || wire === '-') continue;
      out.push({ name: wire, ...typeOf(f.goType, f.comma) });
    }
    return out;
  };
  let methods = 0;
  for (const text of Object.values(src)) {
    for (const m of text.matchAll(/^func \(\w+ \*\w+\) \w+\(([^)]*)\)[^{]*\{\n([\s\S]*?)^\}/gm)) {
      const sig = m[1];
      const body = m[2];
      const req = /NewRequest\(http\.Method(\w+),\s*(u|"[^"]*"),\s*(\w+)/.exec(body);
      if (!req) continue;
      let path;
      if (req[2] === 'u') {
        const all = [...body.matchAll(/\bu\s*:?=\s*fmt\.Sprintf\(\s*"([^"]*)"/g)];
        const lit = [...body.matchAll(/\bu\s*:?=\s*"([^"]*)"/g)];
        path = all.length ? all[all.length - 1][1] : lit.length ? lit[lit.length - 1][1] : undefined;
      } else path = req[2].slice(1, -1);
      if (!path) continue;
      path = path.split('?')[0];
      const method = req[1].toUpperCase();
      const argType = new RegExp(`\\b${req[3]} \\*(\\w+)`).exec(sig)?.[1];
      methods++;
      param(method, path, undefined, {}, 'go-gitlab', goRoutes);
      if (!argType) continue;
      const isQuery = method === 'GET' || method === 'DELETE' || method === 'HEAD';
      for (const p of expand(argType, isQuery)) {
        const { name, ...fact } = p;
        param(method, path, name, { ...fact, ...(name.endsWith('[]') ? { type: 'array', items: fact.items ?? (fact.type === 'integer' ? 'integer' : 'string') } : {}) }, 'go-gitlab', goRoutes);
      }
    }
  }
  return { methods };
}

// ---------------- GitLab's OpenAPI v3 ----------------
const stubBodies = new Set();
const openapiText = git(OPENAPI_REPO, 'show', `HEAD:${OPENAPI_PATH}`);
function openapiSource() {
  const doc = parseYaml(openapiText, { maxAliasCount: -1 });
  let operations = 0;
  const fact = (schema = {}, definition = '', query = false) => {
    const out = {};
    const kinds = (schema.oneOf ?? schema.anyOf ?? [schema]).map((x) => x.type).filter(Boolean);
    if (kinds.includes('integer') && kinds.includes('string')) {
      out.type = 'integer';
      out.or_string = true;
      // On a query filter, integer-or-string is how the description renders Grape's `integer_none_any`: the
      // string arm is the wildcard words None and Any (plus any the definition names). Elsewhere it is an
      // ID or a path/reference, no wildcard.
      if (query) out.wildcards = ['None', 'Any', ...['Upcoming', 'Started'].filter((w) => new RegExp(`\\b${w}\\b`).test(definition))];
    } else if (kinds.length === 1) out.type = kinds[0];
    else if (kinds.length) out.type = kinds.join('|');
    if (schema.format) out.format = schema.format;
    if (schema.type === 'array') out.items = schema.items?.type ?? 'string';
    if (schema.enum) out.enum = schema.enum;
    if (schema.type === 'array' && schema.items?.enum) out.enum = schema.items.enum;
    if (schema.default !== undefined) out.default = schema.default;
    return out;
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v4/')) continue;
    const rel = path.slice('/api/v4'.length);
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete', 'head'].includes(method)) continue;
      operations++;
      const M = method.toUpperCase();
      param(M, rel, undefined, {}, 'gitlab-openapi');
      // An optional segment of a Grape path (`(*path/)`, `(/)(*suffix_path)`): its parameter is not required.
      const optional = new Set([...rel.matchAll(/\(\*([a-z_]+)\/?\)/g)].map((m) => m[1]));
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' || p.in === 'header') continue;
        param(M, rel, p.name, { ...fact(p.schema, p.description, p.in === 'query'), in: p.in, ...(p.required && !optional.has(p.name) ? { required: true } : {}) }, 'gitlab-openapi');
      }
      for (const [mime, body] of Object.entries(op.requestBody?.content ?? {})) {
        const schema = body.schema ?? {};
        // A body described only as the stub of Grape's multipart middleware says nothing of its fields:
        // the route takes them from go-gitlab instead.
        const props = Object.entries(schema.properties ?? {});
        if (props.length === 1 && /Multipart middleware/.test(props[0][1].description ?? '')) { stubBodies.add(routeKey(M, rel)); continue; }
        const required = new Set(schema.required ?? []);
        for (const [name, prop] of Object.entries(schema.properties ?? {})) {
          param(M, rel, name, { ...fact(prop, prop.description), in: mime.startsWith('multipart') ? 'form' : 'body', ...(required.has(name) ? { required: true } : {}) }, 'gitlab-openapi');
        }
      }
    }
  }
  return { operations, paths: Object.keys(doc.paths).length };
}

const api = openapiSource();
const go = goSource();
// go-gitlab: wildcards it models confirm the OpenAPI facts; routes the OpenAPI description lacks come from it.
let goOnly = 0;
for (const [key, r] of goRoutes) {
  const main = routes.get(key);
  if (!main) { routes.set(key, r); goOnly++; continue; }
  if (!main.from.includes('go-gitlab')) main.from.push('go-gitlab');
  for (const [name, p] of Object.entries(r.params)) {
    const m = main.params[name];
    if (!m && stubBodies.has(key)) { main.params[name] = p; continue; }
    if (!m) continue;
    m.from.push('go-gitlab');
    if (p.wildcards && !m.wildcards) m.wildcards = p.wildcards;
    if (p.type === 'array' && m.type !== 'array') m.array_ok = true;
  }
}

// Corrections of the generated description where GitLab's own API page (gitlabhq/gitlabhq, path @ commit)
// says otherwise; each is recorded in the fixture's sources.
const CORRECTIONS = [
  { route: 'GET /audit_events', param: 'entity_type', drop: 'required', page: 'doc/api/audit_events.md', commit: '0286e4c628d68960d0ca9e961d82c3ea6ac90633', says: 'Required: no' },
];
for (const c of CORRECTIONS) {
  const p = routes.get(c.route)?.params[c.param];
  if (!p || p[c.drop] === undefined) throw new Error(`correction of ${c.route} ${c.param} no longer applies: drop it`);
  delete p[c.drop];
}

// The target release is GitLab 19.4 and sources 1 and 2 are ~18.9. DOC_COMPARED lists the routes whose
// parameters were compared (names, types, enums, required) with GitLab's newer definitions; DOC_FACTS the
// differences found. A fact is applied only when its release is known and at most TARGET (a parameter
// introduced in 19.5 is not part of 19.4); otherwise it is recorded in the sources, unapplied.
const TARGET = '19.4';
const OPENAPI_19_5 = { path: 'doc/api/openapi/openapi_v3.yaml', commit: '07fbd7abe2d2c18b6e7ea6a14f627048f28aa795', release: '19.5' };
const DOC_COMPARED = [{
  ...OPENAPI_19_5,
  routes: [
    'GET /projects/*/issues', 'POST /projects/*/issues', 'GET /projects/*/issues/*', 'PUT /projects/*/issues/*', 'DELETE /projects/*/issues/*',
    'GET /projects/*/issues_statistics', 'GET /groups/*/issues_statistics', 'PUT /projects/*/issues/*/reorder', 'POST /projects/*/issues/*/move',
    'POST /projects/*/issues/*/time_estimate', 'POST /projects/*/issues/*/reset_time_estimate', 'POST /projects/*/issues/*/add_spent_time',
    'POST /projects/*/issues/*/reset_spent_time', 'GET /projects/*/issues/*/time_stats',
    'GET /projects/*/merge_requests', 'POST /projects/*/merge_requests', 'GET /projects/*/merge_requests/*', 'PUT /projects/*/merge_requests/*',
    'DELETE /projects/*/merge_requests/*', 'GET /projects/*/merge_requests/*/participants', 'POST /projects/*/merge_requests/*/add_spent_time',
    'POST /projects/*/merge_requests/*/reset_spent_time', 'GET /projects/*/merge_requests/*/time_stats',
    'GET /projects', 'GET /projects/*', 'PUT /projects/*', 'DELETE /projects/*', 'GET /projects/*/share_locations',
    'GET /groups/*', 'PUT /groups/*', 'DELETE /groups/*', 'POST /groups/*/archive', 'POST /groups/*/unarchive', 'POST /groups/*/restore',
    'GET /groups/*/groups/shared', 'GET /groups/*/invited_groups', 'GET /groups/*/projects',
    'GET /projects/*/pipelines', 'POST /projects/*/pipeline', 'GET /projects/*/pipelines/latest', 'GET /projects/*/pipelines/*',
    'DELETE /projects/*/pipelines/*', 'GET /projects/*/pipelines/*/jobs', 'GET /projects/*/pipelines/*/bridges', 'GET /projects/*/pipelines/*/variables',
    'GET /users', 'POST /users', 'GET /users/*', 'PUT /users/*', 'DELETE /users/*', 'GET /users/*/status', 'POST /users/*/follow', 'POST /users/*/unfollow',
  ],
}, {
  // Second pass (same file and commit, read in 32 pieces located from the ~18.9 offsets plus ~15,000): the other everyday domains.
  ...OPENAPI_19_5,
  routes: [
    // project, group
    'POST /projects', 'GET /groups', 'POST /groups', 'GET /groups/*/releases', 'POST /groups/import', 'GET /groups/*/export/download', 'POST /groups/*/export',
    'POST /groups/*/export_relations',
    // mr_review: notes, discussions, draft notes
    'GET /projects/*/merge_requests/*/notes', 'POST /projects/*/merge_requests/*/notes', 'GET /projects/*/merge_requests/*/notes/*',
    'PUT /projects/*/merge_requests/*/notes/*', 'DELETE /projects/*/merge_requests/*/notes/*',
    'GET /projects/*/merge_requests/*/discussions', 'POST /projects/*/merge_requests/*/discussions', 'GET /projects/*/merge_requests/*/discussions/*',
    'PUT /projects/*/merge_requests/*/discussions/*', 'POST /projects/*/merge_requests/*/discussions/*/notes',
    'PUT /projects/*/merge_requests/*/discussions/*/notes/*', 'DELETE /projects/*/merge_requests/*/discussions/*/notes/*',
    'GET /projects/*/merge_requests/*/draft_notes', 'POST /projects/*/merge_requests/*/draft_notes', 'GET /projects/*/merge_requests/*/draft_notes/*',
    'PUT /projects/*/merge_requests/*/draft_notes/*', 'DELETE /projects/*/merge_requests/*/draft_notes/*',
    'PUT /projects/*/merge_requests/*/draft_notes/*/publish', 'POST /projects/*/merge_requests/*/draft_notes/bulk_publish',
    // repository: tree, blobs, archive, compare, contributors, merge base, changelog, submodules, files, commits, statuses, commit discussions
    'GET /projects/*/repository/tree', 'GET /projects/*/repository/blobs/*', 'GET /projects/*/repository/blobs/*/raw', 'GET /projects/*/repository/archive',
    'GET /projects/*/repository/compare', 'GET /projects/*/repository/contributors', 'GET /projects/*/repository/merge_base',
    'GET /projects/*/repository/changelog', 'POST /projects/*/repository/changelog', 'PUT /projects/*/repository/submodules/*',
    'GET /projects/*/repository/files/*/blame', 'GET /projects/*/repository/files/*/raw', 'HEAD /projects/*/repository/files/*', 'GET /projects/*/repository/files/*',
    'POST /projects/*/repository/files/*', 'PUT /projects/*/repository/files/*', 'DELETE /projects/*/repository/files/*',
    'GET /projects/*/repository/commits', 'POST /projects/*/repository/commits', 'GET /projects/*/repository/commits/*', 'GET /projects/*/repository/commits/*/diff',
    'GET /projects/*/repository/commits/*/comments', 'POST /projects/*/repository/commits/*/comments', 'POST /projects/*/repository/commits/*/cherry_pick',
    'POST /projects/*/repository/commits/*/revert', 'GET /projects/*/repository/commits/*/refs', 'GET /projects/*/repository/commits/*/merge_requests',
    'GET /projects/*/repository/commits/*/signature', 'GET /projects/*/repository/commits/*/statuses', 'POST /projects/*/statuses/*',
    'GET /projects/*/repository/commits/*/discussions', 'POST /projects/*/repository/commits/*/discussions', 'GET /projects/*/repository/commits/*/discussions/*',
    'POST /projects/*/repository/commits/*/discussions/*/notes',
    // branch (protected branches), tag (tags, protected tags)
    'GET /projects/*/protected_branches', 'POST /projects/*/protected_branches', 'GET /projects/*/protected_branches/*', 'PATCH /projects/*/protected_branches/*',
    'DELETE /projects/*/protected_branches/*',
    'GET /projects/*/repository/tags', 'POST /projects/*/repository/tags', 'GET /projects/*/repository/tags/*', 'DELETE /projects/*/repository/tags/*',
    'GET /projects/*/repository/tags/*/signature', 'GET /projects/*/protected_tags', 'POST /projects/*/protected_tags', 'GET /projects/*/protected_tags/*',
    'DELETE /projects/*/protected_tags/*',
    // release, release links
    'GET /projects/*/releases', 'POST /projects/*/releases', 'GET /projects/*/releases/*', 'PUT /projects/*/releases/*', 'DELETE /projects/*/releases/*',
    'GET /projects/*/releases/*/assets/links', 'POST /projects/*/releases/*/assets/links', 'GET /projects/*/releases/*/assets/links/*',
    'PUT /projects/*/releases/*/assets/links/*', 'DELETE /projects/*/releases/*/assets/links/*',
    // job, job token scope
    'GET /projects/*/jobs', 'GET /projects/*/jobs/*', 'GET /projects/*/jobs/*/trace', 'POST /projects/*/jobs/*/cancel', 'POST /projects/*/jobs/*/retry',
    'POST /projects/*/jobs/*/erase', 'POST /projects/*/jobs/*/play', 'GET /projects/*/job_token_scope', 'PATCH /projects/*/job_token_scope',
    'GET /projects/*/job_token_scope/allowlist', 'POST /projects/*/job_token_scope/allowlist', 'GET /projects/*/job_token_scope/groups_allowlist',
    'POST /projects/*/job_token_scope/groups_allowlist', 'DELETE /projects/*/job_token_scope/groups_allowlist/*',
    // ci_variable (project, group)
    'GET /projects/*/variables', 'POST /projects/*/variables', 'GET /projects/*/variables/*', 'PUT /projects/*/variables/*', 'DELETE /projects/*/variables/*',
    'GET /groups/*/variables', 'POST /groups/*/variables', 'GET /groups/*/variables/*', 'PUT /groups/*/variables/*', 'DELETE /groups/*/variables/*',
    // environment: environments, deployments, freeze periods
    'GET /projects/*/environments', 'POST /projects/*/environments', 'GET /projects/*/environments/*', 'PUT /projects/*/environments/*',
    'DELETE /projects/*/environments/*', 'POST /projects/*/environments/*/stop',
    'GET /projects/*/deployments', 'POST /projects/*/deployments', 'GET /projects/*/deployments/*', 'PUT /projects/*/deployments/*', 'DELETE /projects/*/deployments/*',
    'GET /projects/*/freeze_periods', 'POST /projects/*/freeze_periods', 'GET /projects/*/freeze_periods/*', 'PUT /projects/*/freeze_periods/*',
    'DELETE /projects/*/freeze_periods/*',
    // package
    'GET /projects/*/packages', 'GET /projects/*/packages/*', 'DELETE /projects/*/packages/*', 'GET /groups/*/packages',
    'GET /projects/*/packages/protection/rules', 'POST /projects/*/packages/protection/rules', 'PATCH /projects/*/packages/protection/rules/*',
    'DELETE /projects/*/packages/protection/rules/*',
    // snippet: personal and project snippets, their notes and discussions
    'GET /snippets', 'POST /snippets', 'GET /snippets/public', 'GET /snippets/all', 'GET /snippets/*', 'PUT /snippets/*', 'DELETE /snippets/*', 'GET /snippets/*/raw',
    'GET /snippets/*/files/*/*/raw', 'GET /projects/*/snippets', 'POST /projects/*/snippets', 'GET /projects/*/snippets/*', 'PUT /projects/*/snippets/*',
    'DELETE /projects/*/snippets/*', 'GET /projects/*/snippets/*/raw',
    'GET /projects/*/snippets/*/notes', 'POST /projects/*/snippets/*/notes', 'GET /projects/*/snippets/*/notes/*', 'PUT /projects/*/snippets/*/notes/*',
    'DELETE /projects/*/snippets/*/notes/*', 'GET /projects/*/snippets/*/discussions', 'POST /projects/*/snippets/*/discussions',
    'GET /projects/*/snippets/*/discussions/*', 'POST /projects/*/snippets/*/discussions/*/notes', 'PUT /projects/*/snippets/*/discussions/*/notes/*',
    'DELETE /projects/*/snippets/*/discussions/*/notes/*',
    // search (the group and project search routes are keyed "(-/)search" in the description and have no reference entry)
    'GET /search',
    // wiki (project, group), branches, group sub-resources: badges, milestones, labels, board lists
    'GET /projects/*/wikis', 'POST /projects/*/wikis', 'GET /projects/*/wikis/*', 'PUT /projects/*/wikis/*', 'DELETE /projects/*/wikis/*',
    'POST /projects/*/wikis/attachments', 'GET /groups/*/wikis', 'POST /groups/*/wikis', 'GET /groups/*/wikis/*', 'PUT /groups/*/wikis/*', 'DELETE /groups/*/wikis/*',
    'GET /projects/*/repository/branches', 'POST /projects/*/repository/branches', 'GET /projects/*/repository/branches/*',
    'DELETE /projects/*/repository/branches/*', 'DELETE /projects/*/repository/merged_branches',
    'GET /groups/*/badges', 'POST /groups/*/badges', 'GET /groups/*/badges/render', 'GET /groups/*/badges/*', 'PUT /groups/*/badges/*', 'DELETE /groups/*/badges/*',
    'GET /groups/*/milestones', 'POST /groups/*/milestones', 'GET /groups/*/milestones/*', 'PUT /groups/*/milestones/*', 'DELETE /groups/*/milestones/*',
    'GET /groups/*/milestones/*/issues', 'GET /groups/*/milestones/*/merge_requests', 'GET /groups/*/milestones/*/burndown_events',
    'GET /groups/*/labels', 'POST /groups/*/labels', 'PUT /groups/*/labels', 'DELETE /groups/*/labels', 'GET /groups/*/labels/*', 'PUT /groups/*/labels/*',
    'DELETE /groups/*/labels/*', 'GET /groups/*/boards/*/lists', 'POST /groups/*/boards/*/lists', 'GET /groups/*/boards/*/lists/*',
    'PUT /groups/*/boards/*/lists/*', 'DELETE /groups/*/boards/*/lists/*',
  ],
}, {
  // Third pass (same file and commit, pieces located from the ~18.9 offsets plus the drift measured on the way:
  // ~+12,300..+13,000 before ~470,000, ~+15,000..+15,300 after): approvals, MR diffs and versions, members, group
  // sub-resources and the routes read alongside.
  ...OPENAPI_19_5,
  routes: [
    // admin
    'GET /license', 'POST /license', 'DELETE /license/*', 'GET /metadata',
    // dependency
    'GET /projects/*/dependencies',
    // environment
    'GET /projects/*/protected_environments', 'POST /projects/*/protected_environments', 'GET /projects/*/protected_environments/*',
    'PUT /projects/*/protected_environments/*', 'DELETE /projects/*/protected_environments/*',
    // group
    'POST /groups/*/service_accounts', 'GET /groups/*/service_accounts', 'DELETE /groups/*/service_accounts/*', 'PATCH /groups/*/service_accounts/*',
    'GET /groups/*/service_accounts/*/personal_access_tokens', 'POST /groups/*/service_accounts/*/personal_access_tokens',
    'DELETE /groups/*/service_accounts/*/personal_access_tokens/*', 'POST /groups/*/service_accounts/*/personal_access_tokens/*/rotate',
    'GET /groups/*/protected_branches', 'POST /groups/*/protected_branches', 'GET /groups/*/protected_branches/*',
    'PATCH /groups/*/protected_branches/*', 'DELETE /groups/*/protected_branches/*', 'GET /groups/*/saml_group_links',
    'POST /groups/*/saml_group_links', 'GET /groups/*/saml_group_links/*', 'DELETE /groups/*/saml_group_links/*',
    'GET /groups/*/protected_environments', 'POST /groups/*/protected_environments', 'GET /groups/*/protected_environments/*',
    'PUT /groups/*/protected_environments/*', 'DELETE /groups/*/protected_environments/*', 'GET /analytics/group_activity/issues_count',
    'GET /analytics/group_activity/merge_requests_count', 'GET /analytics/group_activity/new_members_count',
    'GET /groups/*/manage/personal_access_tokens', 'DELETE /groups/*/manage/personal_access_tokens/*', 'GET /groups/*/manage/ssh_keys',
    'DELETE /groups/*/manage/ssh_keys/*', 'GET /groups/*/hooks', 'POST /groups/*/hooks', 'GET /groups/*/hooks/*', 'PUT /groups/*/hooks/*',
    'DELETE /groups/*/hooks/*', 'PUT /groups/*/hooks/*/url_variables/*', 'DELETE /groups/*/hooks/*/url_variables/*',
    'PUT /groups/*/hooks/*/custom_headers/*', 'DELETE /groups/*/hooks/*/custom_headers/*', 'POST /groups/*/hooks/*/test/*',
    'POST /groups/*/hooks/*/events/*/resend', 'GET /groups/*/push_rule', 'POST /groups/*/push_rule', 'PUT /groups/*/push_rule',
    'DELETE /groups/*/push_rule', 'GET /groups/*/ldap_group_links', 'POST /groups/*/ldap_group_links', 'DELETE /groups/*/ldap_group_links',
    'DELETE /groups/*/ldap_group_links/*/*', 'PUT /groups/*/security_settings', 'GET /groups/*/epic_boards', 'GET /groups/*/epic_boards/*',
    'GET /groups/*/epics', 'POST /groups/*/boards', 'GET /groups/*/boards', 'DELETE /groups/*/boards/*', 'GET /groups/*/boards/*',
    'PUT /groups/*/boards/*', 'POST /groups/*/labels/*/subscribe', 'POST /groups/*/labels/*/unsubscribe', 'POST /groups/*/members',
    'GET /groups/*/members/all', 'GET /groups/*/members/*', 'PUT /groups/*/members/*', 'DELETE /groups/*/members/*', 'GET /groups/*/members/all/*',
    'GET /groups/*/billable_members', 'GET /groups/*/billable_members/*/memberships', 'DELETE /groups/*/billable_members/*',
    // issue
    'POST /projects/*/issues/*/subscribe', 'POST /projects/*/issues/*/unsubscribe',
    // merge_request
    'GET /projects/*/merge_requests/*/approval_rules', 'POST /projects/*/merge_requests/*/approval_rules',
    'PUT /projects/*/merge_requests/*/approval_rules/*', 'DELETE /projects/*/merge_requests/*/approval_rules/*',
    'GET /projects/*/merge_requests/*/blocks', 'POST /projects/*/merge_requests/*/blocks', 'DELETE /projects/*/merge_requests/*/blocks/*',
    'GET /projects/*/merge_request_approval_setting', 'PUT /projects/*/merge_request_approval_setting',
    'GET /groups/*/merge_request_approval_setting', 'PUT /groups/*/merge_request_approval_setting', 'POST /projects/*/merge_requests/*/subscribe',
    'POST /projects/*/merge_requests/*/unsubscribe', 'GET /projects/*/merge_requests/*/approvals', 'POST /projects/*/merge_requests/*/approve',
    'POST /projects/*/merge_requests/*/unapprove', 'PUT /projects/*/merge_requests/*/reset_approvals',
    'GET /projects/*/merge_requests/*/approval_state', 'GET /projects/*/merge_requests/*/context_commits',
    'POST /projects/*/merge_requests/*/context_commits', 'DELETE /projects/*/merge_requests/*/context_commits',
    'GET /projects/*/merge_requests/*/pipelines', 'POST /projects/*/merge_requests/*/pipelines', 'PUT /projects/*/merge_requests/*/merge',
    'POST /projects/*/merge_requests/*/cancel_merge_when_pipeline_succeeds', 'PUT /projects/*/merge_requests/*/rebase',
    'GET /projects/*/merge_requests/*/closes_issues',
    // mr_review
    'GET /projects/*/merge_requests/*/versions', 'GET /projects/*/merge_requests/*/versions/*', 'GET /projects/*/merge_requests/*/diffs',
    'GET /projects/*/merge_requests/*/raw_diffs',
    // project
    'GET /projects/*/approvals', 'POST /projects/*/approvals', 'GET /projects/*/push_rule', 'POST /projects/*/push_rule',
    'PUT /projects/*/push_rule', 'DELETE /projects/*/push_rule', 'POST /projects/*/mirror/pull', 'PUT /projects/*/mirror/pull',
    'GET /projects/*/mirror/pull', 'GET /projects/*/approval_rules', 'POST /projects/*/approval_rules', 'GET /projects/*/approval_rules/*',
    'PUT /projects/*/approval_rules/*', 'DELETE /projects/*/approval_rules/*', 'GET /projects/*/security_settings',
    'PUT /projects/*/security_settings', 'POST /projects/*/labels/*/subscribe', 'POST /projects/*/labels/*/unsubscribe', 'GET /projects/*/boards',
    'POST /projects/*/boards', 'GET /projects/*/boards/*', 'POST /projects/*/members', 'GET /projects/*/members/all', 'GET /projects/*/members/*',
    'PUT /projects/*/members/*', 'DELETE /projects/*/members/*', 'GET /projects/*/members/all/*', 'POST /projects/*/uploads',
    'GET /projects/*/uploads', 'DELETE /projects/*/uploads/*', 'DELETE /projects/*/uploads/*/*',
    // project_alias
    'GET /project_aliases', 'POST /project_aliases', 'GET /project_aliases/*', 'DELETE /project_aliases/*',
    // repository
    'PUT /projects/*/repository/commits/*/discussions/*/notes/*', 'DELETE /projects/*/repository/commits/*/discussions/*/notes/*',
    // storage_move
    'GET /snippet_repository_storage_moves', 'POST /snippet_repository_storage_moves',
    // template
    'GET /templates/licenses', 'GET /templates/licenses/*', 'GET /templates/gitignores', 'GET /templates/gitignores/*',
    'GET /templates/gitlab_ci_ymls', 'GET /templates/gitlab_ci_ymls/*', 'GET /templates/dockerfiles', 'GET /templates/dockerfiles/*',
    // user
    'GET /service_accounts', 'POST /service_accounts', 'PATCH /service_accounts/*', 'POST /todos/*/mark_as_done', 'POST /todos/mark_as_done',
  ],
}, {
  // Fourth pass (same file and commit, 20 pieces; drift measured on the way: ~+15,000..+16,400 from ~735,000 to
  // ~2,420,000, ~+13,900..+15,400 after): the last everyday routes and those read alongside. No difference.
  ...OPENAPI_19_5,
  routes: [
    // access, audit_event
    'POST /personal_access_tokens/self/rotate', 'GET /groups/*/audit_events', 'GET /groups/*/audit_events/*',
    // admin: bulk imports, applications, broadcast messages
    'POST /bulk_imports', 'GET /bulk_imports', 'GET /bulk_imports/entities', 'GET /bulk_imports/*', 'GET /bulk_imports/*/entities',
    'GET /bulk_imports/*/entities/*', 'GET /bulk_imports/*/entities/*/failures', 'POST /applications', 'GET /applications',
    'GET /broadcast_messages', 'POST /broadcast_messages', 'GET /broadcast_messages/*', 'PUT /broadcast_messages/*', 'DELETE /broadcast_messages/*',
    // ci_variable (instance)
    'GET /admin/ci/variables', 'POST /admin/ci/variables', 'GET /admin/ci/variables/*', 'PUT /admin/ci/variables/*', 'DELETE /admin/ci/variables/*',
    // environment
    'GET /projects/*/deployments/*/merge_requests', 'POST /projects/*/deployments/*/approval',
    // group
    'GET /groups/*/issues', 'GET /groups/*/epics/*/resource_label_events', 'GET /groups/*/epics/*/resource_label_events/*', 'GET /groups/*/uploads',
    'DELETE /groups/*/uploads/*', 'DELETE /groups/*/uploads/*/*', 'GET /groups/*/export_relations/status', 'GET /groups/*/projects/shared',
    'GET /groups/*/descendant_groups', 'POST /groups/*/projects/*', 'GET /groups/*/transfer_locations', 'POST /groups/*/transfer',
    'POST /groups/*/share', 'DELETE /groups/*/share/*', 'POST /groups/*/ldap_sync', 'GET /groups/*/saml_users', 'GET /groups/*/provisioned_users',
    'GET /groups/*/ssh_certificates', 'POST /groups/*/ssh_certificates', 'DELETE /groups/*/ssh_certificates/*',
    // issue
    'GET /issues_statistics', 'GET /issues', 'GET /issues/*',
    // job: job token scope, artifacts
    'DELETE /projects/*/job_token_scope/allowlist/*', 'GET /projects/*/jobs/artifacts/*/download', 'GET /projects/*/jobs/*/artifacts',
    'DELETE /projects/*/jobs/*/artifacts', 'POST /projects/*/jobs/*/artifacts/keep', 'DELETE /projects/*/artifacts',
    // merge_request
    'GET /projects/*/merge_requests/*/resource_label_events', 'GET /projects/*/merge_requests/*/resource_label_events/*',
    // package: container registry, its protection rules, package files
    'GET /projects/*/registry/protection/tag/rules', 'POST /projects/*/registry/protection/tag/rules', 'PATCH /projects/*/registry/protection/tag/rules/*',
    'DELETE /projects/*/registry/protection/tag/rules/*', 'GET /projects/*/registry/protection/repository/rules',
    'POST /projects/*/registry/protection/repository/rules', 'PATCH /projects/*/registry/protection/repository/rules/*',
    'DELETE /projects/*/registry/protection/repository/rules/*', 'GET /projects/*/registry/repositories', 'DELETE /projects/*/registry/repositories/*',
    'GET /projects/*/registry/repositories/*/tags', 'DELETE /projects/*/registry/repositories/*/tags', 'GET /projects/*/registry/repositories/*/tags/*',
    'DELETE /projects/*/registry/repositories/*/tags/*', 'GET /projects/*/packages/*/package_files', 'DELETE /projects/*/packages/*/package_files/*',
    'GET /groups/*/registry/repositories', 'GET /registry/repositories/*',
    // project: milestones, import, avatar
    'GET /projects/*/milestones', 'POST /projects/*/milestones', 'GET /projects/*/milestones/*', 'PUT /projects/*/milestones/*',
    'DELETE /projects/*/milestones/*', 'POST /projects/import', 'GET /projects/*/import', 'GET /projects/*/avatar',
    // repository, template, user
    'POST /markdown', 'GET /projects/*/ci/lint', 'POST /projects/*/ci/lint', 'GET /keys/*', 'GET /keys', 'GET /avatar',
    // snippet award emoji
    'GET /projects/*/snippets/*/award_emoji', 'POST /projects/*/snippets/*/award_emoji', 'GET /projects/*/snippets/*/award_emoji/*',
    'DELETE /projects/*/snippets/*/award_emoji/*', 'GET /projects/*/snippets/*/notes/*/award_emoji', 'POST /projects/*/snippets/*/notes/*/award_emoji',
    'GET /projects/*/snippets/*/notes/*/award_emoji/*', 'DELETE /projects/*/snippets/*/notes/*/award_emoji/*',
    // storage_move
    'GET /project_repository_storage_moves', 'POST /project_repository_storage_moves', 'GET /project_repository_storage_moves/*',
    'GET /projects/*/repository_storage_moves', 'POST /projects/*/repository_storage_moves', 'GET /projects/*/repository_storage_moves/*',
  ],
}];
const DOC_FACTS = [
  // Listed at ~18.9, absent from the 19.5 description; no page names the release that dropped it, so 19.4 may still take it.
  { route: 'PUT /groups/*', param: 'duo_sast_fp_detection_availability', change: 'drop', release: undefined, seen: OPENAPI_19_5 },
  // The same for group creation; and POST /groups no longer lists shared_runners_setting at 19.5 (PUT /groups/* still does). No release named.
  { route: 'POST /groups', param: 'duo_sast_fp_detection_availability', change: 'drop', release: undefined, seen: OPENAPI_19_5 },
  { route: 'POST /groups', param: 'shared_runners_setting', change: 'drop', release: undefined, seen: OPENAPI_19_5 },
  // Absent at ~18.9; the 19.5 description lists it (boolean, query) and dates it 18.9, so 19.4 takes it.
  { route: 'GET /search', param: 'regex', change: 'add', fact: { type: 'boolean', in: 'query' }, release: '18.9', history: 'dated 18.9 by the 19.5 description', seen: OPENAPI_19_5 },
];
const releaseKey = (r) => r.split('.').map(Number).reduce((a, n) => a * 1000 + n, 0);
const applies = (f) => f.release !== undefined && releaseKey(f.release) <= releaseKey(TARGET);
for (const c of DOC_COMPARED) for (const k of c.routes) if (!routes.has(k)) throw new Error(`compared route ${k} is not in the reference`);
for (const f of DOC_FACTS) {
  const r = routes.get(f.route);
  if (!r) throw new Error(`fact on ${f.route}: no such route`);
  const p = r.params[f.param];
  if (f.change === 'add' ? p : !p) throw new Error(`fact ${f.change} ${f.route} ${f.param} no longer applies: drop it`);
  if (!applies(f)) continue;
  if (f.change === 'drop') delete r.params[f.param];
  else if (f.change === 'add') r.params[f.param] = { ...f.fact, from: ['gitlab-doc'] };
  else Object.assign(p, f.fact);
}

const sorted = Object.fromEntries([...routes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, r]) => {
  const params = Object.entries(r.params).sort(([a], [b]) => a.localeCompare(b)).map(([n, p]) => {
    const { from, ...rest } = p;
    return [n, from.includes('gitlab-openapi') ? rest : { ...rest, from: from.sort() }];
  });
  return [k, { from: r.from.sort(), params: Object.fromEntries(params) }];
}));
const out = {
  generated_by: 'scripts/rest-params.mjs',
  sources: [
    {
      repo: 'gitlabhq/gitlabhq', path: 'doc/api/openapi/openapi_v3.yaml', generated_by: 'bin/rake gitlab:openapi:v3:generate (from lib/api Grape definitions)',
      read_from: { repo: 'Yuyz0112/public-api-skills', path: OPENAPI_PATH, commit: head(OPENAPI_REPO), sha256: createHash('sha256').update(openapiText).digest('hex') },
      what: `${api.operations} operations on ${api.paths} paths`,
    },
    { repo: 'xanzy/go-gitlab', commit: head(GO), what: `option structs of ${go.methods} client methods; ${goOnly} routes only here` },
    ...CORRECTIONS.map(({ route, param: name, drop, page, commit, says }) => ({ repo: 'gitlabhq/gitlabhq', path: page, commit, what: `${route} ${name}: not ${drop} (${says})` })),
    ...DOC_COMPARED.map(({ path, commit, release, routes: rs }) => ({ repo: 'gitlabhq/gitlabhq', path, commit, release, what: `parameters of ${rs.length} routes compared for the ${TARGET} target: the same except DOC_FACTS` })),
    ...DOC_FACTS.map((f) => ({ repo: 'gitlabhq/gitlabhq', path: f.seen.path, commit: f.seen.commit, what: `${f.route} ${f.param}: ${f.change}${f.fact ? ` ${JSON.stringify(f.fact)}` : ''}${f.history ? ` (${f.history})` : ''}`, applied: applies(f) ? `in ${f.release}, within ${TARGET}` : `no: ${f.release ? `${f.release} is after ${TARGET}` : 'release not established'}` })),
  ],
  routes: sorted,
};
// One route a line: a reviewable diff when the sources move.
const { routes: _routes, ...meta } = out;
const body = Object.entries(sorted).map(([k, r]) => `  ${JSON.stringify(k)}: ${JSON.stringify(r)}`).join(',\n');
writeFileSync(OUT, `${JSON.stringify(meta, null, 1).replace(/\n}$/, ',')}\n "routes": {\n${body}\n }\n}\n`);
console.log(`wrote ${OUT}: ${Object.keys(sorted).length} routes, ${Object.values(sorted).reduce((n, r) => n + Object.keys(r.params).length, 0)} parameters`);
