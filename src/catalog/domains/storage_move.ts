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
    examples: [
      'list all project storage moves on the instance',
      'how are the Gitaly project migrations going overall?',
    ],
  },
  retrieve_project: {
    summary: 'List the repository storage moves of one project',
    rest: 'GET /projects/{project_id}/repository_storage_moves',
    params: { project_id: id.project(), ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move project repository history',
    examples: [
      'storage move history of acme/shop',
      'has project platform/infra been moved between Gitaly shards?',
    ],
  },
  get_project: {
    summary: 'Get one project repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /project_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status project instance admin',
    examples: [
      'show project storage move 301',
      'status of project repository move 412 instance-wide',
    ],
  },
  get_project_for_project: {
    summary: 'Get one repository storage move of a given project',
    rest: 'GET /projects/{project_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { project_id: id.project(), repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status project',
    examples: [
      'show storage move 301 of acme/shop',
      'is move 412 of project platform/infra finished?',
    ],
  },
  schedule_project: {
    summary: 'Schedule moving one project\'s repositories (code, wiki, design) to another storage shard',
    rest: 'POST /projects/{project_id}/repository_storage_moves',
    params: { project_id: id.project(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move project repository rebalance',
    examples: [
      'move acme/shop to storage shard gitaly-2',
      "migrate project platform/infra's repository to another Gitaly node",
    ],
  },
  schedule_all_project: {
    summary: 'Move all project repositories from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /project_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository bulk',
    examples: [
      'move every project repo off shard default to gitaly-3',
      'drain all projects from storage nfs-old',
    ],
  },

  // ---- snippets
  retrieve_all_snippet: {
    summary: 'List the snippet repository storage moves of the whole instance, newest first',
    rest: 'GET /snippet_repository_storage_moves',
    params: { ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration snippets history status progress',
    examples: [
      'list all snippet storage moves',
      'progress of snippet repository migrations across the instance',
    ],
  },
  retrieve_snippet: {
    summary: 'List the repository storage moves of one snippet',
    rest: 'GET /snippets/{snippet_id}/repository_storage_moves',
    params: { snippet_id: snippetId(), ...paging() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move snippet history',
    examples: [
      'storage moves of snippet 42',
      'has snippet 1337 been migrated to another shard?',
    ],
  },
  get_snippet: {
    summary: 'Get one snippet repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /snippet_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status snippet instance admin',
    examples: [
      'show snippet storage move 77',
      'status of snippet repository move 91 instance-wide',
    ],
  },
  get_snippet_for_snippet: {
    summary: 'Get one repository storage move of a given snippet',
    rest: 'GET /snippets/{snippet_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { snippet_id: snippetId(), repository_storage_move_id: moveId() },
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status snippet',
    examples: [
      'show storage move 77 of snippet 42',
      'did move 91 of snippet 1337 finish?',
    ],
  },
  schedule_snippet: {
    summary: 'Schedule moving one snippet\'s repository to another storage shard',
    rest: 'POST /snippets/{snippet_id}/repository_storage_moves',
    params: { snippet_id: snippetId(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move snippet repository',
    examples: [
      'move snippet 42 to storage gitaly-2',
      "migrate snippet 1337's repository to another shard",
    ],
  },
  schedule_all_snippet: {
    summary: 'Move all snippet repositories from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /snippet_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository bulk',
    examples: [
      'move all snippet repos from shard default to gitaly-3',
      'evacuate every snippet off storage nfs-old',
    ],
  },

  // ---- groups (group wiki repositories)
  retrieve_all_group: {
    summary: 'List the group repository (group wiki) storage moves of the whole instance, newest first',
    rest: 'GET /group_repository_storage_moves',
    params: { ...paging() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration group wiki history status progress',
    examples: [
      'list all group wiki storage moves',
      'progress of group repository migrations on the instance',
    ],
  },
  retrieve_group: {
    summary: 'List the repository storage moves of one group (its wiki repository)',
    rest: 'GET /groups/{group_id}/repository_storage_moves',
    params: { group_id: id.group(), ...paging() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage migration move group wiki history',
    examples: [
      'storage moves of group acme',
      "has the platform group's wiki been moved between shards?",
    ],
  },
  get_group: {
    summary: 'Get one group repository storage move by ID, instance-wide (admin): state, source and destination shard',
    rest: 'GET /group_repository_storage_moves/{repository_storage_move_id}',
    params: { repository_storage_move_id: moveId() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status group wiki instance admin',
    examples: [
      'show group storage move 55',
      'status of group wiki repository move 63 instance-wide',
    ],
  },
  get_group_for_group: {
    summary: 'Get one repository storage move of a given group',
    rest: 'GET /groups/{group_id}/repository_storage_moves/{repository_storage_move_id}',
    params: { group_id: id.group(), repository_storage_move_id: moveId() },
    tier: 'premium',
    fineGrained: ['read_repository_storage_move'],
    keywords: 'gitaly shard storage move status group wiki',
    examples: [
      'show storage move 55 of group acme',
      'is move 63 of the platform group wiki done?',
    ],
  },
  schedule_group: {
    summary: 'Schedule moving one group\'s repositories (group wiki) to another storage shard',
    rest: 'POST /groups/{group_id}/repository_storage_moves',
    params: { group_id: id.group(), destination_storage_name: destination() },
    tier: 'premium',
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate move group wiki repository',
    examples: [
      "move group acme's wiki to storage gitaly-2",
      'migrate the platform group repository to another Gitaly shard',
    ],
  },
  schedule_all_group: {
    summary: 'Move all group repositories (group wikis) from a source storage shard to another shard (bulk schedule)',
    rest: 'POST /group_repository_storage_moves',
    params: { source_storage_name: source(), destination_storage_name: destination() },
    tier: 'premium',
    fineGrained: ['create_repository_storage_move'],
    keywords: 'gitaly shard storage migrate evacuate drain every repository wikis bulk',
    examples: [
      'move all group wikis from shard default to gitaly-3',
      'drain every group repository off storage nfs-old',
    ],
  },
}, { adminMode: true });
