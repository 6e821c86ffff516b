// Guardrails end to end: scopes, admin mode, read-only, safe mode, confirmation, local paths, rate limit.
// Every refusal asserts that nothing reached the platform.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READONLY_TOKEN, ADMIN_TOKEN, READUSER_TOKEN } from '../src/sandbox/index.js';
import { apiRequests, sandboxPerFile, text, withSandbox } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

// The test-only placeholders mode: these guardrails are checked on routes the sandbox does not simulate.
const on = sandboxPerFile({ placeholders: true });

const names = async (srv: Awaited<ReturnType<typeof startInProcess>>) => (await srv.client.listTools()).tools.map((t) => t.name);

describe('scopes', () => {
  it('a read_api token is served the read-only surface', async () => {
    const srv = await startInProcess({ sandbox: on.sb, token: READONLY_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      const tools = await names(srv);
      expect(tools).toContain('forge_issue_list');
      expect(tools).not.toContain('forge_issue_create');
      expect(tools).not.toContain('forge_issue_delete');
    } finally { await srv.close(); }
  });

  it('dynamic: a write with a read-only token exists but is not available to this session', async () => {
    const srv = await startInProcess({ sandbox: on.sb, token: READONLY_TOKEN });
    try {
      on.sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'x' } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/^forge_execute_action: action "issue\.create" exists but is not available to this session: the credential lacks a scope covering it/);
      expect(apiRequests(on.sb)).toHaveLength(0);
    } finally { await srv.close(); }
  });

  it('without admin_mode the administration groups are absent; with it they are listed', async () => {
    const plain = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } });
    const admin = await startInProcess({ sandbox: on.sb, token: ADMIN_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } });
    try {
      const p = await names(plain);
      const a = await names(admin);
      for (const t of ['forge_admin', 'forge_enterprise_user', 'forge_project_alias', 'forge_geo', 'forge_storage_move']) expect(p).not.toContain(t);
      expect(a).toContain('forge_admin');
      await expect(plain.call('forge_admin', { action: 'topic_list', params: {} })).rejects.toThrow(/Unknown tool/);
      const dyn = await startInProcess({ sandbox: on.sb });
      try {
        const r = await dyn.call('forge_execute_action', { action: 'admin.topic_list', params: {} });
        expect(text(r)).toMatch(/^forge_execute_action: unknown action "admin\.topic_list"/);
      } finally { await dyn.close(); }
    } finally { await plain.close(); await admin.close(); }
  });

  it('scopes below read_api: every catalog method is answered -40300', async () => {
    const srv = await startInProcess({ sandbox: on.sb, token: READUSER_TOKEN });
    try {
      await expect(srv.client.listTools()).rejects.toMatchObject({ code: -40300 });
      await expect(srv.call('forge_find_action', { query: 'issues' })).rejects.toMatchObject({ code: -40300 });
    } finally { await srv.close(); }
  });

  it('unreadable scopes: the whole catalog is served and the WARN says scope detection failed', async () => {
    on.sb.fault({ method: 'GET', path: '/api/v4/personal_access_tokens/self', status: 503, body: { message: '503 Service Unavailable' } });
    const srv = await startInProcess({ sandbox: on.sb, token: READONLY_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      expect(await names(srv)).toContain('forge_issue_create');
      expect(srv.stderr()).toMatch(/scope detection failed/);
    } finally { await srv.close(); on.sb.clearFaults(); }
  });

  it('after a start that could not read the scopes, the first successful call asks again', async () => {
    // Three sends: the client re-sends a GET answered 503 twice.
    on.sb.fault({ method: 'GET', path: '/api/v4/personal_access_tokens/self', status: 503, times: 3 });
    const srv = await startInProcess({ sandbox: on.sb, token: READONLY_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      expect(await names(srv)).toContain('forge_issue_create');
      const r = await srv.call('forge_issue_list', { project_id: 1 });
      expect(r.isError, text(r)).toBeFalsy();
      await new Promise((res) => setTimeout(res, 300));
      expect(await names(srv)).not.toContain('forge_issue_create');
      expect(srv.stderr()).toMatch(/token kind learned/);
    } finally { await srv.close(); on.sb.clearFaults(); }
  });

  it('FORGE_MCP_IGNORE_SCOPES skips the read-only narrowing', async () => {
    const srv = await startInProcess({ sandbox: on.sb, token: READONLY_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'individual', FORGE_MCP_IGNORE_SCOPES: 'true' } });
    try { expect(await names(srv)).toContain('forge_issue_create'); } finally { await srv.close(); }
  });
});

