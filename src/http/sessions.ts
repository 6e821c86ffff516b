// Stateful HTTP sessions (`--stateless=false`, SPEC "Stateful HTTP session"): `initialize` creates a
// session bound to the credential's pool entry; GET opens its event stream, DELETE ends it; it
// expires after `--session-timeout` idle (0 = never). At most half the held-call ceiling exist at
// once across the process. A session id is useful only with the credential that created it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { Server } from '@modelcontextprotocol/server';
import type { Logger } from '../observe/log.js';
import { createMcpServer } from '../server/mcp.js';
import type { PoolEntry } from './pool.js';

interface Live {
  readonly id: string;
  readonly entryKey: string;
  readonly transport: NodeStreamableHTTPServerTransport;
  readonly server: Server;
  lastUsed: number;
  /** Requests being served on it right now (an open GET stream counts). */
  inFlight: number;
}

export class StatefulSessions {
  private readonly live = new Map<string, Live>();
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly max: number,
    private readonly timeoutMs: number,
    private readonly log: Logger,
    private readonly maxBodyBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    if (timeoutMs > 0) {
      this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.min(30_000, Math.floor(timeoutMs / 4))));
      this.sweeper.unref();
    }
  }

  get size(): number { return this.live.size; }

  /** Sessions of one pool entry (the entry's eviction prefers entries that hold none). */
  countFor(entryKey: string): number {
    let n = 0;
    for (const l of this.live.values()) if (l.entryKey === entryKey) n++;
    return n;
  }

  /** The session named by the id, if it exists and belongs to this credential's entry. */
  find(id: string, entryKey: string): Live | undefined {
    const l = this.live.get(id);
    return l && l.entryKey === entryKey ? l : undefined;
  }

  /** Serves `initialize` on a new session. Returns false (nothing written) when the ceiling is reached. */
  async open(entry: PoolEntry, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<boolean> {
    if (this.live.size >= this.max) return false;
    const server = createMcpServer(entry.session);
    let created: Live | undefined;
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.maxBodyBytes,
      keepAliveMs: 25_000,
      onsessioninitialized: (id) => {
        created = { id, entryKey: entry.key, transport, server, lastUsed: this.now(), inFlight: 0 };
        this.live.set(id, created);
        entry.session.log.info({ sessions: this.live.size }, 'stateful session opened');
      },
      onsessionclosed: (id) => { this.forget(id, 'deleted by the client'); },
    });
    transport.onclose = () => { if (created) this.forget(created.id, 'transport closed'); };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return true;
  }

  /** Serves a POST, GET or DELETE on an existing session. */
  async serve(l: Live, req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void> {
    l.lastUsed = this.now();
    l.inFlight++;
    try {
      await l.transport.handleRequest(req, res, body);
    } finally {
      l.inFlight--;
      l.lastUsed = this.now();
    }
  }

  /** The client deleted the session, or its transport closed. */
  private forget(id: string, reason: string): void {
    const l = this.live.get(id);
    if (l) void this.end(l, reason);
  }

  /** Ends every session of a pool entry (the entry ended: refused token, eviction). */
  closeFor(entryKey: string): void {
    for (const l of [...this.live.values()]) if (l.entryKey === entryKey) void this.end(l, 'pool entry ended');
  }

  private async end(l: Live, reason: string): Promise<void> {
    // Removed first: closing the transport calls back into forget(), which then finds nothing.
    if (!this.live.delete(l.id)) return;
    this.log.debug({ reason, sessions: this.live.size }, 'stateful session ended');
    await l.transport.close().catch(() => undefined);
    await l.server.close().catch(() => undefined);
  }

  /** Expires sessions idle past the timeout; an open stream or a request in progress is not idle. */
  sweep(): void {
    const t = this.now();
    for (const l of [...this.live.values()]) {
      if (l.inFlight === 0 && t - l.lastUsed >= this.timeoutMs) void this.end(l, 'idle past --session-timeout');
    }
  }

  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all([...this.live.values()].map((l) => this.end(l, 'server closing')));
  }
}
