// A download is a local write (issue #26 item 1): a prompt injection that names the output path must
// not plant code (.git/config's core.fsmonitor runs at the next `git status`), replace a file without
// the user's say, or write anything in read-only or safe mode. Every refusal comes before the platform.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, symlinkSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../src/sandbox/index.js';
import { apiRequests, text, withSandbox } from './helpers/harness.js';
import { serverIn } from './helpers/local.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';
const PLANT = { project_id: 1, package_name: 'tools', package_version: '1.0.0', file_name: 'config' };

/** A git checkout in the temporary directory, with a home directory of its own. */
function checkout(): { work: string; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
  execFileSync('git', ['init', '-q', work]);
  writeFileSync(join(work, '.git', 'config'), GIT_CONFIG);
  return { work, home };
}

describe('downloads into .git/config (the reported attack)', () => {
  it('read-only with safe mode: refused as a local write, the file untouched, nothing sent', async () => {
    const { work, home } = checkout();
    const srv = await serverIn(sb, work, home, { FORGE_MCP_READ_ONLY: 'true', FORGE_MCP_SAFE_MODE: 'true' });
    try {
      sb.clearLog();
      const r = await srv.call('package.download', { ...PLANT, output_path: '.git/config' });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('packageDownload: output_path ".git/config" would write a file on this machine, and read-only mode (FORGE_MCP_READ_ONLY) allows no writes, local ones included; nothing was sent.');
      // An action whose output_path is optional says how to read it instead.
      const optional = await srv.call('job.download_single_artifact', { project_id: 1, job_id: 2011, artifact_path: 'a.txt', output_path: 'a.txt' });
      expect(text(optional)).toMatch(/local ones included; nothing was sent\. Leave output_path out to have the content shown instead\.$/);
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
    } finally { await srv.close(); }
  });

  it('safe mode: previewed like a platform write, the file untouched, nothing sent', async () => {
    const { work, home } = checkout();
    const srv = await serverIn(sb, work, home, { FORGE_MCP_SAFE_MODE: 'true' });
    try {
      sb.clearLog();
      const r = await srv.call('package.download', { ...PLANT, output_path: '.git/config' });
      expect(text(r)).toMatch(/^## Safe mode blocked\n/);
      expect(text(r)).toContain('- local write: `.git/config`');
      expect(text(r)).toContain('Nothing was sent to the platform and no local file was written.');
      expect(r.structuredContent).toMatchObject({ status: 'blocked', mode: 'safe', action: 'package.download' });
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
    } finally { await srv.close(); }
  });

  it('no guardrail set: version-control metadata and dot paths are refused, however they are spelled or reached', async () => {
    const { work, home } = checkout();
    mkdirSync(join(work, 'sub'));
    symlinkSync(join(work, '.git'), join(work, 'meta'));
    const srv = await serverIn(sb, work, home);
    try {
      sb.clearLog();
      const cases: Array<[string, string]> = [
        ['.git/config', '.git'],
        ['./.git/hooks/pre-commit', '.git'],
        [join(work, '.git', 'config'), '.git'],
        ['sub/../.git/config', '.git'],
        ['meta/config', '.git'],
        ['.GIT/config', '.GIT'],
        ['.envrc', '.envrc'],
        ['.vscode/tasks.json', '.vscode'],
        ['sub/.github/workflows/ci.yml', '.github'],
        ['.bashrc', '.bashrc'],
        ['.npmrc', '.npmrc'],
        ['.gitattributes', '.gitattributes'],
        ['.husky/pre-commit', '.husky'],
        ['sub/.hg/hgrc', '.hg'],
        ['_darcs/prefs', '_darcs'],
        ['sub/CVS/Root', 'CVS'],
      ];
      for (const [path, hit] of cases) {
        const r = await srv.call('package.download', { ...PLANT, output_path: path });
        expect(r.isError, path).toBe(true);
        expect(text(r), path).toBe(`packageDownload: output_path "${path}" goes into "${hit}": downloads never write version-control metadata or dot files and directories (editor, shell and tool configuration), which can run code; save it elsewhere`);
      }
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
      expect(readdirSync(work).sort()).toEqual(['.git', 'meta', 'sub']);
    } finally { await srv.close(); }
  });

  it('a server started inside .git writes nothing there, whatever the name', async () => {
    const { work, home } = checkout();
    const srv = await serverIn(sb, join(work, '.git'), home);
    try {
      sb.clearLog();
      const r = await srv.call('job.artifacts', { project_id: 1, job_id: 2011, output_path: 'hooks/pre-commit' });
      expect(text(r)).toMatch(/^jobArtifacts: output_path "hooks\/pre-commit" goes into "\.git": downloads never write version-control metadata/);
      expect(apiRequests(sb)).toHaveLength(0);
      expect(existsSync(join(work, '.git', 'hooks', 'pre-commit'))).toBe(false);
    } finally { await srv.close(); }
  });
});

describe('a download over an existing file', () => {
  const ARTIFACTS = { project_id: 1, job_id: 2011 };

  it('is refused without overwrite, and with overwrite but no confirmation (YOLO included); nothing sent, file untouched', async () => {
    const { work, home } = checkout();
    writeFileSync(join(work, 'Makefile'), 'all:\n');
    const srv = await serverIn(sb, work, home, { FORGE_MCP_YOLO_MODE: 'true' });
    try {
      sb.clearLog();
      const plain = await srv.call('job.artifacts', { ...ARTIFACTS, output_path: 'Makefile' });
      expect(text(plain)).toBe('jobArtifacts: output_path "Makefile" already exists; nothing was downloaded. To replace it, re-send with "overwrite": true (the user is asked to confirm), or choose another path');
      const unconfirmed = await srv.call('job.artifacts', { ...ARTIFACTS, output_path: 'Makefile', overwrite: true });
      expect(unconfirmed.isError).toBe(true);
      expect(text(unconfirmed)).toBe('action "job.artifacts" would replace the existing local file "Makefile" (overwrite: true) and was not run: replacing a file needs the user\'s confirmation and this client cannot be asked. Ask the user for explicit approval first; only after they approve, re-send the call with "confirm": true (top level, beside "action" and "params"). Nothing was changed.');
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, 'Makefile'), 'utf8')).toBe('all:\n');
    } finally { await srv.close(); }
  });

  it('is replaced with overwrite and confirm (dynamic); a new file needs neither confirmation nor overwrite', async () => {
    const { work, home } = checkout();
    writeFileSync(join(work, 'out.zip'), 'old');
    const srv = await serverIn(sb, work, home);
    try {
      const fresh = await srv.call('job.artifacts', { ...ARTIFACTS, output_path: 'new.zip', overwrite: true });
      expect(fresh.isError, text(fresh)).toBeFalsy();
      const expected = readFileSync(join(work, 'new.zip'));
      expect(expected.length).toBeGreaterThan(0);
      const r = await srv.call('job.artifacts', { ...ARTIFACTS, output_path: 'out.zip', overwrite: true }, true);
      expect(r.isError, text(r)).toBeFalsy();
      expect(text(r)).toBe(`Saved ${expected.length} bytes to \`out.zip\`.`);
      expect(readFileSync(join(work, 'out.zip'))).toEqual(expected);
      expect(readdirSync(work).filter((f) => f.endsWith('.part'))).toEqual([]);
    } finally { await srv.close(); }
  });

  it('asks the user through elicitation (individual surface): replaced when approved, untouched when declined', async () => {
    const { work, home } = checkout();
    writeFileSync(join(work, 'out.zip'), 'old');
    const asked: string[] = [];
    let answer: 'accept' | 'decline' = 'decline';
    const srv = await serverIn(sb, work, home, { FORGE_MCP_TOOL_SURFACE: 'individual' }, {
      capabilities: { elicitation: { form: {} } },
      onElicit: async ({ message }) => { asked.push(message); return answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' }; },
    });
    try {
      sb.clearLog();
      const declined = await srv.tool('forge_job_artifacts', { ...ARTIFACTS, output_path: 'out.zip', overwrite: true });
      expect(text(declined)).toBe('The user declined "job.artifacts". Do not retry it; ask the user what they want instead.');
      expect(asked).toEqual(['Confirm replacing the local file "out.zip" with the download of job.artifacts: its current content is lost.']);
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, 'out.zip'), 'utf8')).toBe('old');
      answer = 'accept';
      const approved = await srv.tool('forge_job_artifacts', { ...ARTIFACTS, output_path: 'out.zip', overwrite: true });
      expect(approved.isError, text(approved)).toBeFalsy();
      expect(readFileSync(join(work, 'out.zip'), 'utf8')).not.toBe('old');
      expect(existsSync(join(work, 'out.zip'))).toBe(true);
    } finally { await srv.close(); }
  });
});
