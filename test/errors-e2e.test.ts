// The error contract end to end (SPEC "Errors"): the server (built in this process) calls an action through
// forge_execute_action, a sandbox fault answers for the platform, and the sandbox log says how many
// requests reached it and with which headers. Retries: errors-retries.test.ts; failures without a
// platform answer and the outbound checks: errors-outbound.test.ts.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { STATUS_CODES } from 'node:http';
import type { FaultRule } from '../src/sandbox/index.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { PRIVATE_INSTANCES_SUGGESTION } from '../src/forge/classify.js';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { EXTERNAL_STATUS_CHECK_HINTS, ROTATE_SELF_HINTS, SAML_LINK_HINTS } from '../src/catalog/hints.js';
import { apiRequests, text, type ToolResultLike } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

beforeAll(async () => { await loadCatalog(); });
// 19.5.0-pre: the hosted-only Orbit actions are listed. Ultimate tier: the Premium and Ultimate
// routes of the 401/403 table and the SAML-link actions are listed.
const on = sandboxServer({ sandbox: { version: '19.5.0-pre' }, env: { FORGE_MCP_TIER: 'ultimate' } });
afterEach(() => { on.sb.clearFaults(); });

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const reason = (status: number): string => STATUS_CODES[status] ?? '';

/** One call through the dynamic surface, with the sandbox log cleared and the faults in place. */
async function exec(action: string, params: Record<string, unknown>, faults: FaultRule[] = [], confirm = false): Promise<ToolResultLike> {
  on.sb.clearFaults();
  for (const f of faults) on.sb.fault(f);
  on.sb.clearLog();
  return on.srv.call('forge_execute_action', { action, params, ...(confirm ? { confirm: true } : {}) });
}

/** SPEC "Result shape": isError, exactly one text block, no structuredContent. Returns the text. */
function failure(r: ToolResultLike): string {
  expect(r.isError, text(r)).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  expect(r.content).toHaveLength(1);
  expect(r.content[0].type).toBe('text');
  const t = text(r);
  expect(t).not.toContain('\n');
  expect(t).not.toContain(SANDBOX_TOKEN);
  return t;
}

/** Exactly `n` requests reached the API origin, each `METHOD path` and carrying the token. */
function sent(n: number, method: string, path: string): void {
  const reqs = apiRequests(on.sb);
  expect(reqs.map((e) => `${e.method} ${e.path}`)).toEqual(Array.from({ length: n }, () => `${method} ${path}`));
  for (const e of reqs) expect(e.headers['private-token']).toBe(SANDBOX_TOKEN);
  expect(on.sb.log.filter((e) => e.origin === 'storage')).toHaveLength(0);
}

const ISSUES = '/api/v4/projects/:id/issues';
const ISSUES_1 = '/api/v4/projects/1/issues';
const GRAPHQL = '/api/graphql';

describe('classification by HTTP status (REST)', () => {
  // Each row on a POST (issue.create): one request, so the 5xx rows are fast and carry the write note.
  // The body only repeats the status, so no platform message is shown.
  const rows: Array<[number, string, RegExp[]]> = [
    [400, 'bad request: check your input parameters', []],
    [401, 'unauthorized:', [/either the token is invalid or expired, or it is valid but lacks a permission this route requires/, /if the same token works for other calls, this is a permission refusal, not a bad token$/]],
    [403, 'access denied: your token lacks the required permissions.', [/a missing API scope/, /an insufficient role \(some operations need Maintainer or Owner\)/, /a feature restricted by instance administrator settings$/]],
    [404, 'not found:', [/does not exist/, /no access/, /higher tier/]],
    [405, 'method not allowed:', [/closed, merged, archived or protected/]],
    [409, 'conflict:', [/already exists/, /state conflicts/]],
    [422, 'validation failed:', []],
    [500, 'GitLab internal server error:', [/; this write was not re-sent and may have been applied: read it back before writing again$/]],
    [502, 'GitLab is temporarily unavailable (bad gateway): try again shortly', [/; this write was not re-sent and may have been applied: read it back before writing again$/]],
    [503, 'GitLab is under maintenance or overloaded (service unavailable): try again shortly', [/; this write was not re-sent and may have been applied: read it back before writing again$/]],
    [418, 'GitLab returned HTTP 418', []],
  ];
  it.each(rows)('%i → "%s"', async (status, opening, parts) => {
    const r = await exec('issue.create', { project_id: 1, title: 'status row' }, [{ method: 'POST', path: ISSUES, status, body: { message: `${status} ${reason(status)}` }, times: 3 }]);
    const t = failure(r);
    expect(t.startsWith(`issueCreate: ${opening}`), t).toBe(true);
    // <operation>: <classification>: <cause>; a 404 has no request line.
    const cause = status === 404 ? '404 Not Found' : `POST ${on.sb.url}${ISSUES_1}: ${status} ${reason(status)}`;
    expect(t).toMatch(new RegExp(`^issueCreate: ${esc(opening)}.*: ${esc(cause)}$`));
    const classification = t.slice('issueCreate: '.length, t.length - cause.length - 2);
    for (const p of parts) expect(classification).toMatch(p);
    // The platform message only repeated the status: no parentheses for it, no suggestion.
    expect(t).not.toContain(`(${status} ${reason(status)})`);
    expect(t).not.toContain('Suggestion:');
    sent(1, 'POST', ISSUES_1);
  });

  it('shows the platform message in parentheses and after the cause when it says more than the status', async () => {
    const r = await exec('issue.create', { project_id: 1, title: 'x' }, [{ method: 'POST', path: ISSUES, status: 422, body: { message: { title: ['is too long (maximum is 255 characters)'] } }, times: 1 }]);
    expect(failure(r)).toBe(
      `issueCreate: validation failed: GitLab refused the data as invalid (title is too long (maximum is 255 characters)): POST ${on.sb.url}${ISSUES_1}: 422 Unprocessable Entity: title is too long (maximum is 255 characters)`,
    );
    sent(1, 'POST', ISSUES_1);
  });

  it('other 4xx on a read describe the request: one GET, not re-sent', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 400, body: { message: 'state is invalid' }, times: 3 }]);
    expect(failure(r)).toBe(`issueList: bad request: check your input parameters (state is invalid): GET ${on.sb.url}${ISSUES_1}: 400 Bad Request: state is invalid`);
    sent(1, 'GET', ISSUES_1);
  });
});

