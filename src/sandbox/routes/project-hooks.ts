// Project webhooks: CRUD, custom headers and URL variables (values write-only, as GitLab masks them), and
// test events, which the sandbox records instead of sending: it never makes a network call.
import type { Router } from '../router.js';
import { ACCESS, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, json, message, missing, noContent, notFound, str, text } from '../util.js';
import { areaOf, crud, findRec, withProject, type Rec } from './project-crud.js';

/** The event switches of a project hook, in the order of GitLab's Hook and ProjectHook entities. */
const HOOK_EVENTS = ['push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events'] as const;
const PROJECT_EVENTS = [
  'issues_events', 'confidential_issues_events', 'note_events', 'confidential_note_events', 'pipeline_events', 'wiki_page_events', 'deployment_events',
  'feature_flag_events', 'job_events', 'releases_events', 'milestone_events', 'emoji_events', 'resource_access_token_events', 'resource_deploy_token_events',
  'vulnerability_events',
] as const;
const EVENTS = [...HOOK_EVENTS, ...PROJECT_EVENTS];
const TRIGGERS = new Set(['push_events', 'tag_push_events', 'issues_events', 'confidential_issues_events', 'note_events', 'merge_requests_events', 'job_events', 'pipeline_events', 'wiki_page_events', 'releases_events', 'emoji_events', 'resource_access_token_events']);
const STRATEGIES = new Set(['wildcard', 'regex', 'all_branches']);

interface HookRec extends Rec {
  url: string; name: string | null; description: string | null; createdAt: string; projectId: number;
  events: Record<string, boolean>; enableSsl: boolean; branchFilter: string | null; branchFilterStrategy: string;
  template: string | null; token: string | null; urlVariables: Map<string, string>; customHeaders: Map<string, string>;
}

/** A test event the sandbox would have posted: recorded, never sent. */
export interface HookDelivery { hookId: number; trigger: string; url: string; at: string }
export const hookDeliveries = (state: SandboxState): HookDelivery[] => areaOf<HookDelivery[]>(state, 'hook-deliveries', 'all', () => []);

function hookJson(h: HookRec): Record<string, unknown> {
  const ev = (k: string) => h.events[k] ?? false;
  return {
    id: h.id, url: h.url, name: h.name, description: h.description, created_at: h.createdAt,
    ...Object.fromEntries(HOOK_EVENTS.map((k) => [k, ev(k)])),
    enable_ssl_verification: h.enableSsl, alert_status: 'executable', disabled_until: null,
    url_variables: [...h.urlVariables.keys()].map((key) => ({ key })), push_events_branch_filter: h.branchFilter,
    branch_filter_strategy: h.branchFilterStrategy, custom_webhook_template: h.template,
    custom_headers: [...h.customHeaders.keys()].map((key) => ({ key })), project_id: h.projectId,
    ...Object.fromEntries(PROJECT_EVENTS.map((k) => [k, ev(k)])),
  };
}

/** Writes the optional fields of a create or edit; a Reply refuses a bad value. */
function applyFields(ctx: Ctx, h: Omit<HookRec, 'id'>): Reply | undefined {
  const prm = ctx.params;
  const strategy = str(prm.branch_filter_strategy);
  if (strategy && !STRATEGIES.has(strategy)) return json(400, { error: 'branch_filter_strategy does not have a valid value' });
  for (const k of EVENTS) { const v = bool(prm[k]); if (v !== undefined) h.events[k] = v; }
  const ssl = bool(prm.enable_ssl_verification);
  if (ssl !== undefined) h.enableSsl = ssl;
  if (text(prm.name) !== undefined) h.name = text(prm.name)!;
  if (text(prm.description) !== undefined) h.description = text(prm.description)!;
  if (text(prm.push_events_branch_filter) !== undefined) h.branchFilter = text(prm.push_events_branch_filter)!;
  if (strategy) h.branchFilterStrategy = strategy;
  if (text(prm.custom_webhook_template) !== undefined) h.template = text(prm.custom_webhook_template)!;
  if (text(prm.token) !== undefined) h.token = text(prm.token)!;
  const url = str(prm.url);
  if (url !== undefined) {
    if (!/^https?:\/\/[^\s/]+/.test(url)) return message(422, { url: ['is blocked: Only allowed schemes are http, https'] });
    h.url = url;
  }
  return undefined;
}

export function registerProjectHooks(r: Router): void {
  crud<HookRec>(r, {
    path: 'projects/:id/hooks', area: 'hook', thing: 'Hook', read: ACCESS.maintainer, write: ACCESS.maintainer,
    create: (ctx, p) => {
      if (!str(ctx.params.url)) return missing('url');
      const h: Omit<HookRec, 'id'> = {
        url: '', name: null, description: null, createdAt: ctx.state.now(), projectId: p.id, events: { push_events: true }, enableSsl: true,
        branchFilter: null, branchFilterStrategy: 'wildcard', template: null, token: null, urlVariables: new Map(), customHeaders: new Map(),
      };
      return applyFields(ctx, h) ?? h;
    },
    update: (ctx, _p, h) => applyFields(ctx, h),
    view: (_ctx, _p, h) => hookJson(h),
  });
  const one = (fn: (ctx: Ctx, h: HookRec, prm: Record<string, string>) => Reply) => withProject(ACCESS.maintainer, (ctx, p, prm) => {
    const h = findRec<HookRec>(ctx, p, 'hook', prm.rid);
    return h ? fn(ctx, h, prm) : notFound('Hook');
  });
  r.post('projects/:id/hooks/:rid/test/:trigger', one((ctx, h, prm) => {
    if (!TRIGGERS.has(prm.trigger)) return json(400, { error: 'trigger does not have a valid value' });
    hookDeliveries(ctx.state).push({ hookId: h.id, trigger: prm.trigger, url: h.url, at: ctx.state.now() });
    return message(201, '201 Created');
  }));
  for (const [kind, field, thing] of [['custom_headers', 'customHeaders', 'Custom header'], ['url_variables', 'urlVariables', 'URL variable']] as const) {
    r.put(`projects/:id/hooks/:rid/${kind}/:key`, one((ctx, h, prm) => {
      const value = str(ctx.params.value);
      if (!value) return missing('value');
      h[field].set(prm.key, value);
      return noContent();
    }));
    r.delete(`projects/:id/hooks/:rid/${kind}/:key`, one((_ctx, h, prm) => (h[field].delete(prm.key) ? noContent() : notFound(thing))));
  }
}
