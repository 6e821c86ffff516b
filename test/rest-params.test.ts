// Parameters as GitLab defines them: every REST action against the reference written from GitLab's own
// definitions (test/fixtures/gitlab-rest-params.json, by scripts/rest-params.mjs). For each route an
// action sends: every parameter it sends exists there (same wire name, compatible type, equal enum
// values, the same None/Any words); every parameter GitLab requires is required here; every parameter
// GitLab defines is offered or listed in the entry's `omitted` with a reason.
// One domain: npx vitest run test/rest-params.test.ts -t "domain issue"
import { describe, it, expect } from 'vitest';
import type { Action } from '../src/catalog/define.js';
import { loadCatalog } from '../src/catalog/index.js';
import { buildDomain } from '../src/catalog/build.js';
import { domain, int, str, idOr, req, id } from '../src/catalog/define.js';
import { checkAction, reference, type ActionReport } from './helpers/rest-params.js';

const catalog = await loadCatalog();
const rest = catalog.actions.filter((a) => !a.graphql);
const reports = new Map<string, ActionReport>(rest.map((a) => [a.id, checkAction(a)]));
const byDomain = new Map<string, Action[]>();
for (const a of rest) byDomain.set(a.domain, [...(byDomain.get(a.domain) ?? []), a]);

describe('the reference', () => {
  it('holds the facts the everyday filters rest on', () => {
    const issues = reference().routes['GET /projects/*/issues'].params;
    expect(issues.assignee_id).toMatchObject({ type: 'integer', wildcards: ['None', 'Any'] });
    expect(issues.epic_id?.wildcards).toEqual(['None', 'Any']);
    expect(issues['not[iids]']).toBeDefined();
    expect(reference().routes['GET /projects/*/merge_requests'].params.reviewer_id?.wildcards).toEqual(['None', 'Any']);
    expect(reference().routes['POST /projects/*/merge_requests'].params.merge_after).toBeDefined();
    expect(reference().routes['POST /projects/*/merge_requests'].params.title?.required).toBe(true);
    // A correction of the generated description from GitLab's own page (scripts/rest-params.mjs CORRECTIONS).
    expect(reference().routes['GET /audit_events'].params.entity_type?.required).toBeUndefined();
    // The 19.4 target: routes compared with GitLab's 19.5 description (scripts/rest-params.mjs DOC_COMPARED, DOC_FACTS);
    // a fact whose release is unknown or after 19.4 is recorded, not applied.
    const sources = reference().sources as Array<{ path?: string; commit?: string; release?: string; applied?: string; what?: string }>;
    expect(sources.find((s) => s.release === '19.5')?.commit).toBe('07fbd7abe2d2c18b6e7ea6a14f627048f28aa795');
    expect(sources.find((s) => s.what?.startsWith('PUT /groups/* duo_sast_fp_detection_availability'))?.applied).toMatch(/^no:/);
    expect(reference().routes['PUT /groups/*'].params.duo_sast_fp_detection_availability).toBeDefined();
    // Second pass over the other everyday domains (same file and commit).
    expect(sources.filter((s) => s.release === '19.5' && s.commit === '07fbd7abe2d2c18b6e7ea6a14f627048f28aa795').length).toBe(4);
    // Third pass: approvals, MR diffs and versions, members, group sub-resources (hooks, push rule, LDAP/SAML links, boards...) and routes read alongside; no difference.
    expect(sources.find((s) => s.what?.startsWith('parameters of 163 routes'))?.release).toBe('19.5');
    // Fourth pass: the last everyday routes (registry, package files, job artifacts, group share/transfer, snippet award emoji,
    // instance variables...) and those read alongside; no difference, so no fact added.
    expect(sources.find((s) => s.what?.startsWith('parameters of 101 routes'))?.release).toBe('19.5');
    expect(sources.find((s) => s.what?.startsWith('POST /groups duo_sast_fp_detection_availability'))?.applied).toMatch(/^no:/);
    expect(reference().routes['POST /groups'].params.duo_sast_fp_detection_availability).toBeDefined();
    expect(sources.find((s) => s.what?.startsWith('POST /groups shared_runners_setting'))?.applied).toMatch(/^no:/);
    expect(reference().routes['POST /groups'].params.shared_runners_setting).toBeDefined();
    // Dated 18.9 by the 19.5 description, so applied for the 19.4 target.
    expect(sources.find((s) => s.what?.startsWith('GET /search regex'))?.applied).toBe('in 18.9, within 19.4');
    expect(reference().routes['GET /search'].params.regex).toMatchObject({ type: 'boolean', in: 'query' });
  });

  it('the lint catches a wrong type, a missing None/Any, an unknown or unrequired parameter and an unlisted one', () => {
    const [bad] = buildDomain(domain('issue', 'test', {
      list: {
        summary: 'List issues of a project for the lint self-test',
        rest: 'GET /projects/{project_id}/issues',
        params: { project_id: id.project(), assignee_id: int('Assignee'), author_id: str('Author'), colour: str('No such filter'), state: idOr(['None'], 'Wrong wildcard') },
        fineGrained: ['read_work_item'],
      },
    }));
    const problems = checkAction(bad).problems.join('\n');
    expect(problems).toContain('assignee_id: integer where GitLab also takes None/Any');
    expect(problems).toContain('sends colour which GitLab does not define');
    expect(problems).toContain('state: accepts None that GitLab does not define');
    expect(problems).toContain("GitLab's epic_id is neither offered nor listed in omitted");
    const [create] = buildDomain(domain('merge_request', 'test', {
      create: {
        summary: 'Create a merge request for the lint self-test',
        rest: 'POST /projects/{project_id}/merge_requests',
        params: { project_id: id.project(), title: req(str('Title')), source_branch: str('Source'), target_branch: req(str('Target')) },
        fineGrained: ['create_merge_request'],
      },
    }));
    expect(checkAction(create).problems.join('\n')).toContain('source_branch is required by GitLab but optional here');
  });

  it('a route companion reads a route GitLab defines and refuses exactly the params that route does not take', () => {
    const members = (route: string, refuses: string[]) => buildDomain(domain('project', 'test', {
      members: {
        summary: 'List the members of a project for the lint self-test',
        rest: 'GET /projects/{project_id}/members/all',
        params: {
          project_id: id.project(), query: str('Match'), state: str('State'),
          direct: { type: 'boolean', in: 'local', companion: { route, names: 'direct members', refuses }, description: 'Only direct members' },
        },
        fineGrained: ['read_member'],
      },
    }))[0]!;
    expect(checkAction(members('GET /projects/{project_id}/members', [])).problems.join('\n'))
      .toContain('companion direct: GET /projects/{project_id}/members does not take state of the action\'s params; refuses lists nothing');
    expect(checkAction(members('GET /projects/{project_id}/members', ['query', 'state'])).problems.join('\n'))
      .toContain('does not take state of the action\'s params; refuses lists query, state');
    expect(checkAction(members('GET /projects/{project_id}/members/direct', ['state'])).problems.join('\n'))
      .toContain('companion direct reads GET /projects/{project_id}/members/direct, which GitLab does not define');
  });
});

