// Runs one validated call against the platform and turns the answer into a tool result.
// The steps an entry may declare run in order: resolve → request (upload) → poll → follow-up → render (download).
import type { Action } from '../catalog/define.js';
import type { Session } from '../server/session.js';
import type { ForgeRequest, ForgeResponse } from '../forge/types.js';
import { detectScopes } from '../server/session.js';
import { buildRequest, graphqlOf } from './request.js';
import { attachUpload, writeDownload } from './transfer.js';
import { HANDLERS } from './handlers.js';
import { describeFailure, describeGraphqlErrors, isFailure } from '../forge/classify.js';
import { deadlineSignal } from '../forge/client.js';
import { renderFor } from '../render/renderers.js';
import { paginationFromConnection, paginationFromHeaders } from '../render/pagination.js';
import { errorResult, notFoundCard, successResult, type ToolResult } from '../render/result.js';
import type { Pagination } from '../render/types.js';

function dig(value: unknown, path: string): unknown {
  let cur = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return null;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur ?? null;
}

/** `forge://project/{project_id}/issue/{issue_iid}` filled from the call's params. */
function resourceUri(template: string, params: Record<string, unknown>): string | undefined {
  let complete = true;
  const uri = template.replace(/\{([^}]+)\}/g, (_m, n: string) => {
    const v = params[n];
    if (v === undefined) complete = false;
    return encodeURIComponent(String(v ?? ''));
  });
  return complete ? uri : undefined;
}

class Failed {
  /** `status`: the platform's answer, when there was one. */
  constructor(readonly result: ToolResult, readonly status?: number) {}
}

/** Sends one request; a failure becomes the classified error result (or the not-found card). */
async function send(s: Session, action: Action, params: Record<string, unknown>, req: ForgeRequest): Promise<ForgeResponse> {
  const graphql = !!req.graphql;
  // The action's own document carries its kind; any other GraphQL request (the resolve lookup) is a query.
  const own = action.graphql ?? action.graphqlWhen?.graphql;
  const graphqlKind = req.graphql ? (req.graphql.query === own?.document ? own.kind : 'query') : undefined;
  const url = graphql ? `${s.client.baseUrl}/api/graphql` : `${s.client.baseUrl}/api/v4${req.path}`;
  let res: ForgeResponse;
  try {
    res = await s.client.send(req);
  } catch (error) {
    throw new Failed(errorResult(describeFailure({ operation: action.operation, actionId: action.id, writes: action.writes, method: req.method, url, graphql, graphqlKind, error })));
  }
  // A start that could not reach the platform learns the token's scopes on the first successful call.
  if (!s.auth.detected && res.status < 500 && res.status !== 429) void detectScopes(s);
  if (isFailure(res, graphql)) {
    if (res.status === 404 && action.notFound) {
      s.log.info({ tool: action.id, is_error: true }, 'not found card');
      throw new Failed(notFoundCard({ kind: action.notFound.kind, identifier: params[action.notFound.idParam], listAction: action.notFound.listAction, graphqlNote: graphql && s.auth.kind === 'fine_grained' }), 404);
    }
    throw new Failed(errorResult(describeFailure({ operation: action.operation, actionId: action.id, writes: action.writes, method: req.method, url: res.url || url, graphql, graphqlKind, response: res })), res.status);
  }
  return res;
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  const t = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason); }, { once: true });
});