describe('the two causes of 401', () => {
  it('a REST 401 without an RFC 6750 code keeps the two-cause sentence', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 401, body: { message: '401 Unauthorized' }, times: 1 }]);
    const t = failure(r);
    expect(t).toMatch(/^issueList: unauthorized: either the token is invalid or expired, or it is valid but lacks a permission this route requires/);
    expect(t.endsWith(`: GET ${on.sb.url}${ISSUES_1}: 401 Unauthorized`)).toBe(true);
    sent(1, 'GET', ISSUES_1);
  });

  it('a REST 401 whose body carries invalid_token: authentication failed', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 401, body: { error: 'invalid_token', error_description: 'Token was revoked. You have to re-authorize from the user.' }, times: 1 }]);
    expect(failure(r)).toBe(
      'issueList: authentication failed: GitLab rejected the token itself as invalid, expired, revoked or without the api or read_api scope ' +
        `(invalid_token: Token was revoked. You have to re-authorize from the user.): GET ${on.sb.url}${ISSUES_1}: 401 Unauthorized: invalid_token: Token was revoked. You have to re-authorize from the user.`,
    );
    sent(1, 'GET', ISSUES_1);
  });

  it('a REST 401 with invalid_token in WWW-Authenticate: authentication failed', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 401, body: { message: '401 Unauthorized' }, headers: { 'www-authenticate': 'Bearer realm="GitLab", error="invalid_token", error_description="Token is expired."' }, times: 1 }]);
    const t = failure(r);
    expect(t).toMatch(/^issueList: authentication failed: /);
    expect(t.endsWith(`: GET ${on.sb.url}${ISSUES_1}: 401 Unauthorized`)).toBe(true);
    sent(1, 'GET', ISSUES_1);
  });

  it('any 401 from GraphQL: authentication failed, with the GraphQL errors after the cause', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 401, body: { errors: [{ message: 'Invalid token' }] }, times: 1 }]);
    expect(failure(r)).toBe(
      'customEmojiList: authentication failed: GitLab rejected the token itself as invalid, expired, revoked or without the api or read_api scope: ' +
        `POST ${on.sb.url}/api/graphql: 401 Unauthorized (GraphQL errors: Invalid token)`,
    );
    sent(1, 'POST', GRAPHQL);
  });

  describe('routes whose 401 and 403 differ: the handler hint follows the classification', () => {
    const routes: Array<[string, Record<string, unknown>, string, string, RegExp, RegExp]> = [
      ['external_status_check.list_project_mr_checks', { project_id: 1, merge_request_iid: 1 }, 'GET', '/api/v4/projects/1/merge_requests/1/status_checks', /lacks GitLab Ultimate/, /role on the merge request is too low/],
      ['external_status_check.set_project_mr_status', { project_id: 1, merge_request_iid: 1, sha: 'abc123', external_status_check_id: 7, status: 'passed' }, 'POST', '/api/v4/projects/1/merge_requests/1/status_check_responses', /lacks GitLab Ultimate/, /role on the merge request is too low/],
      ['external_status_check.retry_project', { project_id: 1, merge_request_iid: 1, external_status_check_id: 7 }, 'POST', '/api/v4/projects/1/merge_requests/1/status_checks/7/retry', /lacks GitLab Ultimate/, /role on the merge request is too low/],
      ['project.create_fork_relation', { project_id: 1, forked_from_id: 2 }, 'POST', '/api/v4/projects/1/fork/2', /target namespace is not one the source project may be forked into/, /lack Owner on the project.*create forks in the top-level namespace.*fork the source/],
      ['project.security_settings_get', { project_id: 1 }, 'GET', '/api/v4/projects/1/security_settings', /role is too low/, /license lacks the feature.*archived.*enforced by the instance/],
      ['project.security_settings_update', { project_id: 1, secret_push_protection_enabled: true }, 'PUT', '/api/v4/projects/1/security_settings', /role is too low/, /license lacks the feature.*archived.*enforced by the instance/],
      ['group.security_settings_update', { group_id: 2, secret_push_protection_enabled: true }, 'PUT', '/api/v4/groups/2/security_settings', /role is too low/, /license lacks the feature.*archived.*enforced by the instance/],
      ['merge_train.add', { project_id: 1, merge_request_iid: 1 }, 'POST', '/api/v4/projects/1/merge_trains/merge_requests/1', /may not merge into the target branch/, /read check every merge train route runs first/],
    ];
    const op = (id: string) => id.split(/[._]/).map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');

    it.each(routes)('%s', async (id, params, method, path, means401, means403) => {
      const hints = catalog().get(id)?.errorHints?.permission;
      if (!hints) throw new Error(`${id} declares no permission hints`);
      expect(hints[401]).toMatch(means401);
      expect(hints[403]).toMatch(means403);
      for (const status of [401, 403] as const) {
        const r = await exec(id, params, [{ path, status, body: { message: `${status} ${reason(status)}` }, times: 1 }]);
        const t = failure(r);
        const opening = status === 401 ? 'unauthorized:' : 'access denied: your token lacks the required permissions.';
        expect(t).toMatch(new RegExp(`^${op(id)}: ${esc(opening)}.*\\. Suggestion: ${esc(hints[status])}: ${method} ${esc(on.sb.url + path)}: ${status} ${reason(status)}$`));
        expect(t).not.toContain(hints[status === 401 ? 403 : 401]);
        sent(1, method, path);
      }
    });

    it('no role hint after the verdict that the token was refused, nor after a refusal of the account itself', async () => {
      const path = '/api/v4/projects/1/merge_requests/1/status_checks';
      const hints = EXTERNAL_STATUS_CHECK_HINTS.permission!;
      const refused = failure(await exec('external_status_check.list_project_mr_checks', { project_id: 1, merge_request_iid: 1 }, [{ path, status: 401, body: { error: 'invalid_token' }, times: 1 }]));
      expect(refused).toBe(
        'externalStatusCheckListProjectMrChecks: authentication failed: GitLab rejected the token itself as invalid, expired, revoked or without the api or read_api scope ' +
          `(invalid_token): GET ${on.sb.url}${path}: 401 Unauthorized: invalid_token`,
      );
      const blocked = failure(await exec('external_status_check.list_project_mr_checks', { project_id: 1, merge_request_iid: 1 }, [{ path, status: 403, body: { message: '403 Forbidden - Your account has been blocked.' }, times: 1 }]));
      expect(blocked).toMatch(/^externalStatusCheckListProjectMrChecks: access denied: your token lacks the required permissions\. .*\(403 Forbidden - Your account has been blocked\.\): GET /);
      expect(blocked).not.toContain('Suggestion:');
      expect(blocked).not.toContain(hints[403]);
      sent(1, 'GET', path);
    });
  });
});

