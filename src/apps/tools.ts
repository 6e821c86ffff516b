// The two tools offered to clients that render views: forge_show (the model opens a view) and
// forge_view_action (app-only: a view loads more or acts, from a fixed allowlist).

export const VIEW_URI = 'ui://forge/views.html';
export const SHOW_TOOL = 'forge_show';
export const VIEW_TOOL = 'forge_view_action';

/** What a view may run: reads that feed it, and the few acts it offers (merge and rebase are destructive). */
export const VIEW_ACTIONS = [
  'pipeline.get', 'job.list', 'job.list_bridges', 'job.get', 'job.trace',
  'merge_request.get', 'merge_request.approval_state', 'mr_review.discussion_list', 'mr_review.changes_get',
  'pipeline.retry', 'pipeline.cancel', 'job.retry', 'job.cancel', 'job.play',
  'merge_request.approve', 'merge_request.merge', 'merge_request.rebase',
] as const;

/** Listed only to clients that render views; kept short (at most 200 tokens for both). */
export const APP_TOOLS = [
  {
    name: SHOW_TOOL,
    title: 'Show a GitLab view',
    description: 'Show the user a pipeline, a job log or a merge request review. Answers a short summary.',
    inputSchema: {
      type: 'object',
      properties: {
        view: { type: 'string', enum: ['pipeline', 'job', 'merge_request'] },
        project: { type: 'string' },
        id: { type: 'integer', description: 'Pipeline ID, job ID or MR IID' },
      },
      required: ['view', 'project', 'id'],
    },
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: VIEW_URI } },
  },
  {
    name: VIEW_TOOL,
    description: 'For the views only.',
    inputSchema: {
      type: 'object',
      properties: { action: { type: 'string' }, params: { type: 'object' }, before: { type: 'integer' }, file: { type: 'string' } },
      required: ['action', 'params'],
    },
    _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } },
  },
];

export const isAppTool = (name: unknown): boolean => name === SHOW_TOOL || name === VIEW_TOOL;
