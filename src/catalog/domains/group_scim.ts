import { domain, id, req, str } from '../define.js';

const uid = () => id.str('External UID of the SCIM identity (as sent by the identity provider)');

export default domain('group_scim', 'SCIM identities of a group (SAML single sign-on provisioning): list, read, change external UID, delete', {
  list: {
    summary: 'List the SCIM identities of a group: external UID, user ID and active state',
    rest: 'GET /groups/{group_id}/scim/identities',
    params: { group_id: id.group() },
    tier: 'premium',
    fineGrained: ['read_scim_identity'],
    keywords: 'SCIM SAML SSO identity provider provisioning users okta azure idp entra onelogin provisioned linked accounts',
    examples: [
      'list SCIM identities of group acme',
      'which users are provisioned through Okta SCIM in platform and are they active?',
      'list the SCIM identities in group payments',
      'which accounts does our identity provider provision into platform, and are they active?',
      'show all SCIM-provisioned users of group acme/corp with their external uids',
    ],
  },
  get: {
    summary: 'Get one SCIM identity of a group by its external UID',
    rest: 'GET /groups/{group_id}/scim/{uid}',
    params: { group_id: id.group(), uid: uid() },
    tier: 'premium',
    fineGrained: ['read_scim_identity'],
    keywords: 'SCIM SAML SSO identity external uid idp extern lookup linked mapping',
    examples: [
      'show the SCIM identity with external uid 00u1abcd in acme',
      'which GitLab user is linked to Azure AD SCIM id 7f3e-22 in group platform?',
      'get the SCIM identity for extern uid a1b2-c3 in group payments',
      'who is IdP user 00u7xyz mapped to in acme?',
      'show SCIM uid jdoe@example.com in group platform',
    ],
  },
  update: {
    summary: 'Change the external UID of a SCIM identity of a group',
    rest: 'PATCH /groups/{group_id}/scim/{uid}',
    params: {
      group_id: id.group(),
      uid: uid(),
      extern_uid: req(str('New external UID of the identity')),
    },
    tier: 'premium',
    fineGrained: ['update_scim_identity'],
    keywords: 'SCIM SAML SSO identity relink external uid idp extern remap rebind reassign',
    examples: [
      'change SCIM extern uid 00u1abcd in acme to 00u9zzzz',
      'relink the SCIM identity 7f3e-22 in platform to the new IdP id 4411',
      'update the SCIM external uid of a1b2-c3 in group payments to b2c3-d4',
      'our IdP reissued ids, point 00u7xyz in acme at 00u8abc instead',
      'change the extern_uid of SCIM identity jdoe in group platform',
    ],
  },
  delete: {
    summary: 'Delete a SCIM identity of a group (the user loses its SSO link)',
    rest: 'DELETE /groups/{group_id}/scim/{uid}',
    params: { group_id: id.group(), uid: uid() },
    destructive: true,
    tier: 'premium',
    fineGrained: ['delete_scim_identity'],
    keywords: 'SCIM SAML SSO identity remove unlink idp deprovision disconnect detach erase',
    examples: [
      'delete SCIM identity 00u1abcd from group acme',
      'delete the SCIM identity with uid 7f3e-22 in platform, unlinking SSO',
      'delete the SCIM identity a1b2-c3 in group payments',
      'unlink IdP user 00u7xyz from acme, they left',
      'remove SCIM uid jdoe@example.com from group platform',
    ],
  },
});