export async function execute(s: Session, action: Action, input: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult> {
  const params = { ...input };
  const deadline = deadlineSignal(s.config.actionTimeoutMs, signal);
  try {
    if (action.resolve) {
      const r = action.resolve;
      let value: unknown;
      if ('rest' in r) {
        const [method, template] = r.rest.split(/\s+/, 2);
        const res = await send(s, action, params, { method, path: fillPath(template, params), query: r.query?.(params), signal: deadline });
        value = dig(res.body, r.resultPath);
      } else {
        const res = await send(s, action, params, { method: 'POST', path: '/graphql', graphql: { query: r.document, variables: r.variables(params) }, signal: deadline });
        value = dig((res.body as { data?: unknown } | null)?.data, r.resultPath);
      }
      if (value === null || value === undefined) {
        return notFoundCard({ kind: action.notFound?.kind ?? action.domain.replace(/_/g, ' '), identifier: params[action.notFound?.idParam ?? r.into], listAction: action.notFound?.listAction ?? `${action.domain}.list`, graphqlNote: s.auth.kind === 'fine_grained' });
      }
      params[r.into] = value;
    }

    let req = buildRequest(action, params);
    if (action.buildsUrl) return builtUrl(s, req);
    if (action.handler) {
      const outcome = await HANDLERS[action.handler](action, params, (r) => send(s, action, params, { ...r, signal: deadline }));
      if ('refusal' in outcome) return errorResult(outcome.refusal);
      if ('requests' in outcome) return sendAll(s, action, params, outcome.requests, deadline);
      req = { ...outcome.request, asText: req.asText };
    }
    const writesFile = action.download && typeof params.output_path === 'string';
    if (writesFile) req.asBytes = true;
    const problem = attachUpload(action, params, req);
    if (problem) return errorResult(problem);
    if (action.precheck) {
      const c = action.precheck;
      const [method, template] = c.rest.split(/\s+/, 2);
      let found: boolean;
      try {
        found = (await s.client.send({ method, path: fillPath(template, params), query: c.query?.(params), signal: deadline })).status < 400;
      } catch {
        found = c.refuseWhen === 'missing'; // no answer: let the platform judge the call itself
      }
      if (found === (c.refuseWhen === 'found')) return errorResult(`${action.operation}: ${c.message}`);
    }
    req.signal = deadline;
    let res: ForgeResponse;
    try {
      res = await send(s, action, params, req);
    } catch (e) {
      // The older route of the same operation, for instances that do not know the newer one.
      if (!(e instanceof Failed) || !action.fallback || e.status !== 404) throw e;
      const [method, template] = action.fallback.rest.split(/\s+/, 2);
      res = await send(s, action, params, { method, path: fillPath(template, params), query: req.query, body: action.fallback.body ? action.fallback.body(params) : req.body, signal: deadline });
    }

    if (action.poll) {
      const interval = Math.max(1, Number(params.interval_seconds ?? 5)) * 1000;
      const until = Date.now() + Math.max(1, Number(params.timeout_seconds ?? 600)) * 1000;
      while (!action.poll.done.includes(String(dig(res.body, action.poll.field))) && Date.now() + interval <= until) {
        await sleep(interval, deadline);
        res = await send(s, action, params, { ...req, signal: deadline });
      }
    }

    if (action.followUp) {
      const f = action.followUp;
      const [method, template] = (typeof f === 'string' ? f : f.rest).split(/\s+/, 2);
      const body = typeof f === 'string' ? undefined : f.body(params, res.body, s.client.baseUrl);
      res = await send(s, action, params, { method, path: fillPath(template, withAnswer(params, res.body)), body, signal: deadline });
    }
    // Related reads shown with the answer; one that fails is named, never fatal.
    const related: Record<string, unknown> = {};
    for (const extra of action.also ?? []) {
      const [method, target] = extra.split(/\s+/, 2);
      const [template, qs] = target.split('?', 2);
      const values = withAnswer(params, res.body);
      const query: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(qs ?? '')) {
        const filled = v.replace(/\{([^}]+)\}/g, (_m, n: string) => String(values[n] ?? ''));
        if (filled) query[k] = filled;
      }
      try {
        const r = await s.client.send({ method, path: fillPath(template, values), query, signal: deadline });
        related[template] = r.status < 400 ? r.body : { unavailable: r.status };
      } catch {
        related[template] = { unavailable: 'no answer' };
      }
    }

    if (writesFile) {
      const bytes = writeDownload(params.output_path as string, res.body);
      return successResult({ markdown: `Saved ${bytes} bytes to \`${String(params.output_path).replace(/`/g, "'")}\`.`, structured: { output_path: params.output_path, bytes } });
    }
    if (action.alsoEach && Array.isArray(res.body)) {
      const [method, template] = action.alsoEach.rest.split(/\s+/, 2);
      const field = action.alsoEach.field;
      const values = [...new Set((res.body as Array<Record<string, unknown> | null>).map((i) => i?.[field]).filter((v) => typeof v === 'number' || typeof v === 'string'))].slice(0, 20);
      for (const v of values) {
        const path = fillPath(template, { [field]: v });
        try {
          const r = await s.client.send({ method, path, signal: deadline });
          related[path] = r.status < 400 ? r.body : { unavailable: r.status };
        } catch {
          related[path] = { unavailable: 'no answer' };
        }
      }
    }
    const result = render(s, action, params, res);
    return Object.keys(related).length ? withRelated(result, related) : result;
  } catch (e) {
    if (e instanceof Failed) return e.result;
    return errorResult(describeFailure({ operation: action.operation, actionId: action.id, writes: action.writes, method: action.method, url: s.client.baseUrl, error: e }));
  }
}

