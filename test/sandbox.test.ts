// The sandbox instance on its own, through global fetch: authentication, pagination, state, redirects, faults, GraphQL, fallback.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { startSandbox, SANDBOX_TOKEN, READONLY_TOKEN, ADMIN_TOKEN, READUSER_TOKEN, GRANULAR_TOKEN, type Sandbox } from '../src/sandbox/index.js';

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox(); });
afterAll(async () => { await sb.close(); });
beforeEach(() => { sb.clearLog(); sb.clearFaults(); });

const auth = (token = SANDBOX_TOKEN) => ({ 'PRIVATE-TOKEN': token });
async function call(method: string, path: string, opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.token === null ? {} : auth(opts.token ?? SANDBOX_TOKEN)), ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sb.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body: body as any };
}

describe('authentication', () => {
  it('answers 401 without a token and for an unknown one, with the same bytes', async () => {
    const none = await call('GET', '/api/v4/projects/1', { token: null });
    const unknown = await call('GET', '/api/v4/projects/1', { token: 'glpat-nope' });
    expect(none).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect(unknown.body).toEqual(none.body);
    expect(unknown.headers.get('www-authenticate')).toBeNull();
  });

  it('answers RFC 6750 invalid_token for a revoked or expired token', async () => {
    sb.addToken('glpat-revoked-1', { kind: 'classic', scopes: ['api'], userId: 1, revoked: true });
    sb.addToken('glpat-expired-1', { kind: 'classic', scopes: ['api'], userId: 1, expiresAt: '2020-01-01' });
    const revoked = await call('GET', '/api/v4/user', { token: 'glpat-revoked-1' });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: 'invalid_token', error_description: 'Token was revoked. You have to re-authorize from the user.' });
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer realm="GitLab", error="invalid_token"/);
    const expired = await call('GET', '/api/v4/user', { headers: { authorization: 'Bearer glpat-expired-1' }, token: null });
    expect(expired.body.error_description).toMatch(/Token is expired/);
  });

  it('refuses writes without api and API reads with read_user only (insufficient_scope)', async () => {
    const write = await call('POST', '/api/v4/projects/1/issues', { token: READONLY_TOKEN, body: { title: 'x' } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope: 'api' });
    expect((await call('GET', '/api/v4/projects/1', { token: READONLY_TOKEN })).status).toBe(200);
    expect((await call('GET', '/api/v4/projects', { token: READUSER_TOKEN })).body.error).toBe('insufficient_scope');
    expect((await call('GET', '/api/v4/user', { token: READUSER_TOKEN })).status).toBe(200);
  });

  it('keeps admin routes for administrators', async () => {
    expect(await call('GET', '/api/v4/application/settings')).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    // Past the admin gate: a route the sandbox does not simulate is refused in so many words.
    expect(await call('GET', '/api/v4/application/settings', { token: ADMIN_TOKEN })).toMatchObject({ status: 501, body: { message: 'not simulated by the sandbox: GET /application/settings' } });
    expect((await call('GET', '/api/v4/projects/3', { token: ADMIN_TOKEN })).body.path_with_namespace).toBe('root/admin-tools');
    expect(await call('GET', '/api/v4/projects/3')).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
  });

  it('describes each token kind', async () => {
    expect((await call('GET', '/api/v4/personal_access_tokens/self')).body).toMatchObject({ id: 1, scopes: ['api', 'read_api', 'read_user'], user_id: 1, active: true, revoked: false });
    const granular = await call('GET', '/api/v4/personal_access_tokens/self', { token: GRANULAR_TOKEN });
    expect(granular.body.scopes).toEqual(['granular']);
    const grant = await call('GET', `/api/v4/personal_access_tokens/${granular.body.id}`, { token: GRANULAR_TOKEN });
    expect(grant.body.granular_scopes).toEqual(expect.arrayContaining([expect.objectContaining({ access: 'user', permissions: expect.arrayContaining(['read_user']) })]));
    sb.addToken('oauth-sandbox-1', { kind: 'oauth', scopes: ['api'], userId: 1 });
    const bearer = { token: null, headers: { authorization: 'Bearer oauth-sandbox-1' } };
    expect((await call('GET', '/api/v4/user', bearer)).status).toBe(200);
    expect((await call('GET', '/api/v4/user', { token: 'oauth-sandbox-1' })).status).toBe(401);
    expect((await call('GET', '/api/v4/personal_access_tokens/self', bearer)).status).toBe(401);
    const info = await call('GET', '/oauth/token/info', bearer);
    expect(info.body).toMatchObject({ resource_owner_id: 1, scope: ['api'], application: { uid: 'app-uid-1' } });
  });

  it('refuses a fine-grained token outside its grant with insufficient_granular_scope', async () => {
    sb.addToken('glpat-narrow-1', { kind: 'fine_grained', scopes: ['granular'], userId: 1, granularScopes: [{ access: 'selected_memberships', project_ids: [1], permissions: ['read_project'] }] });
    expect((await call('GET', '/api/v4/projects/1', { token: 'glpat-narrow-1' })).status).toBe(200);
    const refused = await call('GET', '/api/v4/projects/1/issues', { token: 'glpat-narrow-1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_granular_scope');
    expect(refused.body.error_description).toContain('[Work Item: Read]');
  });
});

