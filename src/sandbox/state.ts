// The mutable store of the sandbox: records (not wire shapes; see serialize.ts) and lookups.
import { createHash } from 'node:crypto';
import type { TokenRec } from './token-types.js';

export type Visibility = 'private' | 'internal' | 'public';

export const ACCESS = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const;
/** Minimal Access memberships give no access to a group's content and are left out of member lists. */
export const MINIMAL_ACCESS = 5;

/** GitLab's user states; every state but active and deactivated is a blocked one. */
export type UserState = 'active' | 'blocked' | 'deactivated' | 'banned' | 'blocked_pending_approval';

export interface UserRec {
  id: number; username: string; name: string; email: string; isAdmin: boolean; state: UserState;
  bio: string; location: string; jobTitle: string; organization: string; createdAt: string; bot: boolean;
  /** Day of the last activity (default the seed's); null for an account never used. */
  lastActivityOn?: string | null;
  twoFactor?: boolean;
  /** Profile and admin fields written through the users API (linkedin, note, external, projects_limit…), by their wire name. */
  profile?: Record<string, unknown>;
  identities?: Array<{ provider: string; extern_uid: string }>;
  /** An uploaded avatar; otherwise the Gravatar of the email. */
  avatarUrl?: string;
  createdById?: number;
  serviceAccount?: boolean;
}

export interface GroupRec {
  id: number; name: string; path: string; fullPath: string; description: string; visibility: Visibility;
  parentId: number | null; createdAt: string; members: Map<number, number>;
  /** Expiry dates (YYYY-MM-DD) of the direct memberships that have one. */
  memberExpiry?: Map<number, string>;
  /** Groups this group is shared with (group group links): their direct members get up to the link's level here and below. */
  sharedWith?: GroupLink[];
}

/** A project's or a group's share with a group (GitLab's project_group_links and group_group_links). */
export interface GroupLink { id: number; groupId: number; access: number; expiresAt: string | null }

export interface LabelRec { id: number; name: string; color: string; description: string | null; archived?: boolean; /** A project label's priority (ProjectLabel's `priority`), null or absent when it has none. */ priority?: number | null }

export interface MilestoneRec {
  id: number; iid: number; title: string; description: string; state: 'active' | 'closed';
  dueDate: string | null; startDate: string | null; createdAt: string; updatedAt: string;
  /** Set on a group milestone: the group that holds it (GitLab's `group_id`). */
  groupId?: number;
}

export interface IssueRec {
  id: number; iid: number; projectId: number; title: string; description: string | null; state: 'opened' | 'closed';
  authorId: number; assigneeIds: number[]; labels: string[]; milestoneId: number | null;
  createdAt: string; updatedAt: string; closedAt: string | null; closedById: number | null;
  confidential: boolean; dueDate: string | null; discussionLocked: boolean | null; upvotes: number; downvotes: number;
  weight: number | null; issueType: 'issue' | 'incident' | 'task';
  /** The manual order of `order_by=relative_position` (PUT …/reorder); unset issues sort last. */
  relativePosition?: number;
  /** The global id of the issue this one was moved to (a moved issue is closed). */
  movedToId?: number;
}

export interface MrRec {
  id: number; iid: number; projectId: number; title: string; description: string | null;
  state: 'opened' | 'closed' | 'merged' | 'locked'; authorId: number; assigneeIds: number[]; reviewerIds: number[];
  labels: string[]; milestoneId: number | null; sourceBranch: string; targetBranch: string;
  createdAt: string; updatedAt: string; mergedAt: string | null; mergedById: number | null;
  closedAt: string | null; closedById: number | null; draft: boolean;
  squash: boolean;
  shouldRemoveSourceBranch: boolean | null; forceRemoveSourceBranch: boolean; mergeCommitSha: string | null;
  /** Target head when the MR was opened: the diff base. */
  baseSha: string;
  /** Source head kept for MRs whose source branch is gone. */
  headSha: string;
  approvedBy: number[]; upvotes: number; downvotes: number; discussionLocked: boolean | null;
  mergeWhenPipelineSucceeds: boolean;
  /** Why the last rebase failed (GitLab's merge_error). */
  rebaseError?: string | null;
}

