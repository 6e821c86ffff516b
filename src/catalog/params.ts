// Parameters several domains share, so each is worded once.
import { int, str, type ParamSpec } from './define.js';

export const VISIBILITY = ['private', 'internal', 'public'] as const;
const ROLES = '10 Guest,15 Planner,20 Reporter,30 Developer,40 Maintainer,50 Owner';

/** A role as the platform's access level number. */
export const accessLevel = (what: string): ParamSpec => int(`${what}: ${ROLES}`);

/** The file of an upload: a local path on this machine, or its content (see `upload` in define.ts). */
export const fileInput = (what: string): Record<string, ParamSpec> => ({
  file_path: str(`Local path of the ${what} to upload, on the machine running this server`, { in: 'local', local: 'read-file' }),
  content_base64: str('File content, base64-encoded (instead of file_path)', { in: 'local' }),
  file_name: str('File name to use with content_base64 (default: the base name of file_path)', { in: 'local' }),
});

/** GitLab's wildcard words of ID filters: None = the field is empty, Any = it is set. */
export const NONE_ANY = ['None', 'Any'] as const;

/**
 * `undocumented` notes for the offset paging of answers GitLab pages (Grape `paginate`) though the
 * route's definition declares no page/per_page.
 */
export const PAGED_UNDECLARED = {
  page: 'GitLab pages this answer (Grape paginate) though the route declares no page',
  per_page: 'GitLab pages this answer (Grape paginate) though the route declares no per_page',
} as const;

/** `omitted` notes for keyset pagination: the server pages by page/per_page. */
export const KEYSET_OMITTED = {
  cursor: 'keyset pagination: this server pages by page/per_page',
} as const;
