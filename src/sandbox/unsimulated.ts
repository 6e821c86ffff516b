// Every /api/v4 route the sandbox does not simulate is refused in so many words: 501 with the route
// template GitLab documents, after the same checks GitLab makes first (unknown route, missing parent objects).
import { loadCatalog } from '../catalog/index.js';
import { routesOf } from '../catalog/build.js';
import type { Ctx, Reply } from './types.js';
import { isReply, loadIssue, loadMr, loadProject } from './routes/common.js';
import { json, message, notFound } from './util.js';

/** The start of the refusal message; the MCP server recognizes it (src/forge/classify.ts). */
export const NOT_SIMULATED = 'not simulated by the sandbox: ';

/** First path segments the platform's API has; anything else is the platform's unknown-route 404. */
const TOP = new Set([
  'admin', 'admin_member_roles', 'ai', 'analytics', 'application', 'applications', 'audit_events', 'avatar', 'broadcast_messages', 'bulk_imports', 'chat',
  'ci', 'code_suggestions', 'container_registry_event', 'databases', 'dependency_list_exports', 'deploy_keys', 'deploy_tokens', 'discover-cert-based-clusters',
  'elasticsearch_indexed_namespaces', 'events', 'experiments', 'feature_flags', 'features', 'geo', 'geo_nodes', 'geo_sites', 'glql', 'group',
  'group_repository_storage_moves', 'groups', 'hooks', 'import', 'integrations', 'issues', 'issues_statistics', 'job', 'jobs', 'keys', 'ldap', 'license',
  'licenses', 'markdown', 'mcp', 'member_roles', 'merge_requests', 'metadata', 'namespaces', 'notification_settings', 'occurrences', 'offline_exports',
  'offline_imports', 'orbit', 'organizations', 'packages', 'pages', 'path', 'personal_access_tokens', 'pipelines', 'project_aliases',
  'project_repository_storage_moves', 'projects', 'registry', 'runner_controllers', 'runners', 'search', 'security', 'service_accounts', 'sidekiq',
  'snippet_repository_storage_moves', 'snippets', 'suggestions', 'templates', 'todos', 'topics', 'usage_data', 'user', 'user_counts', 'users', 'version',
  'virtual_registries', 'vscode', 'vulnerabilities', 'web_commits', 'work_items', 'slack', 'internal',
]);

/** Literal routes in the place of a project id. */
const PROJECT_LITERALS = new Set(['import', 'import-relation', 'remote-import', 'remote-import-s3', 'user']);

/** Checks the objects named along the path exist, like the platform's own lookups. */
function parents(ctx: Ctx): Reply | undefined {
  const segs = ctx.segs;
  const [top, ref, family, child] = segs;
  if (top === 'projects' && ref !== undefined && !PROJECT_LITERALS.has(ref)) {
    const p = loadProject(ctx, ref);
    if (isReply(p)) return p;
    if (family === 'issues' && child !== undefined && /^\d+$/.test(child) && ctx.segs.length > 4) { const x = loadIssue(ctx, ref, child); if (isReply(x)) return x; }
    if (family === 'merge_requests' && child !== undefined && /^\d+$/.test(child) && ctx.segs.length > 4) { const x = loadMr(ctx, ref, child); if (isReply(x)) return x; }
    if (family === 'pipelines' && child !== undefined && /^\d+$/.test(child) && !p.pipelines.has(Number(child))) return message(404, '404 Not found');
    if (family === 'jobs' && child !== undefined && /^\d+$/.test(child) && ctx.state.jobs.get(Number(child))?.projectId !== p.id) return message(404, '404 Not found');
  }
  if (top === 'groups' && ref !== undefined && !(ref === 'import' && segs.length === 2 && !ctx.state.groupByRef(ref))) {
    const g = ctx.state.groupByRef(ref);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
  }
  if (top === 'users' && ref !== undefined && /^\d+$/.test(ref) && !ctx.state.users.has(Number(ref))) return notFound('User');
  return undefined;
}

/** The platform's 404 for an unknown route or a missing parent object, if any. */
export function checkPath(ctx: Ctx): Reply | undefined {
  if (ctx.segs.length === 0 || !TOP.has(ctx.segs[0])) return json(404, { error: '404 Not Found' });
  return parents(ctx);
}

interface Template { method: string; parts: string[]; text: string; params: readonly string[] }
let templates: Promise<Template[]> | undefined;

/** `{project_id}` after `projects` reads `:id` as in GitLab's docs; other placeholders keep their name. */
function templateText(path: string): string {
  return path.replace(/\/(projects|groups|users)\/\{[a-z_]+\}/g, '/$1/:id').replace(/\{([a-z_]+)\}/g, ':$1');
}

/** Route templates of the catalog's REST actions, loaded once, when the first refusal needs them. */
function catalogTemplates(): Promise<Template[]> {
  templates ??= loadCatalog().then((c) => c.actions.flatMap((a) => routesOf(a).map(({ rest, params }) => {
    const [method, path] = rest.split(' ');
    return { method, parts: path.split('/').filter(Boolean), text: templateText(path), params };
  })));
  return templates;
}

function matches(t: Template, method: string, segs: string[]): boolean {
  if (t.method !== (method === 'HEAD' ? 'GET' : method) || t.parts.length !== segs.length) return false;
  return t.parts.every((p, i) => p.startsWith('{') || p === segs[i]);
}

/** The documented template of a request: the catalog's when it has the route (literal segments win), else numbers read `:id`. */
async function routeTemplate(method: string, segs: string[]): Promise<string> {
  const hits = (await catalogTemplates()).filter((t) => matches(t, method, segs));
  const literal = (t: Template) => t.parts.filter((p) => !p.startsWith('{')).length;
  hits.sort((a, b) => literal(b) - literal(a));
  if (hits[0]) return hits[0].text;
  return `/${segs.map((s, i) => (/^\d+$/.test(s) || (i === 1 && ['projects', 'groups', 'users'].includes(segs[0])) ? ':id' : s)).join('/')}`;
}

/** 501 in GitLab's error shape, naming the route template (never the filled path). */
export async function notSimulated(ctx: Ctx): Promise<Reply> {
  const missing = checkPath(ctx);
  if (missing) return missing;
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  return message(501, `${NOT_SIMULATED}${method} ${await routeTemplate(method, ctx.segs)}`);
}

/**
 * 501 for a read the sandbox serves but would not apply these params to, naming those GitLab documents for the
 * route (the catalog's params of its actions there); a param GitLab does not know it ignores too, so it stays unsaid.
 */
export async function notSimulatedParams(ctx: Ctx, keys: string[]): Promise<Reply | undefined> {
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  const hits = (await catalogTemplates()).filter((t) => matches(t, method, ctx.segs));
  const documented = keys.filter((k) => hits.some((t) => t.params.includes(k)));
  if (!documented.length) return undefined;
  return message(501, `${NOT_SIMULATED}${method} ${await routeTemplate(method, ctx.segs)} with ${documented.join(', ')}`);
}

/**
 * 501 for a write given params the sandbox does not keep (`route` is GitLab's template): refused by name, which the
 * MCP server reads as a refused param (src/forge/classify.ts), rather than answered as if they applied.
 */
export function unkeptParams(ctx: Ctx, route: string, keys: string[]): Reply | undefined {
  const given = keys.filter((k) => ctx.params[k] !== undefined);
  return given.length ? message(501, `${NOT_SIMULATED}${route} with ${given.join(', ')}`) : undefined;
}