describe('read-only mode', () => {
  it('dynamic: a removed action exists and is withheld', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      on.sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'x' } });
      expect(text(r)).toMatch(/^forge_execute_action: action "issue\.create" exists but is not available to this session: this deployment runs in read-only mode/);
      expect(apiRequests(on.sb)).toHaveLength(0);
      const found = await srv.call('forge_find_action', { query: 'create an issue', limit: 10 });
      expect((found.structuredContent?.results as Array<{ id: string }>).map((x) => x.id)).not.toContain('issue.create');
    } finally { await srv.close(); }
  });

  it('meta: unknown action, valid ones listed', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_READ_ONLY: 'true', FORGE_MCP_TOOL_SURFACE: 'meta' } });
    try {
      const r = await srv.call('forge_issue', { action: 'create', params: { project_id: 1, title: 'x' } });
      expect(text(r)).toMatch(/^forge_issue: unknown action "create"\. Valid actions: /);
      const valid = text(r).split('Valid actions: ')[1].split(', ');
      expect(valid).toContain('list');
      expect(valid).not.toContain('create');
      expect(valid).not.toContain('delete');
    } finally { await srv.close(); }
  });
});

describe('safe mode', () => {
  it('previews a write with the Safe mode blocked card and sends nothing', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true' } });
    try {
      on.sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'preview me' } });
      expect(r.isError).toBeFalsy();
      const t = text(r);
      expect(t).toContain('Safe mode blocked');
      expect(t).toMatch(/status: blocked/);
      expect(t).toMatch(/mode: safe/);
      expect(t).toContain('issue.create');
      expect(t).toContain('"title": "preview me"');
      expect(t).toContain('FORGE_MCP_SAFE_MODE=false');
      expect(apiRequests(on.sb)).toHaveLength(0);
      const read = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
      expect(read.isError).toBeFalsy();
    } finally { await srv.close(); }
  });

  it('individual surface returns the card as an error result', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true', FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      const r = await srv.call('forge_issue_create', { project_id: 1, title: 'x' });
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('Safe mode blocked');
    } finally { await srv.close(); }
  });

  it('with read-only too, writes are absent rather than previewed', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true', FORGE_MCP_READ_ONLY: 'true', FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try { expect(await names(srv)).not.toContain('forge_issue_create'); } finally { await srv.close(); }
  });
});

