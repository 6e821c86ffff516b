// Catalog lint: every entry checked against the reference inventory and the platform's route table.
// Run one domain: npx vitest run test/catalog-lint.test.ts -t "domain issue"
import { describe, it, expect } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Action, DomainDef, DomainTable, FineGrainedWithheld, ParamSpec, Tier } from '../src/catalog/define.js';
import { buildDomain, pathParams, routesOf } from '../src/catalog/build.js';
import {
  referenceActions, referenceRoutes, sameShape, concreteTemplate, grapeToRegExp,
} from './helpers/reference.js';

const domainsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'catalog', 'domains');
const files = readdirSync(domainsDir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
const defs: DomainDef[] = await Promise.all(files.map(async (f) => (await import(join(domainsDir, f))).default as DomainDef));

function schemaProblems(a: Action): string[] {
  const out: string[] = [];
  if (!a.summary || a.summary.length < 10) out.push('summary missing or too short');
  if (a.summary.length > 160) out.push('summary longer than 160 characters');
  if (!Array.isArray(a.fineGrained)) {
    const fg = a.fineGrained as FineGrainedWithheld;
    // Withheld from every fine-grained token: GraphQL only (SPEC); which ones is held to the platform's
    // permission table by test/fine-grained-withheld.test.ts.
    if (!a.graphql) out.push('only a GraphQL action is withheld from every fine-grained token; a REST route lists its permissions ([] when it needs none or authenticates with another token)');
    if (!['type', 'answer', 'mutation'].includes(fg.withheld) || !/^[A-Z][A-Za-z0-9]*$/.test(fg.name)) out.push('fineGrained must list permissions or be { withheld: type|answer|mutation, name: <GraphQL type or mutation> }');
  }
  for (const p of pathParams(a.path)) {
    const spec = a.params[p];
    if (!spec) out.push(`path placeholder {${p}} is not a declared param`);
    else if (!spec.required && a.resolve?.into !== p && !a.exactlyOne?.includes(p)) out.push(`path param ${p} must be required (or filled by resolve, or one of exactlyOne)`);
  }
  for (const alt of a.alternatives ?? []) {
    if (!a.params[alt.when]) out.push(`alternative selector ${alt.when} is not a param`);
    for (const p of pathParams(alt.rest)) if (!a.params[p]) out.push(`alternative placeholder {${p}} is not a declared param`);
  }
  for (const [name, spec] of Object.entries(a.params)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) out.push(`param name ${name} is not snake_case`);
    if (!spec.description) out.push(`param ${name} has no description`);
    if (spec.enum && spec.enum.length === 0) out.push(`param ${name} has an empty enum`);
    if (name === 'confirm' && !a.confirmWhen) out.push('confirm is reserved (an action declares it only with confirmWhen)');
  }
  out.push(...confirmWhenProblems(a), ...errorHintProblems(a), ...beforeProblems(a));
  for (const f of a.shows ?? []) if (!/^[a-z][a-z0-9_]*$/.test(f)) out.push(`shows names ${f}, not a GitLab field name`);
  if (a.shows && new Set(a.shows).size !== a.shows.length) out.push('shows names a field twice');
  // Parameter notes (checked against GitLab's definitions by test/rest-params.test.ts): one-line reasons.
  for (const [n, why] of Object.entries(a.narrowed ?? {})) {
    if (!why.trim() || why.includes('\n')) out.push(`narrowed.${n} needs a one-line reason`);
    if (!a.params[n]?.enum) out.push(`narrowed.${n} names no enum param`);
  }
  for (const [field, notes] of [['omitted', a.omitted], ['undocumented', a.undocumented]] as const) {
    for (const [n, why] of Object.entries(notes ?? {})) {
      if (!why.trim() || why.includes('\n') || why.length > 160) out.push(`${field}.${n} needs a one-line reason`);
      if (field === 'omitted' && n in a.params && a.params[n].in !== 'local') out.push(`omitted.${n} is offered after all`);
      if (field === 'undocumented' && !(n in a.params) && !Object.values(a.params).some((p) => p.wire === n)) out.push(`undocumented.${n} is not a param`);
    }
  }
  if (a.graphql) {
    if (!/\b(query|mutation)\b/.test(a.graphql.document)) out.push('graphql document lacks query/mutation');
    if (!a.graphql.resultPath) out.push('graphql resultPath missing');
  }
  return out;
}

/** `confirmWhen`: on a write that is not destructive as a whole, naming its own params of the right types, with a `confirm` param. */
function confirmWhenProblems(a: Action): string[] {
  const when = a.confirmWhen;
  if (!when) return [];
  const out: string[] = [];
  if (a.destructive) out.push('confirmWhen on a destructive action (it is always confirmed)');
  if (!a.writes) out.push('confirmWhen on an action that does not write');
  if (!a.params.confirm || a.params.confirm.type !== 'boolean') out.push('confirmWhen without a boolean confirm param');
  const expect = (name: string, type: string): void => {
    const p = a.params[name];
    if (!p) out.push(`confirmWhen names ${name}, which is not a param`);
    else if (type !== 'any' && p.type !== type) out.push(`confirmWhen needs ${name} to be ${type}, it is ${p.type}`);
  };
  if ('emptyList' in when) {
    if (!when.emptyList.length) out.push('confirmWhen.emptyList is empty');
    for (const n of when.emptyList) expect(n, 'array');
  } else {
    for (const n of when.arms.whenTrue) expect(n, 'boolean');
    for (const n of when.arms.whenGiven) expect(n, 'any');
    expect(when.arms.unlessFalse, 'boolean');
    if (!when.arms.whenTrue.length && !when.arms.whenGiven.length) out.push('confirmWhen.arms names nothing that arms');
  }
  return out;
}

