// Administration of accounts: create, update, delete, the state machine (approve, reject, activate, deactivate,
// block, unblock, ban, unban), two-factor and identities, memberships and counts, activities, service accounts.
import type { Router } from '../router.js';
import { ACCESS, type SandboxState, type UserRec, type UserState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userPrivate } from '../serialize.js';
import { bool, forbidden, json, message, noContent, notFound, paginate, sha1, str, text } from '../util.js';
import { forgetUser } from './users-store.js';

const BLOCKED: ReadonlySet<UserState> = new Set(['blocked', 'banned', 'blocked_pending_approval']);
const USERNAME = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
const USERNAME_MESSAGE = "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Profile fields the users API stores as given, by their wire name. */
const PROFILE_STRINGS = ['linkedin', 'twitter', 'discord', 'website_url', 'github', 'pronouns', 'commit_email', 'note'];
const PROFILE_BOOLS = ['can_create_group', 'external', 'private_profile'];
const PROFILE_INTS = ['projects_limit', 'theme_id', 'color_scheme_id', 'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit'];
/** GitLab refuses to deactivate a user active in the last 90 days (the instance default). */
const DEACTIVATE_AFTER_DAYS = 90;

/** GitLab's `forbidden!(reason)`. */
const refuse = (reason: string): Reply => message(403, `403 Forbidden - ${reason}`);
const adminView = (ctx: Ctx, u: UserRec) => userPrivate(ctx.state, u, true);

function loadUser(ctx: Ctx, ref: string): UserRec | undefined {
  return /^\d+$/.test(ref) ? ctx.state.users.get(Number(ref)) : undefined;
}

/** Model validations shared by create and update, as GitLab's `{"message":{"field":[...]}}`. */
function validate(ctx: Ctx, u: { email?: string; username?: string; password?: string }, selfId?: number): Reply | undefined {
  const others = [...ctx.state.users.values()].filter((x) => x.id !== selfId);
  if (u.email && others.some((x) => x.email.toLowerCase() === u.email!.toLowerCase())) return message(409, 'Email has already been taken');
  if (u.username && others.some((x) => x.username.toLowerCase() === u.username!.toLowerCase())) return message(409, 'Username has already been taken');
  const errors: Record<string, string[]> = {};
  if (u.email && !EMAIL.test(u.email)) errors.email = ['is invalid'];
  if (u.password !== undefined && u.password.length < 8) errors.password = ['is too short (minimum is 8 characters)'];
  if (u.username && (!USERNAME.test(u.username) || /(\.|\.git|\.atom)$/.test(u.username))) errors.username = [USERNAME_MESSAGE];
  return Object.keys(errors).length ? message(400, errors) : undefined;
}

/** Writes the optional attributes of create and update onto the record. */
function applyProfile(ctx: Ctx, u: UserRec): void {
  const p = ctx.params;
  for (const [k, field] of [['bio', 'bio'], ['location', 'location'], ['job_title', 'jobTitle'], ['organization', 'organization']] as const) {
    const v = text(p[k]);
    if (v !== undefined) u[field] = v;
  }
  const profile = { ...u.profile };
  for (const k of PROFILE_STRINGS) { const v = text(p[k]); if (v !== undefined) profile[k] = v; }
  for (const k of PROFILE_BOOLS) { const v = bool(p[k]); if (v !== undefined) profile[k] = v; }
  for (const k of PROFILE_INTS) { const v = str(p[k]); if (v !== undefined && /^-?\d+$/.test(v)) profile[k] = Number(v); }
  u.profile = profile;
  const admin = bool(p.admin);
  if (admin !== undefined) u.isAdmin = admin;
  const uid = str(p.extern_uid); const provider = str(p.provider);
  if (uid && provider) u.identities = [...(u.identities ?? []).filter((i) => i.provider !== provider), { provider, extern_uid: uid }];
}

