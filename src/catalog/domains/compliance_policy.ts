import { domain, int, req } from '../define.js';

export default domain('compliance_policy', 'Instance security policy settings (administrator): the compliance and security policy group', {
  get: {
    summary: 'Get the instance compliance policy settings: which group holds the centralized security policies',
    rest: 'GET /admin/security/compliance_policy_settings',
    params: {},
    tier: 'ultimate',
    fineGrained: ['read_compliance_policy_setting'],
    keywords: 'admin security policies compliance centralized policy group instance',
    examples: [
      'which group holds the instance-wide security policies?',
      'show the centralized security policy settings of this instance',
    ],
  },
  update: {
    summary: 'Set the group that holds the instance-wide security policies (administrator)',
    rest: 'PUT /admin/security/compliance_policy_settings',
    params: {
      csp_namespace_id: req(int('ID of the top-level group designated as the compliance and security policy group')),
    },
    tier: 'ultimate',
    fineGrained: ['update_compliance_policy_setting'],
    keywords: 'admin security policies compliance centralized policy group instance',
    examples: [
      'make namespace 342 the instance compliance and security policy group',
      'set security/policies as the centralized policy group for the whole instance',
    ],
  },
});