describe('REST parameters against GitLab', () => {
  it('figures', () => {
    const all = [...reports.values()];
    const routesCovered = all.reduce((n, r) => n + r.covered.length, 0);
    const routesUncovered = all.flatMap((r) => r.uncovered);
    const lines = [
      `REST actions: ${rest.length}; routes with a reference: ${routesCovered}; without: ${routesUncovered.length}`,
      `parameters matched: ${all.reduce((n, r) => n + r.matched, 0)}; left out with a reason: ${all.reduce((n, r) => n + r.omitted, 0)}; differences: ${all.reduce((n, r) => n + r.problems.length, 0)}`,
      `uncovered routes: ${routesUncovered.join(', ')}`,
      ...[...byDomain.entries()].map(([d, as]) => `  ${d}: ${as.reduce((n, a) => n + reports.get(a.id)!.problems.length, 0)} differences`),
    ];
    console.log(lines.join('\n'));
    expect(routesCovered).toBeGreaterThan(900);
  });

  for (const [d, actions] of byDomain) {
    it(`domain ${d}`, () => {
      // Every domain is held to no difference: a parameter is offered, listed in omitted or undocumented with a reason.
      expect(actions.flatMap((a) => reports.get(a.id)!.problems)).toEqual([]);
    });
  }
});