function createUser(ctx: Ctx): Reply {
  const p = ctx.params;
  const email = str(p.email); const name = str(p.name); const username = str(p.username);
  const password = str(p.password);
  const errors = [!email ? 'email is missing' : ''];
  if (!password && !bool(p.reset_password) && !bool(p.force_random_password)) errors.push('password, reset_password, force_random_password are missing, at least one parameter must be provided');
  errors.push(!name ? 'name is missing' : '', !username ? 'username is missing' : '');
  if (errors.some(Boolean)) return json(400, { error: errors.filter(Boolean).join(', ') });
  const all = (str(p.extern_uid) ? 1 : 0) + (str(p.provider) ? 1 : 0);
  if (all === 1) return json(400, { error: 'extern_uid, provider provide all or none of parameters' });
  const refused = validate(ctx, { email, username, password });
  if (refused) return refused;
  const id = ctx.state.nextId('user');
  const u: UserRec = {
    id, username: username!, name: name!, email: email!.toLowerCase(), isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '',
    createdAt: ctx.state.now(), bot: false, lastActivityOn: null, createdById: ctx.user.id,
  };
  applyProfile(ctx, u);
  ctx.state.users.set(id, u);
  return json(201, adminView(ctx, u));
}

function modifyUser(ctx: Ctx, u: UserRec): Reply {
  const p = ctx.params;
  const email = str(p.email); const username = str(p.username); const password = str(p.password);
  const refused = validate(ctx, { email, username, password }, u.id);
  if (refused) return refused;
  if (email) u.email = email.toLowerCase();
  if (username) u.username = username;
  const name = str(p.name);
  if (name) u.name = name;
  applyProfile(ctx, u);
  return json(200, adminView(ctx, u));
}

/** The only Owner of some group: GitLab keeps the account unless its contributions go too. */
const soleOwner = (state: SandboxState, u: UserRec): boolean =>
  [...state.groups.values()].some((g) => g.members.get(u.id) === ACCESS.owner && [...g.members.values()].filter((l) => l === ACCESS.owner).length === 1);

/** GitLab's Ghost User, made on first need, who inherits the contributions of deleted accounts. */
function ghost(state: SandboxState): UserRec {
  const found = state.userByName('ghost');
  if (found) return found;
  const id = state.nextId('user');
  const g: UserRec = {
    id, username: 'ghost', name: 'Ghost User', email: `ghost-${id}@noreply.${new URL(state.url).hostname}`, isAdmin: false, state: 'blocked',
    bio: 'This is a "Ghost User", created to hold all issues authored by users that have since been deleted. This user cannot be removed.',
    location: '', jobTitle: '', organization: '', createdAt: state.now(), bot: true, lastActivityOn: null,
  };
  state.users.set(id, g);
  return g;
}

function deleteUser(ctx: Ctx, u: UserRec): Reply {
  const hard = bool(ctx.params.hard_delete) === true;
  if (!hard && soleOwner(ctx.state, u)) return message(409, 'User cannot be removed while is the sole-owner of a group');
  const s = ctx.state;
  // A hard delete removes the contributions; otherwise they move to the Ghost User.
  const heir = hard ? undefined : ghost(s);
  for (const p of s.projects.values()) {
    p.members.delete(u.id);
    for (const [iid, i] of p.issues) {
      if (i.authorId === u.id) { if (heir) i.authorId = heir.id; else p.issues.delete(iid); }
      i.assigneeIds = i.assigneeIds.filter((x) => x !== u.id);
    }
    for (const [iid, m] of p.mrs) {
      if (m.authorId === u.id) { if (heir) m.authorId = heir.id; else p.mrs.delete(iid); }
      m.assigneeIds = m.assigneeIds.filter((x) => x !== u.id);
      m.reviewerIds = m.reviewerIds.filter((x) => x !== u.id);
    }
  }
  for (const [key, notes] of s.notes) {
    if (heir) for (const n of notes) { if (n.authorId === u.id) n.authorId = heir.id; }
    else s.notes.set(key, notes.filter((n) => n.authorId !== u.id));
  }
  for (const g of s.groups.values()) g.members.delete(u.id);
  for (const [value, t] of s.tokens) if (t.userId === u.id) s.tokens.delete(value);
  for (const stars of s.stars.values()) stars.delete(u.id);
  forgetUser(s, u.id);
  s.users.delete(u.id);
  return noContent();
}

