// What the sandbox keeps per user beyond the profile: SSH and GPG keys, secondary emails, status, notification settings.
// Held beside the state (one store per sandbox) so the user routes own their records.
import type { SandboxState } from '../state.js';

export interface SshKeyRec {
  id: number; userId: number; title: string; type: string; blob: string; createdAt: string; expiresAt: string | null;
  usageType: 'auth' | 'signing' | 'auth_and_signing'; md5: string; sha256: string;
}

export interface GpgKeyRec { id: number; userId: number; key: string; createdAt: string; fingerprint: string }

export interface EmailRec { id: number; userId: number; email: string; confirmedAt: string | null }

export interface StatusRec { emoji: string; message: string | null; availability: 'not_set' | 'busy'; clearStatusAt: string | null }

export interface NotificationRec { level: string; events: Record<string, boolean> }

export interface UsersStore {
  sshKeys: SshKeyRec[];
  gpgKeys: GpgKeyRec[];
  emails: EmailRec[];
  statuses: Map<number, StatusRec>;
  /** Key `<userId>` (global), `<userId>:group:<id>` or `<userId>:project:<id>`. */
  notifications: Map<string, NotificationRec>;
  /** The global notification email, when the user chose one other than the primary. */
  notificationEmails: Map<number, string>;
}

const stores = new WeakMap<SandboxState, UsersStore>();

export function usersStore(state: SandboxState): UsersStore {
  let s = stores.get(state);
  if (!s) {
    s = { sshKeys: [], gpgKeys: [], emails: [], statuses: new Map(), notifications: new Map(), notificationEmails: new Map() };
    stores.set(state, s);
  }
  return s;
}

/** Forgets everything a deleted user owned. */
export function forgetUser(state: SandboxState, userId: number): void {
  const s = usersStore(state);
  s.sshKeys = s.sshKeys.filter((k) => k.userId !== userId);
  s.gpgKeys = s.gpgKeys.filter((k) => k.userId !== userId);
  s.emails = s.emails.filter((e) => e.userId !== userId);
  s.statuses.delete(userId);
  s.notificationEmails.delete(userId);
  for (const k of [...s.notifications.keys()]) if (k === String(userId) || k.startsWith(`${userId}:`)) s.notifications.delete(k);
}
