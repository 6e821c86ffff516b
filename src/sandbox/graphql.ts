// POST /api/graphql: real objects for project, group, namespace, users, work items, merge requests, saved views and
// target branch rules. A query or mutation selecting any field the resolver does not answer (graphql-shape.ts) is
// refused whole with an `errors[]` entry (or, in the test-only placeholders mode, synthesized from the selection).
import type { IncomingHttpHeaders } from 'node:http';
import type { IssueRec, MrRec, NoteRec, ProjectRec, SavedViewRec, TargetBranchRuleRec, UserRec } from './state.js';
import { subscribed } from './serialize.js';
import type { Query, Reply } from './types.js';
import { GraphQLSyntaxError, parseDocument, pickOperation, type Field, type GqlDocument, type Selection } from './graphql-parse.js';
import { learn, unansweredField, type FieldTable } from './graphql-shape.js';
import { SandboxState } from './state.js';
import { seed } from './seed.js';
import { isExpired, presentedToken } from './tokens.js';
import { json, sha1 } from './util.js';
import { NOT_SIMULATED } from './unsimulated.js';
import { approvalState, hasConflicts } from './mergeability.js';

type Src = Record<string, unknown>;
type Lazy = (args: Record<string, unknown>) => unknown;

const NOT_ALLOWED = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
const gid = (type: string, id: number | string) => `gid://gitlab/${type}/${id}`;
const gidNum = (v: unknown): number | undefined => { const m = /\/(\d+)$/.exec(String(v ?? '')); return m ? Number(m[1]) : typeof v === 'number' ? v : undefined; };
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function singular(s: string): string {
  if (/ies$/.test(s)) return s.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x)es$/.test(s)) return s.slice(0, -2);
  if (/s$/.test(s) && !/ss$/.test(s) && !/(status|Status|analysis|Analysis)$/.test(s)) return s.slice(0, -1);
  return s;
}

/** The instance's work item types, in GitLab's order (19.x no longer filters them by name). */
const WORK_ITEM_TYPES: Src[] = ['Issue', 'Incident', 'Test Case', 'Requirement', 'Task', 'Objective', 'Key Result', 'Epic', 'Ticket'].map((name, i) => ({
  __typename: 'WorkItemType', id: gid('WorkItems::Type', i + 1), name, iconName: `work-item-${name.toLowerCase().replace(/ /g, '-')}`,
}));

/** A connection with offset cursors honouring `first` and `after`. */
function conn(items: Src[], args: Record<string, unknown>): Src {
  const after = typeof args.after === 'string' ? Number(Buffer.from(args.after, 'base64').toString()) || 0 : 0;
  const first = typeof args.first === 'number' ? Math.max(0, Math.min(100, args.first)) : 100;
  const page = items.slice(after, after + first);
  const cursor = (i: number) => Buffer.from(String(after + i + 1)).toString('base64');
  const more = after + first < items.length;
  return {
    nodes: page, edges: page.map((node, i) => ({ cursor: cursor(i), node })), count: items.length,
    pageInfo: { hasNextPage: more, hasPreviousPage: after > 0, startCursor: page.length ? cursor(0) : null, endCursor: more && page.length ? cursor(page.length - 1) : null, __typename: 'PageInfo' },
  };
}

class Resolver {
  constructor(readonly state: SandboxState, readonly user: UserRec | undefined, readonly doc: GqlDocument, readonly input: Src, readonly placeholders: boolean) {}

  userSrc(u: UserRec | undefined): Src | null {
    if (!u) return null;
    return { __typename: 'UserCore', id: gid('User', u.id), username: u.username, name: u.name, state: u.state.toUpperCase(), webUrl: `${this.state.url}/${u.username}`, webPath: `/${u.username}`, avatarUrl: null, publicEmail: u.email, bot: u.bot };
  }

