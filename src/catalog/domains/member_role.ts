import { domain, id, str, bool, int, req, type ParamSpec } from '../define.js';

const memberRoleId = () => id.int('Custom role (member role) ID');

/** The permissions a custom role may add on top of its base role (each one a boolean body field). */
const PERMISSIONS: Record<string, string> = {
  read_code: 'View project code',
  read_vulnerability: 'View vulnerability reports',
  admin_vulnerability: 'Change vulnerability states',
  read_dependency: 'View the dependency list',
  read_runners: 'View CI/CD runners',
  admin_runners: 'Create, view, edit and delete runners',
  read_compliance_dashboard: 'View the compliance dashboard',
  read_crm_contact: 'View CRM contacts and organizations',
  admin_cicd_variables: 'Create, edit and delete CI/CD variables',
  admin_compliance_framework: 'Manage compliance frameworks',
  admin_group_member: 'Add, remove and assign members of the group',
  admin_integrations: 'Manage integrations',
  admin_merge_request: 'Approve merge requests',
  admin_protected_branch: 'Manage protected branches',
  admin_push_rules: 'Manage push rules',
  admin_terraform_state: 'Manage Terraform state',
  admin_web_hook: 'Manage webhooks',
  archive_project: 'Archive and unarchive projects',
  manage_deploy_tokens: 'Manage deploy tokens',
  manage_group_access_tokens: 'Manage group access tokens',
  manage_merge_request_settings: 'Manage merge request settings',
  manage_project_access_tokens: 'Manage project access tokens',
  manage_security_policy_link: 'Link security policy projects',
  remove_group: 'Delete or restore groups',
  remove_project: 'Delete projects',
};

const roleFields = (): Record<string, ParamSpec> => ({
  name: req(str('Name of the custom role')),
  description: str('Description of the custom role'),
  base_access_level: req(int('Base role: 10 Guest, 15 Planner, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner')),
  ...Object.fromEntries(Object.entries(PERMISSIONS).map(([k, d]) => [k, bool(`Grant: ${d}`)])),
});

export default domain('member_role', 'Custom roles (member roles) of top-level groups and of the instance: list, create, delete', {
  list_group: {
    summary: 'List the custom roles of a top-level group with their base role and permissions',
    rest: 'GET /groups/{group_id}/member_roles',
    params: { group_id: id.group() },
    tier: 'ultimate',
    fineGrained: ['read_member_role'],
    keywords: 'custom roles permissions RBAC group roles',
    examples: [
      'what custom roles exist in group acme?',
      'list the member roles defined for the platform group',
      'show custom RBAC roles of top-level group acme with their permissions',
    ],
  },
  list_instance: {
    summary: 'List the custom roles of the instance (self-managed administrator)',
    rest: 'GET /member_roles',
    params: {},
    tier: 'ultimate',
    fineGrained: ['read_member_role'],
    keywords: 'custom roles permissions RBAC instance admin',
    examples: [
      'list instance-wide custom roles',
      'as admin, show all custom roles on this GitLab server',
    ],
  },
  create_group: {
    summary: 'Create a custom role in a top-level group: a base role plus extra permissions',
    rest: 'POST /groups/{group_id}/member_roles',
    params: { group_id: id.group(), ...roleFields() },
    tier: 'ultimate',
    fineGrained: ['create_member_role'],
    keywords: 'new custom role permissions RBAC group',
    examples: [
      'create a custom role "Security Reviewer" in group acme based on Reporter with read_vulnerability',
      'define a Developer-based role in group platform that can manage CI variables',
      'add a custom role to group acme letting Guests read code',
    ],
  },
  create_instance: {
    summary: 'Create a custom role for the whole instance (self-managed administrator)',
    rest: 'POST /member_roles',
    params: roleFields(),
    tier: 'ultimate',
    fineGrained: ['create_member_role'],
    keywords: 'new custom role permissions RBAC instance admin',
    examples: [
      'create an instance-level custom role "Auditor" based on Guest with compliance dashboard access',
      'as admin, add a server-wide custom role that can archive projects',
    ],
  },
  delete_group: {
    summary: 'Delete a custom role of a top-level group (only when no member holds it)',
    rest: 'DELETE /groups/{group_id}/member_roles/{member_role_id}',
    params: { group_id: id.group(), member_role_id: memberRoleId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_member_role'],
    keywords: 'remove custom role group',
    examples: [
      'delete custom role 12 from group acme',
      'remove the unused member role 7 in the platform group',
    ],
  },
  delete_instance: {
    summary: 'Delete a custom role of the instance (self-managed administrator)',
    rest: 'DELETE /member_roles/{member_role_id}',
    params: { member_role_id: memberRoleId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_member_role'],
    keywords: 'remove custom role instance admin',
    examples: [
      'delete instance custom role 4',
      'remove the server-wide member role 9',
    ],
  },
});
