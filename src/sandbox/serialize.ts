// Wire shapes of the platform's objects, built from the records (modelled on the platform's own answers).
import type { CommitRec, GroupRec, IssueRec, JobRec, MilestoneRec, MrRec, NoteRec, NoteableRef, PipelineRec, ProjectRec, SandboxState, TimeRec, UserRec } from './state.js';
import { diffFiles, diffStats, history, mergeBase, resolveRef, trailersOf } from './repo.js';
import { humanDuration } from './duration.js';
import { detailedMergeStatus, hasConflicts } from './mergeability.js';
import { gravatarUrl } from './gravatar.js';
import { branchAllows, branchRules } from './branch-protection.js';

const avatar = (u: UserRec): string => u.avatarUrl ?? gravatarUrl(u.email);

/** Profile fields the users API writes, per entity that shows them. */
const PUBLIC_PROFILE = ['linkedin', 'twitter', 'discord', 'website_url', 'github', 'pronouns'];
const PRIVATE_PROFILE = ['theme_id', 'color_scheme_id', 'projects_limit', 'can_create_group', 'external', 'private_profile', 'commit_email'];
const ADMIN_PROFILE = ['note', 'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit'];

function pick(from: Record<string, unknown> | undefined, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (from) for (const k of keys) if (k in from) out[k] = from[k];
  return out;
}

export function userBasic(state: SandboxState, id: number | null | undefined): Record<string, unknown> | null {
  if (id === null || id === undefined) return null;
  const u = state.users.get(id);
  if (!u) return null;
  return { id: u.id, username: u.username, public_email: u.email, name: u.name, state: u.state, locked: false, avatar_url: avatar(u), web_url: `${state.url}/${u.username}` };
}

export function userPublic(state: SandboxState, u: UserRec): Record<string, unknown> {
  return {
    ...userBasic(state, u.id), created_at: u.createdAt, bio: u.bio, location: u.location, linkedin: '', twitter: '', discord: '', website_url: '',
    github: '', job_title: u.jobTitle, pronouns: null, organization: u.organization, bot: u.bot, work_information: null, local_time: null,
    followers: 0, following: 0, is_followed: false, ...pick(u.profile, PUBLIC_PROFILE),
  };
}

/** The caller's own user, or any user as an administrator sees it; the admin-only fields only for an administrator (GitLab's UserWithAdmin). */
export function userPrivate(state: SandboxState, u: UserRec, viewerIsAdmin: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...userPublic(state, u), last_sign_in_at: u.lastActivityOn === null ? null : '2026-03-01T08:12:40.000Z', confirmed_at: u.createdAt,
    last_activity_on: u.lastActivityOn === undefined ? '2026-03-01' : u.lastActivityOn, email: u.email, theme_id: 3, color_scheme_id: 1,
    projects_limit: 100000, current_sign_in_at: u.lastActivityOn === null ? null : '2026-03-01T08:12:40.000Z',
    identities: (u.identities ?? []).map((i) => ({ ...i, saml_provider_id: null })), can_create_group: true, can_create_project: true,
    two_factor_enabled: !!u.twoFactor, external: false, private_profile: false, commit_email: u.email, ...pick(u.profile, PRIVATE_PROFILE),
  };
  if (!viewerIsAdmin) return out;
  return {
    ...out, is_admin: u.isAdmin, note: null, namespace_id: 100 + u.id, created_by: userBasic(state, u.createdById), shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null, scim_identities: [], using_license_seat: !u.bot, ...pick(u.profile, ADMIN_PROFILE),
  };
}

export function groupNamespace(state: SandboxState, g: GroupRec): Record<string, unknown> {
  return {
    id: g.id, name: g.name, path: g.path, kind: 'group', full_path: g.fullPath, parent_id: g.parentId, avatar_url: null, web_url: `${state.url}/groups/${g.fullPath}`,
  };
}

export function userNamespace(state: SandboxState, u: UserRec): Record<string, unknown> {
  return { id: 100 + u.id, name: u.name, path: u.username, kind: 'user', full_path: u.username, parent_id: null, avatar_url: avatar(u), web_url: `${state.url}/${u.username}` };
}

function projectNamespace(state: SandboxState, p: ProjectRec): Record<string, unknown> {
  if (p.namespace.kind === 'group') return groupNamespace(state, state.groups.get(p.namespace.id)!);
  return userNamespace(state, state.users.get(p.namespace.id - 100)!);
}

