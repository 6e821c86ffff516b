// HTTP OAuth mode end to end (SPEC "OAuth mode", "Authentication failures on HTTP", the protected-
// resource metadata row of "Service endpoints"): the server (built in this process) with
// --auth-mode=oauth against the sandbox, which issues OAuth tokens (answered at /oauth/token/info)
// beside personal access tokens.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { apiRequests, secretsInUse, text, withSandbox } from './helpers/harness.js';
import { callTool, connect, errorOf, post, rpc, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

const OAUTH_API = 'gloas-oauth-api-token-0101';
const OAUTH_READ = 'gloas-oauth-readapi-token-0102';
const OAUTH_MCP = 'gloas-oauth-mcp-only-token-0103';
const OAUTH_OTHER_APP = 'gloas-oauth-other-app-0104';
const OAUTH_REVOKE = 'gloas-oauth-to-revoke-0105';
const OAUTH_UNANSWERED = 'gloas-oauth-unanswered-0106';
const OAUTH_SHORT = 'gloas-oauth-short-lived-0107';
const GRANULAR_NO_USER = 'glpat-granular-no-user-read-0108';
const UNKNOWN = 'gloas-never-issued-token-0109';

let sb: Sandbox;
let srv: HttpServer;
let pinned: HttpServer;
let readOnly: HttpServer;

const count = (suffix: string) => apiRequests(sb).filter((e) => e.path.endsWith(suffix)).length;
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

beforeAll(async () => {
  sb = await withSandbox();
  const app = { kind: 'oauth' as const, userId: 1 };
  sb.addToken(OAUTH_API, { ...app, scopes: ['api', 'read_user', 'openid'], applicationUid: 'app-forge' });
  sb.addToken(OAUTH_READ, { ...app, scopes: ['read_api'], applicationUid: 'app-forge' });
  sb.addToken(OAUTH_MCP, { ...app, scopes: ['mcp'], applicationUid: 'app-dcr' });
  sb.addToken(OAUTH_OTHER_APP, { ...app, scopes: ['api'], applicationUid: 'app-elsewhere' });
  sb.addToken(OAUTH_REVOKE, { ...app, scopes: ['api'], applicationUid: 'app-forge' });
  sb.addToken(OAUTH_UNANSWERED, { ...app, scopes: ['api'], applicationUid: 'app-forge' });
  sb.addToken(GRANULAR_NO_USER, { kind: 'fine_grained', scopes: ['granular'], userId: 1, granularScopes: [{ access: 'instance', permissions: ['read_metadata'] }] });
  for (const t of [OAUTH_API, OAUTH_READ, OAUTH_MCP, OAUTH_OTHER_APP, OAUTH_REVOKE, OAUTH_UNANSWERED, OAUTH_SHORT, GRANULAR_NO_USER, UNKNOWN]) secretsInUse.add(t);
  [srv, pinned, readOnly] = await Promise.all([
    startHttpInProcess(['--auth-mode', 'oauth', '--forge-url', sb.url, '--auth-failure-limit', '6', '--trusted-origins', 'https://app.example.com']),
    startHttpInProcess(['--auth-mode', 'oauth', '--forge-url', sb.url, '--oauth-client-uid', 'app-forge', '--resource-documentation', 'https://docs.example.com/forge-mcp']),
    startHttpInProcess(['--auth-mode', 'oauth', '--forge-url', sb.url, '--read-only', '--public-url', 'https://mcp.example.com/gitlab']),
  ]);
});
afterAll(async () => {
  await Promise.all([srv?.close(), pinned?.close(), readOnly?.close()]);
  await sb?.close();
});

describe('OAuth mode: the door', () => {
  it('answers a request without a credential 401 with a challenge naming the metadata document and the scope', async () => {
    const r = await post(srv, {});
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${srv.url}/.well-known/oauth-protected-resource", scope="api"`);
    expect(errorOf(r.body).error.message).toMatch(/Authorization: Bearer/);
  });

  it('answers PRIVATE-TOKEN 401: OAuth mode reads only Authorization: Bearer', async () => {
    sb.clearLog();
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
    expect(errorOf(r.body).error.message).toMatch(/PRIVATE-TOKEN header is not accepted/);
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('admits an OAuth token after introspection, serves it, and verifies it once (identity cache)', async () => {
    sb.clearLog();
    const c = await connect(srv, bearer(OAUTH_API));
    try {
      const r = await callTool(c, 'forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } });
      expect(r.isError, text(r)).toBeFalsy();
      const c2 = await connect(srv, bearer(OAUTH_API));
      await c2.listTools();
      await c2.close();
    } finally {
      await c.close();
    }
    expect(count('/oauth/token/info')).toBe(1);
    expect(count('/api/v4/user')).toBe(1);
    // Every request the server sent carried the token as a Bearer token, never PRIVATE-TOKEN.
    for (const e of apiRequests(sb)) {
      expect(e.headers['private-token']).toBeUndefined();
    }
  });

  it('serves an OAuth token with read_api the read-only surface', async () => {
    const c = await connect(srv, bearer(OAUTH_READ));
    try {
      const w = await callTool(c, 'forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'x' } });
      expect(w.isError).toBe(true);
      expect(text(w)).toMatch(/not available to this session/);
    } finally {
      await c.close();
    }
  });

  it('admits a personal access token sent as a Bearer token, verified at /personal_access_tokens/self', async () => {
    sb.clearLog();
    const c = await connect(srv, bearer(SANDBOX_TOKEN));
    try {
      const r = await callTool(c, 'forge_execute_action', { action: 'project.get', params: { project_id: 'demo-group/demo-project' } });
      expect(r.isError, text(r)).toBeFalsy();
    } finally {
      await c.close();
    }
    expect(count('/personal_access_tokens/self')).toBe(1);
    expect(count('/oauth/token/info')).toBe(0);
  });

  it('answers a token the platform refuses 401 invalid_token, naming only Authorization: Bearer, remembers it, and charges the address', async () => {
    sb.clearLog();
    const r = await post(srv, bearer(UNKNOWN));
    expect(r.status).toBe(401);
    const challenge = r.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="[^"]+", scope="api"$/);
    const message = errorOf(r.body).error.message;
    expect(message).toMatch(/^the platform rejected the token/);
    // OAuth mode refuses PRIVATE-TOKEN, so the way out names only the header it reads.
    expect(message).toContain('Authorization: Bearer');
    expect(message).not.toMatch(/PRIVATE-TOKEN/i);
    const again = await post(srv, bearer(UNKNOWN));
    expect(errorOf(again.body).error.message).not.toMatch(/PRIVATE-TOKEN/i);
    expect(again.status).toBe(401);
    expect(count('/api/v4/user')).toBe(1); // remembered: the platform is not asked twice
  });

  it('refuses a token carrying neither read_api nor api (the mcp scope) 403 insufficient_scope, never charged', async () => {
    for (let i = 0; i < 8; i++) {
      const r = await post(srv, bearer(OAUTH_MCP));
      expect(r.status).toBe(403);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", error_description="[^"]+", scope="read_api", resource_metadata="/);
      const e = errorOf(r.body).error;
      expect(e.code).toBe(-40300);
      expect(e.message).toMatch(/neither the read_api nor the api scope/);
      expect(e.message).toMatch(/carries: mcp/);
    }
  });

  it('refuses a fine-grained token without User: Read 403 with its own description', async () => {
    const r = await post(srv, bearer(GRANULAR_NO_USER));
    expect(r.status).toBe(403);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", error_description="The token may not read its own user[^"]*", scope="read_api"/);
    expect(errorOf(r.body).error.message).toMatch(/^The platform accepted the token and refused it permission to read its own user/);
  });

  it('admits on an assumed api scope when neither introspection endpoint answers', async () => {
    sb.clearLog();
    sb.fault({ path: '/api/v4/personal_access_tokens/self', status: 404, times: 1 });
    sb.fault({ path: '/oauth/token/info', status: 502, times: 3 });
    const c = await connect(srv, bearer(OAUTH_UNANSWERED));
    try {
      const tools = await c.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action']);
      const r = await callTool(c, 'forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } });
      expect(r.isError, text(r)).toBeFalsy();
    } finally {
      await c.close();
      sb.clearFaults();
    }
    // Admitted on an assumed api scope, the pool entry asked the self endpoint itself at build.
    expect(count('/personal_access_tokens/self')).toBe(2);
  });

  it('answers 503 with Retry-After when the platform throttles the credential check, and does not remember it', async () => {
    const token = 'gloas-oauth-throttled-0110';
    secretsInUse.add(token);
    sb.addToken(token, { kind: 'oauth', scopes: ['api'], userId: 1 });
    sb.fault({ path: '/api/v4/user', status: 429, headers: { 'retry-after': '2' }, times: 3 });
    const r = await post(srv, bearer(token));
    sb.clearFaults();
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('2');
    expect(r.headers.get('www-authenticate')).toBeNull();
    expect(errorOf(r.body).error.message).toMatch(/has not been rejected/);
    expect((await post(srv, bearer(token))).status).toBe(200);
  });

  it('ends the pool entry when a call is refused; the door then refuses the token although its identity stays cached', async () => {
    const c = await connect(srv, bearer(OAUTH_REVOKE));
    try {
      expect((await callTool(c, 'forge_execute_action', { action: 'project.get', params: { project_id: 1 } })).isError).toBeFalsy();
      sb.state.tokens.get(OAUTH_REVOKE)!.revoked = true;
      sb.clearLog();
      const refused = await callTool(c, 'forge_execute_action', { action: 'project.get', params: { project_id: 1 } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^projectGet: authentication failed:/);
    } finally {
      await c.close().catch(() => undefined);
    }
    const r = await post(srv, bearer(OAUTH_REVOKE));
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(count('/api/v4/user')).toBe(1); // the door's own check
    expect(count('/oauth/token/info')).toBe(0); // the identity was still cached: not introspected again
  });

  it('never caches an identity past the token expiry', async () => {
    sb.addToken(OAUTH_SHORT, { kind: 'oauth', userId: 1, scopes: ['api'], applicationUid: 'app-forge', expiresAt: new Date(Date.now() + 2_000).toISOString() });
    const c = await connect(srv, bearer(OAUTH_SHORT));
    await c.listTools();
    await c.close();
    await new Promise((r) => setTimeout(r, 2_500));
    sb.clearLog();
    const r = await post(srv, bearer(OAUTH_SHORT));
    // The cached identity expired with the token: it is verified again, and the platform now refuses it.
    expect(r.status).toBe(401);
    expect(count('/api/v4/user')).toBe(1);
  });

  it('blocks an address over the failure budget with 429, still serving a cached identity with a pooled session', async () => {
    const held = await connect(srv, bearer(OAUTH_API));
    try {
      let blocked: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 10 && !blocked; i++) {
        const r = await post(srv, bearer(`gloas-bad-token-${i}-0111`));
        if (r.status === 429) blocked = r;
        else expect(r.status).toBe(401);
      }
      expect(blocked?.status).toBe(429);
      expect(Number(blocked?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked?.headers.get('www-authenticate')).toBeNull();
      const still = await callTool(held, 'forge_execute_action', { action: 'project.get', params: { project_id: 1 } });
      expect(still.isError, text(still)).toBeFalsy();
    } finally {
      await held.close();
    }
  });
});

describe('OAuth mode: the protected-resource metadata document', () => {
  it('publishes the resource, the instances, one scope and the documentation, cacheable for an hour', async () => {
    const r = await fetch(`${pinned.url}/.well-known/oauth-protected-resource`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await r.json()).toEqual({
      resource: pinned.url,
      authorization_servers: [sb.url],
      scopes_supported: ['api'],
      bearer_methods_supported: ['header'],
      resource_documentation: 'https://docs.example.com/forge-mcp',
    });
  });

  it('follows --public-url: the document sits at the host root with the path appended, and read-only publishes read_api', async () => {
    expect((await fetch(`${readOnly.url}/.well-known/oauth-protected-resource`)).status).toBe(404);
    const r = await fetch(`${readOnly.url}/.well-known/oauth-protected-resource/gitlab`, { headers: { host: 'mcp.example.com' } });
    expect(r.status).toBe(200);
    const doc = (await r.json()) as Record<string, unknown>;
    expect(doc.resource).toBe('https://mcp.example.com/gitlab');
    expect(doc.scopes_supported).toEqual(['read_api']);
    const unauth = await post(readOnly, {});
    expect(unauth.headers.get('www-authenticate')).toBe('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/gitlab", scope="read_api"');
  });
});

describe('OAuth mode: the application pin (--oauth-client-uid)', () => {
  it('admits a token of a listed application', async () => {
    const c = await connect(pinned, bearer(OAUTH_API));
    try {
      expect((await c.listTools()).tools).toHaveLength(2);
    } finally {
      await c.close();
    }
  });

  it('refuses another application, and every personal access token, 401 with error_uri, never charged', async () => {
    for (let i = 0; i < 12; i++) {
      for (const t of [OAUTH_OTHER_APP, SANDBOX_TOKEN]) {
        const r = await post(pinned, bearer(t));
        expect(r.status).toBe(401);
        expect(r.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", error_uri="https:\/\/docs\.example\.com\/forge-mcp", resource_metadata=/);
      }
    }
  });

  it('answers 503 when the introspection the pin needs is unanswered, and does not remember it', async () => {
    const token = 'gloas-oauth-pin-unanswered-0112';
    secretsInUse.add(token);
    sb.addToken(token, { kind: 'oauth', scopes: ['api'], userId: 1, applicationUid: 'app-forge' });
    sb.fault({ path: '/oauth/token/info', status: 500, times: 3 });
    const r = await post(pinned, bearer(token));
    sb.clearFaults();
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBeTruthy();
    expect(r.headers.get('www-authenticate')).toBeNull();
    expect((await post(pinned, bearer(token))).status).toBe(200);
  });
});

describe('OAuth mode: instance selection and CORS', () => {
  it('drops PRIVATE-TOKEN from the preflight header list', async () => {
    const pre = await fetch(`${srv.url}/mcp`, { method: 'OPTIONS', headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).not.toMatch(/PRIVATE-TOKEN/);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('answers a FORGE-URL naming an unpublished instance 403, naming the published ones', async () => {
    const two = await startHttpInProcess(['--auth-mode', 'oauth', '--forge-url', `${sb.url},https://gitlab.example.com`]);
    try {
      const other = await post(two, { ...bearer(OAUTH_API), 'FORGE-URL': 'https://elsewhere.example.com' }, rpc('tools/list'));
      expect(other.status).toBe(403);
      const e = errorOf(other.body).error;
      expect(e.code).toBe(-40300);
      expect(e.message).toContain(sb.url);
      expect(e.message).toContain('https://gitlab.example.com');
      expect((await post(two, bearer(OAUTH_API), rpc('tools/list'))).status).toBe(400);
    } finally {
      await two.close();
    }
  });
});
