// The user domain's part of the sweep: the records its reads, updates and deletes name (keys, emails, tokens,
// accounts in the state each action needs), made before the sweep starts, and the values that point at them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from '../../src/sandbox/index.js';
import { ADMIN_TOKEN } from '../../src/sandbox/index.js';
import { ROOT } from './harness.js';

/** Public keys made by ssh-keygen and gpg (scripts/user-key-fixtures.sh). */
export const userKey = (name: string): string => readFileSync(join(ROOT, 'test', 'fixtures', 'user-keys', name), 'utf8').trim();

/** A 1×1 PNG: an avatar GitLab accepts. */
export const PNG_1PX = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0b3f10000000049454e44ae426082', 'hex');

/** Values of the sweep's user actions; `@name` is filled from what prepareUserSweep made. */
export const USER_SWEEP: Record<string, Record<string, unknown>> = {
  'user.create': { username: 'sweep-user', email: 'sweep-new@example.com', password: 'sweep-password' },
  'user.add_email_for_user': { email: 'sweep-for-user@example.com' },
  'user.get_ssh_key_for_user': { key_id: 2 },
  'user.delete_ssh_key_for_user': { key_id: 2 },
  'user.key_get_by_fingerprint': { fingerprint: userKey('ed25519.sha256') },
  'user.add_ssh_key': { key: userKey('ecdsa.pub') },
  'user.add_ssh_key_for_user': { key: userKey('ed25519-b.pub') },
  'user.get_gpg_key_for_user': { key_id: 2 },
  'user.delete_gpg_key_for_user': { key_id: 2 },
  'user.add_gpg_key': { key: userKey('bob.asc') },
  'user.add_gpg_key_for_user': { key: userKey('alice.asc') },
  'user.delete_email_for_user': { email_id: 2 },
  'user.create_impersonation_token': { scopes: ['read_api'] },
  'user.get_impersonation_token': { impersonation_token_id: '@impersonation' },
  'user.revoke_impersonation_token': { impersonation_token_id: '@impersonation' },
  'user.approve': { user_id: 5 },
  'user.reject': { user_id: '@pending' },
  'user.ban': { user_id: 3 },
  'user.unban': { user_id: '@banned' },
  'user.deactivate': { user_id: '@idle' },
  'user.disable_two_factor': { user_id: 4 },
  'user.delete_identity': { provider: 'sweep' },
  'user.update_service_account': { user_id: '@serviceAccount' },
};

/** Makes, as the administrator, the records the values above name; returns the `@` ids. */
export async function prepareUserSweep(sb: Sandbox): Promise<Record<string, number>> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${sb.url}/api/v4${path}`, { method, headers: { 'private-token': ADMIN_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`sweep set-up: ${method} ${path} answered ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  // Key and email 1 are the administrator's own, 2 are demo's.
  await call('POST', '/user/keys', { title: 'root laptop', key: userKey('ed25519.pub') });
  await call('POST', '/users/1/keys', { title: 'demo laptop', key: userKey('rsa.pub') });
  await call('POST', '/user/gpg_keys', { key: userKey('root.asc') });
  await call('POST', '/users/1/gpg_keys', { key: userKey('demo.asc') });
  await call('POST', '/user/emails', { email: 'root.sweep@example.com' });
  await call('POST', '/users/1/emails', { email: 'demo.sweep@example.com' });
  await call('PUT', '/users/1', { extern_uid: 'sweep-uid', provider: 'sweep' });
  const impersonation = (await call('POST', '/users/1/impersonation_tokens', { name: 'sweep', scopes: ['read_api'] })).id;
  const serviceAccount = (await call('POST', '/service_accounts', { username: 'sweep-bot' })).id;
  const account = async (username: string) => (await call('POST', '/users', { username, name: username, email: `${username}@example.com`, password: 'sweep-password' })).id;
  const pending = await account('sweep-pending');
  const banned = await account('sweep-banned');
  const idle = await account('sweep-idle');
  sb.state.users.get(pending)!.state = 'blocked_pending_approval';
  sb.state.users.get(banned)!.state = 'banned';
  return { impersonation, serviceAccount, pending, banned, idle };
}
