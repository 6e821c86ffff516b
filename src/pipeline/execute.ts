// Runs one validated call against the platform and turns the answer into a tool result.
// The steps an entry may declare run in order: resolve → handler → upload → pre-check → request (or its
// older route) → poll → follow-up → download, or render with the related reads.
import { compactResource } from '../render/embed.js';
import type { Action } from '../catalog/define.js';
import type { Session } from '../session/session.js';
import type { ForgeRequest, ForgeResponse } from '../forge/types.js';
import { detectScopes } from '../session/session.js';
import { buildRequest, declaredRequest, graphqlOf, switchedRoute } from './request.js';
import { memberSourceOf, memberSources, sourceLine, type SourceRead } from './member-source.js';
import { attachUpload, writeDownload } from './transfer.js';
import { HANDLERS, PUBLISH_TOTAL_FACTOR, type BodyFile } from './handlers.js';
import type { ApprovedPath } from './localpath.js';
import { readChecked } from './localfile.js';
import { pollUntilDone } from './wait.js';
import { describeFailure, describeGraphqlErrors, isFailure } from '../forge/classify.js';
import { deadlineSignal } from '../forge/client.js';
import { renderFor } from '../render/renderers.js';
import { filledNextSteps } from './nextsteps.js';
import { isListed } from './access.js';
import { paginationFromConnection, paginationFromHeaders } from '../render/pagination.js';
import { errorResult, notFoundCard, successResult, withRelated, type ToolResult } from '../render/result.js';
import type { FieldRequest, Pagination, RenderInput } from '../render/types.js';

/**
 * Follows a dot path into an answer. A segment `key[field=value]` takes the first element of the
 * list at `key` whose `field` equals `value` (a lookup that picks by name rather than by position).
 */
function dig(value: unknown, path: string): unknown {
  let cur = value;
  for (const seg of path.split('.').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return null;
    const pick = /^([^[\]]+)\[([^=\]]+)=([^\]]*)\]$/.exec(seg);
    if (!pick) {
      cur = (cur as Record<string, unknown>)[seg];
      continue;
    }
    const list = (cur as Record<string, unknown>)[pick[1]];
    cur = Array.isArray(list) ? list.find((x) => x !== null && typeof x === 'object' && String((x as Record<string, unknown>)[pick[2]]) === pick[3]) : undefined;
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
  // What a failure's text names; a call that went through needs neither.
  const url = (): string => (graphql ? `${s.client.baseUrl}/api/graphql` : `${s.client.baseUrl}/api/v4${req.path}`);
  const graphqlKind = (): 'query' | 'mutation' | undefined => {
    // The action's own document carries its kind; any other GraphQL request (the resolve lookup) is a query.
    const own = action.graphql ?? action.graphqlWhen?.graphql;
    return req.graphql ? (req.graphql.query === own?.document ? own.kind : 'query') : undefined;
  };
  let res: ForgeResponse;
  try {
    res = await s.client.send(req);
  } catch (error) {
    throw new Failed(errorResult(describeFailure({ operation: action.operation, errorHints: action.errorHints, writes: action.writes, method: req.method, url: url(), graphql, graphqlKind: graphqlKind(), error })));
  }
  // A start that could not reach the platform learns the token's scopes on the first successful call.
  if (!s.auth.detected && res.status < 500 && res.status !== 429) void detectScopes(s);
  if (isFailure(res, graphql)) {
    if (res.status === 404 && action.notFound) {
      s.log.info({ tool: action.id, is_error: true }, 'not found card');
      throw new Failed(notFoundCard({ kind: action.notFound.kind, identifier: params[action.notFound.idParam], listAction: action.notFound.listAction, graphqlNote: graphql && s.auth.kind === 'fine_grained' }), 404);
    }
    throw new Failed(errorResult(describeFailure({ operation: action.operation, errorHints: action.errorHints, writes: action.writes, method: req.method, url: res.url || url(), graphql, graphqlKind: graphqlKind(), response: res, fineGrained: s.auth.kind === 'fine_grained' })), res.status);
  }
  return res;
}

type Params = Record<string, unknown>;

/** What the call path settled before running: local paths approved, whether replacing a file was confirmed, the rate-limit gate for re-reads. */
export interface RunContext {
  signal?: AbortSignal;
  approved: Record<string, ApprovedPath>;
  /** The user confirmed `overwrite: true` for an output_path that exists. */
  replaceConfirmed: boolean;
  /** Draws a rate-limit token (a poll's re-read); the refusal's words, or undefined. */
  meter: () => Promise<string | undefined>;
  /** The fields the caller asked to see in full (the `fields` argument). */
  show?: FieldRequest;
}

