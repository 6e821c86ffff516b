// Identity and instance: the current user, users, version and metadata, access tokens, namespaces, license, OAuth token info.
import type { IncomingHttpHeaders } from 'node:http';
import type { Router } from '../router.js';
import type { SandboxState, UserRec } from '../state.js';
import type { Ctx, GranularScope, Query, Reply, TokenRec } from '../types.js';
import { groupNamespace, userBasic, userNamespace, userPrivate, userPublic } from '../serialize.js';
import { isExpired, registerToken, tokenById } from '../tokens.js';
import { bool, inWindow, json, list, message, missing, noContent, notFound, paginate, sortBy, str } from '../util.js';

export function tokenJson(t: TokenRec, opts: { grant?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.tokenId, name: t.name, revoked: !!t.revoked, created_at: t.createdAt, description: t.description ?? '', scopes: t.kind === 'fine_grained' ? ['granular'] : [...t.scopes],
    user_id: t.userId, last_used_at: t.lastUsedAt, active: !t.revoked && !isExpired(t), expires_at: t.expiresAt ?? null, last_used_ips: t.lastUsedAt ? ['127.0.0.1'] : [],
  };
  if (opts.grant && t.kind === 'fine_grained') out.granular_scopes = t.granularScopes ?? [];
  return out;
}

function canManageToken(ctx: Ctx, t: TokenRec): boolean {
  return ctx.user.isAdmin || t.userId === ctx.user.id;
}

function rotate(ctx: Ctx, t: TokenRec): Reply {
  if (t.revoked || isExpired(t)) return json(400, { message: 'Token already revoked' });
  t.revoked = true;
  const n = ctx.state.nextId('token');
  const expiresAt = str(ctx.params.expires_at) ?? '2026-03-09';
  const fresh = registerToken(ctx.state, `glpat-sandbox-rotated-${String(n).padStart(4, '0')}`, {
    kind: t.kind, scopes: t.scopes, userId: t.userId, tokenId: n, name: t.name, expiresAt, granularScopes: t.granularScopes, description: t.description,
  });
  fresh.createdAt = ctx.state.now();
  return json(200, { ...tokenJson(fresh), token: fresh.value });
}

function createToken(ctx: Ctx, userId: number): Reply {
  const name = str(ctx.params.name);
  const granular = Array.isArray(ctx.params.granular_scopes) ? (ctx.params.granular_scopes as GranularScope[]) : undefined;
  const scopes = list(ctx.params.scopes);
  const absent = [!name ? 'name' : '', !granular && !scopes?.length ? 'scopes' : ''].filter(Boolean);
  if (absent.length) return missing(...absent);
  const n = ctx.state.nextId('token');
  const t = registerToken(ctx.state, `glpat-sandbox-created-${String(n).padStart(4, '0')}`, {
    kind: granular ? 'fine_grained' : 'classic', scopes: granular ? ['granular'] : scopes!, userId, tokenId: n, name, expiresAt: str(ctx.params.expires_at) ?? null,
    granularScopes: granular, description: str(ctx.params.description),
  });
  t.createdAt = ctx.state.now();
  return json(201, { ...tokenJson(t), token: t.value });
}

function namespaceJson(state: SandboxState, kind: 'group' | 'user', id: number): Record<string, unknown> {
  const base = kind === 'group' ? groupNamespace(state, state.groups.get(id)!) : userNamespace(state, state.users.get(id - 100)!);
  const projects = [...state.projects.values()].filter((p) => p.namespace.kind === kind && p.namespace.id === id).length;
  return {
    ...base, members_count_with_descendants: kind === 'group' ? state.groups.get(id)!.members.size : 1, billable_members_count: 1, projects_count: projects,
    root_repository_size: 0, max_seats_used: 4, seats_in_use: 4, plan: state.licensed ? 'ultimate' : 'free', end_date: null, trial_ends_on: null, trial: false,
  };
}

function visibleNamespaces(ctx: Ctx): Array<Record<string, unknown>> {
  const out = [namespaceJson(ctx.state, 'user', 100 + ctx.user.id)];
  for (const g of ctx.state.groups.values()) if (ctx.user.isAdmin || ctx.state.groupAccess(ctx.user, g.id) > 0) out.push(namespaceJson(ctx.state, 'group', g.id));
  if (ctx.user.isAdmin) for (const u of ctx.state.users.values()) if (u.id !== ctx.user.id) out.push(namespaceJson(ctx.state, 'user', 100 + u.id));
  return out;
}

