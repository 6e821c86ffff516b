// Credentials: the default tokens, authentication as the platform does it, scope, admin and fine-grained checks.
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxState, UserRec } from './state.js';
import type { GranularScope, Query, Reply, TokenRec, TokenSpec } from './types.js';
import { forbidden, json, message } from './util.js';

export const SANDBOX_TOKEN = 'glpat-sandbox-demo-token-0001';
export const READONLY_TOKEN = 'glpat-sandbox-readonly-0002';
export const ADMIN_TOKEN = 'glpat-sandbox-admin-0003';
export const READUSER_TOKEN = 'glpat-sandbox-readuser-0004';
export const GRANULAR_TOKEN = 'glpat-sandbox-granular-0005';

/** The grant of the default fine-grained token: the startup permissions, and reading plus triage on the user's projects. */
export const DEFAULT_GRANT: GranularScope[] = [
  { access: 'user', permissions: ['read_user', 'read_personal_access_token', 'read_namespace', 'read_project', 'read_merge_request'] },
  { access: 'instance', permissions: ['read_metadata'] },
  {
    access: 'all_memberships',
    permissions: [
      'read_project', 'read_work_item', 'create_work_item', 'update_work_item', 'read_merge_request', 'create_merge_request', 'approve_merge_request',
      'read_pipeline', 'read_job', 'read_repository', 'create_repository', 'update_repository', 'read_branch', 'create_branch', 'read_commit',
      'read_repository_tag', 'read_group',
    ],
  },
];

export function defaultTokens(): Record<string, TokenSpec> {
  return {
    [SANDBOX_TOKEN]: { kind: 'classic', scopes: ['api', 'read_api', 'read_user'], userId: 1, tokenId: 1, name: 'sandbox-demo' },
    [READONLY_TOKEN]: { kind: 'classic', scopes: ['read_api'], userId: 1, tokenId: 2, name: 'sandbox-readonly' },
    [ADMIN_TOKEN]: { kind: 'classic', scopes: ['api', 'read_api', 'admin_mode', 'sudo'], userId: 2, tokenId: 3, name: 'sandbox-admin' },
    [READUSER_TOKEN]: { kind: 'classic', scopes: ['read_user'], userId: 1, tokenId: 4, name: 'sandbox-readuser' },
    [GRANULAR_TOKEN]: { kind: 'fine_grained', scopes: ['granular'], userId: 1, tokenId: 5, name: 'sandbox-granular', granularScopes: DEFAULT_GRANT },
  };
}

export function registerToken(state: SandboxState, value: string, spec: TokenSpec): TokenRec {
  const tokenId = spec.tokenId ?? state.nextId('token');
  state.reserveId('token', tokenId);
  const rec: TokenRec = {
    ...spec, value, tokenId, name: spec.name ?? `token-${tokenId}`, scopes: [...spec.scopes], createdAt: '2026-01-02T08:00:00.000Z', lastUsedAt: null,
  };
  state.tokens.set(value, rec);
  return rec;
}

export function tokenById(state: SandboxState, id: number): TokenRec | undefined {
  for (const t of state.tokens.values()) if (t.tokenId === id) return t;
  return undefined;
}

export function isExpired(t: TokenSpec): boolean {
  if (!t.expiresAt) return false;
  const at = Date.parse(t.expiresAt.length === 10 ? `${t.expiresAt}T00:00:00Z` : t.expiresAt);
  return Number.isFinite(at) && at <= Date.now();
}

