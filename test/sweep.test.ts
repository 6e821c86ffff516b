// The sweep: every catalog action runs through forge_execute_action against the sandbox with
// minimal valid parameters. What reached the sandbox must match the reference inventory's
// `all_requests` (the expectation comes from the reference data, not from the entry under test),
// and the result must render without error.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { ADMIN_TOKEN } from '../src/sandbox/index.js';
import { loadCatalog } from '../src/catalog/index.js';
import type { Action } from '../src/catalog/define.js';
import { apiRequests, ROOT, text, withSandbox, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { referenceActions, grapeToRegExp } from './helpers/reference.js';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discovered, minimalParams, sweepValue } from './helpers/sweep-values.js';
import { prepareUserSweep } from './helpers/sweep-users.js';
import { prepareSettingsSweep } from './helpers/sweep-settings.js';

let sb: Sandbox;
let srv: Running;
/** The repository root's entries before the sweep: the sweep writes only into temporary directories. */
const rootBefore = new Set(readdirSync(ROOT));
beforeAll(async () => {
  // The prerelease version the public hosted instance reports: its own actions (orbit.*) are served too.
  // The test-only placeholders mode: every route answers, so every action's requests can be checked.
  sb = await withSandbox({ licensed: true, version: '19.5.0-pre', placeholders: true });
  const get = async (path: string) => (await fetch(`${sb.url}/api/v4${path}`, { headers: { 'private-token': ADMIN_TOKEN } })).json() as Promise<Array<{ id: string }>>;
  const issueDiscussions = await get('/projects/1/issues/1/discussions');
  discovered.issueDiscussion = issueDiscussions[0]?.id;
  discovered.issueDiscussionOf5003 = (issueDiscussions as Array<{ id: string; notes?: Array<{ id: number }> }>).find((d) => d.notes?.some((n) => n.id === 5003))?.id;
  discovered.mrDiscussion = (await get('/projects/1/merge_requests/1/discussions'))[0]?.id;
  discovered.blobSha = (await get('/projects/1/repository/tree')).find((e) => (e as { name?: string }).name === 'README.md')?.id;
  discovered.commitSha = (await get('/projects/1/repository/commits'))[0]?.id;
  // A generic package file for package.download (no package is seeded).
  await fetch(`${sb.url}/api/v4/projects/1/packages/generic/sweep/sweep/sweep`, { method: 'PUT', headers: { 'private-token': ADMIN_TOKEN }, body: 'sweep' });
  discovered.outDir = mkdtempSync(join(tmpdir(), 'forge-sweep-'));
  writeFileSync(join(discovered.outDir as string, 'sweep.tar.gz'), 'sweep');
  // An MR set to merge when its pipeline succeeds, for cancel_auto_merge.
  const mr4 = sb.state.projects.get(1)?.mrs.get(4);
  if (mr4) mr4.mergeWhenPipelineSucceeds = true;
  Object.assign(discovered, await prepareUserSweep(sb));
  Object.assign(discovered, await prepareSettingsSweep(sb));
  await projectAreaObjects();
  // Approvals survive the rebase of !1, so it can still merge afterwards.
  sb.state.approvalsOf(1).settings.retainApprovalsOnPush = true;
  // Every action reachable: the administrator's token (api + admin_mode), the Ultimate catalog.
  srv = await startInProcess({ sandbox: sb, token: ADMIN_TOKEN, env: { FORGE_MCP_TIER: 'ultimate' } });
  sb.addToken('glpat-sweep-target-77', { kind: 'classic', scopes: ['api'], userId: 2, tokenId: 77 });
});
afterAll(async () => { await srv?.close(); await sb?.close(); });

/**
 * The project settings the sandbox keeps as state (issue #29) start empty: one of each, so the reads that run
 * first find id 1 (hook, badge, board and its list, push mirror), and the objects later actions act on.
 */