describe('fine-grained refusals', () => {
  const WAY_OUT = 'a classic token (an existing one, on an instance that no longer lets you create them), where the group does not refuse classic tokens';
  const REQUIRES = 'Access denied: this operation requires a fine-grained personal access token with the listed project permissions [read_issue].';

  it('REST 403 insufficient_granular_scope naming a permission: the boundary and permission, the way out, no hint', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 403, body: { error: 'insufficient_granular_scope', error_description: REQUIRES }, times: 1 }]);
    const classification =
      'access denied: this call needs the fine-grained project permission [read_issue], which this token was not granted; a grant cannot be changed, ' +
      `so use a new fine-grained token that includes it, or ${WAY_OUT}; a classic token refused this way is under a group that requires fine-grained tokens`;
    expect(failure(r)).toBe(`issueList: ${classification}: GET ${on.sb.url}${ISSUES_1}: 403 Forbidden: insufficient_granular_scope: ${REQUIRES}`);
    sent(1, 'GET', ISSUES_1);
  });

  it('the code alone is enough', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 403, body: { error: 'insufficient_granular_scope' }, times: 1 }]);
    const t = failure(r);
    expect(t).toMatch(/^issueList: access denied: this call needs a fine-grained permission this token was not granted; a grant cannot be changed/);
    expect(t).toContain(WAY_OUT);
    expect(t.endsWith(`: GET ${on.sb.url}${ISSUES_1}: 403 Forbidden: insufficient_granular_scope`)).toBe(true);
  });

  it('"does not support fine-grained tokens": no permission declared, use a classic token', async () => {
    const sentence = 'This operation does not support fine-grained personal access tokens.';
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 403, body: { error: 'insufficient_granular_scope', error_description: sentence }, times: 1 }]);
    expect(failure(r)).toBe(
      `issueList: access denied: no fine-grained permission is declared for this operation, so no fine-grained token can call it; use ${WAY_OUT}: ` +
        `GET ${on.sb.url}${ISSUES_1}: 403 Forbidden: insufficient_granular_scope: ${sentence}`,
    );
  });

  it('"not yet supported": not enabled for the user (a feature flag), classic token or ask the administrator', async () => {
    const sentence = 'Fine-grained personal access tokens are not yet supported.';
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 403, body: { error: 'insufficient_granular_scope', error_description: sentence }, times: 1 }]);
    expect(failure(r)).toBe(
      `issueList: access denied: fine-grained tokens are not enabled for this token's user (a feature flag); use ${WAY_OUT}, or ask the administrator to enable them: ` +
        `GET ${on.sb.url}${ISSUES_1}: 403 Forbidden: insufficient_granular_scope: ${sentence}`,
    );
  });

  it('on a route with a 403 hint, the description is given once and no role, license or owner hint follows', async () => {
    const path = '/api/v4/projects/1/merge_requests/1/status_checks';
    const sentence = 'Access denied: this operation requires a fine-grained personal access token with the listed project permissions [read_external_status_check].';
    const r = await exec('external_status_check.list_project_mr_checks', { project_id: 1, merge_request_iid: 1 }, [{ path, status: 403, body: { error: 'insufficient_granular_scope', error_description: sentence }, times: 1 }]);
    const t = failure(r);
    expect(t).toMatch(/^externalStatusCheckListProjectMrChecks: access denied: this call needs the fine-grained project permission \[read_external_status_check\]/);
    expect(t.split('this call needs the fine-grained')).toHaveLength(2);
    expect(t).not.toContain('Suggestion:');
    expect(t).not.toContain(EXTERNAL_STATUS_CHECK_HINTS.permission![403]);
    sent(1, 'GET', path);
  });

  it('GraphQL: status 200, the mutation field null and the sentence as an errors[] entry read whole', async () => {
    const sentence = 'Access denied; this operation requires a fine-grained personal access token with the listed group permissions [create_custom_emoji]';
    const r = await exec('custom_emoji.create', { group_path: 'demo-group', name: 'party', url: 'https://example.com/party.png' }, [
      { path: GRAPHQL, graphqlOperation: 'createCustomEmoji', status: 200, body: { data: { createCustomEmoji: null }, errors: [{ message: sentence, path: ['createCustomEmoji'] }] }, times: 1 },
    ]);
    expect(failure(r)).toBe(
      'customEmojiCreate: access denied: this call needs the fine-grained group permission [create_custom_emoji], which this token was not granted; a grant cannot be changed, ' +
        `so use a new fine-grained token that includes it, or ${WAY_OUT}; a classic token refused this way is under a group that requires fine-grained tokens: ` +
        `customEmojiCreate mutation errors: ${sentence}`,
    );
    sent(1, 'POST', GRAPHQL);
  });

  it('GraphQL: an HTTP 404 in a classic-token session does not speak of a fine-grained grant', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 404, body: { message: '404 Not Found' }, times: 1 }]);
    expect(failure(r)).toMatch(/^customEmojiList: not found: GitLab could not find it, or the token may not see it(:|\.|$)/);
    expect(failure(r)).not.toMatch(/fine-grained/);
  });

  it('GraphQL: a 404 Not Found errors[] entry is the GraphQL not-found', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 200, body: { data: { group: null }, errors: [{ message: '404 Not Found' }] }, times: 1 }]);
    expect(failure(r)).toBe(
      'customEmojiList: not found: GitLab could not find it, or the token may not see it; a fine-grained token sees only what its grant covers: failed to execute GraphQL query: 404 Not Found',
    );
    sent(1, 'POST', GRAPHQL);
  });

  it('over REST the not-found is a plain 404', async () => {
    const r = await exec('issue.get', { project_id: 1, issue_iid: 4242 }, [{ method: 'GET', path: `${ISSUES}/:iid`, status: 404, body: { message: '404 Not found' }, times: 1 }]);
    expect(failure(r)).toBe('issueGet: not found: the resource does not exist, the token has no access to it, or the feature needs a higher tier (Premium or Ultimate): 404 Not Found');
    sent(1, 'GET', `${ISSUES_1}/4242`);
  });
});