/** The account state machine: each action answers as GitLab's API does (201 `true`, `null` when nothing changes). */
function transition(ctx: Ctx, u: UserRec, action: string): Reply {
  const ok = (to: UserState): Reply => { u.state = to; return json(201, true); };
  const unchanged = json(201, null);
  switch (action) {
    case 'approve':
      if (u.state !== 'blocked_pending_approval') return message(403, 'This user does not have a pending request');
      u.state = 'active';
      return json(201, { message: 'Success' });
    case 'reject':
      if (u.state !== 'blocked_pending_approval') return message(403, 'User does not have a pending request');
      deleteUser(ctx, u);
      return json(201, { message: 'Success' });
    case 'activate':
      if (BLOCKED.has(u.state)) return refuse('A blocked user must be unblocked to be activated');
      return u.state === 'deactivated' ? ok('active') : json(201, false);
    case 'deactivate': {
      if (u.state === 'deactivated') return unchanged;
      if (BLOCKED.has(u.state)) return message(403, 'Error occurred. A blocked user cannot be deactivated');
      if (u.bot) return message(403, 'Internal users cannot be deactivated');
      const last = u.lastActivityOn === undefined ? '2026-03-01' : u.lastActivityOn;
      const days = last === null ? Infinity : (Date.parse(ctx.state.now()) - Date.parse(last)) / 86_400_000;
      if (days < DEACTIVATE_AFTER_DAYS) return message(403, `The user you are trying to deactivate has been active in the past ${DEACTIVATE_AFTER_DAYS} days and cannot be deactivated`);
      return ok('deactivated');
    }
    case 'block':
      if (u.id === ctx.user.id) return refuse('The API initiating user cannot be blocked by the API');
      return BLOCKED.has(u.state) ? unchanged : ok('blocked');
    case 'unblock':
      if (u.state === 'deactivated') return refuse('Deactivated users cannot be unblocked by the API');
      return BLOCKED.has(u.state) ? ok('active') : json(201, false);
    case 'ban':
      return u.state === 'active' ? ok('banned') : message(403, `You cannot ban ${u.state} users.`);
    default: // unban
      return u.state === 'banned' ? ok('active') : message(403, `You cannot unban ${u.state} users.`);
  }
}

function memberships(ctx: Ctx, u: UserRec): Reply {
  const type = str(ctx.params.type);
  if (type !== undefined && type !== 'Project' && type !== 'Namespace') return json(400, { error: 'type does not have a valid value' });
  const out: Array<Record<string, unknown>> = [];
  if (type !== 'Project') for (const g of ctx.state.groups.values()) { const l = g.members.get(u.id); if (l) out.push({ source_id: g.id, source_name: g.name, source_type: 'Namespace', access_level: l }); }
  if (type !== 'Namespace') for (const p of ctx.state.projects.values()) { const l = p.members.get(u.id); if (l) out.push({ source_id: p.id, source_name: p.name, source_type: 'Project', access_level: l }); }
  return paginate(ctx, out);
}

function associationsCount(ctx: Ctx, u: UserRec): Reply {
  let issues = 0; let mrs = 0; let projects = 0;
  for (const p of ctx.state.projects.values()) {
    if (p.members.has(u.id)) projects++;
    for (const i of p.issues.values()) if (i.authorId === u.id) issues++;
    for (const m of p.mrs.values()) if (m.authorId === u.id) mrs++;
  }
  const groups = [...ctx.state.groups.values()].filter((g) => g.members.has(u.id)).length;
  return json(200, { groups_count: groups, projects_count: projects, issues_count: issues, merge_requests_count: mrs });
}

function activities(ctx: Ctx): Reply {
  if (!ctx.user.isAdmin) return forbidden();
  const now = Date.parse(ctx.state.now());
  const fromText = str(ctx.params.from);
  const from = fromText === undefined ? now - 183 * 86_400_000 : Date.parse(fromText);
  if (!Number.isFinite(from)) return json(400, { error: 'from is invalid' });
  const rows = [...ctx.state.users.values()]
    .map((u) => ({ u, day: u.lastActivityOn === undefined ? '2026-03-01' : u.lastActivityOn }))
    .filter((x): x is { u: UserRec; day: string } => x.day !== null && Date.parse(x.day) >= from - (from % 86_400_000))
    .sort((a, b) => a.day.localeCompare(b.day) || a.u.id - b.u.id);
  return paginate(ctx, rows.map(({ u, day }) => ({ username: u.username, last_activity_on: day, last_activity_at: day })));
}

