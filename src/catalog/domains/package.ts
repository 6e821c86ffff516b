import { domain, id, str, int, bool, oneOf, req, paging } from '../define.js';

const PACKAGE_TYPES = [
  'generic', 'npm', 'maven', 'pypi', 'nuget', 'conan', 'composer', 'helm', 'golang',
  'terraform_module', 'debian', 'rubygems', 'rpm', 'cargo', 'ml_model',
] as const;
const PACKAGE_STATUSES = ['default', 'hidden', 'processing', 'error', 'pending_destruction', 'deprecated'] as const;
/** The values GitLab's protection-rule route accepts (its generated definition, ~18.9; doc/api/project_packages_protection_rules.md lists none). */
const PROTECTED_PACKAGE_TYPES = ['conan', 'generic', 'helm', 'maven', 'npm', 'nuget', 'pypi'] as const;
const PUSH_LEVELS = ['maintainer', 'owner', 'admin'] as const;

const packageId = () => id.int('Package ID');
const repositoryId = () => id.int('Container registry repository ID');
const protectionRuleId = () => id.int('Protection rule ID');

const listFilters = {
  package_type: oneOf(PACKAGE_TYPES, 'Return packages of this type'),
  package_name: str('Fuzzy search by package name'),
  package_version: str('Return packages with this exact version'),
  include_versionless: bool('Include packages without a version'),
  status: oneOf(PACKAGE_STATUSES, 'Return packages with this status'),
  sort: oneOf(['asc', 'desc'], 'Sort direction (default asc)'),
};

/** GitLab's optional `(*path/)` segment of the generic package routes. */
const DIRECTORY_SEGMENT = 'the optional directory segment before the file name: these actions address the files at the top of the package version';
/** `select=package_file` on an upload. */
const PACKAGE_FILE_ANSWER = "package_file makes the answer the created package file's metadata; the upload itself is the same";
/** Generic package coordinates. */
const genericCoordinates = {
  project_id: id.project(),
  package_name: id.str('Generic package name (letters, digits, ., -, _)'),
  package_version: id.str('Package version, e.g. 1.0.0'),
};

const uploadSource = {
  file_path: str('Local path of the file to upload (or use content_base64)', { in: 'local', local: 'read-file' }),
  content_base64: str('Base64-encoded file content (alternative to file_path; required over HTTP)', { in: 'local' }),
};

const publishStatus = () => oneOf(['default', 'hidden'], 'Package status; hidden keeps it out of the UI (default default)');