  workItemSrc(p: ProjectRec, i: IssueRec): Src {
    const s = this.state;
    // A label the project does not hold is one of its groups' (a GroupLabel).
    const labels = i.labels.map((name) => {
      const own = p.labels.find((x) => x.name === name);
      const l = own ?? s.groupLabelsFor(p).find((x) => x.name === name);
      return { __typename: 'Label', id: gid(own || !l ? 'ProjectLabel' : 'GroupLabel', l?.id ?? 0), title: name, color: l?.color ?? '#6699cc', description: l?.description ?? null };
    });
    const notes = s.notes.get(`${p.id}:Issue:${i.iid}`) ?? [];
    return {
      __typename: 'WorkItem', id: gid('WorkItem', i.id), iid: String(i.iid), title: i.title, state: i.state === 'opened' ? 'OPEN' : 'CLOSED', confidential: i.confidential,
      createdAt: i.createdAt, updatedAt: i.updatedAt, closedAt: i.closedAt, webUrl: `${s.url}/${s.projectFullPath(p)}/-/issues/${i.iid}`, reference: `#${i.iid}`,
      author: this.userSrc(s.users.get(i.authorId)), workItemType: { __typename: 'WorkItemType', id: gid('WorkItems::Type', 1), name: 'Issue', iconName: 'issue-type-issue' },
      namespace: { __typename: 'Namespace', id: gid('Namespaces::ProjectNamespace', p.id), fullPath: s.projectFullPath(p), name: p.name },
      description: i.description,
      widgets: [
        { __typename: 'WorkItemWidgetDescription', type: 'DESCRIPTION', description: i.description, edited: false },
        { __typename: 'WorkItemWidgetAssignees', type: 'ASSIGNEES', assignees: (a: Src) => conn(i.assigneeIds.map((id) => this.userSrc(s.users.get(id))!).filter(Boolean), a), allowsMultipleAssignees: true },
        { __typename: 'WorkItemWidgetLabels', type: 'LABELS', labels: (a: Src) => conn(labels, a), allowsScopedLabels: true },
        { __typename: 'WorkItemWidgetHierarchy', type: 'HIERARCHY', parent: null, hasChildren: false, children: (a: Src) => conn([], a) },
        { __typename: 'WorkItemWidgetNotes', type: 'NOTES', discussions: (a: Src) => conn(this.discussions(notes), a) },
        { __typename: 'WorkItemWidgetStartAndDueDate', type: 'START_AND_DUE_DATE', dueDate: i.dueDate, startDate: null },
        { __typename: 'WorkItemWidgetNotifications', type: 'NOTIFICATIONS', subscribed: subscribed(s, `${p.id}:Issue:${i.iid}`, [i.authorId, ...i.assigneeIds]) },
      ],
    };
  }

  canSeeView(v: SavedViewRec): boolean {
    const ns = this.namespaceSrc(v.namespacePath);
    return !!ns && (!v.isPrivate || v.authorId === this.user?.id);
  }

  savedViewSrc(v: SavedViewRec): Src {
    const s = this.state;
    const group = s.groupByRef(v.namespacePath);
    return {
      __typename: 'WorkItemSavedViewType', id: gid('WorkItems::SavedViews::SavedView', v.id), name: v.name, description: v.description, isPrivate: v.isPrivate,
      subscribed: !!this.user && v.subscribers.has(this.user.id), sort: v.sort, filters: v.filters, displaySettings: v.displaySettings,
      shareUrl: `${s.url}/${group ? `groups/${v.namespacePath}` : v.namespacePath}/-/work_items?saved_view=${v.id}`,
    };
  }

  /** A namespace's saved views the caller may see, with the list's filters. */
  savedViews(fullPath: string, a: Src): Src {
    const views = this.state.savedViews.filter((v) => v.namespacePath.toLowerCase() === fullPath.toLowerCase() && this.canSeeView(v)
      && (a.id === undefined || v.id === gidNum(a.id)) && (!a.subscribedOnly || (!!this.user && v.subscribers.has(this.user.id)))
      && (typeof a.search !== 'string' || `${v.name} ${v.description ?? ''}`.toLowerCase().includes(a.search.toLowerCase())));
    const order: Record<string, (x: SavedViewRec, y: SavedViewRec) => number> = {
      CREATED_ASC: (x, y) => x.id - y.id, CREATED_DESC: (x, y) => y.id - x.id, UPDATED_ASC: (x, y) => x.updatedAt.localeCompare(y.updatedAt), UPDATED_DESC: (x, y) => y.updatedAt.localeCompare(x.updatedAt),
    };
    return conn(views.sort(order[String(a.sort)] ?? ((x, y) => x.id - y.id)).map((v) => this.savedViewSrc(v)), a);
  }

  noteSrc(n: NoteRec): Src {
    return {
      __typename: 'Note', id: gid('Note', n.id), body: n.body, system: n.system, internal: n.internal, createdAt: n.createdAt, updatedAt: n.updatedAt,
      author: this.userSrc(this.state.users.get(n.authorId)), discussion: { __typename: 'Discussion', id: gid('Discussion', n.discussionId) },
    };
  }

  discussions(notes: NoteRec[]): Src[] {
    const ids = [...new Set(notes.map((n) => n.discussionId))];
    return ids.map((d) => ({ __typename: 'Discussion', id: gid('Discussion', d), notes: (b: Src) => conn(notes.filter((n) => n.discussionId === d).map((n) => this.noteSrc(n)), b) }));
  }