export interface NoteRec {
  id: number; body: string; authorId: number; createdAt: string; updatedAt: string; system: boolean;
  discussionId: string; type: null | 'DiscussionNote' | 'DiffNote'; resolvable: boolean; resolved: boolean;
  resolvedById: number | null; resolvedAt: string | null; position: unknown; internal: boolean;
}

export interface NoteableRef { kind: 'Issue' | 'MergeRequest'; projectId: number; iid: number; id: number }

export interface ReleaseLinkRec { id: number; name: string; url: string; directAssetPath: string | null; linkType: string }

export interface ReleaseRec {
  tagName: string; name: string; description: string; createdAt: string; releasedAt: string; authorId: number;
  milestoneIds: number[]; links: ReleaseLinkRec[]; evidences: Array<{ sha: string; collectedAt: string }>;
}

export interface WikiPageRec { slug: string; title: string; content: string; format: 'markdown' | 'rdoc' | 'asciidoc' | 'org'; updatedAt: string }

export interface AwardRec { id: number; name: string; userId: number; createdAt: string }

export interface TodoRec {
  id: number; userId: number; authorId: number; projectId: number; kind: NoteableRef['kind']; iid: number;
  action: 'assigned' | 'mentioned' | 'marked' | 'review_requested' | 'directly_addressed'; state: 'pending' | 'done'; body: string; createdAt: string;
}

/** A change of state, label, milestone or weight of an issue or merge request (GitLab's resource events). */
export interface ResourceEventRec {
  id: number; kind: 'state' | 'label' | 'milestone' | 'weight'; userId: number; createdAt: string;
  /** state: the new state; label/milestone: `add` or `remove`. */
  action: string;
  /** The label name, the milestone id or the weight. */
  value: string | number | null;
}

export interface IssueLinkRec { id: number; sourceProjectId: number; sourceIid: number; targetProjectId: number; targetIid: number; linkType: 'relates_to' | 'blocks' | 'is_blocked_by'; createdAt: string }

export interface DraftNoteRec { id: number; authorId: number; note: string; discussionId: string | null; resolveDiscussion: boolean; position: unknown }

/** Time tracking of an issue or merge request, in seconds. */
export interface TimeRec { estimate: number; spent: number }

/** Who may approve and whether approvals survive a push: one record behind both the project `/approvals` and `/merge_request_approval_setting` routes. */
export interface ApprovalSettingsRec {
  allowAuthorApproval: boolean; allowCommitterApproval: boolean; allowOverrides: boolean; retainApprovalsOnPush: boolean;
  selectiveCodeOwnerRemovals: boolean; requirePasswordToApprove: boolean; requireReauthenticationToApprove: boolean;
}

/** GitLab's defaults: authors may not approve their own merge requests, committers may, a push resets approvals. */
export const APPROVAL_DEFAULTS: Readonly<ApprovalSettingsRec> = Object.freeze({
  allowAuthorApproval: false, allowCommitterApproval: true, allowOverrides: true, retainApprovalsOnPush: false, selectiveCodeOwnerRemovals: false,
  requirePasswordToApprove: false, requireReauthenticationToApprove: false,
});

export interface ApprovalRuleRec {
  id: number; name: string; ruleType: 'regular' | 'any_approver' | 'report_approver'; reportType: string | null; approvalsRequired: number;
  userIds: number[]; groupIds: number[]; protectedBranchIds: number[]; appliesToAllProtectedBranches: boolean;
  /** On a merge request's own rule: the project rule it was copied from. */
  sourceRuleId: number | null;
}

/** A project's approval settings and rules, and the rules merge requests set for themselves (by MR iid). */
export interface ProjectApprovalsRec { settings: ApprovalSettingsRec; rules: ApprovalRuleRec[]; mrRules: Map<number, ApprovalRuleRec[]> }

/** One merge request blocking another (`/blocks`). */
export interface MrBlockRec { id: number; blockingMrId: number; blockedMrId: number }

