// Fine-grained tokens (SPEC "Session grant state", "Fine-grained token handling", "Fine-grained
// refusals"): with the grant readable on a 19.4 instance (phase B) the session is listed only what its
// grant reaches, and calls it may not make are refused before anything reaches the platform; on another
// release (phase A) only what no fine-grained token reaches is withheld.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { DEFAULT_GRANT, GRANULAR_TOKEN, type Sandbox, type SandboxOptions } from '../src/sandbox/index.js';
import { apiRequests, sandboxPerFile, text, withSandbox, type Running } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

/** A sandbox and two sessions of the granular token on it: the dynamic surface (dyn) and the individual one (ind). */
function granularSessions(opts?: SandboxOptions): { readonly sb: Sandbox; readonly dyn: Running; readonly ind: Running } {
  const on = sandboxPerFile(opts) as { sb: Sandbox; dyn: Running; ind: Running };
  beforeAll(async () => {
    [on.dyn, on.ind] = await Promise.all([
      startInProcess({ sandbox: on.sb, token: GRANULAR_TOKEN }),
      startInProcess({ sandbox: on.sb, token: GRANULAR_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } }),
    ]);
  });
  afterAll(async () => { await Promise.all([on.dyn?.close(), on.ind?.close()]); });
  return on;
}