  mrSrc(p: ProjectRec, m: MrRec): Src {
    const s = this.state;
    return {
      __typename: 'MergeRequest', id: gid('MergeRequest', m.id), iid: String(m.iid), title: m.title, description: m.description, state: m.state, draft: m.draft,
      sourceBranch: m.sourceBranch, targetBranch: m.targetBranch, createdAt: m.createdAt, updatedAt: m.updatedAt, mergedAt: m.mergedAt,
      webUrl: `${s.url}/${s.projectFullPath(p)}/-/merge_requests/${m.iid}`, author: this.userSrc(s.users.get(m.authorId)), approved: approvalState(s, p, m).approved,
      conflicts: hasConflicts(p, m), diffHeadSha: p.repo.branches.get(m.sourceBranch) ?? m.headSha,
    };
  }

  projectSrc(p: ProjectRec): Src {
    const s = this.state;
    const issues = () => [...p.issues.values()].filter((i) => !i.confidential || s.accessLevel(this.user, p) >= 20);
    const filtered = (a: Src) => issues().filter((i) => (a.iid === undefined || String(a.iid) === String(i.iid)) && (!Array.isArray(a.iids) || a.iids.map(String).includes(String(i.iid))) && (!a.state || a.state === 'all' || String(a.state).toLowerCase().replace(/^open$/, 'opened') === i.state));
    return {
      __typename: 'Project', id: gid('Project', p.id), name: p.name, path: p.path, fullPath: s.projectFullPath(p), description: p.description, visibility: p.visibility,
      webUrl: `${s.url}/${s.projectFullPath(p)}`, createdAt: p.createdAt, lastActivityAt: p.lastActivityAt, archived: p.archived, starCount: p.starCount,
      forksCount: p.forksCount, topics: p.topics, repository: { __typename: 'Repository', rootRef: p.defaultBranch, exists: p.repo.commits.size > 0, empty: p.repo.commits.size === 0 },
      issues: (a: Src) => conn(filtered(a).map((i) => ({ ...this.workItemSrc(p, i), __typename: 'Issue', id: gid('Issue', i.id), state: i.state })), a),
      issue: (a: Src) => { const i = filtered(a)[0]; return i ? { ...this.workItemSrc(p, i), __typename: 'Issue', id: gid('Issue', i.id), state: i.state } : null; },
      workItems: (a: Src) => conn(filtered(a).map((i) => this.workItemSrc(p, i)), a),
      workItem: (a: Src) => { const i = filtered(a)[0]; return i ? this.workItemSrc(p, i) : null; },
      mergeRequests: (a: Src) => conn([...p.mrs.values()].filter((m) => !a.state || a.state === 'all' || a.state === m.state).map((m) => this.mrSrc(p, m)), a),
      mergeRequest: (a: Src) => { const m = p.mrs.get(Number(a.iid)); return m ? this.mrSrc(p, m) : null; },
      labels: (a: Src) => conn(p.labels.map((l) => ({ __typename: 'Label', id: gid('ProjectLabel', l.id), title: l.name, color: l.color, description: l.description })), a),
      targetBranchRules: (a: Src) => conn(s.targetBranchRules.filter((x) => x.projectId === p.id).map(targetBranchRuleSrc), a),
      namespace: { __typename: 'Namespace', id: gid('Namespace', p.namespace.id), fullPath: s.namespacePath(p) },
    };
  }

  namespaceSrc(fullPath: string): Src | null {
    const s = this.state;
    const g = s.groupByRef(fullPath);
    if (g && /\D/.test(fullPath) && s.canSeeGroup(this.user, g)) {
      const projects = [...s.projects.values()].filter((p) => p.namespace.kind === 'group' && (p.namespace.id === g.id || s.groups.get(p.namespace.id)?.fullPath.startsWith(`${g.fullPath}/`)) && s.canSeeProject(this.user, p));
      return {
        __typename: 'Group', id: gid('Group', g.id), name: g.name, path: g.path, fullPath: g.fullPath, fullName: g.name, description: g.description, visibility: g.visibility,
        webUrl: `${s.url}/groups/${g.fullPath}`, createdAt: g.createdAt, projects: (a: Src) => conn(projects.map((p) => this.projectSrc(p)), a),
        workItems: (a: Src) => conn(projects.flatMap((p) => [...p.issues.values()].map((i) => this.workItemSrc(p, i))).filter((w) => !a.iid || w.iid === String(a.iid)), a),
        workItem: (a: Src) => projects.flatMap((p) => [...p.issues.values()].filter((i) => String(i.iid) === String(a.iid)).map((i) => this.workItemSrc(p, i)))[0] ?? null,
        workItemTypes: (a: Src) => conn(WORK_ITEM_TYPES, a),
        savedViews: (a: Src) => this.savedViews(g.fullPath, a),
      };
    }
    const p = s.projectByRef(fullPath);
    if (p && /\D/.test(fullPath) && s.canSeeProject(this.user, p)) return { ...this.projectSrc(p), __typename: 'Namespace', id: gid('Namespaces::ProjectNamespace', p.id), workItemTypes: (a: Src) => conn(WORK_ITEM_TYPES, a), savedViews: (a: Src) => this.savedViews(s.projectFullPath(p), a) };
    const u = s.userByName(fullPath);
    if (u && u.id === this.user?.id) return { __typename: 'Namespace', id: gid('Namespaces::UserNamespace', 100 + u.id), fullPath: u.username, name: u.name, path: u.username };
    return null;
  }

