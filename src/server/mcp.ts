// Builds the MCP server of a session: tools of the chosen surface, the action detail resources,
// confirmation through input requests. Every tool call goes through runCall.
// SPEC "JSON-RPC methods".
import { createHash, randomBytes } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, ProtocolError, Server, createRequestStateCodec, inputRequired, inputResponse,
  type HandlerResultTypeMap, type RequestTypeMap, type ServerContext,
} from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import type { ElicitOutcome } from '../pipeline/confirm.js';
import { integerPriorities, type ToolResult } from '../render/result.js';
import type { Session } from '../session/session.js';
import { actionDetail, sandboxResource, SANDBOX_URI, TOOL_URI_PREFIX } from './resources.js';
import { markActivity, serverChannel, watchesOf } from './watch.js';
import { meter, meterProcessListing, RATE_LIMITED_CODE, type MeteredMethod } from '../pipeline/meter.js';
import { readObject } from './objects.js';
import { appsOffered } from '../apps/negotiate.js';
import { isAppTool } from '../apps/tools.js';
import { readViews, VIEW_RESOURCE } from '../apps/resource.js';
import { instructionsFor, serverCapabilities, SERVER_INFO } from './about.js';
import { BELOW_MINIMUM, FORBIDDEN, listedTools, sessionGate, SURFACES } from './listing.js';

// Prompts and completions load on their first request: a start never needs them.
const prompts = () => import('./prompts.js');

interface ConfirmState { digest: string }

// Input-request state is signed so that a confirmation the server did not issue is refused.
const stateCodec = createRequestStateCodec<ConfirmState>({ key: randomBytes(32), ttlSeconds: 600 });

// One for the process: it keeps no state between schemas.
const jsonSchemaValidator = new CfWorkerJsonSchemaValidator();
/** The call path's module, imported once: a warm call awaits a settled promise, not a dynamic import. */
let callPath: Promise<typeof import('../pipeline/call.js')> | undefined;

function callDigest(tool: string, args: unknown): string {
  return createHash('sha256').update(tool).update('\0').update(JSON.stringify(args ?? null)).digest('hex');
}

function canPrompt(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, { elicitation?: unknown } | undefined> | undefined;
  const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
  return !!declared?.elicitation;
}

/** The coding client whose annotation priorities are written as 0 or 1 (SPEC "Limits"). */
function isIntegerPriorityClient(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, { name?: unknown } | undefined> | undefined;
  const name = envelope?.[CLIENT_INFO_META_KEY]?.name ?? server.getClientVersion()?.name;
  if (typeof name === 'string') return /^codex/i.test(name);
  // A stateless request with no client info: the user-agent names the client (SPEC "Limits").
  const ua = ctx.http?.req?.headers.get('user-agent');
  return typeof ua === 'string' && ua.startsWith('codex-mcp-client/');
}

function answerOf(ctx: ServerContext): ElicitOutcome | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
  if (view.kind !== 'elicit') return undefined;
  if (view.action === 'decline') return 'declined';
  if (view.action === 'cancel') return 'dismissed';
  return view.content?.confirm === true ? 'approved' : 'not-confirmed';
}

export interface ServerOptions {
  /** Whether this instance lives long enough to deliver notifications (stdio, stateful HTTP sessions). */
  subscriptions: boolean;
}

