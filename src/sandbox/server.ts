// The HTTP side: body parsing, the request log, fault injection, authentication gates and dispatch to the routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxState } from './state.js';
import type { Ctx, FaultRule, Handler, Query, Reply, RequestLogEntry } from './types.js';
import { Router } from './router.js';
import { authenticate, checkAdmin, checkGrant, checkScopes } from './tokens.js';
import { genericReply } from './generic.js';
import { notSimulated, notSimulatedParams } from './unsimulated.js';
import { trackReads } from './unread-params.js';
import { handleGraphql } from './graphql.js';
import { firstRootField } from './graphql-parse.js';
import { handleStorage } from './storage.js';
import { oauthTokenInfo, registerCore } from './routes/core.js';
import { registerProjects } from './routes/projects.js';
import { registerProjectAreas } from './routes/project-areas.js';
import { registerIssues } from './routes/issues.js';
import { registerNotes } from './routes/notes.js';
import { registerMergeRequests } from './routes/merge_requests.js';
import { registerRepository } from './routes/repository.js';
import { registerCi } from './routes/ci.js';
import { registerTracking } from './routes/tracking.js';
import { registerReleases } from './routes/releases.js';
import { registerMembers } from './routes/members.js';
import { registerGroupShares } from './routes/group-shares.js';
import { registerLabels } from './routes/labels.js';
import { registerGroupLabels } from './routes/group-labels.js';
import { registerGroupMilestones } from './routes/group-milestones.js';
import { registerGroupBadges } from './routes/group-badges.js';
import { registerAccessRequests } from './routes/access-requests.js';
import { registerWiki } from './routes/wiki.js';
import { registerSearch } from './routes/search.js';
import { registerAwards } from './routes/awards.js';
import { registerActivity } from './routes/activity.js';
import { registerIssueLinks } from './routes/issue-links.js';
import { registerReviews } from './routes/reviews.js';
import { registerApprovals } from './routes/approvals.js';
import { registerMrWorkflow } from './routes/mr-workflow.js';
import { registerCiSettings } from './routes/ci-settings.js';
import { registerUploads } from './routes/uploads.js';
import { registerRepositoryExtras } from './routes/repository-extras.js';
import { registerProtectedTags } from './routes/tags-protected.js';
import { registerUserAdmin } from './routes/users-admin.js';
import { registerUserKeys } from './routes/users-keys.js';
import { avatarFile, registerUserSelf } from './routes/users-self.js';
import { decodeSeg, json, message, statusLine } from './util.js';

const MAX_BODY = 50 * 1024 * 1024;
let router: Router | undefined;

export function sandboxRoutes(): Router {
  if (!router) {
    router = new Router();
    registerCore(router);
    registerProjects(router);
    registerProjectAreas(router);
    registerIssues(router);
    registerNotes(router);
    registerMergeRequests(router);
    registerRepository(router);
    registerCi(router);
    registerTracking(router);
    registerReleases(router);
    registerMembers(router);
    registerGroupShares(router);
    registerLabels(router);
    registerGroupLabels(router);
    registerGroupMilestones(router);
    registerGroupBadges(router);
    registerAccessRequests(router);
    registerWiki(router);
    registerSearch(router);
    registerAwards(router);
    registerActivity(router);
    registerIssueLinks(router);
    registerReviews(router);
    registerApprovals(router);
    registerMrWorkflow(router);
    registerCiSettings(router);
    registerUploads(router);
    registerRepositoryExtras(router);
    registerProtectedTags(router);
    registerUserAdmin(router);
    registerUserKeys(router);
    registerUserSelf(router);
  }
  return router;
}

function parseQuery(search: string): Query {
  const out: Query = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Platform parameter forms: `a[]=x` lists, `a[][k]=v` lists of objects, `a[k]=v` objects, `a[k][]=v` lists in objects. */
function foldParams(pairs: Iterable<[string, string | string[]]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, raw] of pairs) {
    if (key.startsWith('__proto__')) continue;
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      let m = /^([^[\]]+)\[\]$/.exec(key);
      if (m) { const arr = Array.isArray(out[m[1]]) ? (out[m[1]] as unknown[]) : (out[m[1]] = []) as unknown[]; arr.push(v); continue; }
      m = /^([^[\]]+)\[\]\[([^[\]]+)\]$/.exec(key);
      if (m) {
        const arr = Array.isArray(out[m[1]]) ? (out[m[1]] as Array<Record<string, unknown>>) : (out[m[1]] = []) as Array<Record<string, unknown>>;
        const lastObj = arr[arr.length - 1];
        if (lastObj && typeof lastObj === 'object' && !(m[2] in lastObj)) lastObj[m[2]] = v; else arr.push({ [m[2]]: v });
        continue;
      }
      m = /^([^[\]]+)\[([^[\]]+)\]\[\]$/.exec(key);
      if (m) {
        // `a[k][]=v`: a list inside an object (GitLab's `not[iids][]`).
        const o = (out[m[1]] && typeof out[m[1]] === 'object' && !Array.isArray(out[m[1]]) ? out[m[1]] : (out[m[1]] = {})) as Record<string, unknown>;
        const arr = Array.isArray(o[m[2]]) ? (o[m[2]] as unknown[]) : (o[m[2]] = []) as unknown[];
        arr.push(v);
        continue;
      }
      m = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
      if (m) { const o = (out[m[1]] && typeof out[m[1]] === 'object' ? out[m[1]] : (out[m[1]] = {})) as Record<string, unknown>; o[m[2]] = v; continue; }
      const prev = out[key];
      out[key] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
  }
  return { ...out };
}

