import { domain, id, str, req, paging } from '../define.js';

// Repository storage moves (administrators): move project, snippet and group (wiki) repositories
// between Gitaly storage shards. States: initial, scheduled, started, replicated, failed, finished, cleanup failed.

const moveId = () => id.int('ID of the repository storage move');
const snippetId = () => id.int('Snippet ID');
const destination = () => str('Destination storage shard name (default: chosen by storage weights)');
const source = () => req(str('Source storage shard name: every repository stored there is moved'));

export default domain('storage_move', 'Repository storage moves between Gitaly shards (administrators): list, read and schedule moves of project, snippet and group repositories', {
  // ---- projects
  retrieve_all_project: {
    summary: 'List the project repository storage moves of the whole instance, newest first',
    rest: 'GET /project_repository_storage_moves',
    params: { ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration history status progress',
  },
  retrieve_project: {
    summary: 'List the repository storage moves of one project',
    rest: 'GET /projects/{project_id}/repository_storage_moves',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move project repository history',
  },
  get_project: {
    summary: 'Get one project repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /project_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status project instance admin',
  },
  get_project_for_project: {
    summary: 'Get one repository storage move of a given project',
    rest: 'GET /projects/{project_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { project_id: id.project(), repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status project',
  },
  schedule_project: {
    summary: 'Schedule moving one project\'s repositories (code, wiki, design) to another storage shard',
    rest: 'POST /projects/{project_id}/repository_storage_moves',
    params: { project_id: id.project(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move project repository rebalance',
  },
  schedule_all_project: {
    summary: 'Move all project repositories from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /project_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository bulk',
  },

  // ---- snippets
  retrieve_all_snippet: {
    summary: 'List the snippet repository storage moves of the whole instance, newest first',
    rest: 'GET /snippet_repository_storage_moves',
    params: { ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration snippets history status progress',
  },
  retrieve_snippet: {
    summary: 'List the repository storage moves of one snippet',
    rest: 'GET /snippets/{snippet_id}/repository_storage_moves',
    params: { snippet_id: snippetId(), ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move snippet history',
  },
  get_snippet: {
    summary: 'Get one snippet repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /snippet_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status snippet instance admin',
  },
  get_snippet_for_snippet: {
    summary: 'Get one repository storage move of a given snippet',
    rest: 'GET /snippets/{snippet_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { snippet_id: snippetId(), repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status snippet',
  },
  schedule_snippet: {
    summary: 'Schedule moving one snippet\'s repository to another storage shard',
    rest: 'POST /snippets/{snippet_id}/repository_storage_moves',
    params: { snippet_id: snippetId(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move snippet repository',
  },
  schedule_all_snippet: {
    summary: 'Move all snippet repositories from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /snippet_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository bulk',
  },

  // ---- groups (group wiki repositories)
  retrieve_all_group: {
    summary: 'List the group repository (group wiki) storage moves of the whole instance, newest first',
    rest: 'GET /group_repository_storage_moves',
    params: { ...paging() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration group wiki history status progress',
  },
  retrieve_group: {
    summary: 'List the repository storage moves of one group (its wiki repository)',
    rest: 'GET /groups/{group_id}/repository_storage_moves',
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move group wiki history',
  },
  get_group: {
    summary: 'Get one group repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /group_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status group wiki instance admin',
  },
  get_group_for_group: {
    summary: 'Get one repository storage move of a given group',
    rest: 'GET /groups/{group_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { group_id: id.group(), repository_storage_move_id: moveId() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status group wiki',
  },
  schedule_group: {
    summary: 'Schedule moving one group\'s repositories (group wiki) to another storage shard',
    rest: 'POST /groups/{group_id}/repository_storage_moves',
    params: { group_id: id.group(), destination_storage_name: destination() },
    tier: 'premium',
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move group wiki repository',
  },
  schedule_all_group: {
    summary: 'Move all group repositories (group wikis) from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /group_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    tier: 'premium',
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository wikis bulk',
  },
});