describe('GraphQL errors', () => {
  const EMOJI = { group_path: 'demo-group', name: 'party', url: 'https://example.com/party.png' };

  it('1. a refusal with an error status is classified by status; the cause lists each errors[].message on one line; never re-sent', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 500, body: { errors: [{ message: 'boom one' }, { message: 'boom\ntwo' }] }, times: 3 }]);
    expect(failure(r)).toBe(
      `customEmojiList: GitLab internal server error: the failure is on the GitLab side; GraphQL requests are not re-sent: POST ${on.sb.url}/api/graphql: 500 Internal Server Error (GraphQL errors: boom one, boom two)`,
    );
    sent(1, 'POST', GRAPHQL);
  });

  it('1. a mutation answered 502 was not re-sent and must be read back', async () => {
    const r = await exec('custom_emoji.create', EMOJI, [{ path: GRAPHQL, status: 502, body: { errors: [{ message: 'upstream down' }] }, times: 3 }]);
    expect(failure(r)).toBe(
      'customEmojiCreate: GitLab is temporarily unavailable (bad gateway): try again shortly; this write was not re-sent and may have been applied: read it back before writing again: ' +
        `POST ${on.sb.url}/api/graphql: 502 Bad Gateway (GraphQL errors: upstream down)`,
    );
    sent(1, 'POST', GRAPHQL);
  });

  it('1. the list is capped at 2048 bytes as a whole', async () => {
    const long = ['a', 'b', 'c'].map((c) => c.repeat(1000));
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 400, body: { errors: long.map((message) => ({ message })) }, times: 1 }]);
    const t = failure(r);
    const list = /\(GraphQL errors: ([^)]*)\)$/.exec(t)?.[1] ?? '';
    expect(Buffer.byteLength(list, 'utf8')).toBe(2048);
    expect(list).toBe(`${long[0]}, ${long[1]}, ${'c'.repeat(2048 - 2004)}`);
  });

  it('1. the list is dropped when the body has a top-level key other than data, errors, extensions', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 400, body: { errors: [{ message: 'leaky detail' }], backtrace: ['app/graphql.rb:1'] }, times: 1 }]);
    expect(failure(r)).toBe(`customEmojiList: bad request: check your input parameters: POST ${on.sb.url}/api/graphql: 400 Bad Request`);
  });

  it('2. an error in a 200 answer to a query: "<operation> GraphQL errors: <m>; <m>", classification unexpected error', async () => {
    const r = await exec('custom_emoji.list', { group_path: 'demo-group' }, [{ path: GRAPHQL, status: 200, body: { data: { group: null }, errors: [{ message: 'first problem' }, { message: 'second\r\nproblem' }] }, times: 1 }]);
    expect(failure(r)).toBe('customEmojiList: unexpected error: customEmojiList GraphQL errors: first problem; second problem');
    sent(1, 'POST', GRAPHQL);
  });

  it('2./3. a refused mutation: null payload plus top-level errors[]; the platform reason (generic sentence left as it is)', async () => {
    const generic = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
    const r = await exec('custom_emoji.create', EMOJI, [{ path: GRAPHQL, status: 200, body: { data: { createCustomEmoji: null }, errors: [{ message: generic }] }, times: 1 }]);
    expect(failure(r)).toBe(`customEmojiCreate: unexpected error: customEmojiCreate mutation errors: ${generic}`);
    sent(1, 'POST', GRAPHQL);
  });

  it('3. a refused mutation with its reasons in the payload errors: "<operation> mutation errors: <m>; <m>"', async () => {
    const r = await exec('custom_emoji.create', EMOJI, [
      { path: GRAPHQL, status: 200, body: { data: { createCustomEmoji: { customEmoji: null, errors: ['Name has already been taken', 'Url is\ninvalid'] } } }, times: 1 },
    ]);
    expect(failure(r)).toBe('customEmojiCreate: unexpected error: customEmojiCreate mutation errors: Name has already been taken; Url is invalid');
    sent(1, 'POST', GRAPHQL);
  });
});

