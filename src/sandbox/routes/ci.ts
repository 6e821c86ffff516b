// CI: pipelines and jobs with state changes; job logs are served here, artifacts and generic package files redirect to the storage origin.
import type { Router } from '../router.js';
import { ACCESS, type JobRec, type PipelineRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { resolveRef } from '../repo.js';
import { jobJson, pipelineJson } from '../serialize.js';
import { artifactFiles, presign } from '../storage.js';
import { traceText } from '../trace.js';
import { planPipeline, type PipelineContext } from '../ci-config.js';
import { suiteCounts, TEST_JOB, testSuite, type SuiteCounts } from '../test-run.js';
import { bool, inWindow, json, list, message, missing, noContent, notFound, paginate, sortBy, str } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { unkeptParams } from '../unsimulated.js';

const ACTIVE = new Set(['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'scheduled']);
const pipelineNotFound = (): Reply => message(404, '404 Not found');
const redirect = (location: string): Reply => ({ status: 302, headers: { location }, contentType: 'text/html; charset=utf-8', text: `<html><body>You are being <a href="${location}">redirected</a>.</body></html>` });

function jobsOf(ctx: Ctx, pl: PipelineRec): JobRec[] {
  return pl.jobIds.map((id) => ctx.state.jobs.get(id)).filter((j): j is JobRec => !!j);
}

/** A pipeline's status from its current (not retried) jobs, as the platform derives it. */
function recompute(ctx: Ctx, pl: PipelineRec): void {
  const jobs = jobsOf(ctx, pl).filter((j) => !j.retried);
  const has = (s: string) => jobs.some((j) => j.status === s);
  let status = 'success';
  if (has('running')) status = 'running';
  else if (has('pending')) status = 'pending';
  else if (jobs.some((j) => j.status === 'failed' && !j.allowFailure)) status = 'failed';
  else if (has('canceled')) status = 'canceled';
  else if (has('created')) status = 'created';
  else if (jobs.every((j) => j.status === 'manual' || j.status === 'skipped')) status = 'manual';
  pl.status = status;
  pl.updatedAt = ctx.state.now();
  if (!ACTIVE.has(status)) pl.finishedAt = pl.finishedAt ?? pl.updatedAt;
}

function newJob(ctx: Ctx, p: ProjectRec, pl: PipelineRec, name: string, stage: string, status: string, when: JobRec['when'], allowFailure: boolean): JobRec {
  const j: JobRec = {
    id: ctx.state.nextId('job'), projectId: p.id, pipelineId: pl.id, name, stage, status, ref: pl.ref, tag: pl.tag, allowFailure, when,
    createdAt: ctx.state.now(), startedAt: null, finishedAt: null, duration: null, queuedDuration: null, userId: ctx.user.id, artifacts: false, coverage: null,
    failureReason: null, erased: false, retried: false,
  };
  ctx.state.jobs.set(j.id, j);
  pl.jobIds.push(j.id);
  return j;
}

/** An empty pipeline record on `sha` (the external pipeline commit statuses make; the start of every other one). */
export function newPipeline(ctx: Ctx, p: ProjectRec, ref: string, sha: string, source: string, userId: number, variables: PipelineRec['variables']): PipelineRec {
  const now = ctx.state.now();
  const pl: PipelineRec = {
    id: ctx.state.nextId('pipeline'), iid: p.nextPipelineIid++, projectId: p.id, ref, sha, beforeSha: '0000000000000000000000000000000000000000', status: 'pending',
    source, tag: p.repo.tags.has(ref), userId, createdAt: now, updatedAt: now, startedAt: null, finishedAt: null, duration: null,
    coverage: null, name: null, jobIds: [], variables,
  };
  p.pipelines.set(pl.id, pl);
  return pl;
}

/**
 * A pipeline with the jobs the project's `.gitlab-ci.yml` at `sha` gives it (ci-config.ts), as the API, a schedule, a
 * trigger or a merge request creates it: the first stage's jobs are pending, later ones wait (created), and a `when:
 * manual` job waits for someone to play it (manual). The error is GitLab's reason for creating none.
 */
export function createPipeline(ctx: Ctx, p: ProjectRec, ref: string, sha: string, source: string, userId: number, variables: PipelineRec['variables'], mr?: PipelineContext['mr']): PipelineRec | { error: string } {
  const plan = planPipeline(p.repo, sha, { source, ref, tag: p.repo.tags.has(ref), defaultBranch: p.defaultBranch, mr, variables });
  if ('error' in plan) return plan;
  const pl = newPipeline(ctx, p, ref, sha, source, userId, variables);
  let waiting = false;
  for (const stage of plan.stages) {
    const jobs = plan.jobs.filter((j) => j.stage === stage);
    for (const j of jobs) newJob(ctx, p, pl, j.name, j.stage, j.when === 'manual' ? 'manual' : waiting ? 'created' : 'pending', j.when, j.allowFailure);
    // A stage holds the next ones back until its jobs end; a manual job only when it may not fail.
    waiting ||= jobs.some((j) => j.when !== 'manual' || !j.allowFailure);
  }
  pl.status = jobsOf(ctx, pl).some((j) => j.status === 'pending') ? 'pending' : 'manual';
  return pl;
}

function loadPipeline(ctx: Ctx, prm: Record<string, string>): { p: ProjectRec; pl: PipelineRec } | Reply {
  const p = loadProject(ctx, prm.id);
  if (isReply(p)) return p;
  const pl = /^\d+$/.test(prm.pid) ? p.pipelines.get(Number(prm.pid)) : undefined;
  return pl ? { p, pl } : pipelineNotFound();
}

function loadJob(ctx: Ctx, prm: Record<string, string>): { p: ProjectRec; j: JobRec } | Reply {
  const p = loadProject(ctx, prm.id);
  if (isReply(p)) return p;
  const j = /^\d+$/.test(prm.jid) ? ctx.state.jobs.get(Number(prm.jid)) : undefined;
  return j && j.projectId === p.id ? { p, j } : pipelineNotFound();
}

/** The JUnit reports of a pipeline: one suite per test job that ran to its end (a pending or running job has no report yet). */
function testSuites(ctx: Ctx, pl: PipelineRec): Array<{ job: JobRec; counts: SuiteCounts; cases: Array<Record<string, unknown>> }> {
  return jobsOf(ctx, pl).filter((j) => !j.retried && j.name === TEST_JOB && (j.status === 'success' || j.status === 'failed')).map((job) => ({ job, ...testSuite(job) }));
}

function filterJobs(ctx: Ctx, jobs: JobRec[]): JobRec[] {
  const scope = list(ctx.params.scope);
  let out = bool(ctx.params.include_retried) ? jobs : jobs.filter((j) => !j.retried);
  if (scope?.length) out = out.filter((j) => scope.includes(j.status));
  return out.sort((a, b) => b.id - a.id);
}

export function registerCi(r: Router): void {
  const PL = (fn: (ctx: Ctx, p: ProjectRec, pl: PipelineRec) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadPipeline(ctx, prm);
    return isReply(x) ? x : fn(ctx, x.p, x.pl);
  };
  const J = (fn: (ctx: Ctx, p: ProjectRec, j: JobRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadJob(ctx, prm);
    return isReply(x) ? x : fn(ctx, x.p, x.j, prm);
  };
  const P = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };

  r.get('projects/:id/pipelines', P((ctx, p) => {
    let pls = [...p.pipelines.values()];
    const scope = str(ctx.params.scope);
    if (scope === 'running' || scope === 'pending') pls = pls.filter((x) => x.status === scope);
    if (scope === 'finished') pls = pls.filter((x) => !ACTIVE.has(x.status));
    if (scope === 'branches') pls = pls.filter((x) => !x.tag);
    if (scope === 'tags') pls = pls.filter((x) => x.tag);
    for (const k of ['status', 'ref', 'sha', 'source', 'name'] as const) {
      const v = str(ctx.params[k]);
      if (v) pls = pls.filter((x) => String(x[k]) === v);
    }
    const username = str(ctx.params.username);
    if (username) pls = pls.filter((x) => ctx.state.users.get(x.userId)?.username === username);
    pls = inWindow(ctx, pls, { created: (x) => x.createdAt, updated: (x) => x.updatedAt });
    const sorted = sortBy(pls, ctx, { id: (x) => x.id, status: (x) => x.status, ref: (x) => x.ref, updated_at: (x) => x.updatedAt, user_id: (x) => x.userId }, 'id');
    return paginate(ctx, sorted.map((x) => pipelineJson(ctx.state, p, x)));
  }));
  r.get('projects/:id/pipelines/latest', P((ctx, p) => {
    const ref = str(ctx.params.ref) ?? p.defaultBranch;
    const pl = [...p.pipelines.values()].filter((x) => x.ref === ref).sort((a, b) => b.id - a.id)[0];
    return pl ? json(200, pipelineJson(ctx.state, p, pl, { detail: true })) : pipelineNotFound();
  }));
  r.get('projects/:id/pipelines/:pid', PL((ctx, p, pl) => json(200, pipelineJson(ctx.state, p, pl, { detail: true }))));
  r.post('projects/:id/pipeline', P((ctx, p) => {
    const ref = str(ctx.params.ref);
    if (!ref) return missing('ref');
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const unkept = unkeptParams(ctx, 'POST /projects/:id/pipeline', ['inputs']);
    if (unkept) return unkept;
    const sha = resolveRef(p.repo, ref);
    if (!sha) return message(400, { base: ['Reference not found'] });
    const vars = Array.isArray(ctx.params.variables) ? (ctx.params.variables as Array<Record<string, unknown>>) : [];
    const pl = createPipeline(ctx, p, ref, sha, 'api', ctx.user.id,
      vars.filter((v) => v && str(v.key)).map((v) => ({ key: str(v.key)!, value: str(v.value) ?? '', variable_type: str(v.variable_type) ?? 'env_var' })));
    return 'error' in pl ? message(400, { base: [pl.error] }) : json(201, pipelineJson(ctx.state, p, pl, { detail: true }));
  }));
  r.post('projects/:id/pipelines/:pid/retry', PL((ctx, p, pl) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    for (const j of jobsOf(ctx, pl)) {
      // Jobs skipped after the failure are processed again: a manual one waits for a hand again, the others for their stage.
      if (!j.retried && j.status === 'skipped') j.status = j.when === 'manual' ? 'manual' : 'created';
      if (j.retried || !['failed', 'canceled'].includes(j.status)) continue;
      j.retried = true;
      newJob(ctx, p, pl, j.name, j.stage, 'pending', j.when, j.allowFailure);
    }
    pl.finishedAt = null;
    recompute(ctx, pl);
    return json(201, pipelineJson(ctx.state, p, pl, { detail: true }));
  }));
  r.post('projects/:id/pipelines/:pid/cancel', PL((ctx, p, pl) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const now = ctx.state.now();
    for (const j of jobsOf(ctx, pl)) if (ACTIVE.has(j.status)) { j.status = 'canceled'; j.finishedAt = now; }
    if (ACTIVE.has(pl.status)) { pl.status = 'canceled'; pl.finishedAt = now; pl.updatedAt = now; }
    return json(200, pipelineJson(ctx.state, p, pl, { detail: true }));
  }));
  r.delete('projects/:id/pipelines/:pid', PL((ctx, p, pl) => {
    const denied = requireLevel(ctx, p, ACCESS.owner);
    if (denied) return denied;
    for (const id of pl.jobIds) ctx.state.jobs.delete(id);
    p.pipelines.delete(pl.id);
    return noContent();
  }));
  r.put('projects/:id/pipelines/:pid/metadata', PL((ctx, p, pl) => {
    const name = str(ctx.params.name);
    if (!name) return missing('name');
    pl.name = name;
    return json(200, pipelineJson(ctx.state, p, pl, { detail: true }));
  }));
  r.get('projects/:id/pipelines/:pid/variables', PL((_ctx, _p, pl) => json(200, pl.variables)));
  r.get('projects/:id/pipelines/:pid/jobs', PL((ctx, p, pl) => paginate(ctx, filterJobs(ctx, jobsOf(ctx, pl)).map((j) => jobJson(ctx.state, p, j)))));
  r.get('projects/:id/pipelines/:pid/bridges', PL((ctx) => paginate(ctx, [])));
  r.get('projects/:id/pipelines/:pid/test_report_summary', PL((ctx, _p, pl) => {
    const suites = testSuites(ctx, pl);
    const t = suiteCounts(suites.map((x) => x.counts));
    return json(200, {
      total: { time: t.total_time, count: t.total_count, success: t.success_count, failed: t.failed_count, skipped: 0, error: 0, suite_error: null },
      test_suites: suites.map((x) => ({ name: x.job.name, ...x.counts, build_ids: [x.job.id], suite_error: null })),
    });
  }));
  r.get('projects/:id/pipelines/:pid/test_report', PL((ctx, _p, pl) => {
    const suites = testSuites(ctx, pl);
    return json(200, { ...suiteCounts(suites.map((x) => x.counts)), test_suites: suites.map((x) => ({ name: x.job.name, ...x.counts, suite_error: null, test_cases: x.cases })) });
  }));

  r.get('projects/:id/jobs', P((ctx, p) => paginate(ctx, filterJobs(ctx, [...ctx.state.jobs.values()].filter((j) => j.projectId === p.id)).map((j) => jobJson(ctx.state, p, j)))));
  r.get('projects/:id/jobs/:jid', J((ctx, p, j) => json(200, jobJson(ctx.state, p, j))));
  r.post('projects/:id/jobs/:jid/retry', J((ctx, p, j) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (ACTIVE.has(j.status) || j.status === 'manual') return message(403, '403 Forbidden - Job is not retryable');
    const pl = p.pipelines.get(j.pipelineId)!;
    j.retried = true;
    const fresh = newJob(ctx, p, pl, j.name, j.stage, 'pending', j.when, j.allowFailure);
    pl.finishedAt = null;
    recompute(ctx, pl);
    return json(201, jobJson(ctx.state, p, fresh));
  }));
  r.post('projects/:id/jobs/:jid/cancel', J((ctx, p, j) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (ACTIVE.has(j.status)) {
      j.status = 'canceled';
      j.finishedAt = ctx.state.now();
      recompute(ctx, p.pipelines.get(j.pipelineId)!);
    }
    return json(201, jobJson(ctx.state, p, j));
  }));
  r.post('projects/:id/jobs/:jid/play', J((ctx, p, j) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    if (j.status !== 'manual') return message(400, '400 Unplayable Job');
    // Jobs run no script here: a run's variables and inputs would change nothing a later read shows.
    const unkept = unkeptParams(ctx, 'POST /projects/:id/jobs/:job_id/play', ['job_variables_attributes', 'job_inputs']);
    if (unkept) return unkept;
    j.status = 'pending';
    recompute(ctx, p.pipelines.get(j.pipelineId)!);
    return json(200, jobJson(ctx.state, p, j));
  }));
  r.post('projects/:id/jobs/:jid/erase', J((ctx, p, j) => {
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    if (ACTIVE.has(j.status) || j.status === 'manual') return message(403, '403 Forbidden - Job is not erasable!');
    j.erased = true;
    j.artifacts = false;
    return json(201, jobJson(ctx.state, p, j));
  }));
  // GitLab serves the log itself, 200 text/plain (not a redirect to object storage as for artifacts).
  r.get('projects/:id/jobs/:jid/trace', J((ctx, _p, j) => ({ status: 200, text: traceText(ctx.state, j), contentType: 'text/plain' })));
  r.get('projects/:id/jobs/:jid/artifacts', J((ctx, _p, j) => (j.artifacts && !j.erased ? redirect(presign(ctx.state, `/artifacts/${j.id}/artifacts.zip`)) : notFound())));
  r.delete('projects/:id/jobs/:jid/artifacts', J((ctx, p, j) => {
    const denied = requireLevel(ctx, p, ACCESS.maintainer);
    if (denied) return denied;
    j.artifacts = false;
    return noContent();
  }));
  r.post('projects/:id/jobs/:jid/artifacts/keep', J((ctx, p, j) => (j.artifacts ? json(200, jobJson(ctx.state, p, j)) : notFound())));
  r.get('projects/:id/jobs/:jid/artifacts/*path', J((ctx, _p, j, prm) => {
    if (!j.artifacts || j.erased || !artifactFiles(j).has(prm.path)) return notFound();
    return redirect(presign(ctx.state, `/artifacts/${j.id}/files/${prm.path}`));
  }));
  const latestJob = (ctx: Ctx, p: ProjectRec, ref: string): JobRec | Reply => {
    const name = str(ctx.params.job);
    if (!name) return missing('job');
    const j = [...ctx.state.jobs.values()].filter((x) => x.projectId === p.id && x.ref === ref && x.name === name && x.status === 'success' && x.artifacts && !x.erased).sort((a, b) => b.id - a.id)[0];
    return j ?? notFound();
  };
  r.get('projects/:id/jobs/artifacts/:ref/download', P((ctx, p, prm) => {
    const j = latestJob(ctx, p, prm.ref);
    return 'pipelineId' in j ? redirect(presign(ctx.state, `/artifacts/${j.id}/artifacts.zip`)) : j;
  }));
  r.get('projects/:id/jobs/artifacts/:ref/raw/*path', P((ctx, p, prm) => {
    const j = latestJob(ctx, p, prm.ref);
    if (!('pipelineId' in j)) return j;
    return artifactFiles(j).has(prm.path) ? redirect(presign(ctx.state, `/artifacts/${j.id}/files/${prm.path}`)) : notFound();
  }));

  r.put('projects/:id/packages/generic/:name/:version/:file', P((ctx, p, prm) => {
    const denied = requireLevel(ctx, p, ACCESS.developer);
    if (denied) return denied;
    const key = `${prm.name}/${prm.version}/${prm.file}`;
    p.packages.set(key, { id: ctx.state.nextId('package'), packageName: prm.name, version: prm.version, fileName: prm.file, content: ctx.rawBody, createdAt: ctx.state.now() });
    return message(201, '201 Created');
  }));
  r.get('projects/:id/packages/generic/:name/:version/:file', P((ctx, p, prm) => {
    const key = `${prm.name}/${prm.version}/${prm.file}`;
    return p.packages.has(key) ? redirect(presign(ctx.state, `/packages/${p.id}/${key}`)) : notFound('Package');
  }));
  r.get('projects/:id/packages', P((ctx, p) => {
    const byVersion = new Map<string, Record<string, unknown>>();
    for (const f of p.packages.values()) {
      const k = `${f.packageName}/${f.version}`;
      if (!byVersion.has(k)) {
        byVersion.set(k, {
          id: f.id, name: f.packageName, version: f.version, package_type: 'generic', status: 'default', created_at: f.createdAt, last_downloaded_at: null, tags: [],
          _links: { web_path: `/${ctx.state.projectFullPath(p)}/-/packages/${f.id}`, delete_api_path: `${ctx.state.url}/api/v4/projects/${p.id}/packages/${f.id}` },
        });
      }
    }
    return paginate(ctx, [...byVersion.values()]);
  }));
}
