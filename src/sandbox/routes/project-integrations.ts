// Integrations of projects and groups (Slack, Jira, Datadog…): their settings as state only. The sandbox never
// calls the external service; secrets are kept write-only, as GitLab leaves them out of its answers.
import type { Router } from '../router.js';
import { ACCESS } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, forbidden, json, missing, noContent, notFound, paginate, text } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { areaOf } from './project-crud.js';

/** The integrations GitLab offers, by slug, with their title and the fields GitLab requires to set them up. */
const KINDS: Record<string, { title: string; required?: string[] }> = {
  'apple-app-store': { title: 'Apple App Store Connect' }, asana: { title: 'Asana', required: ['api_key'] }, assembla: { title: 'Assembla', required: ['token'] },
  bamboo: { title: 'Atlassian Bamboo', required: ['bamboo_url', 'build_key', 'username', 'password'] }, bugzilla: { title: 'Bugzilla', required: ['project_url', 'issues_url'] },
  buildkite: { title: 'Buildkite', required: ['token', 'project_url'] }, campfire: { title: 'Campfire', required: ['token'] }, clickup: { title: 'ClickUp', required: ['project_url', 'issues_url'] },
  confluence: { title: 'Confluence Workspace', required: ['confluence_url'] }, 'custom-issue-tracker': { title: 'Custom issue tracker', required: ['project_url', 'issues_url'] },
  datadog: { title: 'Datadog', required: ['api_key'] }, 'diffblue-cover': { title: 'Diffblue Cover' }, discord: { title: 'Discord Notifications', required: ['webhook'] },
  'drone-ci': { title: 'Drone', required: ['token', 'drone_url'] }, 'emails-on-push': { title: 'Emails on push', required: ['recipients'] }, ewm: { title: 'EWM', required: ['project_url', 'issues_url'] },
  'external-wiki': { title: 'External wiki', required: ['external_wiki_url'] }, 'git-guardian': { title: 'GitGuardian', required: ['token'] }, github: { title: 'GitHub', required: ['token', 'repository_url'] },
  'gitlab-slack-application': { title: 'GitLab for Slack app' }, 'google-cloud-platform-artifact-registry': { title: 'Google Artifact Management' },
  'google-cloud-platform-workload-identity-federation': { title: 'Google Cloud IAM' }, 'google-play': { title: 'Google Play' }, 'hangouts-chat': { title: 'Google Chat', required: ['webhook'] },
  harbor: { title: 'Harbor', required: ['url', 'project_name', 'username', 'password'] }, irker: { title: 'irker (IRC gateway)', required: ['recipients'] },
  jenkins: { title: 'Jenkins', required: ['jenkins_url', 'project_name'] }, jira: { title: 'Jira', required: ['url', 'password'] }, 'jira-cloud-app': { title: 'GitLab for Jira Cloud app' },
  linear: { title: 'Linear', required: ['workspace_url'] }, matrix: { title: 'Matrix notifications', required: ['token', 'room'] }, mattermost: { title: 'Mattermost notifications', required: ['webhook'] },
  'mattermost-slash-commands': { title: 'Mattermost slash commands', required: ['token'] }, 'microsoft-teams': { title: 'Microsoft Teams notifications', required: ['webhook'] },
  packagist: { title: 'Packagist', required: ['username', 'token'] }, phorge: { title: 'Phorge', required: ['project_url', 'issues_url'] },
  'pipelines-email': { title: 'Pipeline status emails', required: ['recipients'] }, pivotaltracker: { title: 'Pivotal Tracker', required: ['token'] }, pumble: { title: 'Pumble', required: ['webhook'] },
  pushover: { title: 'Pushover', required: ['api_key', 'user_key', 'priority'] }, redmine: { title: 'Redmine', required: ['project_url', 'issues_url'] }, slack: { title: 'Slack notifications', required: ['webhook'] },
  'squash-tm': { title: 'Squash TM', required: ['url'] }, teamcity: { title: 'JetBrains TeamCity', required: ['teamcity_url', 'build_type', 'username', 'password'] },
  telegram: { title: 'Telegram', required: ['token'] }, 'unify-circuit': { title: 'Unify Circuit', required: ['webhook'] }, 'webex-teams': { title: 'Webex Teams', required: ['webhook'] },
  youtrack: { title: 'YouTrack', required: ['project_url', 'issues_url'] }, zentao: { title: 'ZenTao', required: ['url', 'api_token', 'zentao_product_xid'] },
};

