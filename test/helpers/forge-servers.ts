// The platform client's test bench: tiny node:http servers on 127.0.0.1 recording what reached them,
// a counting resolver, and a client with short retry waits (the client takes them as an option).
import { expect } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createForgeClient, ForgeNetworkError, type ForgeClientOptions } from '../../src/forge/client.js';
import type { ForgeClient } from '../../src/forge/types.js';
export const TOKEN = 'glpat-test-secret-token-0123456789';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The client's port: the same one for requests on one kept-alive connection. */
  clientPort: number | undefined;
}

export interface TestServer {
  port: number;
  url: string;
  requests: Recorded[];
  /** Every connection the server accepted, and whether it has closed since. */
  connections: Array<{ clientPort: number | undefined; closed: boolean }>;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, n: number, body: string) => void;

const cleanups: Array<() => Promise<void>> = [];
/** Registers something the test opened, closed after it. */
export function onCleanup(close: () => Promise<void>): void {
  cleanups.push(close);
}

/** Closes every server and client the test opened (each file runs it after each test). */
export async function closeAll(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
}

export async function serve(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const connections: TestServer['connections'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, clientPort: req.socket.remotePort });
      handler(req, res, requests.length, body);
    });
  });
  server.on('connection', (socket) => {
    const seen = { clientPort: socket.remotePort, closed: false };
    connections.push(seen);
    socket.on('close', () => { seen.closed = true; });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  cleanups.push(close);
  return { port, url: `http://127.0.0.1:${port}`, requests, connections, close };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A resolver mapping names to addresses, counting calls per name. */
export function resolver(map: Record<string, string | string[] | NodeJS.ErrnoException>) {
  const calls: Record<string, number> = {};
  const lookup = async (hostname: string) => {
    calls[hostname] = (calls[hostname] ?? 0) + 1;
    const v = map[hostname];
    if (v === undefined) {
      const e = new Error(`getaddrinfo ENOTFOUND ${hostname}`) as NodeJS.ErrnoException;
      e.code = 'ENOTFOUND';
      throw e;
    }
    if (v instanceof Error) throw v;
    return (Array.isArray(v) ? v : [v]).map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  return { lookup, calls };
}

export function client(opts: Partial<ForgeClientOptions> & { baseUrl: string }): ForgeClient {
  const c = createForgeClient({ token: TOKEN, retryDelaysMs: [20, 40], ...opts });
  cleanups.push(() => c.close());
  return c;
}

export async function failure(p: Promise<unknown>): Promise<ForgeNetworkError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ForgeNetworkError);
    expect(String((e as Error).message)).not.toContain(TOKEN);
    return e as ForgeNetworkError;
  }
  throw new Error('expected the request to fail');
}