export function groupJson(state: SandboxState, g: GroupRec): Record<string, unknown> {
  return {
    id: g.id, web_url: `${state.url}/groups/${g.fullPath}`, name: g.name, path: g.path, description: g.description, visibility: g.visibility,
    share_with_group_lock: false, require_two_factor_authentication: false, two_factor_grace_period: 48, project_creation_level: 'developer',
    auto_devops_enabled: null, subgroup_creation_level: 'maintainer', emails_disabled: false, emails_enabled: true, mentions_disabled: null,
    lfs_enabled: true, default_branch: null, default_branch_protection: 2, avatar_url: null, request_access_enabled: true,
    full_name: g.fullPath.split('/').map((x) => x.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())).join(' / '),
    full_path: g.fullPath, created_at: g.createdAt, parent_id: g.parentId, organization_id: 1, shared_runners_setting: 'enabled',
    ldap_cn: null, ldap_access: null, marked_for_deletion_on: null, wiki_access_level: 'enabled', archived: false,
  };
}

/** The parent of a fork, as GitLab's BasicProjectDetails, when the caller may see it. */
function forkedFrom(state: SandboxState, p: ProjectRec, user: UserRec | undefined): Record<string, unknown> {
  const parent = p.forkedFromId === undefined ? undefined : state.projects.get(p.forkedFromId);
  return parent && state.canSeeProject(user, parent) ? { forked_from_project: projectJson(state, parent, user, { simple: true }) } : {};
}

/** GitLab's SharedGroupWithProject entries of a project. */
function sharedWithGroups(state: SandboxState, p: ProjectRec): Array<Record<string, unknown>> {
  return (p.sharedWith ?? []).flatMap((l) => {
    const g = state.groups.get(l.groupId);
    return g ? [{ group_id: g.id, group_name: g.name, group_full_path: g.fullPath, group_access_level: l.access, expires_at: l.expiresAt }] : [];
  });
}

