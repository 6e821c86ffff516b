// Which actions a session sees. One function decides for listing and for calls on every surface.
// SPEC "Admission minimum and scope effects", "Other server answers".
import { paramOffered, valueOffered, type Action, type Tier } from '../catalog/define.js';
import { individualToolName, metaToolName } from '../catalog/index.js';
import { hasAdminMode, isHostedInstance, scopesAllowWrites, type Session } from '../session/session.js';
import { fineGrainedRefusal, grantReaches, unreachableByAnyGrant } from '../session/grant.js';

const TIER_RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };

export type Availability =
  | 'ok'
  /** Not part of this deployment's catalog: answered as unknown. */
  | 'absent'
  /** Exists; read-only mode removes it. */
  | 'read-only'
  /** Exists; the credential lacks a scope covering it. */
  | 'scope'
  /** Fine-grained session: no fine-grained token reaches it at the recorded release (always refused). */
  | 'fine-grained-none'
  /** Fine-grained session, grant evaluated: the grant does not reach it (unlisted; see mustRefuse). */
  | 'fine-grained';

function isExcluded(action: Action, excluded: readonly string[]): boolean {
  if (!excluded.length) return false;
  return excluded.includes(individualToolName(action)) || excluded.includes(metaToolName(action.domain)) || excluded.includes(action.id);
}

/** The tier an action needs when that alone keeps it out of this session's catalog (a Premium action on Free). */
export function tierAbove(action: Action, s: Session): Tier | undefined {
  return !action.adminMode && TIER_RANK[action.tier] > TIER_RANK[s.tier] ? action.tier : undefined;
}

const TIER_NAME: Record<Tier, string> = { free: 'Free', premium: 'Premium', ultimate: 'Ultimate' };

/**
 * A call that sends parameters, or values, of a higher plan than the instance's (an issue's `weight`, a `blocks`
 * link type on Free): refused before anything is sent, saying so, instead of GitLab ignoring the value or answering an error. `label` names the call.
 */
export function paramTierRefusal(action: Action, params: unknown, s: Session, label: string): string | undefined {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return undefined;
  const given = Object.entries(params as Record<string, unknown>).filter(([n]) => Object.hasOwn(action.params, n));
  const above = given.filter(([n]) => !paramOffered(action.params[n]!, s.tier)).map(([n]) => n);
  const tail = `and this instance is on GitLab ${TIER_NAME[s.tier]}, so it is not offered here. Nothing was sent. `;
  const pin = 'if the instance is on a higher tier, its operator can pin it (FORGE_MCP_TIER in stdio, --tier over HTTP).';
  if (above.length) {
    const plans = [...new Set(above.map((n) => TIER_NAME[action.params[n]!.tier!]))].join(' or ');
    const what = above.length === 1 ? `${above[0]} is a GitLab ${plans} parameter` : `${above.join(', ')} are GitLab ${plans} parameters`;
    return `${label}: ${what}, ${tail}Leave it out; ${pin}`;
  }
  // A value of a higher plan (link_type "blocks" on Free): GitLab refuses it with 403, after the lookups.
  const value = given.find(([n, v]) => !valueOffered(action.params[n]!, v, s.tier));
  if (!value) return undefined;
  const [n, v] = value as [string, string];
  const p = action.params[n]!;
  const offered = p.enum?.filter((x) => valueOffered(p, x, s.tier)).map((x) => `"${x}"`).join(', ');
  return `${label}: ${n} "${v}" is a GitLab ${TIER_NAME[p.valueTiers![v]!]} value, ${tail}Use ${offered ? `one offered here (${offered})` : 'another value'}; ${pin}`;
}

export function availability(action: Action, s: Session): Availability {
  // The administration groups follow admin_mode, not the tier: that is how SPEC counts 34 meta
  // tools on Free (the 31 domains with Free actions, plus enterprise_user, project_alias and geo).
  if (action.adminMode) {
    if (!hasAdminMode(s)) return 'absent';
  } else if (TIER_RANK[action.tier] > TIER_RANK[s.tier]) return 'absent';
  if (action.hostedOnly && !isHostedInstance(s)) return 'absent';
  if (isExcluded(action, s.config.excludeTools)) return 'absent';
  if (action.writes && s.config.readOnly) return 'read-only';
  if (action.writes && !scopesAllowWrites(s)) return 'scope';
  if (s.auth.kind === 'fine_grained' && s.grant) {
    if (unreachableByAnyGrant(action)) return 'fine-grained-none';
    if (s.grant.phase === 'B' && !grantReaches(action, s.grant)) return 'fine-grained';
  }
  return 'ok';
}

/**
 * Whether an unlisted fine-grained call is refused here rather than passed to the platform. Passed:
 * a read (the platform serves public projects and groups without the permission), and on the
 * 19.5.0-pre instance every call not withheld from all fine-grained tokens.
 */
export function fineGrainedRefuses(action: Action, avail: Availability, s: Session): boolean {
  if (avail === 'fine-grained-none') return true;
  if (avail !== 'fine-grained') return false;
  if (s.grant?.phase === 'B' && s.grant.prerelease) return false;
  return action.writes;
}

export const isListed = (action: Action, s: Session): boolean => availability(action, s) === 'ok';

/** The sentence a dynamic call of a withheld action gets. */
export function withheldMessage(action: Action, why: 'read-only' | 'scope' | 'fine-grained' | 'fine-grained-none', s?: Session): string {
  if ((why === 'fine-grained' || why === 'fine-grained-none') && s) return fineGrainedRefusal(action, s, 'dynamic');
  const cause = why === 'read-only'
    ? 'this deployment runs in read-only mode (FORGE_MCP_READ_ONLY), which withholds every write action'
    : 'the credential lacks a scope covering it (writes need a token with the api scope)';
  return `forge_execute_action: action "${action.id}" exists but is not available to this session: ${cause}. Do not report the capability as missing.`;
}