/** `before`: reads (GET) of the action's own params, each under its own snake_case label, a warning on one line. */
function beforeProblems(a: Action): string[] {
  const out: string[] = [];
  const labels = new Set<string>();
  for (const b of a.before ?? []) {
    const [method, target = ''] = b.rest.split(/\s+/, 2);
    if (method !== 'GET') out.push(`before ${b.rest}: only reads (GET) are sent before an action`);
    for (const [, name] of target.matchAll(/\{([^}]+)\}/g)) if (!a.params[name]) out.push(`before ${b.rest}: {${name}} is not a param`);
    if (!/^[a-z][a-z0-9_]*$/.test(b.label) || labels.has(b.label)) out.push(`before label ${b.label} must be snake_case and unique`);
    labels.add(b.label);
    if (b.warn !== undefined && (!b.warn.trim() || /[\r\n]/.test(b.warn) || b.warn.length > 200)) out.push('a before warning is empty, spans lines or is longer than 200 characters');
  }
  if (a.before && !a.writes) out.push('before on an action that does not write (a read shows what it reads)');
  return out;
}

/** `errorHints`: one line each, and a hint for both statuses when a route's 401 and 403 differ. */
function errorHintProblems(a: Action): string[] {
  const h = a.errorHints;
  if (!h) return [];
  const texts = [h.permission?.[401], h.permission?.[403], h.always, h.unauthorized, h.notFound, h.badRequest?.hint];
  const out: string[] = [];
  if (h.badRequest && !h.badRequest.says.trim()) out.push('errorHints.badRequest says no words of GitLab\'s message to match');
  if (texts.every((t) => t === undefined)) out.push('errorHints declares no hint');
  for (const t of texts) {
    if (t === undefined) continue;
    if (!t.trim() || /[\r\n]/.test(t)) out.push('an error hint is empty or spans lines');
    if (t.length > 300) out.push('an error hint is longer than 300 characters');
  }
  if (h.permission && (!h.permission[401] || !h.permission[403])) out.push('errorHints.permission needs both a 401 and a 403 text');
  return out;
}

/** GitLab's id params that name people or a milestone: each takes names through a companion or GitLab's own by-name param. */
const BY_NAME: Readonly<Record<string, readonly string[]>> = {
  assignee_ids: ['assignee_usernames'], assignee_id: ['assignee_username'], reviewer_ids: [], reviewer_id: ['reviewer_username'],
  author_id: ['author_username'], merge_user_id: ['merge_user_username'], approved_by_ids: ['approved_by_usernames'], approver_ids: [],
  user_ids: ['usernames'], milestone_id: ['milestone'],
};

/** Params that take a namespace or group id (`namespace_id`, `shared_with_group_id`, `parent_id`, `target_group_id`, …). */
const NAMESPACE_ID = /(^|_)(namespace|group)_id$|^parent_id$/;
/** GitLab's own params that take a namespace by path: an action with one needs no companion. */
const BY_PATH = ['namespace_path', 'namespace', 'full_path'];
/** Namespace-like id params that need no companion, and why. */
const NAMESPACE_ID_EXCEPT: Readonly<Record<string, string>> = {
  'admin.usage_data_track_event.namespace_id': 'an instrumentation event\'s own context, copied from the product, not named by a person',
  'group.epic_create.parent_id': 'a work item id (the parent epic), not a group',
  'group.epic_update.parent_id': 'a work item id (the parent epic), not a group',
  'issue.work_item_create.parent_id': 'a work item id, not a group',
  'issue.work_item_update.parent_id': 'a work item id, not a group',
};

/**
 * Companions (issue #30) and next steps, against the actions they name: a companion is local and fills a
 * GitLab param of the right type; a step action exists and gets every required param; an id param naming
 * people or a milestone has a by-name way in.
 */