describe('destructive confirmation', () => {
  const createIssue = async (srv: Awaited<ReturnType<typeof startInProcess>>) => {
    const r = await srv.call('forge_issue_create', { project_id: 1, title: 'confirm me' });
    return (r.structuredContent as { iid: number }).iid;
  };

  it('FORGE_MCP_YOLO_MODE runs without asking; AUTOPILOT when YOLO is unset', async () => {
    for (const env of [{ FORGE_MCP_YOLO_MODE: 'yes' }, { AUTOPILOT: '1' }] as Array<Record<string, string>>) {
      const srv = await startInProcess({ sandbox: on.sb, env });
      try {
        const c = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'yolo' } });
        const iid = (c.structuredContent as { iid: number }).iid;
        const r = await srv.call('forge_execute_action', { action: 'issue.delete', params: { project_id: 1, issue_iid: iid } });
        expect(r.isError, text(r)).toBeFalsy();
      } finally { await srv.close(); }
    }
  });

  it('YOLO set to a falsy value keeps confirmation even with AUTOPILOT', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_YOLO_MODE: 'false', AUTOPILOT: 'true' } });
    try {
      const r = await srv.call('forge_execute_action', { action: 'issue.delete', params: { project_id: 1, issue_iid: 1 } });
      expect(r.isError).toBe(true);
    } finally { await srv.close(); }
  });

  for (const modern of [false, true]) {
  for (const [answer, expected] of [
    ['accept', null],
    ['decline', /declined.*Do not retry it; ask the user what they want instead/],
    ['cancel', /dismissed without an answer\. Nothing was changed; you may ask again/],
    ['accept-unchecked', /^Operation canceled by user\.$/],
  ] as const) {
    it(`individual surface with elicitation (${modern ? '2026-07-28 input request' : '2025 elicitation'}): ${answer}`, async () => {
      let asked = 0;
      const srv = await startInProcess({
        sandbox: on.sb,
        modern,
        env: { FORGE_MCP_TOOL_SURFACE: 'individual' },
        capabilities: { elicitation: { form: {} } },
        onElicit: async () => {
          asked++;
          if (answer === 'accept') return { action: 'accept', content: { confirm: true } };
          if (answer === 'accept-unchecked') return { action: 'accept', content: { confirm: false } };
          return { action: answer };
        },
      });
      try {
        const iid = await createIssue(srv);
        on.sb.clearLog();
        const r = await srv.call('forge_issue_delete', { project_id: 1, issue_iid: iid });
        expect(asked).toBe(1);
        if (expected === null) {
          expect(r.isError, text(r)).toBeFalsy();
          expect(apiRequests(on.sb).map((e) => e.method)).toEqual(['DELETE']);
        } else {
          expect(r.isError).toBe(true);
          expect(text(r)).toMatch(expected);
          expect(apiRequests(on.sb)).toHaveLength(0);
        }
      } finally { await srv.close(); }
    });
  }
  }

  it('meta surface asks too; the dynamic surface never asks and fails closed', async () => {
    let asked = 0;
    const onElicit = async () => { asked++; return { action: 'accept' as const, content: { confirm: true } }; };
    const meta = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta' }, capabilities: { elicitation: { form: {} } }, onElicit });
    const dyn = await startInProcess({ sandbox: on.sb, capabilities: { elicitation: { form: {} } }, onElicit });
    try {
      const created = await meta.call('forge_issue', { action: 'create', params: { project_id: 1, title: 'meta confirm' } });
      const iid = (created.structuredContent as { iid: number }).iid;
      const r = await meta.call('forge_issue', { action: 'delete', params: { project_id: 1, issue_iid: iid } });
      expect(r.isError, text(r)).toBeFalsy();
      expect(asked).toBe(1);
      on.sb.clearLog();
      const d = await dyn.call('forge_execute_action', { action: 'issue.delete', params: { project_id: 1, issue_iid: 2 } });
      expect(d.isError).toBe(true);
      expect(asked).toBe(1);
      expect(apiRequests(on.sb)).toHaveLength(0);
    } finally { await meta.close(); await dyn.close(); }
  });

  it('issue.work_item_update asks only when an explicit empty list would clear every entry', async () => {
    const srv = await startInProcess({ sandbox: on.sb });
    try {
      on.sb.clearLog();
      const clearing = await srv.call('forge_execute_action', { action: 'issue.work_item_update', params: { full_path: 'demo-group/demo-project', work_item_iid: 2, assignee_ids: [] } });
      expect(clearing.isError).toBe(true);
      expect(text(clearing)).toContain('"confirm": true');
      expect(apiRequests(on.sb)).toHaveLength(0);
      const omitted = await srv.call('forge_execute_action', { action: 'issue.work_item_update', params: { full_path: 'demo-group/demo-project', work_item_iid: 2, title: 'Renamed' } });
      expect(omitted.isError, text(omitted)).toBeFalsy();
      on.sb.clearLog();
      const confirmed = await srv.call('forge_execute_action', { action: 'issue.work_item_update', params: { full_path: 'demo-group/demo-project', work_item_iid: 2, assignee_ids: [] }, confirm: true });
      expect(confirmed.isError, text(confirmed)).toBeFalsy();
      const bodies = apiRequests(on.sb).map((e) => JSON.stringify(e.body));
      expect(bodies.some((b) => b.includes('"assigneeIds":[]'))).toBe(true);
    } finally { await srv.close(); }
  });

  it('project.pull_mirror_configure asks when the call arms a mirror that overwrites diverged branches', async () => {
    // Pull mirroring is Premium: a licensed sandbox, where the mirror is kept as state.
    const psb = await withSandbox({ licensed: true });
    const srv = await startInProcess({ sandbox: psb, env: { FORGE_MCP_TIER: 'premium' } });
    try {
      const armed = await srv.call('forge_execute_action', { action: 'project.pull_mirror_configure', params: { project_id: 1, enabled: true, url: 'https://example.com/up.git', mirror_overwrites_diverged_branches: true } });
      expect(armed.isError).toBe(true);
      expect(apiRequests(psb)).toHaveLength(0);
      // The first setup names the upstream (GitLab needs a url to mirror from); it does not overwrite, so it runs.
      const safe = await srv.call('forge_execute_action', { action: 'project.pull_mirror_configure', params: { project_id: 1, enabled: true, url: 'https://example.com/up.git', mirror_overwrites_diverged_branches: false } });
      expect(safe.isError, text(safe)).toBeFalsy();
      const harmless = await srv.call('forge_execute_action', { action: 'project.pull_mirror_configure', params: { project_id: 1, mirror_trigger_builds: true } });
      expect(harmless.isError, text(harmless)).toBeFalsy();
      const ok = await srv.call('forge_execute_action', { action: 'project.pull_mirror_configure', params: { project_id: 1, enabled: true, mirror_overwrites_diverged_branches: true, confirm: true } });
      expect(ok.isError, text(ok)).toBeFalsy();
    } finally { await srv.close(); await psb.close(); }
  });

  it('a confirmation state the server did not issue is a JSON-RPC invalid-params error', async () => {
    const srv = await startInProcess({ sandbox: on.sb, modern: true, env: { FORGE_MCP_TOOL_SURFACE: 'individual' }, capabilities: { elicitation: { form: {} } } });
    try {
      on.sb.clearLog();
      const forged = srv.client.request({
        method: 'tools/call',
        params: { name: 'forge_issue_delete', arguments: { project_id: 1, issue_iid: 3 }, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: 'forged-state' },
      } as never, undefined as never);
      await expect(forged).rejects.toMatchObject({ code: -32602 });
      expect(apiRequests(on.sb)).toHaveLength(0);
    } finally { await srv.close(); }
  });
});

