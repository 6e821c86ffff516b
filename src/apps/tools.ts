// The two tools offered to clients that render views: forge_show (the model opens a view) and
// forge_view_action (app-only: a view loads more or acts, from a fixed allowlist).
import type { ToolDef } from '../surfaces/types.js';

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

type McpTool = ToolDef & { _meta: Record<string, unknown> };

export const APP_TOOLS: McpTool[] = [
  {
    name: SHOW_TOOL,
    title: 'Show a GitLab view',
    description: 'Show the user a live view: a pipeline graph, a job log, or a merge request review. Answers a short summary; the log and diffs stay in the view.',
    inputSchema: {
      type: 'object',
      properties: {
        view: { type: 'string', enum: ['pipeline', 'job', 'merge_request'] },
        project: { type: 'string', description: 'Project ID or path' },
        id: { type: 'integer', description: 'Pipeline ID, job ID or merge request IID' },
      },
      required: ['view', 'project', 'id'],
      additionalProperties: false,
    },
    annotations: { title: 'Show a GitLab view', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    _meta: { ui: { resourceUri: VIEW_URI } },
  },
  {
    name: VIEW_TOOL,
    title: 'View action',
    description: 'Used by the views only.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: [...VIEW_ACTIONS] },
        params: { type: 'object' },
        before: { type: 'integer', description: 'job.trace: end byte of the page' },
        file: { type: 'string', description: 'mr_review.changes_get: the one file' },
      },
      required: ['action', 'params'],
      additionalProperties: false,
    },
    annotations: { title: 'View action', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } },
  },
];

export const isAppTool = (name: unknown): boolean => name === SHOW_TOOL || name === VIEW_TOOL;