describe('REST objects with state', () => {
  it('paginates like the platform', async () => {
    const r = await call('GET', '/api/v4/projects/1/issues?per_page=10&page=2');
    expect(r.body).toHaveLength(10);
    expect(Object.fromEntries(['x-page', 'x-per-page', 'x-next-page', 'x-prev-page', 'x-total', 'x-total-pages'].map((h) => [h, r.headers.get(h)])))
      .toEqual({ 'x-page': '2', 'x-per-page': '10', 'x-next-page': '3', 'x-prev-page': '1', 'x-total': '25', 'x-total-pages': '3' });
    const link = r.headers.get('link')!;
    for (const rel of ['prev', 'next', 'first', 'last']) expect(link).toContain(`rel="${rel}"`);
    expect(link).toContain(`<${sb.url}/api/v4/projects/1/issues?page=3&per_page=10>; rel="next"`);
    const last = await call('GET', '/api/v4/projects/1/issues?per_page=10&page=3');
    expect(last.headers.get('x-next-page')).toBe('');
    const keyset = await call('GET', '/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=1');
    expect(keyset.headers.get('x-total')).toBeNull();
    expect(keyset.headers.get('link')).toMatch(/id_after=1.*rel="next"/);
  });

  it('addresses a project by URL-encoded path', async () => {
    const r = await call('GET', '/api/v4/projects/demo-group%2Fdemo-project');
    expect(r.body).toMatchObject({ id: 1, default_branch: 'main', path_with_namespace: 'demo-group/demo-project' });
    expect(sb.log[0]).toMatchObject({ origin: 'api', method: 'GET', path: '/api/v4/projects/demo-group%2Fdemo-project', status: 200 });
    expect(sb.log[0].headers['private-token']).toBe(SANDBOX_TOKEN);
  });

  it('creates, lists, closes and reads an issue', async () => {
    expect(await call('POST', '/api/v4/projects/1/issues', { body: {} })).toMatchObject({ status: 400, body: { error: 'title is missing' } });
    const created = await call('POST', '/api/v4/projects/1/issues', { body: { title: 'Sandbox issue', labels: 'bug,triage' } });
    expect(created.status).toBe(201);
    const { iid } = created.body;
    expect(created.body).toMatchObject({ project_id: 1, state: 'opened', labels: ['bug', 'triage'], author: { username: 'demo' } });
    const listed = await call('GET', '/api/v4/projects/1/issues?search=Sandbox%20issue');
    expect(listed.body.map((i: { iid: number }) => i.iid)).toContain(iid);
    expect((await call('PUT', `/api/v4/projects/1/issues/${iid}`, { body: { state_event: 'close' } })).body.state).toBe('closed');
    const got = await call('GET', `/api/v4/projects/1/issues/${iid}`);
    expect(got.body).toMatchObject({ state: 'closed', closed_by: { id: 1 } });
    expect(sb.log.find((e) => e.method === 'PUT')?.body).toEqual({ state_event: 'close' });
    expect(await call('GET', '/api/v4/projects/1/issues/99999')).toMatchObject({ status: 404, body: { message: '404 Issue Not Found' } });
  });

  it('creates a branch and a file on it, then reads both back', async () => {
    expect((await call('POST', '/api/v4/projects/1/repository/branches', { body: { branch: 'sandbox/test', ref: 'main' } })).status).toBe(201);
    expect((await call('GET', '/api/v4/projects/1/repository/branches/sandbox%2Ftest')).body.name).toBe('sandbox/test');
    const missing = await call('POST', '/api/v4/projects/1/repository/files/notes.md', { body: { branch: 'sandbox/test' } });
    expect(missing.body).toEqual({ error: 'commit_message is missing, content is missing' });
    const made = await call('POST', '/api/v4/projects/1/repository/files/docs%2Fnotes.md', { body: { branch: 'sandbox/test', content: 'hello\n', commit_message: 'Add notes' } });
    expect(made).toMatchObject({ status: 201, body: { file_path: 'docs/notes.md', branch: 'sandbox/test' } });
    const file = await call('GET', '/api/v4/projects/1/repository/files/docs%2Fnotes.md?ref=sandbox%2Ftest');
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('hello\n');
    const raw = await call('GET', '/api/v4/projects/1/repository/files/docs%2Fnotes.md/raw?ref=sandbox/test');
    expect(raw.body).toBe('hello\n');
    expect((await call('GET', '/api/v4/projects/1/repository/files/docs%2Fnotes.md?ref=main')).status).toBe(404);
  });

  it('merges a mergeable merge request and refuses an already merged one', async () => {
    expect(await call('PUT', '/api/v4/projects/1/merge_requests/2/merge')).toMatchObject({ status: 405, body: { message: '405 Method Not Allowed' } });
    const diffs = await call('GET', '/api/v4/projects/1/merge_requests/1/diffs');
    expect(diffs.body.map((d: { new_path: string }) => d.new_path)).toEqual(['src/auth/login.ts', 'test/login.test.ts']);
    expect((await call('POST', '/api/v4/projects/1/merge_requests/1/approve')).body).toMatchObject({ approved: true, approved_by: [{ user: { username: 'demo' } }] });
    expect((await call('POST', '/api/v4/projects/1/merge_requests/1/approve')).status).toBe(401);
    const merged = await call('PUT', '/api/v4/projects/1/merge_requests/1/merge');
    expect(merged.body).toMatchObject({ state: 'merged', merged_by: { username: 'demo' } });
    expect((await call('GET', '/api/v4/projects/1/issues/1')).body.state).toBe('closed');
  });
});

