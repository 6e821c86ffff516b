// Guessable IDs (issue #30): forge_execute_action's description says how IDs are made, and a guessed ID that
// names no action answers, in the same call, the nearest actions with their params — never running any of them.
import { describe, it, expect, beforeEach } from 'vitest';
import { getEncoding } from 'js-tiktoken';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';
import { loadCatalog } from '../src/catalog/index.js';
import { COMMON_PARAMS, EVERYDAY_IDS } from '../src/surfaces/dynamic.js';

const on = sandboxServer();
beforeEach(() => { on.sb.clearLog(); });

const P = 'demo-group/demo-project';
const exec = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
/** The candidate IDs of an answer, in order (its numbered lines). */
const candidates = (t: string) => [...t.matchAll(/^\d+\. `([a-z_]+\.[a-z_]+)`/gm)].map((m) => m[1]);

describe('a guessed action ID', () => {
  it('that names no action answers the nearest ones with their params, and sends nothing', async () => {
    const r = await exec('merge_request.approvals', { project_id: P, merge_request_iid: 1 });
    expect(r.isError).toBe(true);
    const t = text(r);
    expect(t).toMatch(/^forge_execute_action: unknown action "merge_request\.approvals"\..* Nothing was run\. The nearest actions:\n/);
    const ids = candidates(t);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(ids.some((id) => id === 'merge_request.approval_state' || id === 'merge_request.approval_config')).toBe(true);
    // The first carries its exact JSON schema, the others their compact form: each callable from here.
    expect(t).toMatch(/^1\. `[a-z_.]+` — .*\n {3}params: \{"type":"object"/m);
    expect(t).toMatch(/\n\n\* = required\.( Every param of an action: forge_find_action with its ID as the query\.)?$/);
    expect(apiRequests(on.sb)).toEqual([]);
  });

  it('puts a near spelling first and ranks the rest with the given param names', async () => {
    const r = await exec('pipeline.jobs', { project_id: P, pipeline_id: 1 });
    const ids = candidates(text(r));
    expect(ids).toContain('job.list');
    const typo = await exec('issue.lst', { project_id: P });
    expect(candidates(text(typo))[0]).toBe('issue.list');
    expect(apiRequests(on.sb)).toEqual([]);
  });

  it('that names a real action of a higher tier says so, and sends nothing (a Premium action on this Free instance)', async () => {
    const r = await exec('issue.event_issue_weight_list', { project_id: P, issue_iid: 1 });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('forge_execute_action: "issue.event_issue_weight_list" is a GitLab Premium action, and this server offers the Free catalog (the instance\'s tier), ' +
      'so it is not available here. Nothing was run. If the instance is on a higher tier, its operator can pin it (FORGE_MCP_TIER in stdio, --tier over HTTP).');
    expect(apiRequests(on.sb)).toEqual([]);
    // An Ultimate action says Ultimate.
    expect(text(await exec('dependency.list', { project_id: P }))).toMatch(/^forge_execute_action: "dependency\.list" is a GitLab Ultimate action, and this server offers the Free catalog/);
  });

  it('the description names the everyday actions by their real IDs and the param names models guess wrong; what the model sees of the listing stays under 500 tokens', async () => {
    const { tools } = await on.srv.client.listTools();
    const execute = tools.find((t) => t.name === 'forge_execute_action')!;
    expect(execute.description).toContain(`Everyday IDs: ${EVERYDAY_IDS}. Call directly when known (a wrong ID or param is refused unsent, with the nearest ID or the schema), else forge_find_action.`);
    expect(execute.description).toContain(`Param names: ${COMMON_PARAMS}.`);
    // Every ID the brace form names is a catalog action, and every param name is one of those actions' params.
    const catalog = await loadCatalog();
    const ids = EVERYDAY_IDS.split(/, (?![^{]*\})/).flatMap((group) => {
      const m = /^([a-z_]+)\.(?:\{([a-z_,]+)\}|([a-z_]+))$/.exec(group);
      expect(m, group).not.toBeNull();
      return (m![2] ?? m![3]).split(',').map((name) => `${m![1]}.${name}`);
    });
    expect(ids.length).toBe(40);
    for (const id of ids) expect(catalog.get(id), id).toBeDefined();
    const paramsOfListed = new Set(ids.flatMap((id) => Object.keys(catalog.get(id)!.params ?? {})));
    for (const name of COMMON_PARAMS.replace(/\([^)]*\)/g, '').split(',').map((x) => x.trim())) expect(paramsOfListed.has(name), name).toBe(true);
    // branch_name is said of exactly the actions that take it.
    for (const id of ['branch.create', 'branch.get', 'branch.delete']) expect(Object.keys(catalog.get(id)!.params ?? {}), id).toContain('branch_name');
    const enc = getEncoding('o200k_base');
    // What a host puts before the model (name, description, input schema), and the whole listing as sent.
    const shown = enc.encode(JSON.stringify(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })))).length;
    const whole = enc.encode(JSON.stringify(tools)).length;
    console.log(`[listing] dynamic surface tools/list: ${shown} tokens shown to the model, ${whole} as sent`);
    expect(shown).toBeLessThan(500);
    expect(whole).toBeLessThan(650);
  });
});

describe('a guessed domain', () => {
  it('that is no domain narrows nothing: every domain is searched, the answer says so, and nothing is sent', async () => {
    const r = await on.srv.call('forge_find_action', { query: 'list the milestones of a project', domain: 'milestone' });
    expect(r.isError).toBeFalsy();
    const t = text(r);
    expect(t).toContain('("milestone" is not a domain, so every domain was searched; a domain is the first part of an ID, e.g. project in project.milestone_list.)');
    expect(candidates(t)[0]).toBe('project.milestone_list');
    expect((r.structuredContent as { results: Array<{ id: string }> }).results[0]!.id).toBe('project.milestone_list');
    // A real domain still narrows, and a domain that is not a string is refused.
    const narrowed = await on.srv.call('forge_find_action', { query: 'list the milestones', domain: 'group' });
    expect(candidates(text(narrowed)).every((id) => id.startsWith('group.'))).toBe(true);
    const bad = await on.srv.call('forge_find_action', { query: 'list the milestones', domain: 7 });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('forge_find_action: domain must be a string, e.g. "issue"');
    expect(apiRequests(on.sb)).toEqual([]);
  });
});
