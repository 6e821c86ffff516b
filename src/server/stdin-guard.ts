// stdio answers what it cannot process (JSON-RPC 2.0 §5): a line that cannot be parsed or is not a
// valid message would otherwise be dropped and the client would wait for its own time-out. This filter
// reads stdin, answers each such line itself (-32700 for invalid JSON, -32600 for an invalid request,
// with the id when one could be read) and passes every well-formed message on, parsed (src/server/wire.ts).
import { Transform, type TransformCallback } from 'node:stream';
import { jsonDepth } from './json-depth.js';

/** Longest line read (the SDK's buffer holds 10 MiB; a longer line is answered and skipped, never buffered). */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** Deepest nesting accepted: deeper arguments would exhaust the validator's stack. */
const MAX_DEPTH = 64;

type Id = string | number | null;
const validId = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));


/** Why a parsed message is not a valid JSON-RPC 2.0 message, or undefined when it is. */
function problemOf(m: unknown): string | undefined {
  if (Array.isArray(m)) return 'batches are not supported (MCP 2025-06-18 and later send one message per line)';
  if (typeof m !== 'object' || m === null) return 'a message is a JSON object';
  const o = m as Record<string, unknown>;
  if (o.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in o && !validId(o.id)) return 'id must be a string or a number';
  if ('method' in o) {
    if (typeof o.method !== 'string') return 'method must be a string';
    if ('params' in o && (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params))) return 'params must be an object';
    return undefined;
  }
  if ('id' in o && ('result' in o || 'error' in o)) return undefined; // a response to a server request
  return 'a message is a request, a notification or a response';
}

export function stdinGuard(answer: (line: string) => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  const reply = (id: Id, code: number, message: string) => answer(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);

  const line = (raw: string, push: (m: object) => void) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!text.trim()) return;
    if (jsonDepth(text, MAX_DEPTH) > MAX_DEPTH) {
      const id = /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/.exec(text)?.[1];
      reply(id === undefined ? null : (JSON.parse(id) as string | number), -32600, `Invalid Request: nested deeper than ${MAX_DEPTH} levels`);
      return;
    }
    let m: unknown;
    try { m = JSON.parse(text); } catch { reply(null, -32700, 'Parse error: the line is not valid JSON'); return; }
    const problem = problemOf(m);
    if (problem) {
      const id = typeof m === 'object' && m !== null && !Array.isArray(m) && validId((m as { id?: unknown }).id) ? (m as { id: string | number }).id : null;
      reply(id, -32600, `Invalid Request: ${problem}`);
      return;
    }
    push(m as object);
  };

  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        start = nl + 1;
        if (skipping) { skipping = false; pending = []; pendingBytes = 0; continue; }
        const whole = pending.length ? Buffer.concat([...pending, piece]).toString('utf8') : piece.toString('utf8');
        pending = [];
        pendingBytes = 0;
        line(whole, (s) => this.push(s));
      }
      if (start < chunk.length && !skipping) {
        const rest = chunk.subarray(start);
        pendingBytes += rest.length;
        if (pendingBytes > MAX_LINE_BYTES) {
          skipping = true;
          pending = [];
          pendingBytes = 0;
          reply(null, -32600, `Invalid Request: a message is at most ${MAX_LINE_BYTES} bytes`);
        } else {
          pending.push(Buffer.from(rest));
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      if (pending.length && !skipping) line(Buffer.concat(pending).toString('utf8'), (s) => this.push(s));
      done();
    },
  });
}
