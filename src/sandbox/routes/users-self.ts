// The account's own settings and the admin's tokens for it: status, avatar (lookup and upload), notification
// settings (global, group, project), namespace availability, impersonation tokens.
import type { Router } from '../router.js';
import type { SandboxState, UserRec } from '../state.js';
import type { Ctx, Reply, TokenRec } from '../types.js';
import { gravatarUrl } from '../gravatar.js';
import { isExpired, registerToken } from '../tokens.js';
import { bool, int, json, list, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { tokenJson } from './core.js';
import { isReply, loadProject } from './common.js';
import { usersStore, type NotificationRec, type StatusRec } from './users-store.js';
import { multipartParts } from '../multipart.js';
import { userByRef } from './users-keys.js';

// ---- status

const CLEAR_AFTER: Record<string, number> = { '30_minutes': 1800, '3_hours': 10_800, '8_hours': 28_800, '1_day': 86_400, '3_days': 259_200, '7_days': 604_800, '30_days': 2_592_000 };
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML[c]);

function statusJson(s: StatusRec | undefined): Record<string, unknown> {
  if (!s) return { emoji: null, availability: null, message: null, message_html: null, clear_status_at: null };
  return { emoji: s.emoji, availability: s.availability, message: s.message, message_html: s.message === null ? null : escapeHtml(s.message), clear_status_at: s.clearStatusAt };
}

/** PUT /user/status: every parameter not sent is cleared; no emoji, message or availability removes the status. */
function setStatus(ctx: Ctx): Reply {
  const p = ctx.params;
  const clearAfter = str(p.clear_status_after);
  if (clearAfter !== undefined && !(clearAfter in CLEAR_AFTER)) return json(400, { error: 'clear_status_after does not have a valid value' });
  const emoji = str(p.emoji); const msg = str(p.message);
  const availability = str(p.availability) === 'busy' ? 'busy' : 'not_set';
  const store = usersStore(ctx.state).statuses;
  if (!emoji && !msg && availability === 'not_set') {
    store.delete(ctx.user.id);
    return json(200, statusJson(undefined));
  }
  const errors: Record<string, string[]> = {};
  // GitLab checks the name against its emoji set; the sandbox checks the shape of a name.
  if (emoji && !/^[a-z0-9_+-]+$/.test(emoji)) errors.emoji = ['is not included in the list'];
  if (msg && msg.length > 100) errors.message = ['is too long (maximum is 100 characters)'];
  if (Object.keys(errors).length) return message(400, errors);
  const clearAt = clearAfter ? new Date(Date.parse(ctx.state.now()) + CLEAR_AFTER[clearAfter] * 1000).toISOString() : null;
  const s: StatusRec = { emoji: emoji ?? 'speech_balloon', message: msg ?? null, availability, clearStatusAt: clearAt };
  store.set(ctx.user.id, s);
  return json(200, statusJson(s));
}

// ---- avatar

const AVATAR_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'];
/** The leading bytes of each image format: an upload must be the image its name says. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  bmp: (b) => b.subarray(0, 2).toString('latin1') === 'BM',
  tiff: (b) => ['II*\0', 'MM\0*'].includes(b.subarray(0, 4).toString('latin1')),
  ico: (b) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};
const AVATAR_MAX = 200 * 1024;
const AVATAR_PATH = '/uploads/-/system/user/avatar/';
const avatarFiles = new WeakMap<SandboxState, Map<string, Buffer>>();

/** The file of a multipart/form-data field. */
function multipartFile(ctx: Ctx, field: string): { filename: string; content: Buffer } | undefined {
  const part = multipartParts(ctx)?.find((x) => x.name === field && x.filename !== undefined);
  return part ? { filename: part.filename!, content: part.data } : undefined;
}

function uploadAvatar(ctx: Ctx): Reply {
  const file = multipartFile(ctx, 'avatar');
  if (!file) return missing('avatar');
  const ext = file.filename.toLowerCase().split('.').pop() ?? '';
  if (!file.filename.includes('.') || !AVATAR_TYPES.includes(ext) || !MAGIC[ext === 'jpeg' ? 'jpg' : ext](file.content)) {
    return message(400, { avatar: [`file format is not supported. Please try one of the following supported formats: ${AVATAR_TYPES.join(', ')}`] });
  }
  if (file.content.length > AVATAR_MAX) return message(400, { avatar: ['is too big (should be at most 200 KiB)'] });
  const name = file.filename.replace(/^.*[\\/]/, '').replace(/[^\w.-]/g, '_');
  const path = `${AVATAR_PATH}${ctx.user.id}/${name}`;
  let files = avatarFiles.get(ctx.state);
  if (!files) avatarFiles.set(ctx.state, files = new Map());
  files.set(path, file.content);
  ctx.user.avatarUrl = `${ctx.state.url}${path}`;
  return json(200, { avatar_url: ctx.user.avatarUrl });
}

