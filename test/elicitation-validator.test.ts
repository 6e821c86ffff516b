// The server checks elicitation answers with the validator it passes the SDK (src/server/mcp.ts), not
// the SDK's Node default (ajv, which the bundle leaves out, issue #31): an answer that does not match
// the requested schema is refused, one that matches comes back as sent. Driven through the server the
// sessions build, connected to an SDK client that answers elicitation requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { createForgeClient } from '../src/forge/client.js';
import { createMcpServer } from '../src/server/mcp.js';
import { newSession } from '../src/session/session.js';
import { newClient } from './helpers/harness.js';
import { configure } from './helpers/inproc.js';

const SCHEMA = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Run it' }, reason: { type: 'string' as const, maxLength: 5 } },
  required: ['confirm'],
};

describe('elicitation answers are checked against the requested schema', () => {
  let answer: Record<string, unknown> = {};
  let server: Server;
  const client = newClient({ capabilities: { elicitation: { form: {} } }, onElicit: async () => ({ action: 'accept', content: answer }) });

  beforeAll(async () => {
    const { config, log } = await configure([], { FORGE_TOKEN: 'glpat-elicit-test-0000', FORGE_URL: 'http://127.0.0.1:9' }, () => undefined);
    const forge = createForgeClient({ baseUrl: config.forgeUrl, token: config.token!, operatorNamed: true, allowPrivate: true, userAgent: 'test' });
    server = createMcpServer(newSession(config, forge, log));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  });
  afterAll(async () => { await client.close(); await server.close(); });

  it('accepts an answer that matches', async () => {
    answer = { confirm: true, reason: 'ok' };
    const r = await server.elicitInput({ mode: 'form', message: 'Run it?', requestedSchema: SCHEMA });
    expect(r).toEqual({ action: 'accept', content: { confirm: true, reason: 'ok' } });
  });

  it('refuses a missing required field, a wrong type and a too long string', async () => {
    for (const bad of [{ reason: 'ok' }, { confirm: 'yes' }, { confirm: true, reason: 'far too long' }]) {
      answer = bad;
      await expect(server.elicitInput({ mode: 'form', message: 'Run it?', requestedSchema: SCHEMA }), JSON.stringify(bad))
        .rejects.toThrow(/Elicitation response content does not match requested schema/);
    }
  });
});
