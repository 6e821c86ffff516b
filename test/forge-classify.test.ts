// The error contract (SPEC "Errors"): describeFailure over every status row, every failure without
// a platform answer, the two causes of 401, per-route hints, fine-grained refusals, GraphQL forms,
// hint rules and error text safety.
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { ROTATE_SELF_HINTS, SAML_LINK_HINTS } from '../src/catalog/hints.js';
import {
  AUTHENTICATION_FAILED,
  GRAPHQL_ERRORS_MAX_BYTES,
  PLATFORM_MESSAGE_MAX_BYTES,
  classifyStatus,
  cutUtf8,
  describeFailure,
  describeGraphqlErrors,
  flattenText,
  isFailure,
  parseFineGrainedSentence,
  platformMessage,
  type FailureContext,
} from '../src/forge/classify.js';
import { DeadlineError, ForgeNetworkError } from '../src/forge/errors.js';
import type { ForgeResponse } from '../src/forge/types.js';

beforeAll(async () => {
  await loadCatalog();
});

/** The error hints an action declares in its catalog entry. */
const hintsOf = (actionId: string): FailureContext['errorHints'] => catalog().get(actionId)?.errorHints;
const SAML_LINK_HINT = SAML_LINK_HINTS.always ?? '';
const ROTATE_SELF_HINT = ROTATE_SELF_HINTS.unauthorized ?? '';

const TOKEN = 'glpat-classify-secret-000000000';
const REST_URL = `https://gitlab.example.com/api/v4/projects/42/issues?private_token=${TOKEN}&search=secret-query`;
const GQL_URL = 'https://gitlab.example.com/api/graphql';
const LINE = 'https://gitlab.example.com/api/v4/projects/42/issues';

function res(status: number, body: unknown, headers: Record<string, string> = {}, url = REST_URL): ForgeResponse {
  return { status, body, headers, url };
}

function rest(status: number, body: unknown = {}, extra: Partial<FailureContext> = {}, headers: Record<string, string> = {}): string {
  return describeFailure({ operation: 'issueList', method: 'GET', url: REST_URL, response: res(status, body, headers), ...extra });
}

function gql(status: number, body: unknown, extra: Partial<FailureContext> = {}): string {
  return describeFailure({ operation: 'workItemCreate', method: 'POST', url: GQL_URL, graphql: true, response: res(status, body, {}, GQL_URL), ...extra });
}

function noAnswer(error: unknown, extra: Partial<FailureContext> = {}): string {
  return describeFailure({ operation: 'issueList', method: 'GET', url: REST_URL, error, ...extra });
}

function netErr(kind: ForgeNetworkError['kind'], method = 'GET', detail?: string): ForgeNetworkError {
  return new ForgeNetworkError({ kind, method, url: LINE, detail });
}