function companionProblems(a: Action, byId: ReadonlyMap<string, Action>): string[] {
  const out: string[] = [];
  // A companion never fills a param that arms a confirmation (an empty list is refused by the companions themselves).
  const confirmNames = a.confirmWhen && 'arms' in a.confirmWhen ? [...a.confirmWhen.arms.whenTrue, ...a.confirmWhen.arms.whenGiven] : [];
  const own = (n: string) => !!a.params[n] && !a.params[n].companion;
  const readsWith = (id: string, extra: readonly string[] = []): void => {
    const r = byId.get(id);
    if (!r) { out.push(`companion reads with ${id}, which is not an action`); return; }
    if (r.writes) out.push(`companion read ${id} writes`);
    for (const [n, p] of Object.entries(r.params)) if (p.required && p.default === undefined && !extra.includes(n) && !(own(n) && a.params[n].required)) out.push(`${id} needs ${n}, which this action does not require`);
  };
  for (const [name, spec] of Object.entries(a.params)) {
    const c = spec.companion;
    if (!c) continue;
    if (spec.in !== 'local') out.push(`companion ${name} must be in: 'local' (never sent)`);
    if (spec.required) out.push(`companion ${name} must be optional`);
    if (/[\r\n]/.test(spec.description) || spec.description.length > 160) out.push(`companion ${name}: one short line of description`);
    if ('fills' in c) {
      const target = a.params[c.fills];
      if (!own(c.fills) || target.in === 'local') { out.push(`companion ${name} fills ${c.fills}, which is not a GitLab param of this action`); continue; }
      if (confirmNames.includes(c.fills)) out.push(`companion ${name} fills ${c.fills}, which confirmWhen reads (a companion would bypass it)`);
    }
    if ('users' in c) {
      const t = a.params[c.fills];
      if (c.users === 'many' && !(t?.type === 'array' && t.items === 'integer' && spec.type === 'array' && spec.items === 'string')) out.push(`companion ${name}: a list of usernames fills a list of ids`);
      if (c.users === 'one' && !(spec.type === 'string' && (t?.type === 'integer' || t?.wildcards))) out.push(`companion ${name}: one username fills one id`);
      if (!/server-resolved/.test(spec.description)) out.push(`companion ${name}: say it is server-resolved`);
      if (c.adds) readsWith(c.adds.read);
    } else if ('milestone' in c) {
      if (a.params[c.fills]?.type !== 'integer' || spec.type !== 'string') out.push(`companion ${name}: a title fills an integer id`);
      if (!a.params.project_id && !a.params.group_id && !a.params.full_path) out.push(`companion ${name}: a milestone title needs project_id, group_id or full_path`);
      if (!/server-resolved/.test(spec.description)) out.push(`companion ${name}: say it is server-resolved`);
    } else if ('namespace' in c) {
      if (a.params[c.fills]?.type !== 'integer' || spec.type !== 'string') out.push(`companion ${name}: a full path fills an integer id`);
      if (!/server-resolved/.test(spec.description)) out.push(`companion ${name}: say it is server-resolved`);
    } else if ('then' in c) {
      const t = byId.get(c.then);
      if (!t) { out.push(`companion ${name} runs ${c.then}, which is not an action`); continue; }
      const as = t.params[c.as];
      if (!as || as.type !== spec.type || JSON.stringify(as.enum ?? []) !== JSON.stringify(spec.enum ?? [])) out.push(`companion ${name}: ${c.then}.${c.as} must exist with the same type and values`);
      if (!a.writes) out.push(`companion ${name} adds a step to an action that only reads`);
      for (const [n, p] of Object.entries(t.params)) if (p.required && n !== c.as && !(own(n) && a.params[n].required)) out.push(`${c.then} needs ${n}, which this action does not require`);
    } else if ('replaceOnce' in c) {
      if (a.params[c.replaceOnce.with]?.companion?.['partOf' as never] !== name) out.push(`companion ${name}: ${c.replaceOnce.with} must be its partOf companion`);
      if (c.replaceOnce.field) {
        readsWith(c.replaceOnce.read);
        if (a.params[c.fills]?.type !== 'string' || c.replaceOnce.field !== c.fills) out.push(`companion ${name}: a text field edit fills the same string field`);
      } else {
        readsWith(c.replaceOnce.read, ['ref']);
        if (!a.params.branch?.required) out.push(`companion ${name}: the file is read at the required branch`);
      }
    } else if ('route' in c) {
      // Another GET of the same object (the direct members beside members/all): the same path params, a read switched on by true.
      const [m, path] = c.route.split(/\s+/, 2);
      const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((n) => y.includes(n));
      if (spec.type !== 'boolean') out.push(`companion ${name}: a route switch is a boolean`);
      if (a.method !== 'GET' || a.graphql || m !== 'GET') out.push(`companion ${name}: a route switch goes from one GET to another`);
      if (!path || path === a.path || !same(pathParams(path), pathParams(a.path))) out.push(`companion ${name}: ${c.route} must be another route with the same path params as ${a.path}`);
      if (!/^[a-z][a-z ]+[a-z]$/.test(c.names)) out.push(`companion ${name}: names says what the route answers, in words (direct members)`);
      for (const n of c.refuses) if (!a.params[n] || a.params[n].in === 'local' || pathParams(a.path).includes(n)) out.push(`companion ${name} refuses ${n}, which is no param sent to GitLab`);
    } else if ('memberSource' in c) {
      // Only on a members/all list (the one whose rows may come from elsewhere), where the groups above can be read:
      // the object's own read (its namespace, its invited groups) and the direct members of the object and of each group.
      const of = c.memberSource;
      if (spec.type !== 'boolean') out.push(`companion ${name}: a member source is a boolean`);
      if (a.method !== 'GET' || a.path !== `/${of}s/{${of}_id}/members/all`) out.push(`companion ${name}: a member source goes on GET /${of}s/{${of}_id}/members/all only`);
      if (!/server-resolved/.test(spec.description)) out.push(`companion ${name}: say it is server-resolved`);
      readsWith(`${of}.get`);
      for (const list of new Set([`${of}.members`, 'group.members'])) {
        const direct = Object.values(byId.get(list)?.params ?? {}).find((p) => p.companion && 'route' in p.companion)?.companion;
        if (!direct || !('route' in direct) || !direct.route.endsWith('/members')) out.push(`companion ${name}: ${list} must read the direct members (a route companion to /members)`);
      }
    } else if ('diffLine' in c) {
      // A line of a merge request's diff: the merge request is read for its diff SHAs, GitLab's position is written.
      if (spec.type !== 'object' || a.params[c.fills]?.type !== 'object') out.push(`companion ${name}: a diff line (an object) fills a position (an object)`);
      if (!a.params.merge_request_iid?.required) out.push(`companion ${name}: a diff line needs the merge request`);
      if (!/server-resolved/.test(spec.description)) out.push(`companion ${name}: say it is server-resolved`);
      readsWith(c.diffLine.read);
    } else if (!a.params[c.partOf]?.companion) out.push(`companion ${name} is part of ${c.partOf}, which is no companion`);
  }
  const filled = new Set(Object.values(a.params).flatMap((p) => (p.companion && 'fills' in p.companion ? [p.companion.fills] : [])));
  for (const [n, names] of Object.entries(BY_NAME)) {
    const p = a.params[n];
    if (!p || p.in === 'local' || filled.has(n) || names.some((x) => a.params[x])) continue;
    out.push(`${n} takes ids only: add a companion that takes names (src/catalog/define.ts companion)`);
  }
  // A namespace or group id GitLab reads from the body or query is given by full path too (a path id is read from a list first).
  for (const [n, p] of Object.entries(a.params)) {
    if (!NAMESPACE_ID.test(n) || p.type !== 'integer' || p.in === 'local' || a.rest?.includes(`{${n}}`) || filled.has(n)) continue;
    if (NAMESPACE_ID_EXCEPT[`${a.id}.${n}`] || BY_PATH.some((x) => a.params[x] && a.params[x].in !== 'local')) continue;
    out.push(`${n} takes a namespace or group id only: add companion.namespace or companion.group (src/catalog/define.ts)`);
  }
  // A project by its bare name is looked up (issue #30): in a string GitLab reads, and in every project_id that takes a path.
  for (const [n, p] of Object.entries(a.params)) {
    if (p.idOrPath === 'project' && (p.type !== 'string' || p.in === 'local')) out.push(`${n}: idOrPath 'project' on a param that is no string sent to GitLab`);
    if (n === 'project_id' && p.idOrPath === true) out.push('project_id takes a path: mark it idOrPath \'project\' (id.project()), so a bare name is looked up');
  }
  for (const n of a.stepParams ?? []) if (!a.params[n] || a.params[n]!.required) out.push(`stepParams: ${n} is no optional param`);
  for (const n of a.emptyNote?.unless ?? []) if (!a.params[n]) out.push(`emptyNote: ${n} is no param`);
  if (a.emptyNote && (a.method !== 'GET' || !a.emptyNote.unless.length || !a.emptyNote.text.trim())) out.push('emptyNote: only on a read, with params that lift the default and a text');
  // A retry sets only params that lift the default (in unless), each to one of its values, and says so.
  const retry = a.emptyNote?.retry;
  for (const [n, v] of Object.entries(retry?.set ?? {})) if (!a.emptyNote!.unless.includes(n) || (a.params[n]?.enum && !a.params[n]!.enum!.includes(v))) out.push(`emptyNote.retry: ${n} "${v}" is no value of a param in unless`);
  for (const n of retry?.besides ?? []) if (!a.params[n]) out.push(`emptyNote.retry.besides: ${n} is no param`);
  if (retry && !retry.say.trim()) out.push('emptyNote.retry without say');
  if (a.nextFill && !a.nextSteps?.length) out.push('nextFill without nextSteps');
  for (const [id, c] of Object.entries(a.nextIf ?? {})) if (!a.nextSteps?.includes(id) || !c.answer.trim() || !c.is.length) out.push(`nextIf.${id}: no next step of the entry, or no answer field and values`);
  for (const [n, src] of Object.entries(a.nextFill ?? {})) {
    if (!/^(params\.[a-z_]+|answer(\.[a-z_]+)+|caller)$/.test(src)) out.push(`nextFill.${n}: ${src} is not params.<name>, answer.<path> or caller`);
    if (src.startsWith('params.') && !a.params[src.slice(7)]) out.push(`nextFill.${n}: ${src} is not a param`);
  }
  const steps = a.nextSteps ?? [];
  // Follow-ups stay a short, ready list (issue #30): at most 4, each once, never the action itself.
  if (steps.length > MAX_NEXT_STEPS) out.push(`${steps.length} next steps: offer at most ${MAX_NEXT_STEPS}`);
  if (new Set(steps).size !== steps.length || steps.includes(a.id)) out.push('next steps repeat an action or name the action itself');
  for (const n of Object.keys(a.nextFill ?? {})) if (!steps.some((id) => byId.get(id)?.params[n])) out.push(`nextFill.${n} fills no next step`);
  for (const id of steps) {
    const t = byId.get(id);
    if (!t) { out.push(`next step ${id} is not an action`); continue; }
    for (const [n, p] of Object.entries(t.params)) if (p.required && p.default === undefined && !a.nextFill?.[n]) out.push(`next step ${id} needs ${n}: fill it in nextFill (or mark it caller)`);
  }
  return out;
}

