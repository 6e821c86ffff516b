// Push mirrors (remote mirrors) and the pull mirror of a project: their configuration, as state. The sandbox
// never pushes or pulls anything: a push mirror's status stays `none`, and the routes that would start a
// transfer (force push, start a pull) are not registered, so they answer the explicit 501.
import { generateKeyPairSync } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, forbidden, json, message, missing, notFound, str, text } from '../util.js';
import { areaOf, crud, findRec, withProject, type Rec } from './project-crud.js';

const AUTH_METHODS = new Set(['password', 'ssh_public_key']);

interface MirrorRec extends Rec {
  url: string; enabled: boolean; onlyProtected: boolean; keepDivergent: boolean; authMethod: string; publicKey: string | null;
}

interface PullMirrorRec {
  id: number; url: string; enabled: boolean; triggerBuilds: boolean; onlyProtected: boolean | null; overwriteDiverged: boolean | null; branchRegex: string | null;
}

/** A URL with its user and password shown as `*****`, as GitLab's safe_url. */
function maskedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username) u.username = '*****';
    if (u.password) u.password = '*****';
    return u.toString();
  } catch {
    return url;
  }
}

/** A real key pair's public half in OpenSSH form (the sandbox keeps no private key). */
function sshPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')}`;
}

const mirrorJson = (m: MirrorRec): Record<string, unknown> => ({
  id: m.id, enabled: m.enabled, url: maskedUrl(m.url), update_status: 'none', last_update_at: null, last_update_started_at: null,
  last_successful_update_at: null, last_error: null, only_protected_branches: m.onlyProtected, keep_divergent_refs: m.keepDivergent,
  auth_method: m.authMethod, host_keys: [],
});

function mirrorFields(ctx: Ctx, m: Omit<MirrorRec, 'id'>): Reply | undefined {
  const prm = ctx.params;
  const auth = str(prm.auth_method);
  if (auth && !AUTH_METHODS.has(auth)) return json(400, { error: 'auth_method does not have a valid value' });
  for (const [k, f] of [['enabled', 'enabled'], ['only_protected_branches', 'onlyProtected'], ['keep_divergent_refs', 'keepDivergent']] as const) {
    const v = bool(prm[k]);
    if (v !== undefined) m[f] = v;
  }
  if (auth && auth !== m.authMethod) {
    m.authMethod = auth;
    m.publicKey = auth === 'ssh_public_key' ? sshPublicKey() : null;
  }
  return undefined;
}

const validUrl = (url: string): boolean => /^(https?|ssh|git):\/\/[^\s/]+\/\S+/.test(url);

const pullJson = (m: PullMirrorRec): Record<string, unknown> => ({
  id: m.id, last_error: null, last_successful_update_at: null, last_update_at: null, last_update_started_at: null, update_status: 'none',
  url: maskedUrl(m.url), enabled: m.enabled, mirror_trigger_builds: m.triggerBuilds, only_mirror_protected_branches: m.onlyProtected,
  mirror_overwrites_diverged_branches: m.overwriteDiverged, mirror_branch_regex: m.branchRegex,
});

/** The pull mirror of a project, once configured. Pull mirroring is Premium: an unlicensed instance answers 403. */
const pullMirror = (ctx: Ctx, p: ProjectRec) => areaOf<{ m?: PullMirrorRec }>(ctx.state, 'pull-mirror', `project:${p.id}`, () => ({}));

export function registerProjectMirrors(r: Router): void {
  crud<MirrorRec>(r, {
    path: 'projects/:id/remote_mirrors', area: 'remote_mirror', thing: 'Remote Mirror', read: ACCESS.maintainer, write: ACCESS.maintainer,
    create: (ctx) => {
      const url = str(ctx.params.url);
      if (!url) return missing('url');
      if (!validUrl(url)) return message(400, { url: ['is blocked: Only allowed schemes are http, https, ssh, git'] });
      const m: Omit<MirrorRec, 'id'> = { url, enabled: false, onlyProtected: false, keepDivergent: false, authMethod: 'password', publicKey: null };
      return mirrorFields(ctx, m) ?? m;
    },
    update: (ctx, _p, m) => mirrorFields(ctx, m),
    view: (_ctx, _p, m) => mirrorJson(m),
  });
  r.get('projects/:id/remote_mirrors/:rid/public_key', withProject(ACCESS.maintainer, (ctx, p, prm) => {
    const m = findRec<MirrorRec>(ctx, p, 'remote_mirror', prm.rid);
    if (!m) return notFound('Remote Mirror');
    return m.publicKey ? json(200, { public_key: m.publicKey }) : notFound('Public key');
  }));
  r.get('projects/:id/mirror/pull', withProject(ACCESS.maintainer, (ctx, p) => {
    if (!ctx.state.licensed) return forbidden();
    const { m } = pullMirror(ctx, p);
    return m ? json(200, pullJson(m)) : message(400, 'The project is not mirrored');
  }));
  r.put('projects/:id/mirror/pull', withProject(ACCESS.maintainer, (ctx, p) => {
    if (!ctx.state.licensed) return forbidden();
    const slot = pullMirror(ctx, p);
    const url = str(ctx.params.url) ?? slot.m?.url;
    if (!url) return missing('url');
    if (!validUrl(url)) return message(400, { import_url: ['is blocked: Only allowed schemes are http, https, ssh, git'] });
    const m = slot.m ?? { id: ctx.state.nextId('pull_mirror'), url, enabled: false, triggerBuilds: false, onlyProtected: null, overwriteDiverged: null, branchRegex: null };
    m.url = url;
    const prm = ctx.params;
    const enabled = bool(prm.enabled) ?? bool(prm.mirror);
    if (enabled !== undefined) m.enabled = enabled;
    const trigger = bool(prm.mirror_trigger_builds); if (trigger !== undefined) m.triggerBuilds = trigger;
    const only = bool(prm.only_mirror_protected_branches); if (only !== undefined) m.onlyProtected = only;
    const over = bool(prm.mirror_overwrites_diverged_branches); if (over !== undefined) m.overwriteDiverged = over;
    if (text(prm.mirror_branch_regex) !== undefined) m.branchRegex = text(prm.mirror_branch_regex) || null;
    slot.m = m;
    p.extra.mirror = m.enabled;
    return json(200, pullJson(m));
  }));
}
