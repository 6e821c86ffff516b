// Runs one catalog action through the normal call path (runCall: validation, read-only, scopes, safe
// mode, confirmation, metering, audit) and keeps the platform's raw answer to the action's own
// request. The views need raw JSON and raw log bytes; the Markdown renderers compact and clean them.
import type { Action } from '../catalog/define.js';
import type { ForgeRequest, ForgeResponse } from '../forge/types.js';
import { runCall, type AskUser, type UnknownActionAnswer } from '../pipeline/call.js';
import type { ToolResult } from '../render/result.js';
import type { Session } from '../session/session.js';

export interface RawCall {
  toolName: string;
  action: Action;
  params: Record<string, unknown>;
  confirm: boolean;
  canPrompt: boolean;
  signal?: AbortSignal;
}

export interface RawAnswer { result: ToolResult; raw: unknown }

const patterns = new WeakMap<Action, RegExp>();

/** The action's own REST path as a pattern: a resolve step, a follow-up or a related read is another path. */
function ownPath(action: Action): RegExp {
  let p = patterns.get(action);
  if (!p) {
    const escaped = action.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[a-z_]+\\?\}/g, '[^/?]+');
    p = new RegExp(`^${escaped}(?:\\?|$)`);
    patterns.set(action, p);
  }
  return p;
}

export async function runRaw(s: Session, call: RawCall, unknownAction: UnknownActionAnswer): Promise<RawAnswer | AskUser> {
  let raw: unknown;
  const own = ownPath(call.action);
  const client = s.client;
  const send = async (req: ForgeRequest): Promise<ForgeResponse> => {
    const res = await client.send(req);
    if (!req.graphql && own.test(req.path)) raw = res.body;
    return res;
  };
  const tappedClient = new Proxy(client, {
    get: (t, k) => (k === 'send' ? send : Reflect.get(t, k, t)),
  });
  const tapped = new Proxy(s, { get: (t, k) => (k === 'client' ? tappedClient : Reflect.get(t, k, t)) });
  const out = await runCall(tapped, {
    surface: 'dynamic', toolName: call.toolName, action: call.action, params: call.params, paramsPresent: true,
    confirm: call.confirm, canPrompt: call.canPrompt, signal: call.signal,
  }, unknownAction);
  if ('ask' in out) return out;
  return { result: out, raw };
}
