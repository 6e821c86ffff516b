// Group labels (list, get, create, update, delete, subscribe) as GitLab 19.x answers them: a group label is usable by
// every project below the group, so the projects' label lists and their issues and merge requests see it too.
// Read in gitlabhq/gitlabhq: lib/api/group_labels.rb @08c811d7, lib/api/helpers/label_helpers.rb @055e3c66,
// lib/api/entities/label.rb @55eb439f, lib/api/entities/label_basic.rb @346c2ebb.
import type { Router } from '../router.js';
import { ACCESS, type GroupRec, type LabelRec, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { projectsBelow, withGroup } from './common.js';
import { bool, forbidden, json, message, missing, noContent, notFound, paginate, str, text } from '../util.js';

/** Group label subscriptions per sandbox, key `<userId>:<labelId>`. */
const subscriptions = new WeakMap<SandboxState, Set<string>>();
const subscribedSet = (s: SandboxState): Set<string> => {
  let set = subscriptions.get(s);
  if (!set) { set = new Set(); subscriptions.set(s, set); }
  return set;
};

/** GitLab's LabelBasic: what an issue or merge request shows `with_labels_details`. */
function labelBasicJson(l: LabelRec): Record<string, unknown> {
  return { id: l.id, name: l.name, color: l.color, description: l.description, description_html: l.description ?? '', text_color: '#FFFFFF', remove_on_close: false };
}

function counts(ctx: Ctx, projects: ProjectRec[], name: string): Record<string, number> {
  const issues = projects.flatMap((p) => [...p.issues.values()]).filter((i) => i.labels.includes(name));
  return {
    open_issues_count: issues.filter((i) => i.state === 'opened').length, closed_issues_count: issues.filter((i) => i.state === 'closed').length,
    open_merge_requests_count: projects.flatMap((p) => [...p.mrs.values()]).filter((m) => m.state === 'opened' && m.labels.includes(name)).length,
  };
}

/** The group a label belongs to, if it is a group label. */
const ownerOf = (s: SandboxState, l: LabelRec): GroupRec | undefined => [...s.groupLabels].map(([id, ls]) => (ls.includes(l) ? s.groups.get(id) : undefined)).find(Boolean);

/** GitLab's GroupLabel entity: counts only for a list read `with_counts`. */
function groupLabelJson(ctx: Ctx, l: LabelRec, withCounts = false): Record<string, unknown> {
  const g = ownerOf(ctx.state, l);
  return {
    ...labelBasicJson(l), ...(withCounts && g ? counts(ctx, projectsBelow(ctx, g), l.name) : {}),
    subscribed: subscribedSet(ctx.state).has(`${ctx.user.id}:${l.id}`),
  };
}

/** A group label in a project's list (ProjectLabel entity): no priority of its own, `is_project_label: false`. */
export function inheritedLabelJson(ctx: Ctx, l: LabelRec, withCounts: boolean): Record<string, unknown> {
  return { ...groupLabelJson(ctx, l, withCounts), priority: null, is_project_label: false };
}

/** `with_labels_details=true` on an issue or merge request: its labels as LabelBasic objects, by title, as GitLab lists them. */
export function withLabelDetails(ctx: Ctx, p: ProjectRec, body: Record<string, unknown>): Record<string, unknown> {
  if (!bool(ctx.params.with_labels_details) || !Array.isArray(body.labels)) return body;
  const known = [...p.labels, ...ctx.state.groupLabelsFor(p)];
  const names = [...(body.labels as string[])].sort((a, b) => a.localeCompare(b));
  return { ...body, labels: names.map((n) => known.find((l) => l.name === n)).filter((l) => l !== undefined).map(labelBasicJson) };
}

const byName = (a: LabelRec, b: LabelRec): number => a.name.localeCompare(b.name);

/** Labels a group offers under GitLab's list flags (defaults: ancestors yes, descendants no, group labels only). */
function available(ctx: Ctx, g: GroupRec): LabelRec[] {
  const s = ctx.state;
  const ancestors = bool(ctx.params.include_ancestor_groups) ?? true;
  const descendants = bool(ctx.params.include_descendant_groups) ?? false;
  const onlyGroup = bool(ctx.params.only_group_labels) ?? true;
  const groups = new Map<number, GroupRec>((ancestors ? s.groupLineage(g.id) : [g]).map((x) => [x.id, x]));
  if (descendants) for (const x of s.groupTree(g.id)) groups.set(x.id, x);
  const out = [...groups.keys()].flatMap((id) => s.groupLabels.get(id) ?? []);
  if (!onlyGroup) {
    const projects = descendants ? projectsBelow(ctx, g) : projectsBelow(ctx, g).filter((p) => p.namespace.id === g.id);
    out.push(...projects.flatMap((p) => p.labels));
  }
  return out;
}

const findIn = (labels: LabelRec[], ref: string): LabelRec | undefined => labels.find((l) => String(l.id) === ref) ?? labels.find((l) => l.name === ref);

/** Renames or drops a group label on every issue and merge request below the group. */
function relabel(s: SandboxState, g: GroupRec, from: string, to: string | null): void {
  const tree = new Set(s.groupTree(g.id).map((x) => x.id));
  for (const p of s.projects.values()) {
    if (p.namespace.kind !== 'group' || !tree.has(p.namespace.id)) continue;
    for (const x of [...p.issues.values(), ...p.mrs.values()]) x.labels = to === null ? x.labels.filter((n) => n !== from) : x.labels.map((n) => (n === from ? to : n));
  }
}

export function registerGroupLabels(r: Router): void {
  const G = withGroup;
  /** Writes need Reporter on the group (GitLab's admin_label). */
  const W = (fn: (ctx: Ctx, g: GroupRec, prm: Record<string, string>) => Reply) => G((ctx, g, prm) => (ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.reporter ? fn(ctx, g, prm) : forbidden()));
  /** Update and delete look only in the group's own labels. */
  const own = (ctx: Ctx, g: GroupRec, ref: string): LabelRec | Reply => findIn(ctx.state.labelsOfGroup(g.id), ref) ?? notFound('Label');

  r.get('groups/:id/labels', G((ctx, g) => {
    const search = str(ctx.params.search)?.toLowerCase();
    const archived = bool(ctx.params.archived);
    const withCounts = bool(ctx.params.with_counts) ?? false;
    const labels = available(ctx, g)
      .filter((l) => !search || l.name.toLowerCase().includes(search) || (l.description ?? '').toLowerCase().includes(search))
      .filter((l) => archived === undefined || (l.archived ?? false) === archived)
      .sort(byName);
    return paginate(ctx, labels.map((l) => groupLabelJson(ctx, l, withCounts)));
  }));
  r.get('groups/:id/labels/:lid', G((ctx, g, prm) => {
    const l = findIn(available(ctx, g), prm.lid);
    return l ? json(200, groupLabelJson(ctx, l)) : notFound('Label');
  }));
  r.post('groups/:id/labels', G((ctx, g) => {
    const name = str(ctx.params.name); const color = str(ctx.params.color);
    if (!name || !color) return missing(...(!name ? ['name'] : []), ...(!color ? ['color'] : []));
    if (ctx.state.groupAccess(ctx.user, g.id) < ACCESS.reporter) return forbidden();
    if (ctx.state.groupLineage(g.id).some((x) => (ctx.state.groupLabels.get(x.id) ?? []).some((l) => l.name === name))) return message(409, 'Label already exists');
    const l: LabelRec = { id: ctx.state.nextId('label'), name, color, description: text(ctx.params.description) ?? null, archived: bool(ctx.params.archived) ?? false };
    ctx.state.labelsOfGroup(g.id).push(l);
    return json(201, groupLabelJson(ctx, l));
  }));

  const update = (ctx: Ctx, g: GroupRec, ref: string): Reply => {
    const name = str(ctx.params.new_name); const color = str(ctx.params.color); const description = text(ctx.params.description); const archived = bool(ctx.params.archived);
    if (!name && !color && description === undefined && archived === undefined) return json(400, { error: 'new_name, color, description, archived are missing, at least one parameter must be provided' });
    const l = own(ctx, g, ref);
    if ('status' in l) return l;
    if (name && name !== l.name && ctx.state.labelsOfGroup(g.id).some((x) => x.name === name)) return message(400, { title: ['has already been taken'] });
    if (name && name !== l.name) { relabel(ctx.state, g, l.name, name); l.name = name; }
    if (color) l.color = color;
    if (description !== undefined) l.description = description;
    if (archived !== undefined) l.archived = archived;
    return json(200, groupLabelJson(ctx, l));
  };
  const remove = (ctx: Ctx, g: GroupRec, ref: string): Reply => {
    const l = own(ctx, g, ref);
    if ('status' in l) return l;
    const labels = ctx.state.labelsOfGroup(g.id);
    labels.splice(labels.indexOf(l), 1);
    relabel(ctx.state, g, l.name, null);
    return noContent();
  };
  /** The older routes name the label in the body: exactly one of label_id and name. */
  const bodyRef = (ctx: Ctx): string | Reply => {
    const id = str(ctx.params.label_id); const name = str(ctx.params.name);
    if (id && name) return json(400, { error: 'label_id, name are mutually exclusive' });
    return id ?? name ?? json(400, { error: 'label_id, name are missing, exactly one parameter must be provided' });
  };
  r.put('groups/:id/labels/:lid', W((ctx, g, prm) => update(ctx, g, prm.lid)));
  r.put('groups/:id/labels', W((ctx, g) => { const ref = bodyRef(ctx); return typeof ref === 'string' ? update(ctx, g, ref) : ref; }));
  r.delete('groups/:id/labels/:lid', W((ctx, g, prm) => remove(ctx, g, prm.lid)));
  r.delete('groups/:id/labels', G((ctx, g) => {
    const name = str(ctx.params.name);
    if (!name) return missing('name');
    return ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.reporter ? remove(ctx, g, name) : forbidden();
  }));

  for (const [action, on] of [['subscribe', true], ['unsubscribe', false]] as const) {
    r.post(`groups/:id/labels/:lid/${action}`, G((ctx, g, prm) => {
      const l = findIn(available(ctx, g), prm.lid);
      if (!l) return notFound('Label');
      const set = subscribedSet(ctx.state);
      const key = `${ctx.user.id}:${l.id}`;
      // GitLab answers 304 when the subscription is already as asked.
      if (set.has(key) === on) return { status: 304 };
      if (on) set.add(key); else set.delete(key);
      return json(201, groupLabelJson(ctx, l));
    }));
  }
}
