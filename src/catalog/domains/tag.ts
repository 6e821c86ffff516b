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
  },
  delete: {
    summary: 'Delete a tag of the repository',
    rest: 'DELETE /projects/{project_id}/repository/tags/{tag_name}',
    params: { project_id: id.project(), tag_name: tagName() },
    destructive: true,
    fineGrained: ['delete_repository_tag'],
    keywords: 'remove tag delete version',
  },
  get: {
    summary: 'Get one tag: its commit, message and release',
    rest: 'GET /projects/{project_id}/repository/tags/{tag_name}',
    params: { project_id: id.project(), tag_name: tagName() },
    notFound: { kind: 'tag', idParam: 'tag_name', listAction: 'tag.list' },
    fineGrained: ['read_repository_tag'],
    keywords: 'tag version commit',
  },
  get_protected: {
    summary: 'Get one protected tag and who may create tags matching it',
    rest: 'GET /projects/{project_id}/protected_tags/{name}',
    params: { project_id: id.project(), name: protectedName() },
    fineGrained: ['read_protected_tag'],
    keywords: 'tag protection rule who can create access',
  },
  get_signature: {
    summary: 'Get the X.509 or SSH signature of a signed tag and its verification status',
    rest: 'GET /projects/{project_id}/repository/tags/{tag_name}/signature',
    params: { project_id: id.project(), tag_name: tagName() },
    fineGrained: ['read_repository_tag'],
    keywords: 'signed tag verify signature',
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
    fineGrained: ['read_repository_tag'],
    keywords: 'tags versions list git tag',
  },
  list_protected: {
    summary: 'List the protected tags of a project with their create access levels',
    rest: 'GET /projects/{project_id}/protected_tags',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_protected_tag'],
    keywords: 'protected tags protection rules',
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
  },
  unprotect: {
    summary: 'Remove the protection of a protected tag or wildcard',
    rest: 'DELETE /projects/{project_id}/protected_tags/{name}',
    params: { project_id: id.project(), name: protectedName() },
    destructive: true,
    fineGrained: ['protect_tag'],
    keywords: 'unprotect tag remove protection',
  },
});
