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
// fact and the fixture's sources record the page and commit.
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

/** `projects/%s/issues/%d` or `/projects/{project_id}/issues` → `/projects/*\/issues/*`. */
export const routeKey = (method, path) => `${method} /${path.replace(/^\//, '').replace(/%[sdv]|\{[^}]+\}|:[a-z_]+/g, '*')}`;

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
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' || p.in === 'header') continue;
        param(M, rel, p.name, { ...fact(p.schema, p.description, p.in === 'query'), in: p.in, ...(p.required ? { required: true } : {}) }, 'gitlab-openapi');
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
  ],
  routes: sorted,
};
// One route a line: a reviewable diff when the sources move.
const { routes: _routes, ...meta } = out;
const body = Object.entries(sorted).map(([k, r]) => `  ${JSON.stringify(k)}: ${JSON.stringify(r)}`).join(',\n');
writeFileSync(OUT, `${JSON.stringify(meta, null, 1).replace(/\n}$/, ',')}\n "routes": {\n${body}\n }\n}\n`);
console.log(`wrote ${OUT}: ${Object.keys(sorted).length} routes, ${Object.values(sorted).reduce((n, r) => n + Object.keys(r.params).length, 0)} parameters`);
