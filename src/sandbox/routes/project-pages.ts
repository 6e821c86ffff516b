// GitLab Pages of a project: its settings and custom domains, as state. The sandbox runs no Pages jobs, so no
// project has a deployed site: reading the site answers GitLab's 404, as for a project that never deployed one.
import { X509Certificate, createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, forbidden, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { areaOf, withProject } from './project-crud.js';

interface DomainRec { domain: string; projectId: number; autoSsl: boolean; certificate: string | null; createdAt: string }
interface PagesSettings { uniqueDomain: boolean; httpsOnly: boolean; primaryDomain: string | null }

/** Every Pages domain of the instance, by name: a domain belongs to one project. */
const domainsOf = (state: SandboxState) => areaOf<Map<string, DomainRec>>(state, 'pages-domain', 'all', () => new Map());
const settingsOf = (state: SandboxState, p: ProjectRec) => areaOf<PagesSettings>(state, 'pages', `project:${p.id}`, () => ({ uniqueDomain: true, httpsOnly: false, primaryDomain: null }));

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** GitLab's verification code: 32 hex characters, fixed per domain here so answers repeat. */
const verificationCode = (d: DomainRec): string => createHash('sha256').update(`pages-${d.projectId}-${d.domain}`).digest('hex').slice(0, 32);

function certificateOf(pem: string): X509Certificate | undefined {
  try { return new X509Certificate(pem); } catch { return undefined; }
}

function domainJson(state: SandboxState, d: DomainRec, basic: boolean): Record<string, unknown> {
  const cert = d.certificate ? certificateOf(d.certificate) : undefined;
  const expired = cert ? Date.parse(cert.validTo) < Date.now() : false;
  const out: Record<string, unknown> = {
    domain: d.domain, url: `${cert ? 'https' : 'http'}://${d.domain}`, ...(basic ? { project_id: d.projectId } : {}), verified: false,
    verification_code: verificationCode(d), enabled_until: null, auto_ssl_enabled: d.autoSsl,
  };
  if (cert && basic) out.certificate_expiration = { expired, expiration: new Date(cert.validTo).toISOString() };
  if (cert && !basic) out.certificate = { subject: cert.subject.replace(/\n/g, ', '), expired, certificate: d.certificate };
  return out;
}

/** The certificate and key of a create or update: both or neither, a parseable PEM. */
function certificateParam(ctx: Ctx): { certificate?: string | null } | Reply {
  const pem = str(ctx.params.certificate); const key = str(ctx.params.key);
  if (pem === undefined && key === undefined) return {};
  if (!pem || !key) return message(400, { [pem ? 'key' : 'certificate']: ["can't be blank"] });
  if (!certificateOf(pem)) return message(400, { certificate: ['must be a valid PEM certificate'] });
  return { certificate: pem };
}

function pagesJson(ctx: Ctx, p: ProjectRec, s: PagesSettings): Record<string, unknown> {
  return { url: `http://${p.path}.pages.sandbox.test`, is_unique_domain_enabled: s.uniqueDomain, force_https: s.httpsOnly, deployments: [], primary_domain: s.primaryDomain };
}

export function registerProjectPages(r: Router): void {
  // No project has a deployed site (the sandbox runs no Pages job): GitLab's answer for that is 404.
  r.get('projects/:id/pages', withProject(ACCESS.maintainer, () => notFound()));
  r.add('PATCH', 'projects/:id/pages', withProject(ACCESS.guest, (ctx, p) => {
    if (!ctx.user.isAdmin) return forbidden();
    const s = settingsOf(ctx.state, p);
    const unique = bool(ctx.params.pages_unique_domain_enabled); const https = bool(ctx.params.pages_https_only);
    const primary = ctx.params.pages_primary_domain === undefined ? undefined : str(ctx.params.pages_primary_domain) ?? null;
    if (primary && domainsOf(ctx.state).get(primary)?.projectId !== p.id) return message(400, { pages_primary_domain: ['must be one of the domains of the project'] });
    if (unique !== undefined) s.uniqueDomain = unique;
    if (https !== undefined) s.httpsOnly = https;
    if (primary !== undefined) s.primaryDomain = primary;
    return json(200, pagesJson(ctx, p, s));
  }));
  r.delete('projects/:id/pages', withProject(ACCESS.guest, (ctx) => (ctx.user.isAdmin ? noContent() : forbidden())));

  // The instance-wide list is admin-only (checked before the routes, see tokens.ts).
  r.get('pages/domains', (ctx) => paginate(ctx, [...domainsOf(ctx.state).values()].map((d) => domainJson(ctx.state, d, true))));
  const own = (ctx: Ctx, p: ProjectRec) => [...domainsOf(ctx.state).values()].filter((d) => d.projectId === p.id);
  r.get('projects/:id/pages/domains', withProject(ACCESS.maintainer, (ctx, p) => paginate(ctx, own(ctx, p).map((d) => domainJson(ctx.state, d, false)))));
  const one = (fn: (ctx: Ctx, p: ProjectRec, d: DomainRec) => Reply) => withProject(ACCESS.maintainer, (ctx, p, prm) => {
    const d = domainsOf(ctx.state).get(prm.domain.toLowerCase());
    return d && d.projectId === p.id ? fn(ctx, p, d) : notFound('Pages Domain');
  });
  r.get('projects/:id/pages/domains/:domain', one((ctx, _p, d) => json(200, domainJson(ctx.state, d, false))));
  r.post('projects/:id/pages/domains', withProject(ACCESS.maintainer, (ctx, p) => {
    const domain = str(ctx.params.domain)?.toLowerCase();
    if (!domain) return missing('domain');
    if (!HOSTNAME.test(domain)) return message(400, { domain: ['is not a valid hostname'] });
    if (domainsOf(ctx.state).has(domain)) return message(400, { domain: ['has already been taken'] });
    const cert = certificateParam(ctx);
    if ('status' in cert) return cert;
    const d: DomainRec = { domain, projectId: p.id, autoSsl: bool(ctx.params.auto_ssl_enabled) ?? false, certificate: cert.certificate ?? null, createdAt: ctx.state.now() };
    domainsOf(ctx.state).set(domain, d);
    return json(201, domainJson(ctx.state, d, false));
  }));
  r.put('projects/:id/pages/domains/:domain', one((ctx, _p, d) => {
    const cert = certificateParam(ctx);
    if ('status' in cert) return cert;
    if (cert.certificate !== undefined) d.certificate = cert.certificate;
    const auto = bool(ctx.params.auto_ssl_enabled);
    if (auto !== undefined) d.autoSsl = auto;
    return json(200, domainJson(ctx.state, d, false));
  }));
  r.delete('projects/:id/pages/domains/:domain', one((ctx, p, d) => {
    domainsOf(ctx.state).delete(d.domain);
    const s = settingsOf(ctx.state, p);
    if (s.primaryDomain === d.domain) s.primaryDomain = null;
    return noContent();
  }));
}