/** The credential a request carries: PRIVATE-TOKEN first, then a Bearer token, then the query forms. */
export function presentedToken(headers: IncomingHttpHeaders, query: Query): string | undefined {
  const pt = headers['private-token'];
  if (typeof pt === 'string' && pt !== '') return pt.trim();
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1].trim();
  }
  for (const k of ['private_token', 'access_token']) {
    const v = query[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

const UNAUTHORIZED: Reply = message(401, '401 Unauthorized');

function invalidToken(description: string): Reply {
  return json(401, { error: 'invalid_token', error_description: description }, {
    'www-authenticate': `Bearer realm="GitLab", error="invalid_token", error_description="${description}"`,
  });
}

/** Why GitLab refuses a token whose owner is not active (Gitlab::Auth::UserAccessDeniedReason). */
const ACCESS_DENIED: Partial<Record<UserRec['state'], string>> = {
  blocked: 'Your account has been blocked.',
  banned: 'Your account has been blocked.',
  blocked_pending_approval: 'Your account is pending approval from your administrator and hence blocked.',
  deactivated: 'Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account.',
};

export type AuthOutcome = { ok: true; token: TokenRec; user: UserRec } | { ok: false; reply: Reply };

/** Who is calling. A token the platform does not know gets the same bytes as a permission refusal. */
export function authenticate(state: SandboxState, headers: IncomingHttpHeaders, query: Query): AuthOutcome {
  const value = presentedToken(headers, query);
  if (!value) return { ok: false, reply: UNAUTHORIZED };
  const token = state.tokens.get(value);
  if (!token) return { ok: false, reply: UNAUTHORIZED };
  // OAuth tokens are read from `Authorization: Bearer` (or `access_token`) only.
  const viaPrivateToken = typeof headers['private-token'] === 'string' && headers['private-token'] !== '' || typeof query.private_token === 'string';
  if (token.kind === 'oauth' && viaPrivateToken) return { ok: false, reply: UNAUTHORIZED };
  if (token.revoked) return { ok: false, reply: invalidToken('Token was revoked. You have to re-authorize from the user.') };
  if (isExpired(token)) return { ok: false, reply: invalidToken('Token is expired. You can either do re-authorization or token refresh.') };
  const owner = state.users.get(token.userId);
  if (!owner) return { ok: false, reply: UNAUTHORIZED };
  const denied = ACCESS_DENIED[owner.state];
  if (denied) return { ok: false, reply: message(403, `403 Forbidden - ${denied}`) };
  token.lastUsedAt = '2026-03-02T09:00:00.000Z';
  let user = owner;
  const sudo = headers.sudo;
  if (typeof sudo === 'string' && sudo !== '') {
    if (!token.scopes.includes('sudo')) return { ok: false, reply: insufficientScope('sudo') };
    if (!owner.isAdmin) return { ok: false, reply: message(403, '403 Forbidden - Must be admin to use sudo') };
    const target = /^\d+$/.test(sudo) ? state.users.get(Number(sudo)) : state.userByName(sudo);
    if (!target) return { ok: false, reply: message(404, `404 User with ID or username '${sudo}' Not Found`) };
    user = target;
  }
  return { ok: true, token, user };
}

function insufficientScope(scope: string): Reply {
  const description = 'The request requires higher privileges than provided by the access token.';
  return json(403, { error: 'insufficient_scope', error_description: description, scope }, {
    'www-authenticate': `Bearer realm="GitLab", error="insufficient_scope", error_description="${description}", scope="${scope}"`,
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Classic and OAuth scopes: writes need `api`; reads `api` or `read_api`; a few user reads also take `read_user`. */
export function checkScopes(token: TokenRec, method: string, segs: string[]): Reply | undefined {
  if (token.kind === 'fine_grained') return undefined;
  const s = token.scopes;
  const top = segs[0] ?? '';
  if (top === 'personal_access_tokens' && segs[1] === 'self') {
    if (READ_METHODS.has(method)) return undefined;
    if (segs[2] === 'rotate' && (s.includes('api') || s.includes('self_rotate'))) return undefined;
  }
  if (READ_METHODS.has(method)) {
    if (s.includes('api') || s.includes('read_api')) return undefined;
    const userRead = top === 'user' || top === 'users' || top === 'version' || top === 'metadata';
    if (userRead && s.includes('read_user')) return undefined;
    return insufficientScope('api read_api');
  }
  return s.includes('api') ? undefined : insufficientScope('api');
}

const ADMIN_TOP = new Set([
  'admin', 'application', 'applications', 'hooks', 'sidekiq', 'usage_data', 'features', 'geo', 'geo_nodes', 'geo_sites', 'project_aliases',
  'group_repository_storage_moves', 'project_repository_storage_moves', 'snippet_repository_storage_moves', 'license', 'licenses', 'audit_events',
  'deploy_tokens', 'service_accounts', 'member_roles', 'databases', 'elasticsearch_indexed_namespaces', 'runner_controllers',
]);

/** Routes only an administrator may call. */
function isAdminRoute(method: string, segs: string[]): boolean {
  const [top, second, third] = segs;
  const write = !READ_METHODS.has(method);
  if (ADMIN_TOP.has(top)) return true;
  if ((top === 'broadcast_messages' || top === 'topics') && write) return true;
  if (top === 'deploy_keys' && segs.length === 1) return true;
  if (top === 'runners' && second === 'all') return true;
  if (top === 'pages' && second === 'domains' && segs.length === 2) return true;
  if (top === 'keys' && method === 'GET' && segs.length === 2) return true;
  if (top === 'users') {
    if (segs.length === 1) return method === 'POST';
    if (segs.length === 2) return write;
    if (third === 'follow' || third === 'unfollow' || third === 'status') return false;
    if (third === 'impersonation_tokens' || third === 'custom_attributes' || third === 'identities' || third === 'personal_access_tokens') return true;
    return write;
  }
  if ((top === 'projects' || top === 'groups') && third === 'custom_attributes') return true;
  if (top === 'namespaces' && segs.length === 2 && write) return true;
  return false;
}

export function checkAdmin(state: SandboxState, token: TokenRec, user: UserRec, method: string, segs: string[]): Reply | undefined {
  if (!isAdminRoute(method, segs)) return undefined;
  if (!user.isAdmin) return forbidden();
  if (state.adminMode && token.kind === 'classic' && !token.scopes.includes('admin_mode')) return forbidden();
  return undefined;
}

/** `read_work_item` → `Work Item: Read`. */
function permissionLabel(id: string): string {
  const [verb, ...rest] = id.split('_');
  const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return `${rest.map(title).join(' ')}: ${title(verb)}`;
}

type Boundary = 'project' | 'group' | 'user' | 'instance';

/** What a fine-grained token needs for the core routes the sandbox models; undefined for everything else. */
function requiredPermission(method: string, segs: string[]): { permission: string; boundary: Boundary } | undefined {
  const [top, , family, , sub] = segs;
  const get = READ_METHODS.has(method);
  const verb = get ? 'read' : method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
  if (top === 'user' && segs.length === 1 && get) return { permission: 'read_user', boundary: 'user' };
  if (top === 'users' && segs.length === 2 && get) return { permission: 'read_user', boundary: 'user' };
  if ((top === 'version' || top === 'metadata') && get) return { permission: 'read_metadata', boundary: 'instance' };
  if (top === 'namespaces' && segs.length === 1 && get) return { permission: 'read_namespace', boundary: 'user' };
  if (top === 'personal_access_tokens') {
    if (get) return { permission: 'read_personal_access_token', boundary: 'user' };
    return { permission: segs.includes('rotate') ? 'rotate_personal_access_token' : 'revoke_personal_access_token', boundary: 'user' };
  }
  if (top === 'groups' && segs.length <= 2 && get) return { permission: 'read_group', boundary: segs.length === 1 ? 'user' : 'group' };
  if (top !== 'projects') return undefined;
  if (segs.length === 1) return get ? { permission: 'read_project', boundary: 'user' } : undefined;
  if (segs.length === 2) return { permission: `${verb}_project`, boundary: 'project' };
  if (family === 'issues') {
    if (sub === 'notes' || sub === 'discussions') return { permission: get ? 'read_work_item' : method === 'POST' ? 'create_work_item' : `${verb}_work_item`, boundary: 'project' };
    return { permission: `${verb}_work_item`, boundary: 'project' };
  }
  if (family === 'merge_requests') {
    if (get) return { permission: 'read_merge_request', boundary: 'project' };
    if (sub === 'approve' || sub === 'unapprove') return { permission: 'approve_merge_request', boundary: 'project' };
    if (sub === 'merge') return { permission: 'merge_merge_request', boundary: 'project' };
    if (sub === 'notes' && method === 'POST') return { permission: 'create_work_item', boundary: 'project' };
    if (sub === 'discussions' && method === 'POST') return { permission: 'create_merge_request', boundary: 'project' };
    return { permission: `${verb}_merge_request`, boundary: 'project' };
  }
  if (family === 'pipeline' && method === 'POST') return { permission: 'create_pipeline', boundary: 'project' };
  if (family === 'pipelines') {
    if (get) return { permission: 'read_pipeline', boundary: 'project' };
    return { permission: method === 'DELETE' ? 'delete_pipeline' : 'update_pipeline', boundary: 'project' };
  }
  if (family === 'jobs') {
    if (segs.includes('artifacts')) return { permission: get ? 'read_job_artifact' : 'delete_job_artifact', boundary: 'project' };
    if (get) return { permission: 'read_job', boundary: 'project' };
    if (sub === 'play' || sub === 'retry') return { permission: 'run_job', boundary: 'project' };
    return { permission: sub === 'erase' ? 'delete_job' : 'update_job', boundary: 'project' };
  }
  if (family === 'repository') {
    const what = segs[3];
    if (what === 'files') return { permission: `${verb}_repository`, boundary: 'project' };
    if (what === 'branches') return { permission: `${verb}_branch`, boundary: 'project' };
    if (what === 'commits') return { permission: get ? 'read_commit' : 'create_commit', boundary: 'project' };
    if (what === 'tags') return { permission: `${verb}_repository_tag`, boundary: 'project' };
    if (get) return { permission: 'read_repository', boundary: 'project' };
  }
  return undefined;
}

/** Whether the grant holds `permission` at the boundary of the request (the project's id when it names one). */
function grantReaches(state: SandboxState, grant: GranularScope[], user: UserRec, permission: string, boundary: Boundary, projectId?: number, groupId?: number): boolean {
  for (const scope of grant) {
    if (!scope.permissions.includes(permission)) continue;
    if (boundary === 'user' && scope.access === 'user') return true;
    if (boundary === 'instance' && scope.access === 'instance') return true;
    if (boundary === 'project' && projectId !== undefined) {
      const p = state.projects.get(projectId);
      if (!p) return true;
      if (scope.access === 'all_memberships' && state.accessLevel(user, p) > 0) return true;
      if (scope.access === 'personal_projects' && p.namespace.kind === 'user' && p.namespace.id - 100 === user.id) return true;
      if (scope.access === 'selected_memberships') {
        if (scope.project_ids?.includes(p.id)) return true;
        if (p.namespace.kind === 'group' && scope.group_ids?.some((g) => inGroup(state, p.namespace.id, g))) return true;
      }
    }
    if (boundary === 'group' && groupId !== undefined) {
      if (scope.access === 'all_memberships' && state.groupAccess(user, groupId) > 0) return true;
      if (scope.access === 'selected_memberships' && scope.group_ids?.some((g) => inGroup(state, groupId, g))) return true;
    }
  }
  return false;
}

function inGroup(state: SandboxState, groupId: number, ancestor: number): boolean {
  let g = state.groups.get(groupId);
  while (g) {
    if (g.id === ancestor) return true;
    g = g.parentId === null ? undefined : state.groups.get(g.parentId);
  }
  return false;
}

function granularRefusal(permission: string, boundary: Boundary): Reply {
  const description = `Access denied: This operation requires a fine-grained personal access token with the following ${boundary} permissions: [${permissionLabel(permission)}].`;
  return json(403, { error: 'insufficient_granular_scope', error_description: description }, {
    'www-authenticate': `Bearer realm="GitLab", error="insufficient_granular_scope", error_description="${description}"`,
  });
}

/** Fine-grained tokens with a grant: core routes outside it answer 403 insufficient_granular_scope. */
export function checkGrant(state: SandboxState, token: TokenRec, user: UserRec, method: string, segs: string[]): Reply | undefined {
  if (token.kind !== 'fine_grained' || !token.granularScopes) return undefined;
  const need = requiredPermission(method, segs);
  if (!need) return undefined;
  const project = need.boundary === 'project' && segs[1] ? state.projectByRef(segs[1]) : undefined;
  const group = need.boundary === 'group' && segs[1] ? state.groupByRef(segs[1]) : undefined;
  if (need.boundary === 'project' && !project) return undefined;
  if (need.boundary === 'group' && !group) return undefined;
  if (grantReaches(state, token.granularScopes, user, need.permission, need.boundary, project?.id, group?.id)) return undefined;
  return granularRefusal(need.permission, need.boundary);
}