describe('hint rules', () => {
  it('the four SAML-link actions add their hint to every error', async () => {
    const cases: Array<[string, Record<string, unknown>, FaultRule, string, boolean]> = [
      ['group.saml_link_list', { group_id: 2 }, { path: '/api/v4/groups/2/saml_group_links', status: 404 }, 'groupSamlLinkList: not found:', false],
      ['group.saml_link_get', { group_id: 2, saml_group_name: 'devs' }, { path: '/api/v4/groups/2/saml_group_links/devs', status: 401, body: { error: 'invalid_token' } }, 'groupSamlLinkGet: authentication failed:', false],
      ['group.saml_link_add', { group_id: 2, saml_group_name: 'devs', access_level: 30 }, { path: '/api/v4/groups/2/saml_group_links', status: 502 }, 'groupSamlLinkAdd: GitLab is temporarily unavailable (bad gateway)', false],
      ['group.saml_link_delete', { group_id: 2, saml_group_name: 'devs' }, { path: '/api/v4/groups/2/saml_group_links/devs', status: 409, body: { message: 'SAML group link is in use' } }, 'groupSamlLinkDelete: conflict:', true],
    ];
    for (const [id, params, fault, opening, confirm] of cases) {
      const t = failure(await exec(id, params, [{ ...fault, times: 1 }], confirm));
      expect(t.startsWith(opening), t).toBe(true);
      expect(t).toContain(`. Suggestion: ${SAML_LINK_HINTS.always}: `);
      expect(apiRequests(on.sb)).toHaveLength(1);
    }
  });

  it('the SAML hint is dropped for a fine-grained refusal and replaced by the single suggestion for a refused destination', async () => {
    const fg = failure(await exec('group.saml_link_list', { group_id: 2 }, [{ path: '/api/v4/groups/2/saml_group_links', status: 403, body: { error: 'insufficient_granular_scope' }, times: 1 }]));
    expect(fg).toMatch(/^groupSamlLinkList: access denied: this call needs a fine-grained permission/);
    expect(fg).not.toContain('Suggestion:');
    expect(fg).not.toContain(SAML_LINK_HINTS.always);

    const refused = failure(await exec('group.saml_link_list', { group_id: 2 }, [{ path: '/api/v4/groups/2/saml_group_links', redirectTo: 'http://169.254.169.254/latest/meta-data/', times: 1 }]));
    expect(refused).toBe(
      `groupSamlLinkList: this server refused to connect to that address, so the request never left the process. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: ` +
        'GET http://169.254.169.254/latest/meta-data/: destination 169.254.169.254 refused by the outbound check (cloud metadata address)',
    );
    sent(1, 'GET', '/api/v4/groups/2/saml_group_links');
  });

  it('the self-rotation adds a hint about the calling token to every 401, and only to a 401', async () => {
    const path = '/api/v4/personal_access_tokens/self/rotate';
    for (const body of [{ message: '401 Unauthorized' }, { error: 'invalid_token' }]) {
      const t = failure(await exec('access.token_personal_rotate_self', {}, [{ method: 'POST', path, status: 401, body, times: 1 }], true));
      expect(t).toMatch(/^accessTokenPersonalRotateSelf: (unauthorized|authentication failed):/);
      expect(t).toContain(`. Suggestion: ${ROTATE_SELF_HINTS.unauthorized}: POST ${on.sb.url}${path}: 401 Unauthorized`);
      sent(1, 'POST', path);
    }
    const forbidden = failure(await exec('access.token_personal_rotate_self', {}, [{ method: 'POST', path, status: 403, times: 1 }], true));
    expect(forbidden).toMatch(/^accessTokenPersonalRotateSelf: access denied: /);
    expect(forbidden).not.toContain(ROTATE_SELF_HINTS.unauthorized);
  });
});