export default domain('package', 'Package registry (npm, Maven, PyPI, generic...) and container registry: packages, files, repositories, tags, protection rules', {
  // ---- packages
  list: {
    summary: 'List the packages of a project, filtered by type, name, version or status',
    rest: 'GET /projects/{project_id}/packages',
    elsewhere: { group_id: 'package.group_list' },
    params: {
      project_id: id.project(),
      ...listFilters,
      order_by: oneOf(['created_at', 'name', 'version', 'type'], 'Order by this field (default created_at)'),
      ...paging(),
    },
    fineGrained: ['read_package'],
    keywords: 'package registry artifacts npm maven pypi nuget generic libraries releases composer conan helm rubygems terraform-modules',
    examples: [
      'list packages in acme/shop',
      'npm packages published in platform/sdk',
      'find version 1.4.2 of the maven package in acme/api',
      'list pypi packages of payments/checkout sorted by version',
      'what has ops/k8s published to its registry, helm charts only?',
    ],
  },
  group_list: {
    summary: 'List the packages of all projects in a group',
    rest: 'GET /groups/{group_id}/packages',
    elsewhere: { project_id: 'package.list' },
    params: {
      group_id: id.group(),
      exclude_subgroups: bool('Leave out packages of projects in subgroups'),
      ...listFilters,
      order_by: oneOf(['created_at', 'name', 'version', 'type', 'project_path'], 'Order by this field (default created_at)'),
      ...paging(),
    },
    fineGrained: ['read_package'],
    keywords: 'group package registry npm maven libraries org pypi nuget generic subgroups namespace',
    examples: [
      'all packages across group acme',
      'list pypi packages in the platform group',
      'what libraries has the data-team group published?',
      'list npm packages in group payments, excluding subgroups',
      'which libraries has the ops namespace published across its repos?',
    ],
  },
  get: {
    summary: 'Get one package of a project: name, version, type, pipelines, tags',
    rest: 'GET /projects/{project_id}/packages/{package_id}',
    params: { project_id: id.project(), package_id: packageId() },
    fineGrained: ['read_package'],
    notFound: { kind: 'package', idParam: 'package_id', listAction: 'package.list' },
    nextSteps: ['package.file_list'],
    nextFill: { project_id: 'params.project_id', package_id: 'answer.id' },
    keywords: 'package version metadata npm maven pypi',
    examples: [
      'show package 812 in acme/shop',
      'which pipeline built package 4401?',
      'details of package 77 in platform/sdk',
      'get package 5120 of payments/checkout',
      'what version and type is registry entry 6342 in ops/k8s?',
    ],
  },
  file_list: {
    summary: 'List the files of a package with sizes and checksums',
    rest: 'GET /projects/{project_id}/packages/{package_id}/package_files',
    params: {
      project_id: id.project(),
      package_id: packageId(),
      order_by: oneOf(['id', 'file_name', 'created_at'], 'Order by this field (default id)'),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default asc)'),
      ...paging(),
    },
    fineGrained: ['read_package'],
    keywords: 'package files assets checksums sha256 contents tarball jar wheel',
    examples: [
      'what files are in package 812?',
      'list files and checksums of package 4401 in acme/api',
      'which files were uploaded to package 77 in platform/sdk, with sha256?',
      'list the package files of package 5120 in payments/checkout, newest first',
      'what assets were uploaded under registry entry 6342 in ops/k8s, with sizes?',
    ],
  },
  delete: {
    summary: 'Delete a package and all its files (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/packages/{package_id}',
    params: { project_id: id.project(), package_id: packageId() },
    destructive: true,
    fineGrained: ['delete_package'],
    keywords: 'remove package version unpublish yank nuke',
    examples: [
      'delete package 812 in acme/shop',
      'remove the broken release package 4401',
      'delete package 5120 from payments/checkout entirely',
      'wipe the ops-cli 2.0.0-beta npm build from ops/k8s, id 6342',
      'remove the 0.0.1-test npm package, id 991, from acme/web',
    ],
  },
  file_delete: {
    summary: 'Delete one file of a package (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/packages/{package_id}/package_files/{package_file_id}',
    params: {
      project_id: id.project(),
      package_id: packageId(),
      package_file_id: id.int('Package file ID'),
    },
    destructive: true,
    fineGrained: ['delete_package'],
    keywords: 'remove package file asset tarball binary',
    examples: [
      'delete file 9023 from package 812',
      'remove the bad tarball 311 of package 4401 in acme/api',
      'delete package file 78001 of package 5120 in payments/checkout',
      'get rid of the corrupt wheel 78122 uploaded to registry entry 6342 in ops/k8s',
      'remove file 4411 from package 991, keep the rest',
    ],
  },

  // ---- generic packages
  download: {
    summary: 'Download a file of a generic package to a local file',
    rest: 'GET /projects/{project_id}/packages/generic/{package_name}/{package_version}/{file_name}',
    download: true,
    params: {
      ...genericCoordinates,
      file_name: id.str('Name of the file in the package'),
      output_path: req(str('Local path where the downloaded file is saved', { in: 'local', local: 'write-file' })),
      overwrite: bool('Replace a file that already exists at output_path; default false, and the user is asked to confirm first', { in: 'local' }),
    },
    omitted: { path: DIRECTORY_SEGMENT },
    fineGrained: ['read_package'],
    keywords: 'download generic package file binary artifact fetch save tarball retrieve',
    examples: [
      'download app.tar.gz from generic package myapp 1.2.0 in acme/shop',
      'fetch the cli binary of generic package tools v3.0.1 to ./bin',
      'save setup.exe from generic package installer 4.1.0 of web/desktop to ./downloads',
      'download file linux-amd64.tar.gz of generic package agent 2.4.0 in ops/k8s to ./agent.tgz',
      'save checksums.txt of the generic release bundle 5.0.0 from payments/checkout to disk at ./sums.txt',
    ],
  },
  publish: {
    summary: 'Upload a file to a generic package (creates the package version if needed)',
    rest: 'PUT /projects/{project_id}/packages/generic/{package_name}/{package_version}/{file_name}',
    upload: { as: 'raw' },
    params: {
      ...genericCoordinates,
      file_name: id.str('Name of the file in the package'),
      ...uploadSource,
      status: publishStatus(),
    },
    omitted: { path: DIRECTORY_SEGMENT, select: PACKAGE_FILE_ANSWER },
    fineGrained: ['create_package'],
    keywords: 'upload publish generic package binary artifact release asset store tarball put',
    examples: [
      'upload dist/app.tar.gz as generic package myapp 1.2.0',
      'publish build.zip to the generic registry of platform/tools as version 3.0.1',
      'push build/out.bin to the generic package registry as firmware 0.9.1 in iot/device',
      'publish ./build/agent to generic package agent 2.4.0 in ops/k8s as a hidden file',
      'upload report.pdf into the generic registry of payments/checkout under docs 1.0.0',
    ],
  },
  publish_and_link: {
    summary: 'Upload a file to a generic package and link it as an asset of a release',
    rest: 'PUT /projects/{project_id}/packages/generic/{package_name}/{package_version}/{file_name}',
    upload: { as: 'raw' },
    // Then the release link to the uploaded file.
    followUp: {
      rest: 'POST /projects/{project_id}/releases/{tag_name}/assets/links',
      body: (p, _answer, baseUrl) => ({
        name: p.link_name ?? p.file_name,
        url: `${baseUrl}/api/v4/projects/${encodeURIComponent(String(p.project_id))}/packages/generic/${encodeURIComponent(String(p.package_name))}/${encodeURIComponent(String(p.package_version))}/${encodeURIComponent(String(p.file_name))}`,
        link_type: p.link_type ?? 'package',
      }),
    },
    params: {
      ...genericCoordinates,
      file_name: id.str('Name of the file in the package'),
      ...uploadSource,
      status: publishStatus(),
      tag_name: req(str('Tag of the release to link the file to', { in: 'local' })),
      link_name: str('Name of the release link (default: file_name)', { in: 'local' }),
      link_type: oneOf(['package', 'runbook', 'image', 'other'], 'Type of the release link (default package)', { in: 'local' }),
    },
    omitted: { path: DIRECTORY_SEGMENT, select: PACKAGE_FILE_ANSWER },
    fineGrained: ['create_package', 'create_release_link'],
    keywords: 'upload publish release asset attach binary download link installer distributable',
    examples: [
      'upload app.tar.gz to package myapp 1.2.0 and attach it to release v1.2.0',
      'publish the installer and add it as an asset on the v3.0.1 release',
      'publish agent-linux.tar.gz to generic package agent 2.4.0 in ops/k8s and link it on release v2.4.0',
      'upload setup.msi to the generic registry of payments/checkout as version 5.0.0, then attach it to the v5.0.0 release',
      'put firmware.bin in generic package fw 0.9.1 of iot/device and add a release link named Firmware for tag v0.9.1',
    ],
  },
  publish_directory: {
    summary: 'Upload the files of a local directory to a generic package, one package file each',
    rest: 'PUT /projects/{project_id}/packages/generic/{package_name}/{package_version}/{file_name}',
    // One upload per matching file of the local directory.
    handler: 'publish_directory',
    params: {
      ...genericCoordinates,
      file_name: id.str('Glob of the file names in directory_path to upload, e.g. *.tar.gz (* for all)'),
      directory_path: req(str('Local path of the directory whose files are uploaded', { in: 'local', local: 'read-dir' })),
      status: publishStatus(),
    },
    omitted: { path: DIRECTORY_SEGMENT, select: PACKAGE_FILE_ANSWER, file: 'supplied: each file of directory_path is the body of its own upload' },
    fineGrained: ['create_package'],
    keywords: 'upload folder bulk publish generic package build outputs recursive dist glob batch multiple',
    examples: [
      'upload everything in ./dist as generic package myapp 1.2.0',
      'publish all *.tar.gz files from build/ to package tools 3.0.1',
      'publish the whole ./out directory of ops/k8s as generic package agent 2.4.0',
      'upload every .whl in dist/ to generic package wheels 1.1.0 of payments/checkout',
      'send all files from the ./release folder to the generic registry of acme/web as bundle 3.2.0, one file each',
    ],
  },

  // ---- package protection rules
  protection_rule_list: {
    summary: 'List the package protection rules of a project',
    rest: 'GET /projects/{project_id}/packages/protection/rules',
    params: { project_id: id.project() },
    fineGrained: ['read_package'],
    keywords: 'protected packages push delete rules restrictions permissions locked guard',
    examples: [
      'list package protection rules in acme/shop',
      'which packages are protected in platform/sdk?',
      'show the package protection rules of acme/api',
      'list protection rules for packages in payments/checkout',
      'which npm names in ops/k8s need maintainer rights to push?',
    ],
  },
  protection_rule_create: {
    summary: 'Protect packages matching a name pattern from pushes or deletes below a role',
    rest: 'POST /projects/{project_id}/packages/protection/rules',
    params: {
      project_id: id.project(),
      package_name_pattern: req(str('Package name pattern; * is a wildcard, e.g. @my-scope/*')),
      package_type: req(oneOf(PROTECTED_PACKAGE_TYPES, 'Package type the rule applies to')),
      minimum_access_level_for_push: oneOf(PUSH_LEVELS, 'Minimum role to push matching packages'),
      minimum_access_level_for_delete: oneOf(['owner', 'admin'], 'Minimum role to delete matching packages'),
    },
    fineGrained: ['create_package'],
    keywords: 'protect packages rule push delete restrict lock guard maintainer owner-only',
    examples: [
      'protect npm packages @acme/* so only maintainers can push',
      'only owners may delete pypi packages named internal-* in platform/sdk',
      'lock down maven packages com.acme.* in acme/api so only admins can push',
      'create a package protection rule in payments/checkout for helm charts payments-* with owner push',
      'only admins should publish NuGet Acme.* libraries in ops/k8s',
    ],
  },
  protection_rule_update: {
    summary: 'Change a package protection rule: pattern, type or minimum role required to push or delete',
    rest: 'PATCH /projects/{project_id}/packages/protection/rules/{package_protection_rule_id}',
    params: {
      project_id: id.project(),
      package_protection_rule_id: protectionRuleId(),
      package_name_pattern: str('Package name pattern; * is a wildcard'),
      package_type: oneOf(PROTECTED_PACKAGE_TYPES, 'Package type the rule applies to'),
      minimum_access_level_for_push: oneOf(PUSH_LEVELS, 'Minimum role to push matching packages'),
      minimum_access_level_for_delete: oneOf(['owner', 'admin'], 'Minimum role to delete matching packages'),
    },
    fineGrained: ['update_package'],
    keywords: 'edit package protection rule require role maintainer owner tighten loosen',
    examples: [
      'change package protection rule 5 to require owner for push',
      'update package rule 9 to cover maven com.acme.*',
      'loosen package protection rule 12 in acme/api to let maintainers push',
      'update package protection rule 14 in payments/checkout so pushes need admin',
      'lower the minimum push level on npm pattern 21 in ops/k8s to maintainer',
    ],
  },
  protection_rule_delete: {
    summary: 'Delete a package protection rule',
    rest: 'DELETE /projects/{project_id}/packages/protection/rules/{package_protection_rule_id}',
    params: { project_id: id.project(), package_protection_rule_id: protectionRuleId() },
    destructive: true,
    fineGrained: ['delete_package'],
    keywords: 'remove unprotect packages lift unlock unrestrict drop',
    examples: [
      'delete package protection rule 5',
      'drop package protection rule 9 in platform/sdk so anyone can publish again',
      'remove package protection rule 14 from payments/checkout',
      'nuke entry 21, the npm publishing restriction of ops/k8s',
      'delete the pypi protection rule 30 in acme/web',
    ],
  },

  // ---- container registry repositories
  registry_list_project: {
    summary: 'List the container registry repositories (Docker images) of a project',
    rest: 'GET /projects/{project_id}/registry/repositories',
    elsewhere: { group_id: 'package.registry_list_group' },
    params: {
      project_id: id.project(),
      tags: bool('Include the tags of each repository'),
      tags_count: bool('Include the number of tags of each repository'),
      ...paging(),
    },
    fineGrained: ['read_container_repository'],
    keywords: 'docker container images registry OCI ghcr dockerhub ecr harbor',
    examples: [
      'list docker images in acme/shop',
      'what container repositories does platform/infra have?',
      'which Docker images live in the web/frontend registry?',
      'list container registry repositories of payments/checkout with their tags',
      'which Docker images does ops/k8s store?',
    ],
  },
  registry_list_group: {
    summary: 'List the container registry repositories of all projects in a group',
    rest: 'GET /groups/{group_id}/registry/repositories',
    elsewhere: { project_id: 'package.registry_list_project' },
    params: { group_id: id.group(), ...paging() },
    fineGrained: ['read_container_repository'],
    keywords: 'docker container images registry group org namespace subgroups ghcr dockerhub',
    examples: [
      'list container images across group acme',
      'all registry repositories in the platform group',
      "show every image repository in data-team's container registry",
      'list registry repositories of group payments',
      'every Docker image stored under the ops namespace',
    ],
  },
  registry_get: {
    summary: 'Get one container registry repository by its ID, with tags count and size',
    rest: 'GET /registry/repositories/{repository_id}',
    params: {
      repository_id: repositoryId(),
      tags: bool('Include the tags of the repository'),
      tags_count: bool('Include the number of tags'),
      size: bool('Include the size of the repository'),
    },
    fineGrained: ['read_container_repository'],
    keywords: 'docker image repository size storage usage footprint oci',
    examples: [
      'show container repository 31 with its size',
      'how big is registry repository 207?',
      'details of container image repo 88 including its tags',
      'get registry repository 412 with tags count',
      'how much space does Docker image repo 519 take up?',
    ],
  },
  registry_delete: {
    summary: 'Delete a container registry repository with all its tags (scheduled, cannot be undone)',
    rest: 'DELETE /projects/{project_id}/registry/repositories/{repository_id}',
    params: { project_id: id.project(), repository_id: repositoryId() },
    destructive: true,
    fineGrained: ['delete_container_repository'],
    keywords: 'remove docker image repository nuke',
    examples: [
      'delete container repository 31 in acme/shop',
      'remove the whole docker image repo 207 with all its tags',
      'delete registry repository 412 in payments/checkout',
      'nuke Docker image repo 519 of ops/k8s entirely',
      'remove container repository 600 from acme/web entirely',
    ],
  },
  registry_tag_list: {
    summary: 'List the tags of a container registry repository',
    rest: 'GET /projects/{project_id}/registry/repositories/{repository_id}/tags',
    params: { project_id: id.project(), repository_id: repositoryId(), ...paging() },
    fineGrained: ['read_container_repository'],
    keywords: 'docker image tags versions oci',
    examples: [
      'list tags of container repository 31 in acme/shop',
      'what image versions are in registry repo 207?',
      'what docker tags does image repository 88 in web/frontend have?',
      'list tags of registry repository 412 in payments/checkout',
      'which versions of image repo 519 in ops/k8s exist?',
    ],
  },
  registry_tag_get: {
    summary: 'Get one tag of a container registry repository: digest, size, created date',
    rest: 'GET /projects/{project_id}/registry/repositories/{repository_id}/tags/{tag_name}',
    params: {
      project_id: id.project(),
      repository_id: repositoryId(),
      tag_name: id.str('Image tag name, e.g. latest'),
    },
    fineGrained: ['read_container_repository'],
    keywords: 'docker image tag digest sha256 manifest oci',
    examples: [
      'digest of the latest tag in container repository 31',
      'show image tag v2.3.0 of registry repo 207',
      'when was image tag nightly of container repository 88 created, and how big is it?',
      'get tag v1.9.2 of registry repository 412 in payments/checkout',
      'what digest does :stable point to in image repo 519 of ops/k8s?',
    ],
  },
  registry_tag_delete: {
    summary: 'Delete one tag of a container registry repository',
    rest: 'DELETE /projects/{project_id}/registry/repositories/{repository_id}/tags/{tag_name}',
    params: {
      project_id: id.project(),
      repository_id: repositoryId(),
      tag_name: id.str('Image tag name to delete'),
    },
    destructive: true,
    fineGrained: ['delete_container_repository'],
    keywords: 'remove docker image tag untag nuke',
    examples: [
      'delete image tag v1.0.0 from container repo 31',
      'remove the broken latest tag in registry repo 207',
      'delete tag v1.9.2 from registry repository 412 in payments/checkout',
      'get rid of :stable in Docker image repo 519 of ops/k8s',
      'remove the pr-381 image tag from container repository 600',
    ],
  },
  registry_tag_delete_bulk: {
    summary: 'Delete the tags of a container repository matching a regex, keeping newest or matching ones',
    rest: 'DELETE /projects/{project_id}/registry/repositories/{repository_id}/tags',
    params: {
      project_id: id.project(),
      repository_id: repositoryId(),
      name_regex_delete: req(str('Regex of tag names to delete, e.g. .* for all')),
      name_regex_keep: str('Regex of tag names to keep'),
      keep_n: int('Number of newest matching tags to keep'),
      older_than: str('Delete only tags older than this, e.g. 1h, 7d, 1month'),
    },
    destructive: true,
    omitted: { name_regex: 'deprecated by GitLab in favour of name_regex_delete' },
    fineGrained: ['delete_container_repository'],
    keywords: 'cleanup prune old docker tags bulk retention stale mass housekeeping',
    examples: [
      'delete all image tags older than 30 days in repo 31, keep the newest 5',
      'clean up tags matching dev-.* in container repository 207',
      'delete tags matching feature-.* older than 14d in registry repository 412, keep the latest 3',
      'prune image versions older than 30d in Docker repo 519 of ops/k8s, keep release-.*',
      'bulk remove every tag except main and stable in container repository 600 of acme/web',
    ],
  },

  // ---- container repository protection rules
  registry_rule_list: {
    summary: 'List the container repository protection rules of a project',
    rest: 'GET /projects/{project_id}/registry/protection/repository/rules',
    params: { project_id: id.project() },
    fineGrained: ['read_container_repository_protection_rule'],
    keywords: 'protected container images push delete rules docker restrictions permissions locked',
    examples: [
      'list container repository protection rules of acme/shop',
      'which image paths are protected in platform/infra?',
      'what container protection rules does web/frontend have?',
      'list registry protection rules for container repos in payments/checkout',
      'which image paths in ops/k8s are restricted to maintainers?',
    ],
  },
  registry_rule_create: {
    summary: 'Protect container repositories matching a path pattern from pushes or deletes below a role',
    rest: 'POST /projects/{project_id}/registry/protection/repository/rules',
    params: {
      project_id: id.project(),
      repository_path_pattern: req(str('Repository path pattern; * is a wildcard, e.g. group/project/app-*')),
      minimum_access_level_for_push: oneOf(PUSH_LEVELS, 'Minimum role to push images (set this or the delete level)'),
      minimum_access_level_for_delete: oneOf(PUSH_LEVELS, 'Minimum role to delete images (set this or the push level)'),
    },
    fineGrained: ['create_container_repository_protection_rule'],
    keywords: 'protect container images rule docker restrict lock guard maintainer',
    examples: [
      'protect container repos acme/shop/app-* so only maintainers can push',
      'require owner to delete images under platform/infra/base-*',
      'protect the web/frontend/prod image path from pushes by developers',
      'create a container repository protection rule in payments/checkout for payments/checkout/worker-* with admin push',
      'only owners should be able to publish images under ops/k8s/base-*',
    ],
  },
  registry_rule_update: {
    summary: 'Change a container repository protection rule: pattern or minimum role required to push or delete',
    rest: 'PATCH /projects/{project_id}/registry/protection/repository/rules/{protection_rule_id}',
    params: {
      project_id: id.project(),
      protection_rule_id: protectionRuleId(),
      repository_path_pattern: str('Repository path pattern; * is a wildcard'),
      minimum_access_level_for_push: oneOf([...PUSH_LEVELS, ''], 'Minimum role to push images ("" unsets)'),
      minimum_access_level_for_delete: oneOf([...PUSH_LEVELS, ''], 'Minimum role to delete images ("" unsets)'),
    },
    fineGrained: ['update_container_repository_protection_rule'],
    keywords: 'edit container protection rule require role docker maintainer owner tighten',
    examples: [
      'change container protection rule 4 to require admin for push',
      'update image protection rule 8 pattern to acme/shop/api-*',
      'edit container repo protection rule 11 in web/frontend to maintainer push',
      'update container repository protection rule 17 in payments/checkout to require owner for push',
      'widen image path pattern 23 in ops/k8s to ops/k8s/*',
    ],
  },
  registry_rule_delete: {
    summary: 'Delete a container repository protection rule',
    rest: 'DELETE /projects/{project_id}/registry/protection/repository/rules/{protection_rule_id}',
    params: { project_id: id.project(), protection_rule_id: protectionRuleId() },
    destructive: true,
    fineGrained: ['delete_container_repository_protection_rule'],
    keywords: 'remove unprotect container repository docker lift unlock unrestrict drop',
    examples: [
      'delete container repository protection rule 4',
      'unprotect container images: remove image path rule 8 in platform/infra',
      'remove container repository protection rule 17 in payments/checkout',
      'nuke entry 23, the image path push restriction of ops/k8s',
      'delete registry protection rule 30 for image repos in acme/web',
    ],
  },

  // ---- container tag protection rules
  registry_tag_rule_list: {
    summary: 'List the container image tag protection rules of a project',
    rest: 'GET /projects/{project_id}/registry/protection/tag/rules',
    params: { project_id: id.project() },
    fineGrained: ['read_container_registry_protection_tag_rule'],
    keywords: 'protected docker tags rules immutable restrictions permissions locked',
    examples: [
      'list image tag protection rules in acme/shop',
      'which docker tags are protected in platform/infra?',
      'show the protected image tag patterns of web/frontend',
      'list container tag protection rules of payments/checkout',
      'which image versions like v* in ops/k8s can only maintainers overwrite?',
    ],
  },
  registry_tag_rule_create: {
    summary: 'Protect container image tags matching a pattern from pushes and deletes below a role',
    rest: 'POST /projects/{project_id}/registry/protection/tag/rules',
    params: {
      project_id: id.project(),
      tag_name_pattern: req(str('Tag name pattern; * is a wildcard, e.g. v*-release')),
      minimum_access_level_for_push: req(oneOf(PUSH_LEVELS, 'Minimum role to push matching tags')),
      minimum_access_level_for_delete: req(oneOf(PUSH_LEVELS, 'Minimum role to delete matching tags')),
    },
    fineGrained: ['create_container_registry_protection_tag_rule'],
    keywords: 'protect docker tags rule immutable lock restrict guard maintainer',
    examples: [
      'protect image tags v*-release so only maintainers push or delete them',
      'make container tags matching prod-* owner-only in acme/shop',
      'add a tag protection rule so only admins can push latest in web/frontend',
      'create a container tag protection rule in payments/checkout: pattern release-*, maintainer role required',
      'nobody below owner may push or overwrite stable-* images in ops/k8s',
    ],
  },
  registry_tag_rule_update: {
    summary: 'Change a container tag protection rule: pattern or minimum roles',
    rest: 'PATCH /projects/{project_id}/registry/protection/tag/rules/{protection_rule_id}',
    params: {
      project_id: id.project(),
      protection_rule_id: protectionRuleId(),
      tag_name_pattern: str('Tag name pattern; * is a wildcard'),
      minimum_access_level_for_push: oneOf([...PUSH_LEVELS, ''], 'Minimum role to push matching tags ("" unsets)'),
      minimum_access_level_for_delete: oneOf([...PUSH_LEVELS, ''], 'Minimum role to delete matching tags ("" unsets)'),
    },
    fineGrained: ['update_container_registry_protection_tag_rule'],
    keywords: 'edit docker tag protection rule require role maintainer owner immutable tighten',
    examples: [
      'change tag protection rule 2 to require admin for delete',
      'update docker tag rule 6 pattern to release-*',
      'edit tag protection rule 9 in web/frontend to let maintainers push',
      'update container tag protection rule 8 in payments/checkout to pattern hotfix-*',
      'loosen immutable pattern 13 in ops/k8s so maintainers can push over it',
    ],
  },
  registry_tag_rule_delete: {
    summary: 'Delete a container tag protection rule',
    rest: 'DELETE /projects/{project_id}/registry/protection/tag/rules/{protection_rule_id}',
    params: { project_id: id.project(), protection_rule_id: protectionRuleId() },
    destructive: true,
    fineGrained: ['delete_container_registry_protection_tag_rule'],
    keywords: 'remove unprotect docker tags lift unlock mutable drop',
    examples: [
      'delete tag protection rule 2',
      'remove docker tag protection rule 6 in acme/shop, tags can be overwritten again',
      'remove container tag protection rule 8 in payments/checkout',
      'nuke entry 13 that keeps v* images immutable in ops/k8s',
      'delete the image tag protection rule 4 of acme/web',
    ],
  },
});