export interface SavedViewRec {
  id: number; namespacePath: string; name: string; description: string | null; filters: unknown; displaySettings: unknown; sort: string;
  isPrivate: boolean; authorId: number; subscribers: Set<number>; createdAt: string; updatedAt: string;
}

export interface TargetBranchRuleRec { id: number; projectId: number; name: string; targetBranch: string; createdAt: string }

export interface CommitRec {
  id: string; parents: string[]; title: string; message: string; authorName: string; authorEmail: string;
  date: string; files: Map<string, string>;
  /** The branch the commit was pushed to: its push event names it, even once the branch is deleted. */
  branch: string;
}

export interface ProtectedBranchRec { id: number; name: string; pushLevel: number; mergeLevel: number; allowForcePush: boolean; codeOwnerApprovalRequired: boolean }
interface TagRec { name: string; target: string; message: string | null; createdAt: string }

export interface RepoRec {
  commits: Map<string, CommitRec>;
  branches: Map<string, string>;
  tags: Map<string, TagRec>;
  protectedBranches: Map<string, ProtectedBranchRec>;
}

export interface PipelineRec {
  id: number; iid: number; projectId: number; ref: string; sha: string; beforeSha: string; status: string;
  source: string; tag: boolean; userId: number; createdAt: string; updatedAt: string; startedAt: string | null;
  finishedAt: string | null; duration: number | null; coverage: string | null; name: string | null;
  variables: Array<{ key: string; value: string; variable_type: string }>; jobIds: number[];
}

export interface JobRec {
  id: number; projectId: number; pipelineId: number; name: string; stage: string; status: string; ref: string;
  tag: boolean; allowFailure: boolean; when: 'on_success' | 'manual' | 'always'; createdAt: string;
  startedAt: string | null; finishedAt: string | null; duration: number | null; queuedDuration: number | null;
  userId: number; artifacts: boolean; coverage: number | null; failureReason: string | null; erased: boolean;
  retried: boolean;
}

interface PackageFileRec { id: number; packageName: string; version: string; fileName: string; content: Buffer; createdAt: string }

export interface ProjectRec {
  id: number; name: string; path: string; description: string;
  namespace: { kind: 'group' | 'user'; id: number };
  visibility: Visibility; defaultBranch: string; createdAt: string; lastActivityAt: string; creatorId: number;
  archived: boolean; topics: string[]; starCount: number; forksCount: number;
  members: Map<number, number>;
  /** Expiry dates (YYYY-MM-DD) of the direct memberships that have one. */
  memberExpiry?: Map<number, string>;
  repo: RepoRec;
  issues: Map<number, IssueRec>;
  mrs: Map<number, MrRec>;
  labels: LabelRec[];
  milestones: MilestoneRec[];
  pipelines: Map<number, PipelineRec>;
  packages: Map<string, PackageFileRec>;
  nextIssueIid: number; nextMrIid: number; nextPipelineIid: number;
  /** Settings written through PUT /projects/:id that have no field of their own. */
  extra: Record<string, unknown>;
  /** The project this one is a fork of. */
  forkedFromId?: number;
  /** Groups the project is shared with (project group links). */
  sharedWith?: GroupLink[];
  /** When the project was marked for deletion (delayed deletion). */
  markedForDeletionAt?: string;
}

/** Fixed clock so answers are the same on every run: seeds are older, writes tick one second each. */
const CLOCK_START = Date.parse('2026-03-02T09:00:00.000Z');

const NO_TIME: Readonly<TimeRec> = Object.freeze({ estimate: 0, spent: 0 });

