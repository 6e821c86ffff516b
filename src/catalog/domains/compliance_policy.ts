import { domain, int, req, companion } from '../define.js';

export default domain('compliance_policy', 'Instance security policy settings (administrator): the compliance and security policy group', {
  get: {
    summary: 'Get the instance compliance policy settings: which group holds the centralized security policies',
    rest: 'GET /admin/security/compliance_policy_settings',
    params: {},
    tier: 'ultimate',
    fineGrained: ['read_compliance_policy_setting'],
    keywords: 'admin security policies compliance centralized policy group instance csp governance policy-project csp_namespace designated',
    examples: [
      'which group holds the instance-wide security policies?',
      'show the centralized security policy settings of this instance',
      'get the compliance policy settings of the instance',
      'as admin, which namespace is the CSP group on this instance?',
      'show the instance compliance and security policy group setting',
    ],
  },
  update: {
    summary: 'Set the group that holds the instance-wide security policies (administrator)',
    rest: 'PUT /admin/security/compliance_policy_settings',
    params: {
      csp_namespace_id: req(int('ID of the top-level group designated as the compliance and security policy group')),
      csp_namespace: companion.group('csp_namespace_id', 'Top-level group to designate'),
    },
    tier: 'ultimate',
    fineGrained: ['update_compliance_policy_setting'],
    keywords: 'admin security policies compliance centralized policy group instance csp governance designate assign policy-project',
    examples: [
      'make namespace 342 the instance compliance and security policy group',
      'set security/policies as the centralized policy group for the whole instance',
      'set group 88 as the compliance policy group of the instance',
      'as admin, designate namespace 120 as the central CSP group server-wide',
      'update the instance security policy settings to use group 31',
    ],
  },
});
