// The sandbox: a simulated platform instance (REST /api/v4, GraphQL, object storage) on loopback, for tests and `--sandbox`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxState } from './state.js';
import { seed } from './seed.js';
import { SandboxServer } from './server.js';
import { defaultTokens, registerToken } from './tokens.js';
import type { Sandbox, SandboxOptions, TokenSpec } from './types.js';

export { SANDBOX_TOKEN, READONLY_TOKEN, ADMIN_TOKEN, READUSER_TOKEN, GRANULAR_TOKEN, DEFAULT_GRANT } from './tokens.js';
export type { FaultRule, RequestLogEntry, Sandbox, SandboxOptions } from './types.js';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const api = createServer({ keepAliveTimeout: 5000 });
  const storage = createServer({ keepAliveTimeout: 5000 });
  const [apiPort, storagePort] = await Promise.all([listen(api), listen(storage)]);
  const url = `http://127.0.0.1:${apiPort}`;
  const storageUrl = `http://127.0.0.1:${storagePort}`;
  const state = new SandboxState(url, storageUrl, { version: opts.version ?? '19.4.1-ee', licensed: !!opts.licensed, adminMode: !!opts.adminMode });
  seed(state);
  const tokens: Record<string, TokenSpec> = { ...defaultTokens(), ...opts.tokens };
  for (const [value, spec] of Object.entries(tokens)) registerToken(state, value, spec);

  const srv = new SandboxServer(state, !!opts.placeholders);
  for (const [server, origin] of [[api, 'api'], [storage, 'storage']] as const) {
    server.on('request', (req, res) => { void srv.handle(origin, req, res).catch(() => { try { res.destroy(); } catch { /* gone */ } }); });
    server.on('clientError', (_err, socket) => { socket.destroy(); });
  }
  let closed = false;
  return {
    url,
    storageUrl,
    log: srv.log,
    clearLog: () => { srv.log.length = 0; },
    fault: (rule) => srv.addFault(rule),
    clearFaults: () => srv.clearFaults(),
    addToken: (token, spec) => { registerToken(state, token, spec); },
    state,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([closeServer(api), closeServer(storage)]);
    },
  };
}