/** Several requests of one call (one per file): sent in order; a failure names what was already done. */
async function sendAll(s: Session, action: Action, params: Record<string, unknown>, requests: Array<ForgeRequest & { label: string }>, signal: AbortSignal): Promise<ToolResult> {
  const done: string[] = [];
  for (const r of requests) {
    try {
      await send(s, action, params, { ...r, signal });
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      const text = e.result.content[0]?.type === 'text' ? e.result.content[0].text : '';
      return errorResult(`${text}${done.length ? ` (already done before this failure: ${done.join(', ')})` : ''}`);
    }
    done.push(r.label);
  }
  return successResult({ markdown: `Done: ${requests.length} request${requests.length === 1 ? '' : 's'}.\n\n${done.map((d) => `- \`${d.replace(/`/g, "'")}\``).join('\n')}`, structured: { done } });
}

/** A route template filled from params (path segments encoded). */
function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(String(values[n] ?? '')));
}

/** Params, completed by the fields of an object answer (a follow-up may name the created object's id). */
function withAnswer(params: Record<string, unknown>, body: unknown): Record<string, unknown> {
  return { ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...params };
}

/** Appends the related reads: a contained summary line each, and the answers under structuredContent.related. */
function withRelated(result: ToolResult, related: Record<string, unknown>): ToolResult {
  if (result.isError) return result;
  const lines = Object.entries(related).map(([route, body]) => `- \`${route}\`: ${summarize(body)}`);
  const [first, ...rest] = result.content;
  const text = first && first.type === 'text' ? { ...first, text: `${first.text}\n\nRelated:\n${lines.join('\n')}` } : first;
  return { ...result, content: [text, ...rest], structuredContent: { ...(result.structuredContent ?? {}), related } };
}

function summarize(body: unknown): string {
  if (Array.isArray(body)) return `${body.length} item${body.length === 1 ? '' : 's'}`;
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    const name = o.path_with_namespace ?? o.name_with_namespace ?? o.username ?? o.name ?? o.title ?? o.id;
    return typeof name === 'string' || typeof name === 'number' ? String(name).replace(/[`\r\n|<[]/g, ' ').slice(0, 120) : 'object';
  }
  return 'no content';
}

function render(s: Session, action: Action, params: Record<string, unknown>, res: ForgeResponse): ToolResult {
  let data: unknown = res.body;
  let pagination: Pagination | undefined;
  const gql = graphqlOf(action, params);
  if (gql) {
    const payload = dig((res.body as { data?: unknown } | null)?.data, gql.resultPath);
    // A refused mutation may answer 200 with the reason inside the payload's `errors`.
    const errs = gql.kind === 'mutation' && payload && typeof payload === 'object' ? (payload as { errors?: unknown }).errors : undefined;
    if (Array.isArray(errs) && errs.length) {
      return errorResult(describeGraphqlErrors(action.operation, errs, 'mutation'));
    }
    if (gql.connection && payload && typeof payload === 'object') {
      const conn = payload as { nodes?: unknown; pageInfo?: unknown };
      data = Array.isArray(conn.nodes) ? conn.nodes : [];
      pagination = paginationFromConnection(conn.pageInfo);
    } else {
      data = payload;
    }
  } else if (Array.isArray(data)) {
    pagination = paginationFromHeaders(res.headers, params, data.length, { inferTotals: action.domain === 'search' });
  }
  const rendered = renderFor(action.render)({ action, params, data, pagination });
  let embed: { uri: string; mimeType: string; text: string } | undefined;
  if (s.config.embeddedResources && action.resource && data && typeof data === 'object' && !Array.isArray(data)) {
    const uri = resourceUri(action.resource, params);
    if (uri) embed = { uri, mimeType: 'application/json', text: JSON.stringify(data) };
  }
  return successResult(rendered, { embed });
}

/** Actions that send nothing: the answer is the address to fetch (it carries no credential). */
function builtUrl(s: Session, req: ForgeRequest): ToolResult {
  const url = new URL(`${s.client.baseUrl}/api/v4${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
  const href = url.toString();
  return successResult({ markdown: `Download address (no request was sent; fetching it needs a token with read_repository or read_api):\n\n\`${href}\``, structured: { url: href } });
}