/** The event switches, in the order of GitLab's IntegrationBasic entity, with GitLab's column defaults. */
const EVENTS: Record<string, boolean> = {
  commit_events: true, push_events: true, issues_events: true, incident_events: false, alert_events: true, confidential_issues_events: true, merge_requests_events: true,
  tag_push_events: true, deployment_events: false, note_events: true, confidential_note_events: true, pipeline_events: false, wiki_page_events: true, job_events: false,
  comment_on_event_enabled: true,
};
/** Secrets are write-only: never shown in `properties`. */
const SECRET = /password|token|api_key|user_key|webhook|secret/;

interface IntegrationRec { id: number; slug: string; createdAt: string; updatedAt: string; active: boolean; events: Record<string, boolean>; properties: Record<string, unknown> }

function integrationJson(i: IntegrationRec, withProperties: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: i.id, title: KINDS[i.slug].title, slug: i.slug, created_at: i.createdAt, updated_at: i.updatedAt, active: i.active,
    ...i.events, inherited: false,
  };
  if (withProperties) out.properties = Object.fromEntries(Object.entries(i.properties).filter(([k]) => !SECRET.test(k)));
  return out;
}

type Owner = { key: string } | Reply;

function projectOwner(ctx: Ctx, ref: string): Owner {
  const p = loadProject(ctx, ref);
  if (isReply(p)) return p;
  return requireLevel(ctx, p, ACCESS.maintainer) ?? { key: `project:${p.id}` };
}

function groupOwner(ctx: Ctx, ref: string): Owner {
  const g = ctx.state.groupByRef(ref);
  if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
  return ctx.state.groupAccess(ctx.user, g.id) >= ACCESS.owner ? { key: `group:${g.id}` } : forbidden();
}

const integrationsOf = (ctx: Ctx, key: string) => areaOf<Map<string, IntegrationRec>>(ctx.state, 'integration', key, () => new Map());

function setIntegration(ctx: Ctx, key: string, slug: string): Reply {
  const kind = KINDS[slug];
  if (!kind) return json(400, { error: 'slug does not have a valid value' });
  const all = integrationsOf(ctx, key);
  const had = all.get(slug);
  const lacking = (kind.required ?? []).filter((f) => text(ctx.params[f]) === undefined && !(had?.active && f in had.properties));
  if (lacking.length) return missing(...lacking);
  const now = ctx.state.now();
  const i = had ?? { id: ctx.state.nextId('integration'), slug, createdAt: now, updatedAt: now, active: true, events: { ...EVENTS }, properties: {} };
  for (const [k, v] of Object.entries(ctx.params)) {
    if (k === 'id' || k === 'slug' || k === 'active' || k === 'use_inherited_settings') continue;
    if (k in EVENTS) { const b = bool(v); if (b !== undefined) i.events[k] = b; continue; }
    if (v !== null && typeof v !== 'object') i.properties[k] = v;
  }
  i.active = bool(ctx.params.active) ?? true;
  i.updatedAt = now;
  all.set(slug, i);
  return json(200, integrationJson(i, true));
}

/** `collections`: the route names, `integrations` and for projects its older alias `services`. */
function register(r: Router, base: string, owner: (ctx: Ctx, ref: string) => Owner, collections: string[]): void {
  const withOwner = (fn: (ctx: Ctx, key: string, slug: string) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const o = owner(ctx, prm.id);
    return isReply(o) ? o : fn(ctx, o.key, prm.slug);
  };
  for (const c of collections) {
    r.get(`${base}/${c}`, withOwner((ctx, key) => paginate(ctx, [...integrationsOf(ctx, key).values()].filter((i) => i.active).map((i) => integrationJson(i, false)))));
    registerOne(r, `${base}/${c}/:slug`, withOwner);
  }
}

type WithOwner = (fn: (ctx: Ctx, key: string, slug: string) => Reply) => (ctx: Ctx, prm: Record<string, string>) => Reply;

function registerOne(r: Router, path: string, withOwner: WithOwner): void {
  r.get(path, withOwner((ctx, key, slug) => {
    if (!KINDS[slug]) return json(400, { error: 'slug does not have a valid value' });
    const i = integrationsOf(ctx, key).get(slug);
    return i ? json(200, integrationJson(i, true)) : notFound('Integration');
  }));
  r.put(path, withOwner(setIntegration));
  // GitLab's delete deactivates the integration and clears its settings; a later read shows it inactive.
  r.delete(path, withOwner((ctx, key, slug) => {
    if (!KINDS[slug]) return json(400, { error: 'slug does not have a valid value' });
    const i = integrationsOf(ctx, key).get(slug);
    if (!i) return notFound('Integration');
    i.active = false;
    i.properties = {};
    i.updatedAt = ctx.state.now();
    return noContent();
  }));
}

export function registerProjectIntegrations(r: Router): void {
  register(r, 'projects/:id', projectOwner, ['integrations', 'services']);
  register(r, 'groups/:id', groupOwner, ['integrations']);
}
