import { domain, id, str, int, bool, oneOf, req, strList, paging } from '../define.js';

const scope = () => strList('Job statuses to return (failed, running, pending, success, canceled, manual...); default all');
const refName = () => id.str('Branch or tag name (not a commit SHA)');
const jobName = () => req(str('Name of the job whose artifacts to read'));
const searchRecent = () => bool('Also look in older successful pipelines of the ref when the latest has no such job');

export default domain('job', 'CI/CD jobs of pipelines: list, read logs, retry, cancel, run manual jobs, artifacts, job token access scope', {
  list: {
    summary: 'List the jobs of one pipeline, filtered by status',
    rest: 'GET /projects/{project_id}/pipelines/{pipeline_id}/jobs',
    params: {
      project_id: id.project(),
      pipeline_id: id.pipeline(),
      scope: scope(),
      include_retried: bool('Include retried jobs (default false)'),
      ...paging(),
    },
    fineGrained: ['read_pipeline'],
    keywords: 'CI build steps stages failed jobs of pipeline',
  },
  list_project: {
    summary: 'List recent jobs across all pipelines of a project, filtered by status',
    rest: 'GET /projects/{project_id}/jobs',
    params: {
      project_id: id.project(),
      scope: scope(),
      ...paging(),
    },
    fineGrained: ['read_job'],
    keywords: 'CI builds recent failed running jobs',
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
  },
  get: {
    summary: 'Get one job: status, stage, runner, duration, failure reason, artifacts',
    rest: 'GET /projects/{project_id}/jobs/{job_id}',
    params: { project_id: id.project(), job_id: id.job() },
    fineGrained: ['read_job'],
    nextSteps: ['job.trace', 'job.retry'],
    keywords: 'CI build step status details',
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
  },
  wait: {
    summary: 'Wait until a job finishes (polls its status) and return the final state',
    rest: 'GET /projects/{project_id}/jobs/{job_id}',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      interval_seconds: int('Seconds between status checks (5-60, default 10)', { in: 'local', default: 10 }),
      timeout_seconds: int('Maximum seconds to wait (1-3600, default 300)', { in: 'local', default: 300 }),
      fail_on_error: bool('Report an error when the job ends failed or canceled (default true)', { in: 'local', default: true }),
    },
    fineGrained: ['read_job'],
    keywords: 'poll watch until done finished CI build',
  },
  retry: {
    summary: 'Retry a job (creates a new job run)',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/retry',
    params: { project_id: id.project(), job_id: id.job() },
    fineGrained: ['run_job'],
    keywords: 'rerun restart CI build',
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
  },
  play: {
    summary: 'Run a manual job (play it), optionally with job variables',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/play',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      job_variables_attributes: strList('Variables for this run: [{"key":"K","value":"V"}]', { items: 'object' }),
    },
    fineGrained: ['run_job'],
    keywords: 'manual start trigger deploy button',
  },
  erase: {
    summary: 'Erase a job: delete its log and artifacts (cannot be undone)',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/erase',
    params: { project_id: id.project(), job_id: id.job() },
    destructive: true,
    fineGrained: ['delete_job'],
    keywords: 'clear wipe log artifacts',
  },

  // ---- artifacts
  artifacts: {
    summary: 'Download the artifacts archive (zip) of a job to a local file',
    rest: 'GET /projects/{project_id}/jobs/{job_id}/artifacts',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      output_path: req(str('Local path where the zip archive is saved', { in: 'local' })),
    },
    fineGrained: ['read_job_artifact'],
    keywords: 'download artifacts zip build output files',
  },
  download_artifacts: {
    summary: 'Download the artifacts archive (zip) of the latest successful job of a ref to a local file',
    rest: 'GET /projects/{project_id}/jobs/artifacts/{ref_name}/download',
    params: {
      project_id: id.project(),
      ref_name: refName(),
      job: jobName(),
      search_recent_successful_pipelines: searchRecent(),
      output_path: req(str('Local path where the zip archive is saved', { in: 'local' })),
    },
    fineGrained: ['read_job_artifact'],
    keywords: 'download latest artifacts branch zip',
  },
  download_single_artifact: {
    summary: 'Read one file from the artifacts of a job (or save it to a local file)',
    rest: 'GET /projects/{project_id}/jobs/{job_id}/artifacts/{artifact_path}',
    params: {
      project_id: id.project(),
      job_id: id.job(),
      artifact_path: id.str('Path of the file inside the artifacts archive, e.g. reports/out.txt'),
      output_path: str('Local path to save the file to (default: return its text)', { in: 'local' }),
    },
    textResponse: true,
    fineGrained: ['read_job_artifact'],
    keywords: 'artifact file read report output',
  },
  download_single_artifact_by_ref: {
    summary: 'Read one artifact file of the latest successful job of a ref (or save it locally)',
    rest: 'GET /projects/{project_id}/jobs/artifacts/{ref_name}/raw/{artifact_path}',
    params: {
      project_id: id.project(),
      ref_name: refName(),
      artifact_path: id.str('Path of the file inside the artifacts archive, e.g. reports/out.txt'),
      job: jobName(),
      search_recent_successful_pipelines: searchRecent(),
      output_path: str('Local path to save the file to (default: return its text)', { in: 'local' }),
    },
    textResponse: true,
    fineGrained: ['read_job_artifact'],
    keywords: 'artifact file latest branch raw',
  },
  keep_artifacts: {
    summary: 'Keep the artifacts of a job so they do not expire',
    rest: 'POST /projects/{project_id}/jobs/{job_id}/artifacts/keep',
    params: { project_id: id.project(), job_id: id.job() },
    fineGrained: ['update_job_artifact'],
    keywords: 'retain preserve artifacts expiry',
  },
  delete_artifacts: {
    summary: 'Delete the artifacts of one job (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/jobs/{job_id}/artifacts',
    params: { project_id: id.project(), job_id: id.job() },
    destructive: true,
    fineGrained: ['delete_job_artifact'],
    keywords: 'remove artifacts free storage',
  },
  delete_project_artifacts: {
    summary: 'Delete all deletable job artifacts of a project (cannot be undone)',
    rest: 'DELETE /projects/{project_id}/artifacts',
    params: { project_id: id.project() },
    destructive: true,
    fineGrained: ['delete_artifact'],
    keywords: 'remove all artifacts cleanup storage',
  },

  // ---- CI/CD job token access scope
  token_scope_get: {
    summary: 'Show whether the CI job token access limit (inbound allowlist) is enabled',
    rest: 'GET /projects/{project_id}/job_token_scope',
    params: { project_id: id.project() },
    fineGrained: ['read_job_token_scope'],
    keywords: 'CI_JOB_TOKEN access scope settings',
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
  },
  token_scope_list_inbound: {
    summary: 'List the projects whose CI job tokens may access this project',
    rest: 'GET /projects/{project_id}/job_token_scope/allowlist',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist inbound projects',
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
    fineGrained: ['create_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist add project',
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
  },
  token_scope_list_groups: {
    summary: 'List the groups whose projects\' CI job tokens may access this project',
    rest: 'GET /projects/{project_id}/job_token_scope/groups_allowlist',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist groups',
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
    fineGrained: ['create_job_token_scope_allowlist'],
    keywords: 'CI_JOB_TOKEN allowlist add group',
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
  },
});
