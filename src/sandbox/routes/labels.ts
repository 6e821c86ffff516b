// Project labels (list, get, create, update, delete, subscribe) and the milestone routes beyond list/get/create
// (update, close, delete, its issues and merge requests).
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { issueJson, milestoneJson, mrJson } from '../serialize.js';
import { bool, int, json, message, missing, noContent, notFound, paginate, str, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { inheritedLabelJson } from './group-labels.js';
import { updateMilestone } from './group-milestones.js';

type Label = ProjectRec['labels'][number];
/** Label subscriptions per project, key `<userId>:<labelId>`. */
const subscribed = new WeakMap<ProjectRec, Set<string>>();

/** GitLab's label entity: the issue and merge request counts only for a list read `with_counts` (Entities::Label). */
function labelJson(ctx: Ctx, p: ProjectRec, l: Label, withCounts = false): Record<string, unknown> {
  const issues = [...p.issues.values()].filter((i) => i.labels.includes(l.name));
  const counts = withCounts
    ? {
      open_issues_count: issues.filter((i) => i.state === 'opened').length, closed_issues_count: issues.filter((i) => i.state === 'closed').length,
      open_merge_requests_count: [...p.mrs.values()].filter((m) => m.state === 'opened' && m.labels.includes(l.name)).length,
    }
    : {};
  return {
    id: l.id, name: l.name, description: l.description, description_html: l.description ?? '', text_color: '#FFFFFF', color: l.color,
    ...counts, subscribed: subscribed.get(p)?.has(`${ctx.user.id}:${l.id}`) ?? false, priority: l.priority ?? null, is_project_label: true,
  };
}

/** A priority param: a whole number ≥ 0, null to remove it, undefined when not given. */
function labelPriority(v: unknown): number | null | undefined | 'invalid' {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const n = int(v);
  return n === undefined || n < 0 ? 'invalid' : n;
}

/** A label by id or name, as GitLab looks it up. */
const findLabel = (p: Pick<ProjectRec, 'labels'>, ref: string): Label | undefined => p.labels.find((l) => String(l.id) === ref || l.name === ref);

export function registerLabels(r: Router): void {
  const P = (fn: (ctx: Ctx, p: ProjectRec, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : fn(ctx, p, prm);
  };
  const L = (fn: (ctx: Ctx, p: ProjectRec, l: Label) => Reply) => P((ctx, p, prm) => {
    const l = findLabel(p, prm.lid);
    return l ? fn(ctx, p, l) : notFound('Label');
  });
  r.get('projects/:id/labels', P((ctx, p) => {
    const search = str(ctx.params.search)?.toLowerCase();
    const withCounts = ctx.params.with_counts === true || ctx.params.with_counts === 'true';
    const archived = bool(ctx.params.archived);
    const match = (l: Label) => (!search || l.name.toLowerCase().includes(search)) && (archived === undefined || (l.archived ?? false) === archived);
    // GitLab lists the labels of the project's groups too unless asked not to (include_ancestor_groups, default true).
    const inherited = bool(ctx.params.include_ancestor_groups) === false ? [] : ctx.state.groupLabelsFor(p).filter(match).map((l) => inheritedLabelJson(ctx, l, withCounts));
    return paginate(ctx, [...p.labels.filter(match).map((l) => labelJson(ctx, p, l, withCounts)), ...inherited]);
  }));
  r.post('projects/:id/labels', P((ctx, p) => {
    const name = str(ctx.params.name); const color = str(ctx.params.color);
    if (!name || !color) return missing(...[!name ? 'name' : '', !color ? 'color' : ''].filter(Boolean));
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    if ([...p.labels, ...ctx.state.groupLabelsFor(p)].some((l) => l.name === name)) return message(409, 'Label already exists');
    const priority = labelPriority(ctx.params.priority);
    if (priority === 'invalid') return json(400, { error: 'priority is invalid' });
    const l = { id: ctx.state.nextId('label'), name, color, description: text(ctx.params.description) ?? null, priority: priority ?? null, archived: bool(ctx.params.archived) ?? false };
    p.labels.push(l);
    return json(201, labelJson(ctx, p, l));
  }));
  r.get('projects/:id/labels/:lid', P((ctx, p, prm) => {
    const l = findLabel(p, prm.lid);
    if (l) return json(200, labelJson(ctx, p, l));
    const inherited = bool(ctx.params.include_ancestor_groups) === false ? undefined : findLabel({ labels: ctx.state.groupLabelsFor(p) }, prm.lid);
    return inherited ? json(200, inheritedLabelJson(ctx, inherited, false)) : notFound('Label');
  }));
  r.put('projects/:id/labels/:lid', L((ctx, p, l) => {
    const name = str(ctx.params.new_name); const color = str(ctx.params.color); const description = text(ctx.params.description); const archived = bool(ctx.params.archived);
    if (!name && !color && description === undefined && ctx.params.priority === undefined && archived === undefined) return json(400, { error: 'new_name, color, description, priority, archived are missing, at least one parameter must be provided' });
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    const priority = labelPriority(ctx.params.priority);
    if (priority === 'invalid') return json(400, { error: 'priority is invalid' });
    if (name && name !== l.name && p.labels.some((x) => x.name === name)) return message(409, 'Label already exists');
    if (name) {
      for (const x of [...p.issues.values(), ...p.mrs.values()]) x.labels = x.labels.map((n) => (n === l.name ? name : n));
      l.name = name;
    }
    if (color) l.color = color;
    if (description !== undefined) l.description = description;
    // null (or an empty value) removes the priority, as GitLab's docs say; leaving it out keeps it.
    if (priority !== undefined) l.priority = priority;
    if (archived !== undefined) l.archived = archived;
    return json(200, labelJson(ctx, p, l));
  }));
  const remove = (ctx: Ctx, p: ProjectRec, l: Label): Reply => {
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    p.labels = p.labels.filter((x) => x !== l);
    for (const x of [...p.issues.values(), ...p.mrs.values()]) x.labels = x.labels.filter((n) => n !== l.name);
    return noContent();
  };
  r.delete('projects/:id/labels/:lid', L(remove));
  // The older route: the label named in the body.
  r.delete('projects/:id/labels', P((ctx, p) => {
    const ref = str(ctx.params.label_id) ?? str(ctx.params.name);
    if (!ref) return json(400, { error: 'label_id, name are missing, exactly one parameter must be provided' });
    const l = findLabel(p, ref);
    return l ? remove(ctx, p, l) : notFound('Label');
  }));
  for (const [action, on] of [['subscribe', true], ['unsubscribe', false]] as const) {
    r.post(`projects/:id/labels/:lid/${action}`, L((ctx, p, l) => {
      const set = subscribed.get(p) ?? new Set<string>();
      subscribed.set(p, set);
      const key = `${ctx.user.id}:${l.id}`;
      // GitLab answers 304 when the subscription is already as asked.
      if (set.has(key) === on) return { status: 304 };
      if (on) set.add(key); else set.delete(key);
      // GitLab presents Entities::Label here (lib/api/subscriptions.rb at gitlabhq 001e6a63), without `with_counts`: no
      // issue or merge request counts, and not ProjectLabel's priority and is_project_label (entities/label.rb at 55eb439f).
      const { priority: _priority, is_project_label: _project, ...label } = labelJson(ctx, p, l);
      return json(201, label);
    }));
  }

  const M = (fn: (ctx: Ctx, p: ProjectRec, m: ProjectRec['milestones'][number]) => Reply) => P((ctx, p, prm) => {
    const m = p.milestones.find((x) => String(x.id) === prm.mid);
    return m ? fn(ctx, p, m) : notFound('Milestone');
  });
  r.put('projects/:id/milestones/:mid', M((ctx, p, m) => {
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    const ev = str(ctx.params.state_event);
    if (ev && ev !== 'close' && ev !== 'activate') return json(400, { error: 'state_event does not have a valid value' });
    return updateMilestone(ctx, m, ev, (title) => p.milestones.some((x) => x.title === title)) ?? json(200, milestoneJson(ctx.state, p, m));
  }));
  r.delete('projects/:id/milestones/:mid', M((ctx, p, m) => {
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    p.milestones = p.milestones.filter((x) => x !== m);
    for (const x of [...p.issues.values(), ...p.mrs.values()]) if (x.milestoneId === m.id) x.milestoneId = null;
    return noContent();
  }));
  r.get('projects/:id/milestones/:mid/issues', M((ctx, p, m) => paginate(ctx, [...p.issues.values()].filter((i) => i.milestoneId === m.id).map((i) => issueJson(ctx.state, p, i)))));
  r.get('projects/:id/milestones/:mid/merge_requests', M((ctx, p, m) => paginate(ctx, [...p.mrs.values()].filter((x) => x.milestoneId === m.id).map((x) => mrJson(ctx.state, p, x)))));
}
