// One connection pool per platform instance (issue #15): every credential's requests share the
// instance's sockets (the credential is a per-request header), bounded by --max-platform-connections,
// counted at the platform's side. Each credential still acts as itself.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { secretsInUse, withSandbox } from './helpers/harness.js';
import { callTool, connect, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';
import { countingRelay, type CountingRelay } from './helpers/tcp-count.js';

const CREDENTIALS = 30;
const tokens = Array.from({ length: CREDENTIALS }, (_, i) => `glpat-pool-credential-${String(i).padStart(4, '0')}`);

let sb: Sandbox;
let relay: CountingRelay;
let srv: HttpServer;

beforeAll(async () => {
  sb = await withSandbox();
  tokens.forEach((t, i) => {
    sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1, name: `pool-${i}` });
    secretsInUse.add(t);
  });
  relay = await countingRelay(sb.url);
  srv = await startHttpInProcess(['--forge-url', relay.url, '--max-platform-connections', '4', '--rate-limit-rps', '0']);
}, 30_000);

afterAll(async () => {
  await srv?.close();
  await relay?.close();
  await sb?.close();
});

describe('one pool of platform connections per instance', () => {
  it(`holds at most --max-platform-connections sockets for ${CREDENTIALS} credentials at once, each acting as itself`, async () => {
    const clients = await Promise.all(tokens.map((t) => connect(srv, { 'PRIVATE-TOKEN': t })));
    try {
      const results = await Promise.all(clients.map((c) => callTool(c, 'forge_execute_action', { action: 'issue.list', params: { project_id: 1 } })));
      for (const r of results) expect(r.isError).toBeFalsy();
      // Each request carried its own credential: the platform saw every token.
      const seen = new Set(sb.log.filter((e) => e.origin === 'api').map((e) => e.headers['private-token']));
      for (const t of tokens) expect(seen.has(t)).toBe(true);
      // One credential's own client used to open about four sockets: 30 credentials, over a hundred.
      expect(relay.peak).toBeLessThanOrEqual(4);
      expect(relay.open).toBeLessThanOrEqual(4);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
