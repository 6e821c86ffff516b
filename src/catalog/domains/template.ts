import { domain, id, str, int, bool, oneOf, req, paging, type ParamSpec } from '../define.js';

const templateName = (what: string): ParamSpec => id.str(`Key of the ${what} template (as returned by the list action)`);

/** The instance template routes need no permission; the nearest fine-grained permission is named. */
const INSTANCE_TEMPLATE = ['read_template'] as const;

export default domain('template', 'File templates (CI/CD YAML, Dockerfile, .gitignore, license, issue and MR descriptions) and CI configuration linting', {
  ci_yml_get: {
    summary: 'Get a CI/CD YAML template (.gitlab-ci.yml starter) of the instance',
    rest: 'GET /templates/gitlab_ci_ymls/{name}',
    params: { name: templateName('CI/CD YAML') },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitlab-ci.yml pipeline CI build template example',
    examples: [
      'show the Node.js .gitlab-ci.yml template',
      'give me the Python CI template',
      'starter pipeline config for Go',
    ],
  },
  ci_yml_list: {
    summary: 'List the CI/CD YAML templates of the instance',
    rest: 'GET /templates/gitlab_ci_ymls',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitlab-ci.yml pipeline CI templates',
    examples: [
      'which gitlab-ci.yml starter templates exist?',
      'list the CI templates on this instance',
    ],
  },
  dockerfile_get: {
    summary: 'Get a Dockerfile template of the instance',
    rest: 'GET /templates/dockerfiles/{name}',
    params: { name: templateName('Dockerfile') },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'docker container image Dockerfile template',
    examples: [
      'show the Dockerfile template for Python',
      'get a starter Dockerfile for a Node app',
    ],
  },
  dockerfile_list: {
    summary: 'List the Dockerfile templates of the instance',
    rest: 'GET /templates/dockerfiles',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'docker container Dockerfile templates',
    examples: [
      'which Dockerfile templates are there?',
      'list Docker templates available on the instance',
    ],
  },
  gitignore_get: {
    summary: 'Get a .gitignore template of the instance',
    rest: 'GET /templates/gitignores/{name}',
    params: { name: templateName('.gitignore') },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitignore ignore files template',
    examples: [
      'give me the Node .gitignore template',
      'show the gitignore template for Python',
    ],
  },
  gitignore_list: {
    summary: 'List the .gitignore templates of the instance',
    rest: 'GET /templates/gitignores',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitignore templates languages',
    examples: [
      'what .gitignore templates are available?',
      'list gitignore templates by language',
    ],
  },
  license_get: {
    summary: 'Get an open source license template, optionally filled in with project and holder names',
    rest: 'GET /templates/licenses/{name}',
    params: {
      name: templateName('license (e.g. mit, apache-2.0)'),
      project: str('Project name to put in the license text'),
      fullname: str('Copyright holder name to put in the license text'),
    },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'license LICENSE file MIT Apache GPL open source',
    examples: [
      'get the MIT license text for project shop by Acme Corp',
      'show the apache-2.0 license template',
    ],
  },
  license_list: {
    summary: 'List the open source license templates of the instance',
    rest: 'GET /templates/licenses',
    params: { popular: bool('Only popular licenses'), ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'licenses open source MIT Apache GPL',
    examples: [
      'which open source licenses can I pick from?',
      'list popular license templates',
    ],
  },
  lint: {
    summary: 'Validate CI/CD YAML content in the context of a project (syntax, includes, optional jobs)',
    rest: 'POST /projects/{project_id}/ci/lint',
    params: {
      project_id: id.project(),
      content: req(str('The CI/CD configuration (YAML) to validate')),
      dry_run: bool('Simulate pipeline creation (default false)'),
      include_jobs: bool('Include the list of jobs the configuration would create'),
      ref: str('Branch or tag used for the dry run (default: default branch)'),
    },
    writes: false,
    readNote: 'validates the CI configuration it is sent; nothing is stored',
    fineGrained: ['validate_ci_config'],
    keywords: 'CI lint validate gitlab-ci.yml pipeline config check syntax',
    examples: [
      'validate this .gitlab-ci.yml snippet against acme/shop',
      'is this pipeline YAML valid for acme/api?',
      'dry-run this CI YAML in acme/web and show which jobs it creates',
    ],
  },
  lint_project: {
    summary: "Validate a project's existing .gitlab-ci.yml at a ref",
    rest: 'GET /projects/{project_id}/ci/lint',
    params: {
      project_id: id.project(),
      content_ref: str('Commit SHA, branch or tag whose CI configuration is validated (default: default branch HEAD)'),
      dry_run: bool('Simulate pipeline creation (default false)'),
      dry_run_ref: str('Branch or tag used for the dry run (default: default branch)'),
      include_jobs: bool('Include the list of jobs the configuration would create'),
    },
    omitted: {
      ref: 'deprecated by GitLab in favour of dry_run_ref (doc/api/lint.md; the route makes them mutually exclusive)',
      sha: 'deprecated by GitLab in favour of content_ref (doc/api/lint.md)',
    },
    fineGrained: ['read_ci_config'],
    keywords: 'CI lint validate gitlab-ci.yml pipeline config check',
    examples: [
      'is the .gitlab-ci.yml on main of acme/shop valid?',
      'lint the existing CI config of acme/api at branch develop',
    ],
  },
  project_template_get: {
    summary: 'Get a template available to a project (file templates and issue/MR description templates)',
    rest: 'GET /projects/{project_id}/templates/{type}/{name}',
    params: {
      project_id: id.project(),
      type: req(oneOf(['dockerfiles', 'gitignores', 'gitlab_ci_ymls', 'licenses', 'issues', 'merge_requests'], 'Kind of template')),
      name: templateName('project'),
      source_template_project_id: int('Project holding the template, when the key exists in several'),
      project: str('Project name to put in a license template'),
      fullname: str('Copyright holder name to put in a license template'),
    },
    fineGrained: ['read_template'],
    keywords: 'issue template merge request description template PR',
    examples: [
      'show the "Bug" issue template of acme/shop',
      'get the merge request description template "Default" in acme/api',
    ],
  },
  project_template_list: {
    summary: 'List the templates of one kind available to a project, including its own issue/MR templates',
    rest: 'GET /projects/{project_id}/templates/{type}',
    params: {
      project_id: id.project(),
      type: req(oneOf(['dockerfiles', 'gitignores', 'gitlab_ci_ymls', 'licenses', 'issues', 'merge_requests'], 'Kind of template')),
      ...paging(),
    },
    fineGrained: ['read_template'],
    keywords: 'issue templates merge request description templates PR',
    examples: [
      'which issue templates does acme/shop have?',
      'list MR description templates available to acme/api',
    ],
  },
});