export function projectJson(state: SandboxState, p: ProjectRec, user: UserRec | undefined, opts: { simple?: boolean; statistics?: boolean } = {}): Record<string, unknown> {
  const full = state.projectFullPath(p);
  const web = `${state.url}/${full}`;
  const ns = projectNamespace(state, p);
  const nameWithNs = `${String(ns.name)} / ${p.name}`;
  const host = new URL(state.url).hostname;
  const simple = {
    id: p.id, description: p.description, name: p.name, name_with_namespace: nameWithNs, path: p.path, path_with_namespace: full,
    created_at: p.createdAt, default_branch: p.defaultBranch, tag_list: p.topics, topics: p.topics, ssh_url_to_repo: `git@${host}:${full}.git`,
    http_url_to_repo: `${web}.git`, web_url: web, readme_url: `${web}/-/blob/${p.defaultBranch}/README.md`, forks_count: p.forksCount,
    avatar_url: null, star_count: p.starCount, last_activity_at: p.lastActivityAt, namespace: ns,
  };
  if (opts.simple) return simple;
  const base = `${state.url}/api/v4/projects/${p.id}`;
  const level = state.accessLevel(user, p);
  const groupLevel = p.namespace.kind === 'group' && user ? state.groupAccess(user, p.namespace.id) : 0;
  const out: Record<string, unknown> = {
    ...simple,
    container_registry_image_prefix: `registry.${host}/${full}`,
    _links: { self: base, issues: `${base}/issues`, merge_requests: `${base}/merge_requests`, repo_branches: `${base}/repository/branches`, labels: `${base}/labels`, events: `${base}/events`, members: `${base}/members`, cluster_agents: `${base}/cluster_agents` },
    packages_enabled: true, empty_repo: p.repo.commits.size === 0, archived: p.archived, visibility: p.visibility, owner: p.namespace.kind === 'user' ? userBasic(state, p.namespace.id - 100) : undefined,
    resolve_outdated_diff_discussions: false, container_expiration_policy: { cadence: '1d', enabled: false, keep_n: 10, older_than: '90d', name_regex: '.*', name_regex_keep: null, next_run_at: '2026-03-03T09:00:00.000Z' },
    repository_object_format: 'sha1', issues_enabled: true, merge_requests_enabled: true, wiki_enabled: true, jobs_enabled: true, snippets_enabled: true,
    container_registry_enabled: true, service_desk_enabled: false, service_desk_address: null, can_create_merge_request_in: level >= 30,
    issues_access_level: 'enabled', repository_access_level: 'enabled', merge_requests_access_level: 'enabled', forking_access_level: 'enabled',
    wiki_access_level: 'enabled', builds_access_level: 'enabled', snippets_access_level: 'enabled', pages_access_level: 'private',
    analytics_access_level: 'enabled', container_registry_access_level: 'enabled', security_and_compliance_access_level: 'private',
    releases_access_level: 'enabled', environments_access_level: 'enabled', feature_flags_access_level: 'enabled', infrastructure_access_level: 'enabled',
    monitor_access_level: 'enabled', model_experiments_access_level: 'enabled', model_registry_access_level: 'enabled',
    emails_disabled: false, emails_enabled: true, shared_runners_enabled: true, lfs_enabled: true, creator_id: p.creatorId, ...forkedFrom(state, p, user), import_url: null,
    import_type: null, import_status: 'none', import_error: null, open_issues_count: [...p.issues.values()].filter((i) => i.state === 'opened').length,
    description_html: `<p data-sourcepos="1:1-1:${p.description.length}" dir="auto">${p.description}</p>`, updated_at: p.lastActivityAt,
    ci_default_git_depth: 20, ci_delete_pipelines_in_seconds: null, ci_forward_deployment_enabled: true, ci_forward_deployment_rollback_allowed: true,
    ci_job_token_scope_enabled: false, ci_separated_caches: true, ci_allow_fork_pipelines_to_run_in_parent_project: true, ci_id_token_sub_claim_components: ['project_path', 'ref_type', 'ref'],
    build_git_strategy: 'fetch', keep_latest_artifact: true, restrict_user_defined_variables: true, ci_pipeline_variables_minimum_override_role: 'developer',
    runners_token: undefined, runner_token_expiration_interval: null, group_runners_enabled: true, auto_cancel_pending_pipelines: 'enabled',
    build_timeout: 3600, auto_devops_enabled: false, auto_devops_deploy_strategy: 'continuous', ci_config_path: '', public_jobs: true,
    shared_with_groups: sharedWithGroups(state, p), only_allow_merge_if_pipeline_succeeds: false, allow_merge_on_skipped_pipeline: null,
    request_access_enabled: true, only_allow_merge_if_all_discussions_are_resolved: false, remove_source_branch_after_merge: true,
    printing_merge_request_link_enabled: true, merge_method: 'merge', merge_request_title_regex: null, squash_option: 'default_off',
    enforce_auth_checks_on_uploads: true, suggestion_commit_message: null, merge_commit_template: null, squash_commit_template: null,
    issue_branch_template: null, warn_about_potentially_unwanted_characters: true, autoclose_referenced_issues: true, max_artifacts_size: null,
    approvals_before_merge: 0, mirror: false, external_authorization_classification_label: '', marked_for_deletion_at: p.markedForDeletionAt ?? null, marked_for_deletion_on: p.markedForDeletionAt?.slice(0, 10) ?? null,
    requirements_enabled: true, requirements_access_level: 'enabled', security_and_compliance_enabled: true, compliance_frameworks: [],
    issues_template: null, merge_requests_template: null, ci_restrict_pipeline_cancellation_role: 'developer', merge_pipelines_enabled: false,
    merge_trains_enabled: false, merge_trains_skip_train_allowed: false, allow_pipeline_trigger_approve_deployment: false, prevent_merge_without_jira_issue: false,
    permissions: {
      project_access: p.members.has(user?.id ?? -1) ? { access_level: p.members.get(user!.id), notification_level: 3 } : null,
      group_access: groupLevel > 0 ? { access_level: groupLevel, notification_level: 3 } : null,
    },
    ...p.extra,
  };
  if (out.owner === undefined) delete out.owner;
  delete out.runners_token;
  if (opts.statistics) {
    let size = 0;
    const head = p.repo.branches.get(p.defaultBranch);
    for (const c of p.repo.commits.values()) if (c.id === head) for (const v of c.files.values()) size += v.length;
    out.statistics = {
      // GitLab counts the commits of the default branch, not of every branch.
      commit_count: head ? history(p.repo, head).length : 0, storage_size: size * 4, repository_size: size * 3, wiki_size: 0, lfs_objects_size: 0,
      job_artifacts_size: 20480, pipeline_artifacts_size: 0, packages_size: 0, snippets_size: 0, uploads_size: 0, container_registry_size: 0,
    };
  }
  return out;
}