type RouteTiers = Readonly<Record<string, Readonly<Record<string, Tier>>>>;
type RouteValueTiers = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Tier>>>>>>;
/** GitLab's paid-plan parameters and values per route (scripts/param-tiers.mjs). */
const { routes: PARAM_TIERS, values: VALUE_TIERS } = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'param-tiers.json'), 'utf8')) as { routes: RouteTiers; values: RouteValueTiers };
const TIER_RANK = { free: 0, premium: 1, ultimate: 2 } as const;
const routeOf = (a: Action) => `${a.method} ${a.path.replace(/\{[^}]+\}/g, '*')}`;

/**
 * A param's tier is the one GitLab's page gives its route and wire name (a plan at or below the action's needs
 * none); a companion has the tier of the param it fills, so a Free instance neither offers nor resolves it.
 */
function tierProblems(a: Action, routes: RouteTiers, valueRoutes: RouteValueTiers = {}): string[] {
  const out: string[] = [];
  const route = routes[routeOf(a)] ?? {};
  const valueRoute = a.graphql ? {} : valueRoutes[routeOf(a)] ?? {};
  for (const [name, p] of Object.entries(a.params)) {
    const fills = p.companion && 'fills' in p.companion ? p.companion.fills : undefined;
    const fact = a.graphql ? undefined : fills ? a.params[fills]?.tier : p.in === 'local' ? undefined : route[(p.wire ?? name).replace(/\[\]$/, '')];
    const above = fact && TIER_RANK[fact] > TIER_RANK[a.tier] ? fact : undefined;
    if (p.tier !== above) out.push(`${a.id}.${name}: tier ${p.tier ?? 'none'}, GitLab says ${above ?? 'none'}${fills ? ` (the tier of ${fills}, which it fills)` : ''}`);
    if (p.tier && TIER_RANK[p.tier] <= TIER_RANK[a.tier]) out.push(`${a.id}.${name}: tier ${p.tier} is not above the action's (${a.tier})`);
    if (p.tier && p.required) out.push(`${a.id}.${name}: a required param cannot be of a higher tier`);
    const facts = Object.entries(valueRoute[(p.wire ?? name)] ?? {}).filter(([, t]) => TIER_RANK[t] > TIER_RANK[a.tier]);
    const said = JSON.stringify(Object.fromEntries(facts.sort()));
    const set = JSON.stringify(Object.fromEntries(Object.entries(p.valueTiers ?? {}).sort()));
    if (said !== set) out.push(`${a.id}.${name}: valueTiers ${set}, GitLab says ${said}`);
    for (const v of Object.keys(p.valueTiers ?? {})) if (!p.enum?.includes(v)) out.push(`${a.id}.${name}: valueTiers.${v} is not one of its values`);
  }
  return out;
}

/** The plan a description names (the lowest when it names both: "Premium, Ultimate" is Premium). */
const namedPlan = (text: string): Tier | undefined => (/\bPremium\b/.test(text) ? 'premium' : /\bUltimate\b/.test(text) ? 'ultimate' : undefined);

/**
 * The text and the fields agree: a param whose description names a plan above its action's carries that `tier`, or
 * `valueTiers` (the plan is of some values), or a `tierNote` saying why not; a tier or note the text does not back is
 * flagged too. The fields are what the server reads; this only keeps the text honest.
 */
