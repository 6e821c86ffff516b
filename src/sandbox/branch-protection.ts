// Protected branch rules as GitLab applies them (gitlabhq app/models/ref_matcher.rb @ 0aa6d13c, app/models/
// concerns/protected_ref.rb @ 05d54b51, lib/api/entities/branch.rb @ 1737a58c, lib/gitlab/checks/branch_check.rb
// @ 036b0dbf): a rule protects the branch it names and, when the name has a `*`, every branch the pattern matches,
// `*` standing for any run of characters, `/` included (`release/*` protects `release/1.0` and `release/a/b`).
// Of several matching rules the most permissive decides.
import { ACCESS, type ProjectRec, type ProtectedBranchRec, type SandboxState, type UserRec } from './state.js';

/** GitLab's RefMatcher#matches?: the exact name, or the wildcard pattern over the whole name (tags' rules too). */
export function refMatches(pattern: string, ref: string): boolean {
  if (pattern === ref) return true;
  if (!pattern.includes('*')) return false;
  const re = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${re}$`).test(ref);
}

/** The rules that protect a branch. */
export function branchRules(p: ProjectRec, branch: string): ProtectedBranchRec[] {
  return [...p.repo.protectedBranches.values()].filter((b) => refMatches(b.name, branch));
}

/** ProtectedRefAccess#check_access for a role: 0 admits no one (owners included), 60 administrators only. */
function admits(state: SandboxState, user: UserRec | undefined, p: ProjectRec, level: number): boolean {
  if (!user || level === 0) return false;
  if (level === 60) return user.isAdmin;
  return state.accessLevel(user, p) >= level;
}

/**
 * Gitlab::UserAccess#can_push_to_branch? / #can_merge_to_branch?: a Developer (push_code) may act on an unprotected
 * branch; on a protected one, any matching rule whose level admits the user lets them.
 */
export function branchAllows(state: SandboxState, user: UserRec | undefined, p: ProjectRec, branch: string, action: 'push' | 'merge'): boolean {
  if (!user || state.accessLevel(user, p) < ACCESS.developer) return false;
  const rules = branchRules(p, branch);
  return !rules.length || rules.some((r) => admits(state, user, p, action === 'push' ? r.pushLevel : r.mergeLevel));
}

/**
 * A push the caller may not make, as each API answers it (GitLab's lib/api/commits.rb as mirrored in
 * pavankalisetti009/gitlab @ d87a46ff, lib/api/files.rb in mehulagg/gitlab @ a1ba485e, gitlabhq
 * app/services/commits/create_service.rb @ 0526dc1e, lib/api/helpers.rb `forbidden!`): the Commits API (a commit, a
 * cherry-pick, a revert) checks the branch first with `authorize_push_to_branch!`, 403 `403 Forbidden - <this>`, a
 * Reporter included; the Files and Submodules APIs ask for push_code (a bare `403 Forbidden`), then their commit
 * service refuses the branch (`validate_permissions!`: 400 with this message).
 */
export const PUSH_REFUSED = 'You are not allowed to push into this branch';