describe('classification by HTTP status', () => {
  const rows: Array<[number, string]> = [
    [400, 'bad request: check your input parameters'],
    [401, 'unauthorized:'],
    [403, 'access denied: your token lacks the required permissions.'],
    [404, 'not found:'],
    [405, 'method not allowed:'],
    [409, 'conflict:'],
    [422, 'validation failed:'],
    [429, 'rate limited:'],
    [500, 'GitLab internal server error:'],
    [502, 'GitLab is temporarily unavailable (bad gateway): try again shortly'],
    [503, 'GitLab is under maintenance or overloaded (service unavailable): try again shortly'],
    [418, 'GitLab returned HTTP 418'],
    [504, 'GitLab returned HTTP 504'],
    [410, 'GitLab returned HTTP 410'],
  ];
  it.each(rows)('%i opens with %s', (status, opening) => {
    const msg = rest(status, { message: `${status}` });
    expect(msg.startsWith(`issueList: ${opening}`)).toBe(true);
    expect(classifyStatus(status).startsWith(opening)).toBe(true);
  });

  it('states the meaning of each row', () => {
    expect(rest(401)).toMatch(/invalid or expired.*lacks a permission.*works for other calls.*permission refusal/);
    expect(rest(403)).toMatch(/missing API scope.*insufficient role \(some operations need Maintainer or Owner\).*instance administrator settings/);
    expect(rest(404)).toMatch(/does not exist.*no access.*higher tier/);
    expect(rest(405)).toMatch(/current state.*closed, merged, archived or protected/);
    expect(rest(409)).toMatch(/already exists.*state conflicts/);
    expect(rest(422)).toMatch(/invalid/);
    expect(rest(429)).toMatch(/already sent three times; wait before retrying/);
  });

  it('builds the cause from the request line and status, never the query, body or token', () => {
    const msg = rest(400, { message: 'title is missing' });
    expect(msg).toBe(`issueList: bad request: check your input parameters (title is missing): GET ${LINE}: 400 Bad Request: title is missing`);
    expect(msg).not.toContain(TOKEN);
    expect(msg).not.toContain('secret-query');
    expect(msg).not.toContain('?');
  });

  it('omits the platform message when it only repeats the status', () => {
    expect(rest(403, { message: '403 Forbidden' })).toBe(`issueList: ${classifyStatus(403)}: GET ${LINE}: 403 Forbidden`);
    expect(rest(401, { message: '401 Unauthorized' })).not.toContain('(401');
    expect(rest(500, { message: 'Internal Server Error' })).not.toContain('(Internal');
    expect(rest(409, { message: 'Branch already exists' })).toContain('(Branch already exists)');
  });

  it('gives a 404 no request line: cause is 404 Not Found over REST', () => {
    const msg = rest(404, { message: '404 Project Not Found' }, { errorHints: { always: 'check the project with project.list' } });
    expect(msg).toBe(`issueList: ${classifyStatus(404)} (404 Project Not Found). Suggestion: check the project with project.list: 404 Not Found`);
    expect(msg).not.toContain('gitlab.example.com');
    expect(rest(404, { message: '404 Not Found' }).endsWith(': 404 Not Found')).toBe(true);
  });

  it('renders field maps and lists', () => {
    expect(rest(400, { message: { title: ["can't be blank"] } })).toContain("(title can't be blank)");
    expect(rest(422, { message: { title: ["can't be blank", 'is too short'], base: ['Project is archived'] } })).toContain(
      "(title can't be blank; title is too short; base Project is archived)",
    );
    expect(rest(400, { message: ['first', 'second'] })).toContain('(first; second)');
    expect(rest(400, { error: 'scope does not have a valid value' })).toContain('(scope does not have a valid value)');
  });

  it('says whether a 5xx was re-sent, and tells a write to read back', () => {
    const post = describeFailure({ operation: 'fileCreate', method: 'POST', url: REST_URL, response: res(500, {}) });
    expect(post.startsWith('fileCreate: GitLab internal server error:')).toBe(true);
    expect(post).toContain('not re-sent');
    expect(post).toContain('read it back before writing again');
    const patch = describeFailure({ operation: 'x', method: 'PATCH', url: REST_URL, response: res(502, {}) });
    expect(patch).toContain('not re-sent');
    expect(rest(502)).toContain('sent three times');
    expect(rest(502)).not.toContain('read it back');
    expect(rest(501)).toContain('not re-sent');
    const put = describeFailure({ operation: 'x', method: 'PUT', url: REST_URL, response: res(503, {}) });
    expect(put).toContain('read it back before writing again');
    const mutation = gql(500, {}, { graphqlKind: 'mutation' });
    expect(mutation).toContain('not re-sent');
    expect(mutation).toContain('read it back');
  });
});