export async function execute(s: Session, action: Action, input: Params, ctx: RunContext): Promise<ToolResult> {
  const { signal, approved, show } = ctx;
  const params = { ...input };
  const { signal: deadline, end } = deadlineSignal(s.config.actionTimeoutMs, signal);
  const sendHere = (req: ForgeRequest) => send(s, action, params, { ...req, signal: deadline });
  try {
    if (action.resolve && !(await resolveStep(s, action, params, sendHere))) {
      const into = action.resolve.into;
      return notFoundCard({ kind: action.notFound?.kind ?? action.domain.replace(/_/g, ' '), identifier: params[action.notFound?.idParam ?? into], listAction: action.notFound?.listAction ?? `${action.domain}.list`, graphqlNote: s.auth.kind === 'fine_grained' });
    }

    let req = buildRequest(action, params);
    if (action.buildsUrl) return builtUrl(s, req);
    if (action.handler) {
      const dir = approved.directory_path;
      const outcome = await HANDLERS[action.handler](action, params, sendHere, { maxFileSize: s.config.uploadMaxFileSize, directory: dir?.kind === 'read-dir' ? dir.path : undefined });
      if ('refusal' in outcome) return errorResult(outcome.refusal);
      if ('requests' in outcome) return sendAll(action, outcome.requests, sendHere, s.config.uploadMaxFileSize);
      req = { ...outcome.request, asText: req.asText };
    }
    const out = approved.output_path;
    const target = action.download && out?.kind === 'write-file' ? out : undefined;
    // A local path the check did not approve is never written (fail closed).
    if (action.download && typeof params.output_path === 'string' && !target) return errorResult(`${action.operation}: output_path was not checked; nothing was sent`);
    if (target) req.asBytes = true;
    const problem = attachUpload(action, params, req, approved, s.config.uploadMaxFileSize);
    if (problem) return errorResult(problem);
    if (action.precheck && (await refusedByPrecheck(s, action.precheck, params, deadline))) {
      return errorResult(`${action.operation}: ${action.precheck.message}`);
    }

    const before = action.before ? await beforeReads(s, action.before, params, deadline) : undefined;
    // Only an entry with an older route needs the wrapper that catches its 404.
    let res = await (action.fallback ? mainRequest(action, params, req, sendHere) : sendHere(req));
    if (action.poll) {
      const polled = await pollUntilDone({ action, params, read: (body) => dig(body, action.poll!.field), request: req, first: res, send: sendHere, signal: deadline, deadlineMs: s.config.actionTimeoutMs, meter: ctx.meter });
      if ('refused' in polled) {
        return errorResult(`${action.operation}: stopped waiting after ${polled.reads} status read${polled.reads === 1 ? '' : 's'} (the last said ${action.poll.field} = ${JSON.stringify(dig(polled.res.body, action.poll.field))}): ${polled.refused}`);
      }
      res = polled.res;
    }
    // The second read is a request of its own: it draws from the rate limit, and a refusal keeps the first answer.
    let lifted = liftedDefault(action, params, res.body);
    if (lifted && (await ctx.meter())) lifted = undefined;
    if (lifted) {
      Object.assign(params, lifted);
      res = await sendHere(buildRequest(action, params));
    }
    if (action.followUp) {
      const f = action.followUp;
      const next = declaredRequest(typeof f === 'string' ? f : f.rest, withAnswer(params, res.body));
      res = await sendHere(typeof f === 'string' ? next : { ...next, body: f.body(params, res.body, s.client.baseUrl) });
    }

    if (target) {
      const bytes = writeDownload(action, target, String(params.output_path), res.body, target.exists && ctx.replaceConfirmed);
      if (typeof bytes === 'string') return errorResult(bytes);
      return successResult({ markdown: `Saved ${bytes} bytes to \`${String(params.output_path).replace(/`/g, "'")}\`.`, structured: { output_path: params.output_path, bytes } });
    }
    // Most entries declare no related reads: nothing to wait for then.
    const related = action.also?.length || action.alsoEach ? await relatedReads(s, action, params, res.body, deadline) : undefined;
    const sourced = await withSources(s, action, params, res, deadline, ctx.meter);
    let result = render(s, action, params, sourced?.res ?? res, { show, before });
    if (lifted && !result.isError) result = saidFirst(result, action.emptyNote!.retry!.say, lifted);
    if (sourced && !result.isError) result = saidFirst(result, sourced.line, undefined, { source_reads: sourced.reads });
    return related && Object.keys(related).length ? withRelated(result, related) : result;
  } catch (e) {
    if (e instanceof Failed) return e.result;
    return errorResult(describeFailure({ operation: action.operation, errorHints: action.errorHints, writes: action.writes, method: action.method, url: s.client.baseUrl, error: e }));
  } finally {
    end();
  }
}