const serviceAccountJson = (u: UserRec) => ({ id: u.id, username: u.username, name: u.name, email: u.email });

function saveServiceAccount(ctx: Ctx, existing?: UserRec): Reply {
  const p = ctx.params;
  const username = str(p.username); const email = str(p.email); const name = str(p.name);
  const refused = validate(ctx, { email, username }, existing?.id);
  if (refused) return refused;
  if (existing) {
    if (name) existing.name = name;
    if (username) existing.username = username;
    if (email) existing.email = email.toLowerCase();
    return json(200, serviceAccountJson(existing));
  }
  const id = ctx.state.nextId('user');
  const handle = username ?? `service_account_${sha1(`service-account-${id}`).slice(0, 32)}`;
  const u: UserRec = {
    id, username: handle, name: name ?? 'Service account user', email: (email ?? `${handle}@noreply.${new URL(ctx.state.url).hostname}`).toLowerCase(),
    isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '', createdAt: ctx.state.now(), bot: true, lastActivityOn: null,
    createdById: ctx.user.id, serviceAccount: true,
  };
  ctx.state.users.set(id, u);
  return json(201, serviceAccountJson(u));
}

export function registerUserAdmin(r: Router): void {
  const withUser = (then: (ctx: Ctx, u: UserRec, p: Record<string, string>) => Reply) => (ctx: Ctx, p: Record<string, string>): Reply => {
    const u = loadUser(ctx, p.id);
    return u ? then(ctx, u, p) : notFound('User');
  };
  r.post('users', createUser);
  r.put('users/:id', withUser(modifyUser));
  r.delete('users/:id', withUser(deleteUser));
  for (const action of ['approve', 'reject', 'activate', 'deactivate', 'block', 'unblock', 'ban', 'unban']) {
    r.post(`users/:id/${action}`, withUser((ctx, u) => transition(ctx, u, action)));
  }
  r.add('PATCH', 'users/:id/disable_two_factor', withUser((ctx, u) => {
    if (u.isAdmin) return refuse('Two-factor authentication for admins cannot be disabled via the API. Use the Rails console');
    if (!u.twoFactor) return message(400, 'Two-factor authentication is not enabled for this user');
    u.twoFactor = false;
    return noContent();
  }));
  r.delete('users/:id/identities/:provider', withUser((ctx, u, p) => {
    const i = (u.identities ?? []).find((x) => x.provider === p.provider);
    if (!i) return notFound('Identity');
    u.identities = u.identities!.filter((x) => x !== i);
    return noContent();
  }));
  r.get('users/:id/memberships', (ctx, p) => (ctx.user.isAdmin ? withUser(memberships)(ctx, p) : forbidden()));
  r.get('users/:id/associations_count', withUser((ctx, u) => (ctx.user.isAdmin || ctx.user.id === u.id ? associationsCount(ctx, u) : forbidden())));
  r.get('user/activities', activities);

  // Service accounts are a Premium feature.
  const licensed = (h: (ctx: Ctx, p: Record<string, string>) => Reply) => (ctx: Ctx, p: Record<string, string>): Reply => (ctx.state.licensed ? h(ctx, p) : forbidden());
  r.get('service_accounts', licensed((ctx) => {
    const all = [...ctx.state.users.values()].filter((u) => u.serviceAccount);
    const asc = str(ctx.params.sort) !== 'desc';
    const byName = str(ctx.params.order_by) === 'username';
    all.sort((a, b) => (byName ? a.username.localeCompare(b.username) : a.id - b.id) * (asc ? 1 : -1));
    return paginate(ctx, all.map((u) => ({ id: u.id, username: u.username, name: u.name })));
  }));
  r.post('service_accounts', licensed((ctx) => saveServiceAccount(ctx)));
  r.add('PATCH', 'service_accounts/:id', licensed((ctx, p) => {
    const u = loadUser(ctx, p.id);
    return u?.serviceAccount ? saveServiceAccount(ctx, u) : notFound('User');
  }));
}
