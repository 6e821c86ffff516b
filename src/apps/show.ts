// forge_show: reads what a view needs (each read through the normal call path) and answers a short
// summary for the model and the view's data as structuredContent. A job log is never read here: the
// view loads it through forge_view_action, so it never enters the model's context.
import { catalog } from '../catalog/index.js';
import type { AskUser } from '../pipeline/call.js';
import { cleanDeep } from '../render/contain.js';
import { errorResult, type ToolResult } from '../render/result.js';
import type { Session } from '../session/session.js';
import { envelopeProblem } from '../surfaces/types.js';
import type { AppAnswer, AppCallContext } from './call.js';
import { runRaw } from './raw.js';
import { approvalsOf, bridgesOf, diffFiles, jobOf, jobsOf, mergeRequestOf, mergeWords, pipelineOf, threadsOf } from './shape.js';
import { SHOW_TOOL } from './tools.js';

type Read = { ok: true; raw: unknown } | { ok: false; result: ToolResult };

const quoted = (v: unknown) => JSON.stringify(String(v ?? '').slice(0, 80));

export async function show(s: Session, args: unknown, ctx: AppCallContext): Promise<AppAnswer | AskUser> {
  const problem = envelopeProblem(args, ['view', 'project', 'id'], ['view', 'project', 'id']);
  if (problem) return { result: errorResult(problem), actions: [] };
  const { view, project, id } = args as { view: unknown; project: unknown; id: unknown };
  if (view !== 'pipeline' && view !== 'job' && view !== 'merge_request') return { result: errorResult(`${SHOW_TOOL}: view must be one of pipeline, job, merge_request`), actions: [] };
  if ((typeof project !== 'string' || !project) && !Number.isInteger(project)) return { result: errorResult(`${SHOW_TOOL}: project must be a project ID or path`), actions: [] };
  if (!Number.isInteger(id) || (id as number) < 1) return { result: errorResult(`${SHOW_TOOL}: id must be a positive integer`), actions: [] };

  const actions: string[] = [];
  const read = async (actionId: string, params: Record<string, unknown>): Promise<Read> => {
    actions.push(actionId);
    const out = await runRaw(s, { toolName: SHOW_TOOL, action: catalog().get(actionId)!, params: { project_id: project, ...params }, confirm: false, canPrompt: false, signal: ctx.signal }, ctx.unknownAction);
    if ('ask' in out) return { ok: false, result: errorResult(`${actionId} needs a confirmation`) };
    if (out.result.isError || out.raw === undefined) return { ok: false, result: out.result };
    return { ok: true, raw: out.raw };
  };
  // The model may read both blocks: platform text is cleaned as in every other answer.
  const answer = (summary: string, data: Record<string, unknown>): AppAnswer => ({
    result: { content: [{ type: 'text', text: cleanDeep(summary) as string }], structuredContent: cleanDeep({ view, project, ...data }) as Record<string, unknown> },
    actions,
  });

  if (view === 'pipeline') {
    const p = await read('pipeline.get', { pipeline_id: id });
    if (!p.ok) return { result: p.result, actions };
    const jobs = await read('job.list', { pipeline_id: id, per_page: 100 });
    if (!jobs.ok) return { result: jobs.result, actions };
    const bridges = await read('job.list_bridges', { pipeline_id: id, per_page: 100 });
    const pipeline = pipelineOf(p.raw);
    const list = jobsOf(jobs.raw);
    const failed = list.filter((j) => j.status === 'failed').map((j) => quoted(j.name));
    return answer(
      `Pipeline ${String(id)} (ref ${quoted(pipeline.ref)}): ${String(pipeline.status)}; ${list.length} jobs${failed.length ? `, failed: ${failed.join(', ')}` : ''}. Shown to the user in the pipeline view.`,
      { pipeline, jobs: list, bridges: bridges.ok ? bridgesOf(bridges.raw) : [] },
    );
  }
  if (view === 'job') {
    const j = await read('job.get', { job_id: id });
    if (!j.ok) return { result: j.result, actions };
    const job = jobOf(j.raw);
    return answer(
      `Job ${String(id)} ${quoted(job.name)}: ${String(job.status)}${job.failure_reason ? ` (${String(job.failure_reason)})` : ''}. Its log is shown to the user in the job log view, not here.`,
      { job },
    );
  }
  const m = await read('merge_request.get', { merge_request_iid: id });
  if (!m.ok) return { result: m.result, actions };
  const [approvals, threads, changes] = [
    await read('merge_request.approval_state', { merge_request_iid: id }),
    await read('mr_review.discussion_list', { merge_request_iid: id, per_page: 100 }),
    await read('mr_review.changes_get', { merge_request_iid: id, per_page: 100 }),
  ];
  const mr = mergeRequestOf(m.raw);
  mr.status_words = mergeWords(mr.detailed_merge_status ?? mr.merge_status);
  const threadList = threads.ok ? threadsOf(threads.raw) : [];
  const open = threadList.filter((t) => t.resolvable && !t.resolved).length;
  const pipeline = mr.pipeline as { status?: unknown };
  return answer(
    `Merge request !${String(id)}: ${String(mr.status_words)}; pipeline ${String(pipeline.status ?? 'none')}; ${open} unresolved thread${open === 1 ? '' : 's'}. Shown to the user in the review view.`,
    { merge_request: mr, approvals: approvals.ok ? approvalsOf(approvals.raw) : null, threads: threadList, files: changes.ok ? diffFiles(changes.raw) : [] },
  );
}
