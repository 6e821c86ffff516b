import { domain, id, str, bool, oneOf, paging } from '../define.js';

// Enterprise users of a top-level group (group Owner, Premium; the platform offers them on its hosted instance).

const groupId = () => ({ ...id.group(), description: 'ID or URL-encoded path of the top-level group' });

export default domain('enterprise_user', 'Enterprise users of a top-level group (Owner, Premium): list, read, disable 2FA, delete', {
  list: {
    summary: 'List the enterprise users of a top-level group, filtered by name, state, 2FA or creation date',
    rest: 'GET /groups/{group_id}/enterprise_users',
    params: {
      group_id: groupId(),
      username: str('Return the user with this username'),
      search: str('Match name, email or username (partial)'),
      active: bool('Only active users'),
      blocked: bool('Only blocked users'),
      created_after: str('Created after this ISO 8601 date-time'),
      created_before: str('Created before this ISO 8601 date-time'),
      two_factor: oneOf(['enabled', 'disabled'], 'Only users with 2FA enabled or disabled'),
      ...paging(),
    },
    tier: 'premium',
    fineGrained: ['read_enterprise_user'],
    keywords: 'enterprise users accounts verified domain members SAML SCIM managed company employees corporate claimed sso',
    examples: [
      'list enterprise users of acme without 2FA',
      'which enterprise accounts in group acme are blocked?',
      'show enterprise users of platform created since 2025-01-01',
      'list enterprise users of group payments whose email matches contractor.example.com',
      'which company-managed accounts in platform were created before 2024?',
    ],
  },
  get: {
    summary: 'Get one enterprise user of a top-level group: identities, 2FA, state',
    rest: 'GET /groups/{group_id}/enterprise_users/{user_id}',
    params: { group_id: groupId(), user_id: id.user() },
    tier: 'premium',
    fineGrained: ['read_enterprise_user'],
    keywords: 'enterprise user account managed employee corporate lookup sso single',
    examples: [
      'show enterprise user 4512 in acme with identities and 2FA state',
      'details of enterprise account @jdoe in group acme',
      'get enterprise user 771 of group payments',
      'show company-managed account 9130 in platform: identities and two-factor status',
      'is enterprise user 4512 in acme active and does it have 2FA on?',
    ],
  },
  disable_2fa: {
    summary: 'Disable two-factor authentication of an enterprise user (they must enroll again)',
    rest: 'PATCH /groups/{group_id}/enterprise_users/{user_id}/disable_two_factor',
    params: { group_id: groupId(), user_id: id.user() },
    destructive: true,
    tier: 'premium',
    fineGrained: ['disable_two_factor_enterprise_user'],
    keywords: 'reset 2FA two-factor MFA lost device enterprise user otp authenticator totp phone recovery yubikey',
    examples: [
      '@jdoe lost her phone, reset 2FA for enterprise user 4512 in acme',
      'disable two-factor for enterprise user 8821 of group platform',
      'disable 2FA for enterprise user 771 in group payments',
      'turn off MFA for company account 9130 in platform, they lost their authenticator',
      'remove two-factor from enterprise user 602 of acme so they can re-enroll',
    ],
  },
  delete: {
    summary: 'Delete an enterprise user account (contributions move to the Ghost user unless hard_delete)',
    rest: 'DELETE /groups/{group_id}/enterprise_users/{user_id}',
    params: {
      group_id: groupId(),
      user_id: id.user(),
      hard_delete: bool('Also delete their contributions and groups they solely own (default false)'),
    },
    destructive: true,
    tier: 'premium',
    fineGrained: ['delete_enterprise_user'],
    keywords: 'remove delete enterprise user account offboard leaver terminated deprovision employee erase departed',
    examples: [
      'delete enterprise user 4512 from acme, they left the company',
      'hard delete the enterprise account of user 9130 in platform with their contributions',
      'delete enterprise user 771 from group payments',
      'offboard company account 9130 in platform and wipe it',
      'remove enterprise account 602 in acme, keep their contributions as Ghost',
    ],
  },
}, { adminMode: true });
