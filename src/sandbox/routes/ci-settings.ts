// CI settings of a project: pipeline schedules (run creates a `schedule` pipeline), pipeline triggers
// (a trigger token creates a `trigger` pipeline), resource groups (from the CI configuration), the CI/CD
// job token scope and its allowlists, and deleting every job artifact of a project.
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { extrasOf, type ResourceGroupRec, type ScheduleRec, type ScheduleVariableRec, type TriggerRec } from '../extras.js';
import { resolveRef } from '../repo.js';
import { groupJson, jobJson, pipelineJson, projectJson, userBasic } from '../serialize.js';
import { bool, int, json, list, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { createPipeline } from './ci.js';
import { unkeptParams } from '../unsimulated.js';

type P = (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply;
const project = (fn: P) => (ctx: Ctx, prm: Record<string, string>): Reply => {
  const p = loadProject(ctx, prm.id);
  return isReply(p) ? p : fn(ctx, p, prm);
};
/** The project for a caller with at least `level`; below it GitLab answers 403. */
const atLeast = (level: number, fn: P): ReturnType<typeof project> => project((ctx, p, prm) => requireLevel(ctx, p, level) ?? fn(ctx, p, prm));

// --- Pipeline schedules -------------------------------------------------------------------------

/** GitLab stores a schedule's ref expanded: `main` → `refs/heads/main`, a tag → `refs/tags/…`. */
function fullRef(p: ProjectRec, ref: string): string {
  if (ref.startsWith('refs/')) return ref;
  return p.repo.tags.has(ref) && !p.repo.branches.has(ref) ? `refs/tags/${ref}` : `refs/heads/${ref}`;
}

/** The values a cron field allows: a star, a number, a range, each with an optional step, and comma lists of them. */
function cronField(field: string, min: number, max: number): Set<number> | undefined {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return undefined;
    const lo = m[1] === '*' ? min : Number(m[2]);
    const hi = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : lo;
    const step = m[4] ? Number(m[4]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) return undefined;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** The next time (UTC) a five-field cron fires after `after`, or undefined when the cron is not valid. */
function nextRun(cron: string, after: string): string | undefined {
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5) return undefined;
  const [min, hour, dom, month, dow] = [cronField(f[0], 0, 59), cronField(f[1], 0, 23), cronField(f[2], 1, 31), cronField(f[3], 1, 12), cronField(f[4], 0, 7)];
  if (!min || !hour || !dom || !month || !dow) return undefined;
  if (dow.has(7)) dow.add(0);
  const start = new Date(after);
  start.setUTCSeconds(0, 0);
  for (let d = 0; d <= 366 * 4; d++) {
    const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + d));
    // As cron reads them: with both day fields restricted, either one matching is enough.
    const domOk = dom.has(day.getUTCDate()); const dowOk = dow.has(day.getUTCDay());
    const dayOk = f[2] !== '*' && f[4] !== '*' ? domOk || dowOk : domOk && dowOk;
    if (!month.has(day.getUTCMonth() + 1) || !dayOk) continue;
    for (const h of [...hour].sort((a, b) => a - b)) for (const m of [...min].sort((a, b) => a - b)) {
      const t = new Date(day.getTime() + (h * 60 + m) * 60_000);
      if (t > start) return t.toISOString();
    }
  }
  return undefined;
}

