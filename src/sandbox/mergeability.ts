// What GitLab derives from a merge request's state: its approval state (project rules, or the MR's own rules)
// and its detailed_merge_status, in GitLab's check order (ee/app/models/ee/merge_request.rb, mergeable_state_checks).
import type { ApprovalRuleRec, MrRec, ProjectRec, SandboxState } from './state.js';
import { mergeBase, mergeCommits } from './repo.js';
import { branchRules } from './branch-protection.js';
import { bool } from './util.js';

export interface RuleState { rule: ApprovalRuleRec; eligible: number[]; approvedBy: number[]; approved: boolean; left: number }

export interface ApprovalState { overwritten: boolean; rules: RuleState[]; required: number; left: number; approved: boolean }

/**
 * A project rule applies to a target branch: every branch, every protected branch, or the branches its listed
 * protected branch rules match, wildcards included (ApprovalProjectRule#applies_to_branch?).
 */
function ruleApplies(p: ProjectRec, rule: ApprovalRuleRec, branch: string): boolean {
  const rules = branchRules(p, branch);
  if (rule.appliesToAllProtectedBranches) return rules.length > 0;
  if (rule.protectedBranchIds.length) return rules.some((b) => rule.protectedBranchIds.includes(b.id));
  return true;
}

/** Users named by a rule: its users, then the members of its groups. */
export function eligibleApprovers(s: SandboxState, rule: ApprovalRuleRec): number[] {
  const ids = new Set(rule.userIds);
  for (const gid of rule.groupIds) for (const uid of s.groups.get(gid)?.members.keys() ?? []) ids.add(uid);
  return [...ids].filter((id) => s.users.has(id));
}

/** The rules in force on a merge request: its own once it has any, else the project rules for its target branch. */
export function mrRules(s: SandboxState, p: ProjectRec, mr: MrRec): { own: boolean; rules: ApprovalRuleRec[] } {
  const a = s.approvalsOf(p.id);
  const own = a.mrRules.get(mr.iid);
  if (own) return { own: true, rules: own };
  return { own: false, rules: a.rules.filter((r) => ruleApplies(p, r, mr.targetBranch)) };
}

/** Approval rules are a Premium feature: without a license nothing is required. */
export function approvalState(s: SandboxState, p: ProjectRec, mr: MrRec): ApprovalState {
  const { own, rules } = s.licensed ? mrRules(s, p, mr) : { own: false, rules: [] };
  const states = rules.map((rule) => {
    const eligible = rule.ruleType === 'any_approver' ? [] : eligibleApprovers(s, rule);
    const approvedBy = rule.ruleType === 'any_approver' ? [...mr.approvedBy] : mr.approvedBy.filter((id) => eligible.includes(id));
    const left = Math.max(0, rule.approvalsRequired - approvedBy.length);
    return { rule, eligible, approvedBy, approved: left === 0, left };
  });
  const left = states.reduce((n, r) => n + r.left, 0);
  return { overwritten: own, rules: states, required: states.reduce((n, r) => n + r.rule.approvalsRequired, 0), left, approved: left === 0 };
}

/** Whether an open merge request conflicts with its target now: the three-way merge of its branches fails. */
export function hasConflicts(p: ProjectRec, mr: MrRec): boolean {
  if (mr.state !== 'opened') return false;
  const head = p.repo.branches.get(mr.sourceBranch);
  const target = p.repo.branches.get(mr.targetBranch);
  return !!head && !!target && !mergeCommits(p.repo, head, target);
}

/** The project setting written through PUT /projects/:id (kept in `extra`), as a boolean. */
const setting = (p: ProjectRec, key: string): boolean => bool(p.extra[key]) ?? false;

/**
 * GitLab's detailed_merge_status: the first failing check in GitLab's order (approvals and blocking merge
 * requests, then draft, unresolved threads, CI, conflicts, rebase), else `mergeable`. `conflicted`: hasConflicts's
 * answer when the caller has it already (the three-way merge is the costly check).
 */
export function detailedMergeStatus(s: SandboxState, p: ProjectRec, mr: MrRec, conflicted?: boolean): string {
  if (mr.state !== 'opened') return 'not_open';
  if (!approvalState(s, p, mr).approved) return 'not_approved';
  if (s.licensed && s.mrBlocks.some((b) => b.blockedMrId === mr.id && blockingOpen(s, b.blockingMrId))) return 'merge_request_blocked';
  if (mr.draft) return 'draft_status';
  const head = p.repo.branches.get(mr.sourceBranch);
  const target = p.repo.branches.get(mr.targetBranch);
  if (!head || !target) return 'commits_status';
  const notes = s.notes.get(`${p.id}:MergeRequest:${mr.iid}`) ?? [];
  if (setting(p, 'only_allow_merge_if_all_discussions_are_resolved') && notes.some((n) => n.resolvable && !n.resolved)) return 'discussions_not_resolved';
  if (setting(p, 'only_allow_merge_if_pipeline_succeeds')) {
    const pl = [...p.pipelines.values()].filter((x) => x.sha === head).sort((a, b) => b.id - a.id)[0];
    if (pl && ['created', 'pending', 'running', 'waiting_for_resource', 'preparing', 'scheduled'].includes(pl.status)) return 'ci_still_running';
    if (!pl || (pl.status !== 'success' && !(pl.status === 'skipped' && setting(p, 'allow_merge_on_skipped_pipeline')))) return 'ci_must_pass';
  }
  if (conflicted ?? hasConflicts(p, mr)) return 'conflict';
  // Fast-forward merge methods need the source to contain the target's head.
  if (['ff', 'rebase_merge'].includes(String(p.extra.merge_method)) && mergeBase(p.repo, head, target) !== target) return 'need_rebase';
  return 'mergeable';
}

function blockingOpen(s: SandboxState, mrId: number): boolean {
  for (const p of s.projects.values()) for (const m of p.mrs.values()) if (m.id === mrId) return m.state !== 'merged';
  return false;
}