async function projectAreaObjects(): Promise<void> {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.url}/api/v4${path}`, { method, headers: { 'private-token': ADMIN_TOKEN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const raw = await res.text();
    return (raw ? JSON.parse(raw) : undefined) as Record<string, any>;
  };
  // Two hooks and two boards: the deletes of the second run before the deletes inside the first.
  for (const n of [1, 2]) await send('POST', '/projects/1/hooks', { url: `https://example.com/hook${n}` });
  await send('POST', '/projects/1/badges', { link_url: 'https://example.com/%{project_path}', image_url: 'https://example.com/badge.svg' });
  for (const n of [1, 2]) await send('POST', '/projects/1/boards', { name: `sweep ${n}` });
  await send('POST', '/projects/1/boards/1/lists', { label_id: 303 });
  await send('POST', '/projects/1/remote_mirrors', { url: 'ssh://git@example.com/mirror.git', auth_method: 'ssh_public_key' });
  await send('PUT', '/projects/1/mirror/pull', { url: 'https://example.com/upstream.git', enabled: true });
  await send('POST', '/projects/1/pages/domains', { domain: 'sweep.example.com' });
  await send('PUT', '/projects/1/integrations/apple-app-store', {});
  await send('PUT', '/groups/10/integrations/apple-app-store', {});
  await send('PUT', '/groups/10/integrations/datadog', { api_key: 'sweep' });
  await send('POST', '/projects/1/export');
  // Not `serviceAccount`: that is the instance-level account prepareUserSweep made for user.update_service_account.
  const account = await send('POST', '/projects/1/service_accounts', {});
  discovered.projectServiceAccount = account.id;
  const token = (name: string) => send('POST', `/projects/1/service_accounts/${account.id}/personal_access_tokens`, { name, scopes: ['read_api'] });
  discovered.serviceAccountToken = (await token('sweep-rotate')).id;
  discovered.serviceAccountToken2 = (await token('sweep-revoke')).id;
  discovered.serviceAccount2 = (await send('POST', '/projects/1/service_accounts', {})).id;
  // Group objects (issue #30): a badge, a label, and two outsiders who asked to join project 1 and group 10.
  await send('POST', '/groups/10/badges', { link_url: 'https://example.com/%{project_path}', image_url: 'https://example.com/badge.svg' });
  await send('POST', '/groups/10/labels', { name: 'sweep-group', color: '#000000' });
  for (const id of [61, 62]) {
    sb.state.users.set(id, { id, username: `outsider${id}`, name: `Outsider ${id}`, email: `outsider${id}@example.com`, isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '', createdAt: '2026-01-01T00:00:00.000Z', bot: false });
    for (const source of ['project:1', 'group:10']) sb.state.accessRequests.set(source, new Map([...(sb.state.accessRequests.get(source) ?? []), [id, '2026-02-01T00:00:00.000Z']]));
  }
  // A project of its own to transfer, and one marked for deletion to restore.
  discovered.scratchProject = (await send('POST', '/projects', { name: 'sweep-scratch' })).id;
  const doomed = await send('POST', '/projects', { name: 'sweep-doomed' });
  await send('DELETE', `/projects/${doomed.id}`);
  discovered.doomedProject = doomed.id;
}

/** `GET /projects/:id/issues` or `GRAPHQL mutation x` → a matcher over logged requests. */
function matcher(entry: string): (method: string, path: string) => boolean {
  if (entry.startsWith('GRAPHQL')) return (m, p) => m === 'POST' && p === '/api/graphql';
  const [method, route] = entry.split(/\s+/, 2);
  const re = grapeToRegExp(`/api/v4${route}`);
  return (m, p) => m === method && re.test(p);
}

const ref = new Map(referenceActions().map((r) => [r.id, r]));
// Reads first, then writes, destructive ones last, deletes of whole objects at the very end: a delete
// never removes what a later action needs.
const rank = (a: Action) => {
  if (['project.delete', 'group.delete', 'user.delete'].includes(a.id)) return 4;
  if (a.destructive && /^(delete|remove)$/.test(a.name)) return 3;
  return a.destructive ? 2 : a.writes ? 1 : 0;
};
const actions = [...(await loadCatalog()).actions].sort((x, y) => rank(x) - rank(y));

/** Which of each action's reference requests were seen (written to $SWEEP_REPORT when set). */
const coverage = new Map<string, string[]>();
afterAll(() => {
  if (!process.env.SWEEP_REPORT) return;
  const lines = [...coverage].map(([id, seen]) => { const all = ref.get(id)!.allRequests; return `${id}\t${seen.length}/${all.length}\t${all.filter((q: string) => !seen.includes(q)).join('; ')}`; });
  writeFileSync(process.env.SWEEP_REPORT, lines.join('\n'));
});

/** Actions that end the calling token run on a server of their own, with a throwaway token. */
const CONSUMES_CREDENTIAL = /_(revoke|rotate)_self$/;
let spare = 0;

async function callOn(a: Action, params: Record<string, unknown>) {
  if (!CONSUMES_CREDENTIAL.test(a.id)) return srv.call('forge_execute_action', { action: a.id, params, confirm: true });
  const token = `glpat-sweep-throwaway-${++spare}`;
  sb.addToken(token, { kind: 'classic', scopes: ['api', 'read_api', 'admin_mode'], userId: 2, tokenId: 900 + spare });
  const own = await startInProcess({ sandbox: sb, token, env: { FORGE_MCP_TIER: 'ultimate' } });
  try { return await own.call('forge_execute_action', { action: a.id, params, confirm: true }); } finally { await own.close(); }
}