describe('phase B: grant read, 19.4 instance', () => {
  const on = granularSessions();

  it('says which phase the session runs in, and never logs the grant', () => {
    expect(on.dyn.stderr()).toMatch(/"phase":"B".*fine-grained session: the grant is evaluated/);
    expect(on.dyn.stderr()).not.toMatch(/granular_scopes|all_memberships|read_work_item/);
  });

  it('lists only what the grant reaches', async () => {
    const names = (await on.ind.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('forge_issue_create'); // create_work_item is granted
    expect(names).toContain('forge_project_get');
    expect(names).not.toContain('forge_project_delete'); // delete_project is not
    expect(names).not.toContain('forge_issue_work_item_list'); // no fine-grained token reaches it
    const found = await on.dyn.call('forge_find_action', { query: 'delete a project', limit: 20 });
    expect(JSON.stringify(found.structuredContent)).not.toContain('"project.delete"');
  });

  it('refuses a write the grant does not reach before anything reaches the platform, naming the permission', async () => {
    on.sb.clearLog();
    const r = await on.dyn.call('forge_execute_action', { action: 'project.delete', params: { project_id: 1 }, confirm: true });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^forge_execute_action: action "project\.delete" exists but this fine-grained personal access token was not granted what it needs: the project permission \[Project: Delete\]\. A grant cannot be changed: .* classic token .*Do not report the capability as missing\.$/);
    expect(apiRequests(on.sb)).toHaveLength(0);
    // The log line is written as the answer goes out; stderr may reach the test a moment later.
    await expect.poll(() => on.dyn.stderr(), { timeout: 5_000 }).toMatch(/"reason":"fine_grained".*call withheld/);
    // On the individual surface a client holding an earlier listing gets the same refusal, unprefixed.
    const i = await on.ind.call('forge_project_delete', { project_id: 1, confirm: true });
    expect(text(i)).toMatch(/^action "project\.delete" exists but this fine-grained personal access token was not granted/);
  });

  it('refuses what no fine-grained token reaches, naming the type that declares no permission', async () => {
    on.sb.clearLog();
    const r = await on.dyn.call('forge_execute_action', { action: 'issue.work_item_list', params: { full_path: 'demo-group/demo-project' } });
    expect(text(r)).toMatch(/^forge_execute_action: action "issue\.work_item_list" exists but is not available to a fine-grained personal access token: the GraphQL type Namespace on the path of its answer declares no fine-grained permission at the recorded release 19\.4, so the platform answers null there \(a list comes back empty\)\. Use a classic token .*Do not report the capability as missing\.$/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('passes an unlisted read to the platform, which judges it (public projects are served without the permission)', async () => {
    on.sb.clearLog();
    await on.dyn.call('forge_execute_action', { action: 'project.label_list', params: { project_id: 1 } });
    expect(apiRequests(on.sb).some((e) => e.path.endsWith('/labels'))).toBe(true);
  });

  it('serves what the grant reaches', async () => {
    const r = await on.dyn.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
    expect(r.isError, text(r)).toBeFalsy();
  });

  it('describes a withheld action in forge://tools with a withheld block instead of not found', async () => {
    const r = await on.dyn.client.readResource({ uri: 'forge://tools/project.delete' });
    const detail = JSON.parse((r.contents[0] as { text: string }).text) as { withheld?: { cause: string; message: string }; fine_grained: unknown };
    expect(detail.withheld?.cause).toBe('fine-grained');
    expect(detail.withheld?.message).toMatch(/not granted what it needs: the project permission \[Project: Delete\]/);
    expect(detail.fine_grained).toEqual({ available: true, permissions: ['delete_project'], boundary: 'project' });
  });
});

describe('refusal 2 names the GraphQL type or mutation that declares no permission, as the catalog records it', () => {
  const on = granularSessions({ licensed: true });

  const refuse = async (action: string, params: Record<string, unknown>) => {
    on.sb.clearLog();
    const r = await on.dyn.call('forge_execute_action', { action, params, confirm: true });
    expect(r.isError).toBe(true);
    expect(apiRequests(on.sb), `${action} reached the platform`).toHaveLength(0);
    return text(r);
  };
  const opening = (id: string) => `forge_execute_action: action "${id}" exists but is not available to a fine-grained personal access token: `;

  it('a type under a root field that declares one: BranchRule, not the project query', async () => {
    const t = await refuse('branch.rule_list', { project_id: 'demo-group/demo-project' });
    expect(t.startsWith(`${opening('branch.rule_list')}the GraphQL type BranchRule on the path of its answer declares no fine-grained permission at the recorded release 19.4`)).toBe(true);
    expect(t).not.toMatch(/query project/);
  });

  it('a write whose answer type declares nothing: the type and the mutation, and that the change would be made', async () => {
    const t = await refuse('custom_emoji.delete', { custom_emoji_id: 1 });
    expect(t).toBe(`${opening('custom_emoji.delete')}the GraphQL type CustomEmoji, which the mutation destroyCustomEmoji answers with, declares no fine-grained permission at the recorded release 19.4, so the platform would make the change and answer null. Use a classic token (an existing one, on an instance that no longer lets you create them), where the group does not refuse classic tokens. Do not report the capability as missing.`);
    const detail = await on.dyn.client.readResource({ uri: 'forge://tools/custom_emoji.delete' });
    expect(JSON.parse((detail.contents[0] as { text: string }).text).fine_grained).toEqual({ available: false, withheld: 'answer', declares_no_permission: 'CustomEmoji' });
  });

  it('a mutation that declares nothing', async () => {
    const t = await refuse('security_attribute.bulk_update', { project_ids: [1], attribute_ids: ['1'], mode: 'ADD' });
    expect(t.startsWith(`${opening('security_attribute.bulk_update')}the GraphQL mutation BulkUpdateSecurityAttributes declares no fine-grained permission at the recorded release 19.4, so the platform refuses it.`)).toBe(true);
  });

  it('a write whose lookup reads through a type that declares nothing is refused before the lookup is sent', async () => {
    const t = await refuse('issue.work_item_update', { full_path: 'demo-group/demo-project', work_item_iid: 1, title: 'x' });
    expect(t.startsWith(`${opening('issue.work_item_update')}the GraphQL type Namespace on the path of its answer`)).toBe(true);
    const names = (await on.ind.client.listTools()).tools.map((x) => x.name);
    expect(names).not.toContain('forge_issue_work_item_update'); // update_work_item is granted, yet no fine-grained token reaches it
    expect(names).toContain('forge_issue_update');
    // REST is never withheld from every fine-grained token: the HEAD of a raw file is its GET (read_repository,
    // granted); runner and trigger-token routes authenticate with their own token, not the grant.
    expect(names).toEqual(expect.arrayContaining(['forge_repository_file_raw_metadata', 'forge_runner_register', 'forge_pipeline_trigger_run']));
  });

  it('words a reachable GraphQL refusal with the permission table\'s display name and boundary (not always Project)', async () => {
    on.sb.clearLog();
    const r = await on.dyn.call('forge_execute_action', { action: 'security_category.delete', params: { security_category_id: 1 }, confirm: true });
    expect(text(r)).toMatch(/not granted what it needs: the group permission \[Security Attribute: Delete\]\./);
    expect(apiRequests(on.sb)).toHaveLength(0);
    const detail = await on.dyn.client.readResource({ uri: 'forge://tools/security_category.delete' });
    expect(JSON.parse((detail.contents[0] as { text: string }).text).fine_grained).toEqual({ available: true, permissions: ['delete_security_attribute'], boundary: 'group' });
  });
});

describe('phase A: release outside the record', () => {
  const on = sandboxServer({ sandbox: { version: '18.11.2-ee' }, token: GRANULAR_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });

  it('logs the fallback reason, lists what the grant would not reach, and withholds only what no fine-grained token reaches', async () => {
    expect(on.srv.stderr()).toMatch(/"phase":"A","reason":"version-outside-record"/);
    const names = (await on.srv.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('forge_project_delete');
    expect(names).not.toContain('forge_issue_work_item_list');
    const r = await on.srv.call('forge_issue_work_item_list', { full_path: 'demo-group/demo-project' });
    expect(text(r)).toMatch(/^action "issue\.work_item_list" exists but is not available to a fine-grained personal access token: .* The grant was not evaluated: the instance release is outside the record \(it reports 18\.11\.2-ee; the permission table is recorded for 19\.4\)\./);
  });
});

describe('rate limit', () => {
  it('a withheld call spends its rate-limit token', async () => {
    const sb = await withSandbox();
    const srv = await startInProcess({ sandbox: sb, token: GRANULAR_TOKEN, env: { FORGE_MCP_RATE_LIMIT_RPS: '0.01', FORGE_MCP_RATE_LIMIT_BURST: '2' } });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await srv.call('forge_execute_action', { action: 'project.delete', params: { project_id: 1 }, confirm: true });
        expect(text(r)).toMatch(/not granted what it needs/);
      }
      const next = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
      expect(text(next)).toMatch(/^rate limit exceeded for forge_execute_action/);
    } finally {
      await srv.close();
      await sb.close();
    }
  });
});

describe('notes on empty GraphQL answers', () => {
  const TOKEN = 'glpat-fg-vulnerability-0800';
  let sb: Sandbox;
  let srv: Running;
  beforeAll(async () => {
    sb = await withSandbox({ licensed: true });
    sb.addToken(TOKEN, {
      kind: 'fine_grained', scopes: ['granular'], userId: 1, granularScopes: [
        { access: 'user', permissions: ['read_user', 'read_personal_access_token', 'read_namespace'] },
        { access: 'instance', permissions: ['read_metadata'] },
        { access: 'all_memberships', permissions: ['read_project', 'read_vulnerability', 'read_terraform_state'] },
      ],
    });
    srv = await startInProcess({ sandbox: sb, token: TOKEN });
  });
  afterAll(async () => {
    await srv?.close();
    await sb?.close();
  });

  it('names each empty part of a vulnerability answer as a GraphQL selection', async () => {
    sb.fault({
      path: '/api/graphql', status: 200, times: 1,
      body: { data: { project: { vulnerabilities: { nodes: [{ id: 'gid://gitlab/Vulnerability/7', title: 'XSS', state: 'DETECTED', identifiers: [], scanner: null }], pageInfo: { hasNextPage: false, endCursor: null } } } } },
    });
    const r = await srv.call('forge_execute_action', { action: 'vulnerability.list', params: { project_id: 'demo-group/demo-project' } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Note: the GraphQL selections `project.vulnerabilities.nodes[].identifiers`, `project.vulnerabilities.nodes[].scanner` came back empty; this session uses a fine-grained personal access token, which sees only what its grant covers, so empty does not mean there is nothing there.');
  });

  it('says an empty GraphQL list may hold items the token may not see', async () => {
    sb.fault({ path: '/api/graphql', status: 200, times: 1, body: { data: { project: { terraformStates: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } } } } });
    const r = await srv.call('forge_execute_action', { action: 'admin.terraform_state_list', params: { project_id: 'demo-group/demo-project' } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toMatch(/Note: this session uses a fine-grained personal access token, which sees only what its grant covers: the list may hold items the token may not see\.$/);
    expect(r.structuredContent?.fine_grained_note).toBeDefined();
  });
});

describe('a grant naming a permission the recorded release does not define', () => {
  const FLUX_TOKEN = 'glpat-grant-quantum-flux';
  const on = sandboxServer({
    sandbox: {
      tokens: {
        [FLUX_TOKEN]: { kind: 'fine_grained', scopes: ['granular'], userId: 1, tokenId: 77, name: 'flux', granularScopes: [...DEFAULT_GRANT, { access: 'all_memberships', permissions: ['read_quantum_flux', 'x'.repeat(100)] }] },
      },
    },
    token: FLUX_TOKEN,
  });

  it('falls back (phase A) with that reason, logging the count and the names cut to 64 bytes', async () => {
    const line = on.srv.stderr().split('\n').find((l) => l.includes('fine-grained session in fallback'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ phase: 'A', reason: 'grant-unrecorded', unrecorded_count: 2, unrecorded: ['read_quantum_flux', 'x'.repeat(64)] });
    const r = await on.srv.call('forge_execute_action', { action: 'issue.work_item_list', params: { full_path: 'demo-group/demo-project' } });
    expect(text(r)).toMatch(/The grant was not evaluated: the grant names a permission the recorded release \(19\.4\) does not define/);
  });
});

describe('fallback reasons of the version read', () => {
  const NO_METADATA = 'glpat-grant-no-metadata';
  const workItems = (srv: Running) => srv.call('forge_execute_action', { action: 'issue.work_item_list', params: { full_path: 'demo-group/demo-project' } });

  it('a version request answered 5xx is grant-unanswered (asked again later), not a missing Metadata: Read', async () => {
    const sb = await withSandbox();
    sb.fault({ method: 'GET', path: '/api/v4/version', status: 503, times: 1000 });
    const srv = await startInProcess({ sandbox: sb, token: GRANULAR_TOKEN });
    try {
      expect(srv.stderr()).toMatch(/"phase":"A","reason":"grant-unanswered"/);
      const r = await workItems(srv);
      expect(text(r)).toMatch(/The grant was not evaluated: the grant or version request was unanswered/);
      expect(text(r)).not.toMatch(/Metadata: Read/);
    } finally { await srv.close(); await sb.close(); }
  });

  it('a version that is not a release number is version-unreadable, saying so', async () => {
    const sb = await withSandbox({ version: 'banana' });
    const srv = await startInProcess({ sandbox: sb, token: GRANULAR_TOKEN });
    try {
      expect(srv.stderr()).toMatch(/"phase":"A","reason":"version-unreadable"/);
      expect(text(await workItems(srv))).toMatch(/The grant was not evaluated: the instance did not report a readable version \(its answer is not a release number of at most 64 bytes\)/);
    } finally { await srv.close(); await sb.close(); }
  });

  it('a token without Metadata: Read: one WARN at start naming the permission, and version-unreadable', async () => {
    const grant = DEFAULT_GRANT.filter((g) => g.access !== 'instance');
    const sb = await withSandbox({ tokens: { [NO_METADATA]: { kind: 'fine_grained', scopes: ['granular'], userId: 1, tokenId: 78, name: 'no-metadata', granularScopes: grant } } });
    const srv = await startInProcess({ sandbox: sb, token: NO_METADATA });
    try {
      await srv.client.listTools();
      const warns = srv.stderr().split('\n').filter((l) => l.includes('lacks Metadata: Read'));
      expect(warns).toHaveLength(1);
      expect(JSON.parse(warns[0]!)).toMatchObject({ level: 40, permission: 'Metadata: Read' });
      expect(text(await workItems(srv))).toMatch(/The grant was not evaluated: the instance did not report a readable version \(the token lacks Metadata: Read\)/);
    } finally { await srv.close(); await sb.close(); }
  });
});