  findIssueById(id: number | undefined): { p: ProjectRec; i: IssueRec } | undefined {
    for (const p of this.state.projects.values()) for (const i of p.issues.values()) if (i.id === id && this.state.canSeeProject(this.user, p)) return { p, i };
    return undefined;
  }

  root(f: Field): unknown {
    return Object.hasOwn(ROOTS, f.name) ? ROOTS[f.name](this, f.args) : undefined;
  }

  /** A mutation's payload: undefined when its target is missing or not the caller's to change, null when refused outright. */
  mutate(f: Field): Src | null | undefined {
    return Object.hasOwn(MUTATIONS, f.name) ? MUTATIONS[f.name].run(this, (f.args.input ?? f.args) as Src) : undefined;
  }

  fields(sels: Selection[], typename: string | undefined, out: Field[] = []): Field[] {
    for (const sel of sels) {
      if (sel.kind === 'field') out.push(sel);
      else if (sel.kind === 'inline') { if (!sel.typeCondition || !typename || sel.typeCondition === typename || !/^WorkItemWidget/.test(typename)) this.fields(sel.selections, typename, out); }
      else {
        const frag = this.doc.fragments.get(sel.name);
        if (frag && (!typename || frag.typeCondition === typename || !/^WorkItemWidget/.test(typename))) this.fields(frag.selections, typename, out);
      }
    }
    return out;
  }

  object(src: Src | null, sels: Selection[], type: string, idx: number, depth: number): Src | null {
    if (src === null) return null;
    const merged = new Map<string, Field>();
    for (const f of this.fields(sels, typeof src.__typename === 'string' ? src.__typename : undefined)) {
      const key = f.alias ?? f.name;
      const prev = merged.get(key);
      if (prev && prev.selections && f.selections) merged.set(key, { ...prev, selections: [...prev.selections, ...f.selections] });
      else if (!prev) merged.set(key, f);
    }
    const out: Src = {};
    const t = typeof src.__typename === 'string' && src.__typename !== 'Namespace' ? src.__typename : type;
    for (const [key, f] of merged) out[key] = this.value(f, src, t, idx, depth);
    return out;
  }

  value(f: Field, src: Src, parentType: string, idx: number, depth: number): unknown {
    let v: unknown = f.name === '__typename' ? src.__typename ?? parentType : src[f.name];
    if (typeof v === 'function') v = (v as Lazy)(f.args);
    const childType = f.name === 'nodes' || f.name === 'node' || f.name === 'edges' ? parentType : pascal(singular(f.name));
    if (v === undefined) v = this.synth(f, parentType, idx, depth);
    if (!f.selections || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x, i) => this.object(x as Src, f.selections!, childType, i + 1, depth + 1));
    if (f.name === 'nodes' || f.name === 'node') return this.object(v as Src, f.selections, parentType, idx, depth + 1);
    return this.object(v as Src, f.selections, childType, idx, depth + 1);
  }

  /** A plausible value for a field the sandbox does not model, shaped by its selection. */
  synth(f: Field, parentType: string, idx: number, depth: number): unknown {
    // Outside the test-only placeholders mode an unmodelled field is null, never invented.
    if (!this.placeholders) return null;
    const n = f.name;
    if (f.selections) {
      const sub = new Set(f.selections.filter((x): x is Field => x.kind === 'field').map((x) => x.name));
      const type = pascal(singular(n));
      if (depth > 8) return null;
      if (sub.has('nodes') || sub.has('edges') || sub.has('pageInfo')) return conn([1, 2].map((i) => ({ __typename: type, id: gid(type, i) })), f.args);
      if (/s$/.test(n) && !/(ss|Status|status|Analysis|analysis)$/.test(n)) return [1, 2].map((i) => ({ __typename: type, id: gid(type, i) }));
      return { __typename: type, id: gid(type, idx) };
    }
    if (n in this.input && typeof this.input[n] !== 'object') return this.input[n];
    if (n === 'id') return gid(parentType, idx);
    if (n === 'iid') return String(idx);
    if (n === 'errors') return [];
    if (/(Count|count|Total|total)$/.test(n)) return 0;
    if (/At$/.test(n)) return '2026-03-01T12:00:00Z';
    if (/(Date|On)$/.test(n)) return '2026-03-01';
    if (/(Url|url)$/.test(n)) return `${this.state.url}/-/sandbox/${singular(parentType).toLowerCase()}/${idx}`;
    if (/(Path|path)$/.test(n)) return n === 'fullPath' ? `demo-group/${parentType.toLowerCase()}-${idx}` : `/-/sandbox/${parentType.toLowerCase()}/${idx}`;
    if (/^(is|has|can|should|allow|enabled|archived|confidential|locked|draft|resolved)/.test(n) || /Enabled$/.test(n)) return false;
    if (n === 'state' || n === 'status') return 'OPEN';
    if (n === 'severity') return 'HIGH';
    if (n === 'sha' || /Sha$/.test(n)) return sha1(`${parentType}:${n}:${idx}`);
    if (n === 'username') return 'demo';
    if (n === 'color') return '#1f75cb';
    if (n === 'name' || n === 'title') return `${parentType} ${idx}`;
    if (n === 'description' || n === 'body' || n === 'message') return `Sandbox ${parentType} ${idx}`;
    if (/s$/.test(n) && !/(ss|Status|status)$/.test(n)) return [];
    return `${n} ${idx}`;
  }
}

