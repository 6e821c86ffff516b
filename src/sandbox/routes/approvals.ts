// Merge request approvals (Premium): project settings and rules, merge request rules, approval state,
// approve / unapprove / reset, and the group and project approval settings. One record per project
// (state.approvalsOf) feeds every answer, so the MR's approvals_left, /approvals and /approval_state agree.
import type { Router } from '../router.js';
import { ACCESS, APPROVAL_DEFAULTS, type ApprovalRuleRec, type ApprovalSettingsRec, type MrRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { groupJson, userBasic } from '../serialize.js';
import { approvalState, eligibleApprovers, hasConflicts, mrRules, type RuleState } from '../mergeability.js';
import { bool, int, intList, json, list, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadMr, loadProject, requireLevel } from './common.js';
import { headOf } from './merge_requests.js';

const users = (ctx: Ctx, ids: number[]) => ids.map((id) => userBasic(ctx.state, id)).filter(Boolean);
const groups = (ctx: Ctx, ids: number[]) => ids.flatMap((id) => { const g = ctx.state.groups.get(id); return g ? [groupJson(ctx.state, g)] : []; });

function protectedBranchJson(p: ProjectRec, id: number): Record<string, unknown> | undefined {
  const b = [...p.repo.protectedBranches.values()].find((x) => x.id === id);
  if (!b) return undefined;
  const level = (l: number) => ({ access_level: l, access_level_description: l >= ACCESS.maintainer ? 'Maintainers' : 'Developers + Maintainers' });
  return {
    id: b.id, name: b.name, push_access_levels: [level(b.pushLevel)], merge_access_levels: [level(b.mergeLevel)], allow_force_push: b.allowForcePush,
    unprotect_access_levels: [], code_owner_approval_required: b.codeOwnerApprovalRequired, inherited: false,
  };
}

/** GitLab's ProjectApprovalRule entity. */
function projectRuleJson(ctx: Ctx, p: ProjectRec, r: ApprovalRuleRec): Record<string, unknown> {
  const eligible = r.ruleType === 'any_approver' ? [] : eligibleApprovers(ctx.state, r);
  const branchIds = r.appliesToAllProtectedBranches ? [...p.repo.protectedBranches.values()].map((b) => b.id) : r.protectedBranchIds;
  return {
    id: r.id, name: r.name, rule_type: r.ruleType, report_type: r.reportType, eligible_approvers: users(ctx, eligible), approvals_required: r.approvalsRequired,
    users: users(ctx, r.userIds), groups: groups(ctx, r.groupIds), contains_hidden_groups: false,
    protected_branches: branchIds.map((id) => protectedBranchJson(p, id)).filter(Boolean), applies_to_all_protected_branches: r.appliesToAllProtectedBranches,
  };
}

/** GitLab's MergeRequestApprovalRule entity (the `approval_rules` of a merge request). */
function mrRuleJson(ctx: Ctx, p: ProjectRec, r: ApprovalRuleRec): Record<string, unknown> {
  const source = r.sourceRuleId === null ? undefined : ctx.state.approvalsOf(p.id).rules.find((x) => x.id === r.sourceRuleId);
  return {
    id: r.id, name: r.name, rule_type: r.ruleType, report_type: r.reportType, eligible_approvers: users(ctx, r.ruleType === 'any_approver' ? [] : eligibleApprovers(ctx.state, r)),
    approvals_required: r.approvalsRequired, source_rule: source ? { approvals_required: source.approvalsRequired } : null, users: users(ctx, r.userIds),
    groups: groups(ctx, r.groupIds), contains_hidden_groups: false, overridden: !!source && source.approvalsRequired !== r.approvalsRequired,
  };
}

/** GitLab's MergeRequestApprovalStateRule entity. */
function stateRuleJson(ctx: Ctx, p: ProjectRec, x: RuleState): Record<string, unknown> {
  return { ...mrRuleJson(ctx, p, x.rule), approved_by: users(ctx, x.approvedBy), approved: x.approved };
}

/** The answer of GET …/approvals, approve and unapprove. */
function approvalsJson(ctx: Ctx, p: ProjectRec, mr: MrRec): Record<string, unknown> {
  const st = approvalState(ctx.state, p, mr);
  return {
    id: mr.id, iid: mr.iid, project_id: p.id, title: mr.title, description: mr.description, state: mr.state, created_at: mr.createdAt, updated_at: mr.updatedAt,
    merge_status: hasConflicts(p, mr) ? 'cannot_be_merged' : 'can_be_merged', approved: st.approved, approvals_required: st.required, approvals_left: st.left,
    require_password_to_approve: ctx.state.approvalsOf(p.id).settings.requirePasswordToApprove,
    approved_by: mr.approvedBy.map((id) => ({ user: userBasic(ctx.state, id) })), suggested_approvers: [], approvers: [], approver_groups: [],
    user_has_approved: mr.approvedBy.includes(ctx.user.id), user_can_approve: canApprove(ctx, p, mr) === undefined,
    approval_rules_left: st.rules.filter((r) => !r.approved).map((r) => ({ id: r.rule.id, name: r.rule.name, rule_type: r.rule.ruleType })),
    has_approval_rules: st.rules.length > 0, merge_request_approvers_available: ctx.state.licensed, multiple_approval_rules_available: ctx.state.licensed,
    invalid_approvers_rules: [],
  };
}

/** Why the caller may not approve (GitLab answers 401), or undefined. */
function canApprove(ctx: Ctx, p: ProjectRec, mr: MrRec): Reply | undefined {
  const settings = ctx.state.approvalsOf(p.id).settings;
  if (ctx.state.accessLevel(ctx.user, p) < ACCESS.developer || mr.approvedBy.includes(ctx.user.id) || mr.state !== 'opened') return message(401, '401 Unauthorized');
  if (mr.authorId === ctx.user.id && !settings.allowAuthorApproval) return message(401, '401 Unauthorized');
  return undefined;
}

// ---- settings: one record, two wire forms ----

const SETTING_KEYS: Array<[keyof ApprovalSettingsRec, string]> = [
  ['allowAuthorApproval', 'allow_author_approval'], ['allowCommitterApproval', 'allow_committer_approval'],
  ['allowOverrides', 'allow_overrides_to_approver_list_per_merge_request'], ['retainApprovalsOnPush', 'retain_approvals_on_push'],
  ['selectiveCodeOwnerRemovals', 'selective_code_owner_removals'], ['requirePasswordToApprove', 'require_password_to_approve'],
  ['requireReauthenticationToApprove', 'require_reauthentication_to_approve'],
];

/** A group setting that forbids (an `allow_*` false, a `require_*` true) locks the projects below it. */
const restrictive = (key: keyof ApprovalSettingsRec, v: boolean): boolean => (key.startsWith('allow') || key === 'retainApprovalsOnPush' ? !v : v);

function groupSettingsFor(ctx: Ctx, p: ProjectRec): Partial<ApprovalSettingsRec> {
  const out: Partial<ApprovalSettingsRec> = {};
  for (const g of ctx.state.projectGroups(p)) {
    for (const [k, v] of Object.entries(ctx.state.groupApprovalSettings.get(g.id) ?? {}) as Array<[keyof ApprovalSettingsRec, boolean]>) if (out[k] === undefined && restrictive(k, v)) out[k] = v;
  }
  return out;
}

/** The project's settings with what its groups enforce. */
function effectiveSettings(ctx: Ctx, p: ProjectRec): { value: ApprovalSettingsRec; locked: Set<keyof ApprovalSettingsRec> } {
  const forced = groupSettingsFor(ctx, p);
  return { value: { ...ctx.state.approvalsOf(p.id).settings, ...forced }, locked: new Set(Object.keys(forced) as Array<keyof ApprovalSettingsRec>) };
}

function settingsJson(value: Partial<ApprovalSettingsRec>, defaults: ApprovalSettingsRec, locked: Set<keyof ApprovalSettingsRec>, from: string | null): Record<string, unknown> {
  return Object.fromEntries(SETTING_KEYS.map(([k, wire]) => [wire, { value: value[k] ?? defaults[k], locked: locked.has(k), inherited_from: locked.has(k) ? from : null }]));
}

/** Writes the `allow_*`/`retain_*`/`require_*` parameters; Grape's answer for a non-boolean. */
function writeSettings(ctx: Ctx, into: Partial<ApprovalSettingsRec>): Reply | undefined {
  for (const [k, wire] of SETTING_KEYS) {
    if (ctx.params[wire] === undefined) continue;
    const v = bool(ctx.params[wire]);
    if (v === undefined) return json(400, { error: `${wire} is invalid` });
    into[k] = v;
  }
  return undefined;
}

/** GET/POST /projects/:id/approvals: the older form of the same settings. */
function projectApprovalsJson(ctx: Ctx, p: ProjectRec): Record<string, unknown> {
  const v = effectiveSettings(ctx, p).value;
  return {
    approvers: [], approver_groups: [], approvals_before_merge: 0, reset_approvals_on_push: !v.retainApprovalsOnPush, selective_code_owner_removals: v.selectiveCodeOwnerRemovals,
    disable_overriding_approvers_per_merge_request: !v.allowOverrides, merge_requests_author_approval: v.allowAuthorApproval,
    merge_requests_disable_committers_approval: !v.allowCommitterApproval, require_password_to_approve: v.requirePasswordToApprove,
    require_reauthentication_to_approve: v.requireReauthenticationToApprove,
  };
}

const LEGACY: Array<[string, keyof ApprovalSettingsRec, boolean]> = [
  ['reset_approvals_on_push', 'retainApprovalsOnPush', true], ['selective_code_owner_removals', 'selectiveCodeOwnerRemovals', false],
  ['disable_overriding_approvers_per_merge_request', 'allowOverrides', true], ['merge_requests_author_approval', 'allowAuthorApproval', false],
  ['merge_requests_disable_committers_approval', 'allowCommitterApproval', true], ['require_password_to_approve', 'requirePasswordToApprove', false],
  ['require_reauthentication_to_approve', 'requireReauthenticationToApprove', false],
];

// ---- rules ----

/** Reads name, approvals_required, users and groups of a rule write; the platform's validation answers. */
function ruleFields(ctx: Ctx, p: ProjectRec, existing: ApprovalRuleRec[], current?: ApprovalRuleRec): Partial<ApprovalRuleRec> | Reply {
  const prm = ctx.params;
  const out: Partial<ApprovalRuleRec> = {};
  const name = str(prm.name);
  if (name !== undefined) {
    if (existing.some((r) => r !== current && r.name === name)) return json(400, { message: { name: ['has already been taken'] } });
    out.name = name;
  }
  if (prm.approvals_required !== undefined) {
    const n = int(prm.approvals_required);
    if (n === undefined) return json(400, { error: 'approvals_required is invalid' });
    if (n < 0) return json(400, { message: { approvals_required: ['must be greater than or equal to 0'] } });
    out.approvalsRequired = n;
  }
  const ids = intList(prm.user_ids);
  const names = list(prm.usernames);
  if (ids || names) out.userIds = [...new Set([...(ids ?? []), ...(names ?? []).map((n) => ctx.state.userByName(n)?.id ?? -1)])].filter((id) => ctx.state.users.has(id));
  const g = intList(prm.group_ids);
  if (g) out.groupIds = g.filter((id) => ctx.state.groups.has(id));
  const branches = intList(prm.protected_branch_ids);
  if (branches) out.protectedBranchIds = branches.filter((id) => [...p.repo.protectedBranches.values()].some((b) => b.id === id));
  const all = bool(prm.applies_to_all_protected_branches);
  if (all !== undefined) out.appliesToAllProtectedBranches = all;
  return out;
}

function newRule(ctx: Ctx, fields: Partial<ApprovalRuleRec>, sourceRuleId: number | null = null): ApprovalRuleRec {
  const type = str(ctx.params.rule_type);
  return {
    id: ctx.state.nextId('approval_rule'), name: fields.name ?? '', ruleType: type === 'any_approver' || type === 'report_approver' ? type : 'regular',
    reportType: str(ctx.params.report_type) ?? null, approvalsRequired: fields.approvalsRequired ?? 0, userIds: fields.userIds ?? [], groupIds: fields.groupIds ?? [],
    protectedBranchIds: fields.protectedBranchIds ?? [], appliesToAllProtectedBranches: fields.appliesToAllProtectedBranches ?? false, sourceRuleId,
  };
}

/** A merge request's own rules, copied from the project rules in force on the first change (GitLab keeps MR-level copies). */
function ownRules(ctx: Ctx, p: ProjectRec, mr: MrRec): ApprovalRuleRec[] {
  const a = ctx.state.approvalsOf(p.id);
  let own = a.mrRules.get(mr.iid);
  if (!own) {
    own = mrRules(ctx.state, p, mr).rules.map((r) => ({ ...r, id: ctx.state.nextId('approval_rule'), userIds: [...r.userIds], groupIds: [...r.groupIds], sourceRuleId: r.id }));
    a.mrRules.set(mr.iid, own);
  }
  return own;
}

/** A merge request's own rule by its id (or the project rule it came from); a report approver rule is GitLab's own and not edited. */
function changeableRule(rules: ApprovalRuleRec[], rid: string): ApprovalRuleRec | Reply {
  const rule = rules.find((x) => String(x.id) === rid || String(x.sourceRuleId) === rid);
  if (!rule) return notFound();
  return rule.ruleType === 'report_approver' ? message(403, '403 Forbidden') : rule;
}

export function registerApprovals(r: Router): void {
  const project = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };
  const maintainer = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => project((ctx, p, prm) => requireLevel(ctx, p, ACCESS.maintainer) ?? fn(ctx, p, prm));

  r.get('projects/:id/approvals', project((ctx, p) => json(200, projectApprovalsJson(ctx, p))));
  r.post('projects/:id/approvals', maintainer((ctx, p) => {
    const s = ctx.state.approvalsOf(p.id).settings;
    for (const [wire, key, inverted] of LEGACY) {
      if (ctx.params[wire] === undefined) continue;
      const v = bool(ctx.params[wire]);
      if (v === undefined) return json(400, { error: `${wire} is invalid` });
      s[key] = inverted ? !v : v;
    }
    return json(201, projectApprovalsJson(ctx, p));
  }));
  r.get('projects/:id/merge_request_approval_setting', project((ctx, p) => {
    const { value, locked } = effectiveSettings(ctx, p);
    return json(200, settingsJson(value, value, locked, 'group'));
  }));
  r.put('projects/:id/merge_request_approval_setting', maintainer((ctx, p) => {
    const s = ctx.state.approvalsOf(p.id).settings;
    const next = { ...s };
    const bad = writeSettings(ctx, next);
    if (bad) return bad;
    Object.assign(s, next);
    const { value, locked } = effectiveSettings(ctx, p);
    return json(200, settingsJson(value, value, locked, 'group'));
  }));
  const group = (write: boolean) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.owner) return message(403, '403 Forbidden');
    const own = ctx.state.groupApprovalSettings.get(g.id) ?? {};
    if (write) {
      const next = { ...own };
      const bad = writeSettings(ctx, next);
      if (bad) return bad;
      ctx.state.groupApprovalSettings.set(g.id, next);
    }
    return json(200, settingsJson(ctx.state.groupApprovalSettings.get(g.id) ?? {}, APPROVAL_DEFAULTS, new Set(), null));
  };
  r.get('groups/:id/merge_request_approval_setting', group(false));
  r.put('groups/:id/merge_request_approval_setting', group(true));

  // Project rules: Premium. GitLab checks the licence before it looks at the project (403 on Free).
  const premium = (h: (ctx: Ctx, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply =>
    (ctx.state.licensed ? h(ctx, prm) : message(403, '403 Forbidden'));
  r.get('projects/:id/approval_rules', premium(project((ctx, p) => paginate(ctx, ctx.state.approvalsOf(p.id).rules.map((x) => projectRuleJson(ctx, p, x))))));
  const findRule = (ctx: Ctx, p: ProjectRec, id: string) => ctx.state.approvalsOf(p.id).rules.find((x) => String(x.id) === id);
  r.get('projects/:id/approval_rules/:rid', premium(project((ctx, p, prm) => {
    const rule = findRule(ctx, p, prm.rid);
    return rule ? json(200, projectRuleJson(ctx, p, rule)) : notFound();
  })));
  r.post('projects/:id/approval_rules', premium(maintainer((ctx, p) => {
    const absent = ['name', 'approvals_required'].filter((k) => str(ctx.params[k]) === undefined);
    if (absent.length) return missing(...absent);
    const rules = ctx.state.approvalsOf(p.id).rules;
    const f = ruleFields(ctx, p, rules);
    if (isReply(f)) return f;
    const rule = newRule(ctx, f);
    rules.push(rule);
    return json(201, projectRuleJson(ctx, p, rule));
  })));
  r.put('projects/:id/approval_rules/:rid', premium(maintainer((ctx, p, prm) => {
    const rules = ctx.state.approvalsOf(p.id).rules;
    const rule = findRule(ctx, p, prm.rid);
    if (!rule) return notFound();
    const f = ruleFields(ctx, p, rules, rule);
    if (isReply(f)) return f;
    Object.assign(rule, f);
    return json(200, projectRuleJson(ctx, p, rule));
  })));
  r.delete('projects/:id/approval_rules/:rid', premium(maintainer((ctx, p, prm) => {
    const a = ctx.state.approvalsOf(p.id);
    const rule = findRule(ctx, p, prm.rid);
    if (!rule) return notFound();
    a.rules = a.rules.filter((x) => x !== rule);
    return noContent();
  })));

  // Merge request rules, state, approvals.
  const mr = (fn: (ctx: Ctx, p: ProjectRec, m: MrRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadMr(ctx, prm.id, prm.iid);
    return isReply(x) ? x : fn(ctx, x.p, x.mr, prm);
  };
  const base = 'projects/:id/merge_requests/:iid';
  r.get(`${base}/approvals`, mr((ctx, p, m) => json(200, approvalsJson(ctx, p, m))));
  r.get(`${base}/approval_state`, mr((ctx, p, m) => {
    const st = approvalState(ctx.state, p, m);
    return json(200, { approval_rules_overwritten: st.overwritten, rules: st.rules.map((x) => stateRuleJson(ctx, p, x)) });
  }));
  r.post(`${base}/approve`, mr((ctx, p, m) => {
    const denied = canApprove(ctx, p, m);
    if (denied) return denied;
    const sha = str(ctx.params.sha);
    if (sha && sha !== headOf(p, m)) return message(409, 'SHA does not match HEAD of source branch');
    m.approvedBy.push(ctx.user.id);
    return json(201, approvalsJson(ctx, p, m));
  }));
  r.post(`${base}/unapprove`, mr((ctx, p, m) => {
    if (!m.approvedBy.includes(ctx.user.id)) return notFound();
    m.approvedBy = m.approvedBy.filter((id) => id !== ctx.user.id);
    return json(201, approvalsJson(ctx, p, m));
  }));
  // Only the bot users of project and group access tokens may reset approvals; everyone else gets 401.
  r.put(`${base}/reset_approvals`, mr((ctx, p, m) => {
    if (!ctx.user.bot || ctx.state.accessLevel(ctx.user, p) < ACCESS.developer) return message(401, '401 Unauthorized');
    m.approvedBy = [];
    return { status: 202 };
  }));
  // On Free a merge request has no rules (none are copied from the project), as its approval state says.
  r.get(`${base}/approval_rules`, mr((ctx, p, m) => paginate(ctx, ctx.state.licensed ? mrRules(ctx.state, p, m).rules.map((x) => mrRuleJson(ctx, p, x)) : [])));
  // Changing a merge request's rules: Developer (or the author), and only while the project allows overrides.
  const editable = (fn: (ctx: Ctx, p: ProjectRec, m: MrRec, prm: Record<string, string>) => Reply) => mr((ctx, p, m, prm) => {
    if (ctx.state.accessLevel(ctx.user, p) < ACCESS.developer && m.authorId !== ctx.user.id) return message(403, '403 Forbidden');
    if (!effectiveSettings(ctx, p).value.allowOverrides) return message(403, '403 Forbidden');
    return fn(ctx, p, m, prm);
  });
  r.post(`${base}/approval_rules`, editable((ctx, p, m) => {
    const absent = ['name', 'approvals_required'].filter((k) => str(ctx.params[k]) === undefined);
    if (absent.length) return missing(...absent);
    const rules = ownRules(ctx, p, m);
    const sourceId = int(ctx.params.approval_project_rule_id);
    const source = sourceId === undefined ? undefined : ctx.state.approvalsOf(p.id).rules.find((x) => x.id === sourceId);
    if (sourceId !== undefined && !source) return notFound();
    const f = ruleFields(ctx, p, rules);
    if (isReply(f)) return f;
    // From a project rule: its name, users and groups are copied; the given approvals_required is used.
    const rule = newRule(ctx, source ? { ...f, name: source.name, userIds: [...source.userIds], groupIds: [...source.groupIds] } : f, source?.id ?? null);
    if (source) rule.ruleType = source.ruleType;
    rules.push(rule);
    return json(201, mrRuleJson(ctx, p, rule));
  }));
  r.put(`${base}/approval_rules/:rid`, editable((ctx, p, m, prm) => {
    const rules = ownRules(ctx, p, m);
    const rule = changeableRule(rules, prm.rid);
    if (isReply(rule)) return rule;
    const f = ruleFields(ctx, p, rules, rule);
    if (isReply(f)) return f;
    Object.assign(rule, f);
    return json(200, mrRuleJson(ctx, p, rule));
  }));
  r.delete(`${base}/approval_rules/:rid`, editable((ctx, p, m, prm) => {
    const rules = ownRules(ctx, p, m);
    const rule = changeableRule(rules, prm.rid);
    if (isReply(rule)) return rule;
    ctx.state.approvalsOf(p.id).mrRules.set(m.iid, rules.filter((x) => x !== rule));
    return noContent();
  }));
}
