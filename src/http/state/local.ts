// In-process shared state: one process is the whole deployment (the default).
import type { Config } from '../../config/index.js';
import type { BucketSpec } from '../../pipeline/meter.js';
import { AddressBudget, RefusalMemory, type Remembered } from '../budget.js';
import { IdentityCache, type Identity } from '../oauth.js';
import type { SharedState } from './types.js';

export class LocalState implements SharedState {
  readonly kind = 'in-process' as const;
  readonly budget: AddressBudget;
  readonly refusals = new RefusalMemory();
  readonly identities: IdentityCache;

  constructor(config: Config) {
    this.budget = new AddressBudget({
      failureLimit: config.authFailureLimit,
      failureWindowMs: config.authFailureWindowMs,
      distinctLimit: config.authDistinctTokenLimit,
      distinctWindowMs: config.authDistinctTokenWindowMs,
    });
    this.identities = new IdentityCache(config.oauthCacheTtlMs);
  }

  /** Each pool entry keeps its own buckets in process. */
  async take(_key: string, _spec: BucketSpec, _n: number): Promise<boolean | undefined> {
    return undefined;
  }

  async blockedFor(address: string): Promise<number> { return this.budget.blockedFor(address); }
  async charge(address: string, credentialKey: string): Promise<void> { this.budget.charge(address, credentialKey); }
  async refusal(key: string): Promise<Remembered | undefined> { return this.refusals.get(key); }
  async rememberRefusal(key: string, what: Remembered): Promise<void> { this.refusals.remember(key, what); }
  async identity(key: string): Promise<Identity | undefined> { return this.identities.get(key); }
  async rememberIdentity(key: string, identity: Identity): Promise<void> { this.identities.put(key, identity); }
  async close(): Promise<void> { /* nothing held */ }
}