/** The root query fields the sandbox answers, and how: the simulated list is this table's keys. */
const ROOTS: Record<string, (r: Resolver, a: Src) => unknown> = {
  currentUser: (r) => r.userSrc(r.user),
  user: (r, a) => r.userSrc(typeof a.username === 'string' ? r.state.userByName(a.username) : r.state.users.get(gidNum(a.id) ?? -1)),
  users: (r, a) => conn([...r.state.users.values()].filter((u) => !Array.isArray(a.usernames) || a.usernames.includes(u.username)).map((u) => r.userSrc(u)!), a),
  project: (r, a) => { const p = r.state.projectByRef(String(a.fullPath ?? '')); return p && /\D/.test(String(a.fullPath)) && r.state.canSeeProject(r.user, p) ? r.projectSrc(p) : null; },
  projects: (r, a) => conn([...r.state.projects.values()].filter((p) => r.state.canSeeProject(r.user, p)).map((p) => r.projectSrc(p)), a),
  group: (r, a) => { const n = r.namespaceSrc(String(a.fullPath ?? '')); return n && n.__typename === 'Group' ? n : null; },
  namespace: (r, a) => r.namespaceSrc(String(a.fullPath ?? '')),
  workItem: (r, a) => { const x = r.findIssueById(gidNum(a.id)); return x ? r.workItemSrc(x.p, x.i) : null; },
  issue: (r, a) => { const x = r.findIssueById(gidNum(a.id)); return x ? r.workItemSrc(x.p, x.i) : null; },
  mergeRequest: (r, a) => {
    for (const p of r.state.projects.values()) for (const m of p.mrs.values()) if (m.id === gidNum(a.id) && r.state.canSeeProject(r.user, p)) return r.mrSrc(p, m);
    return null;
  },
  metadata: (r) => ({ __typename: 'Metadata', version: r.state.version, revision: 'abc123', enterprise: true, kas: { __typename: 'Kas', enabled: false, version: null, externalUrl: null } }),
};

interface Mutation {
  /** The payload's object fields and their types (besides `errors`), for the check of a selection. */
  payload: Record<string, string>;
  run: (r: Resolver, input: Src) => Src | null | undefined;
}

const savedViewOf = (r: Resolver, id: unknown) => r.state.savedViews.find((v) => v.id === gidNum(id) && r.canSeeView(v));

