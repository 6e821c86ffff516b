// subscriptions/listen on stdio (protocol 2026-07-28). The SDK's stdio entry answers the listen
// request and routes outbound resource-updated notifications onto the open subscriptions, but never
// tells the server which objects were asked for. This transport wrapper reads them off the inbound
// listen request and keeps a watch on each for as long as the subscription is open.
import type { Transport } from '@modelcontextprotocol/server';
import type { Session } from '../session/session.js';
import { watchesOf, type WatchChannel } from './watch.js';

type Message = Parameters<NonNullable<Transport['onmessage']>>[0];
type Extra = Parameters<NonNullable<Transport['onmessage']>>[1];

interface Inbound { method?: unknown; id?: unknown; params?: { requestId?: unknown; notifications?: { resourceSubscriptions?: unknown } } }

export interface StdioWrapper {
  transport: Transport;
  /** Resolves once every request received has been answered (or after `maxMs`). */
  drained(maxMs: number): Promise<void>;
}

/**
 * Wraps the stdio connection's transport `inner` (src/server/opening.ts; over an in-memory wire in tests): listen requests open watches
 * delivered on `channel`; cancelling one ends them. It also counts the requests not yet answered,
 * so a client that closes stdin right after its last request still gets the answer before the
 * process ends. `onListed` is called each time a tools/list answer has gone out.
 */
export function listeningTransport(s: Session, channel: WatchChannel, inner: Transport, onListed?: () => void): StdioWrapper {
  const open = new Map<string, string[]>();
  const unanswered = new Set<string>();
  /** Ids of the tools/list requests not yet answered: their answer going out calls `onListed`. */
  const listings = new Set<string>();
  /**
   * Starts a watch on each object a listen request names. Like HTTP, a collection or an object that
   * does not exist (or is not accessible) refuses the whole request: its error is answered here and
   * the request never reaches the SDK. Resolves true when the request may go on.
   */
  const watch = async (m: Inbound): Promise<boolean> => {
    if (s.config.capabilitySurface === 'minimal') return true; // no resource subscriptions are honoured there
    const subs = m.params?.notifications?.resourceSubscriptions;
    if (!Array.isArray(subs) || (typeof m.id !== 'string' && typeof m.id !== 'number')) return true;
    const key = String(m.id);
    const uris = [...new Set(subs.filter((u): u is string => typeof u === 'string'))];
    const started: string[] = [];
    for (const uri of uris) {
      const w = await watchesOf(s).subscribe(uri, channel);
      if (!w.ok) {
        for (const u of started) s.watches?.unsubscribe(u, channel);
        await inner.send({ jsonrpc: '2.0', id: m.id, error: { code: -32602, message: w.message } } as never);
        return false;
      }
      started.push(uri);
    }
    open.set(key, started);
    return true;
  };
  const unwatch = (key: string): void => {
    for (const uri of open.get(key) ?? []) s.watches?.unsubscribe(uri, channel);
    open.delete(key);
  };

  let handler: Transport['onmessage'];
  const wrapper: Transport = {
    start: () => inner.start(),
    send: async (message, options) => {
      await inner.send(message, options);
      const out = message as { id?: unknown; method?: unknown };
      if (out.method === undefined && (typeof out.id === 'string' || typeof out.id === 'number')) {
        unanswered.delete(String(out.id));
        if (listings.delete(String(out.id))) onListed?.();
      }
    },
    close: () => inner.close(),
    get onclose() { return inner.onclose; },
    set onclose(h) { inner.onclose = () => { s.watches?.dropChannel(channel); h?.(); }; },
    get onerror() { return inner.onerror; },
    set onerror(h) { inner.onerror = h; },
    get onmessage() { return handler; },
    set onmessage(h) {
      handler = h;
      inner.onmessage = (message: Message, extra?: Extra) => {
        const m = message as Inbound;
        // A listen stays open by design: it is not waited for.
        if (typeof m.method === 'string' && m.method !== 'subscriptions/listen' && (typeof m.id === 'string' || typeof m.id === 'number')) unanswered.add(String(m.id));
        if (m.method === 'tools/list' && (typeof m.id === 'string' || typeof m.id === 'number')) listings.add(String(m.id));
        if (m.method === 'subscriptions/listen') {
          void watch(m).then((go) => { if (go) h?.(message, extra); });
          return;
        }
        if (m.method === 'notifications/cancelled' && (typeof m.params?.requestId === 'string' || typeof m.params?.requestId === 'number')) unwatch(String(m.params.requestId));
        h?.(message, extra);
      };
    },
  };
  const drained = async (maxMs: number): Promise<void> => {
    const until = Date.now() + maxMs;
    while (unanswered.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  };
  return { transport: wrapper, drained };
}