type SendHere = (req: ForgeRequest) => Promise<ForgeResponse>;

/**
 * The values that lift a list's narrowing default (catalog emptyNote.retry), when its first page came back empty,
 * none of `unless` was sent and a filter was (a param other than paging and the entry's `besides`).
 */
function liftedDefault(action: Action, params: Params, body: unknown): Readonly<Record<string, string>> | undefined {
  const note = action.emptyNote;
  const retry = note?.retry;
  if (!retry || !Array.isArray(body) || body.length || note.unless.some((k) => params[k] !== undefined)) return undefined;
  if (params.page !== undefined && Number(params.page) !== 1) return undefined;
  const filter = Object.keys(params).some((k) => params[k] !== undefined && k !== 'page' && k !== 'per_page' && !retry.besides.includes(k));
  return filter ? retry.set : undefined;
}

/** The answer under a line that says what the server did: read it again (with the values it was read with), or added a column. */
function saidFirst(result: ToolResult, say: string, lifted: Readonly<Record<string, string>> | undefined, more: Record<string, unknown> = {}): ToolResult {
  const [first, ...rest] = result.content;
  const text = first && first.type === 'text' ? `${say}\n\n${first.text}` : say;
  return { ...result, content: [{ type: 'text', text }, ...rest], structuredContent: { ...(result.structuredContent ?? {}), ...(lifted ? { read_again_with: lifted } : {}), ...more } };
}

/**
 * `source: true` on a members/all list: each row's source (direct, inherited from a group, an invited group) read from
 * the direct members of the project or group and the groups above it. Each read draws from the rate limit; one that
 * fails leaves its rows `not determined` and is named, never fatal (a parent group may be private to the caller).
 */
async function withSources(s: Session, action: Action, params: Params, res: ForgeResponse, signal: AbortSignal, meter: RunContext['meter']): Promise<{ res: ForgeResponse; line: string; reads: string[] } | undefined> {
  const of = memberSourceOf(action, params);
  if (!of || !Array.isArray(res.body) || !res.body.length) return undefined;
  const read: SourceRead = async (req) => {
    const refused = await meter();
    if (refused) return { failed: refused };
    try {
      const r = await s.client.send({ ...req, signal });
      return r.status < 400 ? { body: r.body } : { failed: String(r.status) };
    } catch {
      return { failed: 'no answer' };
    }
  };
  const sources = await memberSources(of, params, res.body, read);
  const rows = res.body.map((r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? { ...r, source: sources.byUser.get(Number((r as Params).id)) ?? 'not determined' } : r));
  return { res: { ...res, body: rows }, line: sourceLine(sources), reads: sources.reads };
}

/** The declared lookup; false when it found nothing (the caller answers with a not-found card). */
async function resolveStep(s: Session, action: Action, params: Params, sendHere: SendHere): Promise<boolean> {
  const r = action.resolve!;
  let value: unknown;
  if ('rest' in r) {
    const res = await sendHere({ ...declaredRequest(r.rest, params), query: r.query?.(params) });
    value = dig(res.body, r.resultPath);
  } else {
    const res = await sendHere({ method: 'POST', path: '/graphql', graphql: { query: r.document, variables: r.variables(params) } });
    value = dig((res.body as { data?: unknown } | null)?.data, r.resultPath);
  }
  if (value === null || value === undefined) return false;
  params[r.into] = value;
  return true;
}

/** Whether the declared pre-check refuses the call. No answer: the platform judges the call itself. */
async function refusedByPrecheck(s: Session, c: NonNullable<Action['precheck']>, params: Params, signal: AbortSignal): Promise<boolean> {
  let found: boolean;
  try {
    found = (await s.client.send({ ...declaredRequest(c.rest, params), query: c.query?.(params), signal })).status < 400;
  } catch {
    return false;
  }
  return found === (c.refuseWhen === 'found');
}