/** The mutations the sandbox performs on its state: the simulated list is this table's keys. */
const MUTATIONS: Record<string, Mutation> = {
  createNote: {
    payload: { note: 'Note' },
    run: (r, input) => {
      const s = r.state;
      const target = /\/(Issue|WorkItem)\/\d+$/.test(String(input.noteableId)) ? r.findIssueById(gidNum(input.noteableId)) : undefined;
      if (!target || typeof input.body !== 'string') return undefined;
      const now = s.now();
      const note: NoteRec = {
        id: s.nextId('note'), body: input.body, authorId: r.user!.id, createdAt: now, updatedAt: now, system: false, discussionId: s.newDiscussionId(),
        type: null, resolvable: false, resolved: false, resolvedById: null, resolvedAt: null, position: null, internal: !!input.internal,
      };
      s.notesFor({ kind: 'Issue', projectId: target.p.id, iid: target.i.iid, id: target.i.id }).push(note);
      return { errors: [], note: r.noteSrc(note) };
    },
  },
  workItemCreate: { payload: { workItem: 'WorkItem' }, run: (r, input) => createWorkItem(r, input) },
  createIssue: { payload: { issue: 'Issue' }, run: (r, input) => createWorkItem(r, input) },
  workItemUpdate: { payload: { workItem: 'WorkItem' }, run: (r, input) => updateWorkItem(r, input, false) },
  workItemDelete: { payload: { namespace: 'Namespace' }, run: (r, input) => updateWorkItem(r, input, true) },
  workItemSavedViewCreate: {
    payload: { savedView: 'WorkItemSavedViewType' },
    run: (r, input) => {
      const s = r.state;
      const path = String(input.namespacePath ?? '');
      const ns = r.namespaceSrc(path);
      if (!ns || typeof input.name !== 'string' || typeof input.sort !== 'string') return undefined;
      if (input.name.trim() === '') return { errors: ["Name can't be blank"], savedView: null };
      const now = s.now();
      const v: SavedViewRec = {
        id: s.nextId('saved_view'), namespacePath: String(ns.fullPath), name: input.name, description: typeof input.description === 'string' ? input.description : null,
        filters: input.filters ?? {}, displaySettings: input.displaySettings ?? {}, sort: input.sort, isPrivate: input.isPrivate !== false, authorId: r.user!.id,
        subscribers: new Set([r.user!.id]), createdAt: now, updatedAt: now,
      };
      s.savedViews.push(v);
      return { errors: [], savedView: r.savedViewSrc(v) };
    },
  },
  workItemSavedViewUpdate: {
    payload: { savedView: 'WorkItemSavedViewType' },
    run: (r, input) => {
      const v = savedViewOf(r, input.id);
      if (!v) return undefined;
      if (v.authorId !== r.user!.id && v.isPrivate) return null;
      if (typeof input.name === 'string') v.name = input.name;
      if (typeof input.description === 'string') v.description = input.description;
      if (input.filters !== undefined) v.filters = input.filters;
      if (input.displaySettings !== undefined) v.displaySettings = input.displaySettings;
      if (typeof input.sort === 'string') v.sort = input.sort;
      if (typeof input.isPrivate === 'boolean') v.isPrivate = input.isPrivate;
      v.updatedAt = r.state.now();
      return { errors: [], savedView: r.savedViewSrc(v) };
    },
  },
  workItemSavedViewDelete: {
    payload: {},
    run: (r, input) => {
      const v = savedViewOf(r, input.id);
      if (!v) return undefined;
      if (v.authorId !== r.user!.id) return null;
      r.state.savedViews.splice(r.state.savedViews.indexOf(v), 1);
      return { errors: [] };
    },
  },
  workItemSavedViewSubscribe: {
    payload: { savedView: 'WorkItemSavedViewType' },
    run: (r, input) => { const v = savedViewOf(r, input.id); if (!v) return undefined; v.subscribers.add(r.user!.id); return { errors: [], savedView: r.savedViewSrc(v) }; },
  },
  workItemSavedViewUnsubscribe: {
    payload: { savedView: 'WorkItemSavedViewType' },
    run: (r, input) => { const v = savedViewOf(r, input.id); if (!v) return undefined; v.subscribers.delete(r.user!.id); return { errors: [], savedView: r.savedViewSrc(v) }; },
  },
  projectTargetBranchRuleCreate: {
    payload: { targetBranchRule: 'ProjectTargetBranchRule' },
    run: (r, input) => {
      const s = r.state;
      const p = s.projects.get(gidNum(input.projectId) ?? -1);
      if (!p || !s.canSeeProject(r.user, p) || typeof input.name !== 'string' || typeof input.targetBranch !== 'string') return undefined;
      if (s.accessLevel(r.user, p) < 40) return null;
      if (s.targetBranchRules.some((x) => x.projectId === p.id && x.name === input.name)) return { errors: ['Name has already been taken'], targetBranchRule: null };
      const rule: TargetBranchRuleRec = { id: s.nextId('target_branch_rule'), projectId: p.id, name: input.name, targetBranch: input.targetBranch, createdAt: s.now() };
      s.targetBranchRules.push(rule);
      return { errors: [], targetBranchRule: targetBranchRuleSrc(rule) };
    },
  },
  projectTargetBranchRuleDestroy: {
    payload: {},
    run: (r, input) => {
      const s = r.state;
      const rule = s.targetBranchRules.find((x) => x.id === gidNum(input.id));
      const p = rule && s.projects.get(rule.projectId);
      if (!rule || !p || !s.canSeeProject(r.user, p)) return undefined;
      if (s.accessLevel(r.user, p) < 40) return null;
      s.targetBranchRules.splice(s.targetBranchRules.indexOf(rule), 1);
      return { errors: [] };
    },
  },
};

