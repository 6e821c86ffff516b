import { domain, id, str, req, intList, type ParamSpec } from '../define.js';
import { gids } from '../graphql.js';

/** A scan type name or a numeric ID becomes the profile's global ID; a global ID is passed as given. */
const profileGid = (v: unknown): unknown =>
  typeof v === 'string' && v.startsWith('gid://') ? v : `gid://gitlab/Security::ScanProfile/${String(v)}`;

const projectPath = (): ParamSpec => ({ ...id.project(), description: 'Full path of the project (e.g. group/project)' });

const targets = (verb: string): Record<string, ParamSpec> => ({
  project_ids: intList(`IDs of the projects to ${verb} (all under one top-level group)`),
  group_ids: intList(`IDs of the groups whose projects to ${verb} (applied in the background)`),
});

const MUTATION_VARS = (p: Record<string, unknown>) => ({
  securityScanProfileId: profileGid(p.security_scan_profile_id),
  projectIds: gids('Project', p.project_ids),
  groupIds: gids('Group', p.group_ids),
});

export default domain('security_scan_profile', 'Security scan profiles: attach or detach a scanner profile (SAST, dependency, secret, container scanning) and read a project\'s profile statuses', {
  attach: {
    summary: 'Attach a security scan profile (e.g. the default SAST profile) to projects or groups',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityScanProfileAttach',
      document: `mutation securityScanProfileAttach($securityScanProfileId: SecurityScanProfileID!, $projectIds: [ProjectID!], $groupIds: [GroupID!]) {
  securityScanProfileAttach(input: { securityScanProfileId: $securityScanProfileId, projectIds: $projectIds, groupIds: $groupIds }) {
    errors
  }
}`,
      variables: MUTATION_VARS,
    },
    params: {
      security_scan_profile_id: req(str('Profile: a scan type (sast, dependency_scanning, secret_detection, container_scanning), an ID or a global ID')),
      ...targets('attach it to'),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'mutation', name: 'SecurityScanProfileAttach' },
    keywords: 'enable security scanning SAST dependency secret detection container scanner profile activate apply configure turn-on',
    examples: [
      'turn on the default SAST scan profile for acme/shop and acme/api',
      'attach secret detection scanner profile 3 to every project in group platform',
      'attach the dependency scanning profile to project 812',
      'enable the default secret detection scanner setup on projects 11 and 12',
      'apply scanner profile 7 to groups 5 and 6',
    ],
  },
  detach: {
    summary: 'Detach a security scan profile from projects or groups',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityScanProfileDetach',
      document: `mutation securityScanProfileDetach($securityScanProfileId: SecurityScanProfileID!, $projectIds: [ProjectID!], $groupIds: [GroupID!]) {
  securityScanProfileDetach(input: { securityScanProfileId: $securityScanProfileId, projectIds: $projectIds, groupIds: $groupIds }) {
    errors
  }
}`,
      variables: MUTATION_VARS,
    },
    params: {
      security_scan_profile_id: req(str('ID of the attached profile (see list_project_statuses) or its global ID')),
      ...targets('detach it from'),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'mutation', name: 'SecurityScanProfileDetach' },
    keywords: 'disable stop security scanning scanner profile deactivate turn-off unapply unassign',
    examples: [
      'detach the SAST scan profile from acme/legacy',
      'turn off dependency scanning profile 5 for group sandbox',
      'detach scan profile 9 from projects 11 and 12',
      'turn off the secret detection scanner setup on project 812',
      'turn off the container scanning profile for group 42',
    ],
  },
  list_project_statuses: {
    summary: 'List the scan profiles of a project with their status (active, pending, failed, stale...)',
    graphql: {
      kind: 'query',
      resultPath: 'project.scanProfileStatuses',
      document: `query scanProfileStatuses($fullPath: ID!) {
  project(fullPath: $fullPath) {
    scanProfileStatuses {
      scanProfile { id name scanType }
      status
      consecutiveFailureCount
      consecutiveSuccessCount
      lastScanAt
      buildId
    }
  }
}`,
      variables: (p) => ({ fullPath: p.project_id }),
    },
    params: { project_id: projectPath() },
    tier: 'ultimate',
    fineGrained: { withheld: 'type', name: 'ScanProfileProjectStatus' },
    keywords: 'security scanning configured enabled scanners status health failing overview coverage',
    examples: [
      'which scanners are active on acme/shop and is any of them failing?',
      'show the scan profile statuses of platform/api',
      'is SAST configured and healthy for acme/web?',
      'list scan profile statuses for acme/payments',
      'when did each scanner last run on platform/mobile, and how many failures in a row?',
    ],
  },
});