describe('error text safety', () => {
  it('flattens a multi-line message to one line and removes control characters, in parentheses and cause alike', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 400, body: { message: 'first line\r\nsecond\tline\u0007 bell\u001b[31m\u202e' }, times: 1 }]);
    const t = failure(r);
    expect(t).toBe(`issueList: bad request: check your input parameters (first line second line bell[31m): GET ${on.sb.url}${ISSUES_1}: 400 Bad Request: first line second line bell[31m`);
    expect(t).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
  });

  it('cuts a message over 2048 bytes at 2048 bytes without splitting a character', async () => {
    const r = await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 400, body: { message: 'é'.repeat(3000) }, times: 1 }]);
    const cut = 'é'.repeat(1024);
    expect(Buffer.byteLength(cut)).toBe(2048);
    expect(failure(r)).toBe(`issueList: bad request: check your input parameters (${cut}): GET ${on.sb.url}${ISSUES_1}: 400 Bad Request: ${cut}`);
  });

  it('drops a body the platform did not compose: non-JSON, or an extra top-level key', async () => {
    const html = failure(await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 400, body: '<html><body>proxy error: upstream 10.0.0.7</body></html>', times: 1 }]));
    expect(html).toBe(`issueList: bad request: check your input parameters: GET ${on.sb.url}${ISSUES_1}: 400 Bad Request`);
    const extra = failure(await exec('issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, status: 400, body: { message: 'looks fine', debug: 'stack trace' }, times: 1 }]));
    expect(extra).toBe(`issueList: bad request: check your input parameters: GET ${on.sb.url}${ISSUES_1}: 400 Bad Request`);
  });

  it('repeats only the request line: never the query string, body, headers or request id', async () => {
    const list = failure(await exec('issue.list', { project_id: 1, search: 'needle-in-query' }, [{ method: 'GET', path: ISSUES, status: 400, body: { message: 'bad search' }, headers: { 'x-request-id': 'req-0123456789abcdef' }, times: 1 }]));
    expect(list).toBe(`issueList: bad request: check your input parameters (bad search): GET ${on.sb.url}${ISSUES_1}: 400 Bad Request: bad search`);
    expect(apiRequests(on.sb)[0].query).toMatchObject({ search: 'needle-in-query' });
    const create = failure(await exec('issue.create', { project_id: 1, title: 'needle-in-body' }, [{ method: 'POST', path: ISSUES, status: 422, body: { message: 'refused' }, times: 1 }]));
    expect(create).toBe(`issueCreate: validation failed: GitLab refused the data as invalid (refused): POST ${on.sb.url}${ISSUES_1}: 422 Unprocessable Entity: refused`);
    for (const t of [list, create]) {
      expect(t).not.toMatch(/needle-in|\?|req-0123|01SANDBOX|private-token/i);
    }
  });

  describe('Orbit query refusals (hosted-only; listed on the 19.5.0-pre instance)', () => {
    const ORBIT = '/api/v4/orbit/query';
    const query = { query: { query_type: 'traversal', node: { type: 'Foo' }, limit: 10 } };

    it('quotes exactly a string code and message with code compile_error or validation_error', async () => {
      for (const code of ['compile_error', 'validation_error']) {
        const r = await exec('orbit.query', query, [{ method: 'POST', path: ORBIT, status: 400, body: { code, message: 'unknown node type Foo' }, times: 1 }]);
        expect(failure(r)).toBe(`orbitQuery: bad request: check your input parameters (${code}: unknown node type Foo): POST ${on.sb.url}${ORBIT}: 400 Bad Request: ${code}: unknown node type Foo`);
        sent(1, 'POST', ORBIT);
      }
    });

    it('drops other codes, extra keys, and the same body on other routes', async () => {
      for (const code of ['execution_error', 'internal_error', 'timeout', 'quota_exhausted']) {
        const r = await exec('orbit.query', query, [{ method: 'POST', path: ORBIT, status: 400, body: { code, message: 'backend detail' }, times: 1 }]);
        expect(failure(r)).toBe(`orbitQuery: bad request: check your input parameters: POST ${on.sb.url}${ORBIT}: 400 Bad Request`);
      }
      const extra = failure(await exec('orbit.query', query, [{ method: 'POST', path: ORBIT, status: 400, body: { code: 'compile_error', message: 'unknown node type Foo', details: 'x' }, times: 1 }]));
      expect(extra).toBe(`orbitQuery: bad request: check your input parameters: POST ${on.sb.url}${ORBIT}: 400 Bad Request`);
      const other = failure(await exec('orbit.status', {}, [{ method: 'GET', path: '/api/v4/orbit/status', status: 400, body: { code: 'compile_error', message: 'unknown node type Foo' }, times: 1 }]));
      expect(other).toBe(`orbitStatus: bad request: check your input parameters: GET ${on.sb.url}/api/v4/orbit/status: 400 Bad Request`);
    });
  });
});

