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
  },
  ci_yml_list: {
    summary: 'List the CI/CD YAML templates of the instance',
    rest: 'GET /templates/gitlab_ci_ymls',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitlab-ci.yml pipeline CI templates',
  },
  dockerfile_get: {
    summary: 'Get a Dockerfile template of the instance',
    rest: 'GET /templates/dockerfiles/{name}',
    params: { name: templateName('Dockerfile') },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'docker container image Dockerfile template',
  },
  dockerfile_list: {
    summary: 'List the Dockerfile templates of the instance',
    rest: 'GET /templates/dockerfiles',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'docker container Dockerfile templates',
  },
  gitignore_get: {
    summary: 'Get a .gitignore template of the instance',
    rest: 'GET /templates/gitignores/{name}',
    params: { name: templateName('.gitignore') },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitignore ignore files template',
  },
  gitignore_list: {
    summary: 'List the .gitignore templates of the instance',
    rest: 'GET /templates/gitignores',
    params: { ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'gitignore templates languages',
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
  },
  license_list: {
    summary: 'List the open source license templates of the instance',
    rest: 'GET /templates/licenses',
    params: { popular: bool('Only popular licenses'), ...paging() },
    fineGrained: INSTANCE_TEMPLATE,
    keywords: 'licenses open source MIT Apache GPL',
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
    fineGrained: ['validate_ci_config'],
    keywords: 'CI lint validate gitlab-ci.yml pipeline config check syntax',
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
    fineGrained: ['read_ci_config'],
    keywords: 'CI lint validate gitlab-ci.yml pipeline config check',
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
  },
});
