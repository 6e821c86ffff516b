// Test-only fallback (SandboxOptions.placeholders): answers every unsimulated /api/v4 route with a plausible,
// deterministic shape, for the contract, fuzz and sweep tests that need every route to answer. Never on in --sandbox.
import type { Ctx, Reply } from './types.js';
import { checkPath } from './unsimulated.js';
import { json, noContent, paginate, sha1 } from './util.js';

/** Literal last segments that name one object although plural, or a singular object. */
const OBJECT_WORDS = new Set([
  'status', 'metadata', 'statistics', 'settings', 'metrics', 'time_stats', 'signature', 'render', 'push_rule', 'merge_request_approval_setting', 'approvals',
  'approval_state', 'latest', 'self', 'user', 'security_settings', 'test_report', 'test_report_summary', 'schema', 'dsl', 'pull', 'public_key', 'plan_limits',
  'non_sql_metrics', 'new_members_count', 'merge_requests_count', 'issues_count', 'merge_base', 'lint', 'license', 'job_token_scope', 'job_stats',
  'graph_status', 'export', 'exists', 'compound_metrics', 'compliance_policy_settings', 'compare', 'changelog', 'appearance', 'service_ping',
  'queue_metrics', 'process_metrics', 'storage', 'import', 'languages', 'notification_settings', 'issues_statistics', 'associations_count', 'preferences',
  'counts', 'user_counts', 'mirror', 'repository_size', 'subscription', 'access_level', 'health', 'readiness', 'liveness', 'configuration', 'analytics',
]);
/** Literal last segments that list although singular. */
const ARRAY_WORDS = new Set(['all', 'shared', 'public', 'allowlist', 'groups_allowlist', 'award_emoji', 'tree', 'search', 'closed_by', 'blame', 'refs', 'diff', 'starred', 'owned']);
const BINARY_WORDS = /^(download|archive(\.(zip|tar|tar\.gz|tar\.bz2|tgz|tbz|tb2|bz2|gz))?|avatar)$/;
const WORD = /^[a-z][a-z0-9_]*$/;

const singular = (w: string): string => w.replace(/ies$/, 'y').replace(/(ss|sh|ch|x)es$/, '$1').replace(/([^s])s$/, '$1');

/** Kind-specific fields so common objects look like the platform's. */
function enrich(kind: string, id: number | string, ctx: Ctx): Record<string, unknown> {
  const k = kind.toLowerCase();
  if (k.endsWith('hook')) return { url: `https://hooks.example.com/${kind}/${id}`, push_events: true, issues_events: false, merge_requests_events: true, enable_ssl_verification: true, alert_status: 'executable' };
  if (k.endsWith('key')) return { title: `${kind.replace(/_/g, ' ')} ${id}`, key: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${sha1(String(id)).slice(0, 30)} sandbox`, fingerprint_sha256: `SHA256:${sha1(`fp${id}`).slice(0, 43)}`, can_push: false, expires_at: null };
  if (k.endsWith('variable')) return { key: typeof id === 'string' ? id : `VARIABLE_${id}`, value: 'sandbox-value', variable_type: 'env_var', protected: false, masked: false, raw: false, environment_scope: '*', description: null };
  if (k.endsWith('token')) return { scopes: ['read_api'], active: true, revoked: false, expires_at: '2026-12-31', access_level: 30, last_used_at: null };
  if (k.endsWith('member') || k === 'user') return { username: `user${id}`, state: 'active', access_level: 30, avatar_url: null };
  if (k === 'environment') return { slug: `environment-${id}`, state: 'available', tier: 'production', external_url: `https://env-${id}.example.com` };
  if (k === 'release') return { tag_name: `v1.${id}.0`, description: 'Sandbox release notes.', released_at: '2026-02-01T10:00:00.000Z', author: { id: 1, username: 'demo' } };
  if (k === 'badge') return { link_url: `${ctx.state.url}/demo-group/demo-project`, image_url: 'https://shields.io/badge/sandbox-ok-green', kind: 'project' };
  if (k === 'wiki') return { slug: `page-${id}`, format: 'markdown', encoding: 'UTF-8', content: '# Sandbox wiki page\n' };
  if (k === 'snippet') return { file_name: 'snippet.md', visibility: 'private', author: { id: 1, username: 'demo', name: 'Demo User' } };
  if (k === 'runner') return { description: `runner ${id}`, active: true, paused: false, is_shared: false, runner_type: 'project_type', online: true, status: 'online', ip_address: null };
  if (k === 'todo') return { action_name: 'assigned', target_type: 'Issue', state: 'pending', body: 'Sandbox todo' };
  if (k === 'award_emoji') return { name: 'thumbsup', user: { id: 1, username: 'demo', name: 'Demo User' }, awardable_type: 'Issue' };
  if (k === 'event') return { action_name: 'opened', target_type: 'Issue', author_username: 'demo', author_id: 1 };
  return {};
}

function obj(ctx: Ctx, kind: string, id: number | string, path: string): Record<string, unknown> {
  const label = kind.replace(/_/g, ' ');
  const out: Record<string, unknown> = {
    id, name: typeof id === 'string' ? id : `${label} ${id}`, title: typeof id === 'string' ? id : `${label} ${id}`, description: `A sandbox ${label}.`,
    created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-02T10:00:00.000Z', web_url: `${ctx.state.url}/${path}`,
    ...enrich(kind, id, ctx),
  };
  if (ctx.segs[0] === 'projects' && /^\d+$/.test(ctx.segs[1] ?? '')) out.project_id = Number(ctx.segs[1]);
  if (ctx.segs[0] === 'groups' && /^\d+$/.test(ctx.segs[1] ?? '')) out.group_id = Number(ctx.segs[1]);
  return out;
}

/** Parameters echoed back by a write, without the credential forms. */
function echo(ctx: Ctx): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx.params)) if (k !== 'private_token' && k !== 'access_token' && k !== 'id' && k !== '__proto__') out[k] = v;
  return out;
}