describe('not-found cards vs the ordinary 404', () => {
  /** The card: isError, one text block, no structuredContent, Markdown headed 'Not Found'. */
  function card(r: ToolResultLike): string {
    expect(r.isError, text(r)).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toHaveLength(1);
    return text(r);
  }

  it('a get action of a card domain answers a platform 404 with the card (number printed whole), logged at INFO', async () => {
    const before = on.srv.stderr().length;
    const r = await exec('project.get', { project_id: 98765432109 }, [{ method: 'GET', path: '/api/v4/projects/:id', status: 404, body: { message: '404 Project Not Found' }, times: 1 }]);
    expect(card(r)).toBe(
      '## Not Found: project\n\nThe project `98765432109` does not exist or is not accessible with the current permissions.\n\n' +
        '### Next steps\n- Use `project.list` to see which exist\n- Check the identifier (and the project or group it belongs to) for typos',
    );
    sent(1, 'GET', '/api/v4/projects/98765432109');
    await new Promise((res) => setTimeout(res, 100));
    const logged = on.srv.stderr().slice(before).split('\n').filter((l) => l.includes('not found card'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: 30, tool: 'project.get' });
  });

  it('the identifier as the caller wrote it, aliases resolved (mr_iid) and escaped', async () => {
    const mr = card(await exec('merge_request.get', { project_id: 1, mr_iid: 4040 }, [{ method: 'GET', path: '/api/v4/projects/1/merge_requests/4040', status: 404, times: 1 }]));
    expect(mr).toMatch(/^## Not Found: merge request\n\nThe merge request `4040` does not exist or is not accessible with the current permissions\./);
    expect(mr).toContain('- Use `merge_request.list` to see which exist');
    sent(1, 'GET', '/api/v4/projects/1/merge_requests/4040');
    const odd = card(await exec('project.get', { project_id: 'no-such/pro`ject' }, [{ method: 'GET', path: '/api/v4/projects/:id', status: 404, times: 1 }]));
    expect(odd).toMatch(/^## Not Found: project\n\nThe project (`+) ?no-such\/pro`ject ?\1 does not exist/);
  });

  it('the card kinds are catalog data and cover SPEC\'s 22 domains (dependency firewall excepted: its one action is a POST)', async () => {
    await loadCatalog();
    const kinds = new Set(catalog().actions.flatMap((a) => (a.notFound ? [a.notFound.kind] : [])));
    // SPEC's list, by the kind each card names: badges (project and group) share one kind, as do the
    // project and group service accounts.
    expect([...kinds].sort()).toEqual(['Orbit-indexed group or project', 'award emoji', 'badge', 'branch', 'deployment', 'environment', 'file', 'group', 'label',
      'merge request', 'milestone', 'package', 'pipeline', 'project', 'release', 'service account', 'snippet', 'tag', 'user', 'wiki page']);
    for (const a of catalog().actions.filter((x) => x.notFound)) {
      expect(a.method, a.id).toBe(a.graphql ? 'POST' : 'GET');
      expect(catalog().get(a.notFound!.listAction), `${a.id} → ${a.notFound!.listAction}`).toBeDefined();
      expect(a.params[a.notFound!.idParam], `${a.id} idParam`).toBeDefined();
    }
  });

  it('award emoji is a card domain (SPEC lists it): every award-emoji get answers a 404 with the card', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['issue.emoji_issue_get', { project_id: 1, issue_iid: 1, award_id: 999 }, '/api/v4/projects/1/issues/1/award_emoji/999', 'issue.emoji_issue_list'],
      ['issue.emoji_issue_note_get', { project_id: 1, issue_iid: 1, note_id: 5, award_id: 999 }, '/api/v4/projects/1/issues/1/notes/5/award_emoji/999', 'issue.emoji_issue_note_list'],
      ['merge_request.emoji_mr_get', { project_id: 1, merge_request_iid: 1, award_id: 999 }, '/api/v4/projects/1/merge_requests/1/award_emoji/999', 'merge_request.emoji_mr_list'],
      ['merge_request.emoji_mr_note_get', { project_id: 1, merge_request_iid: 1, note_id: 5, award_id: 999 }, '/api/v4/projects/1/merge_requests/1/notes/5/award_emoji/999', 'merge_request.emoji_mr_note_list'],
      ['snippet.emoji_snippet_get', { project_id: 1, snippet_id: 3, award_id: 999 }, '/api/v4/projects/1/snippets/3/award_emoji/999', 'snippet.emoji_snippet_list'],
      ['snippet.emoji_snippet_note_get', { project_id: 1, snippet_id: 3, note_id: 5, award_id: 999 }, '/api/v4/projects/1/snippets/3/notes/5/award_emoji/999', 'snippet.emoji_snippet_note_list'],
    ];
    for (const [action, params, path, list] of cases) {
      const r = card(await exec(action, params, [{ method: 'GET', path, status: 404, times: 1 }]));
      expect(r, action).toMatch(/^## Not Found: award emoji\n\nThe award emoji `999` does not exist or is not accessible with the current permissions\./);
      expect(r).toContain(`- Use \`${list}\` to see which exist`);
    }
  });

  it('every other action answers a 404 with the ordinary error', async () => {
    const r = await exec('issue.get', { project_id: 1, issue_iid: 77 }, [{ method: 'GET', path: `${ISSUES}/:iid`, status: 404, times: 1 }]);
    expect(failure(r)).toBe('issueGet: not found: the resource does not exist, the token has no access to it, or the feature needs a higher tier (Premium or Ultimate): 404 Not Found');
    sent(1, 'GET', `${ISSUES_1}/77`);
  });
});
