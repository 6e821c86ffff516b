// A bare JSON-RPC client over a stdio server child (one JSON line per message, answers matched by id): no SDK,
// so no check of every answer runs in the bench's process, on the cores the server uses. Opens the session
// (initialize, initialized) and lists the tools once, as a client does before its first call.
export async function openJsonRpc(child, clientName) {
  const waiting = new Map();
  let buf = '';
  let nextId = 0;
  child.stdout.setEncoding('utf8').on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const m = JSON.parse(buf.slice(0, i));
      buf = buf.slice(i + 1);
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    }
  });
  const rpc = (method, params) => new Promise((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });
  await rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  await rpc('tools/list', {});
  return rpc;
}