/** The main request; on a 404, the older route of the same operation when the entry declares one. */
async function mainRequest(action: Action, params: Params, req: ForgeRequest, sendHere: SendHere): Promise<ForgeResponse> {
  try {
    return await sendHere(req);
  } catch (e) {
    if (!(e instanceof Failed) || !action.fallback || e.status !== 404) throw e;
    const older = declaredRequest(action.fallback.rest, params);
    return sendHere({ ...older, query: req.query, body: action.fallback.body ? action.fallback.body(params) : req.body });
  }
}

/** Related reads shown with the answer (`also`, `alsoEach`); one that fails is named, never fatal. */
async function relatedReads(s: Session, action: Action, params: Params, answer: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
  const reads: ForgeRequest[] = (action.also ?? []).map((spec) => declaredRequest(spec, withAnswer(params, answer)));
  if (action.alsoEach && Array.isArray(answer)) {
    const { rest, field } = action.alsoEach;
    const values = new Set(answer.map((i) => (i && typeof i === 'object' ? (i as Params)[field] : undefined)).filter((v) => typeof v === 'number' || typeof v === 'string'));
    for (const v of [...values].slice(0, 20)) reads.push(declaredRequest(rest, { [field]: v }));
  }
  const related: Record<string, unknown> = {};
  for (const r of reads) {
    try {
      const res = await s.client.send({ ...r, signal });
      related[r.path] = res.status < 400 ? res.body : { unavailable: res.status };
    } catch {
      related[r.path] = { unavailable: 'no answer' };
    }
  }
  return related;
}

/**
 * The declared reads sent before the main request (`before`): what the object was before a write that
 * loses it (a branch's commit), and what depends on it. A read that fails is said, never fatal.
 */
async function beforeReads(s: Session, reads: NonNullable<Action['before']>, params: Params, signal: AbortSignal): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const b of reads) {
    try {
      const res = await s.client.send({ ...declaredRequest(b.rest, params), signal });
      out[b.label] = res.status < 400 ? { answer: res.body, ...(b.warn ? { warn: b.warn } : {}) } : { unavailable: res.status };
    } catch {
      out[b.label] = { unavailable: 'no answer' };
    }
  }
  return out;
}

/**
 * Several requests of one call (one per file): sent in order; a failure names what was already done.
 * A file body is opened and checked only when its request is sent (one file in memory at a time), and
 * the per-file and total limits hold on the bytes actually read.
 */
