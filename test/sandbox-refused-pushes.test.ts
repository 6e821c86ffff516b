// A push the caller may not make is refused with GitLab's status and words, API by API (#31): the Commits API
// (a commit, a cherry-pick, a revert) checks the branch first (`authorize_push_to_branch!`: 403 "403 Forbidden -
// You are not allowed to push into this branch", a Reporter included); the Files and Submodules APIs ask for
// push_code (a bare 403), then their commit service refuses a protected branch (400, the reason alone); a changelog
// commit has its own reason. GitLab: lib/api/commits.rb (pavankalisetti009/gitlab @ d87a46ff), lib/api/files.rb
// (mehulagg/gitlab @ a1ba485e), app/services/commits/create_service.rb @ 0526dc1e, lib/api/repositories.rb.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sandboxApi, sandboxServer, startInProcess } from './helpers/inproc.js';
import { refusedText } from './helpers/approved-calls.js';
import type { Running } from './helpers/harness.js';

const ALICE = 'glpat-refused-pushes-alice-dev';
const BOB = 'glpat-refused-pushes-bob-reporter';
const env = { FORGE_MCP_YOLO_MODE: 'true' };
const on = sandboxServer({ env, sandbox: { tokens: { [ALICE]: { kind: 'classic', scopes: ['api'], userId: 3 }, [BOB]: { kind: 'classic', scopes: ['api'], userId: 4 } } } });
const api = sandboxApi(on);
let alice: Running;
let bob: Running;
beforeAll(async () => { [alice, bob] = await Promise.all([startInProcess({ sandbox: on.sb, token: ALICE, env }), startInProcess({ sandbox: on.sb, token: BOB, env })]); });
afterAll(async () => { await Promise.all([alice?.close(), bob?.close()]); });

const REFUSED = 'You are not allowed to push into this branch';
const head = async () => (await api('/projects/1/repository/branches/main')).body.commit.id as string;
const commit = { project_id: 1, branch: 'main', commit_message: 'Add a.txt', actions: [{ action: 'create', file_path: 'a.txt', content: 'a\n' }] };
const file = { project_id: 1, branch: 'main', file_path: 'a.txt', content: 'a\n', commit_message: 'Add a.txt' };

describe('a push to a branch the caller may not push to', () => {
  // main is protected for Maintainers (the seed): alice is a Developer, bob a Reporter.
  it('the Commits API answers 403 "403 Forbidden - …", to a Developer on a protected branch and to a Reporter alike', async () => {
    const before = await head();
    expect(await api('/projects/1/repository/commits', { method: 'POST', token: ALICE, body: commit })).toEqual({ status: 403, body: { message: `403 Forbidden - ${REFUSED}` } });
    expect(await api('/projects/1/repository/commits', { method: 'POST', token: BOB, body: { ...commit, branch: 'feature/login-fix' } })).toEqual({ status: 403, body: { message: `403 Forbidden - ${REFUSED}` } });
    expect(await refusedText(alice, 'repository.commit_create', commit)).toContain(`403 Forbidden - ${REFUSED}`);
    // A cherry-pick and a revert check the branch before the commit is looked up.
    for (const action of ['cherry_pick', 'revert']) {
      expect(await api(`/projects/1/repository/commits/${before}/${action}`, { method: 'POST', token: ALICE, body: { branch: 'main' } })).toEqual({ status: 403, body: { message: `403 Forbidden - ${REFUSED}` } });
      expect(await api(`/projects/1/repository/commits/${'0'.repeat(40)}/${action}`, { method: 'POST', token: BOB, body: { branch: 'feature/login-fix' } })).toEqual({ status: 403, body: { message: `403 Forbidden - ${REFUSED}` } });
    }
    expect(await refusedText(alice, 'repository.commit_revert', { project_id: 1, sha: before, branch: 'main' })).toContain(`403 Forbidden - ${REFUSED}`);
    expect(await head()).toBe(before);
  });

  it('the Files and Submodules APIs answer a Reporter a bare 403 and a Developer on a protected branch 400 with the reason alone', async () => {
    const before = await head();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(await api('/projects/1/repository/files/README.md', { method, token: ALICE, body: { ...file, file_path: 'README.md' } })).toEqual({ status: 400, body: { message: REFUSED } });
      expect(await api('/projects/1/repository/files/README.md', { method, token: BOB, body: { ...file, file_path: 'README.md', branch: 'feature/login-fix' } })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    }
    // The Submodules API's commit service refuses the same way.
    const submodule = { branch: 'main', commit_sha: 'f'.repeat(40) };
    expect(await api('/projects/1/repository/submodules/vendor%2Fother-project', { method: 'PUT', token: ALICE, body: submodule })).toEqual({ status: 400, body: { message: REFUSED } });
    expect(await api('/projects/1/repository/submodules/vendor%2Fother-project', { method: 'PUT', token: BOB, body: { ...submodule, branch: 'feature/login-fix' } })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    const refused = await refusedText(alice, 'repository.file_create', file);
    expect(refused).toContain(REFUSED);
    expect(refused).not.toContain('403');
    expect(await head()).toBe(before);
  });

  it('a changelog commit is refused with its own reason, before the version is looked at', async () => {
    expect(await api('/projects/1/repository/changelog', { method: 'POST', token: ALICE, body: { version: '9.9.9' } })).toEqual({ status: 403, body: { message: '403 Forbidden - You are not allowed to commit a changelog on this branch' } });
    expect(await api('/projects/1/repository/changelog', { method: 'POST', token: BOB, body: { version: 'not-a-version', branch: 'feature/login-fix' } })).toEqual({ status: 403, body: { message: '403 Forbidden - You are not allowed to commit a changelog on this branch' } });
  });
});