describe('label priorities (ProjectLabel)', () => {
  it('a priority given on create or update is kept and read back; null removes it; a negative one is refused', async () => {
    expect((await call('PUT', '/api/v4/projects/1/labels/documentation', { body: { priority: 3 } })).body.priority).toBe(3);
    expect((await call('GET', '/api/v4/projects/1/labels/documentation')).body.priority).toBe(3);
    expect((await call('PUT', '/api/v4/projects/1/labels/documentation', { body: { color: '#00ff00' } })).body.priority).toBe(3);
    expect((await call('PUT', '/api/v4/projects/1/labels/documentation', { body: { priority: null } })).body.priority).toBeNull();
    expect(await call('PUT', '/api/v4/projects/1/labels/documentation', { body: { priority: -1 } })).toMatchObject({ status: 400, body: { error: 'priority is invalid' } });
    const made = await call('POST', '/api/v4/projects/1/labels', { body: { name: 'prio-label', color: '#123456', priority: 0 } });
    expect(made).toMatchObject({ status: 201, body: { name: 'prio-label', priority: 0 } });
    expect((await call('GET', '/api/v4/projects/1/labels?search=prio-label')).body[0].priority).toBe(0);
  });
});

describe('Premium data on a Free instance (the default sandbox), as GitLab answers it', () => {
  it('refuses project approval rules with 403 before it looks at the project; a merge request lists none, as its approval state says', async () => {
    for (const [method, path] of [['GET', '/api/v4/projects/1/approval_rules'], ['GET', '/api/v4/projects/1/approval_rules/1'], ['GET', '/api/v4/projects/999/approval_rules'],
      ['POST', '/api/v4/projects/1/approval_rules'], ['PUT', '/api/v4/projects/1/approval_rules/1'], ['DELETE', '/api/v4/projects/1/approval_rules/1']] as const) {
      expect(await call(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: { name: 'x', approvals_required: 1 } })).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    }
    expect(await call('GET', '/api/v4/projects/1/merge_requests/1/approval_rules')).toMatchObject({ status: 200, body: [] });
    expect((await call('GET', '/api/v4/projects/1/merge_requests/1/approval_state')).body.rules).toEqual([]);
    expect((await call('GET', '/api/v4/projects/1/merge_requests/1/approvals')).body).toMatchObject({ approvals_required: 0 });
  });

  it('does not expose an issue\'s weight (supports_weight? needs the licence)', async () => {
    expect((await call('GET', '/api/v4/projects/1/issues/1')).body).not.toHaveProperty('weight');
    expect((await call('GET', '/api/v4/projects/1/issues?iids[]=1')).body[0]).not.toHaveProperty('weight');
  });
});

