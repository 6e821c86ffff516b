// The security settings of a project (Ultimate): stored and shown. Only secret push protection is writable
// through the API; the sandbox's git side takes no pushes, so nothing enforces it.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx } from '../types.js';
import { bool, forbidden, json, missing } from '../util.js';
import { areaOf, withProject } from './project-crud.js';

interface SecurityRec { updatedAt: string | null; secretPushProtection: boolean }

const settingsOf = (ctx: Ctx, p: ProjectRec) => areaOf<SecurityRec>(ctx.state, 'security-settings', `project:${p.id}`, () => ({ updatedAt: null, secretPushProtection: false }));

/** GitLab's ProjectSecuritySetting entity; the record is made with the project, so its dates start there. */
function settingsJson(p: ProjectRec, s: SecurityRec): Record<string, unknown> {
  return {
    project_id: p.id, created_at: p.createdAt, updated_at: s.updatedAt ?? p.createdAt, auto_fix_container_scanning: true, auto_fix_dast: true,
    auto_fix_dependency_scanning: true, auto_fix_sast: true, continuous_vulnerability_scans_enabled: false, container_scanning_for_registry_enabled: false,
    secret_push_protection_enabled: s.secretPushProtection,
  };
}

export function registerProjectSecurity(r: Router): void {
  r.get('projects/:id/security_settings', withProject(ACCESS.developer, (ctx, p) => (ctx.state.licensed ? json(200, settingsJson(p, settingsOf(ctx, p))) : forbidden())));
  r.put('projects/:id/security_settings', withProject(ACCESS.maintainer, (ctx, p) => {
    if (!ctx.state.licensed) return forbidden();
    const on = bool(ctx.params.secret_push_protection_enabled);
    if (on === undefined) return missing('secret_push_protection_enabled');
    const s = settingsOf(ctx, p);
    s.secretPushProtection = on;
    s.updatedAt = ctx.state.now();
    return json(200, settingsJson(p, s));
  }));
}
