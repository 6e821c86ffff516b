// The state SPEC defines per deployment (SPEC "Limits", "Address blocking (HTTP)", "OAuth mode"),
// behind one interface: in-process by default, in Redis with --redis-url so that replicas behind a
// load balancer share it. Every key naming a credential is the SHA-256 digest of instance plus
// token (poolKey), never the token. Process-wide ceilings (held calls, stateful sessions,
// verifications, the process tools/list bucket) stay per process and are not here.
import type { BucketStore } from '../../pipeline/meter.js';
import type { Remembered } from '../budget.js';
import type { Identity } from '../oauth.js';

export interface SharedState extends BucketStore {
  readonly kind: 'in-process' | 'redis';
  /** Milliseconds the address stays blocked (the longest of its budgets), 0 when open. */
  blockedFor(address: string): Promise<number>;
  /** Charges one refused credential (by digest) to the address's failure and distinct-credential budgets. */
  charge(address: string, credentialKey: string): Promise<void>;
  /** The rejected-token memory and the door's 403 memory (five minutes). */
  refusal(key: string): Promise<Remembered | undefined>;
  rememberRefusal(key: string, what: Remembered): Promise<void>;
  /** The OAuth identity cache: no token material, never past the token's own expiry. */
  identity(key: string): Promise<Identity | undefined>;
  rememberIdentity(key: string, identity: Identity): Promise<void>;
  close(): Promise<void>;
}
