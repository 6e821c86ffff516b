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

export default domain('audit_event', 'Audit events of the instance, groups and projects (Premium): list and read', {
  list_instance: {
    summary: 'List instance audit events (administrators), filtered by date or entity; at most 30 days a query',
    rest: 'GET /audit_events',
    params: {
      ...dateWindow(),
      entity_type: oneOf(['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'], 'Only events of this entity type'),
      entity_id: int('Only events of this entity ID (needs entity_type)'),
      ...auditPaging(),
    },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'audit log security compliance who changed history instance admin',
  },
  get_instance: {
    summary: 'Get one instance audit event by ID (administrators)',
    rest: 'GET /audit_events/{audit_event_id}',
    params: { audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'audit log event details',
  },
  list_group: {
    summary: 'List audit events of a group, filtered by date (Owners see all, others their own)',
    rest: 'GET /groups/{group_id}/audit_events',
    params: { group_id: id.group(), ...dateWindow(), ...auditPaging() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'group audit log security compliance who changed history',
  },
  get_group: {
    summary: 'Get one audit event of a group (Owners and administrators)',
    rest: 'GET /groups/{group_id}/audit_events/{audit_event_id}',
    params: { group_id: id.group(), audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'group audit log event details',
  },
  list_project: {
    summary: 'List audit events of a project, filtered by date (Maintainers see all, Developers their own)',
    rest: 'GET /projects/{project_id}/audit_events',
    params: { project_id: id.project(), ...dateWindow(), ...auditPaging() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'project audit log security compliance who changed history',
  },
  get_project: {
    summary: 'Get one audit event of a project (Maintainer or above)',
    rest: 'GET /projects/{project_id}/audit_events/{audit_event_id}',
    params: { project_id: id.project(), audit_event_id: auditEventId() },
    tier: 'premium',
    fineGrained: ['read_audit_event'],
    keywords: 'project audit log event details',
  },
});
