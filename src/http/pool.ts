// The credential pool: one entry per (instance, token), keyed by a SHA-256 digest of both (never the
// token in clear). Each entry holds its platform client, its session (scopes, version, tier) with
// its rate-limit bucket, and the MCP handler serving it. Least recently used entries are evicted
// past --max-http-clients.
// SPEC "Other records".
import { createHash } from 'node:crypto';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Config } from '../config/index.js';
import type { ForgeClient } from '../forge/types.js';
import type { Logger } from '../observe/log.js';
import type { BucketStore } from '../pipeline/meter.js';
import { createMcpServer } from '../server/mcp.js';
import { belowMinimum, detectScopes, type Session } from '../session/session.js';
import { watchMeta, type WatchChannel } from '../server/watch.js';

/** With --revalidate-interval=0, an entry whose credential went this long unchecked is rebuilt. */
const UNCHECKED_REBUILD_MS = 60 * 60_000;

export function poolKey(instance: string, token: string): string {
  return createHash('sha256').update(instance).update('\0').update(token).digest('hex');
}

export interface PoolEntry {
  readonly key: string;
  readonly instance: string;
  readonly client: ForgeClient;
  readonly session: Session;
  readonly handler: McpHttpHandler;
  lastValidated: number;
  /** Delivers this entry's watch notifications to its open subscriptions/listen streams. */
  readonly listenChannel: WatchChannel;
  /** Requests being served right now. */
  inFlight: number;
  /** Event streams open right now (subscriptions/listen, stateful GET): at most MAX_STREAMS_PER_CREDENTIAL. */
  streams: number;
  /** Epoch ms after which the entry is checked again at the door (entries admitted unverified). */
  readonly checkAgainAt?: number;
  closed: boolean;
}

export class Pool {
  // Map iteration order is insertion order: a used entry is moved to the end, the first is the LRU.
  private readonly entries = new Map<string, PoolEntry>();

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    private readonly hooks: {
      /** Whether an entry holds something a client keeps open (stateful sessions, subscriptions): evicted last. */
      holds?: (key: string) => boolean;
      /** Called when an entry ends, to end what it holds. */
      ended?: (key: string) => void;
      /** Where the entries' buckets live when replicas share them (else each entry keeps its own). */
      buckets?: BucketStore;
    } = {},
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number { return this.entries.size; }

  has(key: string): boolean { return this.entries.has(key); }

  /** The entry for a key, marked as used (and revalidated when the interval passed). */
  use(key: string): PoolEntry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.checkAgainAt !== undefined && this.now() >= e.checkAgainAt) {
      this.remove(e, 'admitted unverified: checked again');
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    const every = this.config.revalidateIntervalMs;
    if (every === 0 && this.now() - e.lastValidated >= UNCHECKED_REBUILD_MS) {
      // Revalidation off: a credential unchecked for an hour is rebuilt through the door instead.
      this.remove(e, 'unchecked for an hour: rebuilt');
      return undefined;
    }
    if (every > 0 && this.now() - e.lastValidated >= every) {
      e.lastValidated = this.now();
      // A token re-read below the read_api minimum ends its entry: the next request meets the door.
      void detectScopes(e.session).then(() => { if (belowMinimum(e.session)) this.drop(e.key, 'scopes below the read_api minimum at revalidation'); });
    }
    return e;
  }

  /** Builds and adds an entry around an admitted session, evicting the least recently used past the cap. */
  add(key: string, instance: string, client: ForgeClient, session: Session, unverifiedForMs?: number): PoolEntry {
    if (this.hooks.buckets) session.meters.share(this.hooks.buckets, key);
    const handler = createMcpHandler(() => createMcpServer(session, { subscriptions: false }), {
      onerror: (err) => session.log.debug({ error: err.message }, 'mcp handler error'),
      maxRequestBodySize: this.config.maxRequestBodyBytes,
      keepAliveMs: 25_000,
    });
    const listenChannel: WatchChannel = {
      deliver: (uri, meta) => handler.bus.publish({ kind: 'resource_updated', uri, params: { _meta: watchMeta(meta) } }),
    };
    const entry: PoolEntry = {
      key, instance, client, session, handler, listenChannel, lastValidated: this.now(), inFlight: 0, streams: 0, closed: false,
      ...(unverifiedForMs !== undefined ? { checkAgainAt: this.now() + unverifiedForMs } : {}),
    };
    const existing = this.entries.get(key);
    if (existing) this.remove(existing, 'replaced');
    while (this.entries.size >= Math.max(1, this.config.maxHttpClients)) {
      const victim = this.pickVictim();
      if (!victim) break;
      this.remove(victim, 'evicted (pool full)');
    }
    this.entries.set(key, entry);
    return entry;
  }

  private pickVictim(): PoolEntry | undefined {
    // Least recently used, preferring one that holds nothing open, then one not serving a request.
    let idle: PoolEntry | undefined;
    let first: PoolEntry | undefined;
    for (const e of this.entries.values()) {
      first ??= e;
      if (e.inFlight !== 0) continue;
      if (!this.hooks.holds?.(e.key) && !e.session.watches?.size) return e;
      idle ??= e;
    }
    return idle ?? first;
  }

  /** Ends an entry (the platform refused its token on a call, or it was evicted). */
  drop(key: string, reason: string): void {
    const e = this.entries.get(key);
    if (e) this.remove(e, reason);
  }

  private remove(e: PoolEntry, reason: string): void {
    this.entries.delete(e.key);
    if (e.closed) return;
    e.closed = true;
    e.session.log.info({ reason }, 'pool entry ended');
    this.hooks.ended?.(e.key);
    e.session.watches?.closeAll();
    // In-flight requests finish first: the client closes once they are done.
    const close = () => {
      void e.handler.close().catch(() => undefined);
      void e.client.close().catch(() => undefined);
    };
    if (e.inFlight === 0) close();
    else {
      const timer = setInterval(() => {
        if (e.inFlight === 0) {
          clearInterval(timer);
          close();
        }
      }, 250);
      timer.unref();
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map(async (e) => {
      e.closed = true;
      // A stopping replica ends its watches with its streams; clients subscribe again elsewhere.
      e.session.watches?.closeAll();
      await e.handler.close().catch(() => undefined);
      await e.client.close().catch(() => undefined);
    }));
    this.log.debug({ entries: all.length }, 'pool closed');
  }
}
