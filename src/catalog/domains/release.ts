import { domain, id, str, bool, oneOf, req, strList, obj, paging, type ParamSpec } from '../define.js';

const tagName = (): ParamSpec => id.str('Tag name of the release (e.g. v1.2.0)');
const linkId = (): ParamSpec => id.int('Release asset link ID');
const linkType = (): ParamSpec => oneOf(['other', 'runbook', 'image', 'package'], 'Kind of asset link (default other)');

export default domain('release', 'Releases of a project and their asset links: list, read, create, update, delete', {
  create: {
    summary: 'Create a release for a tag (the tag is created from ref when missing), with notes, milestones and asset links',
    rest: 'POST /projects/{project_id}/releases',
    params: {
      project_id: id.project(),
      tag_name: req(str('Tag of the release; created from ref when it does not exist')),
      name: str('Release title (default: the tag name)'),
      description: str('Release notes (Markdown)'),
      ref: str('Branch or commit SHA to create the tag from when the tag does not exist'),
      tag_message: str('Message of the annotated tag created with the release'),
      milestones: strList('Titles of milestones to associate'),
      assets: obj('Assets: {links: [{name, url, direct_asset_path, link_type}]}'),
      released_at: str('Release date, ISO 8601 (default now; a past date marks a historical release)'),
    },
    fineGrained: ['create_release'],
    keywords: 'publish release version ship notes',
    examples: [
      'create release v1.4.0 in acme/shop with notes from the changelog',
      'publish a release for tag v2.0.0 in acme/api tied to %"v2.0"',
      'cut release 3.1.0 from main in acme/web',
    ],
  },
  delete: {
    summary: 'Delete a release (the Git tag is kept)',
    rest: 'DELETE /projects/{project_id}/releases/{tag_name}',
    params: { project_id: id.project(), tag_name: tagName() },
    destructive: true,
    fineGrained: ['delete_release'],
    keywords: 'remove release delete',
    examples: [
      'delete release v1.4.0 in acme/shop but keep the tag',
      'remove the v2.0.0-rc1 release from acme/api',
    ],
  },
  get: {
    summary: 'Get one release by its tag: notes, assets, milestones, evidence',
    rest: 'GET /projects/{project_id}/releases/{tag_name}',
    params: {
      project_id: id.project(),
      tag_name: tagName(),
      include_html_description: bool('Include the notes rendered as HTML'),
    },
    notFound: { kind: 'release', idParam: 'tag_name', listAction: 'release.list' },
    fineGrained: ['read_release'],
    keywords: 'release notes version',
    examples: [
      'show release notes of v1.4.0 in acme/shop',
      "what's in release v2.0.0 of acme/api?",
      'details of https://gitlab.example.com/acme/shop/-/releases/v1.3.2',
    ],
  },
  get_latest: {
    summary: 'Get the latest release of a project (by released_at)',
    rest: 'GET /projects/{project_id}/releases/permalink/latest',
    params: { project_id: id.project() },
    fineGrained: ['read_release'],
    keywords: 'newest current latest release version',
    examples: [
      'latest release of acme/shop',
      "what's the newest version we shipped in acme/api?",
    ],
  },
  link_create: {
    summary: 'Add an asset link (binary, package, runbook...) to a release',
    rest: 'POST /projects/{project_id}/releases/{tag_name}/assets/links',
    params: {
      project_id: id.project(),
      tag_name: tagName(),
      name: req(str('Name of the link')),
      url: req(str('URL of the asset')),
      direct_asset_path: str('Path for a permanent direct asset URL (e.g. /binaries/app-linux)'),
      link_type: linkType(),
    },
    fineGrained: ['create_release_link'],
    keywords: 'release asset attach binary download link',
    examples: [
      'attach the linux binary URL to release v1.4.0 in acme/shop',
      'add a runbook link to release v2.0.0 of acme/api',
    ],
  },
  link_create_batch: {
    summary: 'Add several asset links to a release in one call',
    rest: 'POST /projects/{project_id}/releases/{tag_name}/assets/links',
    params: {
      project_id: id.project(),
      tag_name: tagName(),
      links: req({ type: 'array', items: 'object', description: 'Links: [{name, url, direct_asset_path, link_type}]' }),
    },
    fineGrained: ['create_release_link'],
    keywords: 'release assets attach binaries bulk links',
    examples: [
      'attach linux, mac and windows download links to release v1.4.0 at once',
      'add these 5 asset links to release v2.0.0 in acme/api in bulk',
    ],
  },
  link_delete: {
    summary: 'Delete an asset link of a release',
    rest: 'DELETE /projects/{project_id}/releases/{tag_name}/assets/links/{link_id}',
    params: { project_id: id.project(), tag_name: tagName(), link_id: linkId() },
    destructive: true,
    fineGrained: ['delete_release_link'],
    keywords: 'remove release asset link',
    examples: [
      'delete asset link 12 from release v1.4.0',
      'remove the broken download link 7 on release v2.0.0 of acme/api',
    ],
  },
  link_get: {
    summary: 'Get one asset link of a release',
    rest: 'GET /projects/{project_id}/releases/{tag_name}/assets/links/{link_id}',
    params: { project_id: id.project(), tag_name: tagName(), link_id: linkId() },
    fineGrained: ['read_release_link'],
    keywords: 'release asset link',
    examples: [
      'show asset link 12 of release v1.4.0',
      'get download link 7 on release v2.0.0 in acme/api',
    ],
  },
  link_list: {
    summary: 'List the asset links of a release',
    rest: 'GET /projects/{project_id}/releases/{tag_name}/assets/links',
    params: { project_id: id.project(), tag_name: tagName(), ...paging() },
    fineGrained: ['read_release_link'],
    keywords: 'release assets downloads binaries links',
    examples: [
      'what downloads are attached to release v1.4.0?',
      'list the asset links of release v2.0.0 in acme/api',
    ],
  },
  link_update: {
    summary: 'Change the name, URL, path or type of a release asset link',
    rest: 'PUT /projects/{project_id}/releases/{tag_name}/assets/links/{link_id}',
    params: {
      project_id: id.project(),
      tag_name: tagName(),
      link_id: linkId(),
      name: str('New name of the link'),
      url: str('New URL of the asset'),
      direct_asset_path: str('New path for the permanent direct asset URL'),
      link_type: linkType(),
    },
    fineGrained: ['update_release_link'],
    keywords: 'edit release asset link',
    examples: [
      'change the URL of asset link 12 on release v1.4.0',
      'rename download link 7 of release v2.0.0 to "Linux x64"',
    ],
  },
  list: {
    summary: 'List releases of a project, newest first by default',
    rest: 'GET /projects/{project_id}/releases',
    params: {
      project_id: id.project(),
      order_by: oneOf(['released_at', 'created_at'], 'Order releases by this field (default released_at)'),
      sort: oneOf(['asc', 'desc'], 'Sort order (default desc)'),
      include_html_description: bool('Include the notes rendered as HTML'),
      updated_before: str('Only releases updated before this time (ISO 8601)'),
      updated_after: str('Only releases updated after this time (ISO 8601)'),
      ...paging(),
    },
    fineGrained: ['read_release'],
    keywords: 'releases versions changelog history',
    examples: [
      'list releases of acme/shop',
      'releases of acme/api from the last month, oldest first',
      'what versions have we released in acme/web?',
    ],
  },
  update: {
    summary: 'Change the title, notes, milestones or release date of a release',
    rest: 'PUT /projects/{project_id}/releases/{tag_name}',
    params: {
      project_id: id.project(),
      tag_name: tagName(),
      name: str('New release title'),
      description: str('New release notes (Markdown)'),
      milestones: strList('Titles of milestones to associate (an empty list removes all)'),
      released_at: str('New release date, ISO 8601'),
    },
    fineGrained: ['update_release'],
    keywords: 'edit release notes',
    examples: [
      'update the notes of release v1.4.0 in acme/shop',
      'set the release date of v2.0.0 in acme/api to 2025-03-01',
      'attach milestone %"v2.1" to release v2.1.0 of acme/web',
    ],
  },
});