/** GitLab's milestone entity: a project milestone says `project_id`, a group milestone `group_id` (`p` may be any project below that group). */
export function milestoneJson(state: SandboxState, p: ProjectRec | undefined, m: MilestoneRec | undefined): Record<string, unknown> | null {
  if (!m) return null;
  const group = m.groupId === undefined ? undefined : state.groups.get(m.groupId);
  const owner = group ? { group_id: group.id } : { project_id: p?.id };
  const page = group ? `groups/${group.fullPath}` : p ? state.projectFullPath(p) : '';
  return {
    id: m.id, iid: m.iid, ...owner, title: m.title, description: m.description, state: m.state, created_at: m.createdAt, updated_at: m.updatedAt,
    due_date: m.dueDate, start_date: m.startDate, expired: false, web_url: `${state.url}/${page}/-/milestones/${m.iid}`,
  };
}

/** Whether the caller gets notifications: an explicit (un)subscription, else being a participant (author, assignee, commenter), as GitLab defaults. */
export function subscribed(state: SandboxState, key: string, participants: number[]): boolean {
  const explicit = state.subscriptions.get(key)?.get(state.viewerId);
  if (explicit !== undefined) return explicit;
  return participants.includes(state.viewerId) || (state.notes.get(key) ?? []).some((n) => !n.system && n.authorId === state.viewerId);
}

const refs = (full: string, sigil: string, iid: number) => ({ short: `${sigil}${iid}`, relative: `${sigil}${iid}`, full: `${full}${sigil}${iid}` });

/** The issues a merge request's description closes on merge (`Closes #1`, `fixes #1`…), by IID, as GitLab's closing patterns read them. */
export function closedIids(description: string | null): Set<number> {
  return new Set([...(description ?? '').matchAll(/(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d+)/gi)].map((m) => Number(m[1])));
}

/** The merge requests of a project that close issue `iid` on merge. */
export function closingMrs(p: ProjectRec, iid: number): MrRec[] {
  return [...p.mrs.values()].filter((m) => closedIids(m.description).has(iid));
}

// `weight` is Premium: GitLab exposes it only where the licence has issue weights (supports_weight?).
export function issueJson(state: SandboxState, p: ProjectRec, i: IssueRec): Record<string, unknown> {
  const full = state.projectFullPath(p);
  const base = `${state.url}/api/v4/projects/${p.id}`;
  const assignees = i.assigneeIds.map((id) => userBasic(state, id)).filter(Boolean);
  const notes = state.notes.get(`${p.id}:Issue:${i.iid}`) ?? [];
  const tasks = (i.description ?? '').match(/^\s*[-*] \[[ xX]\]/gm) ?? [];
  const done = (i.description ?? '').match(/^\s*[-*] \[[xX]\]/gm) ?? [];
  return {
    id: i.id, iid: i.iid, project_id: p.id, title: i.title, description: i.description, state: i.state, created_at: i.createdAt, updated_at: i.updatedAt,
    closed_at: i.closedAt, closed_by: userBasic(state, i.closedById), labels: [...i.labels].sort(), milestone: milestoneJson(state, p, state.milestoneOf(p, i.milestoneId)),
    assignees, author: userBasic(state, i.authorId), type: i.issueType.toUpperCase(), assignee: assignees[0] ?? null,
    user_notes_count: notes.filter((n) => !n.system).length, merge_requests_count: closingMrs(p, i.iid).length, upvotes: i.upvotes, downvotes: i.downvotes, due_date: i.dueDate,
    confidential: i.confidential, discussion_locked: i.discussionLocked, issue_type: i.issueType, web_url: `${state.url}/${full}/-/issues/${i.iid}`,
    time_stats: timeStatsJson(state.timeOf(p.id, 'Issue', i.iid)),
    task_completion_status: { count: tasks.length, completed_count: done.length }, ...(state.licensed ? { weight: i.weight } : {}), blocking_issues_count: 0, has_tasks: tasks.length > 0,
    task_status: `${done.length} of ${tasks.length} checklist items completed`,
    _links: { self: `${base}/issues/${i.iid}`, notes: `${base}/issues/${i.iid}/notes`, award_emoji: `${base}/issues/${i.iid}/award_emoji`, project: base, closed_as_duplicate_of: null },
    references: refs(full, '#', i.iid), severity: 'UNKNOWN', subscribed: subscribed(state, `${p.id}:Issue:${i.iid}`, [i.authorId, ...i.assigneeIds]), moved_to_id: i.movedToId ?? null, imported: false, imported_from: 'none',
    service_desk_reply_to: null, epic_iid: null, epic: null, iteration: null, health_status: null,
  };
}

