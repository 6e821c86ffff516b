// SSH keys, GPG keys and secondary emails, of the caller (/user/...) and of any user (/users/:id/..., writes for
// administrators), and the administrator's key lookup by id or fingerprint (/keys).
import type { Router } from '../router.js';
import type { SandboxState, UserRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userPublic } from '../serialize.js';
import { bool, forbidden, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { usersStore, type EmailRec, type GpgKeyRec, type SshKeyRec } from './users-store.js';
import { armored, gpgFingerprint, parseSshKey } from './users-keyformats.js';

const USAGE = ['auth', 'signing', 'auth_and_signing'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GPG_ARMOR_MESSAGE = "is invalid. A valid public GPG key begins with '-----BEGIN PGP PUBLIC KEY BLOCK-----' and ends with '-----END PGP PUBLIC KEY BLOCK-----'";

/** The user of `/users/:ref/...`: numeric id, or username where GitLab takes one. */
export function userByRef(state: SandboxState, ref: string, byName = false): UserRec | undefined {
  if (/^\d+$/.test(ref)) return state.users.get(Number(ref));
  return byName ? state.userByName(ref) : undefined;
}

const invalid = (errors: Record<string, string[]>): Reply => message(400, errors);

function sshKeyJson(state: SandboxState, k: SshKeyRec): Record<string, unknown> {
  // GitLab replaces the key's comment with the owner's name and host, so an email in a comment never leaks.
  const owner = state.users.get(k.userId);
  return {
    id: k.id, title: k.title, created_at: k.createdAt, expires_at: k.expiresAt,
    key: `${k.type} ${k.blob} ${owner?.name ?? ''} (${new URL(state.url).hostname})`, usage_type: k.usageType,
  };
}

const gpgKeyJson = (k: GpgKeyRec) => ({ id: k.id, key: k.key, created_at: k.createdAt });
const emailJson = (e: EmailRec) => ({ id: e.id, email: e.email, confirmed_at: e.confirmedAt });

function addSshKey(ctx: Ctx, user: UserRec): Reply {
  const keyText = str(ctx.params.key);
  const title = str(ctx.params.title);
  const absent = [!keyText ? 'key' : '', !title ? 'title' : ''].filter(Boolean);
  if (absent.length) return missing(...absent);
  const usage = str(ctx.params.usage_type) ?? 'auth_and_signing';
  if (!(USAGE as readonly string[]).includes(usage)) return json(400, { error: 'usage_type does not have a valid value' });
  const expires = str(ctx.params.expires_at);
  if (expires !== undefined && !Number.isFinite(Date.parse(expires))) return json(400, { error: 'expires_at is invalid' });
  const errors: Record<string, string[]> = {};
  if (title!.length > 255) errors.title = ['is too long (maximum is 255 characters)'];
  const parsed = parseSshKey(keyText!);
  if (parsed && expires !== undefined && Date.parse(expires) <= Date.parse(ctx.state.now())) errors.key = ['has expired'];
  if (!parsed) errors.fingerprint_sha256 = ['cannot be generated'];
  else if (usersStore(ctx.state).sshKeys.some((k) => k.sha256 === parsed.sha256)) errors.fingerprint_sha256 = ['has already been taken'];
  if (Object.keys(errors).length) return invalid(errors);
  const k: SshKeyRec = {
    id: ctx.state.nextId('ssh_key'), userId: user.id, title: title!, type: parsed!.type, blob: parsed!.blob.toString('base64'), createdAt: ctx.state.now(),
    expiresAt: expires === undefined ? null : new Date(Date.parse(expires)).toISOString(), usageType: usage as SshKeyRec['usageType'], md5: parsed!.md5, sha256: parsed!.sha256,
  };
  usersStore(ctx.state).sshKeys.push(k);
  return json(201, sshKeyJson(ctx.state, k));
}

function addGpgKey(ctx: Ctx, user: UserRec): Reply {
  const key = str(ctx.params.key);
  if (!key) return missing('key');
  if (!armored(key)) return invalid({ key: [GPG_ARMOR_MESSAGE] });
  const fingerprint = gpgFingerprint(key);
  if (!fingerprint) return invalid({ fingerprint: ["can't be blank"], primary_keyid: ["can't be blank"] });
  if (usersStore(ctx.state).gpgKeys.some((k) => k.fingerprint === fingerprint)) return invalid({ key: ['has already been taken'], fingerprint: ['has already been taken'], primary_keyid: ['has already been taken'] });
  const k: GpgKeyRec = { id: ctx.state.nextId('gpg_key'), userId: user.id, key: key.trim(), createdAt: ctx.state.now(), fingerprint };
  usersStore(ctx.state).gpgKeys.push(k);
  return json(201, gpgKeyJson(k));
}

function addEmail(ctx: Ctx, user: UserRec, confirmed: boolean): Reply {
  const email = str(ctx.params.email);
  if (!email) return missing('email');
  const lower = email.trim().toLowerCase();
  if (!EMAIL.test(lower)) return invalid({ email: ['is invalid'] });
  const taken = [...ctx.state.users.values()].some((u) => u.email.toLowerCase() === lower) || usersStore(ctx.state).emails.some((e) => e.email === lower);
  if (taken) return invalid({ email: ['has already been taken'] });
  const e: EmailRec = { id: ctx.state.nextId('email'), userId: user.id, email: lower, confirmedAt: confirmed ? ctx.state.now() : null };
  usersStore(ctx.state).emails.push(e);
  return json(201, emailJson(e));
}

/** One record of a user by numeric id. */
function own<T extends { id: number; userId: number }>(list: T[], user: UserRec, id: string): T | undefined {
  return /^\d+$/.test(id) ? list.find((x) => x.id === Number(id) && x.userId === user.id) : undefined;
}

function remove<T extends { id: number }>(list: T[], rec: T): Reply {
  list.splice(list.indexOf(rec), 1);
  return noContent();
}

/** `/users/:id/...` with an existing user, or the 404. */
function withUser(ctx: Ctx, ref: string, byName: boolean, then: (u: UserRec) => Reply): Reply {
  const u = userByRef(ctx.state, ref, byName);
  return u ? then(u) : notFound('User');
}

export function registerUserKeys(r: Router): void {
  const st = (ctx: Ctx) => usersStore(ctx.state);
  const mine = <T extends { userId: number }>(ctx: Ctx, list: T[], u: UserRec = ctx.user) => list.filter((x) => x.userId === u.id);

  // SSH keys
  r.get('user/keys', (ctx) => paginate(ctx, mine(ctx, st(ctx).sshKeys).map((k) => sshKeyJson(ctx.state, k))));
  r.get('user/keys/:key_id', (ctx, p) => { const k = own(st(ctx).sshKeys, ctx.user, p.key_id); return k ? json(200, sshKeyJson(ctx.state, k)) : notFound('Key'); });
  r.post('user/keys', (ctx) => addSshKey(ctx, ctx.user));
  r.delete('user/keys/:key_id', (ctx, p) => { const k = own(st(ctx).sshKeys, ctx.user, p.key_id); return k ? remove(st(ctx).sshKeys, k) : notFound('Key'); });
  r.get('users/:id/keys', (ctx, p) => withUser(ctx, p.id, true, (u) => paginate(ctx, mine(ctx, st(ctx).sshKeys, u).map((k) => sshKeyJson(ctx.state, k)))));
  r.get('users/:id/keys/:key_id', (ctx, p) => withUser(ctx, p.id, true, (u) => { const k = own(st(ctx).sshKeys, u, p.key_id); return k ? json(200, sshKeyJson(ctx.state, k)) : notFound('Key'); }));
  r.post('users/:id/keys', (ctx, p) => withUser(ctx, p.id, false, (u) => addSshKey(ctx, u)));
  r.delete('users/:id/keys/:key_id', (ctx, p) => withUser(ctx, p.id, false, (u) => { const k = own(st(ctx).sshKeys, u, p.key_id); return k ? remove(st(ctx).sshKeys, k) : notFound('Key'); }));
  // The administrator's lookups: a key with its owner.
  const withOwner = (ctx: Ctx, k: SshKeyRec | undefined): Reply => {
    const owner = k && ctx.state.users.get(k.userId);
    return k && owner ? json(200, { ...sshKeyJson(ctx.state, k), user: userPublic(ctx.state, owner) }) : notFound('Key');
  };
  r.get('keys', (ctx) => {
    if (!ctx.user.isAdmin) return forbidden();
    const fp = str(ctx.params.fingerprint);
    if (!fp) return missing('fingerprint');
    const want = fp.startsWith('SHA256:') ? fp : fp.replace(/^MD5:/, '').toLowerCase();
    return withOwner(ctx, st(ctx).sshKeys.find((k) => k.sha256 === want || k.md5 === want));
  });
  r.get('keys/:key_id', (ctx, p) => withOwner(ctx, /^\d+$/.test(p.key_id) ? st(ctx).sshKeys.find((k) => k.id === Number(p.key_id)) : undefined));

  // GPG keys
  r.get('user/gpg_keys', (ctx) => paginate(ctx, mine(ctx, st(ctx).gpgKeys).map(gpgKeyJson)));
  r.get('user/gpg_keys/:key_id', (ctx, p) => { const k = own(st(ctx).gpgKeys, ctx.user, p.key_id); return k ? json(200, gpgKeyJson(k)) : notFound('GPG Key'); });
  r.post('user/gpg_keys', (ctx) => addGpgKey(ctx, ctx.user));
  r.delete('user/gpg_keys/:key_id', (ctx, p) => { const k = own(st(ctx).gpgKeys, ctx.user, p.key_id); return k ? remove(st(ctx).gpgKeys, k) : notFound('GPG Key'); });
  r.get('users/:id/gpg_keys', (ctx, p) => withUser(ctx, p.id, false, (u) => paginate(ctx, mine(ctx, st(ctx).gpgKeys, u).map(gpgKeyJson))));
  r.get('users/:id/gpg_keys/:key_id', (ctx, p) => withUser(ctx, p.id, false, (u) => { const k = own(st(ctx).gpgKeys, u, p.key_id); return k ? json(200, gpgKeyJson(k)) : notFound('GPG Key'); }));
  r.post('users/:id/gpg_keys', (ctx, p) => withUser(ctx, p.id, false, (u) => addGpgKey(ctx, u)));
  r.delete('users/:id/gpg_keys/:key_id', (ctx, p) => withUser(ctx, p.id, false, (u) => { const k = own(st(ctx).gpgKeys, u, p.key_id); return k ? remove(st(ctx).gpgKeys, k) : notFound('GPG Key'); }));

  // Secondary emails (the primary email is never listed, as GitLab documents).
  r.get('user/emails', (ctx) => paginate(ctx, mine(ctx, st(ctx).emails).map(emailJson)));
  r.get('user/emails/:email_id', (ctx, p) => { const e = own(st(ctx).emails, ctx.user, p.email_id); return e ? json(200, emailJson(e)) : notFound('Email'); });
  r.post('user/emails', (ctx) => addEmail(ctx, ctx.user, false));
  r.delete('user/emails/:email_id', (ctx, p) => { const e = own(st(ctx).emails, ctx.user, p.email_id); return e ? remove(st(ctx).emails, e) : notFound('Email'); });
  r.get('users/:id/emails', (ctx, p) => (ctx.user.isAdmin ? withUser(ctx, p.id, false, (u) => paginate(ctx, mine(ctx, st(ctx).emails, u).map(emailJson))) : forbidden()));
  r.post('users/:id/emails', (ctx, p) => withUser(ctx, p.id, false, (u) => addEmail(ctx, u, bool(ctx.params.skip_confirmation) === true)));
  r.delete('users/:id/emails/:email_id', (ctx, p) => withUser(ctx, p.id, false, (u) => { const e = own(st(ctx).emails, u, p.email_id); return e ? remove(st(ctx).emails, e) : notFound('Email'); }));
}