/** `adds` only on a boolean of a read, naming GitLab fields. */
function addsProblems(a: Action): string[] {
  return Object.entries(a.params).filter(([, p]) => p.adds !== undefined)
    .filter(([, p]) => p.type !== 'boolean' || a.writes || !p.adds!.length || p.adds!.some((f) => !/^[a-z_]+$/.test(f)))
    .map(([n]) => `${a.id}.${n}`);
}

function planTextProblems(a: Action): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(a.params)) {
    const named = namedPlan(p.description);
    const above = named && TIER_RANK[named] > TIER_RANK[a.tier] ? named : undefined;
    const values = Object.values(p.valueTiers ?? {});
    if (p.tierNote !== undefined && (!p.tierNote.trim() || p.tierNote.includes('\n') || p.tierNote.length > 200)) out.push(`${a.id}.${name}: tierNote needs a one-line reason`);
    if (p.tierNote !== undefined && (p.tier || values.length)) out.push(`${a.id}.${name}: tierNote beside a tier or valueTiers`);
    if (p.tierNote !== undefined && !above) out.push(`${a.id}.${name}: tierNote, but the description names no plan above the action's`);
    if (p.tier && named && named !== p.tier) out.push(`${a.id}.${name}: tier ${p.tier}, the description names ${named}`);
    for (const t of new Set(values)) if (named !== t) out.push(`${a.id}.${name}: valueTiers of ${t}, the description names ${named ?? 'no plan'}`);
    if (above && !p.tier && !values.length && p.tierNote === undefined) {
      out.push(`${a.id}.${name}: the description names ${above}: set tier (GitLab's page marks it) or tierNote (why not)`);
    }
  }
  return out;
}

