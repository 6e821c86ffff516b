// The parameter reference (test/fixtures/gitlab-rest-params.json, written by scripts/rest-params.mjs from
// GitLab's own definitions) and the comparison of one REST action's parameters with it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Action, ParamSpec } from '../../src/catalog/define.js';
import { placementOf } from '../../src/catalog/build.js';

interface RefParam {
  type?: string;
  items?: string;
  format?: string;
  enum?: Array<string | number>;
  wildcards?: string[];
  or_string?: boolean;
  array_ok?: boolean;
  required?: boolean;
  in?: string;
  from?: string[];
}
interface RefRoute { from: string[]; params: Record<string, RefParam> }
interface Fixture { sources: unknown[]; routes: Record<string, RefRoute> }

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gitlab-rest-params.json');
let cached: Fixture | undefined;
export function reference(): Fixture {
  cached ??= JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
  if (!cached.routes || Object.keys(cached.routes).length === 0) throw new Error(`${FIXTURE} has no routes: regenerate it with node scripts/rest-params.mjs`);
  return cached;
}

/** `GET /projects/{project_id}/issues` → `GET /projects/*\/issues`, the fixture's key. */
const routeKey = (route: string): string => route.replace(/\{[^}]+\}/g, '*');

/**
 * GitLab's route for an action route: the same key, or the same key with GitLab's `/-/` segment dropped,
 * optional (Grape's `(-/)`, as in `GET /projects/*\/(-/)search`) or added.
 */