describe('redirects, faults and the log', () => {
  it('serves a job trace itself, 200 text/plain, as GitLab does (no redirect)', async () => {
    const r = await call('GET', '/api/v4/projects/1/jobs/2022/trace');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain');
    const lines = String(r.body).split('\n');
    expect(lines.length).toBeGreaterThan(150);
    expect(lines.join('\n')).toContain('ERROR: Job failed: exit code 1');
    expect(sb.log.filter((e) => e.origin === 'storage')).toHaveLength(0);
  });

  it('redirects an artifact download to the storage origin, which never sees the credential', async () => {
    const r = await call('GET', '/api/v4/projects/1/jobs/2021/artifacts/dist/index.js');
    expect(r.status).toBe(302);
    const location = r.headers.get('location')!;
    expect(location.startsWith(`${sb.storageUrl}/artifacts/2021/files/dist/index.js?`)).toBe(true);
    const file = await fetch(location);
    expect(await file.text()).toContain("import { login } from './auth/login.js';");
    const storage = sb.log.filter((e) => e.origin === 'storage');
    expect(storage).toHaveLength(1);
    expect(storage[0]).toMatchObject({ method: 'GET', path: '/artifacts/2021/files/dist/index.js', status: 200 });
    expect(storage[0].headers).not.toHaveProperty('private-token');
    expect(storage[0].headers).not.toHaveProperty('authorization');
  });

  it('applies a fault rule the given number of times', async () => {
    sb.fault({ method: 'GET', path: '/api/v4/projects/:id/issues', status: 503, times: 2 });
    expect((await call('GET', '/api/v4/projects/1/issues')).status).toBe(503);
    expect((await call('GET', '/api/v4/projects/2/issues')).body).toEqual({ message: '503 Service Unavailable' });
    expect((await call('GET', '/api/v4/projects/1/issues')).status).toBe(200);
    expect(sb.log.map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it('resets the connection before headers', async () => {
    sb.fault({ path: /\/issues\/1$/, reset: 'before-headers', times: 1 });
    await expect(fetch(`${sb.url}/api/v4/projects/1/issues/1`, { headers: auth() })).rejects.toThrow();
    expect((await call('GET', '/api/v4/projects/1/issues/1')).status).toBe(200);
  });

  it('resets after headers, and matches GraphQL faults by operation', async () => {
    sb.fault({ path: '/api/v4/version', reset: 'after-headers', times: 1 });
    const res = await fetch(`${sb.url}/api/v4/version`, { headers: auth() });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    sb.fault({ path: '/api/graphql', graphqlOperation: 'workItemCreate', status: 502, times: 1 });
    const other = await call('POST', '/api/graphql', { body: { query: '{ currentUser { username } }' } });
    expect(other.body).toEqual({ data: { currentUser: { username: 'demo' } } });
    const hit = await call('POST', '/api/graphql', { body: { query: 'mutation($i: WorkItemCreateInput!) { workItemCreate(input: $i) { errors } }', variables: { i: {} } } });
    expect(hit.status).toBe(502);
  });

  it('answers bad JSON with 400 and unknown origins paths with 404', async () => {
    const res = await fetch(`${sb.url}/api/v4/projects/1/issues`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"title":' });
    expect(res.status).toBe(400);
    expect((await call('GET', '/nope')).status).toBe(404);
    expect((await call('GET', '/api/v4/no_such_resource')).status).toBe(404);
  });
});

describe('GraphQL', () => {
  const gql = (query: string, variables: Record<string, unknown> = {}, token: string | null = SANDBOX_TOKEN) =>
    call('POST', '/api/graphql', { token, body: { query, variables } });

  it('answers a project query with real data and connections', async () => {
    const r = await gql('query($p: ID!) { project(fullPath: $p) { id name workItems(first: 2) { nodes { iid title } pageInfo { hasNextPage endCursor } } } }', { p: 'demo-group/demo-project' });
    expect(r.body.data.project).toMatchObject({ id: 'gid://gitlab/Project/1', name: 'Demo Project' });
    expect(r.body.data.project.workItems.nodes).toHaveLength(2);
    expect(r.body.data.project.workItems.pageInfo.hasNextPage).toBe(true);
    expect((await gql('{ project(fullPath: "root/admin-tools") { id } }')).body).toEqual({ data: { project: null } });
  });

  it('refuses a mutation it does not simulate in an errors[] entry, after the permission check', async () => {
    const r = await gql('mutation { achievementsCreate(input: { namespaceId: "gid://gitlab/Group/10", name: "Helper" }) { errors achievement { id name } } }');
    expect(r.body).toEqual({ data: { achievementsCreate: null }, errors: [{ message: 'not simulated by the sandbox: GraphQL mutation achievementsCreate', path: ['achievementsCreate'] }] });
    const q = await gql('{ vulnerabilities(first: 2) { nodes { id title } } }');
    expect(q.body).toEqual({ data: { vulnerabilities: null }, errors: [{ message: 'not simulated by the sandbox: GraphQL query vulnerabilities', path: ['vulnerabilities'] }] });
    const ro = await gql('mutation { achievementsCreate(input: { name: "x" }) { errors } }', {}, READONLY_TOKEN);
    expect(ro.body.data.achievementsCreate).toBeNull();
    expect(ro.body.errors[0].message).toMatch(/don't have permission/);
    expect((await gql('{ currentUser { username } }', {}, 'glpat-bad')).status).toBe(401);
  });
});

describe('routes it does not simulate', () => {
  it('refuses them with 501 naming the route template, after the parent objects are checked', async () => {
    expect(await call('POST', '/api/v4/projects/1/remote_mirrors/7/sync')).toMatchObject({ status: 501, body: { message: 'not simulated by the sandbox: POST /projects/:id/remote_mirrors/:mirror_id/sync' } });
    expect(await call('POST', '/api/v4/projects/demo-group%2Fdemo-project/mirror/pull')).toMatchObject({ status: 501, body: { message: 'not simulated by the sandbox: POST /projects/:id/mirror/pull' } });
    expect(await call('GET', '/api/v4/projects/424242/deploy_keys')).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
    expect(await call('GET', '/api/v4/nonsense')).toMatchObject({ status: 404, body: { error: '404 Not Found' } });
  });
});

describe('test-only placeholders mode', () => {
  let ph: Sandbox;
  beforeAll(async () => { ph = await startSandbox({ placeholders: true }); });
  afterAll(async () => { await ph.close(); });
  const call = async (method: string, path: string, opts: { body?: unknown } = {}) => {
    const res = await fetch(`${ph.url}${path}`, { method, headers: { ...auth(), ...(opts.body ? { 'content-type': 'application/json' } : {}) }, body: opts.body ? JSON.stringify(opts.body) : undefined });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };

  it('lists a collection with pagination headers and echoes a create', async () => {
    const list = await call('GET', '/api/v4/projects/1/deploy_keys');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ id: 1, created_at: expect.any(String) });
    expect(list.headers.get('x-total')).toBe('2');
    const key = await call('POST', '/api/v4/projects/1/deploy_keys', { body: { title: 'ci', key: 'ssh-ed25519 AAAA', can_push: true } });
    expect(key).toMatchObject({ status: 201, body: { title: 'ci', can_push: true, id: expect.any(Number) } });
    expect((await call('GET', '/api/v4/projects/1/deploy_keys/7')).body).toMatchObject({ id: 7 });
    expect((await call('DELETE', '/api/v4/projects/1/deploy_keys/7')).status).toBe(204);
    expect(await call('GET', '/api/v4/projects/424242/deploy_keys')).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
  });
});
