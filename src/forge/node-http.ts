// `node:http` loaded the CommonJS way. On Node 22 and 24 the module has lazy exports (WebSocket,
// CloseEvent, MessageEvent) that load Node's bundled undici, with tls, http2, zlib and more, when first
// read; an ESM import reads every export to build its namespace. That cost a stdio start 50–95 ms of CPU
// and 10–14 MiB of memory for nothing it uses (issue #31); a require reads no export until asked.
import { createRequire } from 'node:module';

export const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http');