describe('local paths', () => {
  it('refuses escapes, directories, devices and oversized files before sending anything', async () => {
    const outside = mkdtempSync(join('/var/tmp', 'forge-outside-'));
    const inside = mkdtempSync(join(tmpdir(), 'forge-inside-'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(join(outside, 'secret.txt'), join(inside, 'link.txt'));
    mkdirSync(join(inside, 'dir'));
    writeFileSync(join(inside, 'big.bin'), Buffer.alloc(2048));
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_UPLOAD_MAX_FILE_SIZE: '1024' } });
    try {
      on.sb.clearLog();
      const up = (file_path: string) => srv.call('forge_execute_action', { action: 'project.upload', params: { project_id: 1, file_path } });
      expect(text(await up(join(inside, 'link.txt')))).toMatch(/resolves outside the allowed directories/);
      expect(text(await up(join(inside, '..', '..', 'etc', 'passwd')))).toMatch(/outside the allowed directories/);
      expect(text(await up(join(inside, 'dir')))).toMatch(/is not a regular file/);
      expect(text(await up('/dev/zero'))).toMatch(/is in a place the server never reads or writes/);
      expect(text(await up(join(inside, 'big.bin')))).toMatch(/over the upload limit/);
      expect(apiRequests(on.sb)).toHaveLength(0);
      writeFileSync(join(inside, 'ok.txt'), 'hello');
      const ok = await up(join(inside, 'ok.txt'));
      expect(ok.isError, text(ok)).toBeFalsy();
      expect(apiRequests(on.sb).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /api/v4/projects/1/uploads']);
    } finally { await srv.close(); }
  });
});

describe('FORGE_MCP_ALLOWED_*_DIRS', () => {
  it('admits a file from an allowed directory outside the working and temporary directories', async () => {
    const extra = mkdtempSync(join('/var/tmp', 'forge-allowed-'));
    writeFileSync(join(extra, 'notes.txt'), 'allowed');
    const refused = await startInProcess({ sandbox: on.sb });
    const allowed = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_ALLOWED_UPLOAD_DIRS: extra } });
    try {
      const up = (srv: Awaited<ReturnType<typeof startInProcess>>) => srv.call('forge_execute_action', { action: 'project.upload', params: { project_id: 1, file_path: join(extra, 'notes.txt') } });
      expect(text(await up(refused))).toMatch(/outside the allowed directories/);
      const ok = await up(allowed);
      expect(ok.isError, text(ok)).toBeFalsy();
    } finally { await refused.close(); await allowed.close(); }
  });
});

describe('stdio rate limit', () => {
  it('refuses calls over the bucket with "rate limit exceeded for <tool>"', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_RATE_LIMIT_RPS: '1', FORGE_MCP_RATE_LIMIT_BURST: '2' } });
    try {
      // Sent at once: on a loaded machine, calls sent one after another may each take longer than the
      // bucket takes to refill (1/s), and none would be refused.
      const results = await Promise.all(Array.from({ length: 8 }, () => srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } })));
      const refused = results.filter((r) => r.isError);
      expect(refused.length).toBeGreaterThan(0);
      expect(text(refused[0])).toMatch(/^rate limit exceeded for forge_execute_action/);
    } finally { await srv.close(); }
  });
});
