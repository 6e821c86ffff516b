// Resource watches (SPEC "Resource notifications", "Watch polling"): a subscribed forge:// object is
// polled on the platform with the session's credential; when its answer changes, every channel
// subscribed to it gets a resource-updated notification whose `_meta` carries `io.forge/watch`.
// Cadence: 15 s; 60 s once the object settled (finished pipeline or job, closed issue, merged MR);
// 10 minutes while the session saw no tool call or resource read for 30 minutes.
// SPEC "Watch polling", "Watchable resource URIs".
import { createHash } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/server';
import { loadCatalog } from '../catalog/index.js';
import { matchObject, readObject } from './objects.js';
import type { Session, WatchRegistry } from '../session/types.js';

const WATCH_META_KEY = 'io.forge/watch';
/** Watches one session may hold (one pool entry in HTTP): a bound, so a client cannot make us poll without end. */
const MAX_WATCHES = 50;

export interface WatchMeta {
  state: 'active' | 'settled' | 'slowed' | 'ended';
  /** Seconds until the next poll (0 once ended). */
  poll_interval_s: number;
}

/** Where notifications go: one MCP connection, or the listen bus of a pool entry. */
export interface WatchChannel {
  deliver(uri: string, meta: WatchMeta): void;
}

/** The `_meta` a resource-updated notification carries. */
export const watchMeta = (meta: WatchMeta): Record<string, WatchMeta> => ({ [WATCH_META_KEY]: meta });

/** A channel delivering on MCP server connections (stdio, a stateful session). */
export function serverChannel(servers: () => Iterable<Server>): WatchChannel {
  return {
    deliver: (uri, meta) => {
      for (const srv of servers()) void srv.notification({ method: 'notifications/resources/updated', params: { uri, _meta: watchMeta(meta) } }).catch(() => undefined);
    },
  };
}

/**
 * Poll cadence. TEST-ONLY: `FORGE_MCP_TEST_WATCH_SCALE` divides every interval (a test cannot wait
 * fifteen seconds per change); never set it in a deployment.
 */
const SCALE = Math.max(1, Number(process.env.FORGE_MCP_TEST_WATCH_SCALE) || 1);
const ACTIVE_MS = 15_000 / SCALE;
const SETTLED_MS = 60_000 / SCALE;
const SLOW_MS = 600_000 / SCALE;
const IDLE_MS = 30 * 60_000 / SCALE;

const SETTLED_STATUS = new Set(['success', 'failed', 'canceled', 'cancelled', 'skipped']);
const SETTLED_STATE = new Set(['closed', 'merged', 'locked']);

