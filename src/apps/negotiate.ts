// MCP Apps negotiation: the views are offered only to a client that declares the extension with the
// HTML profile. Read like the prompt capability: the request's own client capabilities (protocol
// 2026-07-28 carries them in each request's _meta), else the session's (initialize).
import { CLIENT_CAPABILITIES_META_KEY, type Server, type ServerContext } from '@modelcontextprotocol/server';

const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

type Declared = { extensions?: Record<string, { mimeTypes?: unknown } | undefined> } | undefined;

/** Whether declared client capabilities accept MCP App views. */
export function declaresApps(capabilities: unknown): boolean {
  const ext = (capabilities as Declared)?.extensions?.[APPS_EXTENSION];
  return !!ext && Array.isArray(ext.mimeTypes) && ext.mimeTypes.includes(APP_MIME_TYPE);
}

/** Whether this request's client renders views. */
export function appsOffered(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return declaresApps(envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities());
}
