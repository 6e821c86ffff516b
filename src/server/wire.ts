// The stdio wire without the MCP SDK: one JSON-RPC message per line on the process's stdin and stdout,
// stdin read through the guard (src/server/stdin-guard.ts). The opening is answered on it before the
// SDK has loaded (src/server/opening.ts), and the SDK's server then serves the same wire.
// Unlike the SDK's stdio transport it does not close when stdin ends: the process answers what was
// already asked, then ends (src/server/stdio.ts).
import type { Transport } from '@modelcontextprotocol/server';
import { stdinGuard } from './stdin-guard.js';

type Message = Parameters<Transport['send']>[0];

export function stdioWire(stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout): Transport {
  let closed = false;
  const wire: Transport = {
    start: async () => {
      // Lines the guard refuses are answered by it, on stdout, in the order read.
      const messages = stdin.pipe(stdinGuard((line) => { if (!closed) stdout.write(line); }));
      messages.on('data', (m: Message) => { if (!closed) wire.onmessage?.(m); });
      stdout.on('error', (e: Error) => {
        if (closed) return;
        wire.onerror?.(e);
        void wire.close();
      });
    },
    send: (message) => {
      if (closed) return Promise.reject(new Error('the stdio connection is closed'));
      // As the SDK writes it: JSON, then a newline; resolved once written or queued, waiting for drain when full.
      return new Promise<void>((resolve, reject) => {
        const failed = (e: Error) => { stdout.off('drain', drained); reject(e); };
        const drained = () => { stdout.off('error', failed); resolve(); };
        stdout.once('error', failed);
        if (stdout.write(`${JSON.stringify(message)}\n`)) drained();
        else stdout.once('drain', drained);
      });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      wire.onclose?.();
    },
  };
  return wire;
}
