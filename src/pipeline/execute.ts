// Runs one validated call against the platform and turns the answer into a tool result.
import type { Action } from '../catalog/define.js';
import type { Session } from '../server/session.js';
import type { ForgeResponse } from '../forge/types.js';
import { detectScopes } from '../server/session.js';
import { buildRequest } from './request.js';
import { describeFailure, isFailure } from '../forge/classify.js';
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

export async function execute(s: Session, action: Action, params: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult> {
  const req = buildRequest(action, params);
  if (action.buildsUrl) return builtUrl(s, action, req);
  req.signal = deadlineSignal(s.config.actionTimeoutMs, signal);
  const url = action.graphql ? `${s.client.baseUrl}/api/graphql` : `${s.client.baseUrl}/api/v4${req.path}`;
  let res: ForgeResponse;
  try {
    res = await s.client.send(req);
  } catch (error) {
    return errorResult(describeFailure({ operation: action.operation, actionId: action.id, method: req.method, url, graphql: !!action.graphql, error }));
  }
  // A start that could not reach the platform learns the token's scopes on the first successful call.
  if (!s.auth.detected && res.status < 500 && res.status !== 429) void detectScopes(s);

  if (isFailure(res, !!action.graphql)) {
    if (res.status === 404 && action.notFound) {
      s.log.info({ tool: action.id, is_error: true }, 'not found card');
      return notFoundCard({ kind: action.notFound.kind, identifier: params[action.notFound.idParam], listAction: action.notFound.listAction, graphqlNote: !!action.graphql && s.auth.kind === 'fine_grained' });
    }
    return errorResult(describeFailure({ operation: action.operation, actionId: action.id, method: req.method, url: res.url || url, graphql: !!action.graphql, response: res }));
  }

  let data: unknown = res.body;
  let pagination: Pagination | undefined;
  if (action.graphql) {
    const payload = dig((res.body as { data?: unknown } | null)?.data, action.graphql.resultPath);
    // A refused mutation may answer 200 with the reason inside the payload's `errors`.
    const errs = action.graphql.kind === 'mutation' && payload && typeof payload === 'object' ? (payload as { errors?: unknown }).errors : undefined;
    if (Array.isArray(errs) && errs.length) {
      return errorResult(`${action.operation}: unexpected error: ${action.operation} mutation errors: ${errs.map(String).join('; ')}`);
    }
    if (action.graphql.connection && payload && typeof payload === 'object') {
      const conn = payload as { nodes?: unknown; pageInfo?: { hasNextPage?: boolean; endCursor?: string | null } };
      data = Array.isArray(conn.nodes) ? conn.nodes : [];
      pagination = paginationFromConnection(conn.pageInfo);
    } else {
      data = payload;
    }
  } else if (Array.isArray(data)) {
    pagination = paginationFromHeaders(res.headers, params, data.length);
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
function builtUrl(s: Session, action: Action, req: { path: string; query?: Record<string, unknown> }): ToolResult {
  const url = new URL(`${s.client.baseUrl}/api/v4${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
  const href = url.toString();
  const rendered = { markdown: `Download address (no request was sent; fetching it needs a token with read_repository or read_api):\n\n${'`'}${href}${'`'}`, structured: { url: href } };
  return successResult(rendered);
}