describe('failures without a platform answer', () => {
  it('canceled', () => {
    const ctl = new AbortController();
    ctl.abort();
    expect(noAnswer(netErr('canceled'))).toMatch(/^issueList: the request was canceled by the client/);
    expect(noAnswer(ctl.signal.reason)).toMatch(/^issueList: the request was canceled by the client/);
  });

  it('deadline', () => {
    expect(noAnswer(netErr('deadline'))).toMatch(/^issueList: the request exceeded its deadline and was canceled/);
    expect(noAnswer(new DeadlineError())).toMatch(/^issueList: the request exceeded its deadline and was canceled/);
  });

  it('refused destination: the --allow-private-instances suggestion replaces the hint', () => {
    const e = new ForgeNetworkError({ kind: 'refused-destination', method: 'GET', url: 'http://10.0.0.5/api/v4/user', detail: 'destination 10.0.0.5 refused by the outbound check', address: '10.0.0.5' });
    const msg = noAnswer(e, { errorHints: hintsOf('group.saml_link_get') });
    expect(msg.startsWith('issueList: this server refused to connect to that address, so the request never left the process. Suggestion: ')).toBe(true);
    expect(msg).toContain('--allow-private-instances');
    expect(msg).toMatch(/metadata addresses stay refused/);
    expect(msg).not.toContain('SAML');
    expect(msg.match(/Suggestion:/g)).toHaveLength(1);
  });

  it('connection refused, DNS, timeout, TLS, network, anything else', () => {
    expect(noAnswer(netErr('connection-refused'))).toMatch(/^issueList: GitLab server is unreachable \(connection refused\)\. Check FORGE_URL/);
    expect(noAnswer(netErr('dns'))).toMatch(/^issueList: GitLab server hostname could not be resolved \(DNS error\)/);
    expect(noAnswer(netErr('timeout'))).toMatch(/^issueList: Request to GitLab timed out/);
    const tls = noAnswer(netErr('tls'));
    expect(tls).toMatch(/^issueList: TLS\/SSL handshake failed/);
    expect(tls).toContain('SSL_CERT_FILE');
    expect(tls).toMatch(/skip-tls-verify|SKIP_TLS_VERIFY/);
    expect(noAnswer(netErr('network'))).toMatch(/^issueList: network error reaching GitLab \(Get\)/);
    expect(noAnswer(netErr('network', 'POST'), { method: 'POST' })).toMatch(/^issueList: network error reaching GitLab \(Post\)/);
    expect(noAnswer(new Error('boom'))).toMatch(/^issueList: unexpected error/);
    expect(noAnswer('weird')).toMatch(/^issueList: unexpected error/);
  });

  it('reads raw node errors by code', () => {
    const mk = (code: string) => Object.assign(new Error(code), { code });
    expect(noAnswer(mk('ECONNREFUSED'))).toMatch(/^issueList: GitLab server is unreachable/);
    expect(noAnswer(mk('ENOTFOUND'))).toMatch(/^issueList: GitLab server hostname could not be resolved/);
    expect(noAnswer(mk('UND_ERR_CONNECT_TIMEOUT'))).toMatch(/^issueList: Request to GitLab timed out/);
    expect(noAnswer(mk('DEPTH_ZERO_SELF_SIGNED_CERT'))).toMatch(/^issueList: TLS\/SSL handshake failed/);
    expect(noAnswer(mk('ECONNRESET'))).toMatch(/^issueList: network error reaching GitLab \(Get\)/);
  });

  it('repeats only the request line', () => {
    const msg = noAnswer(netErr('connection-refused', 'GET', 'ECONNREFUSED'));
    expect(msg.endsWith(`: GET ${LINE}: ECONNREFUSED`)).toBe(true);
    expect(noAnswer(new Error('boom'))).not.toContain(TOKEN);
  });
});

describe('the two causes of 401', () => {
  it('keeps the two-cause sentence for a REST 401 without a code', () => {
    const msg = rest(401, { message: '401 Unauthorized' });
    expect(msg.startsWith('issueList: unauthorized:')).toBe(true);
    expect(msg).not.toContain('authentication failed');
  });

  it('says authentication failed only with RFC 6750 invalid_token (body or WWW-Authenticate)', () => {
    expect(rest(401, { error: 'invalid_token', error_description: 'Token is expired. You can either do re-authorization or token refresh.' })).toMatch(
      /^issueList: authentication failed: GitLab rejected the token itself/,
    );
    expect(rest(401, { message: '401 Unauthorized' }, {}, { 'www-authenticate': 'Bearer realm="Protected by OAuth 2.0", error="invalid_token", error_description="Token was revoked."' })).toMatch(
      /^issueList: authentication failed:/,
    );
    expect(rest(401, { error: 'insufficient_scope' })).toMatch(/^issueList: unauthorized:/);
    expect(AUTHENTICATION_FAILED).toMatch(/invalid, expired, revoked or without the api or read_api scope/);
  });

  it('says authentication failed for any 401 from GraphQL', () => {
    expect(gql(401, { errors: [{ message: 'Invalid token' }] })).toMatch(/^workItemCreate: authentication failed:/);
    expect(gql(401, '')).toMatch(/^workItemCreate: authentication failed:/);
  });
});

