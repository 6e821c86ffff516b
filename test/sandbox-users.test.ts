// The user domain of the sandbox (issue #29), written then read back through the MCP server: status, emails,
// SSH and GPG keys (checked against the fingerprints OpenSSH and GnuPG print), the account administration and its
// state machine, impersonation tokens that really authenticate, notification settings, avatars, namespaces,
// service accounts; and the admin-only fields of /user, which a non-admin never gets.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { ADMIN_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { gpgFingerprint } from '../src/sandbox/routes/users-keyformats.js';
import { withSandbox, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';
import { PNG_1PX as PNG, userKey as fixture } from './helpers/sweep-users.js';

let sb: Sandbox;
let demo: Running;
let admin: Running;
beforeAll(async () => {
  sb = await withSandbox({ licensed: true });
  const env = { FORGE_MCP_YOLO_MODE: 'true', FORGE_MCP_TIER: 'ultimate' };
  [demo, admin] = await Promise.all([startInProcess({ sandbox: sb, env }), startInProcess({ sandbox: sb, token: ADMIN_TOKEN, env })]);
  // Two servers start here; a bound, not a timing claim, for a machine shared with other runs.
}, 60_000);
afterAll(async () => { await demo?.close(); await admin?.close(); await sb?.close(); });

const ok = okText;
const fails = refusedText;
/** The sandbox's own answer, straight from its API. */
async function api(path: string, token = SANDBOX_TOKEN, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sb.url}/api/v4${path}`, { ...init, headers: { 'private-token': token, ...(init.headers as Record<string, string>) } });
  const raw = await res.text();
  return { status: res.status, body: raw ? JSON.parse(raw) : null };
}

describe('/user parity', () => {
  it('a non-admin gets GitLab\'s UserPublic, an administrator UserWithAdmin', async () => {
    const mine = (await api('/user')).body;
    for (const k of ['is_admin', 'note', 'namespace_id', 'created_by', 'using_license_seat']) expect(mine).not.toHaveProperty(k);
    expect(mine).toMatchObject({ id: 1, username: 'demo', email: 'demo@example.com', two_factor_enabled: false });
    expect(await ok(demo, 'user.current')).not.toMatch(/is_admin|namespace_id/);
    // /users/:id is GitLab's User entity for a non-admin, oneself included: no email, no sign-in data.
    const self = (await api('/users/1')).body;
    for (const k of ['email', 'last_sign_in_at', 'two_factor_enabled', 'is_admin']) expect(self).not.toHaveProperty(k);
    expect(self).toMatchObject({ id: 1, username: 'demo', bio: 'Trying Forge MCP Server in the sandbox.' });
    const root = (await api('/user', ADMIN_TOKEN)).body;
    expect(root).toMatchObject({ username: 'root', is_admin: true, note: null, namespace_id: 102 });
  });
});

describe('status', () => {
  it('set, read back for oneself and by username, then cleared by a PUT without fields', async () => {
    expect((await api('/user/status')).body).toEqual({ emoji: null, availability: null, message: null, message_html: null, clear_status_at: null });
    await ok(demo, 'user.set_status', { message: 'In <meetings> all day', availability: 'busy', clear_status_after: '8_hours' });
    const status = (await api('/user/status')).body;
    expect(status).toEqual({
      emoji: 'speech_balloon', availability: 'busy', message: 'In <meetings> all day', message_html: 'In &lt;meetings&gt; all day',
      clear_status_at: expect.stringMatching(/^2026-03-02T17:00:\d\d\.000Z$/),
    });
    expect((await api('/users/demo/status', ADMIN_TOKEN)).body).toEqual(status);
    expect(await ok(demo, 'user.current_user_status')).toContain('busy');
    expect(await fails(demo, 'user.set_status', { message: 'x'.repeat(101) })).toContain('message is too long (maximum is 100 characters)');
    await ok(demo, 'user.set_status', {});
    expect((await api('/users/1/status')).body.emoji).toBeNull();
  });
});

describe('emails', () => {
  it('add, list, get and delete one\'s own secondary email; the primary is never listed; a taken address is refused', async () => {
    expect((await api('/user/emails')).body).toEqual([]);
    await ok(demo, 'user.add_email', { email: 'Demo.Work@example.com' });
    const [e] = (await api('/user/emails')).body;
    expect(e).toEqual({ id: expect.any(Number), email: 'demo.work@example.com', confirmed_at: null });
    expect(await ok(demo, 'user.get_email', { email_id: e.id })).toContain('demo.work@example.com');
    expect(await fails(demo, 'user.add_email', { email: 'alice@example.com' })).toContain('email has already been taken');
    expect(await fails(demo, 'user.add_email', { email: 'not-an-email' })).toContain('email is invalid');
    await ok(demo, 'user.delete_email', { email_id: e.id });
    expect((await api(`/user/emails/${e.id}`)).body).toEqual({ message: '404 Email Not Found' });
  });

  it('an administrator adds a confirmed email to a user; listing another user\'s emails is for administrators', async () => {
    await ok(admin, 'user.add_email_for_user', { user_id: 3, email: 'alice.chen@example.com', skip_confirmation: true });
    const list = (await api('/users/3/emails', ADMIN_TOKEN)).body;
    expect(list).toEqual([{ id: expect.any(Number), email: 'alice.chen@example.com', confirmed_at: expect.stringMatching(/^2026-03-02T/) }]);
    expect((await api('/users/3/emails')).status).toBe(403);
    expect(await fails(demo, 'user.add_email_for_user', { user_id: 3, email: 'x@example.com' })).toMatch(/403/);
    await ok(admin, 'user.delete_email_for_user', { user_id: 3, email_id: list[0].id });
    expect((await api('/users/3/emails', ADMIN_TOKEN)).body).toEqual([]);
  });
});

describe('SSH keys', () => {
  it('keys made by ssh-keygen are accepted, with the fingerprints ssh-keygen prints, and the comment replaced by owner and host', async () => {
    for (const t of ['ed25519', 'rsa', 'ecdsa']) await ok(demo, 'user.add_ssh_key', { title: `laptop ${t}`, key: fixture(`${t}.pub`) });
    const keys = (await api('/user/keys')).body;
    expect(keys.map((k: { title: string }) => k.title)).toEqual(['laptop ed25519', 'laptop rsa', 'laptop ecdsa']);
    const [type, data] = fixture('ed25519.pub').split(' ');
    expect(keys[0]).toEqual({ id: expect.any(Number), title: 'laptop ed25519', created_at: expect.any(String), expires_at: null, key: `${type} ${data} Demo User (127.0.0.1)`, usage_type: 'auth_and_signing' });
    expect(JSON.stringify(keys)).not.toContain('sandbox-ed25519@example.com');
    // The administrator's lookup by either fingerprint form finds the key and its owner.
    for (const t of ['ed25519', 'rsa', 'ecdsa']) {
      const bySha = (await api(`/keys?fingerprint=${encodeURIComponent(fixture(`${t}.sha256`))}`, ADMIN_TOKEN)).body;
      expect(bySha).toMatchObject({ title: `laptop ${t}`, user: { username: 'demo' } });
      expect((await api(`/keys?fingerprint=${fixture(`${t}.md5`)}`, ADMIN_TOKEN)).body.id).toBe(bySha.id);
    }
    expect(await ok(admin, 'user.key_get_by_fingerprint', { fingerprint: fixture('rsa.sha256') })).toContain('laptop rsa');
    expect(await ok(admin, 'user.key_get_with_user', { key_id: keys[1].id })).toContain('demo');
    expect((await api(`/keys?fingerprint=${fixture('rsa.md5')}`)).status).toBe(403);
    expect(await ok(demo, 'user.ssh_keys_for_user', { user_id: 'demo' })).toContain('laptop rsa');
  });

  it('refuses a key that is not one, a duplicate, and an expired one; delete removes it', async () => {
    expect(await fails(demo, 'user.add_ssh_key', { title: 'bad', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBad comment' })).toContain('fingerprint_sha256 cannot be generated');
    expect(await fails(demo, 'user.add_ssh_key', { title: 'again', key: fixture('ed25519.pub') })).toContain('fingerprint_sha256 has already been taken');
    expect(await fails(admin, 'user.add_ssh_key_for_user', { user_id: 3, title: 'old', key: fixture('rsa.pub').replace('ssh-rsa', 'ssh-dss') })).toContain('cannot be generated');
    const keys = (await api('/user/keys')).body;
    await ok(demo, 'user.delete_ssh_key', { key_id: keys[2].id });
    expect((await api(`/user/keys/${keys[2].id}`)).body).toEqual({ message: '404 Key Not Found' });
    expect((await api(`/keys/${keys[2].id}`, ADMIN_TOKEN)).status).toBe(404);
  });

  it('an administrator adds and removes a key of another user', async () => {
    await ok(admin, 'user.add_ssh_key_for_user', { user_id: 3, title: 'alice signing', key: fixture('ecdsa.pub'), usage_type: 'signing' });
    const [k] = (await api('/users/3/keys')).body;
    expect(k).toMatchObject({ title: 'alice signing', usage_type: 'signing', key: expect.stringMatching(/ Alice Chen \(127\.0\.0\.1\)$/) });
    expect((await api(`/users/alice/keys/${k.id}`)).body.id).toBe(k.id);
    expect(await fails(demo, 'user.delete_ssh_key_for_user', { user_id: 3, key_id: k.id })).toMatch(/403/);
    await ok(admin, 'user.delete_ssh_key_for_user', { user_id: 3, key_id: k.id });
    expect((await api('/users/3/keys')).body).toEqual([]);
  });
});

describe('GPG keys', () => {
  it('the fingerprint the sandbox reads from an armored key is the one GnuPG prints', () => {
    for (const who of ['demo', 'alice', 'bob', 'root']) expect(gpgFingerprint(fixture(`${who}.asc`))).toBe(fixture(`${who}.fpr`));
  });

  it('a key exported by GnuPG is accepted and listed; a text without the armor, or with unreadable packets, is refused', async () => {
    await ok(demo, 'user.add_gpg_key', { key: fixture('demo.asc') });
    const [k] = (await api('/user/gpg_keys')).body;
    expect(k).toEqual({ id: expect.any(Number), key: fixture('demo.asc'), created_at: expect.any(String) });
    expect((await api(`/users/1/gpg_keys/${k.id}`)).body).toEqual(k);
    expect(await fails(demo, 'user.add_gpg_key', { key: fixture('demo.asc') })).toContain('has already been taken');
    expect(await fails(demo, 'user.add_gpg_key', { key: 'mQINBF...' })).toContain("A valid public GPG key begins with '-----BEGIN PGP PUBLIC KEY BLOCK-----'");
    const garbled = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nbm90IGEga2V5\n-----END PGP PUBLIC KEY BLOCK-----';
    expect(await fails(demo, 'user.add_gpg_key', { key: garbled })).toContain("fingerprint can't be blank");
    await ok(demo, 'user.delete_gpg_key', { key_id: k.id });
    expect((await api(`/user/gpg_keys/${k.id}`)).body).toEqual({ message: '404 GPG Key Not Found' });
  });

  it('an administrator adds one to a user, who then has it', async () => {
    await ok(admin, 'user.add_gpg_key_for_user', { user_id: 4, key: fixture('demo.asc') });
    const [k] = (await api('/users/4/gpg_keys')).body;
    expect(await ok(demo, 'user.get_gpg_key_for_user', { user_id: 4, key_id: k.id })).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    await ok(admin, 'user.delete_gpg_key_for_user', { user_id: 4, key_id: k.id });
    expect((await api('/users/4/gpg_keys')).body).toEqual([]);
  });
});

describe('account administration', () => {
  it('create, read, update, and a conflict or a missing field answered as GitLab does; non-admins are refused before anything changes', async () => {
    expect(await fails(demo, 'user.create', { email: 'eve@example.com', name: 'Eve', username: 'eve', password: 'correct-horse' })).toMatch(/403/);
    await ok(admin, 'user.create', { email: 'Eve@example.com', name: 'Eve Adams', username: 'eve', password: 'correct-horse', note: 'contractor', extern_uid: 'eve-1', provider: 'saml' });
    const eve = (await api('/users?username=eve', ADMIN_TOKEN)).body[0];
    expect(eve).toMatchObject({
      username: 'eve', name: 'Eve Adams', email: 'eve@example.com', state: 'active', is_admin: false, note: 'contractor', last_activity_on: null,
      identities: [{ provider: 'saml', extern_uid: 'eve-1', saml_provider_id: null }], created_by: { username: 'root' },
    });
    expect(await fails(admin, 'user.create', { email: 'eve@example.com', name: 'Eve', username: 'eve2', password: 'correct-horse' })).toContain('Email has already been taken');
    expect(await fails(admin, 'user.create', { email: 'x@example.com', name: 'X', username: 'x', password: 'short' })).toContain('password is too short (minimum is 8 characters)');
    expect((await api('/users', ADMIN_TOKEN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'y@example.com', name: 'Y', username: 'y' }) })).body)
      .toEqual({ error: 'password, reset_password, force_random_password are missing, at least one parameter must be provided' });
    await ok(admin, 'user.modify', { user_id: eve.id, job_title: 'Auditor', external: true, projects_limit: 5 });
    expect((await api(`/users/${eve.id}`, ADMIN_TOKEN)).body).toMatchObject({ job_title: 'Auditor', external: true, projects_limit: 5 });
    expect(await fails(admin, 'user.modify', { user_id: eve.id, username: 'alice' })).toContain('Username has already been taken');
    await ok(admin, 'user.delete_identity', { user_id: eve.id, provider: 'saml' });
    expect((await api(`/users/${eve.id}`, ADMIN_TOKEN)).body.identities).toEqual([]);
    expect(await fails(admin, 'user.delete_identity', { user_id: eve.id, provider: 'saml' })).toContain('404 Identity Not Found');
  });

  it('the state machine: block, unblock, ban, unban, deactivate, activate, with GitLab\'s refusals', async () => {
    const eve = (await api('/users?username=eve', ADMIN_TOKEN)).body[0];
    const state = async () => (await api(`/users/${eve.id}`, ADMIN_TOKEN)).body.state;
    expect(await fails(admin, 'user.block', { user_id: 2 })).toContain('The API initiating user cannot be blocked by the API');
    await ok(admin, 'user.block', { user_id: eve.id });
    expect(await state()).toBe('blocked');
    // Blocking again changes nothing: GitLab answers 201 with an empty body.
    expect((await api(`/users/${eve.id}/block`, ADMIN_TOKEN, { method: 'POST' })).body).toBeNull();
    expect(await fails(admin, 'user.activate', { user_id: eve.id })).toContain('A blocked user must be unblocked to be activated');
    expect(await fails(admin, 'user.ban', { user_id: eve.id })).toContain('You cannot ban blocked users.');
    await ok(admin, 'user.unblock', { user_id: eve.id });
    await ok(admin, 'user.ban', { user_id: eve.id });
    expect(await state()).toBe('banned');
    await ok(admin, 'user.unban', { user_id: eve.id });
    expect(await fails(admin, 'user.unban', { user_id: eve.id })).toContain('You cannot unban active users.');
    // demo was active yesterday: GitLab keeps users active in the last 90 days; eve never signed in.
    expect(await fails(admin, 'user.deactivate', { user_id: 1 })).toContain('has been active in the past 90 days and cannot be deactivated');
    await ok(admin, 'user.deactivate', { user_id: eve.id });
    expect(await state()).toBe('deactivated');
    expect(await fails(admin, 'user.unblock', { user_id: eve.id })).toContain('Deactivated users cannot be unblocked by the API');
    await ok(admin, 'user.activate', { user_id: eve.id });
    expect(await state()).toBe('active');
    expect(await fails(demo, 'user.block', { user_id: 3 })).toMatch(/403/);
  });

  it('a blocked user\'s token stops working, and works again once unblocked', async () => {
    await ok(admin, 'user.block', { user_id: 1 });
    expect(await api('/user')).toEqual({ status: 403, body: { message: '403 Forbidden - Your account has been blocked.' } });
    await ok(admin, 'user.unblock', { user_id: 1 });
    expect((await api('/user')).status).toBe(200);
  });

  it('approves a pending sign-up, and refuses a second approval or a rejection of an active user', async () => {
    expect((await api('/users/5', ADMIN_TOKEN)).body.state).toBe('blocked_pending_approval');
    expect(await ok(admin, 'user.approve', { user_id: 5 })).toContain('Success');
    expect((await api('/users/5', ADMIN_TOKEN)).body.state).toBe('active');
    expect(await fails(admin, 'user.approve', { user_id: 5 })).toContain('This user does not have a pending request');
    expect(await fails(admin, 'user.reject', { user_id: 5 })).toContain('User does not have a pending request');
  });

  it('two-factor: disabled for a user who has it, refused for one who has not or for an administrator', async () => {
    expect((await api('/users/4', ADMIN_TOKEN)).body.two_factor_enabled).toBe(true);
    await ok(admin, 'user.disable_two_factor', { user_id: 4 });
    expect((await api('/users/4', ADMIN_TOKEN)).body.two_factor_enabled).toBe(false);
    expect(await fails(admin, 'user.disable_two_factor', { user_id: 4 })).toContain('Two-factor authentication is not enabled for this user');
    expect(await fails(admin, 'user.disable_two_factor', { user_id: 2 })).toContain('Two-factor authentication for admins cannot be disabled via the API');
  });

  it('memberships and association counts come from the sandbox\'s groups, projects, issues and merge requests', async () => {
    expect((await api('/users/3/memberships', ADMIN_TOKEN)).body).toEqual([
      { source_id: 10, source_name: 'Demo Group', source_type: 'Namespace', access_level: 30 },
      { source_id: 1, source_name: 'Demo Project', source_type: 'Project', access_level: 30 },
    ]);
    expect(await ok(admin, 'user.memberships', { user_id: 3, type: 'Project' })).not.toContain('Demo Group');
    expect(await fails(demo, 'user.memberships', { user_id: 3 })).toMatch(/403/);
    const counts = (await api('/users/1/associations_count')).body;
    let issues = 0; let mrs = 0;
    for (const p of sb.state.projects.values()) { for (const i of p.issues.values()) if (i.authorId === 1) issues++; for (const m of p.mrs.values()) if (m.authorId === 1) mrs++; }
    expect(counts).toEqual({ groups_count: 1, projects_count: 0, issues_count: issues, merge_requests_count: mrs });
    expect(issues).toBeGreaterThan(0);
    expect((await api('/users/3/associations_count')).status).toBe(403);
  });

  it('activities list who was active since a date, for administrators', async () => {
    const rows = (await api('/user/activities?from=2026-01-01', ADMIN_TOKEN)).body;
    expect(rows.map((r: { username: string }) => r.username)).toEqual(['demo', 'root', 'alice', 'bob']);
    expect(rows[0]).toEqual({ username: 'demo', last_activity_on: '2026-03-01', last_activity_at: '2026-03-01' });
    expect(await fails(demo, 'user.activities')).toMatch(/403/);
  });

  it('delete: a group\'s sole owner stays; another user goes, contributions pass to the Ghost User, the token dies', async () => {
    expect(await fails(admin, 'user.delete', { user_id: 1 })).toContain('User cannot be removed while is the sole-owner of a group');
    await ok(admin, 'user.create_impersonation_token', { user_id: 4, name: 'doomed', scopes: ['read_api'] });
    const [bobToken] = [...sb.state.tokens.values()].filter((t) => t.userId === 4 && t.impersonation);
    expect((await api('/user', bobToken.value)).status).toBe(200);
    const authored = [...sb.state.projects.get(1)!.issues.values()].filter((i) => i.authorId === 4).map((i) => i.iid);
    expect(authored.length).toBeGreaterThan(0);
    await ok(admin, 'user.delete', { user_id: 4 });
    expect((await api('/users/4', ADMIN_TOKEN)).body).toEqual({ message: '404 User Not Found' });
    expect((await api(`/projects/1/issues/${authored[0]}`)).body.author).toMatchObject({ username: 'ghost', name: 'Ghost User' });
    expect((await api('/user', bobToken.value)).status).toBe(401);
  });
});

describe('impersonation tokens', () => {
  it('a created token is a real token of that user: it authenticates as them until revoked', async () => {
    await ok(admin, 'user.create_impersonation_token', { user_id: 3, name: 'support', scopes: ['api'], expires_at: '2027-01-01' });
    const [t] = (await api('/users/3/impersonation_tokens', ADMIN_TOKEN)).body;
    expect(t).toEqual({
      id: expect.any(Number), name: 'support', revoked: false, created_at: expect.any(String), description: '', scopes: ['api'], user_id: 3,
      last_used_at: null, active: true, expires_at: '2027-01-01', last_used_ips: [], impersonation: true,
    });
    const value = [...sb.state.tokens.values()].find((x) => x.tokenId === t.id)!.value;
    expect((await api('/user', value)).body.username).toBe('alice');
    expect(await ok(admin, 'user.get_impersonation_token', { user_id: 3, impersonation_token_id: t.id })).toContain('support');
    // Not a personal access token of alice's.
    expect((await api('/personal_access_tokens?user_id=3', ADMIN_TOKEN)).body.map((x: { id: number }) => x.id)).not.toContain(t.id);
    await ok(admin, 'user.revoke_impersonation_token', { user_id: 3, impersonation_token_id: t.id });
    expect((await api('/user', value)).status).toBe(401);
    expect((await api('/users/3/impersonation_tokens?state=inactive', ADMIN_TOKEN)).body.map((x: { id: number }) => x.id)).toEqual([t.id]);
    expect(await fails(admin, 'user.create_impersonation_token', { user_id: 3, name: 'x', scopes: ['everything'] })).toContain('scopes can only contain available scopes');
    expect(await fails(demo, 'user.list_impersonation_tokens', { user_id: 3 })).toMatch(/403/);
  });
});

describe('notification settings', () => {
  it('global, group and project levels, custom events, a verified notification email, and an unknown level refused', async () => {
    expect((await api('/notification_settings')).body).toEqual({ level: 'participating', notification_email: 'demo@example.com' });
    await ok(demo, 'user.notification_global_update', { level: 'custom', new_note: true, failed_pipeline: true });
    const global = (await api('/notification_settings')).body;
    expect(global.level).toBe('custom');
    expect(global.events).toMatchObject({ new_note: true, failed_pipeline: true, new_issue: false, new_epic: false });
    expect(Object.keys(global)).toEqual(['level', 'events', 'notification_email']);
    expect(await fails(demo, 'user.notification_global_update', { notification_email: 'alice@example.com' })).toContain('notification_email must be an email you have verified');
    expect((await api('/groups/10/notification_settings')).body).toEqual({ level: 'global' });
    await ok(demo, 'user.notification_group_update', { group_id: '10', level: 'watch' });
    expect(await ok(demo, 'user.notification_group_get', { group_id: '10' })).toContain('watch');
    await ok(demo, 'user.notification_project_update', { project_id: '1', level: 'disabled' });
    expect((await api('/projects/demo-group%2Fdemo-project/notification_settings')).body).toEqual({ level: 'disabled' });
    expect((await api('/projects/1/notification_settings', SANDBOX_TOKEN, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"level":"loud"}' })).body)
      .toEqual({ message: "'loud' is not a valid level" });
    expect((await api('/projects/3/notification_settings')).body).toEqual({ message: '404 Project Not Found' });
  });
});

describe('avatars, namespaces, service accounts', () => {
  it('avatar_get answers the Gravatar address of an email; an uploaded avatar replaces it and is served', async () => {
    expect((await api('/avatar?email=Someone@Example.com&size=64')).body).toEqual({ avatar_url: 'https://www.gravatar.com/avatar/16d113840f999444259f73bac9ab8b10?s=128&d=identicon' });
    expect(await ok(demo, 'user.upload_avatar', { content_base64: PNG.toString('base64'), file_name: 'me.png' })).toContain('/uploads/-/system/user/avatar/1/me.png');
    const url = `${sb.url}/uploads/-/system/user/avatar/1/me.png`;
    expect((await api('/user')).body.avatar_url).toBe(url);
    expect((await api('/avatar?email=demo@example.com')).body).toEqual({ avatar_url: url });
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await fails(demo, 'user.upload_avatar', { content_base64: Buffer.from('not an image').toString('base64'), file_name: 'me.png' })).toContain('file format is not supported');
  });

  it('namespace_exists says whether a path is taken at a level and suggests a free one', async () => {
    expect((await api('/namespaces/demo-group/exists')).body).toEqual({ exists: true, suggests: ['demo-group1'] });
    expect((await api('/namespaces/platform/exists')).body).toEqual({ exists: false, suggests: [] });
    expect((await api('/namespaces/platform/exists?parent_id=10')).body).toEqual({ exists: true, suggests: ['platform1'] });
    expect(await ok(demo, 'user.namespace_exists', { namespace_id: 'alice' })).toContain('alice1');
  });

  it('service accounts: created, listed, updated, and they are bot users', async () => {
    await ok(admin, 'user.create_service_account', { name: 'CI bot', username: 'ci-bot' });
    const [sa] = (await api('/service_accounts', ADMIN_TOKEN)).body;
    expect(sa).toEqual({ id: expect.any(Number), username: 'ci-bot', name: 'CI bot' });
    await ok(admin, 'user.update_service_account', { user_id: sa.id, name: 'Release bot' });
    expect((await api(`/users/${sa.id}`, ADMIN_TOKEN)).body).toMatchObject({ name: 'Release bot', bot: true, email: 'ci-bot@noreply.127.0.0.1' });
    expect(await fails(admin, 'user.update_service_account', { user_id: 3, name: 'x' })).toContain('404 User Not Found');
  });

  it('create_runner is refused in so many words: the sandbox has no runners', async () => {
    expect(await fails(demo, 'user.create_runner', { runner_type: 'instance_type' })).toContain('the sandbox does not simulate this action; against a GitLab instance it calls POST /user/runners');
  });
});