/** GET of an uploaded avatar (outside /api/v4, as GitLab serves uploads). */
export function avatarFile(state: SandboxState, path: string): Reply {
  const content = avatarFiles.get(state)?.get(path);
  if (!content) return message(404, '404 Not Found');
  const ext = path.split('.').pop()!;
  return { status: 200, text: content, contentType: ext === 'jpg' ? 'image/jpeg' : ext === 'ico' ? 'image/x-icon' : `image/${ext}` };
}

// ---- notification settings

const EMAIL_EVENTS = [
  'new_release', 'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'issue_due', 'new_merge_request', 'push_to_merge_request',
  'reopen_merge_request', 'close_merge_request', 'reassign_merge_request', 'change_reviewer_merge_request', 'merge_merge_request', 'failed_pipeline',
  'fixed_pipeline', 'success_pipeline', 'moved_project', 'merge_when_pipeline_succeeds', 'service_account_failed_pipeline',
  'service_account_fixed_pipeline', 'service_account_success_pipeline',
];
const LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'];
type Source = { kind: 'global' } | { kind: 'group' | 'project'; id: number };

/** The custom events of a source: the shared ones, new_epic on groups and approver on projects with a license. */
function eventsOf(state: SandboxState, src: Source): string[] {
  if (!state.licensed) return EMAIL_EVENTS;
  return src.kind === 'project' ? [...EMAIL_EVENTS, 'approver'] : [...EMAIL_EVENTS, 'new_epic'];
}

function settingOf(ctx: Ctx, src: Source): NotificationRec {
  const key = src.kind === 'global' ? String(ctx.user.id) : `${ctx.user.id}:${src.kind}:${src.id}`;
  const store = usersStore(ctx.state).notifications;
  let s = store.get(key);
  if (!s) {
    s = { level: src.kind === 'global' ? 'participating' : 'global', events: Object.fromEntries(eventsOf(ctx.state, src).map((e) => [e, false])) };
    store.set(key, s);
  }
  return s;
}

function settingJson(ctx: Ctx, src: Source, s: NotificationRec): Record<string, unknown> {
  const out: Record<string, unknown> = { level: s.level };
  if (s.level === 'custom') out.events = Object.fromEntries(eventsOf(ctx.state, src).map((e) => [e, s.events[e] ?? false]));
  if (src.kind === 'global') out.notification_email = usersStore(ctx.state).notificationEmails.get(ctx.user.id) ?? ctx.user.email;
  return out;
}

function updateSetting(ctx: Ctx, src: Source): Reply {
  const level = str(ctx.params.level);
  if (level !== undefined && !LEVELS.includes(level)) return message(400, `'${level}' is not a valid level`);
  if (src.kind === 'global') {
    const email = str(ctx.params.notification_email);
    if (email !== undefined) {
      const verified = [ctx.user.email, ...usersStore(ctx.state).emails.filter((e) => e.userId === ctx.user.id && e.confirmedAt).map((e) => e.email)];
      if (!verified.includes(email.toLowerCase())) return message(400, { notification_email: ['must be an email you have verified'] });
      usersStore(ctx.state).notificationEmails.set(ctx.user.id, email.toLowerCase());
    }
  }
  const s = settingOf(ctx, src);
  if (level !== undefined) s.level = level;
  for (const e of eventsOf(ctx.state, src)) { const v = bool(ctx.params[e]); if (v !== undefined) s.events[e] = v; }
  return json(200, settingJson(ctx, src, s));
}

function groupSource(ctx: Ctx, ref: string): Source | Reply {
  const g = ctx.state.groupByRef(ref);
  return g && ctx.state.canSeeGroup(ctx.user, g) ? { kind: 'group', id: g.id } : notFound('Group');
}

function projectSource(ctx: Ctx, ref: string): Source | Reply {
  const p = loadProject(ctx, ref);
  return isReply(p) ? p : { kind: 'project', id: p.id };
}

// ---- namespace availability

function namespaceExists(ctx: Ctx, path: string): Reply {
  const parent = int(ctx.params.parent_id);
  const taken = new Set<string>();
  for (const g of ctx.state.groups.values()) if ((g.parentId ?? undefined) === parent) taken.add(g.path.toLowerCase());
  if (parent === undefined) for (const u of ctx.state.users.values()) taken.add(u.username.toLowerCase());
  const want = path.toLowerCase();
  if (!taken.has(want)) return json(200, { exists: false, suggests: [] });
  let n = 1;
  while (taken.has(`${want}${n}`)) n++;
  return json(200, { exists: true, suggests: [`${path}${n}`] });
}

// ---- impersonation tokens

const SCOPES = new Set([
  'api', 'read_api', 'read_user', 'create_runner', 'manage_runner', 'k8s_proxy', 'read_repository', 'write_repository', 'read_registry', 'write_registry',
  'read_virtual_registry', 'write_virtual_registry', 'ai_features', 'sudo', 'admin_mode', 'read_service_ping', 'self_rotate',
]);

