// forge_find_action on a query that asks for several things at once ("protect branch; list protected branches"):
// each part ranked on its own, every part's best callable from one answer (issue #30) — through an MCP client
// against the sandbox.
import { beforeEach, describe, it, expect } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { atTier } from '../src/catalog/define.js';
import { actionSchema } from '../src/catalog/schema.js';
import { sandboxServer } from './helpers/inproc.js';
import { text } from './helpers/harness.js';

await loadCatalog();
// The tier pinned, so each best's schema is the catalog's at that tier.
const on = sandboxServer({ env: { FORGE_MCP_TIER: 'premium' } });
beforeEach(() => { on.sb.clearLog(); });
const find = (args: Record<string, unknown>) => on.srv.call('forge_find_action', args);

interface Part { query: string; results: Array<{ id: string }>; ambiguous?: boolean }
const partsOf = (r: { structuredContent?: Record<string, unknown> }) => r.structuredContent!.parts as Part[] | undefined;
const ids = (rs: Array<{ id: string }>) => rs.map((x) => x.id);
/** The exact JSON schemas an answer says, by action. */
function schemas(body: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of body.matchAll(/^\d+\. `([\w.]+)`.*\n {3}params: (.*)$/gm)) out.set(m[1]!, JSON.parse(m[2]!));
  return out;
}

describe('a query of parts', () => {
  // The logged finds of assistants that see only the two tools (issue #30), with each part's action.
  const LOGGED: Array<[string, string[]]> = [
    ['list starrers of project; star project', ['project.list_starrers', 'project.star']],
    ['protect branch; list protected branches', ['branch.protect', 'branch.list_protected']],
    ['create group milestone; list group milestones', ['group.group_milestone_create', 'group.group_milestone_list']],
    ['update group member access level; list project members including inherited', ['group.group_member_edit', 'project.members']],
    ['add release asset link; get release', ['release.link_create', 'release.get']],
  ];
  for (const [query, bests] of LOGGED) {
    it(`"${query}": each part's best with its exact JSON schema, within the budget`, async () => {
      const r = await find({ query });
      const body = text(r);
      const parts = partsOf(r)!;
      expect(parts.map((p) => p.query)).toEqual(query.split('; '));
      expect(parts.map((p) => p.results[0]!.id)).toEqual(bests);
      const said = schemas(body);
      for (const id of bests) expect(said.get(id), id).toEqual(actionSchema(atTier(catalog().get(id)!, 'premium')));
      // The results are the parts' own, in order, each action once; the text names each of them.
      expect(ids(r.structuredContent!.results as Part['results'])).toEqual([...new Set(parts.flatMap((p) => ids(p.results)))]);
      expect([...body.matchAll(/^\d+\. `([\w.]+)`/gm)].map((m) => m[1])).toEqual(parts.flatMap((p) => ids(p.results)));
      expect(body.startsWith(`Part 1, "${query.split('; ')[0]}"`)).toBe(true);
      expect(body).toMatch(/\n\n\* = required\.( Every param of an action: forge_find_action with its ID as the query\.)?$/);
      expect(body.match(/\* = required/g)).toHaveLength(1);
      expect(body.length).toBeLessThan(2400);
      expect(on.sb.log).toEqual([]);
    });
  }

  it('guessed IDs that are no actions are each searched as their words, and the answer says they are not IDs', async () => {
    const r = await find({ query: 'protected_branch.list protected_branch.create' });
    const parts = partsOf(r)!;
    expect(parts.map((p) => p.query)).toEqual(['protected branch list', 'protected branch create']);
    expect(ids(parts[0]!.results)).toContain('branch.list_protected');
    expect(ids(parts[1]!.results)).toContain('branch.protect');
    expect(text(r)).toContain('(No action has the IDs `protected_branch.list`, `protected_branch.create`: each was searched as its words.)');
    // File names are no guessed IDs: a search, as before.
    expect(text(await find({ query: 'package.json readme.md' }))).not.toContain('No action has the IDs');
    // One real ID among them: the IDs asked for, the unknown one named with its nearest.
    expect(text(await find({ query: 'branch.protect protected_branch.list' }))).toMatch(/^Schemas of the actions asked for by ID:/);
  });

  it('a part that matches nothing says so; the other is answered', async () => {
    const r = await find({ query: 'list open issues\nfrobnicate the quux' });
    const parts = partsOf(r)!;
    expect(parts.map((p) => p.query)).toEqual(['list open issues', 'frobnicate the quux']);
    expect(parts[0]!.results[0]!.id).toBe('issue.list');
    expect(parts[1]!.results).toEqual([]);
    expect(text(r)).toContain('Part 2, "frobnicate the quux": no action matches.');
  });

  it('the limit is the whole answer\'s, shared out over the parts; the domain holds for each part', async () => {
    const r = await find({ query: 'list starrers of project; star project', limit: 3 });
    const [first, second] = partsOf(r)!.map((p) => p.results.length);
    expect(first).toBeLessThanOrEqual(2);
    expect(second).toBe(1);
    const one = await find({ query: 'list starrers of project; star project', limit: 1 });
    expect(partsOf(one)!.map((p) => ids(p.results))).toEqual([['project.list_starrers'], ['project.star']]);
    const inProject = await find({ query: 'list members; create a label', domain: 'project' });
    expect(ids(inProject.structuredContent!.results as Part['results']).every((id) => id.startsWith('project.'))).toBe(true);
    expect(partsOf(inProject)!.map((p) => p.results[0]!.id)).toEqual(['project.members', 'project.label_create']);
  });

  it('a part of IDs is answered by ID; a query of IDs split by ";" is the by-ID answer as before', async () => {
    const r = await find({ query: 'issue.update; list project labels' });
    expect(partsOf(r)!.map((p) => p.results[0]!.id)).toEqual(['issue.update', 'project.label_list']);
    expect(text(r)).toContain('Part 1, "issue.update", asked for by ID:');
    const byId = await find({ query: 'job.get; job.trace' });
    expect(text(byId).startsWith('Schemas of the actions asked for by ID:')).toBe(true);
    expect(ids(byId.structuredContent!.results as Part['results'])).toEqual(['job.get', 'job.trace']);
  });

  it('one request said in clauses, with text, or joined by "and"/"then" is ranked whole, as before', async () => {
    // Against a request on each line…
    expect(partsOf(await find({ query: 'get issue 5\nclose issue 5' }))!.map((p) => p.results[0]!.id)).toEqual(['issue.get', 'issue.update']);
    for (const query of [
      'approve and merge',
      'get issue 5, then close it',
      // Context, then the request: a part that refers to another or states a fact (tuning sets).
      'We rotated agentk\'s secret on the lab cluster; delete the old one (agent 9, token 101) in quokka-studio/cluster-live',
      'stop CI agent 441 serving bellwether/ios-app; other repos keep it',
      'create a private snippet \'nginx reverse proxy\' with this config: server { listen 80; }',
      // Two clauses whose bests are one action.
      'the download for \'linux-arm64\' on our 2.0 release in cobaltbay/ingest points to a dead bucket; fix the URL',
    ]) {
      const r = await find({ query });
      expect(partsOf(r), query).toBeUndefined();
      expect(text(r), query).toMatch(/^(Best match:|Did you mean)/);
    }
  });
});
