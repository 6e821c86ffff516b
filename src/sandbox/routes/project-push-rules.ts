// The push rule of a project (Premium): one record per project, stored and shown; the sandbox's git side
// takes no pushes, so nothing enforces it.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, forbidden, int, json, message, noContent, notFound, text } from '../util.js';
import { areaOf, withProject } from './project-crud.js';

/** The rule's settings, in the order of GitLab's ProjectPushRule entity, with their defaults. */
const FIELDS = {
  commit_message_regex: null, commit_message_negative_regex: null, branch_name_regex: null, deny_delete_tag: false, member_check: false,
  prevent_secrets: false, author_email_regex: null, file_name_regex: null, max_file_size: 0, commit_committer_check: false,
  commit_committer_name_check: false, reject_unsigned_commits: false, reject_non_dco_commits: false,
} as const satisfies Record<string, string | boolean | number | null>;
type Field = keyof typeof FIELDS;
const NAMES = Object.keys(FIELDS) as Field[];

interface PushRuleRec { id: number; projectId: number; createdAt: string; values: Record<Field, string | boolean | number | null> }

const slot = (ctx: Ctx, p: ProjectRec) => areaOf<{ rule?: PushRuleRec }>(ctx.state, 'push-rule', `project:${p.id}`, () => ({}));

const ruleJson = (r: PushRuleRec): Record<string, unknown> => ({ id: r.id, project_id: r.projectId, created_at: r.createdAt, ...r.values });

/** Writes the given settings; refuses a call that gives none, or a bad value. */
function apply(ctx: Ctx, values: PushRuleRec['values']): Reply | undefined {
  const given = NAMES.filter((k) => ctx.params[k] !== undefined);
  if (given.length === 0) return json(400, { error: `${NAMES.join(', ')} are missing, at least one parameter must be provided` });
  for (const k of given) {
    const def = FIELDS[k];
    const v = typeof def === 'boolean' ? bool(ctx.params[k]) : typeof def === 'number' ? int(ctx.params[k]) : text(ctx.params[k]);
    if (v === undefined) return json(400, { error: `${k} is invalid` });
    if (typeof v === 'string' && k.endsWith('_regex')) {
      try { new RegExp(v); } catch { return message(400, { [k]: ['not valid RE2 syntax: invalid regular expression'] }); }
    }
    values[k] = typeof v === 'string' && v === '' ? null : v;
  }
  return undefined;
}

/** Push rules need the Premium license (403 without it) and the Maintainer role. */
const licensed = (fn: (ctx: Ctx, p: ProjectRec) => Reply) => withProject(ACCESS.maintainer, (ctx, p) => (ctx.state.licensed ? fn(ctx, p) : forbidden()));

export function registerProjectPushRules(r: Router): void {
  // GitLab presents a project without a rule as `null`.
  r.get('projects/:id/push_rule', licensed((ctx, p) => json(200, slot(ctx, p).rule ? ruleJson(slot(ctx, p).rule!) : null)));
  r.post('projects/:id/push_rule', licensed((ctx, p) => {
    const s = slot(ctx, p);
    if (s.rule) return json(422, { error: 'Project push rule exists, try updating' });
    const values = { ...FIELDS } as PushRuleRec['values'];
    const bad = apply(ctx, values);
    if (bad) return bad;
    s.rule = { id: ctx.state.nextId('push_rule'), projectId: p.id, createdAt: ctx.state.now(), values };
    return json(201, ruleJson(s.rule));
  }));
  r.put('projects/:id/push_rule', licensed((ctx, p) => {
    const rule = slot(ctx, p).rule;
    if (!rule) return notFound('Push Rule');
    const next = { ...rule.values };
    const bad = apply(ctx, next);
    if (bad) return bad;
    rule.values = next;
    return json(200, ruleJson(rule));
  }));
  r.delete('projects/:id/push_rule', licensed((ctx, p) => {
    const s = slot(ctx, p);
    if (!s.rule) return notFound('Push Rule');
    delete s.rule;
    return noContent();
  }));
}
