// The request body and what the listener reads from it before MCP handling: bounded reading, JSON
// nesting depth, how many calls it holds, a subscriptions/listen filter, and the 2026-07-28
// Mcp-Param-Action cross-check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header } from './guards.js';
import type { RpcId } from './replies.js';


/** Calls a JSON-RPC body holds: each request of a batch counts; notifications and responses do not. */
export function heldCallsOf(body: unknown): number {
  const one = (m: unknown): number => {
    if (!m || typeof m !== 'object') return 0;
    const r = m as { method?: unknown; id?: unknown };
    if (typeof r.method !== 'string' || r.id === undefined || r.id === null) return 0;
    return r.method === 'subscriptions/listen' ? 0 : 1;
  };
  return Array.isArray(body) ? body.reduce((n: number, m) => n + one(m), 0) : one(body);
}

/** A single subscriptions/listen request: its id and the object URIs it asks to hear about. */
export function listenRequest(body: unknown): { id: RpcId; uris: string[] } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const m = body as { method?: unknown; id?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } };
  if (m.method !== 'subscriptions/listen') return undefined;
  const subs = m.params?.notifications?.resourceSubscriptions;
  const uris = Array.isArray(subs) ? [...new Set(subs.filter((u): u is string => typeof u === 'string'))] : [];
  return { id: typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null, uris };
}

/** JSON-RPC code the SDK uses when standard headers and the body disagree. */
export const HEADER_MISMATCH_CODE = -32020;

/**
 * `Mcp-Param-Action` (2026-07-28) names the action of an execute call so intermediaries can route
 * or authorize on it; when sent, it must name the action the body runs.
 */
export function paramActionMismatch(req: IncomingMessage, body: unknown): string | undefined {
  const named = header(req, 'mcp-param-action')?.trim();
  if (named === undefined) return undefined;
  const m = body && typeof body === 'object' && !Array.isArray(body) ? (body as { method?: unknown; params?: { name?: unknown; arguments?: { action?: unknown } } }) : undefined;
  const action = m?.method === 'tools/call' && m.params?.name === 'forge_execute_action' ? m.params.arguments?.action : undefined;
  if (typeof action !== 'string') return 'the Mcp-Param-Action header is sent but the body is not a forge_execute_action call';
  return action === named ? undefined : `the body runs action ${action.slice(0, 120)} but the Mcp-Param-Action header names ${named.slice(0, 120)}`;
}

export const isInitialize = (body: unknown): boolean =>
  !!body && typeof body === 'object' && !Array.isArray(body) && (body as { method?: unknown }).method === 'initialize';

export type BodyRead = { ok: true; text: string } | { ok: false; fault: 'too-large' | 'unreadable' };

/**
 * Reads the body, at most `max` bytes. Its deadline is Node's `requestTimeout` (listen.ts), counted
 * from the request's first byte, so a drip cannot extend it: past it Node answers 408 and closes the
 * socket, and this read ends as 'unreadable' (nothing is answered twice). A client waiting on
 * `Expect: 100-continue` is told to send it now: the refusals before this stage were answered without asking for it.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, max: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      finish({ ok: false, fault: 'too-large' });
      return;
    }
    if (/^\s*100-continue\s*$/i.test(header(req, 'expect') ?? '') && !res.headersSent) res.writeContinue();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > max) {
        finish({ ok: false, fault: 'too-large' });
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => finish({ ok: false, fault: 'unreadable' }));
    req.on('close', () => finish({ ok: false, fault: 'unreadable' }));
  });
}
