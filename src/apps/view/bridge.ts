// The view's side of the MCP Apps protocol: JSON-RPC over postMessage with the host (the parent
// window). Only messages from the parent are read.
type Json = Record<string, unknown>;
type Handler = (params: Json) => void;

const pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
const handlers = new Map<string, Handler>();
let nextId = 1;

const post = (msg: Json) => window.parent.postMessage({ jsonrpc: '2.0', ...msg }, '*');

window.addEventListener('message', (ev: MessageEvent) => {
  if (ev.source !== window.parent) return;
  const m = ev.data as Json | null;
  if (!m || m.jsonrpc !== '2.0') return;
  if (typeof m.id === 'number' && !('method' in m)) {
    const p = pending.get(m.id);
    pending.delete(m.id);
    const err = m.error as { message?: string } | undefined;
    if (err) p?.reject(new Error(String(err.message ?? 'error')));
    else p?.resolve((m.result ?? {}) as Json);
    return;
  }
  if (typeof m.method !== 'string') return;
  // Requests from the host (ping, teardown) get an empty answer; notifications go to their handler.
  if (m.id !== undefined) post({ id: m.id, result: {} });
  handlers.get(m.method)?.((m.params ?? {}) as Json);
});

export function request(method: string, params: Json): Promise<Json> {
  const id = nextId++;
  post({ id, method, params });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

export const notify = (method: string, params: Json = {}) => post({ method, params });
export const on = (method: string, h: Handler) => handlers.set(method, h);

/** A call of the views' tool; a refusal comes back as an Error carrying the server's words. */
export async function act(action: string, params: Json, extra: Json = {}): Promise<Json> {
  const r = await request('tools/call', { name: 'forge_view_action', arguments: { action, params, ...extra } });
  if (r.isError) {
    const text = (r.content as Array<{ text?: string }> | undefined)?.map((c) => c.text ?? '').join('\n');
    throw new Error(text || 'refused');
  }
  return (r.structuredContent ?? {}) as Json;
}