export function commitJson(state: SandboxState, p: ProjectRec, c: CommitRec, opts: { stats?: boolean } = {}): Record<string, unknown> {
  const trailers = trailersOf(c.message);
  const out: Record<string, unknown> = {
    id: c.id, short_id: c.id.slice(0, 8), created_at: c.date, parent_ids: [...c.parents], title: c.title, message: c.message,
    author_name: c.authorName, author_email: c.authorEmail, authored_date: c.date, committer_name: c.authorName, committer_email: c.authorEmail,
    committed_date: c.date, trailers: Object.fromEntries([...trailers].map(([k, v]) => [k, v[v.length - 1]])), extended_trailers: Object.fromEntries(trailers), web_url: `${state.url}/${state.projectFullPath(p)}/-/commit/${c.id}`,
  };
  if (opts.stats) {
    const parent = c.parents[0] ? p.repo.commits.get(c.parents[0]) : undefined;
    out.stats = diffStats(diffFiles(parent?.files, c.files));
    const pl = [...p.pipelines.values()].filter((x) => x.sha === c.id).sort((a, b) => b.id - a.id)[0];
    out.status = pl ? pl.status : null;
    out.project_id = p.id;
    out.last_pipeline = pl ? pipelineJson(state, p, pl) : null;
  }
  return out;
}

/** MergeRequest#can_be_merged_by?: Gitlab::UserAccess#can_update_branch? on the target branch (push or merge). */
export function canMerge(state: SandboxState, user: UserRec | undefined, p: ProjectRec, branch: string): boolean {
  return branchAllows(state, user, p, branch, 'push') || branchAllows(state, user, p, branch, 'merge');
}

export function branchJson(state: SandboxState, p: ProjectRec, name: string): Record<string, unknown> {
  const sha = p.repo.branches.get(name)!;
  const c = p.repo.commits.get(sha)!;
  const rules = branchRules(p, name);
  const viewer = state.users.get(state.viewerId);
  const defSha = p.repo.branches.get(p.defaultBranch);
  // Repository#merged_to_root_ref? (and merged_branch_names without include_identical): in the default branch's
  // history and not its very head, so a branch just made from it is not "merged".
  const merged = name !== p.defaultBranch && defSha !== undefined && sha !== defSha && mergeBase(p.repo, sha, defSha) === sha;
  return {
    // ProtectedRef.developers_can?: a matching rule whose level is exactly Developer.
    name, commit: commitJson(state, p, c), merged, protected: rules.length > 0, developers_can_push: rules.some((r) => r.pushLevel === 30),
    developers_can_merge: rules.some((r) => r.mergeLevel === 30), can_push: branchAllows(state, viewer, p, name, 'push'), default: name === p.defaultBranch,
    web_url: `${state.url}/${state.projectFullPath(p)}/-/tree/${name}`,
  };
}

function detailedStatus(state: SandboxState, path: string, status: string): Record<string, unknown> {
  const text = status === 'success' ? 'passed' : status;
  return {
    icon: `status_${status}`, text, label: text, group: status, tooltip: text, has_details: true, details_path: path, illustration: null,
    favicon: `${state.url}/assets/ci_favicons/favicon_status_${status}.png`,
  };
}