describe('routes whose 401 and 403 differ', () => {
  const table: Array<[string, RegExp, RegExp]> = [
    ['external_status_check.list_project_mr_checks', /Ultimate/, /role on the merge request/],
    ['external_status_check.set_project_mr_status', /Ultimate/, /role on the merge request/],
    ['external_status_check.retry_project', /Ultimate/, /role on the merge request/],
    ['project.create_fork_relation', /target namespace is not one the source project may be forked into/, /Owner on the project.*create forks in the top-level namespace.*fork the source/],
    ['project.security_settings_get', /role is too low/, /license lacks the feature.*Ultimate.*archived.*enforced by the instance/],
    ['project.security_settings_update', /role is too low/, /license lacks the feature.*Ultimate.*archived.*enforced by the instance/],
    ['group.security_settings_update', /role is too low/, /license lacks the feature.*Ultimate.*archived.*enforced by the instance/],
    ['merge_train.add', /may not merge into the target branch/, /read check every merge train route runs first/],
  ];
  it.each(table)('%s', (actionId, on401, on403) => {
    expect(hintsOf(actionId)?.permission).toBeDefined();
    const m401 = rest(401, { message: '401 Unauthorized' }, { errorHints: hintsOf(actionId) });
    expect(m401.startsWith('issueList: unauthorized:')).toBe(true);
    expect(m401).toMatch(on401);
    expect(m401).toContain(`Suggestion: ${hintsOf(actionId)?.permission?.[401]}`);
    expect(m401.indexOf('Suggestion:')).toBeLessThan(m401.indexOf(`GET ${LINE}: 401`));
    const m403 = rest(403, { message: '403 Forbidden' }, { errorHints: hintsOf(actionId) });
    expect(m403.startsWith('issueList: access denied:')).toBe(true);
    expect(m403).toMatch(on403);
    expect(m403).not.toContain(hintsOf(actionId)?.permission?.[401]);
    // Not after the verdict that the token was refused, nor after a refusal of the account.
    expect(rest(401, { error: 'invalid_token' }, { errorHints: hintsOf(actionId) })).not.toContain('Suggestion:');
    expect(rest(403, { message: '403 Forbidden - Your account has been blocked.' }, { errorHints: hintsOf(actionId) })).not.toContain('Suggestion:');
  });
});

