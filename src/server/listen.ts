// subscriptions/listen on stdio (protocol 2026-07-28). The SDK's stdio entry answers the listen
// request and routes outbound resource-updated notifications onto the open subscriptions, but never
// tells the server which objects were asked for. This transport wrapper reads them off the inbound
// listen request and keeps a watch on each for as long as the subscription is open.
import type { Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Session } from './session.js';
import { watchesOf, type WatchChannel } from './watch.js';

type Message = Parameters<NonNullable<Transport['onmessage']>>[0];
type Extra = Parameters<NonNullable<Transport['onmessage']>>[1];

interface Inbound { method?: unknown; id?: unknown; params?: { requestId?: unknown; notifications?: { resourceSubscriptions?: unknown } } }

/** Wraps the stdio transport: listen requests open watches delivered on `channel`; cancelling one ends them. */
export function listeningTransport(s: Session, channel: WatchChannel, inner: Transport = new StdioServerTransport()): Transport {
  const open = new Map<string, string[]>();
  const watch = (m: Inbound): void => {
    if (s.config.capabilitySurface === 'minimal') return; // no resource subscriptions are honoured there
    const subs = m.params?.notifications?.resourceSubscriptions;
    if (!Array.isArray(subs) || (typeof m.id !== 'string' && typeof m.id !== 'number')) return;
    const key = String(m.id);
    const uris = [...new Set(subs.filter((u): u is string => typeof u === 'string'))];
    void (async () => {
      const started: string[] = [];
      for (const uri of uris) if ((await watchesOf(s).subscribe(uri, channel)).ok) started.push(uri);
      open.set(key, started);
    })();
  };
  const unwatch = (key: string): void => {
    for (const uri of open.get(key) ?? []) s.watches?.unsubscribe(uri, channel);
    open.delete(key);
  };

  let handler: Transport['onmessage'];
  const wrapper: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
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
        if (m.method === 'subscriptions/listen') watch(m);
        else if (m.method === 'notifications/cancelled' && (typeof m.params?.requestId === 'string' || typeof m.params?.requestId === 'number')) unwatch(String(m.params.requestId));
        h?.(message, extra);
      };
    },
  };
  return wrapper;
}
