// GitLab Pages of a project: its settings and custom domains, as state. The sandbox runs no Pages jobs, so a
// project's site has no deployments.
import { X509Certificate, createHash } from 'node:crypto';
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec, type SandboxState } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { bool, forbidden, json, message, missing, noContent, notFound, paginate, str } from '../util.js';
import { areaOf, withProject } from './project-crud.js';

interface DomainRec { domain: string; projectId: number; autoSsl: boolean; certificate: string | null }
interface PagesSettings { uniqueDomain: boolean; httpsOnly: boolean; defaultDomainRedirect: string | null }

/** The instance's Pages domain in the sandbox. */
export const PAGES_HOST = 'pages.sandbox.test';

/** Every Pages domain of the instance, by name: a domain belongs to one project. */
const domainsOf = (state: SandboxState) => areaOf<Map<string, DomainRec>>(state, 'pages-domain', 'all', () => new Map());
const settingsOf = (state: SandboxState, p: ProjectRec) => areaOf<PagesSettings>(state, 'pages', `project:${p.id}`, () => ({ uniqueDomain: true, httpsOnly: false, defaultDomainRedirect: null }));

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** GitLab's verification code: 32 hex characters, fixed per domain here so answers repeat. */
const verificationCode = (d: DomainRec): string => createHash('sha256').update(`pages-${d.projectId}-${d.domain}`).digest('hex').slice(0, 32);

function certificateOf(pem: string): X509Certificate | undefined {
  try { return new X509Certificate(pem); } catch { return undefined; }
}

function domainJson(d: DomainRec, basic: boolean): Record<string, unknown> {
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

/** GitLab's Pages::ProjectSettings: a unique domain per project, or the namespace's domain with the project path. */
function pagesJson(ctx: Ctx, p: ProjectRec, s: PagesSettings): Record<string, unknown> {
  const unique = `${p.path}-${createHash('sha256').update(`pages-${p.id}`).digest('hex').slice(0, 12)}`;
  const url = s.uniqueDomain ? `http://${unique}.${PAGES_HOST}` : `http://${ctx.state.namespacePath(p).split('/')[0]}.${PAGES_HOST}/${p.path}`;
  return { url, deployments: [], is_unique_domain_enabled: s.uniqueDomain, force_https: s.httpsOnly, pages_default_domain_redirect: s.defaultDomainRedirect };
}

export function registerProjectPages(r: Router): void {
  r.get('projects/:id/pages', withProject(ACCESS.maintainer, (ctx, p) => json(200, pagesJson(ctx, p, settingsOf(ctx.state, p)))));
  // Administrators only (GitLab checks read_all_resources first).
  r.add('PATCH', 'projects/:id/pages', withProject(ACCESS.guest, (ctx, p) => {
    if (!ctx.user.isAdmin) return forbidden();
    const s = settingsOf(ctx.state, p);
    const unique = bool(ctx.params.pages_unique_domain_enabled); const https = bool(ctx.params.pages_https_only);
    // `pages_primary_domain` is the name before GitLab 18.
    const raw = ctx.params.pages_default_domain_redirect ?? ctx.params.pages_primary_domain;
    const redirect = raw === undefined ? undefined : str(raw) ?? null;
    if (redirect && domainsOf(ctx.state).get(redirect)?.projectId !== p.id) {
      return message(400, '400 Bad request - The `pages_default_domain_redirect` attribute is missing from the domain list in the Pages project configuration. Assign `pages_default_domain_redirect` to the Pages project or reset it.');
    }
    if (unique !== undefined) s.uniqueDomain = unique;
    if (https !== undefined) s.httpsOnly = https;
    if (redirect !== undefined) s.defaultDomainRedirect = redirect;
    return json(200, pagesJson(ctx, p, s));
  }));
  r.delete('projects/:id/pages', withProject(ACCESS.guest, (ctx) => (ctx.user.isAdmin ? noContent() : forbidden())));

  // The instance-wide list is admin-only (checked before the routes, see tokens.ts).
  r.get('pages/domains', (ctx) => paginate(ctx, [...domainsOf(ctx.state).values()].map((d) => domainJson(d, true))));
  const own = (ctx: Ctx, p: ProjectRec) => [...domainsOf(ctx.state).values()].filter((d) => d.projectId === p.id);
  r.get('projects/:id/pages/domains', withProject(ACCESS.maintainer, (ctx, p) => paginate(ctx, own(ctx, p).map((d) => domainJson(d, false)))));
  const one = (fn: (ctx: Ctx, p: ProjectRec, d: DomainRec) => Reply) => withProject(ACCESS.maintainer, (ctx, p, prm) => {
    const d = domainsOf(ctx.state).get(prm.domain.toLowerCase());
    return d && d.projectId === p.id ? fn(ctx, p, d) : notFound('Pages Domain');
  });
  r.get('projects/:id/pages/domains/:domain', one((ctx, _p, d) => json(200, domainJson(d, false))));
  r.post('projects/:id/pages/domains', withProject(ACCESS.maintainer, (ctx, p) => {
    const domain = str(ctx.params.domain)?.toLowerCase();
    if (!domain) return missing('domain');
    if (!HOSTNAME.test(domain)) return message(400, { domain: ['is not a valid hostname'] });
    if (domainsOf(ctx.state).has(domain)) return message(400, { domain: ['has already been taken'] });
    const cert = certificateParam(ctx);
    if ('status' in cert) return cert;
    const d: DomainRec = { domain, projectId: p.id, autoSsl: bool(ctx.params.auto_ssl_enabled) ?? false, certificate: cert.certificate ?? null };
    domainsOf(ctx.state).set(domain, d);
    return json(201, domainJson(d, false));
  }));
  r.put('projects/:id/pages/domains/:domain', one((ctx, _p, d) => {
    const cert = certificateParam(ctx);
    if ('status' in cert) return cert;
    if (cert.certificate !== undefined) d.certificate = cert.certificate;
    const auto = bool(ctx.params.auto_ssl_enabled);
    if (auto !== undefined) d.autoSsl = auto;
    return json(200, domainJson(d, false));
  }));
  r.delete('projects/:id/pages/domains/:domain', one((ctx, p, d) => {
    domainsOf(ctx.state).delete(d.domain);
    const s = settingsOf(ctx.state, p);
    if (s.defaultDomainRedirect === d.domain) s.defaultDomainRedirect = null;
    return noContent();
  }));
}