function impersonationJson(t: TokenRec, withToken = false): Record<string, unknown> {
  const out: Record<string, unknown> = { ...tokenJson(t), impersonation: true };
  if (withToken) out.token = t.value;
  return out;
}

function impersonationTokens(ctx: Ctx, u: UserRec) {
  return [...ctx.state.tokens.values()].filter((t) => t.impersonation && t.userId === u.id).sort((a, b) => a.tokenId - b.tokenId);
}

function createImpersonation(ctx: Ctx, u: UserRec): Reply {
  const name = str(ctx.params.name);
  if (!name) return missing('name');
  const expires = str(ctx.params.expires_at);
  if (expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(expires)) return json(400, { error: 'expires_at is invalid' });
  const scopes = list(ctx.params.scopes) ?? [];
  if (!scopes.length) return message(400, { scopes: ["can't be blank"] });
  if (scopes.some((s) => !SCOPES.has(s))) return message(400, { scopes: ['can only contain available scopes'] });
  const n = ctx.state.nextId('token');
  // A real sandbox token: it authenticates as the user until revoked or expired.
  const t = registerToken(ctx.state, `glpat-sandbox-impersonation-${String(n).padStart(4, '0')}`, {
    kind: 'classic', scopes, userId: u.id, tokenId: n, name, expiresAt: expires ?? null, impersonation: true,
  });
  t.createdAt = ctx.state.now();
  return json(201, impersonationJson(t, true));
}

export function registerUserSelf(r: Router): void {
  const withUser = (byName: boolean, then: (ctx: Ctx, u: UserRec, p: Record<string, string>) => Reply) => (ctx: Ctx, p: Record<string, string>): Reply => {
    const u = userByRef(ctx.state, p.id, byName);
    return u ? then(ctx, u, p) : notFound('User');
  };
  r.get('user/status', (ctx) => json(200, statusJson(usersStore(ctx.state).statuses.get(ctx.user.id))));
  r.put('user/status', setStatus);
  r.get('users/:id/status', withUser(true, (ctx, u) => json(200, statusJson(usersStore(ctx.state).statuses.get(u.id)))));

  r.get('avatar', (ctx) => {
    const email = str(ctx.params.email);
    if (!email) return missing('email');
    const size = ctx.params.size === undefined ? undefined : int(ctx.params.size);
    if (ctx.params.size !== undefined && size === undefined) return json(400, { error: 'size is invalid' });
    const owner = [...ctx.state.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
    return json(200, { avatar_url: owner?.avatarUrl ?? gravatarUrl(email, size) });
  });
  r.put('user/avatar', uploadAvatar);

  r.get('notification_settings', (ctx) => json(200, settingJson(ctx, { kind: 'global' }, settingOf(ctx, { kind: 'global' }))));
  r.put('notification_settings', (ctx) => updateSetting(ctx, { kind: 'global' }));
  for (const [family, source] of [['groups', groupSource], ['projects', projectSource]] as const) {
    r.get(`${family}/:id/notification_settings`, (ctx, p) => { const src = source(ctx, p.id); return isReply(src) ? src : json(200, settingJson(ctx, src, settingOf(ctx, src))); });
    r.put(`${family}/:id/notification_settings`, (ctx, p) => { const src = source(ctx, p.id); return isReply(src) ? src : updateSetting(ctx, src); });
  }

  r.get('namespaces/:id/exists', (ctx, p) => namespaceExists(ctx, p.id));

  r.get('users/:id/impersonation_tokens', withUser(false, (ctx, u) => {
    const state = str(ctx.params.state) ?? 'all';
    if (!['all', 'active', 'inactive'].includes(state)) return json(400, { error: 'state does not have a valid value' });
    const rows = impersonationTokens(ctx, u).filter((t) => state === 'all' || (state === 'active') === (!t.revoked && !isExpired(t)));
    return paginate(ctx, rows.map((t) => impersonationJson(t)));
  }));
  r.post('users/:id/impersonation_tokens', withUser(false, createImpersonation));
  const oneToken = (ctx: Ctx, u: UserRec, id: string) => impersonationTokens(ctx, u).find((t) => String(t.tokenId) === id);
  r.get('users/:id/impersonation_tokens/:token_id', withUser(false, (ctx, u, p) => {
    const t = oneToken(ctx, u, p.token_id);
    return t ? json(200, impersonationJson(t)) : notFound('Impersonation Token');
  }));
  r.delete('users/:id/impersonation_tokens/:token_id', withUser(false, (ctx, u, p) => {
    const t = oneToken(ctx, u, p.token_id);
    if (!t) return notFound('Impersonation Token');
    t.revoked = true;
    return noContent();
  }));
}