function targetBranchRuleSrc(x: TargetBranchRuleRec): Src {
  return { __typename: 'ProjectTargetBranchRule', id: gid('Projects::TargetBranchRule', x.id), name: x.name, targetBranch: x.targetBranch, createdAt: x.createdAt };
}

function createWorkItem(r: Resolver, input: Src): Src | undefined {
  const s = r.state;
  const path = String(input.namespacePath ?? input.projectPath ?? '');
  const p = s.projectByRef(path);
  if (!p || !/\D/.test(path) || s.accessLevel(r.user, p) < 10 || typeof input.title !== 'string') return undefined;
  const now = s.now();
  const desc = (input.descriptionWidget as Src | undefined)?.description ?? input.description;
  const i: IssueRec = {
    id: s.nextId('issue'), iid: p.nextIssueIid++, projectId: p.id, title: input.title, description: typeof desc === 'string' ? desc : null, state: 'opened',
    authorId: r.user!.id, assigneeIds: [], labels: [], milestoneId: null, createdAt: now, updatedAt: now, closedAt: null, closedById: null,
    confidential: !!input.confidential, dueDate: null, discussionLocked: null, upvotes: 0, downvotes: 0, weight: null, issueType: 'issue',
  };
  p.issues.set(i.iid, i);
  return { errors: [], workItem: r.workItemSrc(p, i), issue: { ...r.workItemSrc(p, i), __typename: 'Issue', state: 'opened' } };
}

function updateWorkItem(r: Resolver, input: Src, remove: boolean): Src | null | undefined {
  const s = r.state;
  const x = r.findIssueById(gidNum(input.id));
  if (!x || s.accessLevel(r.user, x.p) < 20) return undefined;
  if (remove) {
    if (s.accessLevel(r.user, x.p) < 50) return null;
    x.p.issues.delete(x.i.iid);
    return { errors: [], namespace: { __typename: 'Namespace', id: gid('Namespaces::ProjectNamespace', x.p.id), fullPath: s.projectFullPath(x.p) } };
  }
  const now = s.now();
  if (typeof input.title === 'string') x.i.title = input.title;
  if (input.stateEvent === 'CLOSE' && x.i.state === 'opened') Object.assign(x.i, { state: 'closed', closedAt: now, closedById: r.user!.id });
  if (input.stateEvent === 'REOPEN' && x.i.state === 'closed') Object.assign(x.i, { state: 'opened', closedAt: null, closedById: null });
  const desc = (input.descriptionWidget as Src | undefined)?.description;
  if (typeof desc === 'string') x.i.description = desc;
  x.i.updatedAt = now;
  return { errors: [], workItem: r.workItemSrc(x.p, x.i) };
}

let table: FieldTable | undefined;

/** The fields the resolver answers, learnt once from its answers on a freshly seeded state (every root, every object below). */
function fieldTable(): FieldTable {
  if (table) return table;
  const s = new SandboxState('http://sandbox.invalid', 'http://sandbox.invalid', { version: '0', licensed: true, adminMode: false });
  seed(s);
  const admin = [...s.users.values()].find((u) => u.isAdmin)!;
  s.viewerId = admin.id;
  const r = new Resolver(s, admin, { operations: [], fragments: new Map() }, {}, false);
  const p = [...s.projects.values()][0];
  for (const path of [s.namespacePath(p), s.projectFullPath(p)]) MUTATIONS.workItemSavedViewCreate.run(r, { namespacePath: path, name: 'sample', sort: 'CREATED_ASC' });
  MUTATIONS.projectTargetBranchRuleCreate.run(r, { projectId: gid('Project', p.id), name: 'sample', targetBranch: p.defaultBranch });
  const t: FieldTable = new Map();
  const args: Src[] = [
    {}, ...[...s.projects.values()].map((x) => ({ fullPath: s.projectFullPath(x) })), ...[...s.groups.values()].map((g) => ({ fullPath: g.fullPath })),
    ...[...s.users.values()].map((u) => ({ fullPath: u.username, username: u.username })), { id: gid('Issue', [...p.issues.values()][0]?.id ?? 0) },
    { id: gid('MergeRequest', [...p.mrs.values()][0]?.id ?? 0) },
  ];
  const query = new Map<string, string>();
  for (const [name, resolve] of Object.entries(ROOTS)) {
    const types = new Set(args.map((a) => learn(t, resolve(r, a), pascal(name))).filter(Boolean));
    query.set(name, [...types].join('|'));
  }
  t.set('Query', query);
  const mutation = new Map<string, string>();
  for (const [name, m] of Object.entries(MUTATIONS)) {
    t.set(`${pascal(name)}Payload`, new Map([['errors', ''], ...Object.entries(m.payload)]));
    mutation.set(name, `${pascal(name)}Payload`);
  }
  t.set('Mutation', mutation);
  table = t;
  return t;
}