export function pipelineJson(state: SandboxState, p: ProjectRec, pl: PipelineRec, opts: { detail?: boolean } = {}): Record<string, unknown> {
  const full = state.projectFullPath(p);
  const out: Record<string, unknown> = {
    id: pl.id, iid: pl.iid, project_id: p.id, sha: pl.sha, ref: pl.ref, status: pl.status, source: pl.source, created_at: pl.createdAt,
    updated_at: pl.updatedAt, web_url: `${state.url}/${full}/-/pipelines/${pl.id}`, name: pl.name,
  };
  if (!opts.detail) return out;
  return {
    ...out, before_sha: pl.beforeSha, tag: pl.tag, yaml_errors: null, user: userBasic(state, pl.userId), started_at: pl.startedAt, finished_at: pl.finishedAt,
    committed_at: null, duration: pl.duration, queued_duration: pl.startedAt ? 1.2 : null, coverage: pl.coverage,
    detailed_status: detailedStatus(state, `/${full}/-/pipelines/${pl.id}`, pl.status), archived: false,
  };
}

export function jobJson(state: SandboxState, p: ProjectRec, j: JobRec): Record<string, unknown> {
  const pl = p.pipelines.get(j.pipelineId);
  const c = pl ? p.repo.commits.get(pl.sha) : undefined;
  const full = state.projectFullPath(p);
  const artifacts = j.artifacts && !j.erased ? [
    { file_type: 'archive', size: 1024, filename: 'artifacts.zip', file_format: 'zip' },
    { file_type: 'metadata', size: 186, filename: 'metadata.gz', file_format: 'gzip' },
  ] : [];
  const traceSize = j.status === 'created' || j.status === 'pending' || j.erased ? 0 : 9000;
  if (traceSize) artifacts.push({ file_type: 'trace', size: traceSize, filename: 'job.log', file_format: 'raw' });
  return {
    id: j.id, status: j.status, stage: j.stage, name: j.name, ref: j.ref, tag: j.tag, coverage: j.coverage, allow_failure: j.allowFailure,
    created_at: j.createdAt, started_at: j.startedAt, finished_at: j.finishedAt, erased_at: j.erased ? j.finishedAt : null, duration: j.duration,
    queued_duration: j.queuedDuration, user: userBasic(state, j.userId), commit: c ? commitJson(state, p, c) : null,
    pipeline: pl ? pipelineJson(state, p, pl) : null, source: pl?.source ?? 'push', failure_reason: j.failureReason ?? undefined, web_url: `${state.url}/${full}/-/jobs/${j.id}`,
    project: { ci_job_token_scope_enabled: false }, artifacts, artifacts_file: j.artifacts && !j.erased ? { filename: 'artifacts.zip', size: 1024 } : undefined,
    runner: j.startedAt ? { id: 7, description: 'sandbox-runner-1', ip_address: null, active: true, paused: false, is_shared: true, runner_type: 'instance_type', name: 'gitlab-runner', online: true, status: 'online' } : null,
    runner_manager: null, artifacts_expire_at: j.artifacts ? '2026-04-01T09:00:00.000Z' : null, archived: false, tag_list: ['docker'],
  };
}

