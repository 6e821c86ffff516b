// The project-settings areas beyond the project itself, registered together (issue #29's long tail of the project domain).
import type { Router } from '../router.js';
import { registerProjectBadges } from './project-badges.js';
import { registerProjectBoards } from './project-boards.js';
import { registerProjectExport } from './project-export.js';
import { registerProjectHooks } from './project-hooks.js';
import { registerProjectIntegrations } from './project-integrations.js';
import { registerProjectMirrors } from './project-mirrors.js';
import { registerProjectPages } from './project-pages.js';
import { registerProjectPushRules } from './project-push-rules.js';
import { registerProjectRelations } from './project-relations.js';
import { registerProjectSecurity } from './project-security.js';
import { registerProjectServiceAccounts } from './project-service-accounts.js';

export function registerProjectAreas(r: Router): void {
  registerProjectRelations(r);
  registerProjectHooks(r);
  registerProjectBadges(r);
  registerProjectBoards(r);
  registerProjectMirrors(r);
  registerProjectPages(r);
  registerProjectPushRules(r);
  registerProjectIntegrations(r);
  registerProjectExport(r);
  registerProjectSecurity(r);
  registerProjectServiceAccounts(r);
}