function webPath(ctx: Ctx): string {
  const [top, ref] = ctx.segs;
  if (top === 'projects' && ref) {
    const p = ctx.state.projectByRef(ref);
    if (p) return `${ctx.state.projectFullPath(p)}/-/${ctx.segs.slice(2).join('/')}`;
  }
  if (top === 'groups' && ref) {
    const g = ctx.state.groupByRef(ref);
    if (g) return `groups/${g.fullPath}/-/${ctx.segs.slice(2).join('/')}`;
  }
  return ctx.segs.join('/');
}

export function genericReply(ctx: Ctx): Reply {
  const segs = ctx.segs;
  const missing = checkPath(ctx);
  if (missing) return missing;
  const last = segs[segs.length - 1];
  const prev = segs.length > 1 ? segs[segs.length - 2] : '';
  const now = ctx.state.now.bind(ctx.state);
  switch (ctx.method) {
    case 'DELETE':
      return noContent();
    case 'POST': {
      const kind = WORD.test(last) ? singular(last) : singular(prev || 'object');
      const id = ctx.state.nextId('generic');
      const at = now();
      return json(201, { ...obj(ctx, kind, id, `${webPath(ctx)}/${id}`), ...echo(ctx), id, created_at: at, updated_at: at });
    }
    case 'PUT':
    case 'PATCH': {
      const numeric = [...segs].reverse().find((s) => /^\d+$/.test(s));
      const named = !WORD.test(last) || !OBJECT_WORDS.has(last) ? last : undefined;
      const id = /^\d+$/.test(last) ? Number(last) : numeric ? Number(numeric) : named ?? 1;
      const kind = /^\d+$/.test(last) || !WORD.test(last) ? singular(prev) : singular(last);
      return json(200, { ...obj(ctx, kind, id, webPath(ctx)), ...echo(ctx), id, updated_at: now() });
    }
    default: {
      if (BINARY_WORDS.test(last)) {
        const bytes = Buffer.from(`PK\u0003\u0004sandbox-binary:${ctx.rawPath}`, 'latin1');
        return { status: 200, text: bytes, contentType: 'application/octet-stream', headers: { 'content-disposition': `attachment; filename="${last === 'download' ? 'export.tar.gz' : last}"` } };
      }
      if (last === 'raw') return { status: 200, text: `Sandbox content of ${ctx.rawPath}\n`, contentType: 'text/plain; charset=utf-8' };
      const isWord = WORD.test(last);
      const collection = isWord && !OBJECT_WORDS.has(last) && (ARRAY_WORDS.has(last) || /[^s]s$/.test(last) || last.endsWith('ies'));
      if (collection) {
        const kind = ARRAY_WORDS.has(last) ? singular(prev && WORD.test(prev) ? prev : last) : singular(last);
        const base = webPath(ctx);
        return paginate(ctx, [1, 2].map((i) => obj(ctx, kind, i, `${base}/${i}`)));
      }
      if (isWord && OBJECT_WORDS.has(last)) return json(200, obj(ctx, last, /^\d+$/.test(prev) ? Number(prev) : 1, webPath(ctx)));
      const id: number | string = /^\d+$/.test(last) ? Number(last) : last;
      return json(200, obj(ctx, singular(prev && WORD.test(prev) ? prev : 'object'), id, webPath(ctx)));
    }
  }
}