/** Minutes the zone is ahead of UTC at `at` (0 for a zone name Node does not know, such as Rails' "Pacific Time (US & Canada)"). */
function zoneOffset(zone: string, at: Date): number {
  try {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return Math.round((Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return 0;
  }
}

/** The next run of a schedule, its cron read in its time zone. */
function nextRunIn(cron: string, zone: string, after: string): string | undefined {
  const offset = zoneOffset(zone, new Date(after));
  const local = nextRun(cron, new Date(Date.parse(after) + offset * 60_000).toISOString());
  return local && new Date(Date.parse(local) - offset * 60_000).toISOString();
}

function scheduleJson(ctx: Ctx, p: ProjectRec, s: ScheduleRec, detail: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: s.id, description: s.description, ref: s.ref, cron: s.cron, cron_timezone: s.cronTimezone, next_run_at: s.active ? nextRunIn(s.cron, s.cronTimezone, s.updatedAt) ?? null : null,
    active: s.active, created_at: s.createdAt, updated_at: s.updatedAt,
  };
  if (detail) {
    const last = s.pipelineIds.map((id) => p.pipelines.get(id)).filter((x) => !!x).pop();
    out.last_pipeline = last ? { id: last.id, iid: last.iid, project_id: p.id, sha: last.sha, ref: last.ref, status: last.status, source: last.source, created_at: last.createdAt, updated_at: last.updatedAt, web_url: `${ctx.state.url}/${ctx.state.projectFullPath(p)}/-/pipelines/${last.id}` } : null;
  }
  out.owner = userBasic(ctx.state, s.ownerId);
  if (detail) out.variables = s.variables.map((v) => ({ variable_type: v.variableType, key: v.key, value: v.value, raw: v.raw }));
  return out;
}

const VARIABLE_TYPES = new Set(['env_var', 'file']);

function registerSchedules(r: Router): void {
  const S = (level: number, fn: (ctx: Ctx, p: ProjectRec, s: ScheduleRec, prm: Record<string, string>) => Reply) => atLeast(level, (ctx, p, prm) => {
    const s = /^\d+$/.test(prm.sid) ? extrasOf(ctx.state, p.id).schedules.get(Number(prm.sid)) : undefined;
    return s ? fn(ctx, p, s, prm) : notFound('Pipeline Schedule');
  });
  /** Editing a schedule is its owner's (a Developer at least); a Maintainer takes ownership first, as in GitLab. */
  const owned = (ctx: Ctx, s: ScheduleRec): Reply | undefined => (s.ownerId === ctx.user.id || ctx.user.isAdmin ? undefined : message(403, '403 Forbidden'));
  /** A schedule's variable by key, for its owner to change. */
  const ownedVariable = (ctx: Ctx, s: ScheduleRec, key: string | undefined): ScheduleVariableRec | Reply => {
    const v = s.variables.find((x) => x.key === key);
    return !v ? notFound('Variable') : owned(ctx, s) ?? v;
  };
  const base = 'projects/:id/pipeline_schedules';

  r.get(base, atLeast(ACCESS.reporter, (ctx, p) => {
    const scope = str(ctx.params.scope);
    if (scope && scope !== 'active' && scope !== 'inactive') return json(400, { error: 'scope does not have a valid value' });
    const all = [...extrasOf(ctx.state, p.id).schedules.values()].filter((s) => !scope || s.active === (scope === 'active'));
    return paginate(ctx, all.map((s) => scheduleJson(ctx, p, s, false)));
  }));
  r.get(`${base}/:sid`, S(ACCESS.reporter, (ctx, p, s) => json(200, scheduleJson(ctx, p, s, true))));
  r.get(`${base}/:sid/pipelines`, S(ACCESS.reporter, (ctx, p, s) => {
    const pls = s.pipelineIds.map((id) => p.pipelines.get(id)).filter((x) => !!x);
    if (str(ctx.params.sort) !== 'asc') pls.reverse();
    return paginate(ctx, pls.map((pl) => pipelineJson(ctx.state, p, pl)));
  }));
  r.post(base, atLeast(ACCESS.developer, (ctx, p) => {
    const description = str(ctx.params.description); const ref = str(ctx.params.ref); const cron = str(ctx.params.cron);
    const absent = [!description ? 'description' : '', !ref ? 'ref' : '', !cron ? 'cron' : ''].filter(Boolean);
    if (absent.length) return missing(...absent);
    const unkept = unkeptParams(ctx, 'POST /projects/:id/pipeline_schedules', ['inputs']);
    if (unkept) return unkept;
    if (!nextRun(cron!, ctx.state.now())) return message(400, { cron: [' is invalid syntax'] });
    const now = ctx.state.now();
    const s: ScheduleRec = {
      id: ctx.state.nextId('schedule'), description: description!, ref: fullRef(p, ref!), cron: cron!, cronTimezone: str(ctx.params.cron_timezone) ?? 'UTC',
      active: bool(ctx.params.active) ?? true, createdAt: now, updatedAt: now, ownerId: ctx.user.id, variables: [], pipelineIds: [],
    };
    extrasOf(ctx.state, p.id).schedules.set(s.id, s);
    return json(201, scheduleJson(ctx, p, s, true));
  }));
  r.put(`${base}/:sid`, S(ACCESS.developer, (ctx, p, s) => {
    const denied = owned(ctx, s);
    if (denied) return denied;
    const unkept = unkeptParams(ctx, 'PUT /projects/:id/pipeline_schedules/:pipeline_schedule_id', ['inputs']);
    if (unkept) return unkept;
    const cron = str(ctx.params.cron);
    if (cron && !nextRun(cron, ctx.state.now())) return message(400, { cron: [' is invalid syntax'] });
    const description = str(ctx.params.description); const ref = str(ctx.params.ref); const tz = str(ctx.params.cron_timezone); const active = bool(ctx.params.active);
    if (description) s.description = description;
    if (ref) s.ref = fullRef(p, ref);
    if (cron) s.cron = cron;
    if (tz) s.cronTimezone = tz;
    if (active !== undefined) s.active = active;
    s.updatedAt = ctx.state.now();
    return json(200, scheduleJson(ctx, p, s, true));
  }));
  r.post(`${base}/:sid/take_ownership`, S(ACCESS.maintainer, (ctx, p, s) => {
    s.ownerId = ctx.user.id;
    s.updatedAt = ctx.state.now();
    return json(201, scheduleJson(ctx, p, s, true));
  }));
  r.delete(`${base}/:sid`, S(ACCESS.maintainer, (ctx, p, s) => {
    extrasOf(ctx.state, p.id).schedules.delete(s.id);
    return noContent();
  }));
  r.post(`${base}/:sid/play`, S(ACCESS.developer, (ctx, p, s) => {
    // GitLab queues the run; the pipeline is there once the worker ran, on the schedule's ref, as its owner.
    const ref = s.ref.replace(/^refs\/(heads|tags)\//, '');
    const sha = resolveRef(p.repo, ref);
    if (sha) {
      const vars = s.variables.map((v) => ({ key: v.key, value: v.value, variable_type: v.variableType }));
      // A configuration that makes no pipeline makes none here either (GitLab's worker logs why).
      const pl = createPipeline(ctx, p, ref, sha, 'schedule', s.ownerId, vars);
      if (!('error' in pl)) s.pipelineIds.push(pl.id);
    }
    return message(201, '201 Created');
  }));

  const variableJson = (v: ScheduleRec['variables'][number]) => ({ variable_type: v.variableType, key: v.key, value: v.value, raw: v.raw });
  r.post(`${base}/:sid/variables`, S(ACCESS.developer, (ctx, _p, s) => {
    const key = str(ctx.params.key); const value = text(ctx.params.value);
    if (!key || value === undefined) return missing(...[!key ? 'key' : '', value === undefined ? 'value' : ''].filter(Boolean));
    const denied = owned(ctx, s);
    if (denied) return denied;
    const type = str(ctx.params.variable_type) ?? 'env_var';
    if (!VARIABLE_TYPES.has(type)) return json(400, { error: 'variable_type does not have a valid value' });
    if (!/^[a-zA-Z0-9_]{1,255}$/.test(key)) return message(400, { key: ['can contain only letters, digits and \'_\'.'] });
    if (s.variables.some((v) => v.key === key)) return message(400, { key: ['(' + key + ') has already been taken'] });
    const v = { key, value, variableType: type, raw: !!bool(ctx.params.raw) };
    s.variables.push(v);
    return json(201, variableJson(v));
  }));
  r.put(`${base}/:sid/variables/:key`, S(ACCESS.developer, (ctx, _p, s, prm) => {
    const v = ownedVariable(ctx, s, prm.key);
    if (isReply(v)) return v;
    const type = str(ctx.params.variable_type);
    if (type && !VARIABLE_TYPES.has(type)) return json(400, { error: 'variable_type does not have a valid value' });
    const value = text(ctx.params.value);
    if (value !== undefined) v.value = value;
    if (type) v.variableType = type;
    return json(200, variableJson(v));
  }));
  r.delete(`${base}/:sid/variables/:key`, S(ACCESS.developer, (ctx, _p, s, prm) => {
    const v = ownedVariable(ctx, s, prm.key);
    if (isReply(v)) return v;
    s.variables = s.variables.filter((x) => x !== v);
    return json(202, variableJson(v));
  }));
}

// --- Pipeline triggers --------------------------------------------------------------------------

function triggerJson(ctx: Ctx, t: TriggerRec): Record<string, unknown> {
  // Only the trigger's owner reads the whole token; others see its first four characters.
  return {
    id: t.id, token: t.ownerId === ctx.user.id ? t.token : t.token.slice(0, 4), description: t.description, created_at: t.createdAt, updated_at: t.updatedAt,
    last_used: t.lastUsed, expires_at: t.expiresAt, owner: userBasic(ctx.state, t.ownerId),
  };
}

function registerTriggers(r: Router): void {
  const T = (fn: (ctx: Ctx, p: ProjectRec, t: TriggerRec) => Reply) => atLeast(ACCESS.maintainer, (ctx, p, prm) => {
    const t = /^\d+$/.test(prm.tid) ? extrasOf(ctx.state, p.id).triggers.get(Number(prm.tid)) : undefined;
    return t ? fn(ctx, p, t) : notFound('Trigger');
  });
  r.get('projects/:id/triggers', atLeast(ACCESS.maintainer, (ctx, p) => paginate(ctx, [...extrasOf(ctx.state, p.id).triggers.values()].map((t) => triggerJson(ctx, t)))));
  r.get('projects/:id/triggers/:tid', T((ctx, _p, t) => json(200, triggerJson(ctx, t))));
  r.post('projects/:id/triggers', atLeast(ACCESS.maintainer, (ctx, p) => {
    const description = str(ctx.params.description);
    if (!description) return missing('description');
    const now = ctx.state.now();
    const id = ctx.state.nextId('trigger');
    const token = `glptt-${createHash('sha1').update(`trigger-${p.id}-${id}`).digest('hex')}`;
    const t: TriggerRec = { id, token, description, createdAt: now, updatedAt: now, lastUsed: null, ownerId: ctx.user.id, expiresAt: str(ctx.params.expires_at) ?? null };
    extrasOf(ctx.state, p.id).triggers.set(id, t);
    return json(201, triggerJson(ctx, t));
  }));
  r.put('projects/:id/triggers/:tid', T((ctx, _p, t) => {
    const description = str(ctx.params.description);
    if (description) t.description = description;
    t.updatedAt = ctx.state.now();
    return json(200, triggerJson(ctx, t));
  }));
  r.delete('projects/:id/triggers/:tid', T((ctx, p, t) => {
    extrasOf(ctx.state, p.id).triggers.delete(t.id);
    return noContent();
  }));
  r.post('projects/:id/trigger/pipeline', (ctx, prm) => {
    const token = str(ctx.params.token); const ref = str(ctx.params.ref);
    if (!token || !ref) return missing(...[!token ? 'token' : '', !ref ? 'ref' : ''].filter(Boolean));
    const p = ctx.state.projectByRef(prm.id);
    const t = p ? [...extrasOf(ctx.state, p.id).triggers.values()].find((x) => x.token === token) : undefined;
    // A token of no trigger of this project: GitLab's 404, the same as for an unknown project.
    if (!p || !t) return notFound();
    const unkept = unkeptParams(ctx, 'POST /projects/:id/trigger/pipeline', ['inputs']);
    if (unkept) return unkept;
    const sha = resolveRef(p.repo, ref);
    if (!sha) return message(400, { base: ['Reference not found'] });
    const raw = ctx.params.variables;
    const vars = raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw as Record<string, unknown>).map(([key, v]) => ({ key, value: str(v) ?? '', variable_type: 'env_var' }))
      : [];
    t.lastUsed = ctx.state.now();
    const pl = createPipeline(ctx, p, ref, sha, 'trigger', t.ownerId, vars);
    return 'error' in pl ? message(400, { base: [pl.error] }) : json(201, pipelineJson(ctx.state, p, pl, { detail: true }));
  });
}

// --- Resource groups ----------------------------------------------------------------------------

const PROCESS_MODES = new Set(['unordered', 'oldest_first', 'newest_first', 'newest_ready_first']);

/** Resource groups are made from `resource_group:` keys of the default branch's CI configuration, as GitLab makes them when a pipeline runs it. */
function resourceGroups(ctx: Ctx, p: ProjectRec): Map<string, ResourceGroupRec> {
  const x = extrasOf(ctx.state, p.id);
  if (!x.resourceGroups) {
    x.resourceGroups = new Map();
    const head = p.repo.branches.get(p.defaultBranch);
    const ci = head ? p.repo.commits.get(head)?.files.get('.gitlab-ci.yml') : undefined;
    for (const m of (ci ?? '').matchAll(/^\s+resource_group:\s*['"]?([\w./-]+)['"]?\s*$/gm)) {
      if (!x.resourceGroups.has(m[1])) x.resourceGroups.set(m[1], { id: ctx.state.nextId('resource_group'), key: m[1], processMode: 'unordered', createdAt: p.createdAt, updatedAt: p.createdAt });
    }
  }
  return x.resourceGroups;
}

/** Jobs of the CI configuration that use a resource group (`<job>:` … `resource_group: key`). */
function jobsUsing(p: ProjectRec, key: string): Set<string> {
  const head = p.repo.branches.get(p.defaultBranch);
  const ci = (head ? p.repo.commits.get(head)?.files.get('.gitlab-ci.yml') : undefined) ?? '';
  const names = new Set<string>();
  let job: string | undefined;
  for (const line of ci.split('\n')) {
    const top = /^([\w.-]+):\s*$/.exec(line);
    if (top) job = top[1];
    const rg = /^\s+resource_group:\s*['"]?([\w./-]+)['"]?\s*$/.exec(line);
    if (rg && job && rg[1] === key) names.add(job);
  }
  return names;
}

function registerResourceGroups(r: Router): void {
  const groupJson = (g: ResourceGroupRec) => ({ id: g.id, key: g.key, process_mode: g.processMode, created_at: g.createdAt, updated_at: g.updatedAt });
  const G = (level: number, fn: (ctx: Ctx, p: ProjectRec, g: ResourceGroupRec) => Reply) => atLeast(level, (ctx, p, prm) => {
    const g = resourceGroups(ctx, p).get(prm.key);
    return g ? fn(ctx, p, g) : notFound();
  });
  r.get('projects/:id/resource_groups', atLeast(ACCESS.developer, (ctx, p) => paginate(ctx, [...resourceGroups(ctx, p).values()].map(groupJson))));
  r.get('projects/:id/resource_groups/:key', G(ACCESS.developer, (_ctx, _p, g) => json(200, groupJson(g))));
  r.get('projects/:id/resource_groups/:key/upcoming_jobs', G(ACCESS.developer, (ctx, p, g) => {
    // Jobs using the group that wait to run: created, scheduled, pending or waiting for the resource.
    const names = jobsUsing(p, g.key);
    const jobs = [...ctx.state.jobs.values()].filter((j) => j.projectId === p.id && names.has(j.name) && !j.retried && ['created', 'scheduled', 'pending', 'waiting_for_resource'].includes(j.status));
    return paginate(ctx, jobs.sort((a, b) => a.id - b.id).map((j) => jobJson(ctx.state, p, j)));
  }));
  r.put('projects/:id/resource_groups/:key', G(ACCESS.maintainer, (ctx, _p, g) => {
    const mode = str(ctx.params.process_mode);
    if (mode !== undefined && !PROCESS_MODES.has(mode)) return json(400, { error: 'process_mode does not have a valid value' });
    if (mode) { g.processMode = mode; g.updatedAt = ctx.state.now(); }
    return json(200, groupJson(g));
  }));
}

// --- CI/CD job token scope ----------------------------------------------------------------------

function registerJobTokenScope(r: Router): void {
  const base = 'projects/:id/job_token_scope';
  const M = (fn: P) => atLeast(ACCESS.maintainer, fn);
  r.get(base, M((ctx, p) => json(200, { inbound_enabled: extrasOf(ctx.state, p.id).jobTokenInbound, outbound_enabled: false })));
  r.add('PATCH', base, M((ctx, p) => {
    const enabled = bool(ctx.params.enabled);
    if (enabled === undefined) return missing('enabled');
    extrasOf(ctx.state, p.id).jobTokenInbound = enabled;
    return noContent();
  }));
  const policies = (ctx: Ctx) => list(ctx.params.job_token_policies) ?? [];
  // The project itself is always on its own allowlist, as GitLab lists it.
  r.get(`${base}/allowlist`, M((ctx, p) => {
    const ids = [p.id, ...extrasOf(ctx.state, p.id).allowProjects.keys()];
    return paginate(ctx, ids.map((id) => ctx.state.projects.get(id)).filter((x) => !!x).map((x) => projectJson(ctx.state, x, ctx.user, { simple: true })));
  }));
  r.post(`${base}/allowlist`, M((ctx, p) => {
    const target = int(ctx.params.target_project_id);
    if (target === undefined) return missing('target_project_id');
    const tp = ctx.state.projects.get(target);
    if (!tp || !ctx.state.canSeeProject(ctx.user, tp)) return notFound('Project');
    const x = extrasOf(ctx.state, p.id);
    if (target === p.id || x.allowProjects.has(target)) return message(422, 'Target project is already in the job token scope');
    x.allowProjects.set(target, { id: target, defaultPermissions: bool(ctx.params.default_permissions) ?? true, policies: policies(ctx) });
    return json(201, { source_project_id: p.id, target_project_id: target });
  }));
  r.delete(`${base}/allowlist/:target`, M((ctx, p, prm) => {
    const x = extrasOf(ctx.state, p.id);
    if (!x.allowProjects.delete(Number(prm.target))) return notFound('Project');
    return noContent();
  }));
  r.get(`${base}/groups_allowlist`, M((ctx, p) => {
    const groups = [...extrasOf(ctx.state, p.id).allowGroups.keys()].map((id) => ctx.state.groups.get(id)).filter((g) => !!g);
    return paginate(ctx, groups.map((g) => { const j = groupJson(ctx.state, g); return { id: j.id, web_url: j.web_url, name: j.name }; }));
  }));
  r.post(`${base}/groups_allowlist`, M((ctx, p) => {
    const target = int(ctx.params.target_group_id);
    if (target === undefined) return missing('target_group_id');
    const g = ctx.state.groups.get(target);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    const x = extrasOf(ctx.state, p.id);
    if (x.allowGroups.has(target)) return message(422, 'Target group is already in the job token scope');
    x.allowGroups.set(target, { id: target, defaultPermissions: bool(ctx.params.default_permissions) ?? true, policies: policies(ctx) });
    return json(201, { source_project_id: p.id, target_group_id: target });
  }));
  r.delete(`${base}/groups_allowlist/:target`, M((ctx, p, prm) => {
    if (!extrasOf(ctx.state, p.id).allowGroups.delete(Number(prm.target))) return notFound('Group');
    return noContent();
  }));
}

export function registerCiSettings(r: Router): void {
  registerSchedules(r);
  registerTriggers(r);
  registerResourceGroups(r);
  registerJobTokenScope(r);
  // Deletes the artifacts of every job of the project (GitLab expires them in the background and answers 202).
  r.delete('projects/:id/artifacts', atLeast(ACCESS.maintainer, (ctx, p) => {
    for (const j of ctx.state.jobs.values()) if (j.projectId === p.id) j.artifacts = false;
    return message(202, '202 Accepted');
  }));
}
