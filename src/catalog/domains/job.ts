import { domain, id, str, int, bool, obj, req, strList, paging } from '../define.js';

const scope = () => strList('Job statuses to return (failed, running, pending, success, canceled, manual...); default all');
const refName = () => id.str('Branch or tag name (not a commit SHA)');
const jobName = () => req(str('Name of the job whose artifacts to read'));
const searchRecent = () => bool('Also look in older successful pipelines of the ref when the latest has no such job');

export default domain('job', 'CI/CD jobs of pipelines: list, read logs, retry, cancel, run manual jobs, artifacts, job token access scope', {
  list: {
    summary: 'List the jobs of one pipeline, filtered by status (failed, running...)',
    rest: 'GET /projects/{project_id}/pipelines/{pipeline_id}/jobs',
    params: {
      project_id: id.project(),
      pipeline_id: id.pipeline(),
      scope: scope(),
      include_retried: bool('Include retried jobs (default false)'),
      ...paging(),
    },
    fineGrained: ['read_pipeline'],
    keywords: 'CI build steps stages failed failing jobs of pipeline',
    examples: [
      'jobs of pipeline 4521',
      'which jobs failed in pipeline 88123?',
      'list the stages and jobs of pipeline 9001 in acme/shop',
    ],
  },
  list_project: {
    summary: 'List recent jobs of a project across its pipelines, filtered by status',
    rest: 'GET /projects/{project_id}/jobs',
    params: {
      project_id: id.project(),
      scope: scope(),
      ref: str('Only jobs of this branch or tag'),
      ...paging(),
    },
    fineGrained: ['read_job'],
    keywords: 'CI builds recent failed running jobs project-wide',
    examples: [
      'recent failed jobs in acme/shop',
      'what jobs are running in platform/infra right now?',
      'list the latest jobs of web/frontend across all pipelines',
    ],
  },
  list_bridges: {
    summary: 'List the bridge (trigger) jobs of a pipeline and the downstream pipelines they started',
    rest: 'GET /projects/{project_id}/pipelines/{pipeline_id}/bridges',
    params: {
      project_id: id.project(),
      pipeline_id: id.pipeline(),
      scope: scope(),
      ...paging(),
    },
    fineGrained: ['read_pipeline'],
    keywords: 'downstream child multi-project trigger jobs',
    examples: [
      'what downstream pipelines did pipeline 4521 trigger?',
      'list the trigger jobs of pipeline 88123 and their child pipelines',
      'which child pipelines came out of pipeline 9001 in acme/shop?',
    ],
  },
  get: {
    summary: 'Get one job: status, stage, runner, duration, failure reason, artifacts',
    rest: 'GET /projects/{project_id}/jobs/{job_id}',
    params: { project_id: id.project(), job_id: id.job() },
    fineGrained: ['read_job'],
    nextSteps: ['job.trace', 'job.retry'],
    keywords: 'CI build step status',
    examples: [
      'status of job 912',
      'which runner ran job 3301 and how long did it take?',
      'details of job 4410 in acme/shop: stage, duration, failure reason',
    ],
  },
  trace: {
    summary: 'Read the log (console output) of a job, by default its last lines',
    rest: 'GET /projects/{project_id}/jobs/{job_id}/trace',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      tail_lines: int('Number of last lines to show (default 200)', { in: 'local', default: 200 }),
      offset: int('Byte offset to read the log from (instead of the last lines)', { in: 'local' }),
    },
    textResponse: true,
    render: 'job_trace',
    fineGrained: ['read_job'],
    keywords: 'log logs output console error why failed CI build trace',
    examples: [
      'why did job 912 fail?',
      'show the log of job 3301',
      'last 50 lines of output from https://gitlab.example.com/acme/shop/-/jobs/4410',
    ],
  },
  wait: {
    summary: 'Wait until a job finishes (polls its status) and return the final state',
    rest: 'GET /projects/{project_id}/jobs/{job_id}',
    poll: { field: 'status', done: ['success', 'failed', 'canceled', 'skipped', 'manual'] },
    params: {
      project_id: id.project(),
      job_id: id.job(),
      interval_seconds: int('Seconds between status checks (5-60, default 10)', { in: 'local', default: 10 }),
      timeout_seconds: int('Maximum seconds to wait (1-3600, default 300)', { in: 'local', default: 300 }),
      fail_on_error: bool('Report an error when the job ends failed or canceled (default true)', { in: 'local', default: true }),
    },
    fineGrained: ['read_job'],
    keywords: 'poll watch until done finished CI build',
    examples: [
      'wait for job 912 to finish',
      'let me know when job 3301 completes',
      'block until job 4410 in acme/shop is done, then tell me if it passed',
    ],
  },
  retry: {
    summary: 'Retry a job (creates a new job run)',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/retry',
    params: { project_id: id.project(), job_id: id.job(), inputs: obj('CI inputs for the new run, e.g. {"env": "staging"}') },
    fineGrained: ['run_job'],
    keywords: 'rerun restart CI build',
    examples: [
      'retry job 912',
      'rerun the flaky rspec job 3301',
      'job 4410 failed on a network blip, run it again',
    ],
  },
  cancel: {
    summary: 'Cancel a running or pending job',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/cancel',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      force: bool('Force the job to canceled when it is stuck in canceling'),
    },
    fineGrained: ['update_job'],
    keywords: 'stop abort CI build',
    examples: [
      'cancel job 912',
      "stop job 3301, it's hanging",
      'force-cancel the deploy job 4410 that is stuck in canceling',
    ],
  },
  play: {
    summary: 'Run a manual job (play it), optionally with job variables',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/play',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      job_inputs: obj('CI inputs for this run, e.g. {"env": "staging"}'),
      job_variables_attributes: strList('Variables for this run: [{"key":"K","value":"V"}]', { items: 'object' }),
    },
    fineGrained: ['run_job'],
    keywords: 'manual start trigger deploy button',
    examples: [
      'run the manual deploy job 912',
      'press play on job 3301 with ENV=prod',
      'trigger the manual release job 4410',
    ],
  },
  erase: {
    summary: 'Erase a job: delete its log and artifacts (cannot be undone)',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/erase',
    params: { project_id: id.project(), job_id: id.job() },
    destructive: true,
    fineGrained: ['delete_job'],
    keywords: 'clear wipe log artifacts',
    examples: [
      'erase job 912',
      'wipe the log and artifacts of job 3301, it leaked a secret',
    ],
  },

  // ---- artifacts
  artifacts: {
    summary: 'Download the artifacts archive (zip) of a job to a local file',
    rest: 'GET /projects/{project_id}/jobs/{job_id}/artifacts',
    download: true,
    params: {
      project_id: id.project(),
      job_id: id.job(),
      output_path: req(str('Local path where the zip archive is saved', { in: 'local', local: 'write-file' })),
    },
    omitted: { job_token: 'CI job token authentication: this server sends the caller token' },
    fineGrained: ['read_job_artifact'],
    keywords: 'download artifacts zip build output files',
    examples: [
      'download the artifacts of job 912 to ./out.zip',
      'save the build output zip of job 3301 locally',
      'grab the artifacts archive of job 4410 in acme/shop and save it to /tmp/a.zip',
    ],
  },
  download_artifacts: {
    summary: 'Download the artifacts archive (zip) of the latest successful job of a ref to a local file',
    rest: 'GET /projects/{project_id}/jobs/artifacts/{ref_name}/download',
    download: true,
    params: {
      project_id: id.project(),
      ref_name: refName(),
      job: jobName(),
      search_recent_successful_pipelines: searchRecent(),
      output_path: req(str('Local path where the zip archive is saved', { in: 'local', local: 'write-file' })),
    },
    omitted: { job_token: 'CI job token authentication: this server sends the caller token' },
    fineGrained: ['read_job_artifact'],
    keywords: 'download latest artifacts branch zip',
    examples: [
      'download the latest artifacts of the build job on main',
      'get the zip from the last successful package job on release/2.3',
    ],
  },
  download_single_artifact: {
    summary: 'Read one file from the artifacts of a job (or save it to a local file)',
    rest: 'GET /projects/{project_id}/jobs/{job_id}/artifacts/{artifact_path}',
    download: true,
    params: {
      project_id: id.project(),
      job_id: id.job(),
      artifact_path: id.str('Path of the file inside the artifacts archive, e.g. reports/out.txt'),
      output_path: str('Local path to save the file to (default: return its text)', { in: 'local', local: 'write-file' }),
    },
    textResponse: true,
    omitted: { job_token: 'CI job token authentication: this server sends the caller token' },
    fineGrained: ['read_job_artifact'],
    keywords: 'artifact file read report output',
    examples: [
      'read reports/coverage.txt from the artifacts of job 912',
      'open junit.xml from the artifacts of job 3301',
      "show me dist/report.html from job 4410's artifacts in acme/shop",
    ],
  },
  download_single_artifact_by_ref: {
    summary: 'Read one artifact file of the latest successful job of a ref (or save it locally)',
    rest: 'GET /projects/{project_id}/jobs/artifacts/{ref_name}/raw/{artifact_path}',
    download: true,
    params: {
      project_id: id.project(),
      ref_name: refName(),
      artifact_path: id.str('Path of the file inside the artifacts archive, e.g. reports/out.txt'),
      job: jobName(),
      search_recent_successful_pipelines: searchRecent(),
      output_path: str('Local path to save the file to (default: return its text)', { in: 'local', local: 'write-file' }),
    },
    textResponse: true,
    undocumented: { search_recent_successful_pipelines: "GitLab's job artifacts docs list it; its OpenAPI definition omits it" },
    omitted: { job_token: 'CI job token authentication: this server sends the caller token' },
    fineGrained: ['read_job_artifact'],
    keywords: 'artifact file latest branch raw',
    examples: [
      'read dist/version.txt from the latest build job artifacts on main',
      'get coverage/summary.json from the last successful test job on develop',
    ],
  },
  keep_artifacts: {
    summary: 'Keep the artifacts of a job so they do not expire',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/artifacts/keep',
    params: { project_id: id.project(), job_id: id.job() },
    fineGrained: ['update_job_artifact'],
    keywords: 'retain preserve artifacts expiry',
    examples: [
      'keep the artifacts of job 912 forever',
      "don't let job 3301's artifacts expire",
    ],
  },
  delete_artifacts: {
    summary: 'Delete the artifacts of one job (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/jobs/{job_id}/artifacts',
    params: { project_id: id.project(), job_id: id.job() },
    destructive: true,
    fineGrained: ['delete_job_artifact'],
    keywords: 'remove artifacts free storage',
    examples: [
      'delete the artifacts of job 912',
      "remove job 3301's artifacts to free space",
    ],
  },
  delete_project_artifacts: {
    summary: 'Delete all deletable job artifacts of a project (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/artifacts',
    params: { project_id: id.project() },
    destructive: true,
    fineGrained: ['delete_artifact'],
    keywords: 'remove all artifacts cleanup storage',
    examples: [
      'delete all job artifacts in acme/shop',
      'purge every artifact of platform/infra to reclaim storage',
    ],
  },

  // ---- CI/CD job token access scope
  token_scope_get: {
    summary: 'Show whether the CI job token access limit (inbound allowlist) is enabled',
    rest: 'GET /projects/{project_id}/job_token_scope',
    params: { project_id: id.project() },
    fineGrained: ['read_job_token_scope'],
    keywords: 'CI_JOB_TOKEN access scope settings',
    examples: [
      'is the CI_JOB_TOKEN allowlist enforced on acme/shop?',
      'show the job token access settings of platform/infra',
    ],
  },
  token_scope_patch: {
    summary: 'Enable or disable the CI job token inbound access limit of a project',
    rest: 'PATCH /projects/{project_id}/job_token_scope',
    params: {
      project_id: id.project(),
      enabled: req(bool('Limit access to this project to allowlisted projects and groups')),
    },
    fineGrained: ['update_job_token_scope'],
    keywords: 'CI_JOB_TOKEN access limit toggle',
    examples: [
      'turn on the job token access limit for acme/shop',
      'switch off the CI_JOB_TOKEN inbound restriction on platform/infra',
    ],
  },
  token_scope_list_inbound: {
    summary: 'List the projects whose CI job tokens may access this project',
    rest: 'GET /projects/{project_id}/job_token_scope/allowlist',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist inbound projects',
    examples: [
      "which projects' job tokens can access acme/shop?",
      'list the inbound CI_JOB_TOKEN allowlist of platform/infra',
    ],
  },
  token_scope_add_project: {
    summary: 'Allow the CI job tokens of another project to access this project',
    rest: 'POST /projects/{project_id}/job_token_scope/allowlist',
    params: {
      project_id: id.project(),
      target_project_id: req(int('ID of the project to allow')),
      default_permissions: bool('Grant the default job token permissions (default true)'),
      job_token_policies: strList('Fine-grained job token policies to grant, e.g. read_deployments'),
    },
    undocumented: {
      default_permissions: "GitLab's job token scope docs list it (fine-grained job token permissions); its OpenAPI definition omits it",
      job_token_policies: "GitLab's job token scope docs list it (fine-grained job token permissions); its OpenAPI definition omits it",
    },
    fineGrained: ['create_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist add project',
    examples: [
      'allow acme/api pipelines to access acme/shop with CI_JOB_TOKEN',
      'add project 812 to the job token allowlist of platform/infra',
    ],
  },
  token_scope_remove_project: {
    summary: 'Remove a project from the CI job token inbound allowlist',
    rest: 'DELETE /projects/{project_id}/job_token_scope/allowlist/{target_project_id}',
    params: {
      project_id: id.project(),
      target_project_id: id.int('ID of the project to remove from the allowlist'),
    },
    destructive: true,
    fineGrained: ['delete_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist remove project',
    examples: [
      'remove project 812 from the job token allowlist of acme/shop',
      'delete acme/api from the CI_JOB_TOKEN allowlist of platform/infra',
    ],
  },
  token_scope_list_groups: {
    summary: 'List the groups whose projects\' CI job tokens may access this project',
    rest: 'GET /projects/{project_id}/job_token_scope/groups_allowlist',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist groups',
    examples: [
      'which groups are on the job token allowlist of acme/shop?',
      'list allowlisted groups for CI_JOB_TOKEN in platform/infra',
    ],
  },
  token_scope_add_group: {
    summary: 'Allow the CI job tokens of a group\'s projects to access this project',
    rest: 'POST /projects/{project_id}/job_token_scope/groups_allowlist',
    params: {
      project_id: id.project(),
      target_group_id: req(int('ID of the group to allow')),
      default_permissions: bool('Grant the default job token permissions (default true)'),
      job_token_policies: strList('Fine-grained job token policies to grant, e.g. read_deployments'),
    },
    undocumented: {
      default_permissions: "GitLab's job token scope docs list it (fine-grained job token permissions); its OpenAPI definition omits it",
      job_token_policies: "GitLab's job token scope docs list it (fine-grained job token permissions); its OpenAPI definition omits it",
    },
    fineGrained: ['create_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist add group',
    examples: [
      'allow jobs from group acme to access platform/infra with CI_JOB_TOKEN',
      'add group 55 to the job token allowlist of acme/shop',
    ],
  },
  token_scope_remove_group: {
    summary: 'Remove a group from the CI job token allowlist',
    rest: 'DELETE /projects/{project_id}/job_token_scope/groups_allowlist/{target_group_id}',
    params: {
      project_id: id.project(),
      target_group_id: id.int('ID of the group to remove from the allowlist'),
    },
    destructive: true,
    fineGrained: ['delete_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist remove group',
    examples: [
      'remove group 55 from the job token allowlist of acme/shop',
      'delete the data-team group entry from the CI_JOB_TOKEN allowlist of platform/infra',
    ],
  },
});
