import { domain, id, str, int, bool, obj, oneOf, req, paging, type ParamSpec } from '../define.js';

const projectMr = (): Record<string, ParamSpec> => ({ project_id: id.project(), merge_request_iid: id.mr() });
const draftNoteId = (): ParamSpec => id.int('Draft note ID');

/** Paging of the diff renderer over the files of one answer (never sent). */
const filePaging = (): Record<string, ParamSpec> => ({
  file_page: int('Page of changed files to show from this answer (default 1)', { in: 'local' }),
  files_per_page: int('Changed files shown per page (default 20)', { in: 'local' }),
});

const POSITION = 'Diff position for a line comment: base_sha, start_sha, head_sha (from diff_versions_list), '
  + 'position_type (text, image, file), old_path, new_path, old_line and/or new_line, optional line_range';

export default domain('mr_review', 'Reviewing merge requests: diffs and versions, comment threads, resolve, draft review notes, comments', {
  // ---- diffs ----
  changes_get: {
    summary: 'Get the file changes (diffs) of a merge request to review them',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/diffs',
    params: {
      ...projectMr(),
      unidiff: bool('Return diffs in unified diff format'),
      page: int('Page of changed files fetched from the platform (default 1)'),
      per_page: int('Changed files fetched per platform page (default 20, maximum 100)'),
      ...filePaging(),
    },
    render: 'diff',
    fineGrained: ['read_merge_request'],
    keywords: 'PR pull request review diff changes files changed code review patch',
    examples: [
      'review the code changes of MR 88',
      'show the file-by-file diff of !42 so I can review it',
      'which files does !17 touch and how did they change?',
      'show me the diff of !31',
    ],
  },
  raw_diffs: {
    summary: 'Get the raw unified diff of all changes of a merge request as plain text',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/raw_diffs',
    params: projectMr(),
    textResponse: true,
    render: 'text',
    fineGrained: ['read_merge_request'],
    keywords: 'PR patch raw diff git diff text',
    examples: [
      'give me the raw patch of !88',
      'plain git diff text for MR 42 so I can apply it locally',
    ],
  },
  diff_versions_list: {
    summary: 'List the diff versions of a merge request (one per push), with their base, start and head SHAs',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/versions',
    params: { ...projectMr(), ...paging() },
    fineGrained: ['read_merge_request'],
    keywords: 'PR versions pushes revisions SHAs diff refs',
    examples: [
      'list the diff versions of !88',
      'list push revisions of MR 42 with their base and head SHAs',
    ],
  },
  diff_version_get: {
    summary: 'Get one diff version of a merge request with its commits and file diffs',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/versions/{version_id}',
    params: {
      ...projectMr(),
      version_id: id.int('Diff version ID'),
      unidiff: bool('Return diffs in unified diff format'),
      ...filePaging(),
    },
    render: 'diff',
    fineGrained: ['read_merge_request'],
    keywords: 'PR version revision diff compare push',
    examples: [
      'show diff version 3 of !88',
      'what did version 512 of MR 42 contain compared to base?',
    ],
  },

  // ---- discussion threads ----
  discussion_list: {
    summary: 'List the discussion threads of a merge request (general and on diff lines) with their notes',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/discussions',
    params: { ...projectMr(), ...paging() },
    fineGrained: ['read_merge_request'],
    keywords: 'PR review threads comments feedback unresolved conversations',
    examples: [
      'list unresolved review threads on MR 88',
      'list review discussions of MR 42',
      'what feedback is still open on !17?',
    ],
  },
  discussion_get: {
    summary: 'Get one discussion thread of a merge request with its notes',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}',
    params: { ...projectMr(), discussion_id: id.discussion() },
    fineGrained: ['read_merge_request'],
    keywords: 'PR review thread comments',
    examples: [
      'show discussion 5e1a on !88',
      'get the review thread with id 7c3d on MR 42',
    ],
  },
  discussion_create: {
    summary: 'Start a discussion thread on a merge request, general or on a diff line (review comment)',
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/discussions',
    params: {
      ...projectMr(),
      body: req(str('First note of the thread (Markdown; suggestions allowed)')),
      position: obj(POSITION),
      commit_sha: str('SHA of the commit a diff thread (with position) refers to', { wire: 'commit_id' }),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
    },
    undocumented: { commit_id: 'read for a diff thread (opts[:commit_id] = params[:commit_id], lib/api/discussions.rb, gitlabhq 05f0ebba) though not declared' },
    fineGrained: ['create_merge_request'],
    keywords: 'PR review comment line comment inline suggestion feedback thread',
    examples: [
      'leave a review comment on line 42 of app.rb in !88',
      'start a thread on MR 42 questioning the cache TTL',
      'open an inline discussion on src/api.ts line 10 in !17',
    ],
  },
  discussion_reply: {
    summary: 'Reply to a discussion thread of a merge request',
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes',
    params: {
      ...projectMr(),
      discussion_id: id.discussion(),
      body: req(str('Reply text (Markdown)')),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
    },
    fineGrained: ['create_merge_request'],
    keywords: 'PR reply respond answer review thread comment discussion',
    examples: [
      'reply to thread 5e1a on !88: fixed in the latest commit',
      'answer the reviewer in discussion 7c3d on MR 42',
    ],
  },
  discussion_resolve: {
    summary: 'Resolve or unresolve a discussion thread of a merge request',
    rest: 'PUT /projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}',
    params: { ...projectMr(), discussion_id: id.discussion(), resolved: req(bool('true resolves the thread, false reopens it')) },
    fineGrained: ['update_merge_request'],
    keywords: 'PR resolve unresolve thread done addressed feedback',
    examples: [
      'resolve thread 5e1a on !88',
      'mark discussion 7c3d on MR 42 as resolved',
      'unresolve the thread 1b2f on !17, not fixed yet',
    ],
  },
  discussion_note_update: {
    summary: 'Edit or resolve a note inside a discussion thread of a merge request',
    rest: 'PUT /projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes/{note_id}',
    params: {
      ...projectMr(),
      discussion_id: id.discussion(),
      note_id: id.note(),
      body: str('New note text (Markdown); give this or resolved'),
      resolved: bool('Resolve (true) or unresolve (false) the note'),
    },
    fineGrained: ['update_merge_request'],
    keywords: 'PR edit resolve review thread message text',
    examples: [
      'edit my reply 9001 in thread 5e1a on !88',
      'reword note 733 in review discussion 7c3d of MR 42',
    ],
  },
  discussion_note_delete: {
    summary: 'Delete a note from a discussion thread of a merge request',
    rest: 'DELETE /projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes/{note_id}',
    params: { ...projectMr(), discussion_id: id.discussion(), note_id: id.note() },
    destructive: true,
    fineGrained: ['delete_merge_request'],
    keywords: 'PR remove review thread message',
    examples: [
      'delete my reply 9001 in thread 5e1a on !88',
      'remove note 733 from review discussion 7c3d on MR 42',
    ],
  },

  // ---- draft notes (pending review) ----
  draft_note_list: {
    summary: 'List the caller\'s pending (unpublished) review comments on a merge request',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes',
    params: projectMr(),
    fineGrained: ['read_merge_request'],
    keywords: 'PR pending review draft comments batch review',
    examples: [
      'show my pending review comments on !88',
      'what unpublished draft notes do I have on MR 42?',
    ],
  },
  draft_note_get: {
    summary: 'Get one pending (draft) review comment of a merge request',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}',
    params: { ...projectMr(), draft_note_id: draftNoteId() },
    fineGrained: ['read_merge_request'],
    keywords: 'PR draft review comment',
    examples: [
      'show draft note 301 on !88',
      'get pending review comment 12 of MR 42',
    ],
  },
  draft_note_create: {
    summary: 'Add a draft review comment to a merge request without publishing it yet, general or on a diff line',
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes',
    params: {
      ...projectMr(),
      note: req(str('Comment text (Markdown)')),
      position: obj(POSITION),
      commit_sha: str('SHA of a commit to comment on', { wire: 'commit_id' }),
      in_reply_to_discussion_id: str('Discussion ID to reply to'),
      resolve_discussion: bool('Resolve that discussion when the draft is published'),
    },
    fineGrained: ['update_merge_request'],
    keywords: 'PR start review draft pending unpublished batch',
    examples: [
      'add a draft comment on !88 at line 20 of lib/cache.rb without posting yet',
      'start a review on MR 42 with a pending note: needs tests',
    ],
  },
  draft_note_update: {
    summary: 'Edit a pending (draft) review comment of a merge request',
    rest: 'PUT /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}',
    params: {
      ...projectMr(),
      draft_note_id: draftNoteId(),
      note: str('New comment text (Markdown)'),
      position: obj(POSITION),
    },
    fineGrained: ['update_merge_request'],
    keywords: 'PR edit draft review comment',
    examples: [
      'edit my draft note 301 on !88',
      'change pending review comment 12 on MR 42 to say "nit"',
    ],
  },
  draft_note_delete: {
    summary: 'Delete a pending (draft) review comment of a merge request',
    rest: 'DELETE /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}',
    params: { ...projectMr(), draft_note_id: draftNoteId() },
    destructive: true,
    fineGrained: ['update_merge_request'],
    keywords: 'PR discard draft review comment',
    examples: [
      'delete draft note 301 on !88',
      'remove my unpublished comment 12 from MR 42',
    ],
  },
  draft_note_publish: {
    summary: 'Publish one draft review comment of a merge request so others see it',
    rest: 'PUT /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}/publish',
    params: { ...projectMr(), draft_note_id: draftNoteId() },
    fineGrained: ['update_merge_request'],
    keywords: 'PR publish post submit one',
    examples: [
      'publish only draft note 301 on MR 88, not the rest',
      'post just my pending comment 12 on MR 42',
    ],
  },
  draft_note_publish_all: {
    summary: 'Publish all of the caller\'s pending review comments on a merge request (submit the review)',
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/bulk_publish',
    params: projectMr(),
    fineGrained: ['update_merge_request'],
    keywords: 'PR submit review finish review publish all drafts',
    examples: [
      'submit my review on !88',
      'publish all my draft comments on MR 42',
      'finish the review of !17 and post everything',
    ],
  },

  // ---- notes (comments) ----
  note_list: {
    summary: 'List the comments (notes) of a merge request, including system notes',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/notes',
    params: {
      ...projectMr(),
      sort: oneOf(['asc', 'desc'], 'Sort direction (default desc)'),
      order_by: oneOf(['created_at', 'updated_at'], 'Sort field (default created_at)'),
      activity_filter: oneOf(['all_notes', 'only_comments', 'only_activity'], 'Comments, system activity, or both (default all_notes)'),
      ...paging(),
    },
    fineGrained: ['read_work_item'],
    keywords: 'PR comments notes conversation activity',
    examples: [
      'list all comments on MR 88',
      'what did people say on MR 42?',
      'activity and system notes on !17, newest first',
      'show every comment on tools/cli!14',
    ],
  },
  note_get: {
    summary: 'Get one comment (note) of a merge request by its note ID',
    rest: 'GET /projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}',
    params: { ...projectMr(), note_id: id.note() },
    fineGrained: ['read_work_item'],
    keywords: 'PR single comment',
    examples: [
      'show comment 7001 on !88',
      'get note 640 of MR 42',
    ],
  },
  note_create: {
    summary: 'Add a general comment (note) to a merge request',
    rest: 'POST /projects/{project_id}/merge_requests/{merge_request_iid}/notes',
    params: {
      ...projectMr(),
      body: req(str('Comment text (Markdown; quick actions allowed)')),
      internal: bool('Internal note visible only to project members'),
      merge_request_diff_head_sha: str('Expected head SHA, required when the body uses /merge'),
      created_at: str('Creation time (ISO 8601; administrators or project owners)'),
    },
    omitted: { confidential: 'deprecated by GitLab in favour of internal' },
    fineGrained: ['create_work_item'],
    keywords: 'PR comment reply write note respond',
    examples: [
      'comment on !88: please add a changelog entry',
      'post a note on MR 42 that QA passed',
      'write an internal note on !17 for the team',
    ],
  },
  note_update: {
    summary: 'Edit a comment (note) of a merge request',
    rest: 'PUT /projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}',
    params: { ...projectMr(), note_id: id.note(), body: req(str('New comment text (Markdown)')) },
    omitted: { confidential: 'deprecated by GitLab; a note cannot be made internal after it is posted' },
    fineGrained: ['update_work_item'],
    keywords: 'PR edit text reword',
    examples: [
      'fix a typo in my posted comment 7001 on MR 88',
      'reword note 640 on MR 42 in acme/api',
      'edit my comment 5521 on !31',
    ],
  },
  note_delete: {
    summary: 'Delete a comment (note) of a merge request',
    rest: 'DELETE /projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}',
    params: { ...projectMr(), note_id: id.note() },
    destructive: true,
    fineGrained: ['delete_work_item'],
    keywords: 'PR remove erase',
    examples: [
      'delete comment 7001 on MR 88',
      'remove my note 640 from merge request 42',
    ],
  },
});
