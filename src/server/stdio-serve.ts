// The serving half of the stdio server: the MCP SDK and the session's MCP server. Loaded by
// src/server/opening.ts once the opening (initialize, the first tools/list) has been answered without
// it, or as soon as a message needs it: this module graph (the SDK and zod) is most of the start's code.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Server, Transport } from '@modelcontextprotocol/server';
import type { Logger } from '../observe/log.js';
import type { Session } from '../session/session.js';
import { createMcpServer } from './mcp.js';
import { listeningTransport } from './listen.js';
import { warmCallPath } from './warm.js';
import { serverChannel } from './watch.js';

export interface StdioConnection {
  /** Resolves once every request received has been answered (or after `maxMs`). */
  drained(maxMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Serves one connection of the session on `inner` (the opening's side of the wire). */
export function serveSession(session: Session, log: Logger, inner: Transport): StdioConnection {
  // Watch notifications of subscriptions/listen go out through the served instance(s); the SDK's
  // stdio entry routes them onto the open subscriptions.
  const servers = new Set<Server>();
  // Once a listing is out, the first call's code loads while the model reads it (after the answer is written).
  const wrapped = listeningTransport(session, serverChannel(() => servers), inner, () => setImmediate(() => void warmCallPath()));
  const handle = serveStdio(() => {
    const srv = createMcpServer(session);
    servers.add(srv);
    return srv;
  }, { transport: wrapped.transport, onerror: (e) => log.debug({ error: e.message }, 'transport error') });
  return { drained: wrapped.drained, close: () => handle.close().catch(() => undefined) };
}