describe('sweep over the alternatives (project / group / global variants)', () => {
  for (const a of actions.filter((x) => x.alternatives?.length && !x.destructive)) {
    for (const alt of a.alternatives!) {
      it(`${a.id} via ${alt.rest}`, async () => {
        const r = ref.get(a.id)!;
        sb.clearLog();
        const base = Object.fromEntries(Object.entries(minimalParams(a)).filter(([k]) => !a.exactlyOne?.includes(k)));
        const params = { ...base, [alt.when]: sweepValue(a, alt.when, a.params[alt.when]) };
        const res = await srv.call('forge_execute_action', { action: a.id, params, confirm: true });
        expect(res.isError, `${a.id} ${JSON.stringify(params)} → ${text(res)}`).toBeFalsy();
        const reached = apiRequests(sb);
        const [method, route] = alt.rest.split(/\s+/, 2);
        const want = r.allRequests.find((q: string) => { const [m, p] = q.split(/\s+/, 2); return m === method && grapeToRegExp(p).test(route.replace(/\{[^}]+\}/g, 'X1')); });
        expect(want, `${alt.rest} is not one of ${r.allRequests.join('; ')}`).toBeDefined();
        expect(reached.some((e) => matcher(want!)(e.method, e.path)), `${a.id}: ${alt.rest} not sent`).toBe(true);
      });
    }
  }
});

describe('sweep over the GraphQL variants of REST actions', () => {
  for (const a of actions.filter((x) => x.graphqlWhen)) {
    it(`${a.id} with ${a.graphqlWhen!.when[0]}`, async () => {
      const r = ref.get(a.id)!;
      expect(r.allRequests.some((q: string) => q.startsWith('GRAPHQL')), `${a.id}: the reference lists no GraphQL request`).toBe(true);
      sb.clearLog();
      const trigger = a.graphqlWhen!.when[0];
      const params = { ...minimalParams(a), [trigger]: sweepValue(a, trigger, a.params[trigger]) };
      const res = await srv.call('forge_execute_action', { action: a.id, params });
      expect(res.isError, text(res)).toBeFalsy();
      expect(apiRequests(sb).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /api/graphql']);
    });
  }
});

/**
 * Minimal calls the simulated state refuses as GitLab would (the request still reaches the sandbox, and is checked):
 * there are no iterations, the demo CI configuration has no merge request jobs, and only bot users reset approvals.
 */
const REFUSED_BY_STATE: Record<string, RegExp> = {
  'issue.event_issue_iteration_get': /404 Not Found/,
  'merge_request.create_pipeline': /The rules configuration prevented any jobs from being added to the pipeline/,
  'merge_request.approval_reset': /401/,
  // The sandbox stores no project avatar.
  'project.download_avatar': /\(404 Avatar Not Found\)/,
  // The sandbox signs no commit and no tag: GitLab's answer for an unsigned one (on a real commit and tag).
  'repository.commit_signature': /\(404 Signature Not Found\)/,
  'tag.get_signature': /\(404 Signature Not Found\)/,
  // An administrator (the sweep's caller) may not ask to join a project: GitLab's request_access rule prevents admins and members.
  'access.request_project': /access denied/,
};

describe('sweep over the catalog', () => {
  for (const a of actions) {
    it(a.id, async () => {
      const r = ref.get(a.id);
      expect(r, `${a.id} is not in the reference inventory`).toBeDefined();
      sb.clearLog();
      const params = minimalParams(a);
      const res = await callOn(a, params);
      if (REFUSED_BY_STATE[a.id]) expect(text(res)).toMatch(REFUSED_BY_STATE[a.id]!);
      else expect(res.isError, `${a.id} ${JSON.stringify(params)} → ${text(res)}`).toBeFalsy();
      const reached = apiRequests(sb);
      if (r!.allRequests.length === 0) {
        // The reference says the action sends nothing (it builds a URL locally).
        expect(reached, `${a.id} must send nothing`).toHaveLength(0);
        return;
      }
      expect(reached.length, `${a.id}: nothing reached the sandbox`).toBeGreaterThan(0);
      // Beside the reference's requests, the reads the entry declares around its own (`before`, `also`).
      const declared = [...(a.before ?? []).map((b) => b.rest), ...(a.also ?? [])].map((d) => d.split('?')[0]!.replace(/\{([^}]+)\}/g, ':$1'));
      const allowed = [...r!.allRequests, ...declared].map(matcher);
      coverage.set(a.id, r!.allRequests.filter((q: string) => reached.some((e) => matcher(q)(e.method, e.path))));
      for (const e of reached) {
        expect(allowed.some((m: (mm: string, pp: string) => boolean) => m(e.method, e.path)), `${a.id}: ${e.method} ${e.path} is not one of ${r!.allRequests.join('; ')}`).toBe(true);
      }
    });
  }
});

describe('after the sweep', () => {
  it('wrote nothing into the repository root (downloads go to a temporary directory)', () => {
    expect(readdirSync(ROOT).filter((f) => !rootBefore.has(f))).toEqual([]);
  });
});