function refRoute(route: string): { key: string; ref: RefRoute } | undefined {
  const routes = reference().routes;
  const key = routeKey(route);
  const plain = key.replace('/-/', '/');
  const tries = [key, plain, plain.replace(/^(\S+ \/(?:groups|projects)\/\*)\//, '$1/(-/)'), key.replace(/^(\S+ \/(?:groups|projects)\/\*)\//, '$1/-/')];
  for (const k of tries) if (routes[k]) return { key: k, ref: routes[k] };
  return undefined;
}

const wireOf = (name: string, spec: ParamSpec): string => (spec.wire ?? name).replace(/\[\]$/, '');

/** Container params GitLab lists beside their members (`not` beside `not[labels]`): not offered by themselves. */
function isContainer(name: string, ref: RefRoute): boolean {
  return ref.params[name]?.type === 'object' && Object.keys(ref.params).some((n) => n.startsWith(`${name}[`));
}

/** Why our type does not fit GitLab's, or undefined when it fits. */
function typeProblem(spec: ParamSpec, ref: RefParam): string | undefined {
  const rt = ref.type ?? '';
  const ours = spec.type === 'array' ? `array of ${spec.items ?? 'string'}` : spec.wildcards ? `integer or ${spec.wildcards.join('/')}` : spec.type;
  const scalar = (t: string): boolean => {
    if (spec.idOrPath) return true;
    if (t === 'string' || t.includes('string') || t === 'String') return spec.type === 'string' || spec.type === 'integer' || spec.type === 'number' || spec.type === 'boolean';
    if (t === 'integer') return spec.type === 'integer' || (spec.type === 'string' && !!spec.wildcards);
    if (t === 'number') return spec.type === 'number' || spec.type === 'integer';
    if (t === 'boolean') return spec.type === 'boolean';
    if (t === 'object') return spec.type === 'object' || spec.type === 'string';
    return true;
  };
  let fits: boolean;
  if (spec.type === 'array') {
    const item = spec.items ?? 'string';
    fits = rt === 'array' ? (ref.items ?? 'string') === item || item === 'string' || (ref.items === 'object' && item === 'object')
      : !!ref.array_ok || rt.includes('Array') || rt === 'string' || (rt === 'integer' && item === 'integer');
  } else if (rt === 'array') {
    // A comma-separated string where GitLab takes a list (Grape coerces `a,b`), or one value of it.
    fits = spec.type === 'string' || (spec.type === (ref.items ?? 'string'));
  } else {
    fits = scalar(rt);
  }
  if (!fits && ref.or_string && spec.type === 'string') fits = true;
  if (!fits) return `type ${ours} where GitLab takes ${rt}${ref.items ? ` of ${ref.items}` : ''}`;
  if (ref.wildcards && !spec.wildcards && spec.type === 'integer') return `integer where GitLab also takes ${ref.wildcards.join('/')} (use idOr)`;
  if (spec.wildcards && !ref.wildcards && !(ref.enum && spec.wildcards.every((w) => ref.enum!.includes(w)))) return `accepts ${spec.wildcards.join('/')} that GitLab does not define`;
  if (spec.wildcards && ref.wildcards && spec.wildcards.join() !== ref.wildcards.join()) return `wildcards ${spec.wildcards.join('/')} differ from GitLab's ${ref.wildcards.join('/')}`;
  return undefined;
}

function enumProblem(spec: ParamSpec, ref: RefParam): string | undefined {
  if (!ref.enum) return undefined;
  // A Ruby symbol GitLab's definition lists (`:eager`) goes on the wire as its name.
  const all = ref.enum.map((v) => String(v).replace(/^:/, '')).filter((v) => v !== '');
  // GitLab lists legacy spellings beside the current ones (`created-by-me` beside `created_by_me`): one counts.
  const refValues = all.filter((v) => !(v.includes('-') && all.includes(v.replace(/-/g, '_'))));
  // An empty string (GitLab's "unset") is left out on both sides.
  const ours = spec.enum ? spec.enum.filter((v) => v !== '') : spec.wildcards ? [...spec.wildcards] : undefined;
  if (!ours) return spec.type === 'string' || spec.type === 'array' ? `offers no enum where GitLab lists ${refValues.join(', ')}` : undefined;
  const a = [...new Set(ours)].sort().join(',');
  const b = [...new Set(refValues)].sort().join(',');
  return a === b ? undefined : `enum ${ours.join(', ')} differs from GitLab's ${refValues.join(', ')}`;
}

/**
 * A route companion (`direct` → GET /projects/:id/members) reads a route GitLab defines, and refuses exactly the
 * params the action sends that this route does not take (`state` there): the others reach it unchanged.
 */
function routeSwitchProblems(a: Action): string[] {
  const out: string[] = [];
  for (const [name, spec] of Object.entries(a.params)) {
    const c = spec.companion;
    if (!c || !('route' in c)) continue;
    const hit = refRoute(c.route);
    if (!hit) { out.push(`${a.id}: companion ${name} reads ${c.route}, which GitLab does not define`); continue; }
    const lacking = Object.entries(a.params).filter(([n, p]) => !['path', 'local'].includes(placementOf(a, n, p)) && !hit.ref.params[wireOf(n, p)]).map(([n]) => n);
    if ([...lacking].sort().join() !== [...c.refuses].sort().join()) out.push(`${a.id}: companion ${name}: ${c.route} does not take ${lacking.join(', ') || 'nothing'} of the action's params; refuses lists ${c.refuses.join(', ') || 'nothing'}`);
  }
  return out;
}

export interface ActionReport {
  covered: string[];
  uncovered: string[];
  matched: number;
  omitted: number;
  problems: string[];
}

/** Compares one REST action with the reference, on each route it can send. */
export function checkAction(a: Action): ActionReport {
  const out: ActionReport = { covered: [], uncovered: [], matched: 0, omitted: 0, problems: [] };
  if (a.graphql) return out;
  const routes = [`${a.method} ${a.path}`, ...(a.alternatives ?? []).map((x) => x.rest)];
  const omitted = a.omitted ?? {};
  const undocumented = a.undocumented ?? {};
  const usedNotes = new Set<string>();
  for (const route of routes) {
    const hit = refRoute(route);
    if (!hit) { out.uncovered.push(route); continue; }
    out.covered.push(route);
    const { ref } = hit;
    const sent = new Map<string, [string, ParamSpec]>();
    const pathNames = new Set(Object.entries(a.params).filter(([n, spec]) => placementOf(a, n, spec) === 'path').map(([n, spec]) => wireOf(n, spec)));
    for (const [name, spec] of Object.entries(a.params)) {
      const where = placementOf(a, name, spec);
      if (where === 'path' || where === 'local') continue;
      sent.set(wireOf(name, spec), [name, spec]);
    }
    // The upload's file field is filled from file_path / content_base64; a raw upload is the binary field GitLab lists.
    const uploadField = a.upload?.as === 'multipart' ? a.upload.field : a.upload?.as === 'raw' ? Object.entries(ref.params).find(([, r]) => r.format === 'binary')?.[0] : undefined;
    for (const [wire, [name, spec]] of sent) {
      // A member of an object parameter GitLab declares as a whole (`filter[environment_scope]` of `filter`).
      const container = /^(\w+)\[[^\]]+\]$/.exec(wire)?.[1];
      const r = ref.params[wire] ?? (container && ref.params[container]?.type === 'object' ? { type: 'string' } : undefined);
      if (!r) {
        if (undocumented[name] ?? undocumented[wire]) { usedNotes.add(name in undocumented ? name : wire); continue; }
        // An alternative route may lack a parameter only another route takes (project-only filters).
        if (routes.length > 1 && routes.some((o) => o !== route && refRoute(o)?.ref.params[wire])) continue;
        out.problems.push(`${a.id}: sends ${wire} which GitLab does not define for ${route} (remove it, or say why in undocumented)`);
        continue;
      }
      const t = typeProblem(spec, r);
      if (t) out.problems.push(`${a.id}: ${name}: ${t}`);
      const narrowed = a.narrowed?.[name] && spec.enum?.every((v) => r.enum?.map(String).includes(v));
      const e = narrowed ? undefined : enumProblem(spec, r);
      if (e) out.problems.push(`${a.id}: ${name}: ${e}`);
      if (!t && !e) out.matched++;
    }
    for (const [wire, r] of Object.entries(ref.params)) {
      // A path segment GitLab's description also lists as a parameter (`version_id` of `/versions/:version_id`).
      if (pathNames.has(wire)) continue;
      if (sent.has(wire) || isContainer(wire, ref) || wire === uploadField) continue;
      if (r.type === 'object' && [...sent.keys()].some((w) => w.startsWith(`${wire}[`))) continue;
      if (omitted[wire]) { usedNotes.add(wire); out.omitted++; continue; }
      out.problems.push(`${a.id}: GitLab's ${wire}${r.required ? ' (required)' : ''} is neither offered nor listed in omitted with a reason`);
    }
    for (const [wire, r] of Object.entries(ref.params)) {
      if (!r.required) continue;
      const s = sent.get(wire);
      const brought = s && a.requiredWith?.[s[0]];
      if (brought && !(brought in a.params)) out.problems.push(`${a.id}: requiredWith.${s![0]} names ${brought}, which is not a param`);
      if (s && !brought && !s[1].required && s[1].default === undefined && !a.exactlyOne?.includes(s[0])) out.problems.push(`${a.id}: ${s[0]} is required by GitLab but optional here`);
    }
  }
  out.problems.push(...routeSwitchProblems(a));
  for (const n of Object.keys(omitted)) if (!usedNotes.has(n) && out.covered.length) out.problems.push(`${a.id}: omitted.${n} names no parameter GitLab defines for the route`);
  for (const n of Object.keys(undocumented)) if (!usedNotes.has(n) && out.covered.length) out.problems.push(`${a.id}: undocumented.${n} is defined by GitLab after all (or not sent): drop the note`);
  for (const [n, why] of [...Object.entries(omitted), ...Object.entries(undocumented)]) if (!why.trim()) out.problems.push(`${a.id}: ${n} has an empty reason`);
  return out;
}