export function mrJson(state: SandboxState, p: ProjectRec, mr: MrRec, opts: { detail?: boolean } = {}): Record<string, unknown> {
  const full = state.projectFullPath(p);
  const headSha = p.repo.branches.get(mr.sourceBranch) ?? mr.headSha;
  const assignees = mr.assigneeIds.map((id) => userBasic(state, id)).filter(Boolean);
  const conflicted = hasConflicts(p, mr);
  const detailed = detailedMergeStatus(state, p, mr, conflicted);
  const notes = state.notes.get(`${p.id}:MergeRequest:${mr.iid}`) ?? [];
  const out: Record<string, unknown> = {
    id: mr.id, iid: mr.iid, project_id: p.id, title: mr.title, description: mr.description, state: mr.state, created_at: mr.createdAt, updated_at: mr.updatedAt,
    merged_by: userBasic(state, mr.mergedById), merge_user: userBasic(state, mr.mergedById), merged_at: mr.mergedAt, closed_by: userBasic(state, mr.closedById),
    closed_at: mr.closedAt, target_branch: mr.targetBranch, source_branch: mr.sourceBranch, user_notes_count: notes.filter((n) => !n.system).length,
    upvotes: mr.upvotes, downvotes: mr.downvotes, author: userBasic(state, mr.authorId), assignees, assignee: assignees[0] ?? null,
    reviewers: mr.reviewerIds.map((id) => userBasic(state, id)).filter(Boolean), source_project_id: p.id, target_project_id: p.id, labels: [...mr.labels].sort(),
    draft: mr.draft, imported: false, imported_from: 'none', work_in_progress: mr.draft,
    milestone: milestoneJson(state, p, state.milestoneOf(p, mr.milestoneId)), merge_when_pipeline_succeeds: mr.mergeWhenPipelineSucceeds,
    merge_status: conflicted ? 'cannot_be_merged' : 'can_be_merged', detailed_merge_status: detailed,
    merge_after: null, sha: headSha, merge_commit_sha: mr.mergeCommitSha, squash_commit_sha: null, discussion_locked: mr.discussionLocked,
    should_remove_source_branch: mr.shouldRemoveSourceBranch, force_remove_source_branch: mr.forceRemoveSourceBranch, prepared_at: mr.createdAt,
    reference: `!${mr.iid}`, references: refs(full, '!', mr.iid), web_url: `${state.url}/${full}/-/merge_requests/${mr.iid}`,
    time_stats: timeStatsJson(state.timeOf(p.id, 'MergeRequest', mr.iid)), squash: mr.squash,
    squash_on_merge: mr.squash, task_completion_status: { count: 0, completed_count: 0 }, has_conflicts: conflicted,
    // False while a resolvable thread is open (MR !1's diff thread), as GitLab answers.
    blocking_discussions_resolved: notes.every((n) => !n.resolvable || n.resolved),
    // The deprecated per-MR column; approval rules replaced it, so GitLab answers null.
    approvals_before_merge: null,
  };
  if (!opts.detail) return out;
  const pl = [...p.pipelines.values()].filter((x) => x.sha === headSha).sort((a, b) => b.id - a.id)[0];
  const targetHead = p.repo.branches.get(mr.targetBranch) ?? mr.baseSha;
  const base = mr.state === 'merged' ? mr.baseSha : mergeBase(p.repo, headSha, targetHead) ?? mr.baseSha;
  const head = p.repo.commits.get(headSha);
  const changes = diffFiles(p.repo.commits.get(base)?.files, head?.files).length;
  return {
    ...out, subscribed: subscribed(state, `${p.id}:MergeRequest:${mr.iid}`, [mr.authorId, ...mr.assigneeIds, ...mr.reviewerIds]), changes_count: String(changes), latest_build_started_at: pl?.startedAt ?? null, latest_build_finished_at: pl?.finishedAt ?? null,
    first_deployed_to_production_at: null, pipeline: pl ? pipelineJson(state, p, pl) : null, head_pipeline: pl ? pipelineJson(state, p, pl, { detail: true }) : null,
    diff_refs: { base_sha: base, head_sha: headSha, start_sha: resolveRef(p.repo, mr.targetBranch) ?? base }, merge_error: mr.rebaseError ?? null,
    first_contribution: false, user: { can_merge: canMerge(state, state.users.get(state.viewerId), p, mr.targetBranch) }, approvals_before_merge: null,
  };
}

export function timeStatsJson(t: TimeRec): Record<string, unknown> {
  return { time_estimate: t.estimate, total_time_spent: t.spent, human_time_estimate: humanDuration(t.estimate), human_total_time_spent: humanDuration(t.spent) };
}

export function noteJson(state: SandboxState, n: NoteableRef, note: NoteRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: note.id, type: note.type, body: note.body, author: userBasic(state, note.authorId), created_at: note.createdAt, updated_at: note.updatedAt,
    system: note.system, noteable_id: n.id, noteable_type: n.kind, project_id: n.projectId, resolvable: note.resolvable,
    resolved: note.resolvable ? note.resolved : undefined, resolved_by: note.resolvable ? userBasic(state, note.resolvedById) : undefined,
    resolved_at: note.resolvable ? note.resolvedAt : undefined, suggestions: note.type === 'DiffNote' ? [] : undefined,
    confidential: note.internal, internal: note.internal, imported: false, imported_from: 'none', noteable_iid: n.iid, commands_changes: {},
  };
  if (note.position) out.position = note.position;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

export function discussionJson(state: SandboxState, n: NoteableRef, notes: NoteRec[]): Record<string, unknown> {
  return { id: notes[0].discussionId, individual_note: notes.length === 1 && notes[0].type === null, notes: notes.map((x) => noteJson(state, n, x)) };
}
