import { domain, id, str, int, oneOf, req, paging, type ParamSpec } from '../define.js';

const tagName = (): ParamSpec => id.str('Name of the tag (e.g. v1.2.0)');
const protectedName = (): ParamSpec => id.str('Name of the protected tag or wildcard (e.g. v*)');

export default domain('tag', 'Git tags of a project repository: list, read, create, delete, signatures and tag protection', {
  create: {
    summary: 'Create a tag at a branch, tag or commit; with a message it is an annotated tag',
    rest: 'POST /projects/{project_id}/repository/tags',
    params: {
      project_id: id.project(),
      tag_name: req(str('Name of the new tag')),
      ref: req(str('Branch name, tag or commit SHA to tag')),
      message: str('Message of an annotated tag'),
    },
    fineGrained: ['create_repository_tag'],
    keywords: 'new tag version mark release point',
    examples: [
      'tag main as v1.4.0 in acme/shop',
      'create annotated tag v2.0.0 at commit 4f2a9c1 with message "GA release"',
      'cut a release tag rel-2025-06 from branch release/2025.06 in acme/api',
    ],
  },
  delete: {
    summary: 'Delete a tag of the repository',
    rest: 'DELETE /projects/{project_id}/repository/tags/{tag_name}',
    params: { project_id: id.project(), tag_name: tagName() },
    destructive: true,
    fineGrained: ['delete_repository_tag'],
    keywords: 'remove tag delete version',
    examples: [
      'delete tag v1.4.0-rc1 from acme/shop',
      'remove the mistaken tag v2.0.0 in acme/api',
      'get rid of the tag test-tag-123 in platform/infra',
    ],
  },
  get: {
    summary: 'Get one tag: its commit, message and release',
    rest: 'GET /projects/{project_id}/repository/tags/{tag_name}',
    params: { project_id: id.project(), tag_name: tagName() },
    notFound: { kind: 'tag', idParam: 'tag_name', listAction: 'tag.list' },
    fineGrained: ['read_repository_tag'],
    keywords: 'tag version commit',
    examples: [
      'which commit does tag v1.4.0 point to in acme/shop?',
      'show tag v2.0.0 of acme/api with its message',
      'details of tag rel-2025-06 in platform/infra',
    ],
  },
  get_protected: {
    summary: 'Get one protected tag and who may create tags matching it',
    rest: 'GET /projects/{project_id}/protected_tags/{name}',
    params: { project_id: id.project(), name: protectedName() },
    fineGrained: ['read_protected_tag'],
    keywords: 'tag protection rule who can create access',
    examples: [
      'what protection is set on the v* tag pattern in acme/shop?',
      'show the protected tag rule release-* of acme/api and its allowed roles',
    ],
  },
  get_signature: {
    summary: 'Get the X.509 or SSH signature of a signed tag and its verification status',
    rest: 'GET /projects/{project_id}/repository/tags/{tag_name}/signature',
    params: { project_id: id.project(), tag_name: tagName() },
    fineGrained: ['read_repository_tag'],
    keywords: 'signed tag verify signature',
    examples: [
      'is tag v1.4.0 in acme/shop signed and verified?',
      'check the SSH or X.509 signature on tag v2.0.0 of acme/api',
    ],
  },
  list: {
    summary: 'List tags of a repository, searched by name and ordered by name, update or version',
    rest: 'GET /projects/{project_id}/repository/tags',
    params: {
      project_id: id.project(),
      search: str('Only tags whose name contains this; ^term and term$ anchor'),
      order_by: oneOf(['name', 'updated', 'version'], 'Order tags by this field (default updated)'),
      sort: oneOf(['asc', 'desc'], 'Sort order (default desc)'),
      ...paging(),
    },
    omitted: { page_token: 'keyset pagination: this server pages by page/per_page' },
    fineGrained: ['read_repository_tag'],
    keywords: 'tags versions list git tag',
    examples: [
      'list tags of acme/shop',
      'what are the newest version tags in acme/api?',
      'find tags starting with v2 in platform/infra, sorted by version',
    ],
  },
  list_protected: {
    summary: 'List the protected tags of a project with their create access levels',
    rest: 'GET /projects/{project_id}/protected_tags',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_protected_tag'],
    keywords: 'protected tags protection rules',
    examples: [
      'which git tags in acme/shop have protection on them?',
      'list tag protections in the acme/api repository',
    ],
  },
  protect: {
    summary: 'Protect a tag or wildcard: set who may create matching tags',
    rest: 'POST /projects/{project_id}/protected_tags',
    params: {
      project_id: id.project(),
      name: req(str('Tag name or wildcard to protect (e.g. v*)')),
      create_access_level: int('Role allowed to create: 0 no one, 30 Developer, 40 Maintainer, 60 Admin (default 40)'),
      allowed_to_create: { type: 'array', items: 'object', description: 'Create rules (Premium): [{access_level}|{user_id}|{group_id}|{deploy_key_id}]' },
    },
    fineGrained: ['protect_tag'],
    keywords: 'protect tag lock restrict release tags',
    examples: [
      'protect git tag pattern v* in the acme/shop repo',
      'lock down release-* tags in acme/api',
      'only admins may create prod-* tags in platform/infra, set that up',
    ],
  },
  unprotect: {
    summary: 'Remove the protection of a protected tag or wildcard',
    rest: 'DELETE /projects/{project_id}/protected_tags/{name}',
    params: { project_id: id.project(), name: protectedName() },
    destructive: true,
    fineGrained: ['protect_tag'],
    keywords: 'unprotect tag remove protection',
    examples: [
      'unprotect the v* tag pattern in acme/shop',
      'lift the protection on release-* tags in acme/api',
      'remove tag protection for prod-* in platform/infra',
    ],
  },
});
