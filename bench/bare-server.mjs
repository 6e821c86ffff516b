// The third and fourth floors of the per-call figure (issue #31), started by bench/lean.mjs: what is left of
// the minimal server (bench/minimal-server.mjs) without the MCP SDK. One JSON-RPC message per line on stdio,
// answered as the minimal server answers it (the same GET through node:http with a keep-alive agent, the
// body as one text block); no schema, no Protocol. With --canned the GET is made once and its answer reused:
// what remains is the process crossing and the JSON of the answer alone. --answer-bytes=N cuts the text so the
// answer's line is about N bytes (lean.mjs: the size of this build's answer, 6.8 KB against the body's 45 KB), for
// the crossing at the size a server that renders actually sends.
import { request, Agent } from 'node:http';

const base = new URL(process.env.FORGE_URL ?? 'http://127.0.0.1:1');
const token = process.env.FORGE_TOKEN ?? '';
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const canned = process.argv.includes('--canned');
const answerBytes = Number(process.argv.find((a) => a.startsWith('--answer-bytes='))?.slice(15)) || undefined;
const cut = new Map();
/** The answer's text: the body, or its longest head whose answer line (escapes included) is at most `answerBytes`. */
function textOf(body) {
  if (answerBytes === undefined) return body;
  if (!cut.has(body)) {
    const lineBytes = (k) => Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: body.slice(0, k) }], isError: false } }));
    let [lo, hi] = [0, body.length];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (lineBytes(mid) <= answerBytes) lo = mid;
      else hi = mid - 1;
    }
    cut.set(body, body.slice(0, lo));
  }
  return cut.get(body);
}
let kept;

function get(path) {
  if (canned && kept) return Promise.resolve(kept);
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, headers: { 'private-token': token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(kept = { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const send = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
async function answer(m) {
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send(m.id, { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bench-bare', version: '1' } });
  if (m.method !== 'tools/call') return send(m.id, m.method === 'tools/list' ? { tools: [] } : {});
  const project = m.params?.arguments?.params?.project_id;
  const res = await get(`${base.pathname.replace(/\/$/, '')}/api/v4/projects/${encodeURIComponent(String(project))}/issues`);
  send(m.id, { content: [{ type: 'text', text: textOf(res.text) }], isError: res.status >= 400 });
}

let buf = '';
process.stdin.setEncoding('utf8').on('data', (d) => {
  buf += d;
  for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
    const line = buf.slice(0, nl);
    buf = buf.slice(nl + 1);
    void answer(JSON.parse(line));
  }
});