function isSettled(text: string): boolean {
  try {
    const o = JSON.parse(text) as { status?: unknown; state?: unknown } | null;
    return (typeof o?.status === 'string' && SETTLED_STATUS.has(o.status)) || (typeof o?.state === 'string' && SETTLED_STATE.has(o.state));
  } catch {
    return false;
  }
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

interface Watch {
  readonly uri: string;
  readonly channels: Map<WatchChannel, number>;
  digest?: string;
  settled: boolean;
  timer?: NodeJS.Timeout;
  polling: boolean;
}

export type WatchStart = { ok: true } | { ok: false; message: string };

export class Watches implements WatchRegistry {
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly s: Session) {}

  get size(): number { return this.watches.size; }

  /** Subscribes a channel to one object URI (collections and unknown URIs are refused). */
  async subscribe(uri: string, channel: WatchChannel): Promise<WatchStart> {
    const existing = this.watches.get(uri);
    if (existing) {
      existing.channels.set(channel, (existing.channels.get(channel) ?? 0) + 1);
      return { ok: true };
    }
    await loadCatalog();
    if (!uri.startsWith('forge://') || uri.startsWith('forge://tools/') || !matchObject(uri)) {
      return { ok: false, message: `Cannot watch ${uri.slice(0, 200)}: only one object can be watched (for example forge://project/<project_id>/pipeline/<pipeline_id>); collections are refused` };
    }
    if (this.watches.size >= MAX_WATCHES) {
      return { ok: false, message: `Cannot watch ${uri.slice(0, 200)}: this session already watches ${MAX_WATCHES} objects; unsubscribe from one first` };
    }
    const w: Watch = { uri, channels: new Map([[channel, 1]]), settled: false, polling: false };
    this.watches.set(uri, w);
    // The first poll takes the baseline; only later changes notify.
    await this.poll(w, false);
    if (!this.watches.has(uri)) return { ok: false, message: `Cannot watch ${uri.slice(0, 200)}: the object does not exist or is not accessible with the current permissions` };
    return { ok: true };
  }

  unsubscribe(uri: string, channel: WatchChannel): void {
    const w = this.watches.get(uri);
    if (!w) return;
    const n = (w.channels.get(channel) ?? 0) - 1;
    if (n > 0) w.channels.set(channel, n);
    else w.channels.delete(channel);
    if (w.channels.size === 0) this.stop(w);
  }

  /** Drops every subscription of a channel (its connection closed). */
  dropChannel(channel: WatchChannel): void {
    for (const w of [...this.watches.values()]) {
      if (!w.channels.delete(channel)) continue;
      if (w.channels.size === 0) this.stop(w);
    }
  }

  /** Reschedules every watch (the session became active again after an idle spell). */
  rescheduleAll(): void {
    for (const w of this.watches.values()) if (w.timer) this.schedule(w);
  }

  closeAll(): void {
    for (const w of [...this.watches.values()]) this.stop(w);
  }

  private stop(w: Watch): void {
    if (w.timer) clearTimeout(w.timer);
    w.timer = undefined;
    this.watches.delete(w.uri);
  }

  private baseInterval(w: Watch): number {
    return w.settled ? SETTLED_MS : ACTIVE_MS;
  }

  private interval(w: Watch): number {
    const idle = Date.now() - this.s.lastActivity >= IDLE_MS;
    return idle ? SLOW_MS : this.baseInterval(w);
  }

  private meta(w: Watch): WatchMeta {
    const ms = this.interval(w);
    return { state: ms === SLOW_MS ? 'slowed' : w.settled ? 'settled' : 'active', poll_interval_s: Math.round(ms / 1000 * SCALE) };
  }

  private schedule(w: Watch): void {
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(() => { void this.poll(w, true); }, this.interval(w));
    w.timer.unref();
  }

  private async poll(w: Watch, notify: boolean): Promise<void> {
    if (w.polling || !this.watches.has(w.uri)) return;
    w.polling = true;
    try {
      const read = await readObject(this.s, w.uri, AbortSignal.timeout(30_000)).catch(() => undefined);
      if (!this.watches.has(w.uri)) return;
      // Gone: a 404 later on; on the first poll any refusal (the subscription is then refused).
      if (read && !read.ok && (!notify || / \(404\)$/.test(read.message))) {
        // The object is gone: a last notification, then the watch ends by itself.
        if (notify) for (const ch of w.channels.keys()) ch.deliver(w.uri, { state: 'ended', poll_interval_s: 0 });
        this.stop(w);
        this.s.log.debug({ reason: 'object gone' }, 'watch ended');
        return;
      }
      if (read?.ok) {
        const d = digest(read.text);
        const changed = w.digest !== undefined && d !== w.digest;
        w.digest = d;
        w.settled = isSettled(read.text);
        if (changed && notify) for (const ch of w.channels.keys()) ch.deliver(w.uri, this.meta(w));
      }
      // Unanswered or refused for now: keep the watch, ask again at the next poll.
      this.schedule(w);
    } finally {
      w.polling = false;
    }
  }
}

/** The session's watches, created on first subscription. */
export function watchesOf(s: Session): Watches {
  if (s.watches instanceof Watches) return s.watches;
  const w = new Watches(s);
  s.watches = w;
  return w;
}

/** A tool call or resource read on the session: watches slowed by idleness return to full speed. */
export function markActivity(s: Session): void {
  const wasIdle = Date.now() - s.lastActivity >= IDLE_MS;
  s.lastActivity = Date.now();
  if (wasIdle) s.watches?.rescheduleAll();
}
