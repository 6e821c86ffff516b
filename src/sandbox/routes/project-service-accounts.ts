// Project service accounts (Premium): machine users a project provisions, and their personal access tokens.
// The tokens are real sandbox tokens: they authenticate against the sandbox until revoked or rotated.
import { createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type UserRec } from '../state.js';
import type { Ctx, Reply, TokenRec } from '../types.js';
import { isExpired, registerToken, tokenById } from '../tokens.js';
import { bool, forbidden, json, list, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { areaOf, withProject } from './project-crud.js';

const DAY = 86_400_000;

/** The service accounts a project provisioned: user id → a custom email awaiting confirmation. */
const accountsOf = (ctx: Ctx, p: ProjectRec) => areaOf<Map<number, { unconfirmedEmail: string | null }>>(ctx.state, 'service-account', `project:${p.id}`, () => new Map());

function accountJson(u: UserRec, unconfirmedEmail: string | null): Record<string, unknown> {
  return { id: u.id, username: u.username, name: u.name, email: u.email, ...(unconfirmedEmail ? { unconfirmed_email: unconfirmedEmail } : {}) };
}

const tokenJson = (t: TokenRec): Record<string, unknown> => ({
  id: t.tokenId, name: t.name, revoked: !!t.revoked, created_at: t.createdAt, description: t.description ?? null, scopes: [...t.scopes], user_id: t.userId,
  last_used_at: t.lastUsedAt, active: !t.revoked && !isExpired(t), expires_at: t.expiresAt ?? null,
});

/** The sandbox date `days` from now, as GitLab's token expiry dates (YYYY-MM-DD). */
const dateIn = (ctx: Ctx, days: number): string => new Date(Date.parse(ctx.state.now()) + days * DAY).toISOString().slice(0, 10);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Project service accounts need the Premium license, and the Maintainer role (or an administrator). */
const licensed = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => withProject(ACCESS.maintainer, (ctx, p, prm) => (ctx.state.licensed ? fn(ctx, p, prm) : forbidden()));

/** One of the project's service accounts, by the `:uid` segment. */
const account = (fn: (ctx: Ctx, p: ProjectRec, u: UserRec, prm: Record<string, string>) => Reply) => licensed((ctx, p, prm) => {
  const u = /^\d+$/.test(prm.uid) && accountsOf(ctx, p).has(Number(prm.uid)) ? ctx.state.users.get(Number(prm.uid)) : undefined;
  return u ? fn(ctx, p, u, prm) : notFound('User');
});

function create(ctx: Ctx, p: ProjectRec): Reply {
  const s = ctx.state;
  const id = s.nextId('user');
  const hash = createHash('md5').update(`service-account-${p.id}-${id}`).digest('hex');
  const username = str(ctx.params.username) ?? `service_account_project_${p.id}_${hash}`;
  if (s.userByName(username)) return message(400, 'Username has already been taken');
  const email = str(ctx.params.email) ?? `${username}@noreply.${new URL(s.url).hostname}`;
  if ([...s.users.values()].some((u) => u.email === email)) return message(400, 'Email has already been taken');
  const u: UserRec = {
    id, username, name: str(ctx.params.name) ?? 'Service account user', email, isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '',
    createdAt: s.now(), bot: true,
  };
  s.users.set(id, u);
  accountsOf(ctx, p).set(id, { unconfirmedEmail: null });
  return json(201, accountJson(u, null));
}

function createToken(ctx: Ctx, u: UserRec): Reply {
  const name = str(ctx.params.name); const scopes = list(ctx.params.scopes);
  if (!name || !scopes?.length) return missing(...(!name ? ['name'] : []), ...(!scopes?.length ? ['scopes'] : []));
  const expires = str(ctx.params.expires_at);
  if (expires && !DATE.test(expires)) return json(400, { error: 'expires_at is invalid' });
  const n = ctx.state.nextId('token');
  // Without an expiry GitLab sets the longest lifetime allowed: 365 days.
  const t = registerToken(ctx.state, `glpat-sandbox-service-${String(n).padStart(4, '0')}`, {
    kind: 'classic', scopes, userId: u.id, tokenId: n, name, expiresAt: expires ?? dateIn(ctx, 365), description: str(ctx.params.description),
  });
  t.createdAt = ctx.state.now();
  return json(201, { ...tokenJson(t), token: t.value });
}

function rotateToken(ctx: Ctx, t: TokenRec): Reply {
  if (t.revoked || isExpired(t)) return message(400, 'Token already revoked');
  const expires = str(ctx.params.expires_at);
  if (expires && !DATE.test(expires)) return json(400, { error: 'expires_at is invalid' });
  t.revoked = true;
  const n = ctx.state.nextId('token');
  const fresh = registerToken(ctx.state, `glpat-sandbox-service-${String(n).padStart(4, '0')}`, {
    kind: 'classic', scopes: t.scopes, userId: t.userId, tokenId: n, name: t.name, expiresAt: expires ?? dateIn(ctx, 7), description: t.description,
  });
  fresh.createdAt = ctx.state.now();
  return json(200, { ...tokenJson(fresh), token: fresh.value });
}

const TOKEN_ORDER: Record<string, (t: TokenRec) => string> = {
  created: (t) => t.createdAt, expires: (t) => t.expiresAt ?? '9999', last_used: (t) => t.lastUsedAt ?? '', name: (t) => t.name,
};

function listTokens(ctx: Ctx, u: UserRec): Reply {
  let tokens = [...ctx.state.tokens.values()].filter((t) => t.userId === u.id);
  const revoked = bool(ctx.params.revoked);
  if (revoked !== undefined) tokens = tokens.filter((t) => !!t.revoked === revoked);
  const state = str(ctx.params.state);
  if (state === 'active') tokens = tokens.filter((t) => !t.revoked && !isExpired(t));
  if (state === 'inactive') tokens = tokens.filter((t) => t.revoked || isExpired(t));
  const search = str(ctx.params.search)?.toLowerCase();
  if (search) tokens = tokens.filter((t) => t.name.toLowerCase().includes(search));
  const sort = /^(created|expires|last_used|name)_(asc|desc)$/.exec(str(ctx.params.sort) ?? '');
  tokens.sort((a, b) => a.tokenId - b.tokenId);
  if (sort) {
    const key = TOKEN_ORDER[sort[1]];
    tokens.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort[2] === 'asc' ? 1 : -1));
  }
  return paginate(ctx, tokens.map(tokenJson));
}

