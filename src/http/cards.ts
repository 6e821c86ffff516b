// The two public server-card documents (MCP server discovery, SEP-1649 / SEP-2127): what this
// deployment is, where its endpoint is, and how to authenticate — no tool list, which depends on
// each caller's token. Public: cacheable for an hour, revalidated by a strong ETag.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { REGISTRY_NAME, VERSION } from '../config/index.js';
import { header } from './guards.js';
import { baseUrlOf, publishedScope, metadataUrl, resourceDocumentation } from './oauth.js';
import type { PreparedResponse } from './replies.js';

/** Where the card is served: the well-known location, and the discovery alias clients also probe. */
export const CARD_PATHS: readonly string[] = ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'];

function serverCard(config: Config, req: IncomingMessage): Record<string, unknown> {
  const oauth = config.authMode === 'oauth';
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: REGISTRY_NAME,
    title: 'Forge MCP Server',
    version: VERSION,
    description: 'Acts on a GitLab instance through its REST and GraphQL APIs with the authority of the caller\'s token: about 1,100 actions behind two tools (find an action, run it).',
    documentation: resourceDocumentation(config),
    remotes: [{ type: 'streamable-http', url: `${baseUrlOf(config, req)}/mcp` }],
    protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
    capabilities: { tools: { listChanged: false }, resources: {}, prompts: {}, completions: {} },
    authentication: oauth
      ? { required: true, schemes: ['oauth2'], scopes: [publishedScope(config)], protectedResourceMetadata: metadataUrl(config, req), authorizationServers: [...config.forgeUrls] }
      : { required: true, schemes: ['bearer', 'private-token'], note: 'Send a GitLab access token with the read_api or api scope as Authorization: Bearer <token> or PRIVATE-TOKEN: <token>.' },
    instances: config.allowAnyForgeUrl ? { selectedBy: 'FORGE-URL header' } : { published: [...config.forgeUrls], ...(config.forgeUrls.length > 1 ? { selectedBy: 'FORGE-URL header' } : {}) },
  };
}

/**
 * Serves a card with ETag revalidation: a matching If-None-Match is answered 304 without a body.
 * Its route marks the response a public document (the `public-document` stage).
 */
export function serveCard(config: Config, req: IncomingMessage, res: PreparedResponse): void {
  const body = JSON.stringify(serverCard(config, req));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { ETag: etag };
  const ifNoneMatch = header(req, 'if-none-match');
  if (ifNoneMatch !== undefined && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag))) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
