// Gives memory back when the stdio server goes idle (issue #31). A stdio server waits for its model
// almost all the time, yet V8 keeps the young generation a burst of calls grew (16–64 MiB of
// semi-spaces, touched) until its own memory reducer runs, if ever. Once the calls are answered and
// the wire has been quiet for a moment, one memory-reducing collection shrinks the heap and returns
// the pages: never while a request is in flight, and once per idle period at most.
import { createRequire } from 'node:module';
import type { Transport } from '@modelcontextprotocol/server';

type Message = Parameters<Transport['send']>[0];
type Extra = Parameters<NonNullable<Transport['onmessage']>>[1];
interface Seen { method?: unknown; id?: unknown; params?: { requestId?: unknown } }

export interface IdleCollection {
  /** Quiet time (no request in flight, no message either way) after a tools/call before collecting. */
  idleMs: number;
  /** Least time between two collections, so a steady trickle of calls does not collect after each. */
  spacingMs: number;
  /** The collection; messages arriving meanwhile wait for it (bounded by COLLECTION_WAIT_MS). A seam for tests. */
  collect: () => Promise<void>;
}

/** What the stdio process uses: 1 s of quiet, at most one collection per 10 s, V8's low-memory collection. */
export const IDLE_COLLECTION: IdleCollection = { idleMs: 1_000, spacingMs: 10_000, collect: lowMemoryCollection };

/** The longest a message waits for a collection in progress (one takes 30–120 ms). */
const COLLECTION_WAIT_MS = 2_000;

/**
 * V8's low-memory collection (full GC, new space shrunk, free pages returned) through an in-process
 * inspector session: the one way that works on Node 20, 22 and 24 alike without a launch flag (the
 * memory-reducing `flavor` of --expose-gc's function is unknown to Node 20's V8). V8 runs it as a task
 * of its own, after this returns. The inspector is loaded, not imported: importing it throws on a Node
 * built without one; there nothing is collected.
 */
function lowMemoryCollection(): Promise<void> {
  if (!process.features.inspector) return Promise.resolve();
  const { Session } = createRequire(import.meta.url)('node:inspector') as typeof import('node:inspector');
  const session = new Session();
  session.connect();
  return new Promise((resolve) => {
    // Disconnecting inside the callback stalls Node 20's event loop: just after it.
    session.post('HeapProfiler.collectGarbage', () => setImmediate(() => { session.disconnect(); resolve(); }));
  });
}

export interface IdleCollectingWire {
  transport: Transport;
  /** Resolves once no collection is running (the messages it held handed on). */
  settled(): Promise<void>;
}

const idOf = (v: unknown): string | undefined => typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;

/**
 * Wraps `wire` to run `o.collect` once the server has gone quiet after a tools/call: no request in
 * flight and no message in or out for `o.idleMs`. Any message restarts the wait; a collection
 * re-arms only with the next tools/call. A message arriving during a collection is handed on once it
 * is over, so no request is ever served while one runs. The timer never holds the process open.
 */
export function collectWhenIdle(wire: Transport, o: IdleCollection): IdleCollectingWire {
  const inFlight = new Set<string>();
  let called = false;
  let closed = false;
  let lastCollection = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Messages that arrived during a collection, in order; undefined when none is running. */
  let held: Array<[Message, Extra | undefined]> | undefined;
  /** The collection running, if any. */
  let running: Promise<void> | undefined;
  let handler: Transport['onmessage'];

  const quiet = () => !closed && inFlight.size === 0 && called && held === undefined;
  const collect = () => {
    running = collectOnce().finally(() => { running = undefined; });
  };
  const collectOnce = async () => {
    called = false;
    held = [];
    let bound: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([o.collect(), new Promise((r) => { bound = setTimeout(r, COLLECTION_WAIT_MS); })]);
    } catch {
      // Memory is only given back: nothing depends on it.
    } finally {
      clearTimeout(bound);
      lastCollection = performance.now();
      const waiting = held;
      held = undefined;
      for (const [m, extra] of waiting) receive(m, extra);
    }
  };
  /** When the wire last saw a message either way. */
  let lastActivity = 0;
  // One timer per quiet period, not one per message (issue #31: two timer churns a call): on firing it
  // re-arms for what is left when a message came meanwhile.
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!quiet()) return;
      const left = Math.max(lastActivity + o.idleMs, lastCollection + o.spacingMs) - performance.now();
      if (left > 0) arm(left);
      else collect();
    }, ms);
    timer.unref();
  };
  const activity = () => {
    lastActivity = performance.now();
    if (timer !== undefined || !quiet()) return;
    arm(Math.max(o.idleMs, lastCollection + o.spacingMs - lastActivity));
  };
  const receive = (message: Message, extra?: Extra) => {
    if (held) { held.push([message, extra]); return; }
    const m = message as Seen;
    const id = idOf(m.id);
    // A subscription stays open by design: it is not a request in flight.
    if (typeof m.method === 'string' && id !== undefined && m.method !== 'subscriptions/listen') inFlight.add(id);
    if (m.method === 'tools/call') called = true;
    // A cancelled request gets no answer: it is no longer waited for.
    if (m.method === 'notifications/cancelled') { const r = idOf(m.params?.requestId); if (r !== undefined) inFlight.delete(r); }
    activity();
    handler?.(message, extra);
  };
  const stop = () => { closed = true; clearTimeout(timer); };

  const transport: Transport = {
    start: () => wire.start(),
    send: async (message, options) => {
      const out = message as Seen;
      try {
        await wire.send(message, options);
      } finally {
        const id = idOf(out.id);
        if (out.method === undefined && id !== undefined) inFlight.delete(id);
        activity();
      }
    },
    close: async () => { stop(); await wire.close(); },
    get onclose() { return wire.onclose; },
    set onclose(h) { wire.onclose = () => { stop(); h?.(); }; },
    get onerror() { return wire.onerror; },
    set onerror(h) { wire.onerror = h; },
    get onmessage() { return handler; },
    set onmessage(h) { handler = h; wire.onmessage = receive; },
  };
  return { transport, settled: async () => { await running; } };
}
