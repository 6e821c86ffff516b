// forge_find_action answers what is needed to call every candidate, by plain words or by exact IDs, and a refused
// forge_execute_action call says how to put it right (issue #30) — through an MCP client against the sandbox.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { atTier } from '../src/catalog/define.js';
import { getEncoding } from 'js-tiktoken';
import { actionSchema } from '../src/catalog/schema.js';
import { compactParams } from '../src/catalog/signature.js';
import type { Sandbox } from '../src/sandbox/index.js';
import { apiRequests, text, withSandbox, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

await loadCatalog();

interface Param { required: boolean; type: string; values?: unknown[]; range?: number[]; default?: unknown }

/** The params a compact form says, read back from its lines (`name*: type (min..max) = default — description`). */
function readCompact(lines: string[]): Record<string, Param> {
  const out: Record<string, Param> = {};
  for (const l of lines) {
    const m = /^(\w+)(\*?): (.+?)(?: \((-?\d+)\.\.(-?\d+)\))?(?: = (\S+))?(?: — .*)?$/.exec(l);
    if (!m) continue;
    const [, name, star, type, min, max, dflt] = m;
    const values = /^"/.test(type!) ? type!.split('|').map((v) => JSON.parse(v) as unknown) : undefined;
    out[name!] = {
      required: star === '*', type: values ? 'string' : type!, ...(values ? { values } : {}), ...(min !== undefined ? { range: [Number(min), Number(max)] } : {}),
      ...(dflt !== undefined ? { default: JSON.parse(dflt) as unknown } : {}),
    };
  }
  return out;
}

/** Each param's description a compact form says (the text after ` — `). */
function compactDescriptions(lines: string[]): Record<string, string> {
  return Object.fromEntries(lines.map((l) => /^(\w+)\*?: .+? — (.*)$/.exec(l)).filter((m) => !!m).map((m) => [m[1]!, m[2]!]));
}

/** The same facts read from the exact JSON schema. */
function readSchema(schema: { properties: Record<string, { type: string; items?: { type: string }; enum?: unknown[]; default?: unknown; pattern?: string; minimum?: number; maximum?: number }>; required?: string[] }): Record<string, Param> {
  const out: Record<string, Param> = {};
  for (const [name, p] of Object.entries(schema.properties)) {
    const wild = p.pattern ? /\|(.+)\)\$$/.exec(p.pattern)?.[1]?.replace(/\\/g, '') : undefined;
    const type = p.type === 'array' ? `${p.items!.type}[]` : wild ? `string (digits or ${wild})` : p.type;
    out[name] = {
      required: !!schema.required?.includes(name), type, ...(p.enum ? { values: p.enum } : {}), ...(p.minimum !== undefined ? { range: [p.minimum, p.maximum!] } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
    };
  }
  return out;
}

/** A value of the type a param declares, for a call built from the answer alone. */
function valueFor(name: string, p: Param): unknown {
  if (p.values) return p.values[0];
  if (name === 'project_id') return 'demo-group/demo-project';
  if (name === 'group_id') return 'demo-group';
  if (p.type.startsWith('string (digits')) return '1';
  return { string: 'x', integer: 1, number: 1, boolean: true, object: {} }[p.type] ?? (p.type.endsWith('[]') ? [] : 'x');
}

/** Each candidate of an answer with the params its text gives (the JSON schema, or the compact lines). */
function candidates(answer: string): Array<{ id: string; params: Record<string, Param>; abridged: boolean }> {
  const out: Array<{ id: string; params: Record<string, Param>; abridged: boolean }> = [];
  for (const block of answer.split('\n\n')) {
    const id = /^\d+\. `([\w.]+)`/.exec(block)?.[1];
    if (!id) continue;
    const lines = block.split('\n').slice(1);
    const json = lines.find((l) => l.startsWith('   params: '));
    if (json) out.push({ id, params: readSchema(JSON.parse(json.slice('   params: '.length))), abridged: false });
    else out.push({ id, params: readCompact(lines.map((l) => l.replace(/^ {3}- /, ''))), abridged: lines.some((l) => /^ {3}- (optional: |and \d+ optional)/.test(l)) });
  }
  return out;
}

describe('the compact form (src/catalog/signature.ts)', () => {
  it('says exactly what the JSON schema says: names, required marks, types, fixed values, defaults — for every action', () => {
    const sorted = (o: Record<string, Param>) => JSON.stringify(Object.entries(o).sort());
    const wrong = catalog().actions.filter((a) => sorted(readCompact(compactParams(a))) !== sorted(readSchema(actionSchema(a) as never)));
    expect(wrong.map((a) => a.id)).toEqual([]);
  });
});

describe('forge_find_action: every candidate callable from the answer alone', () => {
  let sb: Sandbox;
  let srv: Running;
  beforeAll(async () => { sb = await withSandbox(); srv = await startInProcess({ sandbox: sb }); });
  afterAll(async () => { await srv.close(); await sb.close(); });

  const QUERIES = ['list open issues in demo-group/demo-project', 'retry job 5', 'open a merge request for my branch', 'comment on issue 1',
    'show the log of job 3', 'create a label', 'protect the main branch', 'who am i'];

  for (const query of QUERIES) {
    it(`"${query}": each candidate runs with params built from its schema text only`, async () => {
      const r = await srv.call('forge_find_action', { query });
      const found = candidates(text(r));
      expect(found.map((c) => c.id)).toEqual((r.structuredContent!.results as Array<{ id: string }>).map((x) => x.id));
      for (const c of found) {
        const params = Object.fromEntries(Object.entries(c.params).filter(([, p]) => p.required).map(([n, p]) => [n, valueFor(n, p)]));
        const run = await srv.call('forge_execute_action', { action: c.id, params });
        expect(text(run), `${c.id} ${JSON.stringify(params)}`).not.toMatch(/invalid params|is required \(must be|must be one of/);
      }
    });
  }

  it('the best candidate carries the exact JSON schema, the others the compact form, within the budget', async () => {
    const r = await srv.call('forge_find_action', { query: 'retry job 5 in demo-group/demo-project' });
    const body = text(r);
    const json = body.split('\n').filter((l) => l.startsWith('   params: '));
    expect(JSON.parse(json[0]!.slice('   params: '.length))).toEqual(actionSchema(catalog().get('job.retry')!));
    const [, ...others] = candidates(body);
    // The best is far ahead: only the runners-up worth their lines are said (one at least), each listed in the results too.
    expect(others.length).toBeGreaterThanOrEqual(1);
    expect(others.length + 1).toBe((r.structuredContent!.results as unknown[]).length);
    for (const c of others) {
      const exact = readSchema(actionSchema(catalog().get(c.id)!) as never);
      // Required params always whole; the optional ones whole unless the answer had to be cut to its budget.
      for (const [n, p] of Object.entries(exact).filter(([, x]) => x.required)) expect(c.params[n]).toEqual(p);
      if (!c.abridged) expect(c.params).toEqual(exact);
    }
    expect(body).toMatch(/\n\n\* = required\.( Every param of an action: forge_find_action with its ID as the query\.)?$/);
    expect(body).not.toContain('forge://tools/');
  });

  it('a limit asked is the most said: candidates far behind the best are left out', async () => {
    const r = await srv.call('forge_find_action', { query: 'retry job 5 in demo-group/demo-project', limit: 5 });
    const ids = (r.structuredContent!.results as Array<{ id: string }>).map((x) => x.id);
    expect(ids[0]).toBe('job.retry');
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids.length).toBeLessThan(5);
    expect(candidates(text(r)).map((c) => c.id)).toEqual(ids);
  });

  it('from the third candidate on, the required params whole and the count of the optional ones (#30)', async () => {
    const r = await srv.call('forge_find_action', { query: 'add an emoji to an issue', limit: 5 });
    const body = text(r);
    const all = candidates(body);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const [i, c] of all.entries()) {
      if (i < 2) continue;
      const exact = readSchema(actionSchema(catalog().get(c.id)!) as never);
      expect(c.params).toEqual(Object.fromEntries(Object.entries(exact).filter(([, p]) => p.required)));
      // The count this tier offers (a Premium filter is not said on Free).
      const block = body.split('\n\n').find((b) => b.startsWith(`${i + 1}. \``))!;
      if (Object.values(exact).some((p) => !p.required)) expect(block).toMatch(/\n {3}- and [1-9]\d* optional$/);
    }
    expect(body).toMatch(/ Every param of an action: forge_find_action with its ID as the query\.$/);
  });

  it('a close runner-up is said in the compact form, exact, without the descriptions the best\'s JSON schema said', async () => {
    const r = await srv.call('forge_find_action', { query: 'add a comment' });
    expect(r.structuredContent!.ambiguous).toBe(true);
    const body = text(r);
    expect(body.split('\n').filter((l) => l.startsWith('   params: '))).toHaveLength(1);
    const second = candidates(body)[1]!;
    expect(second.abridged).toBe(false);
    expect(second.params).toEqual(readSchema(actionSchema(catalog().get(second.id)!) as never));
    expect(body.split('\n\n')[2]).toContain('\n   - project_id*: string\n');
  });

  it('a list too large to say whole names its optional filters, with their fixed values when few; by ID says them all', async () => {
    const r = await srv.call('forge_find_action', { query: 'list the open issues of a project' });
    const best = text(r).split('\n\n').find((b) => b.startsWith('1. `issue.list` — '))!;
    const optional = best.split('\n').find((l) => l.startsWith('   - optional: '))!;
    expect(optional).toContain('state: "opened"|"closed"|"all", labels, milestone, ');
    // order_by has ten values: named only here, said whole by a find with the ID (the answer's last line says so).
    expect(optional).toContain(', order_by, sort: "asc"|"desc", ');
    expect(text(r)).toMatch(/Every param of an action: forge_find_action with its ID as the query\.$/);
    expect(text(await srv.call('forge_find_action', { query: 'issue.list' }))).toContain('   - order_by: "created_at"|"updated_at"|"priority"|');
  });

  it('"open a merge request for my branch" ranks merge_request.create first', async () => {
    const r = await srv.call('forge_find_action', { query: 'open a merge request for my branch' });
    expect((r.structuredContent!.results as Array<{ id: string }>)[0]!.id).toBe('merge_request.create');
  });

  it('a query of exact IDs answers their schemas, unranked, in the order asked, each exact in the compact form', async () => {
    sb.clearLog();
    const r = await srv.call('forge_find_action', { query: 'job.trace job.get issue.list pipeline.wait' });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ results: ['job.trace', 'job.get', 'issue.list', 'pipeline.wait'].map((id) => ({ id, writes: false, destructive: false })) });
    const body = text(r);
    expect(body.split('\n')[0]).toBe('Schemas of the actions asked for by ID:');
    expect(body).not.toContain('   params: ');
    const found = candidates(body);
    expect(found.map((c) => c.id)).toEqual(['job.trace', 'job.get', 'issue.list', 'pipeline.wait']);
    // Every param as the JSON schema says it (bounds too: pipeline.wait's interval), and every description once in the answer.
    const said: Record<string, string> = {};
    for (const block of body.split('\n\n').filter((b) => /^\d+\. `/.test(b))) Object.assign(said, compactDescriptions(block.split('\n').slice(1).map((l) => l.replace(/^ {3}- /, ''))));
    for (const c of found) {
      // As the sandbox's Free tier offers it: issue.list's Premium and Ultimate filters (weight, epic_id...) are not said.
      const a = atTier(catalog().get(c.id)!, 'free');
      expect(c.abridged).toBe(false);
      expect(c.params).toEqual(readSchema(actionSchema(a) as never));
      // A name two actions share may carry the first one's description; every other is the action's own.
      for (const [name, p] of Object.entries(a.params)) if (!found.slice(0, found.indexOf(c)).some((f) => name in f.params)) expect(said[name], `${c.id} ${name}`).toBe(p.description);
    }
    expect(found[3]!.params.interval_seconds).toEqual({ required: false, type: 'integer', range: [5, 60], default: 10 });
    expect(body.endsWith('\n\n* = required.')).toBe(true);
    expect(body.length).toBeLessThan(JSON.stringify(['job.trace', 'job.get', 'issue.list', 'pipeline.wait'].map((id) => actionSchema(catalog().get(id)!))).length);
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('a by-ID find of an action with very many params (project.update) fits the answer budget and names every param with its exact type', async () => {
    sb.clearLog();
    const body = text(await srv.call('forge_find_action', { query: 'project.update' }));
    expect(getEncoding('o200k_base').encode(body).length).toBeLessThanOrEqual(1200);
    const a = atTier(catalog().get('project.update')!, 'free');
    const block = body.split('\n\n')[1]!.split('\n').slice(1).map((l) => l.replace(/^ {3}- /, ''));
    // `optional <type>: a, b` read back as one compact line per name.
    const lines = block.flatMap((l) => { const m = /^optional (.+): ([\w, ]+)$/.exec(l); return m ? m[2]!.split(', ').map((n) => `${n}: ${m[1]}`) : [l]; });
    expect(readCompact(lines)).toEqual(readSchema(actionSchema(a) as never));
    expect(body).toMatch(/\* = required\. The descriptions of the params grouped by type: forge_find_action with the ID and their names, e\.g\. "project\.update name path"\.$/);
    // Asked by name after the ID, those params come whole (with their descriptions), beside the required ones.
    const named = text(await srv.call('forge_find_action', { query: 'project.update merge_method squash_option' }));
    const said = compactDescriptions(named.split('\n\n')[1]!.split('\n').slice(1).map((l) => l.replace(/^ {3}- /, '')));
    expect(said).toEqual({ project_id: a.params.project_id!.description, merge_method: a.params.merge_method!.description, squash_option: a.params.squash_option!.description });
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('an unknown ID among them is named with the nearest one; commas and backticks are read', async () => {
    const r = await srv.call('forge_find_action', { query: '`issue.get`, issue.gett' });
    expect(r.structuredContent).toEqual({ results: [{ id: 'issue.get', writes: false, destructive: false }] });
    expect(text(r)).toContain('Unknown action "issue.gett". Did you mean "issue.get"?');
  });

  it('a request that only mentions an ID among other words is ranked as usual', async () => {
    const r = await srv.call('forge_find_action', { query: 'what does issue.get return' });
    expect(text(r)).not.toContain('Schemas of the actions asked for by ID');
  });
});

describe('forge_find_action by ID in read-only mode', () => {
  it('says a withheld write exists but is not available, and answers the reads', async () => {
    const sb = await withSandbox();
    const srv = await startInProcess({ sandbox: sb, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      const r = await srv.call('forge_find_action', { query: 'issue.get issue.create' });
      expect(r.structuredContent).toEqual({ results: [{ id: 'issue.get', writes: false, destructive: false }] });
      expect(text(r)).toContain('`issue.create` exists but is not available to this session (forge_execute_action says why).');
    } finally { await srv.close(); await sb.close(); }
  });
});

describe('forge_execute_action refused for its params: the schema and a corrected call', () => {
  let sb: Sandbox;
  let srv: Running;
  beforeAll(async () => { sb = await withSandbox(); srv = await startInProcess({ sandbox: sb }); });
  afterAll(async () => { await srv.close(); await sb.close(); });

  const schemaOf = (id: string) => [`Params of ${id} (* = required):`, ...compactParams(catalog().get(id)!).map((l) => `- ${l}`)].join('\n');

  it('an unknown and a missing param: SPEC\'s text, the compact schema, the call with the name put right', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.get', params: { project_id: 1, isue_iid: 3 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe([
      'forge_execute_action/issue.get: invalid params. Unknown params: isue_iid. Did you mean issue_iid? Missing required params: issue_iid. Valid params: project_id, issue_iid.',
      '',
      schemaOf('issue.get'),
      '',
      'Corrected call: forge_execute_action {"action":"issue.get","params":{"project_id":1,"issue_iid":3}}',
    ].join('\n'));
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('a missing required value is taken from the catalog\'s examples, and the corrected call passes validation', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.note_create', params: { body: 'LGTM' } });
    const t = text(r);
    const call = /^Corrected call: forge_execute_action (.+)$/m.exec(t)![1]!;
    const fixed = JSON.parse(call) as { action: string; params: Record<string, unknown> };
    expect(fixed.action).toBe('issue.note_create');
    expect(fixed.params.body).toBe('LGTM');
    expect(typeof fixed.params.issue_iid).toBe('number');
    expect(typeof fixed.params.project_id).toBe('string');
    expect(t).toContain(schemaOf('issue.note_create'));
    // The example's project does not exist in the sandbox: what matters is that the call is no longer refused for its params.
    const again = await srv.call('forge_execute_action', fixed);
    expect(text(again)).not.toMatch(/invalid params/);
  });

  it('a value of the wrong type: the refusal, the schema, and the call with an example value in its place', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.get', params: { project_id: 'demo-group/demo-project', issue_iid: 'first' } });
    const [refusal, schema, call] = text(r).split('\n\n');
    expect(refusal).toBe('forge_execute_action/issue.get: invalid params for this action: json: cannot use string "first" as integer for field "issue_iid"');
    expect(schema).toBe(schemaOf('issue.get'));
    expect(JSON.parse(call!.replace('Corrected call: forge_execute_action ', ''))).toMatchObject({ action: 'issue.get', params: { project_id: 'demo-group/demo-project', issue_iid: expect.any(Number) } });
  });

  it('short names of required params keep their values in the corrected call: project → project_id, iid → merge_request_iid', async () => {
    const r = await srv.call('forge_execute_action', { action: 'merge_request.get', params: { project: 'demo-group/demo-project', iid: 2 } });
    expect(r.isError).toBe(true);
    const call = JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!) as { params: Record<string, unknown> };
    expect(call.params).toEqual({ project_id: 'demo-group/demo-project', merge_request_iid: 2 });
    const again = await srv.call('forge_execute_action', { action: 'merge_request.get', params: call.params });
    expect(again.isError, text(again)).toBeFalsy();
  });

  it('one value given where the action takes a list goes into the corrected call as a list of one: assignee "@alice" → assignees ["@alice"]', async () => {
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 'demo-group/demo-project', title: 'Port check', assignee: '@alice' } });
    expect(r.isError).toBe(true);
    expect(apiRequests(sb)).toHaveLength(0);
    const call = JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!) as { params: Record<string, unknown> };
    expect(call.params).toEqual({ project_id: 'demo-group/demo-project', title: 'Port check', assignees: ['@alice'] });
    const again = await srv.call('forge_execute_action', { action: 'issue.create', params: call.params });
    expect(again.isError, text(again)).toBeFalsy();
    expect(text(again)).toMatch(/@alice/);
    // Named right but sent as one value: refused for its type, and the corrected call puts it in a list.
    const typed = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 'demo-group/demo-project', title: 'Port check', assignees: '@alice' } });
    expect(typed.isError).toBe(true);
    expect(JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(typed))![1]!).params).toEqual({ project_id: 'demo-group/demo-project', title: 'Port check', assignees: ['@alice'] });
    // Closed again, so the open-issue counts later tests of this file assert are the seed's.
    const iid = (again.structuredContent as { iid: number }).iid;
    expect((await srv.call('forge_execute_action', { action: 'issue.update', params: { project_id: 'demo-group/demo-project', issue_iid: iid, state_event: 'close' } })).isError).toBeFalsy();
  });

  it('a param another action takes (search on a commit list): the refusal names that action, its schema and the call to it', async () => {
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'repository.commit_list', params: { project_id: 'demo-group/demo-project', ref_name: 'main', search: 'Fix session timeout handling' } });
    expect(r.isError).toBe(true);
    const [refusal, note, schema, call] = text(r).split('\n\n');
    expect(refusal).toMatch(/^forge_execute_action\/repository\.commit_list: invalid params\. Unknown params: search\. .*Valid params: project_id, ref_name, /);
    expect(note).toBe(`search is not a param of repository.commit_list: search.commits takes it (${catalog().get('search.commits')!.summary}).`);
    expect(schema).toBe(schemaOf('search.commits'));
    const fixed = JSON.parse(call!.replace('Corrected call: forge_execute_action ', '')) as { action: string; params: Record<string, unknown> };
    expect(fixed).toEqual({ action: 'search.commits', params: { project_id: 'demo-group/demo-project', search: 'Fix session timeout handling' } });
    expect(apiRequests(sb)).toHaveLength(0);
    const again = await srv.call('forge_execute_action', fixed);
    expect(text(again)).not.toMatch(/invalid params/);
  });

  it("a merge request's pipelines asked of the pipeline list: the refusal names merge_request.pipelines and a call to it that runs", async () => {
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'pipeline.list', params: { project_id: 'demo-group/demo-project', merge_request_iid: 1 } });
    expect(r.isError).toBe(true);
    const note = text(r).split('\n\n')[1];
    expect(note).toBe(`merge_request_iid is not a param of pipeline.list: merge_request.pipelines takes it (${catalog().get('merge_request.pipelines')!.summary}).`);
    const fixed = JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!) as { action: string; params: Record<string, unknown> };
    expect(fixed).toEqual({ action: 'merge_request.pipelines', params: { project_id: 'demo-group/demo-project', merge_request_iid: 1 } });
    expect(apiRequests(sb)).toHaveLength(0);
    const again = await srv.call('forge_execute_action', fixed);
    expect(again.isError, text(again)).toBeFalsy();
    expect(text(again)).toContain('1002');
  });

  it("a group's issues asked of the instance list: the refusal names its group twin, issue.list_group, and a call that answers them", async () => {
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.list_all', params: { group_id: 'demo-group', state: 'opened' } });
    expect(r.isError).toBe(true);
    const [refusal, note, schema] = text(r).split('\n\n');
    expect(refusal).toMatch(/^forge_execute_action\/issue\.list_all: invalid params\. Unknown params: group_id\. /);
    expect(note).toBe(`group_id is not a param of issue.list_all: issue.list_group takes it (${catalog().get('issue.list_group')!.summary}).`);
    expect(schema).toBe(schemaOf('issue.list_group'));
    expect(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]).toBe('{"action":"issue.list_group","params":{"group_id":"demo-group","state":"opened"}}');
    expect(apiRequests(sb)).toHaveLength(0);
    const again = await srv.call('forge_execute_action', { action: 'issue.list_group', params: { group_id: 'demo-group', state: 'opened' } });
    expect(again.isError, text(again)).toBeFalsy();
    const inGroup = [...sb.state.projects.values()].filter((p) => p.namespace.kind === 'group' && p.namespace.id === 10);
    const open = inGroup.flatMap((p) => [...p.issues.values()].filter((i) => i.state === 'opened').map((i) => `demo-group/${p.path}#${i.iid}`));
    const items = again.structuredContent!.items as Array<{ project: string; iid: number; state: string }>;
    expect(open).toHaveLength(22);
    expect(text(again)).toContain('Page 1 of 2 (20 per page, 22 items)');
    expect(items.map((i) => `${i.project}#${i.iid}`).every((k) => open.includes(k))).toBe(true);
    expect(new Set(items.map((i) => i.project))).toEqual(new Set(['demo-group/demo-project', 'demo-group/other-project']));
  });

  it("a project's merge requests asked of the instance list: the corrected call goes to merge_request.list with the caller's values", async () => {
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'merge_request.list_global', params: { project_id: 'demo-group/demo-project', state: 'opened' } });
    expect(r.isError).toBe(true);
    expect(text(r).split('\n\n')[1]).toBe(`project_id is not a param of merge_request.list_global: merge_request.list takes it (${catalog().get('merge_request.list')!.summary}).`);
    const call = /^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!;
    expect(call).toBe('{"action":"merge_request.list","params":{"project_id":"demo-group/demo-project","state":"opened"}}');
    expect(apiRequests(sb)).toHaveLength(0);
    const again = await srv.call('forge_execute_action', JSON.parse(call) as Record<string, unknown>);
    expect(again.isError, text(again)).toBeFalsy();
    const open = [...sb.state.projects.get(1)!.mrs.values()].filter((m) => m.state === 'opened').map((m) => m.iid).sort((a, b) => a - b);
    expect((again.structuredContent!.items as Array<{ iid: number }>).map((m) => m.iid).sort((a, b) => a - b)).toEqual(open);
  });

  it('a twin this session cannot run is not offered: on Free, group-level branch protection (Premium) is not the corrected call', async () => {
    expect(catalog().get('group.protected_branch_protect')!.tier).toBe('premium');
    sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'branch.protect', params: { project_id: 'demo-group/demo-project', name: 'release/*', group_id: 'demo-group' } });
    expect(r.isError).toBe(true);
    expect(text(r)).not.toContain('group.protected_branch_protect');
    expect(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]).toBe('{"action":"branch.protect","params":{"project_id":"demo-group/demo-project","name":"release/*"}}');
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('fields sent among the params: the corrected call puts them beside the params, and it runs', async () => {
    const r = await srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 'demo-group/demo-project', merge_request_iid: 1, fields: ['draft', 'has_conflicts'] } });
    expect(text(r)).toMatch(/^forge_execute_action\/merge_request\.get: invalid params\. Unknown params: fields\./);
    const fixed = JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!) as Record<string, unknown>;
    expect(fixed).toEqual({ action: 'merge_request.get', params: { project_id: 'demo-group/demo-project', merge_request_iid: 1 }, fields: ['draft', 'has_conflicts'] });
    const again = await srv.call('forge_execute_action', fixed);
    expect(again.isError, text(again)).toBeFalsy();
  });

  it('dotted words that name no action are a request, not IDs: "package.json" is searched', async () => {
    const r = await srv.call('forge_find_action', { query: 'package.json' });
    expect(text(r)).not.toMatch(/Unknown action/);
    expect((r.structuredContent!.results as unknown[]).length).toBeGreaterThan(0);
  });

  it('several values of the wrong type: the corrected call keeps none of them, only values of the right type', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.note_create', params: { project_id: { x: 1 }, issue_iid: 'first', body: ['a'], internal: 'maybe' } });
    const call = JSON.parse(/^Corrected call: forge_execute_action (.+)$/m.exec(text(r))![1]!) as { params: Record<string, unknown> };
    expect(typeof call.params.project_id).toBe('string');
    expect(typeof call.params.issue_iid).toBe('number');
    expect(typeof call.params.body).toBe('string');
    expect(call.params).not.toHaveProperty('internal');
  });

  it('the meta surface keeps its own text, without the additions', async () => {
    const meta = await startInProcess({ sandbox: sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } });
    try {
      const r = await meta.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 'first' } });
      expect(text(r)).toBe('forge_issue/get: invalid params for this action: json: cannot use string "first" as integer for field "issue_iid"');
    } finally { await meta.close(); }
  });
});
