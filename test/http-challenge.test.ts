// Legacy mode's 401 challenge, end to end on the built bundle (`--http --sandbox`): SPEC's Bearer
// challenge carries RFC 6750 parameters naming the accepted headers (issue #16), read back with the
// MCP SDK client's own challenge parser; the documented header setups connect.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Client, extractWWWAuthenticateParams, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ACCEPT, INIT, startHttpServer, type HttpServer } from './helpers/http.js';
import { secretsInUse, withSandbox } from './helpers/harness.js';

const MISSING = 'Bearer error="invalid_token", error_description="Send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>"';
const REFUSED = 'Bearer error="invalid_token", error_description="The platform rejected the token; send a valid, unexpired GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>"';
const DEMO = 'glpat-sandbox-demo-token-0001';
const TOKEN_SENT = 'This server does not sign in with OAuth, and your client did send an access token: GitLab rejected it (the MCP endpoint answered 401). Send a valid, unexpired GitLab access token issued by the instance this server publishes, in the PRIVATE-TOKEN header or as Authorization: Bearer <token>';

let srv: HttpServer;
beforeAll(async () => { srv = await startHttpServer(['--sandbox']); });
afterAll(async () => { await srv.close(); });

// The demo token is public (the guide prints it), so it is not registered as a secret for the leak check.
async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'challenge-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers } }));
  return client;
}

const initialize = (headers: Record<string, string>) =>
  fetch(`${srv.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers }, body: INIT });

describe('legacy mode 401 challenge', () => {
  it('a request without a credential: Bearer with error="invalid_token" and a description naming both headers', async () => {
    const cases: Array<Record<string, string>> = [{}, { 'PRIVATE-TOKEN': '' }, { Authorization: 'Bearer ' }, { Authorization: 'Basic dXNlcjpwYXNz' }];
    for (const headers of cases) {
      const r = await initialize(headers);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe(MISSING);
      const parsed = extractWWWAuthenticateParams(r);
      expect(parsed.error).toBe('invalid_token');
      expect(parsed.errorDescription).toBe('Send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>');
      expect(parsed.resourceMetadataUrl).toBeUndefined();
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe('Authentication required: send the access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>.');
    }
  });

  it('a token the platform refuses, in either header: the same parameters, saying it was rejected', async () => {
    secretsInUse.add('glpat-wrong-token-challenge-01');
    const cases: Array<Record<string, string>> = [{ 'PRIVATE-TOKEN': 'glpat-wrong-token-challenge-01' }, { Authorization: 'Bearer glpat-wrong-token-challenge-01' }];
    for (const headers of cases) {
      const r = await initialize(headers);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe(REFUSED);
      expect(extractWWWAuthenticateParams(r).error).toBe('invalid_token');
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/^the platform rejected the token: /);
    }
  });

  it('the SDK client without a token fails to connect showing the body; with either documented header it connects', async () => {
    await expect(connect({})).rejects.toThrow('Authentication required: send the access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>.');
    const setups: Array<Record<string, string>> = [{ 'PRIVATE-TOKEN': DEMO }, { Authorization: `Bearer ${DEMO}` }];
    for (const headers of setups) {
      const client = await connect(headers);
      try {
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toContain('forge_execute_action');
      } finally {
        await client.close();
      }
    }
  });

  it('the places an OAuth client probes to sign in answer 404 saying how to authenticate instead (clients show that body)', async () => {
    const probes: Array<[string, string]> = [
      ['GET', '/.well-known/oauth-protected-resource'], ['GET', '/.well-known/oauth-protected-resource/mcp'],
      ['GET', '/.well-known/oauth-authorization-server'], ['GET', '/.well-known/openid-configuration'],
      ['POST', '/register'], ['GET', '/authorize'], ['POST', '/token'],
    ];
    for (const [method, path] of probes) {
      const r = await fetch(`${srv.url}${path}`, { method, headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {}, body: method === 'POST' ? '{}' : undefined });
      expect(r.status, path).toBe(404);
      expect(await r.json(), path).toEqual({
        error: 'not found',
        error_description: 'This server does not sign in with OAuth: configure your client to send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>',
      });
    }
    // Carrying a token (clients send their configured headers on the probes too), a probe follows the
    // endpoint's 401 for that token: the answer says the token was sent and rejected, not to send one.
    secretsInUse.add('glpat-wrong-token-probe-0001');
    const sent: Array<Record<string, string>> = [{ 'PRIVATE-TOKEN': 'glpat-wrong-token-probe-0001' }, { Authorization: 'Bearer glpat-wrong-token-probe-0001' }];
    for (const headers of sent) {
      expect((await initialize(headers)).status).toBe(401);
      for (const [method, path] of probes) {
        const r = await fetch(`${srv.url}${path}`, { method, headers: { ...headers, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
        expect(r.status, path).toBe(404);
        expect(await r.json(), path).toEqual({ error: 'not found', error_description: TOKEN_SENT });
      }
    }
    // Any other unknown path keeps the plain answer.
    expect(await (await fetch(`${srv.url}/nothing-here`)).json()).toEqual({ error: 'not found' });
  });

  it('GET /mcp (stateless: no event stream) passes the door first: 401 with the challenge that says why, 405 only for a valid token', async () => {
    const get = (headers: Record<string, string>) => fetch(`${srv.url}/mcp`, { headers: { Accept: 'text/event-stream', ...headers } });
    const missing = await get({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(MISSING);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Authentication required: send the access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>.');
    secretsInUse.add('glpat-wrong-token-stream-01');
    const refused = await get({ 'PRIVATE-TOKEN': 'glpat-wrong-token-stream-01' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(REFUSED);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^the platform rejected the token: /);
    const valid = await get({ 'PRIVATE-TOKEN': DEMO });
    expect(valid.status).toBe(405);
    expect(valid.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('the SDK client with a refused token fails showing that the token was rejected, not that none was sent', async () => {
    secretsInUse.add('glpat-wrong-token-client-01');
    const failure = await connect({ 'PRIVATE-TOKEN': 'glpat-wrong-token-client-01' }).then(() => 'connected', (err: unknown) => String(err));
    expect(failure).toContain('the platform rejected the token: send a valid, unexpired access token issued by the target instance');
    expect(failure).not.toContain('Authentication required');
  });
});

describe('OAuth mode: GET /mcp without a valid credential', () => {
  it('answers 401 with the OAuth challenge (none sent: metadata and scope; refused: invalid_token with its description), 405 only for a valid token', async () => {
    const sb = await withSandbox();
    const oauthSrv = await startHttpServer(['--auth-mode', 'oauth', '--forge-url', sb.url]);
    try {
      const get = (headers: Record<string, string>) => fetch(`${oauthSrv.url}/mcp`, { headers: { Accept: 'text/event-stream', ...headers } });
      const missing = await get({});
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${oauthSrv.url}/.well-known/oauth-protected-resource", scope="api"`);
      secretsInUse.add('gloas-never-issued-stream-01');
      const refused = await get({ Authorization: 'Bearer gloas-never-issued-stream-01' });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", error_description="The platform rejected the token", resource_metadata="${oauthSrv.url}/.well-known/oauth-protected-resource", scope="api"`);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^the platform rejected the token: /);
      const valid = await get({ Authorization: `Bearer ${DEMO}` });
      expect(valid.status).toBe(405);
    } finally {
      await oauthSrv.close();
      await sb.close();
    }
  });
});