/** GET /users/:id: GitLab's User entity for everyone, oneself included; the details with the admin fields for administrators. */
function userView(ctx: Ctx, u: UserRec): Record<string, unknown> {
  return ctx.user.isAdmin ? userPrivate(ctx.state, u, true) : userPublic(ctx.state, u);
}

export function registerCore(r: Router): void {
  r.get('user', (ctx) => json(200, userPrivate(ctx.state, ctx.user, ctx.user.isAdmin)));
  r.get('users', (ctx) => {
    let users = [...ctx.state.users.values()];
    const username = str(ctx.params.username);
    if (username) users = users.filter((u) => u.username.toLowerCase() === username.toLowerCase());
    const search = str(ctx.params.search)?.toLowerCase();
    if (search) users = users.filter((u) => u.username.includes(search) || u.name.toLowerCase().includes(search) || u.email === search);
    if (bool(ctx.params.active)) users = users.filter((u) => u.state === 'active');
    if (bool(ctx.params.blocked)) users = users.filter((u) => u.state === 'blocked');
    if (bool(ctx.params.admins) && ctx.user.isAdmin) users = users.filter((u) => u.isAdmin);
    if (bool(ctx.params.exclude_active)) users = users.filter((u) => u.state !== 'active');
    const external = (u: UserRec) => u.profile?.external === true;
    if (bool(ctx.params.external)) users = users.filter(external);
    if (bool(ctx.params.exclude_external)) users = users.filter((u) => !external(u));
    if (bool(ctx.params.humans)) users = users.filter((u) => !u.bot);
    if (bool(ctx.params.exclude_humans)) users = users.filter((u) => u.bot);
    users = inWindow(ctx, users, { created: (u) => u.createdAt });
    // An order asked for is applied (GitLab's default direction is desc); without one, the sandbox keeps its id order.
    if (ctx.params.order_by !== undefined || ctx.params.sort !== undefined) {
      users = sortBy(users, ctx, { id: (u) => u.id, name: (u) => u.name.toLowerCase(), username: (u) => u.username, created_at: (u) => u.createdAt }, 'id');
    }
    return paginate(ctx, users.map((u) => (ctx.user.isAdmin ? userPrivate(ctx.state, u, true) : userBasic(ctx.state, u.id))));
  });
  r.get('users/:id', (ctx, p) => {
    const u = /^\d+$/.test(p.id) ? ctx.state.users.get(Number(p.id)) : undefined;
    return u ? json(200, userView(ctx, u)) : notFound('User');
  });
  r.get('version', (ctx) => json(200, { version: ctx.state.version, revision: 'abc123', enterprise: true }));
  r.get('metadata', (ctx) => json(200, {
    version: ctx.state.version, revision: 'abc123', kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null }, enterprise: true,
  }));

  r.get('personal_access_tokens/self', (ctx) => (ctx.token.kind === 'oauth' ? message(401, '401 Unauthorized') : json(200, tokenJson(ctx.token))));
  r.get('personal_access_tokens/self/associations', (ctx) => json(200, {
    groups: [...ctx.state.groups.values()].filter((g) => ctx.state.groupAccess(ctx.user, g.id) > 0).map((g) => ({ ...groupNamespace(ctx.state, g), access_levels: ctx.state.groupAccess(ctx.user, g.id) })),
    projects: [...ctx.state.projects.values()].filter((p) => ctx.state.accessLevel(ctx.user, p) > 0).map((p) => ({ id: p.id, name: p.name, path: p.path, path_with_namespace: ctx.state.projectFullPath(p), access_levels: ctx.state.accessLevel(ctx.user, p) })),
  }));
  r.get('personal_access_tokens', (ctx) => {
    let tokens = [...ctx.state.tokens.values()].filter((t) => t.kind !== 'oauth' && !t.impersonation);
    const userId = str(ctx.params.user_id);
    if (!ctx.user.isAdmin) tokens = tokens.filter((t) => t.userId === ctx.user.id);
    else if (userId) tokens = tokens.filter((t) => String(t.userId) === userId);
    const state = str(ctx.params.state);
    if (state === 'active') tokens = tokens.filter((t) => !t.revoked && !isExpired(t));
    if (state === 'inactive') tokens = tokens.filter((t) => t.revoked || isExpired(t));
    const revoked = bool(ctx.params.revoked);
    if (revoked !== undefined) tokens = tokens.filter((t) => !!t.revoked === revoked);
    const search = str(ctx.params.search);
    if (search) tokens = tokens.filter((t) => t.name.includes(search));
    return paginate(ctx, tokens.sort((a, b) => a.tokenId - b.tokenId).map((t) => tokenJson(t)));
  });
  r.get('personal_access_tokens/:id', (ctx, p) => {
    const t = /^\d+$/.test(p.id) ? tokenById(ctx.state, Number(p.id)) : undefined;
    if (!t || t.kind === 'oauth') return notFound('Personal Access Token');
    if (!canManageToken(ctx, t)) return message(401, '401 Unauthorized');
    return json(200, tokenJson(t, { grant: true }));
  });
  r.delete('personal_access_tokens/self', (ctx) => {
    if (ctx.token.kind === 'oauth') return message(401, '401 Unauthorized');
    ctx.token.revoked = true;
    return noContent();
  });
  r.delete('personal_access_tokens/:id', (ctx, p) => {
    const t = /^\d+$/.test(p.id) ? tokenById(ctx.state, Number(p.id)) : undefined;
    if (!t || t.kind === 'oauth') return notFound('Personal Access Token');
    if (!canManageToken(ctx, t)) return message(401, '401 Unauthorized');
    t.revoked = true;
    return noContent();
  });
  r.post('personal_access_tokens/self/rotate', (ctx) => (ctx.token.kind === 'oauth' ? message(401, '401 Unauthorized') : rotate(ctx, ctx.token)));
  r.post('personal_access_tokens/:id/rotate', (ctx, p) => {
    const t = /^\d+$/.test(p.id) ? tokenById(ctx.state, Number(p.id)) : undefined;
    if (!t || t.kind === 'oauth') return notFound('Personal Access Token');
    if (!canManageToken(ctx, t)) return message(401, '401 Unauthorized');
    return rotate(ctx, t);
  });
  r.post('user/personal_access_tokens', (ctx) => createToken(ctx, ctx.user.id));
  r.post('users/:id/personal_access_tokens', (ctx, p) => {
    const u = /^\d+$/.test(p.id) ? ctx.state.users.get(Number(p.id)) : undefined;
    return u ? createToken(ctx, u.id) : notFound('User');
  });

  r.get('namespaces', (ctx) => {
    let all = visibleNamespaces(ctx);
    const search = str(ctx.params.search)?.toLowerCase();
    if (search) all = all.filter((n) => String(n.full_path).toLowerCase().includes(search) || String(n.name).toLowerCase().includes(search));
    if (bool(ctx.params.owned_only)) all = all.filter((n) => n.kind === 'user' || ctx.state.groupAccess(ctx.user, Number(n.id)) >= 50);
    return paginate(ctx, all);
  });
  r.get('namespaces/:id', (ctx, p) => {
    const found = visibleNamespaces(ctx).find((n) => String(n.id) === p.id || String(n.full_path).toLowerCase() === p.id.toLowerCase());
    return found ? json(200, found) : notFound('Namespace');
  });
  r.get('license', (ctx) => {
    if (!ctx.state.licensed) return notFound();
    return json(200, {
      id: 1, plan: 'ultimate', created_at: '2026-01-01T00:00:00.000Z', starts_at: '2026-01-01', expires_at: '2027-01-01', historical_max: 4,
      maximum_user_count: 4, expired: false, overage: 0, user_limit: 100, active_users: ctx.state.users.size,
      licensee: { Name: 'Sandbox Admin', Company: 'Demo Corp', Email: 'admin@example.com' }, add_ons: {},
    });
  });
}

/** GET /oauth/token/info (outside /api/v4): what an OAuth token may do. Personal access tokens are not OAuth tokens. */
export function oauthTokenInfo(state: SandboxState, headers: IncomingHttpHeaders, query: Query): Reply {
  const auth = headers.authorization;
  const m = typeof auth === 'string' ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null;
  const value = m ? m[1].trim() : typeof query.access_token === 'string' ? query.access_token : undefined;
  const t = value ? state.tokens.get(value) : undefined;
  if (!t || t.kind !== 'oauth' || t.revoked || isExpired(t)) {
    return json(401, { error: 'invalid_token', error_description: 'The access token is invalid', state: 'unauthorized' }, {
      'www-authenticate': 'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"',
    });
  }
  const expiresIn = t.expiresAt ? Math.max(0, Math.floor((Date.parse(t.expiresAt) - Date.now()) / 1000)) : 7200;
  return json(200, {
    resource_owner_id: t.userId, scope: [...t.scopes], expires_in: expiresIn, application: { uid: t.applicationUid ?? 'app-uid-1' },
    created_at: Math.floor(Date.parse(t.createdAt) / 1000),
  });
}
