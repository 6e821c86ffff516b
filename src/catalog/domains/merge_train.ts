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
    keywords: 'merge queue train PR pull request MR',
  },
  list_branch: {
    summary: 'List the merge requests on the merge train of one target branch',
    rest: 'GET /projects/{project_id}/merge_trains/{target_branch}',
    params: { project_id: id.project(), target_branch: id.str('Target branch of the merge train (e.g. main)'), ...trainFilters() },
    tier: 'premium',
    fineGrained: ['read_merge_train'],
    keywords: 'merge queue train branch PR pull request MR',
  },
  get: {
    summary: 'Get the merge train status of one merge request: position, pipeline and state',
    rest: 'GET /projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}',
    params: { project_id: id.project(), merge_request_iid: id.mr() },
    tier: 'premium',
    fineGrained: ['read_merge_train'],
    keywords: 'merge queue position PR pull request MR train status',
  },
  add: {
    summary: 'Add a merge request to its target branch\'s merge train (now, or when its pipeline succeeds)',
    rest: 'POST /projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}',
    params: {
      project_id: id.project(),
      merge_request_iid: id.mr(),
      sha: str('Expected head SHA of the merge request; refused if it has changed'),
      squash: bool('Squash the commits on merge'),
      auto_merge: bool('Add it once its pipeline succeeds instead of immediately'),
    },
    tier: 'premium',
    fineGrained: ['add_merge_train_merge_request'],
    keywords: 'merge queue enqueue PR pull request MR start merge train',
  },
});
