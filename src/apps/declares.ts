// Whether declared client capabilities accept MCP App views: without the SDK, so the stdio opening
// (src/server/opening.ts) can read it off the initialize request before the SDK has loaded.

const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

type Declared = { extensions?: Record<string, { mimeTypes?: unknown } | undefined> } | undefined;

/** Whether declared client capabilities accept MCP App views. */
export function declaresApps(capabilities: unknown): boolean {
  const ext = (capabilities as Declared)?.extensions?.[APPS_EXTENSION];
  return !!ext && Array.isArray(ext.mimeTypes) && ext.mimeTypes.includes(APP_MIME_TYPE);
}