/** Where a REST route acts: `project_id` or `group_id` with the rest of the route, or the instance ('') with all of it. */
function levelOf(a: Action): [string, string] | undefined {
  const m = /^\/(projects\/\{project_id\}|groups\/\{group_id\})(\/.+)$/.exec(a.path);
  if (m) return [m[1]!.startsWith('projects') ? 'project_id' : 'group_id', m[2]!];
  return a.graphql || /^\/(projects|groups)\/\{/.test(a.path) ? undefined : ['', a.path];
}
const fixedValue = (p: ParamSpec | undefined): string | undefined => (p?.enum?.length === 1 ? p.enum[0] : undefined);

/**
 * The scope twins of an action that lacks `scope` (project_id or group_id), among the actions on its route at every
 * level: the same operation at that level — the same method, route after the scope and writes, no fixed value (a
 * search scope) of its own differs, and every other value it requires the action takes too (so the corrected call
 * keeps the caller's request).
 */
function scopeTwins(a: Action, scope: 'project_id' | 'group_id', sameRoute: readonly Action[]): Action[] {
  if (scope in a.params) return [];
  return sameRoute.filter((t) => t !== a && levelOf(t)?.[0] === scope && t.writes === a.writes
    && Object.entries(t.params).every(([n, p]) => (fixedValue(p) === undefined || fixedValue(a.params[n]) === undefined || fixedValue(p) === fixedValue(a.params[n]))
      && (n === scope || !p.required || p.default !== undefined || p.in === 'local' || n in a.params)));
}

/** An action with scope twins sends the scope it lacks to one of them (`elsewhere`): the refusal's corrected call goes there. */
function twinProblems(all: readonly Action[]): string[] {
  const tailOf = (a: Action) => { const at = levelOf(a); return at && `${a.method} ${at[1]}`; };
  const byRoute = new Map<string, Action[]>();
  for (const a of all) { const r = tailOf(a); if (r) byRoute.set(r, [...(byRoute.get(r) ?? []), a]); }
  return all.flatMap((a) => (['project_id', 'group_id'] as const).flatMap((scope) => {
    const r = tailOf(a);
    const twins = r ? scopeTwins(a, scope, byRoute.get(r)!).map((t) => t.id) : [];
    const to = a.elsewhere?.[scope];
    return twins.length && !(to && twins.includes(to)) ? [`${a.id}: elsewhere.${scope} must name its twin ${twins.join(' or ')}${to ? ` (not ${to})` : ''}`] : [];
  }));
}

const MAX_NEXT_STEPS = 4;
/** The everyday reads (issue #30): each result offers the 2–4 follow-ups a person most often needs next. */
const EVERYDAY_READS = [
  'merge_request.get', 'merge_request.list', 'issue.get', 'issue.list', 'pipeline.get', 'pipeline.list', 'job.get', 'job.list',
  'branch.get', 'branch.list', 'repository.commit_get', 'repository.commit_list', 'repository.file_get', 'release.get', 'release.list',
  'project.members', 'project.member_get', 'mr_review.changes_get',
];

/**
 * Results in less-used areas whose next step assistants searched for (bench/task-chains.json): each offers the
 * 2–4 actions a task there does next (list then add, add then check, a comment's reactions then one more).
 */
const LESS_USED_RESULTS = [
  'group.members', 'group.group_member_add', 'project.members', 'project.member_add', 'group.subgroups',
  'group.group_label_list', 'group.group_label_create', 'group.group_milestone_create', 'group.group_milestone_update', 'project.label_create',
  'issue.link_list', 'issue.emoji_issue_create', 'issue.emoji_issue_note_list', 'issue.emoji_issue_note_create',
  'merge_request.emoji_mr_note_list', 'mr_review.note_list', 'wiki.list', 'wiki.create', 'wiki.update', 'user.add_ssh_key', 'project.create',
];

describe('catalog lint', () => {
  const all = defs.flatMap(buildDomain);
  const byId = new Map(all.map((a) => [a.id, a]));

  it('the less-used results of the task chains offer 2 to 4 follow-ups as next steps', () => {
    const short = LESS_USED_RESULTS.filter((id) => { const n = byId.get(id)?.nextSteps?.length ?? 0; return n < 2 || n > MAX_NEXT_STEPS; });
    expect(short).toEqual([]);
  });

  it('the everyday reads offer 2 to 4 follow-ups as next steps', () => {
    const short = EVERYDAY_READS.filter((id) => { const n = byId.get(id)?.nextSteps?.length ?? 0; return n < 2 || n > MAX_NEXT_STEPS; });
    expect(short).toEqual([]);
  });

  it('companions and next steps name real actions and params, and every id that names people, a milestone, a namespace or a project takes names', () => {
    expect(all.flatMap((a) => companionProblems(a, byId).map((p) => `${a.id}: ${p}`))).toEqual([]);
  });

  it('elsewhere names a param the action lacks and another action that takes it (the refusal calls that one)', () => {
    const problems = all.flatMap((a) => Object.entries(a.elsewhere ?? {}).flatMap(([n, id]) => {
      const t = byId.get(id);
      return [
        ...(n in a.params ? [`${a.id}: elsewhere.${n} is a param of its own`] : []),
        ...(!t ? [`${a.id}: elsewhere.${n}: ${id} is not an action`] : !t.params[n] || t.params[n]!.in === 'local' ? [`${a.id}: elsewhere.${n}: ${id} takes no ${n}`] : []),
        ...(t && t.writes !== a.writes ? [`${a.id}: elsewhere.${n}: ${id} ${t.writes ? 'writes' : 'only reads'}, unlike the action`] : []),
      ];
    }));
    expect(problems).toEqual([]);
  });

  it('an action with a twin at the project, group or instance level sends the scope it lacks there (elsewhere)', () => {
    expect(twinProblems(all)).toEqual([]);
  });

  it('the twin lint catches a missing or wrong elsewhere, and leaves apart a twin that needs a value the action lacks or fixes another scope', () => {
    const list = (extra: Partial<DomainTable[string]>, params: Record<string, ParamSpec> = {}): DomainTable[string] => ({
      summary: 'List labels for the twin lint self-test', rest: 'GET /labels', fineGrained: [], params: { search: { type: 'string', description: 'Filter' }, ...params }, ...extra,
    });
    const scoped = (scope: 'project_id' | 'group_id', params: Record<string, ParamSpec> = {}): DomainTable[string] => ({
      summary: 'List labels for the twin lint self-test', rest: `GET /${scope === 'project_id' ? 'projects' : 'groups'}/{${scope}}/labels`, fineGrained: [],
      params: { [scope]: { type: 'string', description: 'Where', required: true, idOrPath: true }, ...params },
    });
    const lint = (actions: DomainTable) => twinProblems(buildDomain({ domain: 'label', description: 'test', actions }));
    expect(lint({ list: list({}), list_project: scoped('project_id'), list_group: scoped('group_id') })).toEqual([
      'label.list: elsewhere.project_id must name its twin label.list_project',
      'label.list: elsewhere.group_id must name its twin label.list_group',
      'label.list_project: elsewhere.group_id must name its twin label.list_group',
      'label.list_group: elsewhere.project_id must name its twin label.list_project',
    ]);
    expect(lint({ list: list({ elsewhere: { project_id: 'label.list_group' } }), list_project: scoped('project_id', {}), list_group: scoped('group_id') })[0])
      .toBe('label.list: elsewhere.project_id must name its twin label.list_project (not label.list_group)');
    // A twin that requires a value the action has no place for, or fixes another value of a one-value param, is another operation.
    expect(lint({
      list: list({}, { scope: { type: 'string', description: 'Scope', enum: ['all'], default: 'all' } }),
      list_project: scoped('project_id', { label_id: { type: 'integer', description: 'Label', required: true } }),
      list_group: scoped('group_id', { scope: { type: 'string', description: 'Scope', enum: ['mine'], default: 'mine' } }),
    }).filter((p) => p.startsWith('label.list:'))).toEqual([]);
    expect(lint({ list: list({ elsewhere: { project_id: 'label.list_project', group_id: 'label.list_group' } }), list_project: scoped('project_id', { search: { type: 'string', description: 'Filter' } }), list_group: scoped('group_id') })
      .filter((p) => p.startsWith('label.list:'))).toEqual([]);
  });

  it('the companion lint catches a companion of the wrong type, a missing step param, and ids without names', () => {
    const [bad] = buildDomain({ domain: 'issue', description: 'test', actions: {
      update: {
        summary: 'Update an issue for the lint self-test',
        rest: 'PUT /projects/{project_id}/issues/{issue_iid}',
        params: {
          project_id: { type: 'string', description: 'Project', required: true, idOrPath: true },
          issue_iid: { type: 'integer', description: 'Issue', required: true },
          assignee_ids: { type: 'array', items: 'integer', description: 'ids' },
          milestone_id: { type: 'integer', description: 'Milestone' },
          namespace_id: { type: 'integer', description: 'Namespace' },
          parent_id: { type: 'string', description: 'Parent' },
          namespace: { type: 'string', in: 'local', companion: { namespace: 'namespaces', fills: 'parent_id' }, description: 'Namespace; server-resolved into parent_id' },
          assignees: { type: 'string', in: 'local', companion: { users: 'many', fills: 'assignee_ids' }, description: 'Assignees; server-resolved' },
          state_event: { type: 'boolean', in: 'local', companion: { then: 'issue.update', as: 'state_event' }, description: 'then' },
        },
        fineGrained: ['update_work_item'],
        nextSteps: ['job.trace', 'job.trace', 'issue.update'],
        nextFill: { runner_id: 'caller' },
      },
    } });
    const problems = companionProblems(bad, byId).join('\n');
    expect(problems).toContain('companion assignees: a list of usernames fills a list of ids');
    expect(problems).toContain('companion state_event: issue.update.state_event must exist with the same type and values');
    expect(problems).toContain('milestone_id takes ids only: add a companion that takes names');
    expect(problems).toContain('namespace_id takes a namespace or group id only: add companion.namespace or companion.group');
    expect(problems).toContain('companion namespace: a full path fills an integer id');
    expect(problems).toContain('next step job.trace needs job_id: fill it in nextFill (or mark it caller)');
    expect(problems).toContain('next steps repeat an action or name the action itself');
    expect(problems).toContain('nextFill.runner_id fills no next step');
  });

  it('the companion lint catches a route switch that is no boolean, leaves GET, changes the path params or refuses no sent param', () => {
    const [bad] = buildDomain({ domain: 'project', description: 'test', actions: {
      members: {
        summary: 'List the members of a project for the lint self-test',
        rest: 'GET /projects/{project_id}/members/all',
        params: {
          project_id: { type: 'string', description: 'Project', required: true, idOrPath: 'project' },
          query: { type: 'string', description: 'Match' },
          direct: { type: 'string', in: 'local', companion: { route: 'POST /projects/{project_id}/members', names: 'direct members', refuses: ['state', 'project_id'] }, description: 'Only direct members' },
          mine: { type: 'boolean', in: 'local', companion: { route: 'GET /users/{user_id}/memberships', names: 'Memberships!', refuses: [] }, description: 'Mine' },
        },
        fineGrained: ['read_member'],
      },
    } });
    const problems = companionProblems(bad, byId).join('\n');
    expect(problems).toContain('companion direct: a route switch is a boolean');
    expect(problems).toContain('companion direct: a route switch goes from one GET to another');
    expect(problems).toContain('companion direct refuses state, which is no param sent to GitLab');
    expect(problems).toContain('companion direct refuses project_id, which is no param sent to GitLab');
    expect(problems).toContain('companion mine: GET /users/{user_id}/memberships must be another route with the same path params as /projects/{project_id}/members/all');
    expect(problems).toContain('companion mine: names says what the route answers, in words (direct members)');
  });

  it('the companion lint holds a member source to a members/all list, a boolean, said server-resolved', () => {
    const [bad] = buildDomain({ domain: 'project', description: 'test', actions: {
      member_get: {
        summary: 'Get one member of a project for the lint self-test',
        rest: 'GET /projects/{project_id}/members/{user_id}',
        params: {
          project_id: { type: 'string', description: 'Project', required: true, idOrPath: 'project' },
          user_id: { type: 'integer', description: 'User', required: true },
          source: { type: 'string', in: 'local', companion: { memberSource: 'group' }, description: 'Where it comes from' },
        },
        fineGrained: ['read_member'],
      },
    } });
    const problems = companionProblems(bad, byId).join('\n');
    expect(problems).toContain('companion source: a member source is a boolean');
    expect(problems).toContain('companion source: a member source goes on GET /groups/{group_id}/members/all only');
    expect(problems).toContain('companion source: say it is server-resolved');
    // The catalog's own two are clean.
    for (const id of ['project.members', 'group.members']) expect(companionProblems(byId.get(id)!, byId).filter((p) => p.includes('source'))).toEqual([]);
  });

  it('a parameter\'s tier is GitLab\'s (test/fixtures/param-tiers.json, scripts/param-tiers.mjs), above its action\'s, on optional params only', () => {
    expect(all.flatMap((a) => tierProblems(a, PARAM_TIERS, VALUE_TIERS))).toEqual([]);
  });

  it('adds (the fields a true boolean makes GitLab add, shown as if asked in fields) is on a boolean param of a read, naming fields', () => {
    expect(all.flatMap(addsProblems)).toEqual([]);
    expect(all.filter((a) => Object.values(a.params).some((p) => p.adds)).map((a) => a.id)).toEqual(expect.arrayContaining(['merge_request.get', 'wiki.list']));
  });

  it('the adds, retry and nextIf lints catch a write, a non-boolean, a retry of a param that lifts nothing, and a condition on no step', () => {
    const [bad] = buildDomain({ domain: 'issue', description: 'test', actions: {
      list_all: {
        summary: 'List issues for the lint self-test',
        rest: 'GET /issues',
        params: {
          scope: { type: 'string', description: 'Scope', enum: ['created_by_me', 'all'] },
          search: { type: 'string', description: 'Search' },
          with_counts: { type: 'string', description: 'Counts', adds: ['open_issues_count'] },
          with_stats: { type: 'boolean', description: 'Stats', adds: ['Stats!'] },
        },
        emptyNote: { unless: ['scope'], text: 'Only yours.', retry: { set: { scope: 'everything', search: 'x' }, besides: ['sort'], say: ' ' } },
        fineGrained: ['read_work_item'],
        nextSteps: ['issue.get'],
        nextFill: { project_id: 'caller', issue_iid: 'caller' },
        nextIf: { 'issue.update': { answer: 'state', is: ['opened'] }, 'issue.get': { answer: '', is: [] } },
      },
    } });
    expect(addsProblems(bad!)).toEqual(['issue.list_all.with_counts', 'issue.list_all.with_stats']);
    const problems = companionProblems(bad!, byId).join('\n');
    expect(problems).toContain('emptyNote.retry: scope "everything" is no value of a param in unless');
    expect(problems).toContain('emptyNote.retry: search "x" is no value of a param in unless');
    expect(problems).toContain('emptyNote.retry.besides: sort is no param');
    expect(problems).toContain('emptyNote.retry without say');
    expect(problems).toContain('nextIf.issue.update: no next step of the entry, or no answer field and values');
    expect(problems).toContain('nextIf.issue.get: no next step of the entry, or no answer field and values');
  });

  it('a param whose description names a paid plan carries that tier, valueTiers, or a tierNote saying why not', () => {
    expect(all.flatMap(planTextProblems)).toEqual([]);
  });

  it('the plan-text lint catches a plan without a field, a field the text does not back, and a note beside a tier', () => {
    const [bad] = buildDomain({ domain: 'branch', description: 'test', actions: {
      protect: {
        summary: 'Protect a branch for the plan-text lint self-test',
        rest: 'POST /projects/{project_id}/protected_branches',
        params: {
          project_id: { type: 'string', description: 'Project', required: true, idOrPath: true },
          allowed_to_push: { type: 'array', items: 'object', description: 'Push rules (Premium)' },
          allowed_to_merge: { type: 'array', items: 'object', description: 'Merge rules (Premium)', tier: 'premium' },
          code_owner_approval_required: { type: 'boolean', description: 'Code owners (Premium)', tier: 'ultimate' },
          unprotect_access_level: { type: 'integer', description: 'Role (Premium)', tierNote: 'protected_branches.md marks no plan on this row' },
          allow_force_push: { type: 'boolean', description: 'Force push', tierNote: 'nothing to say' },
          merge_access_level: { type: 'integer', description: 'Role (Ultimate)', tier: 'ultimate', tierNote: 'both' },
          name: { type: 'string', description: 'Name', required: true, enum: ['main', 'dev'], valueTiers: { dev: 'premium' } },
          push_access_level: { type: 'string', description: 'Role (Premium, Ultimate)', enum: ['30', '40'], valueTiers: { 40: 'premium' } },
        },
        fineGrained: ['admin_protected_branch'],
      },
    } });
    expect(planTextProblems(bad!)).toEqual([
      'branch.protect.allowed_to_push: the description names premium: set tier (GitLab\'s page marks it) or tierNote (why not)',
      'branch.protect.code_owner_approval_required: tier ultimate, the description names premium',
      'branch.protect.allow_force_push: tierNote, but the description names no plan above the action\'s',
      'branch.protect.merge_access_level: tierNote beside a tier or valueTiers',
      'branch.protect.name: valueTiers of premium, the description names no plan',
    ]);
    expect(tierProblems(bad!, {}, { 'POST /projects/*/protected_branches': { push_access_level: { 40: 'premium' }, name: { main: 'premium' } } })).toEqual([
      'branch.protect.allowed_to_merge: tier premium, GitLab says none',
      'branch.protect.code_owner_approval_required: tier ultimate, GitLab says none',
      'branch.protect.merge_access_level: tier ultimate, GitLab says none',
      'branch.protect.name: valueTiers {"dev":"premium"}, GitLab says {"main":"premium"}',
    ]);
  });

  it('the tier lint catches a tier GitLab does not give, a missing one, and a companion apart from its param', () => {
    const [bad] = buildDomain({ domain: 'project', description: 'test', actions: {
      update: {
        summary: 'Update a project for the tier lint self-test',
        rest: 'PUT /projects/{project_id}',
        params: {
          project_id: { type: 'string', description: 'Project', required: true, idOrPath: true },
          description: { type: 'string', description: 'Free setting', tier: 'premium' },
          merge_requests_template: { type: 'string', description: 'Premium setting' },
          approver_ids: { type: 'array', items: 'integer', description: 'ids', tier: 'premium' },
          approvers: { type: 'array', items: 'string', in: 'local', companion: { users: 'many', fills: 'approver_ids' }, description: 'Approvers; server-resolved into approver_ids' },
        },
        fineGrained: ['update_project'],
      },
    } });
    expect(tierProblems(bad!, { 'PUT /projects/*': { merge_requests_template: 'premium' } })).toEqual([
      'project.update.description: tier premium, GitLab says none',
      'project.update.merge_requests_template: tier none, GitLab says premium',
      'project.update.approver_ids: tier premium, GitLab says none',
      'project.update.approvers: tier none, GitLab says premium (the tier of approver_ids, which it fills)',
    ]);
  });

  it('canonical IDs are unique', () => {
    const seen = new Set<string>();
    const dups = all.filter((a) => (seen.has(a.id) ? true : (seen.add(a.id), false))).map((a) => a.id);
    expect(dups).toEqual([]);
  });

  for (const def of defs) {
    describe(`domain ${def.domain}`, () => {
      const actions = buildDomain(def);
      it('entries are well formed', () => {
        const problems = actions.flatMap((a) => schemaProblems(a).map((p) => `${a.id}: ${p}`));
        expect(problems).toEqual([]);
      });

      it('agrees with the reference inventory', () => {
        const ref = referenceActions().filter((r) => r.domain === def.domain);
        const refIds = new Set(ref.map((r) => r.id));
        const ids = new Set(actions.map((a) => a.id));
        expect([...ids].filter((x) => !refIds.has(x)), 'actions not in the reference').toEqual([]);
        const problems: string[] = [];
        for (const r of ref) {
          const a = actions.find((x) => x.id === r.id);
          if (!a) { problems.push(`${r.id}: missing`); continue; }
          if (r.method === 'GRAPHQL') {
            // A REST entry is accepted when the reference lists its route among the action's requests.
            const restAlt = !a.graphql && r.allRequests.some((q) => { const [m, p] = q.split(/\s+/, 2); return m === a.method && sameShape(a.path, p); });
            if (!a.graphql && !restAlt) problems.push(`${r.id}: reference is GraphQL (${r.route})`);
          } else if (r.method === '') {
            if (!a.buildsUrl) problems.push(`${r.id}: reference sends no request (${r.route}); set buildsUrl`);
          } else {
            // The default route or any alternative (project / group / global variants) may carry the reference route.
            const routes = [`${a.method} ${a.path}`, ...(a.alternatives ?? []).map((x) => x.rest)];
            const hit = routes.some((rt) => { const [m, p] = rt.split(/\s+/, 2); return m === r.method && sameShape(p, r.route); });
            if (!hit) problems.push(`${r.id}: ${routes.join(' | ')} do not carry ${r.method} ${r.route}`);
          }
          const flagDiff = [a.writes !== r.writes && 'writes', a.destructive !== r.destructive && 'destructive', a.tier !== r.tier && 'tier'].filter(Boolean);
          if (flagDiff.length && !a.flagNote) problems.push(`${r.id}: ${flagDiff.join('/')} differ from the reference (${r.writes}/${r.destructive}/${r.tier}); add flagNote with the reason`);
        }
        expect(problems).toEqual([]);
      });

      it('REST routes exist in the platform route table or carry a routeNote', () => {
        const routes = referenceRoutes();
        const problems: string[] = [];
        for (const a of actions) {
          if (a.graphql || a.routeNote || a.buildsUrl) continue;
          // A route companion's route too (direct members: GET /projects/:id/members).
          for (const { rest: rt } of routesOf(a)) {
            const [m, p] = rt.split(/\s+/, 2);
            const concrete = concreteTemplate(p);
            const hit = routes.some((r) => r.method === m && grapeToRegExp(r.path).test(concrete));
            if (!hit) problems.push(`${a.id}: ${m} ${p} not in the platform route table (test/fixtures/reference/routes.tsv); add routeNote`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