export class SandboxState {
  readonly users = new Map<number, UserRec>();
  readonly groups = new Map<number, GroupRec>();
  readonly projects = new Map<number, ProjectRec>();
  readonly jobs = new Map<number, JobRec>();
  /** Notes per noteable, key `<projectId>:<kind>:<iid>`. */
  readonly notes = new Map<string, NoteRec[]>();
  /** Award emoji per awardable, key `<projectId>:<kind>:<iid>` or `…:note:<noteId>`. */
  readonly awards = new Map<string, AwardRec[]>();
  readonly todos: TodoRec[] = [];
  readonly issueLinks: IssueLinkRec[] = [];
  /** Draft notes (a pending review) per merge request, key `<projectId>:<iid>`. */
  readonly drafts = new Map<string, DraftNoteRec[]>();
  /** Who starred each project (project id → user id → when). */
  readonly stars = new Map<number, Map<number, string>>();
  /** Resource events per issue or merge request, same key as notes. */
  readonly resourceEvents = new Map<string, ResourceEventRec[]>();
  /** Wiki pages per project id, by slug. */
  readonly wikis = new Map<number, Map<string, WikiPageRec>>();
  /** Releases per project id, by tag name. */
  readonly releases = new Map<number, Map<string, ReleaseRec>>();
  /** Time tracking per issue or merge request, same key as notes. */
  readonly times = new Map<string, TimeRec>();
  /** Approval settings and rules per project id (routes/approvals.ts); group approval settings per group id. */
  readonly approvals = new Map<number, ProjectApprovalsRec>();
  readonly groupApprovalSettings = new Map<number, Partial<ApprovalSettingsRec>>();
  /** Explicit (un)subscriptions per issue or merge request, same key as notes: user id → subscribed. */
  readonly subscriptions = new Map<string, Map<number, boolean>>();
  /** Context commits per merge request, key `<projectId>:<iid>`, and the merge requests that block others. */
  readonly contextCommits = new Map<string, string[]>();
  readonly mrBlocks: MrBlockRec[] = [];
  /** Work item saved views and target branch rules (GraphQL), per namespace full path / project id. */
  readonly savedViews: SavedViewRec[] = [];
  readonly targetBranchRules: TargetBranchRuleRec[] = [];
  /** Labels and milestones of groups, per group id (routes/group-labels.ts, routes/group-milestones.ts). */
  readonly groupLabels = new Map<number, LabelRec[]>();
  readonly groupMilestones = new Map<number, MilestoneRec[]>();
  /** Pending access requests per source (`project:<id>`, `group:<id>`): user id → requested at. */
  readonly accessRequests = new Map<string, Map<number, string>>();
  /** The user of the request being answered: caller-dependent fields (`subscribed`) read it. Requests are answered one at a time. */
  viewerId = 0;
  readonly tokens = new Map<string, TokenRec>();
  readonly version: string;
  readonly licensed: boolean;
  readonly adminMode: boolean;
  private tick = 0;
  private readonly seq: Record<string, number> = {
    issue: 1000, mr: 600, note: 5000, pipeline: 1100, job: 2100, generic: 9000, token: 100, link: 900, award: 1200, issue_link: 1500, draft: 1600, todo: 1300, event: 1400, label: 300, milestone: 400, group: 50, project: 20, user: 10, protected: 700, package: 800, discussion: 0,
  };

  constructor(readonly url: string, readonly storageUrl: string, opts: { version: string; licensed: boolean; adminMode: boolean }) {
    this.version = opts.version;
    this.licensed = opts.licensed;
    this.adminMode = opts.adminMode;
  }

  /** The sandbox clock's date (YYYY-MM-DD), read without moving the clock. */
  today(): string {
    return new Date(CLOCK_START + this.tick * 1000).toISOString().slice(0, 10);
  }

  /** The sandbox clock: each call is one second later. */
  now(): string {
    this.tick += 1;
    return new Date(CLOCK_START + this.tick * 1000).toISOString();
  }

  nextId(kind: string): number {
    this.seq[kind] = (this.seq[kind] ?? 0) + 1;
    return this.seq[kind];
  }

  /** Keeps a counter above ids the seed already used. */
  reserveId(kind: string, used: number): void {
    if ((this.seq[kind] ?? 0) < used) this.seq[kind] = used;
  }

  userByName(username: string): UserRec | undefined {
    for (const u of this.users.values()) if (u.username.toLowerCase() === username.toLowerCase()) return u;
    return undefined;
  }

