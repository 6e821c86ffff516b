import { domain, id, str, oneOf, req, intList, paging } from '../define.js';
import { EXTERNAL_STATUS_CHECK_HINTS } from '../hints.js';

const checkId = () => id.int('External status check (service) ID');

export default domain('external_status_check', 'External status checks of projects: the services merge requests report to, their per-merge-request results, retry', {
  list_project: {
    summary: 'List the external status check services of a project (name, URL, protected branches)',
    rest: 'GET /projects/{project_id}/external_status_checks',
    params: { project_id: id.project(), ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_external_status_check_service'],
    keywords: 'external status checks services third-party approval webhook',
    examples: [
      'what external status checks does acme/shop have?',
      'list the third-party status check services of platform/infra',
      'which external services get called for MRs in acme/api?',
    ],
  },
  list_project_checks: {
    summary: 'List the status check services configured for a project (same answer as list_project)',
    rest: 'GET /projects/{project_id}/external_status_checks',
    params: { project_id: id.project(), ...paging() },
    tier: 'ultimate',
    fineGrained: ['read_external_status_check_service'],
    keywords: 'configured external status checks project settings',
    examples: [
      'show the status check configuration in acme/shop settings',
      'which status checks are configured for platform/infra and on which protected branches?',
    ],
  },
  create_project: {
    summary: 'Add an external status check service to a project (called for each merge request)',
    rest: 'POST /projects/{project_id}/external_status_checks',
    params: {
      project_id: id.project(),
      name: req(str('Display name of the status check')),
      external_url: req(str('URL of the external service the merge request data is sent to')),
      shared_secret: str('HMAC secret used to sign the requests to the service'),
      protected_branch_ids: intList('IDs of the protected branches the check applies to (default: all)'),
    },
    tier: 'ultimate',
    fineGrained: ['create_external_status_check_service'],
    keywords: 'new external status check service webhook',
    examples: [
      'add an external status check "compliance-bot" to acme/shop pointing at https://checks.example.com',
      'register a new status check service for platform/infra on protected branch 12',
      'hook our license scanner service into MRs of acme/api as a status check',
    ],
  },
  update_project: {
    summary: 'Update an external status check service: name, URL, secret or protected branches',
    rest: 'PUT /projects/{project_id}/external_status_checks/{check_id}',
    params: {
      project_id: id.project(),
      check_id: checkId(),
      name: str('Display name of the status check'),
      external_url: str('URL of the external service'),
      shared_secret: str('HMAC secret used to sign the requests to the service'),
      protected_branch_ids: intList('IDs of the protected branches the check applies to'),
    },
    tier: 'ultimate',
    fineGrained: ['update_external_status_check_service'],
    keywords: 'edit external status check service',
    examples: [
      'change the URL of status check 3 in acme/shop',
      'set a new HMAC secret on external status check 7 in platform/infra',
      'apply status check 5 of acme/api to protected branch 19 only',
    ],
  },
  delete_project: {
    summary: 'Delete an external status check service from a project',
    rest: 'DELETE /projects/{project_id}/external_status_checks/{check_id}',
    params: { project_id: id.project(), check_id: checkId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_external_status_check_service'],
    keywords: 'remove external status check service',
    examples: [
      'delete external status check 3 from acme/shop',
      'remove the compliance status check service (id 7) from platform/infra',
    ],
  },
  list_project_mr_checks: {
    summary: 'List the external status checks of a merge request with their status (passed, failed, pending)',
    errorHints: EXTERNAL_STATUS_CHECK_HINTS,
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/status_checks',
    params: { project_id: id.project(), merge_request_iid: id.mr(), ...paging() },
    undocumented: {
      page: 'the answer is paginate(...)d (ee/lib/api/status_checks.rb, mirror pavankalisetti009/gitlab 3e50f794), which reads page; not declared',
      per_page: 'the answer is paginate(...)d (ee/lib/api/status_checks.rb, mirror pavankalisetti009/gitlab 3e50f794), which reads per_page; not declared',
    },
    tier: 'ultimate',
    fineGrained: ['read_external_status_check'],
    keywords: 'PR pull request MR status checks results passed failed pending',
    examples: [
      'did the external status checks pass on !88 in acme/shop?',
      'which status checks are still pending for !42?',
      'status check results for https://gitlab.example.com/acme/shop/-/merge_requests/88',
    ],
  },
  set_project_mr_status: {
    summary: 'Report the result (passed, failed or pending) of an external status check for a merge request',
    errorHints: EXTERNAL_STATUS_CHECK_HINTS,
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/status_check_responses',
    params: {
      project_id: id.project(),
      merge_request_iid: id.mr(),
      sha: req(str('SHA of the merge request head commit the result is for')),
      external_status_check_id: id.int('ID of the external status check'),
      status: req(oneOf(['passed', 'failed', 'pending'], 'Result of the check; pending marks it as still running')),
    },
    tier: 'ultimate',
    fineGrained: ['update_external_status_check'],
    keywords: 'PR pull request MR status check pass fail report response',
    examples: [
      'mark status check 3 as passed for !88 at commit 9f1c2ab',
      'report a failed external status check 7 on !42 in platform/infra',
      'send a passed result for check 5 on !17, head sha 3e4d5c6b',
    ],
  },
  retry_project: {
    summary: 'Retry a failed external status check of a merge request',
    errorHints: EXTERNAL_STATUS_CHECK_HINTS,
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/status_checks/{external_status_check_id}/retry',
    params: {
      project_id: id.project(),
      merge_request_iid: id.mr(),
      external_status_check_id: id.int('ID of the external status check'),
    },
    tier: 'ultimate',
    fineGrained: ['retry_external_status_check'],
    keywords: 'PR pull request MR rerun status check again',
    examples: [
      'retry the failed status check 3 on !88',
      'rerun external check 7 for !42 in platform/infra',
      'the compliance status check on !17 timed out, try it again',
    ],
  },
});
