// The service endpoints beside MCP (SPEC "Service endpoints (HTTP mode)"): the OAuth protected-
// resource metadata, the server cards, metrics, health, and the 405 and 404 answers.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { renderMetrics } from '../observe/metrics.js';
import { serveCard } from './cards.js';
import type { Handler } from './chain.js';
import { protectedResourceMetadata } from './oauth.js';
import { header } from './guards.js';
import { INVALID_REQUEST_CODE, NO_OAUTH_SIGN_IN, NO_OAUTH_SIGN_IN_TOKEN_SENT, isOAuthProbe, jsonReply, rpcError } from './replies.js';
import type { HandlerName } from './routes.js';

/** Whether the request carries a non-empty credential header (PRIVATE-TOKEN, or Authorization: Bearer). */
const carriesToken = (req: IncomingMessage): boolean =>
  !!header(req, 'private-token')?.trim() || /^bearer\s+\S/i.test(header(req, 'authorization')?.trim() ?? '');

export function createServiceRoutes(config: Config): Pick<Record<HandlerName, Handler>, 'resource-metadata' | 'server-card' | 'metrics' | 'health' | 'method-not-allowed' | 'not-found'> {
  const oauth = config.authMode === 'oauth';
  return {
    'resource-metadata': (x) => jsonReply(x.res, 200, protectedResourceMetadata(config, x.req)),
    'server-card': (x) => serveCard(config, x.req, x.res),
    metrics: async (x) => {
      const body = await renderMetrics();
      x.res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4', 'Content-Length': String(Buffer.byteLength(body)) });
      x.res.end(x.method === 'HEAD' ? undefined : body);
    },
    health: (x) => jsonReply(x.res, 200, { status: 'ok' }),
    'method-not-allowed': (x) => {
      const refusal = x.route.refusal;
      if (!refusal) throw new Error(`route ${x.route.name} answers 405 without an Allow header`);
      rpcError(x.res, 405, INVALID_REQUEST_CODE, refusal.message, { headers: { Allow: refusal.allow } });
    },
    // In token mode an OAuth client's sign-in probe is told how to authenticate instead, or, when it
    // carries a token, that the token was what failed.
    'not-found': (x) => jsonReply(x.res, 404, !oauth && isOAuthProbe(x.path)
      ? { error: 'not found', error_description: carriesToken(x.req) ? NO_OAUTH_SIGN_IN_TOKEN_SENT : NO_OAUTH_SIGN_IN }
      : { error: 'not found' }),
  };
}