  groupByRef(ref: string): GroupRec | undefined {
    if (/^\d+$/.test(ref)) return this.groups.get(Number(ref));
    for (const g of this.groups.values()) if (g.fullPath.toLowerCase() === ref.toLowerCase()) return g;
    return undefined;
  }

  namespacePath(p: ProjectRec): string {
    if (p.namespace.kind === 'group') return this.groups.get(p.namespace.id)?.fullPath ?? 'unknown';
    return this.users.get(p.namespace.id - 100)?.username ?? 'unknown';
  }

  projectFullPath(p: ProjectRec): string {
    return `${this.namespacePath(p)}/${p.path}`;
  }

  projectByRef(ref: string): ProjectRec | undefined {
    if (/^\d+$/.test(ref)) return this.projects.get(Number(ref));
    const want = ref.toLowerCase();
    for (const p of this.projects.values()) if (this.projectFullPath(p).toLowerCase() === want) return p;
    return undefined;
  }

  /** Access level of a user on a project: project membership, group membership (with ancestors), admin. */
  accessLevel(user: UserRec | undefined, p: ProjectRec): number {
    if (!user) return 0;
    let level = p.members.get(user.id) ?? 0;
    if (p.namespace.kind === 'group') level = Math.max(level, this.groupAccess(user, p.namespace.id));
    else if (p.namespace.id - 100 === user.id) level = Math.max(level, ACCESS.owner);
    // A group the project is shared with gives its members, its ancestors' and those of the groups shared into them, up
    // to the link's level (GitLab's docs, share_project_with_groups: "Members of other groups that have access to the
    // group being invited (by group share)"; gitlab MR 129071 after issue 418134).
    for (const l of p.sharedWith ?? []) level = Math.max(level, Math.min(l.access, this.groupAccess({ ...user, isAdmin: false }, l.groupId)));
    if (user.isAdmin) level = Math.max(level, ACCESS.owner);
    return level;
  }

  /**
   * A user's level in a group: the highest of their memberships of it and its ancestors, and of the groups it or an
   * ancestor is shared with, each capped at the link's level. Only the invited group's direct members count
   * (gitlabhq 0286e4c6 app/finders/group_members_finder.rb `GroupMember.of_groups(shared_from_groups)`; the
   * authorization query joins `user.group_members` to group_group_links with LEAST(group_access, access_level)).
   */
  groupAccess(user: UserRec | undefined, groupId: number): number {
    if (!user) return 0;
    // One walk up the chain for the memberships and the shares: every access check passes here.
    let level = 0;
    for (const g of this.groupLineage(groupId)) {
      level = Math.max(level, g.members.get(user.id) ?? 0);
      for (const l of g.sharedWith ?? []) {
        const own = this.groups.get(l.groupId)?.members.get(user.id) ?? 0;
        if (own > MINIMAL_ACCESS) level = Math.max(level, Math.min(l.access, own));
      }
    }
    return user.isAdmin ? Math.max(level, ACCESS.owner) : level;
  }

  /** A user's highest membership of a group and its ancestors, shares left out. */
  memberAccess(userId: number, groupId: number): number {
    let level = 0;
    for (const g of this.groupLineage(groupId)) level = Math.max(level, g.members.get(userId) ?? 0);
    return level;
  }

  /** The links of the groups a group and its ancestors are shared with, nearest group first. */
  sharesInto(groupId: number): GroupLink[] {
    return this.groupLineage(groupId).flatMap((g) => g.sharedWith ?? []);
  }

  /** A group and its ancestors, nearest first. */
  groupLineage(groupId: number | null): GroupRec[] {
    const out: GroupRec[] = [];
    for (let g = groupId === null ? undefined : this.groups.get(groupId); g; g = g.parentId === null ? undefined : this.groups.get(g.parentId)) out.push(g);
    return out;
  }

  /** The groups above a project, nearest first (none for a personal project). */
  projectGroups(p: ProjectRec): GroupRec[] {
    return this.groupLineage(p.namespace.kind === 'group' ? p.namespace.id : null);
  }