async function sendAll(action: Action, requests: Array<ForgeRequest & { label: string; bodyFile?: BodyFile }>, sendHere: SendHere, maxFileSize: number): Promise<ToolResult> {
  const done: string[] = [];
  const cap = maxFileSize * PUBLISH_TOTAL_FACTOR;
  let total = 0;
  const stopped = (why: string) => errorResult(`${why}${done.length ? ` (already done before this: ${done.join(', ')})` : '; nothing was uploaded'}`);
  for (const { bodyFile, ...r } of requests) {
    let req: ForgeRequest = r;
    if (bodyFile) {
      const body = readChecked(bodyFile.path, bodyFile, maxFileSize, `${action.operation}: "${r.label}"`);
      if (typeof body === 'string') return stopped(body);
      total += body.length;
      if (total > cap) return stopped(`${action.operation}: the files read so far hold ${total} bytes, over the limit of ${cap} bytes for one publish (${PUBLISH_TOTAL_FACTOR} × FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`);
      req = { ...r, body };
    }
    try {
      await sendHere(req);
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      const text = e.result.content[0]?.type === 'text' ? e.result.content[0].text : '';
      return errorResult(`${text}${done.length ? ` (already done before this failure: ${done.join(', ')})` : ''}`);
    }
    done.push(r.label);
  }
  return successResult({ markdown: `Done: ${requests.length} request${requests.length === 1 ? '' : 's'}.\n\n${done.map((d) => `- \`${d.replace(/`/g, "'")}\``).join('\n')}`, structured: { done } });
}

/** Params, completed by the fields of an object answer (a follow-up may name the created object's id). */
function withAnswer(params: Record<string, unknown>, body: unknown): Record<string, unknown> {
  return { ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...params };
}

/**
 * The fields a true boolean param makes GitLab add (catalog `adds`: `include_diverged_commits_count`, a wiki list's
 * `with_content`) are shown as if named in `fields`: an answer that hides what was asked for costs a second call.
 */
function withAdded(action: Action, show: FieldRequest | undefined, params: Record<string, unknown>, data: unknown): FieldRequest | undefined {
  if (show === 'all') return show;
  let added: string[] | undefined;
  for (const k in params) {
    const adds = params[k] === true ? action.params[k]?.adds : undefined;
    if (adds) (added ??= []).push(...adds);
  }
  if (!added) return show;
  // Only what the answer carries: a field GitLab left out (no license detected) is not reported missing.
  const has = (f: string) => (Array.isArray(data) ? data.some((it) => isObject(it) && Object.hasOwn(it, f)) : isObject(data) && Object.hasOwn(data, f));
  added = added.filter(has);
  return added.length ? [...new Set([...(show ?? []), ...added])] : show;
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Appends the related reads: a contained summary line each, and the answers under structuredContent.related. */
function render(s: Session, action: Action, params: Record<string, unknown>, res: ForgeResponse, extra: Pick<RenderInput, 'show' | 'before'>): ToolResult {
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
  const show = withAdded(action, extra.show, params, data);
  // A route companion's answer is rendered as its route's (`direct: true`: direct members, said so).
  const switched = switchedRoute(action, params);
  const shown = switched ? { ...action, method: switched.method, path: switched.path } : action;
  let rendered = renderFor(action.render)({ action: shown, params, data, pagination, next: filledNextSteps(action, params, data, (a) => isListed(a, s), s.tier), ...(switched ? { things: switched.names } : {}), ...extra, show });
  if (gql && gql.kind === 'query' && s.auth.kind === 'fine_grained') {
    const note = fineGrainedEmptyNote(action, data, gql.connection ? `${gql.resultPath}.nodes` : gql.resultPath);
    if (note) rendered = { markdown: `${rendered.markdown}\n\nNote: ${note}`, structured: { ...rendered.structured, fine_grained_note: note } };
  }
  let embed: { uri: string; mimeType: string; text: string } | undefined;
  if (s.config.embeddedResources && action.resource && data && typeof data === 'object' && !Array.isArray(data)) {
    const uri = resourceUri(action.resource, params);
    if (uri) embed = { uri, mimeType: 'application/json', text: JSON.stringify(compactResource(data as Record<string, unknown>)) };
  }
  return successResult(rendered, { embed });
}

/** Where an answer holds empty lists or nulls: GraphQL selection paths (list items as `[]`), at most ten. */
function emptySelections(value: unknown, path: string, out: string[]): string[] {
  if (out.length >= 10) return out;
  if (value === null) { out.push(path); return out; }
  if (Array.isArray(value)) {
    if (value.length === 0) { out.push(path); return out; }
    for (const v of value) emptySelections(v, `${path}[]`, out);
    return [...new Set(out)];
  }
  if (typeof value === 'object') for (const [k, v] of Object.entries(value as Record<string, unknown>)) emptySelections(v, path ? `${path}.${k}` : k, out);
  return out;
}

/**
 * In a fine-grained session the platform answers a position the grant does not reach with null, and
 * drops unreached list items, without an error: an empty GraphQL answer is said to be possibly partial.
 */
function fineGrainedEmptyNote(action: Action, data: unknown, root: string): string | undefined {
  const why = 'this session uses a fine-grained personal access token, which sees only what its grant covers';
  if (action.domain === 'vulnerability' && (action.name === 'list' || action.name === 'get')) {
    const parts = [...new Set(emptySelections(data, root, []))];
    if (parts.length) return `the GraphQL selections ${parts.map((p) => `\`${p}\``).join(', ')} came back empty; ${why}, so empty does not mean there is nothing there.`;
  }
  if (data === null || data === undefined) return `${why}: the object may exist outside what the token may see.`;
  if (Array.isArray(data) && data.length === 0) return `${why}: the list may hold items the token may not see.`;
  return undefined;
}

/** Actions that send nothing: the answer is the address to fetch (it carries no credential). */
function builtUrl(s: Session, req: ForgeRequest): ToolResult {
  const url = new URL(`${s.client.baseUrl}/api/v4${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
  const href = url.toString();
  return successResult({ markdown: `Download address (no request was sent; fetching it needs a token with read_repository or read_api):\n\n\`${href}\``, structured: { url: href } });
}
