import { domain, id, str, bool, oneOf, paging } from '../define.js';

const trainFilters = () => ({
  scope: oneOf(['active', 'complete'], 'active: still on the train; complete: merged or dropped'),
  sort: oneOf(['asc', 'desc'], 'Sort direction by creation (default desc)'),
  ...paging(),
});

export default domain('merge_train', 'Merge trains of projects: list the queue, a merge request\'s place in it, add a merge request', {
  list_project: {
    summary: 'List the merge trains of a project (merge requests queued or merged, per target branch)',
    rest: 'GET /projects/{project_id}/merge_trains',
    params: { project_id: id.project(), ...trainFilters() },
    tier: 'premium',
    fineGrained: ['read_merge_train'],
    keywords: 'merge queue train PR pull request MR bors mergify overview',
    examples: [
      'list every merge train in project acme/shop',
      'what is queued on merge trains in platform/api right now, across all branches?',
      'list all merge train entries of acme/web, active and completed',
      'what is waiting in the queues of payments/checkout, on every target branch?',
      'show completed merge trains of ops/k8s',
    ],
  },
  list_branch: {
    summary: 'List the merge requests on the merge train of one target branch',
    rest: 'GET /projects/{project_id}/merge_trains/{target_branch}',
    params: { project_id: id.project(), target_branch: id.str('Target branch of the merge train (e.g. main)'), ...trainFilters() },
    tier: 'premium',
    fineGrained: ['read_merge_train'],
    keywords: 'merge queue train branch PR pull request MR bors mergify queued line order',
    examples: [
      'what is in the merge train for main in acme/shop?',
      'show the merge queue of branch release/2.4 in platform/api',
      'how long is the train into develop on acme/web?',
      'what is queued to go into main on payments/checkout right now?',
      'list the merge train for release/3.0 in ops/k8s, including finished entries',
    ],
  },
  get: {
    summary: 'Get the merge train status of one merge request: position, pipeline and state',
    rest: 'GET /projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}',
    params: { project_id: id.project(), merge_request_iid: id.mr() },
    tier: 'premium',
    fineGrained: ['read_merge_train'],
    keywords: 'merge queue position PR pull request MR train status place rank ahead waiting',
    examples: [
      'where is !88 in the merge train?',
      'what position is https://gitlab.example.com/acme/shop/-/merge_requests/412 in the merge queue?',
      'is !1203 in platform/api still on the merge train, and at what position?',
      'how many MRs are ahead of payments/checkout!214 in the queue?',
      'merge train status and pipeline of !57 in ops/k8s',
    ],
  },
  add: {
    summary: 'Add a merge request to its target branch\'s merge train (now, or when its pipeline succeeds)',
    errorHints: {
      permission: {
        401: 'on this route a 401 means you may not merge into the target branch',
        403: "on this route a 403 means the read check every merge train route runs first failed: you cannot read the project's merge trains",
      },
    },
    rest: 'POST /projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}',
    params: {
      project_id: id.project(),
      merge_request_iid: id.mr(),
      sha: str('Expected head SHA of the merge request; refused if it has changed'),
      squash: bool('Squash the commits on merge'),
      auto_merge: bool('Add it once its pipeline succeeds instead of immediately'),
    },
    omitted: { when_pipeline_succeeds: 'deprecated in GitLab 17.11 in favour of auto_merge (doc/api/merge_trains.md)' },
    tier: 'premium',
    fineGrained: ['add_merge_train_merge_request'],
    keywords: 'merge queue enqueue PR pull request MR start merge train bors mergify join line',
    examples: [
      'put !88 on the merge train',
      'add !412 in acme/shop to the merge queue when the pipeline succeeds',
      'enqueue !1203 in platform/api on the train now and squash it',
      'get payments/checkout!214 in line for the queue once its pipeline passes',
      'add !57 in ops/k8s to the merge train right away',
    ],
  },
});
