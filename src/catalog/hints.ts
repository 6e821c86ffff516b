// Error hints shared by several catalog entries (the entries' `errorHints` field). Data, not logic:
// src/forge/classify.ts decides where in the error line a hint goes (SPEC "Errors", the hint part).
import type { ErrorHints } from '../forge/classify.js';

/** External status checks: 401 and 403 mean different things on these routes. */
export const EXTERNAL_STATUS_CHECK_HINTS: ErrorHints = {
  permission: {
    401: "on this route a 401 means the project's namespace lacks GitLab Ultimate (external status checks are an Ultimate feature)",
    403: 'on this route a 403 means your role on the merge request is too low to read or set its external status checks',
  },
};

/** Security settings of a project or group. */
export const SECURITY_SETTINGS_HINTS: ErrorHints = {
  permission: {
    401: 'on this route a 401 means your role is too low to read or change security settings',
    403:
      'on this route a 403 means the license lacks the feature (secret push protection needs GitLab Ultimate), the project is archived, or the setting is enforced by the instance',
  },
};

/** SAML group links: every failure may come from SAML SSO not being set up. */
export const SAML_LINK_HINTS: ErrorHints = {
  always:
    'SAML group links need SAML SSO configured on the top-level group (GitLab Premium or Ultimate) and the Owner role on that group; check the group with group.get',
};

/** The self-rotations: a 401 is about the very token that made the call. */
export const ROTATE_SELF_HINTS: ErrorHints = {
  unauthorized:
    'this action rotates the very token making the call: a 401 means that token is no longer accepted (expired, revoked, or already rotated, after which only the new token it returned works); ' +
    'configure the current token and do not rotate again with the old one',
};