function compilePath(p: string | RegExp): (path: string) => boolean {
  if (p instanceof RegExp) return (path) => { p.lastIndex = 0; return p.test(path); };
  if (!p.includes(':') && !p.includes('*')) return (path) => path === p;
  const re = new RegExp(`^${p.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s === '*' ? '.*' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
  return (path) => re.test(path);
}

interface ActiveFault { rule: FaultRule; match: (path: string) => boolean; remaining: number }

export class SandboxServer {
  readonly log: RequestLogEntry[] = [];
  private faults: ActiveFault[] = [];

  /** `placeholders`: the test-only mode where unsimulated routes answer invented shapes instead of 501. */
  constructor(readonly state: SandboxState, private readonly placeholders = false) {}

  addFault(rule: FaultRule): void {
    this.faults.push({ rule, match: compilePath(rule.path), remaining: rule.times ?? Infinity });
  }

  clearFaults(): void { this.faults = []; }

  private takeFault(origin: 'api' | 'storage', method: string, path: string, body: unknown, query: Query): FaultRule | undefined {
    let operation: { root?: string; name?: string } | undefined;
    const graphqlOperation = () => {
      if (!operation) {
        const b = (body && typeof body === 'object' ? body : {}) as { query?: unknown; operationName?: unknown };
        const q = typeof b.query === 'string' ? b.query : typeof query.query === 'string' ? query.query : '';
        const name = typeof b.operationName === 'string' ? b.operationName : typeof query.operationName === 'string' ? query.operationName : undefined;
        operation = { root: firstRootField(q, name), name };
      }
      return operation;
    };
    for (const f of this.faults) {
      const r = f.rule;
      if (r.origin && r.origin !== origin) continue;
      if (r.method && r.method.toUpperCase() !== method) continue;
      if (!f.match(path)) continue;
      if (r.graphqlOperation) {
        const op = graphqlOperation();
        if (op.root !== r.graphqlOperation && op.name !== r.graphqlOperation) continue;
      }
      f.remaining -= 1;
      if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
      return r;
    }
    return undefined;
  }

  async handle(origin: 'api' | 'storage', req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const rawPath = qi < 0 ? url : url.slice(0, qi);
    const query = parseQuery(qi < 0 ? '' : url.slice(qi + 1));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const entry: RequestLogEntry = { origin, method, path: rawPath, query, headers, body: null, status: 0 };
    this.log.push(entry);

    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    try {
      for await (const c of req) {
        size += (c as Buffer).length;
        if (size > MAX_BODY) { tooBig = true; break; }
        chunks.push(c as Buffer);
      }
    } catch {
      entry.status = 0;
      return;
    }
    const rawBody = Buffer.concat(chunks);
    let body: unknown = null;
    let badJson = false;
    const ctype = (headers['content-type'] ?? '').toLowerCase();
    if (rawBody.length > 0) {
      const textBody = rawBody.toString('utf8');
      if (ctype.includes('json') || (!ctype && /^\s*[[{]/.test(textBody))) {
        try { body = JSON.parse(textBody); } catch { badJson = true; body = textBody; }
      } else if (ctype.includes('application/x-www-form-urlencoded')) body = foldParams(new URLSearchParams(textBody));
      else body = textBody;
    }
    entry.body = body;

    if (tooBig) return this.send(res, entry, method, message(413, '413 Request Entity Too Large'));
    const fault = this.takeFault(origin, method, rawPath, body, query);
    let extraHeaders: Record<string, string> | undefined;
    if (fault) {
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.reset === 'before-headers') { req.socket.destroy(); return; }
      if (fault.reset === 'after-headers') {
        entry.status = fault.status ?? 200;
        try {
          res.writeHead(entry.status, { 'content-type': 'application/json', ...fault.headers });
          res.flushHeaders();
          res.write('{"id":');
        } catch { /* the client is already gone */ }
        setTimeout(() => req.socket.destroy(), 5);
        return;
      }
      if (fault.redirectTo) return this.send(res, entry, method, { status: 302, headers: { location: fault.redirectTo, ...fault.headers }, text: '', contentType: 'text/html; charset=utf-8' });
      if (fault.status !== undefined) {
        const reply: Reply = { status: fault.status, headers: fault.headers, body: fault.body !== undefined ? fault.body : { message: statusLine(fault.status) } };
        if (typeof fault.body === 'string') { reply.text = fault.body; reply.body = undefined; reply.contentType = 'text/plain; charset=utf-8'; }
        return this.send(res, entry, method, reply);
      }
      extraHeaders = fault.headers;
    }

    let reply: Reply;
    try {
      reply = origin === 'storage' ? handleStorage(this.state, method, rawPath, query) : await this.api(method, rawPath, query, body, rawBody, badJson, req);
    } catch {
      reply = message(500, '500 Internal Server Error');
    }
    if (extraHeaders) reply.headers = { ...reply.headers, ...extraHeaders };
    this.send(res, entry, method, reply);
  }

  private api(method: string, rawPath: string, query: Query, body: unknown, rawBody: Buffer, badJson: boolean, req: IncomingMessage): Reply | Promise<Reply> {
    const s = this.state;
    if (rawPath === '/api/graphql') {
      if (method !== 'POST' && method !== 'GET') return message(405, '405 Method Not Allowed');
      if (badJson) return json(400, { errors: [{ message: 'Invalid JSON in request body' }] });
      const payload = method === 'GET' || body === null || typeof body !== 'object'
        ? { query: query.query, operationName: query.operationName, variables: typeof query.variables === 'string' ? safeJson(query.variables) : undefined }
        : body;
      return handleGraphql(s, req.headers, query, payload, this.placeholders);
    }
    if (rawPath === '/oauth/token/info' && method === 'GET') return oauthTokenInfo(s, req.headers, query);
    if (rawPath.startsWith('/uploads/-/system/user/avatar/') && (method === 'GET' || method === 'HEAD')) return avatarFile(s, rawPath);
    if (rawPath !== '/api/v4' && !rawPath.startsWith('/api/v4/')) return message(404, '404 Not Found');
    if (badJson) return json(400, { error: '400 Bad request - body is not valid JSON' });
    const segs = rawPath.slice('/api/v4'.length).split('/').filter((x) => x !== '').map(decodeSeg);
    const auth = authenticate(s, req.headers, query);
    if (!auth.ok) return auth.reply;
    const refused = checkScopes(auth.token, method, segs) ?? checkAdmin(s, auth.token, auth.user, method, segs) ?? checkGrant(s, auth.token, auth.user, method, segs);
    if (refused) return refused;
    const params = foldParams(Object.entries(query));
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) if (k !== '__proto__') params[k.endsWith('[]') ? k.slice(0, -2) : k] = v;
    }
    s.viewerId = auth.user.id;
    const ctx: Ctx = { method, rawPath, segs, query, params, body, rawBody, headers: req.headers, state: s, user: auth.user, token: auth.token };
    const hit = sandboxRoutes().match(method, segs);
    if (hit) return method === 'GET' || method === 'HEAD' ? this.read(ctx, hit) : hit.handler(ctx, hit.params);
    return this.placeholders ? genericReply(ctx) : notSimulated(ctx);
  }

  /** A read, refused when it succeeded without looking at a param it was given (a filter not applied). */
  private async read(ctx: Ctx, hit: { handler: Handler; params: Record<string, string> }): Promise<Reply> {
    const tracker = trackReads(ctx);
    const reply = await hit.handler(tracker.ctx, hit.params);
    // An empty list stays empty whatever a filter or an order would do (and a filter read per item is not read then).
    const empty = Array.isArray(reply.body) && reply.body.length === 0;
    const unread = reply.status < 300 && !empty && !this.placeholders ? tracker.unread() : [];
    return (unread.length ? await notSimulatedParams(ctx, unread) : undefined) ?? reply;
  }

  private send(res: ServerResponse, entry: RequestLogEntry, method: string, reply: Reply): void {
    entry.status = reply.status;
    const headers: Record<string, string> = {
      'x-request-id': `01SANDBOX${String(this.log.length).padStart(17, '0')}`, 'cache-control': 'max-age=0, private, must-revalidate', 'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN', vary: 'Origin, Accept-Encoding', ...reply.headers,
    };
    let payload: Buffer | string = '';
    if (reply.status !== 204 && reply.status !== 304) {
      if (reply.text !== undefined) {
        payload = reply.text;
        headers['content-type'] = reply.contentType ?? 'text/plain; charset=utf-8';
      } else if (reply.body !== undefined) {
        payload = JSON.stringify(reply.body);
        headers['content-type'] = reply.contentType ?? 'application/json';
      }
    }
    headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
    try {
      res.writeHead(reply.status, headers);
      res.end(method === 'HEAD' ? undefined : payload);
    } catch { /* the client is already gone */ }
  }
}

function safeJson(s: string): unknown {
  try { return JSON.parse(s); } catch { return undefined; }
}
