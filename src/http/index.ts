// HTTP mode (legacy and OAuth authentication): each request carries its own credential; a pool
// holds one session per (instance, token). Every request passes one middleware chain (chain.ts)
// to a route of one table (routes.ts). SPEC "Service endpoints (HTTP mode)", "Authentication
// failures on HTTP", "Instance selection", "Host and origin checks", "Address blocking (HTTP)", "Limits".
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import type { Logger } from '../observe/log.js';
import { setMeterLog } from '../pipeline/meter.js';
import { createChain, expectationFailed } from './chain.js';
import { connectionCeilings, limitConnections } from './connections.js';
import { createDoor } from './door.js';
import { AddressOf, HostGuard, OriginGuard, header } from './guards.js';
import { listen } from './listen.js';
import { createMcpEndpoint, MAX_HELD_CALLS } from './mcp-endpoint.js';
import { Pool } from './pool.js';
import { FORBIDDEN_CODE, markPublicDocument, rpcError } from './replies.js';
import { routeTable } from './routes.js';
import { createServiceRoutes } from './service-routes.js';
import { StatefulSessions } from './sessions.js';
import { refusalLog } from './refusal-log.js';
import { openSharedState } from './state/index.js';

/** Stateful sessions across the process: half the held-call ceiling (SPEC "Limits"). */
const MAX_STATEFUL_SESSIONS = MAX_HELD_CALLS / 2;
const HOST_NOT_NAMED_MESSAGE = 'the Host header names a host this deployment does not serve: /metrics answers a declared host (--http-addr, --public-url, localhost) or an IP address';
const CROSS_ORIGIN_MESSAGE = 'the Origin header names an origin the deployment does not trust';

export interface HttpHandle {
  /** The bound address (`http://host:port` or the socket path). */
  address: string;
  close(): Promise<void>;
}

export async function startHttp(config: Config, log: Logger): Promise<HttpHandle> {
  setMeterLog(log);

  // Stateful sessions (--stateless=false): at most half the held-call ceiling across the process.
  const sessions = config.stateless ? undefined : new StatefulSessions(MAX_STATEFUL_SESSIONS, config.sessionTimeoutMs, log, config.maxRequestBodyBytes);
  // Budgets, refusal memories, identities and the per-entry buckets: in process, or shared in Redis.
  const state = await openSharedState(config, log);
  const pool = new Pool(config, log, {
    holds: (key) => (sessions ? sessions.countFor(key) > 0 : false),
    ended: (key) => sessions?.closeFor(key),
    buckets: state.kind === 'in-process' ? undefined : state,
  });
  const hosts = new HostGuard(config);
  const origins = new OriginGuard(config.trustedOrigins);
  const addressOf = new AddressOf(config);
  // Busy refusals under load: one WARN line per reason and ten seconds, with a count.
  const noteRefusal = refusalLog(log);
  const door = createDoor({ config, log, state, pool, addressOf, noteRefusal });
  const mcp = createMcpEndpoint({ config, log, sessions, noteRefusal });
  const trustedOrigin = (req: IncomingMessage): string | undefined => {
    const origin = header(req, 'origin');
    return origin !== undefined && origins.trusted(origin) ? origin : undefined;
  };

  const chain = createChain({
    routes: routeTable(config),
    trustedOrigin,
    hostAllowed: (req) => hosts.allows(req, addressOf.viaTrustedProxy(req)),
    stages: {
      ...mcp.stages,
      origin: (x) => {
        if (!origins.refuses(x.req)) return true;
        rpcError(x.res, 403, FORBIDDEN_CODE, CROSS_ORIGIN_MESSAGE, { id: x.id });
        return false;
      },
      // The public documents stay readable cross-origin; a write to any other path is judged.
      'origin-on-writes': (x) => {
        if ((x.method !== 'POST' && x.method !== 'DELETE') || !origins.refuses(x.req)) return true;
        rpcError(x.res, 403, FORBIDDEN_CODE, CROSS_ORIGIN_MESSAGE);
        return false;
      },
      credential: async (x) => {
        x.entry = await door(x.req, x.res, x.id);
        return x.entry !== undefined;
      },
      'named-host': (x) => {
        if (hosts.named(x.req, addressOf.viaTrustedProxy(x.req))) return true;
        rpcError(x.res, 403, FORBIDDEN_CODE, HOST_NOT_NAMED_MESSAGE);
        return false;
      },
      'public-document': (x) => {
        markPublicDocument(x.res);
        return true;
      },
    },
    handlers: { ...mcp.handlers, ...createServiceRoutes(config) },
    log,
  });

  const ceilings = connectionCeilings(config.maxConnections, config.maxConnectionsPerAddress);
  log.debug({ max_connections: ceilings.max, max_connections_per_address: ceilings.perAddress }, 'connection ceilings');
  const { server, address } = await listen(config, log, {
    chain,
    expectationFailed: expectationFailed(trustedOrigin),
    prepare: (srv) => limitConnections(srv, { ...ceilings, exempt: (a) => addressOf.isListedProxy(a), note: noteRefusal }),
  });
  const close = async (): Promise<void> => {
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections?.();
    });
    await sessions?.closeAll();
    await pool.closeAll();
    await state.close();
  };
  return { address, close };
}