/** The first field of a root selection the sandbox does not answer, if any. */
function unanswered(doc: GqlDocument, f: Field, kind: 'query' | 'mutation' | 'subscription'): string | undefined {
  return unansweredField(fieldTable(), doc, [f], kind === 'mutation' ? 'Mutation' : 'Query', '');
}

/** Whether the sandbox answers every field a document's first operation selects. */
export function simulatesGraphql(document: string): boolean {
  try {
    const doc = parseDocument(document, {});
    const op = pickOperation(doc);
    if (!op || op.type === 'subscription') return false;
    return unansweredField(fieldTable(), doc, op.selections, op.type === 'mutation' ? 'Mutation' : 'Query', '') === undefined;
  } catch {
    return false;
  }
}

/** Answers POST /api/graphql. */
export function handleGraphql(state: SandboxState, headers: IncomingHttpHeaders, query: Query, body: unknown, placeholders = false): Reply {
  const value = presentedToken(headers, query);
  let user: UserRec | undefined;
  let canWrite = false;
  state.viewerId = 0;
  if (value) {
    const t = state.tokens.get(value);
    if (!t || t.revoked || isExpired(t) || !state.users.has(t.userId)) return json(401, { errors: [{ message: 'Invalid token' }] });
    const readable = t.kind === 'fine_grained' || t.scopes.includes('api') || t.scopes.includes('read_api');
    if (!readable) return json(403, { errors: [{ message: 'Insufficient scope: the token needs the api or read_api scope' }] });
    user = state.users.get(t.userId);
    state.viewerId = t.userId;
    canWrite = t.kind === 'fine_grained' || t.scopes.includes('api');
  }
  const run = (req: unknown): Src => {
    if (!req || typeof req !== 'object' || typeof (req as Src).query !== 'string' || (req as Src).query === '') return { errors: [{ message: 'No query string was present' }] };
    const { query: q, variables, operationName } = req as { query: string; variables?: unknown; operationName?: unknown };
    const vars = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Src) : {};
    let doc: GqlDocument;
    try { doc = parseDocument(q, vars); } catch (e) {
      if (e instanceof GraphQLSyntaxError) return { errors: [{ message: e.message, locations: [{ line: e.line, column: e.column }] }] };
      throw e;
    }
    const op = pickOperation(doc, typeof operationName === 'string' ? operationName : undefined);
    if (!op) return { errors: [{ message: typeof operationName === 'string' ? `No operation named "${operationName}"` : 'No operations in query document' }] };
    const data: Src = {};
    const errors: Src[] = [];
    const inputOf = (f: Field): Src => { const i = f.args.input; return i && typeof i === 'object' ? (i as Src) : f.args; };
    const r = new Resolver(state, user, doc, {}, placeholders);
    const refuse = (key: string, what: string) => { data[key] = null; errors.push({ message: `${NOT_SIMULATED}${what}`, path: [key] }); };
    for (const f of r.fields(op.selections, op.type === 'mutation' ? 'Mutation' : 'Query')) {
      const key = f.alias ?? f.name;
      if (f.name === '__typename') { data[key] = op.type === 'mutation' ? 'Mutation' : 'Query'; continue; }
      if (op.type === 'mutation' && (!user || !canWrite)) { data[key] = null; errors.push({ message: NOT_ALLOWED, locations: [{ line: 1, column: 1 }], path: [key] }); continue; }
      // A selection with any field the sandbox does not answer is refused whole, before anything changes.
      if (!placeholders && unanswered(doc, f, op.type)) { refuse(key, `GraphQL ${op.type} ${f.name}`); continue; }
      if (op.type === 'mutation') {
        const rr = new Resolver(state, user, doc, inputOf(f), placeholders);
        const payload = rr.mutate(f);
        if (payload === undefined && !placeholders) { data[key] = null; errors.push({ message: NOT_ALLOWED, path: [key] }); continue; }
        if (payload === null) { data[key] = null; errors.push({ message: NOT_ALLOWED, path: [key] }); continue; }
        data[key] = rr.object(payload ?? { __typename: `${pascal(f.name)}Payload`, errors: [] }, f.selections ?? [], `${pascal(f.name)}Payload`, 1, 1);
        continue;
      }
      const src = r.root(f);
      if (src === undefined) {
        if (placeholders) data[key] = r.value(f, {}, 'Query', 1, 0); else refuse(key, `GraphQL query ${f.name}`);
        continue;
      }
      data[key] = f.selections && src !== null && typeof src === 'object' && !Array.isArray(src) ? r.object(src as Src, f.selections, pascal(f.name), 1, 1) : src;
    }
    return errors.length ? { data, errors } : { data };
  };
  if (Array.isArray(body)) return json(200, body.map(run));
  return json(200, run(body));
}