export function createMcpServer(s: Session, opts: ServerOptions = { subscriptions: true }): Server {
  const surface = SURFACES[s.config.toolSurface];
  const server = new Server(
    SERVER_INFO,
    {
      capabilities: serverCapabilities(s), instructions: instructionsFor(s), requestState: { verify: (state, ctx) => stateCodec.verify(state, ctx) },
      // Checks elicitation answers against their schema. The SDK's default on Node is ajv (289 KB
      // compiled and built at every start); the bundle leaves it out (scripts/sdk-shims.mjs).
      jsonSchemaValidator,
    },
  );

  const guard = async (listing = false) => {
    if (!(await sessionGate(s, listing))) throw new ProtocolError(FORBIDDEN, BELOW_MINIMUM);
  };

  /**
   * The one handler wrapper of the metered methods (tools/call meters inside the call path, after
   * validation and confirmation): the guard, then the metering gate. A refusal is answered in band
   * with -42900; a refused completion is an empty one (SPEC "Limits").
   */
  const metered = <M extends Exclude<MeteredMethod, 'tools/call' | 'subscriptions/listen'>>(
    method: M,
    handler: (request: RequestTypeMap[M], ctx: ServerContext) => Promise<HandlerResultTypeMap[M]>,
    refusedAnswer?: HandlerResultTypeMap[M],
  ): void => {
    server.setRequestHandler(method, async (request: RequestTypeMap[M], ctx: ServerContext) => {
      await guard(method === 'tools/list');
      const refused = await meter(s, method);
      if (refused !== undefined) {
        if (refusedAnswer !== undefined) return refusedAnswer;
        throw new ProtocolError(RATE_LIMITED_CODE, refused);
      }
      return handler(request, ctx);
    });
  };

  metered('tools/list', async (_request, ctx) => {
    // A client that renders MCP App views also gets forge_show and the views' own tool.
    const tools = listedTools(s, appsOffered(server, ctx));
    // HTTP: every listing also draws its tool count from the process-wide bucket.
    const refused = meterProcessListing(s, tools.length);
    if (refused !== undefined) throw new ProtocolError(RATE_LIMITED_CODE, refused);
    return { tools: tools as never[] };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    await guard();
    markActivity(s);
    const started = performance.now();
    const name = request.params.name;
    const args = request.params.arguments;
    const ask = async (message: string) => inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Run it', description: 'Check to run this destructive action' } }, required: ['confirm'] },
        }),
      },
      // Hashed only here and on the answer: a call that asks nothing needs no digest.
      requestState: await stateCodec.mint({ digest: callDigest(name, args) }, ctx),
    }) as never;
    const confirmAnswer = (): ElicitOutcome | undefined => {
      if (!(ctx.mcpReq.inputResponses && 'confirm' in ctx.mcpReq.inputResponses)) return undefined;
      const state = ctx.mcpReq.requestState<ConfirmState>();
      if (!state || state.digest !== callDigest(name, args)) throw new ProtocolError(-32602, 'Invalid or expired requestState');
      return answerOf(ctx);
    };
    if (isAppTool(name) && appsOffered(server, ctx)) {
      const { callAppTool } = await import('../apps/call.js');
      const out = await callAppTool(s, name, args, { canPrompt: canPrompt(server, ctx), answer: confirmAnswer(), signal: ctx.mcpReq.signal, unknownAction: (a) => surface.unknownAction(s, a) });
      if ('ask' in out) return ask(out.ask);
      s.log.info({ tool: name, action: out.actions.join(',') || undefined, duration_ms: Math.round(performance.now() - started), is_error: !!out.result.isError, ...userFields(s) }, 'tool call');
      return out.result as never;
    }
    const resolved = surface.resolve(s, name, args);
    if (!resolved) throw new ProtocolError(-32602, `Unknown tool: ${String(name).slice(0, 120)}`);
    let result: ToolResult;
    if (resolved.kind === 'answer') {
      result = await resolved.result;
    } else {
      const answer = confirmAnswer();
      // The call path (pipeline, renderers) is loaded on the first call, not before the first tools/list.
      const { runCall } = await (callPath ??= import('../pipeline/call.js'));
      const out = await runCall(s, {
        surface: surface.kind, toolName: name, action: resolved.action, params: resolved.params, paramsPresent: resolved.paramsPresent,
        confirm: resolved.confirm, fields: resolved.fields, signal: ctx.mcpReq.signal, canPrompt: canPrompt(server, ctx), answer,
      }, (a) => surface.unknownAction(s, a));
      if ('ask' in out) return ask(out.ask);
      result = out;
    }
    if (s.config.clientCompat && isIntegerPriorityClient(server, ctx)) result = integerPriorities(result);
    // The line's fields are built only when it is written (a level above info, as the benches run, writes none).
    if (s.log.isLevelEnabled('info')) {
      const ms = Math.round(performance.now() - started);
      s.log.info({ tool: name, action: resolved.kind === 'action' ? resolved.action.id : undefined, duration_ms: ms, is_error: !!result.isError, ...userFields(s) }, 'tool call');
    }
    return result as never;
  });

  server.setRequestHandler('resources/templates/list', async () => {
    await guard();
    return { resourceTemplates: [{ uriTemplate: `${TOOL_URI_PREFIX}{id}`, name: 'action', title: 'Action detail', description: 'Detail of one catalog action: parameters, flags, fine-grained requirement', mimeType: 'application/json' }] };
  });
  server.setRequestHandler('resources/list', async (_request, ctx) => {
    await guard();
    const sandbox = { uri: SANDBOX_URI, name: 'sandbox', title: 'What the sandbox simulates', description: 'Per domain, the actions the embedded sandbox simulates with state and the ones it refuses', mimeType: 'application/json' };
    return { resources: [...(s.config.sandbox ? [sandbox] : []), ...(appsOffered(server, ctx) ? [VIEW_RESOURCE] : [])] };
  });
  metered('resources/read', async (request, ctx) => {
    markActivity(s);
    const uri = request.params.uri;
    if (uri === SANDBOX_URI && s.config.sandbox) return { contents: [{ uri, mimeType: 'application/json', text: await sandboxResource() }] };
    if (uri === VIEW_RESOURCE.uri && appsOffered(server, ctx)) {
      const views = await readViews();
      if (!views) throw new ProtocolError(-32002, 'The views are not built into this server (run the bundled server)');
      return { contents: [views] };
    }
    if (!uri.startsWith(TOOL_URI_PREFIX)) {
      const read = await readObject(s, uri, ctx.mcpReq.signal).catch(() => ({ ok: false as const, message: `Resource not readable now: ${uri.slice(0, 200)}` }));
      if (!read.ok) throw new ProtocolError(-32002, read.message);
      return { contents: [{ uri, mimeType: 'application/json', text: read.text }] };
    }
    const detail = actionDetail(s, uri.slice(TOOL_URI_PREFIX.length));
    if (!detail) throw new ProtocolError(-32002, `Resource not found: ${uri.slice(0, 200)}`);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(detail, null, 2) }] };
  });
  // Legacy subscriptions: delivered on this connection (stdio, a stateful session); a stateless
  // per-request instance cannot deliver anything later and refuses outright.
  const channel = serverChannel(() => [server]);
  if (s.config.capabilitySurface !== 'minimal') {
    metered('resources/subscribe', async (request) => {
      if (!opts.subscriptions) {
        throw new ProtocolError(-32601, 'resources/subscribe is not available on the stateless HTTP transport: use subscriptions/listen (protocol 2026-07-28), or a deployment with stateful sessions');
      }
      const started = await watchesOf(s).subscribe(request.params.uri, channel);
      if (!started.ok) throw new ProtocolError(-32602, started.message);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', async (request) => {
      s.watches?.unsubscribe(request.params.uri, channel);
      return {};
    });
    server.onclose = () => { s.watches?.dropChannel(channel); };
  }

  server.setRequestHandler('prompts/list', async () => {
    await guard();
    return { prompts: await (await prompts()).listPrompts(s) };
  });
  metered('prompts/get', async (request) => {
    const p = await (await prompts()).getPrompt(s, request.params.name, request.params.arguments);
    if (!p.ok) throw new ProtocolError(-32602, p.message);
    return { description: p.description, messages: [{ role: 'user', content: { type: 'text', text: p.text } }] };
  });
  const none = { completion: { values: [], hasMore: false } };
  metered('completion/complete', async (request, ctx) => {
    const { ref, argument, context } = request.params;
    const { complete } = await prompts();
    const values = await complete(s, ref as { type: string; name?: string; uri?: string }, argument, context?.arguments, ctx.mcpReq.signal).catch(() => []);
    return values.length ? { completion: { values, hasMore: false } } : none;
  }, none);
  return server;
}

function userFields(s: Session) {
  return s.user ? { username: s.user.username, user_id: s.user.id } : {};
}