export function registerProjectServiceAccounts(r: Router): void {
  const base = 'projects/:id/service_accounts';
  r.get(base, licensed((ctx, p) => {
    const orderBy = str(ctx.params.order_by) ?? 'id';
    if (orderBy !== 'id' && orderBy !== 'username') return json(400, { error: 'order_by does not have a valid value' });
    const dir = str(ctx.params.sort) === 'asc' ? 1 : -1;
    const rows = [...accountsOf(ctx, p)].flatMap(([id, a]) => {
      const u = ctx.state.users.get(id);
      return u ? [{ u, a }] : [];
    });
    rows.sort((x, y) => (orderBy === 'id' ? x.u.id - y.u.id : x.u.username.localeCompare(y.u.username)) * dir);
    return paginate(ctx, rows.map(({ u, a }) => accountJson(u, a.unconfirmedEmail)));
  }));
  r.post(base, licensed(create));
  r.get(`${base}/:uid`, account((ctx, p, u) => json(200, accountJson(u, accountsOf(ctx, p).get(u.id)!.unconfirmedEmail))));
  r.add('PATCH', `${base}/:uid`, account((ctx, p, u) => {
    const username = str(ctx.params.username);
    if (username && username !== u.username && ctx.state.userByName(username)) return message(400, 'Username has already been taken');
    if (str(ctx.params.name)) u.name = str(ctx.params.name)!;
    if (username) u.username = username;
    const a = accountsOf(ctx, p).get(u.id)!;
    // A custom email waits for confirmation, as GitLab shows it in unconfirmed_email.
    if (str(ctx.params.email)) a.unconfirmedEmail = str(ctx.params.email)!;
    return json(200, accountJson(u, a.unconfirmedEmail));
  }));
  r.delete(`${base}/:uid`, account((ctx, p, u) => {
    ctx.state.users.delete(u.id);
    accountsOf(ctx, p).delete(u.id);
    for (const t of ctx.state.tokens.values()) if (t.userId === u.id) t.revoked = true;
    return noContent();
  }));
  const tokens = `${base}/:uid/personal_access_tokens`;
  r.get(tokens, account((ctx, _p, u) => listTokens(ctx, u)));
  r.post(tokens, account((ctx, _p, u) => createToken(ctx, u)));
  const token = (fn: (ctx: Ctx, t: TokenRec) => Reply) => account((ctx, _p, u, prm) => {
    const t = /^\d+$/.test(prm.tid) ? tokenById(ctx.state, Number(prm.tid)) : undefined;
    return t && t.userId === u.id ? fn(ctx, t) : notFound();
  });
  r.post(`${tokens}/:tid/rotate`, token(rotateToken));
  r.delete(`${tokens}/:tid`, token((_ctx, t) => {
    if (t.revoked) return message(400, 'Token already revoked');
    t.revoked = true;
    return noContent();
  }));
}
