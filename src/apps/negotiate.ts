// MCP Apps negotiation: the views are offered only to a client that declares the extension with the
// HTML profile. Read like the prompt capability: the request's own client capabilities (protocol
// 2026-07-28 carries them in each request's _meta), else the session's (initialize).
import { CLIENT_CAPABILITIES_META_KEY, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { declaresApps } from './declares.js';

/** Whether this request's client renders views. */
export function appsOffered(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return declaresApps(envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities());
}
