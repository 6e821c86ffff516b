// The sweep's part for the areas the sandbox keeps as state beside the seed: pipeline schedules, triggers,
// resource groups, the job token scope, commit discussions, changelogs, cherry-picks, submodule updates,
// protected tags and uploads. prepareSettingsSweep makes, as the administrator, the first objects these
// actions name; SETTINGS_SWEEP holds their values (`@name`: an id prepareSettingsSweep returned).
import type { Sandbox } from '../../src/sandbox/index.js';
import { ADMIN_TOKEN } from '../../src/sandbox/index.js';

/** Values of the sweep's actions on these areas; `@name` is filled from what prepareSettingsSweep made. */
export const SETTINGS_SWEEP: Record<string, Record<string, unknown>> = {
  // One schedule (with the variable SWEEP_KEY) the reads, updates and variable actions use; another one to delete.
  'pipeline.schedule_get': { pipeline_schedule_id: '@schedule' },
  'pipeline.schedule_list_triggered_pipelines': { pipeline_schedule_id: '@schedule' },
  'pipeline.schedule_create': { cron: '0 1 * * *' },
  'pipeline.schedule_update': { pipeline_schedule_id: '@schedule', cron: '30 2 * * 1-5' },
  'pipeline.schedule_run': { pipeline_schedule_id: '@schedule' },
  'pipeline.schedule_take_ownership': { pipeline_schedule_id: '@schedule' },
  'pipeline.schedule_create_variable': { pipeline_schedule_id: '@schedule', key: 'SWEEP_NEW_KEY' },
  'pipeline.schedule_edit_variable': { pipeline_schedule_id: '@schedule', key: 'SWEEP_KEY' },
  'pipeline.schedule_delete_variable': { pipeline_schedule_id: '@schedule', key: 'SWEEP_KEY' },
  'pipeline.schedule_delete': { pipeline_schedule_id: '@scheduleToDelete' },
  'pipeline.trigger_get': { trigger_id: '@trigger' },
  'pipeline.trigger_update': { trigger_id: '@trigger' },
  'pipeline.trigger_run': { token: '@triggerToken', ref: 'main' },
  'pipeline.trigger_delete': { trigger_id: '@trigger' },
  // The seeded CI configuration's deploy-production job declares `resource_group: production`.
  'pipeline.resource_group_get': { key: 'production' },
  'pipeline.resource_group_upcoming_jobs': { key: 'production' },
  'pipeline.resource_group_edit': { key: 'production', process_mode: 'oldest_first' },
  // Project 1 is always on its own allowlist: project 2 and group 10 are added, then removed.
  'job.token_scope_add_project': { target_project_id: 2 },
  'job.token_scope_remove_project': { target_project_id: 2 },
  'job.token_scope_add_group': { target_group_id: 10 },
  'job.token_scope_remove_group': { target_group_id: 10 },
  // The release after the seeded v1.1.0 (its notes start at that tag).
  'repository.changelog_generate': { version: '1.2.0' },
  'repository.changelog_add': { version: '1.2.0' },
  'repository.commit_cherry_pick': { sha: '@pickCommit', branch: 'sweep-pick-target' },
  'repository.commit_discussion_get': { commit_sha: '@discussedCommit', discussion_id: '@commitDiscussion' },
  'repository.commit_discussion_add_note': { commit_sha: '@discussedCommit', discussion_id: '@commitDiscussion' },
  'repository.commit_discussion_update_note': { commit_sha: '@discussedCommit', discussion_id: '@commitDiscussion', note_id: '@commitDiscussionNote' },
  'repository.commit_discussion_delete_note': { commit_sha: '@discussedCommit', discussion_id: '@commitDiscussion', note_id: '@commitDiscussionNote' },
  'repository.commit_signature': { sha: '@discussedCommit' },
  // The with-submodule branch vendors project 2 at its main; the sweep moves it to another commit of project 2.
  'repository.update_submodule': { submodule: 'vendor/other-project', branch: 'with-submodule', commit_sha: '@submoduleTarget' },
  'tag.get_protected': { name: 'sweep-protected' },
  'project.upload_delete': { upload_id: '@upload' },
  'project.upload_delete_by_secret': { secret: '@uploadSecret', filename: '@uploadFilename' },
};

/** Makes the objects the values above name; returns the `@` values. */
export async function prepareSettingsSweep(sb: Sandbox): Promise<Record<string, unknown>> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.url}/api/v4${path}`, {
      method, headers: { 'private-token': ADMIN_TOKEN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sweep set-up: ${method} ${path} answered ${res.status} ${await res.text()}`);
    const raw = await res.text();
    return (raw ? JSON.parse(raw) : undefined) as Record<string, any>;
  };
  const upload = async (name: string) => {
    const form = new FormData();
    form.append('file', new Blob(['sweep upload']), name);
    const res = await fetch(`${sb.url}/api/v4/projects/1/uploads`, { method: 'POST', headers: { 'private-token': ADMIN_TOKEN }, body: form });
    if (!res.ok) throw new Error(`sweep set-up: upload ${name} answered ${res.status} ${await res.text()}`);
    return await res.json() as { id: number; url: string };
  };

  const schedule = await call('POST', '/projects/1/pipeline_schedules', { description: 'sweep nightly', ref: 'main', cron: '0 3 * * *' });
  await call('POST', `/projects/1/pipeline_schedules/${schedule.id}/variables`, { key: 'SWEEP_KEY', value: 'sweep' });
  const scheduleToDelete = await call('POST', '/projects/1/pipeline_schedules', { description: 'sweep weekly', ref: 'main', cron: '0 4 * * 0' });
  const trigger = await call('POST', '/projects/1/triggers', { description: 'sweep trigger' });

  // A commit of main (its head now, a fixed sha later) with a discussion of one note.
  const discussedCommit = (await call('GET', '/projects/1/repository/commits?ref_name=main') as unknown as Array<{ id: string }>)[0]!.id;
  const discussion = await call('POST', `/projects/1/repository/commits/${discussedCommit}/discussions`, { body: 'sweep discussion' });

  // A commit that adds a file on a branch of its own, and a branch from main it applies to.
  await call('POST', '/projects/1/repository/branches', { branch: 'sweep-pick-target', ref: 'main' });
  const pick = await call('POST', '/projects/1/repository/commits', {
    branch: 'sweep-pick-source', start_branch: 'main', commit_message: 'Add the cherry-pick file',
    actions: [{ action: 'create', file_path: 'sweep-pick.txt', content: 'picked\n' }],
  });

  // Another commit of project 2 than the one the submodule points at: the head of its update-readme branch.
  const submoduleTarget = (await call('GET', '/projects/2/repository/branches/update-readme')).commit.id as string;

  await call('POST', '/projects/1/protected_tags', { name: 'sweep-protected', create_access_level: 40 });

  const toDelete = await upload('sweep-by-id.txt');
  const bySecret = await upload('sweep-by-secret.txt');
  const [, uploadSecret, uploadFilename] = /^\/uploads\/([^/]+)\/([^/]+)$/.exec(bySecret.url)!;

  return {
    schedule: schedule.id, scheduleToDelete: scheduleToDelete.id, trigger: trigger.id, triggerToken: trigger.token,
    discussedCommit, commitDiscussion: discussion.id, commitDiscussionNote: discussion.notes[0].id,
    pickCommit: pick.id, submoduleTarget, upload: toDelete.id, uploadSecret, uploadFilename,
  };
}