describe('fine-grained refusals', () => {
  const REQUIRES = 'Operation requires a fine-grained token with the listed project permissions [read_issue]';
  const UNSUPPORTED = 'Operation does not support fine-grained tokens';
  const NOT_YET = 'Fine-grained tokens are not yet supported';

  it('REST 403 insufficient_granular_scope: the permission named, the way out, no hint', () => {
    const msg = rest(403, { error: 'insufficient_granular_scope', error_description: REQUIRES }, { errorHints: { ...hintsOf('group.saml_link_list'), permission: { 401: 'ask a project Maintainer or Owner', 403: 'ask a project Maintainer or Owner' } } });
    expect(msg.startsWith('issueList: access denied: this call needs the fine-grained project permission [read_issue]')).toBe(true);
    expect(msg).toMatch(/a grant cannot be changed.*new fine-grained token.*classic token \(an existing one, on an instance that no longer lets you create them\), where the group does not refuse classic tokens/);
    expect(msg).toMatch(/a classic token refused this way is under a group that requires fine-grained tokens/);
    expect(msg).not.toContain('Suggestion:');
    expect(msg).not.toContain('Maintainer');
    expect(msg).not.toContain('SAML');
    expect(msg.match(/access denied/g)).toHaveLength(1);
    // The description precedes the cause.
    expect(msg.indexOf('this call needs')).toBeLessThan(msg.indexOf(`GET ${LINE}: 403`));
  });

  it('reads the other two sentences', () => {
    expect(rest(403, { error: 'insufficient_granular_scope', error_description: UNSUPPORTED })).toMatch(/^issueList: access denied: no fine-grained permission is declared for this operation.*use a classic token/);
    expect(rest(403, { error: 'insufficient_granular_scope', error_description: NOT_YET })).toMatch(/^issueList: access denied: fine-grained tokens are not enabled for this token's user \(a feature flag\).*classic token.*ask the administrator/);
  });

  it('the code alone is enough', () => {
    const msg = rest(403, { error: 'insufficient_granular_scope' }, { errorHints: { permission: { 401: 'needs the Developer role', 403: 'needs the Developer role' }, always: 'see the docs' } });
    expect(msg).toMatch(/^issueList: access denied: this call needs a fine-grained permission/);
    expect(msg).not.toContain('Suggestion:');
    expect(rest(403, { message: '403 Forbidden' }, {}, { 'www-authenticate': 'Bearer error="insufficient_granular_scope"' })).toMatch(/fine-grained permission/);
  });

  it('GraphQL 200 with a null mutation field and the sentence in errors[]', () => {
    const body = { data: { workItemCreate: null }, errors: [{ message: 'Operation requires a fine-grained token with the listed group permissions [create_work_item]; see the documentation' }] };
    const r = res(200, body, {}, GQL_URL);
    expect(isFailure(r, true)).toBe(true);
    const msg = gql(200, body, { errorHints: { always: 'you need the Reporter role' } });
    expect(msg.startsWith('workItemCreate: access denied: this call needs the fine-grained group permission [create_work_item]')).toBe(true);
    expect(msg).not.toContain('Suggestion:');
    expect(msg).toContain('workItemCreate mutation errors: Operation requires a fine-grained token with the listed group permissions [create_work_item]; see the documentation');
  });

  it('leaves the generic GraphQL sentence as it is', () => {
    const generic = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
    const msg = gql(200, { data: { workItemCreate: null }, errors: [{ message: generic }] });
    expect(msg).toBe(`workItemCreate: unexpected error: workItemCreate GraphQL errors: ${generic}`);
  });

  it('a 404 in GraphQL: not found, the token may not see it', () => {
    const msg = gql(200, { data: { project: null }, errors: [{ message: '404 Not Found' }] }, { graphqlKind: 'query', errorHints: { permission: { 401: 'needs the Owner role', 403: 'needs the Owner role' } } });
    expect(msg.startsWith('workItemCreate: not found:')).toBe(true);
    expect(msg).toMatch(/token may not see it; a fine-grained token sees only what its grant covers/);
    expect(msg).not.toContain('Owner');
    expect(msg.endsWith(': failed to execute GraphQL query: 404 Not Found')).toBe(true);
    const status404 = gql(404, { message: '404 Not Found' });
    expect(status404.startsWith('workItemCreate: not found:')).toBe(true);
    expect(status404.endsWith(': failed to execute GraphQL query: 404 Not Found')).toBe(true);
  });

  it('parses the platform sentences', () => {
    expect(parseFineGrainedSentence(REQUIRES)).toEqual({ kind: 'requires', boundary: 'project', permission: 'read_issue' });
    expect(parseFineGrainedSentence('Operation requires a fine-grained token with the listed Group permissions [Merge Request: Read]')).toEqual({
      kind: 'requires',
      boundary: 'Group',
      permission: 'Merge Request: Read',
    });
    expect(parseFineGrainedSentence(UNSUPPORTED)).toEqual({ kind: 'unsupported' });
    expect(parseFineGrainedSentence(NOT_YET)).toEqual({ kind: 'not-enabled' });
    expect(parseFineGrainedSentence('Title is too long')).toBeNull();
  });
});

describe('GraphQL errors', () => {
  it('form 1: an error status is classified by status; the cause lists each message', () => {
    const msg = gql(403, { errors: [{ message: 'first' }, { message: 'second\nline' }] });
    expect(msg).toBe(`workItemCreate: ${classifyStatus(403)}: POST ${GQL_URL}: 403 Forbidden (GraphQL errors: first, second line)`);
  });

  it('form 1: the joined list is capped at 2048 bytes', () => {
    const long = Array.from({ length: 50 }, (_, i) => ({ message: `message number ${i} ${'é'.repeat(40)}` }));
    const msg = gql(500, { errors: long });
    const list = /\(GraphQL errors: (.*)\)$/.exec(msg)?.[1] ?? '';
    expect(Buffer.byteLength(list, 'utf8')).toBeLessThanOrEqual(GRAPHQL_ERRORS_MAX_BYTES);
    expect(list.length).toBeGreaterThan(500);
    expect(list).not.toContain('\uFFFD');
  });

  it('form 1: the list is dropped when the body has another top-level key', () => {
    const msg = gql(500, { errors: [{ message: 'leak' }], debug: 'stack' });
    expect(msg).not.toContain('leak');
    expect(msg).not.toContain('GraphQL errors');
  });

  it('form 2: a 200 answer with errors: unexpected error wrapping "<operation> GraphQL errors"', () => {
    expect(gql(200, { data: null, errors: [{ message: 'a' }, { message: 'b' }] }, { graphqlKind: 'query' })).toBe('workItemCreate: unexpected error: workItemCreate GraphQL errors: a; b');
    expect(gql(200, { data: { createX: null }, errors: [{ message: 'a' }, { message: 'b' }] }, { graphqlKind: 'mutation' })).toBe(
      'workItemCreate: unexpected error: workItemCreate mutation errors: a; b',
    );
  });

  it('form 3: a refused mutation reports the platform reason', () => {
    const msg = gql(200, { data: { workItemCreate: null }, errors: [{ message: 'You cannot create work items in this project' }] }, { graphqlKind: 'mutation' });
    expect(msg).toContain('workItemCreate mutation errors: You cannot create work items in this project');
  });

  it('isFailure', () => {
    expect(isFailure(res(400, {}), false)).toBe(true);
    expect(isFailure(res(200, { a: 1 }), false)).toBe(false);
    expect(isFailure(res(200, { data: { x: { id: 1 } } }), true)).toBe(false);
    expect(isFailure(res(200, { data: { x: { id: 1 } }, errors: [{ message: 'partial' }] }), true)).toBe(false);
    expect(isFailure(res(200, { data: { x: null }, errors: [{ message: 'm' }] }), true)).toBe(true);
    expect(isFailure(res(200, { data: null, errors: [{ message: 'm' }] }), true)).toBe(true);
    expect(isFailure(res(200, { errors: [{ message: 'm' }] }), true)).toBe(true);
    expect(isFailure(res(200, { data: { x: null } }), true)).toBe(false);
    expect(isFailure(res(500, {}), true)).toBe(true);
  });
});

describe('hint rules', () => {
  it('a hint naming a role, license or owner only after a REST 401/403 without an RFC 6750 code', () => {
    const role = 'this needs at least the Maintainer role';
    const hint = { errorHints: { permission: { 401: role, 403: role } } };
    expect(rest(403, { message: '403 Forbidden' }, hint)).toContain(`Suggestion: ${role}`);
    expect(rest(401, { message: '401 Unauthorized' }, hint)).toContain(`Suggestion: ${role}`);
    expect(rest(404, {}, hint)).not.toContain('Suggestion');
    expect(rest(400, {}, { errorHints: { permission: { 401: 'requires an Ultimate license', 403: 'requires an Ultimate license' } } })).not.toContain('Suggestion');
    expect(rest(403, { error: 'insufficient_scope', error_description: 'needs api' }, hint)).not.toContain('Suggestion');
    expect(rest(401, { error: 'invalid_token' }, hint)).not.toContain('Suggestion');
    expect(gql(403, { errors: [{ message: 'no' }] }, hint)).not.toContain('Suggestion');
    expect(noAnswer(netErr('timeout'), { errorHints: { permission: { 401: 'ask the group owner', 403: 'ask the group owner' } } })).not.toContain('Suggestion');
  });

  it('no role hint after a refusal of the account itself', () => {
    const role = 'ask a project Owner';
    for (const m of [
      '403 Forbidden - Your account has been blocked.',
      'Your account has been deactivated. You can reactivate it by signing in.',
      'Your account is pending approval from your administrator and hence blocked.',
      'Internal users cannot perform this action',
      'You (@alice) must accept the Terms of Service in order to perform this action.',
      'Your primary email address is not confirmed.',
      'Your password expired. Please access GitLab from a web browser to update your password.',
    ]) {
      const msg = rest(403, { message: m }, { errorHints: { permission: { 401: role, 403: role } } });
      expect(msg, m).not.toContain('Suggestion');
      expect(msg.startsWith('issueList: access denied:')).toBe(true);
    }
  });

  it('other hints follow any answer', () => {
    const always = { errorHints: { always: 'check the id with issue.list' } };
    expect(rest(404, { message: '404 Not Found' }, always)).toContain('Suggestion: check the id with issue.list: 404 Not Found');
    expect(rest(401, { error: 'invalid_token' }, always)).toContain('Suggestion: check the id with issue.list');
  });

  it('the four SAML-link actions add their hint to every error', () => {
    for (const actionId of ['group.saml_link_add', 'group.saml_link_delete', 'group.saml_link_get', 'group.saml_link_list']) {
      expect(rest(404, {}, { errorHints: hintsOf(actionId) })).toContain(`Suggestion: ${SAML_LINK_HINT}`);
      expect(rest(500, {}, { errorHints: hintsOf(actionId) })).toContain(SAML_LINK_HINT);
      expect(rest(401, { error: 'invalid_token' }, { errorHints: hintsOf(actionId) })).toContain(SAML_LINK_HINT);
      expect(rest(400, {}, { errorHints: hintsOf(actionId) })).toContain(SAML_LINK_HINT);
      expect(noAnswer(netErr('dns'), { errorHints: hintsOf(actionId) })).toContain(SAML_LINK_HINT);
    }
  });

  it('the self-rotations add a hint about the calling token to every 401', () => {
    for (const actionId of ['access.token_personal_rotate_self', 'access.token_project_rotate_self', 'access.token_group_rotate_self']) {
      expect(rest(401, { message: '401 Unauthorized' }, { errorHints: hintsOf(actionId) })).toContain(ROTATE_SELF_HINT);
      expect(rest(401, { error: 'invalid_token' }, { errorHints: hintsOf(actionId) })).toContain(ROTATE_SELF_HINT);
      expect(rest(403, { message: '403 Forbidden' }, { errorHints: hintsOf(actionId) })).not.toContain(ROTATE_SELF_HINT);
    }
  });
});

describe('error text safety', () => {
  it('flattens to one line and removes control characters', () => {
    const msg = rest(400, { message: 'line one\r\nline\ttwo\u0000\u001b[31m red\u202e' });
    expect(msg).toContain('(line one line two[31m red)');
    expect(msg).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    expect(flattenText('a\n\n b')).toBe('a b');
  });

  it('cuts the platform message at 2048 bytes without splitting a character', () => {
    const body = { message: '€'.repeat(2000) };
    const m = platformMessage(body, 'GET', REST_URL) ?? '';
    expect(Buffer.byteLength(m, 'utf8')).toBeLessThanOrEqual(PLATFORM_MESSAGE_MAX_BYTES);
    expect(Buffer.byteLength(m, 'utf8')).toBeGreaterThan(PLATFORM_MESSAGE_MAX_BYTES - 3);
    expect(m).not.toContain('\uFFFD');
    expect(cutUtf8('ab€', 4)).toBe('ab');
    const msg = rest(400, body);
    const inParens = /\((€+)\)/.exec(msg)?.[1] ?? '';
    expect(Buffer.byteLength(inParens, 'utf8')).toBeLessThanOrEqual(PLATFORM_MESSAGE_MAX_BYTES);
  });

  it('drops a body the platform did not compose', () => {
    expect(rest(502, '<html><body>nginx bad gateway secret</body></html>')).not.toContain('nginx');
    expect(rest(400, { message: 'shown', trace: 'at foo.rb:12' })).not.toContain('shown');
    expect(rest(400, { message: 'shown', error: 'x', error_description: 'y' })).toContain('(shown; x: y)');
    expect(rest(400, ['a', 'b'])).not.toContain('(a');
  });

  it('quotes an Orbit query refusal only for compile_error and validation_error', () => {
    const orbit = (body: unknown, url = 'https://gitlab.example.com/api/v4/orbit/query', method = 'POST') =>
      describeFailure({ operation: 'orbitQuery', method, url, response: res(400, body, {}, url) });
    expect(orbit({ code: 'compile_error', message: 'unknown node Foo' })).toContain('(compile_error: unknown node Foo)');
    expect(orbit({ code: 'validation_error', message: 'bad limit' })).toContain('(validation_error: bad limit)');
    for (const code of ['execution_error', 'internal_error', 'timeout', 'quota_exhausted']) expect(orbit({ code, message: 'hidden' })).not.toContain('hidden');
    expect(orbit({ code: 'compile_error', message: 'hidden', details: 'x' })).not.toContain('hidden');
    expect(orbit({ code: 'compile_error', message: 'hidden' }, 'https://gitlab.example.com/api/v4/projects/1/orbit')).not.toContain('hidden');
    expect(orbit({ code: 'compile_error', message: 'hidden' }, 'https://gitlab.example.com/api/v4/orbit/query', 'GET')).not.toContain('hidden');
  });

  it('never repeats the token', () => {
    const msg = rest(500, { message: 'oops' }, { errorHints: { always: 'retry later' } });
    expect(msg).not.toContain(TOKEN);
  });
});

describe('describeGraphqlErrors (payload errors read by a handler)', () => {
  it('wraps the list as an unexpected error, or describes a fine-grained refusal', () => {
    expect(describeGraphqlErrors('labelCreate', ['Title has already been taken', { message: 'Color is invalid' }])).toBe(
      'labelCreate: unexpected error: labelCreate mutation errors: Title has already been taken; Color is invalid',
    );
    expect(describeGraphqlErrors('projectGet', ['x'], 'query')).toBe('projectGet: unexpected error: projectGet GraphQL errors: x');
    expect(describeGraphqlErrors('emojiCreate', ['Operation does not support fine-grained tokens'])).toMatch(/^emojiCreate: access denied: no fine-grained permission is declared/);
    const long = describeGraphqlErrors('x', [`${'a'.repeat(3000)}\n`]);
    expect(Buffer.byteLength(long.split('mutation errors: ')[1], 'utf8')).toBeLessThanOrEqual(GRAPHQL_ERRORS_MAX_BYTES);
  });
});

describe('GraphQL HTTP 404 by token kind', () => {
  const res = { status: 404, headers: {}, body: { message: '404 Not Found' }, url: 'https://gitlab.example.com/api/graphql' };
  it('names the fine-grained grant only in a fine-grained session', () => {
    const ctx = { operation: 'customEmojiList', method: 'POST', url: 'https://gitlab.example.com/api/graphql', graphql: true, graphqlKind: 'query' as const, response: res as never };
    expect(describeFailure({ ...ctx, fineGrained: true })).toMatch(/a fine-grained token sees only what its grant covers/);
    expect(describeFailure(ctx)).not.toMatch(/fine-grained/);
  });
});

describe('the embedded sandbox\'s refusal of an action it does not simulate', () => {
  it('is the server\'s own sentence naming the route template, for REST and GraphQL', () => {
    expect(rest(501, { message: 'not simulated by the sandbox: POST /projects/:id/hooks' })).toBe(
      'issueList: the sandbox does not simulate this action; against a GitLab instance it calls POST /projects/:id/hooks',
    );
    expect(gql(200, { data: { workItemCreate: null }, errors: [{ message: 'not simulated by the sandbox: GraphQL mutation achievementsCreate', path: ['achievementsCreate'] }] })).toBe(
      'workItemCreate: the sandbox does not simulate this action; against a GitLab instance it calls GraphQL mutation achievementsCreate',
    );
  });
  it('needs the sandbox\'s status and sentence: another 501, or the sentence in another status, is classified as usual', () => {
    expect(rest(501, { message: 'Not Implemented' })).not.toContain('the sandbox does not simulate');
    expect(rest(404, { message: 'not simulated by the sandbox: GET /x' })).toContain('not found');
  });
});
