// Catalog lint: every entry checked against the reference inventory and the platform's route table.
// Run one domain: npx vitest run test/catalog-lint.test.ts -t "domain issue"
import { describe, it, expect } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Action, DomainDef, FineGrainedWithheld } from '../src/catalog/define.js';
import { buildDomain, pathParams } from '../src/catalog/build.js';
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
  const texts = [h.permission?.[401], h.permission?.[403], h.always, h.unauthorized];
  const out: string[] = [];
  if (texts.every((t) => t === undefined)) out.push('errorHints declares no hint');
  for (const t of texts) {
    if (t === undefined) continue;
    if (!t.trim() || /[\r\n]/.test(t)) out.push('an error hint is empty or spans lines');
    if (t.length > 300) out.push('an error hint is longer than 300 characters');
  }
  if (h.permission && (!h.permission[401] || !h.permission[403])) out.push('errorHints.permission needs both a 401 and a 403 text');
  return out;
}

describe('catalog lint', () => {
  const all = defs.flatMap(buildDomain);

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
          for (const rt of [`${a.method} ${a.path}`, ...(a.alternatives ?? []).map((x) => x.rest)]) {
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
