import { domain, id, str, int, oneOf, paging, type ParamSpec } from '../define.js';

// Audit events (Premium): instance (administrators), group (Owner; others see their own) and project (Maintainer).

const auditEventId = () => id.int('ID of the audit event');

const dateWindow = (): Record<string, ParamSpec> => ({
  created_after: str('Created on or after this ISO 8601 date-time'),
  created_before: str('Created on or before this ISO 8601 date-time'),
});

/** Offset pagination (deprecated by the platform) plus keyset pagination. */
const auditPaging = (): Record<string, ParamSpec> => ({
  pagination: oneOf(['keyset'], 'keyset: keyset pagination (recommended for consecutive pages)'),
  cursor: str('Keyset pagination: the cursor from the previous page\'s next link'),
  ...paging(),
});

/** Keyset paging is on GitLab's pages though the routes' generated definitions leave it out. */
const KEYSET_UNDECLARED = {
  pagination: 'keyset paging, on doc/api/audit_events.md (gitlabhq 0286e4c6) and doc/api/rest/_index.md (017a6c12); the generated definition lacks it',
  cursor: 'the keyset cursor of the next link (doc/api/rest/_index.md, gitlabhq 017a6c12); the generated definition lacks it',
};

export default domain('audit_event', 'Audit events of the instance, groups and projects (Premium): list and read', {
  list_instance: {
    summary: 'List the instance\'s audit events (admin), filtered by date or entity; at most 30 days a query',
    rest: 'GET /audit_events',
    elsewhere: { group_id: 'audit_event.list_group', project_id: 'audit_event.list_project' },
    params: {
      ...dateWindow(),
      entity_type: oneOf(['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'], 'Only events of this entity type'),
      entity_id: int('Only events of this entity ID (needs entity_type)'),
      ...auditPaging(),
    },
    undocumented: KEYSET_UNDECLARED,
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'audit events log trail security compliance who changed history admin activity forensics who-did-what tracking sox',
    examples: [
      'who changed what across the whole instance in the last week? audit log',
      'show instance audit events for user 42 since 2025-06-01',
      'admin audit trail for project entity 311 this month',
      'list instance audit events for group entity 12 in the last 30 days',
      'as admin, who did what on the whole GitLab server yesterday? show the trail',
    ],
  },
  get_instance: {
    summary: 'Get one instance audit event by its ID (administrators)',
    rest: 'GET /audit_events/{audit_event_id}',
    elsewhere: { group_id: 'audit_event.get_group', project_id: 'audit_event.get_project' },
    params: { audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'single entry log record details activity trail server-wide',
    examples: [
      'show instance audit event 99812',
      'details of audit log entry 5501 at instance level',
      'get instance audit event 120044',
      'as admin, what exactly is in server-wide trail entry 77310?',
      'details of admin audit event 66001',
    ],
  },
  list_group: {
    summary: 'List a group\'s audit events (who changed what), filtered by date',
    rest: 'GET /groups/{group_id}/audit_events',
    elsewhere: { project_id: 'audit_event.list_project' },
    params: { group_id: id.group(), ...dateWindow(), ...auditPaging() },
    undocumented: KEYSET_UNDECLARED,
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'audit events log trail security compliance who changed history activity forensics who-did-what org team',
    examples: [
      'audit log of group acme for the last 7 days',
      'who changed settings in group platform since Monday?',
      'list audit events of the acme/backend group in June',
      'list audit events of group payments between 2025-03-01 and 2025-03-31',
      'show the change trail of namespace acme since Monday: who did what',
    ],
  },
  get_group: {
    summary: 'Get one audit event of a group by its ID (Owners and administrators)',
    rest: 'GET /groups/{group_id}/audit_events/{audit_event_id}',
    elsewhere: { project_id: 'audit_event.get_project' },
    params: { group_id: id.group(), audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'single entry log record details activity trail org',
    examples: [
      'show audit event 4411 of group acme',
      'details of group audit entry 882 in platform',
      'get audit event 5120 of group payments',
      'what exactly was logged in acme trail entry 9921?',
      'show the group audit event 3310 in platform with its details',
    ],
  },
  list_project: {
    summary: 'List a project\'s audit events (who changed what), filtered by date',
    rest: 'GET /projects/{project_id}/audit_events',
    elsewhere: { group_id: 'audit_event.list_group' },
    params: { project_id: id.project(), ...dateWindow(), ...auditPaging() },
    undocumented: KEYSET_UNDECLARED,
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'audit events log trail security compliance who changed history activity forensics who-did-what repo',
    examples: [
      'audit trail of acme/shop this month',
      'who changed protected branches in project platform/api recently? audit events',
      'list audit events for repo acme/web since 2025-05-01',
      'list audit events of acme/payments from last week',
      'who changed the settings of platform/mobile since 2025-06-01?',
    ],
  },
  get_project: {
    summary: 'Get one audit event of a project by its ID (Maintainer or above)',
    rest: 'GET /projects/{project_id}/audit_events/{audit_event_id}',
    elsewhere: { group_id: 'audit_event.get_group' },
    params: { project_id: id.project(), audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'single entry log record details activity trail repo',
    examples: [
      'show audit event 7720 of project acme/shop',
      'what exactly happened in audit event 310 on platform/api?',
      'get audit event 8812 of acme/payments',
      'details of trail entry 412 in platform/mobile',
      'show project audit event 1999 for acme/web',
    ],
  },
});