  /** A group and every subgroup below it. */
  groupTree(groupId: number): GroupRec[] {
    return [...this.groups.values()].filter((g) => this.groupLineage(g.id).some((x) => x.id === groupId));
  }

  labelsOfGroup(groupId: number): LabelRec[] {
    let l = this.groupLabels.get(groupId);
    if (!l) { l = []; this.groupLabels.set(groupId, l); }
    return l;
  }

  milestonesOfGroup(groupId: number): MilestoneRec[] {
    let m = this.groupMilestones.get(groupId);
    if (!m) { m = []; this.groupMilestones.set(groupId, m); }
    return m;
  }

  /** The milestones an issue or merge request of the project may carry: its own and those of its groups. */
  milestonesFor(p: ProjectRec): MilestoneRec[] {
    return [...p.milestones, ...this.projectGroups(p).flatMap((g) => this.groupMilestones.get(g.id) ?? [])];
  }

  milestoneOf(p: ProjectRec, id: number | null): MilestoneRec | undefined {
    return id === null ? undefined : this.milestonesFor(p).find((m) => m.id === id);
  }

  /** The group labels a project's issues and merge requests may carry, nearest group first. */
  groupLabelsFor(p: ProjectRec): LabelRec[] {
    return this.projectGroups(p).flatMap((g) => this.groupLabels.get(g.id) ?? []);
  }

  canSeeProject(user: UserRec | undefined, p: ProjectRec): boolean {
    if (p.visibility === 'public') return true;
    if (!user) return false;
    return p.visibility === 'internal' || this.accessLevel(user, p) > 0;
  }

  canSeeGroup(user: UserRec | undefined, g: GroupRec): boolean {
    if (g.visibility === 'public') return true;
    if (!user) return false;
    if (g.visibility === 'internal' || this.groupAccess(user, g.id) > 0) return true;
    for (const p of this.projects.values()) if (p.namespace.kind === 'group' && p.namespace.id === g.id && this.accessLevel(user, p) > 0) return true;
    return false;
  }

  notesFor(n: NoteableRef): NoteRec[] {
    const key = `${n.projectId}:${n.kind}:${n.iid}`;
    let list = this.notes.get(key);
    if (!list) { list = []; this.notes.set(key, list); }
    return list;
  }

  starsOf(projectId: number): Map<number, string> {
    let m = this.stars.get(projectId);
    if (!m) { m = new Map(); this.stars.set(projectId, m); }
    return m;
  }

  wikiOf(projectId: number): Map<string, WikiPageRec> {
    let m = this.wikis.get(projectId);
    if (!m) { m = new Map(); this.wikis.set(projectId, m); }
    return m;
  }

  releasesOf(projectId: number): Map<string, ReleaseRec> {
    let m = this.releases.get(projectId);
    if (!m) { m = new Map(); this.releases.set(projectId, m); }
    return m;
  }

  /** The time tracked on an object, for reading: an object never tracked is not given a record. */
  timeOf(projectId: number, kind: NoteableRef['kind'], iid: number): Readonly<TimeRec> {
    return this.times.get(`${projectId}:${kind}:${iid}`) ?? NO_TIME;
  }

  /** The time record of an object, made on first write. */
  timeFor(projectId: number, kind: NoteableRef['kind'], iid: number): TimeRec {
    const key = `${projectId}:${kind}:${iid}`;
    let t = this.times.get(key);
    if (!t) { t = { estimate: 0, spent: 0 }; this.times.set(key, t); }
    return t;
  }

  /** The approval record of a project, made with GitLab's defaults on first use. */
  approvalsOf(projectId: number): ProjectApprovalsRec {
    let a = this.approvals.get(projectId);
    if (!a) {
      a = { settings: { ...APPROVAL_DEFAULTS }, rules: [], mrRules: new Map() };
      this.approvals.set(projectId, a);
    }
    return a;
  }

  /** A 40-hex discussion id, deterministic per sandbox. */
  newDiscussionId(): string {
    return createHash('sha1').update(`discussion-${this.nextId('discussion')}`).digest('hex');
  }
}
