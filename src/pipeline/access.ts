// Which actions a session sees. One function decides for listing and for calls on every surface.
import type { Action, Tier } from '../catalog/define.js';
import { individualToolName, metaToolName } from '../catalog/index.js';
import { hasAdminMode, isHostedInstance, scopesAllowWrites, type Session } from '../server/session.js';

/** Groups that exist only for a token carrying `admin_mode`. */
export const ADMIN_MODE_DOMAINS = new Set(['admin', 'enterprise_user', 'project_alias', 'geo', 'storage_move']);

const TIER_RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };

export type Availability =
  | 'ok'
  /** Not part of this deployment's catalog: answered as unknown. */
  | 'absent'
  /** Exists; read-only mode removes it. */
  | 'read-only'
  /** Exists; the credential lacks a scope covering it. */
  | 'scope';

export function isExcluded(action: Action, excluded: readonly string[]): boolean {
  if (!excluded.length) return false;
  return excluded.includes(individualToolName(action)) || excluded.includes(metaToolName(action.domain)) || excluded.includes(action.id);
}

export function availability(action: Action, s: Session): Availability {
  // The administration groups follow admin_mode, not the tier: that is how SPEC counts 34 meta
  // tools on Free (the 31 domains with Free actions, plus enterprise_user, project_alias and geo).
  if (ADMIN_MODE_DOMAINS.has(action.domain)) {
    if (!hasAdminMode(s)) return 'absent';
  } else if (TIER_RANK[action.tier] > TIER_RANK[s.tier]) return 'absent';
  if (action.hostedOnly && !isHostedInstance(s)) return 'absent';
  if (isExcluded(action, s.config.excludeTools)) return 'absent';
  if (action.writes && s.config.readOnly) return 'read-only';
  if (action.writes && !scopesAllowWrites(s)) return 'scope';
  return 'ok';
}

export const isListed = (action: Action, s: Session): boolean => availability(action, s) === 'ok';

/** The sentence a dynamic call of a withheld action gets. */
export function withheldMessage(action: Action, why: 'read-only' | 'scope'): string {
  const cause = why === 'read-only'
    ? 'this deployment runs in read-only mode (FORGE_MCP_READ_ONLY), which withholds every write action'
    : 'the credential lacks a scope covering it (writes need a token with the api scope)';
  return `forge_execute_action: action "${action.id}" exists but is not available to this session: ${cause}. Do not report the capability as missing.`;
}
