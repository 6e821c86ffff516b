// Assistant tasks: multi-step everyday GitLab tasks walked through the default (dynamic) surface the way an
// assistant that sees only the tools would walk them, counting calls, finds and result text (issue #30).
// The walk is scripted, not a model: for each step it calls the action directly when an earlier result of the
// same task named it (a find candidate, a next step, a wrong guess's answer), else it finds it first — by the
// step's plain request, then (when the action is not among the candidates) by its ID. With --guess it first
// tries the ID a person would guess (`<domain>.<verb>`, sometimes wrong) before any find. Params are the
// script's, so guessed-parameter errors are not measured here. Deterministic: the sandbox's seeded data.
//   npm run build && node bench/assistant-tasks.mjs [--cli path/to/cli.js] [--guess] [-v]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { getEncoding } from 'js-tiktoken';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';

// The issue's goal is a share of result tokens (o200k, as a host counts them); characters overstate the finds' share
// (their JSON schemas and prose tokenize denser than result tables of ids and SHAs).
const enc = getEncoding('o200k_base');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--cli');
const cli = at > 0 ? resolve(process.argv[at + 1]) : join(root, 'dist', 'bundle', 'cli.js');
const guessing = process.argv.includes('--guess');
const verbose = process.argv.includes('-v');
const P = 'demo-group/demo-project';
const items = (r) => r.structuredContent?.items ?? [];

/** Each step: the request an assistant would search with, the action it needs, a guess of its ID, its params from what came before. */
const TASKS = [
  { name: 'why did the pipeline of MR !1 fail: the failed job and its log', steps: [
    { q: 'show merge request 1', id: 'merge_request.get', guess: 'merge_request.get', params: () => ({ project_id: P, merge_request_iid: 1 }), keep: (r, c) => { c.pipeline = r.structuredContent?.head_pipeline?.id; } },
    { q: 'list the failed jobs of pipeline 1002', id: 'job.list', guess: 'pipeline.jobs', params: (c) => ({ project_id: P, pipeline_id: c.pipeline, scope: ['failed'] }), keep: (r, c) => { c.job = items(r)[0]?.id; } },
    { q: 'show the log of a job', id: 'job.trace', guess: 'job.trace', params: (c) => ({ project_id: P, job_id: c.job }) },
  ] },
  { name: 'is MR !1 approved, and which threads are open on it', steps: [
    { q: 'show merge request 1', id: 'merge_request.get', guess: 'merge_request.get', params: () => ({ project_id: P, merge_request_iid: 1 }) },
    { q: 'who approved merge request 1', id: 'merge_request.approval_config', guess: 'merge_request.approvals', params: () => ({ project_id: P, merge_request_iid: 1 }) },
    { q: 'list the discussion threads of merge request 1', id: 'mr_review.discussion_list', guess: 'merge_request.discussions', params: () => ({ project_id: P, merge_request_iid: 1 }) },
  ] },
  { name: 'read issue #1, comment that it is fixed and close it', steps: [
    { q: 'show issue 1', id: 'issue.get', guess: 'issue.get', params: () => ({ project_id: P, issue_iid: 1 }) },
    { q: 'comment on issue 1 and close it', id: 'issue.note_create', guess: 'issue.note_create', params: () => ({ project_id: P, issue_iid: 1, body: 'Fixed by !1.', state_event: 'close' }) },
  ] },
  { name: 'failed pipelines of feature/login-fix, then the jobs of the newest', steps: [
    { q: 'list failed pipelines on feature/login-fix', id: 'pipeline.list', guess: 'pipeline.list', params: () => ({ project_id: P, status: 'failed', ref: 'feature/login-fix' }), keep: (r, c) => { c.pipeline = items(r)[0]?.id; } },
    { q: 'list the jobs of a pipeline', id: 'job.list', guess: 'pipeline.jobs', params: (c) => ({ project_id: P, pipeline_id: c.pipeline }) },
  ] },
  { name: 'retry the failed job of pipeline 1002', steps: [
    { q: 'show pipeline 1002', id: 'pipeline.get', guess: 'pipeline.get', params: () => ({ project_id: P, pipeline_id: 1002 }) },
    { q: 'list the jobs of pipeline 1002', id: 'job.list', guess: 'job.list', params: () => ({ project_id: P, pipeline_id: 1002, scope: ['failed'] }), keep: (r, c) => { c.job = items(r)[0]?.id; } },
    { q: 'retry a failed job', id: 'job.retry', guess: 'job.retry', params: (c) => ({ project_id: P, job_id: c.job }) },
  ] },
  { name: 'fix a typo in README.md on a new branch and open a merge request', steps: [
    { q: 'show README.md on main', id: 'repository.file_get', guess: 'file.get', params: () => ({ project_id: P, file_path: 'README.md', ref: 'main' }) },
    { q: 'create a branch from main', id: 'branch.create', guess: 'branch.create', params: () => ({ project_id: P, branch_name: 'fix/readme-typo', ref: 'main' }) },
    { q: 'edit a file on a branch', id: 'repository.file_update', guess: 'file.update', params: () => ({ project_id: P, file_path: 'README.md', branch: 'fix/readme-typo', old_text: 'A small web service', new_text: 'A small web service,', commit_message: 'README: punctuation' }) },
    { q: 'open a merge request from fix/readme-typo into main', id: 'merge_request.create', guess: 'merge_request.create', params: () => ({ project_id: P, source_branch: 'fix/readme-typo', target_branch: 'main', title: 'README: punctuation' }) },
  ] },
  { name: 'who is in the project, and make alice a maintainer', steps: [
    { q: 'list the members of the project', id: 'project.members', guess: 'member.list', params: () => ({ project_id: P }) },
    { q: 'change the role of a project member', id: 'project.member_edit', guess: 'member.update', params: () => ({ project_id: P, user: '@alice', access_level: 40 }) },
  ] },
  { name: 'release v1.1.0 and its download links', steps: [
    { q: 'list the releases', id: 'release.list', guess: 'release.list', params: () => ({ project_id: P }) },
    { q: 'show release v1.1.0', id: 'release.get', guess: 'release.get', params: () => ({ project_id: P, tag_name: 'v1.1.0' }) },
    { q: 'list the asset links of release v1.1.0', id: 'release.link_list', guess: 'release.links', params: () => ({ project_id: P, tag_name: 'v1.1.0' }) },
  ] },
  { name: 'the newest commit on main and its diff', steps: [
    { q: 'list the commits on main', id: 'repository.commit_list', guess: 'commit.list', params: () => ({ project_id: P, ref_name: 'main', per_page: 1 }), keep: (r, c) => { c.sha = items(r)[0]?.id; } },
    { q: 'show a commit', id: 'repository.commit_get', guess: 'commit.get', params: (c) => ({ project_id: P, sha: c.sha }) },
    { q: 'show the diff of a commit', id: 'repository.commit_diff', guess: 'commit.diff', params: (c) => ({ project_id: P, sha: c.sha }) },
  ] },
  { name: 'open issues assigned to alice, comment on the first', steps: [
    { q: 'list open issues assigned to alice', id: 'issue.list', guess: 'issue.list', params: () => ({ project_id: P, state: 'opened', assignee_username: 'alice' }), keep: (r, c) => { c.issue = items(r)[0]?.iid; } },
    { q: 'comment on an issue', id: 'issue.note_create', guess: 'issue.comment', params: (c) => ({ project_id: P, issue_iid: c.issue, body: 'Picking this up today.' }) },
  ] },
  { name: 'branch feature/login-fix: its commits and its pipelines', steps: [
    { q: 'show branch feature/login-fix', id: 'branch.get', guess: 'branch.get', params: () => ({ project_id: P, branch_name: 'feature/login-fix' }) },
    { q: 'list the commits of branch feature/login-fix', id: 'repository.commit_list', guess: 'commit.list', params: () => ({ project_id: P, ref_name: 'feature/login-fix' }) },
    { q: 'list the pipelines of branch feature/login-fix', id: 'pipeline.list', guess: 'pipeline.list', params: () => ({ project_id: P, ref: 'feature/login-fix' }) },
  ] },
  { name: 'review the changes of the open MRs and comment on one', steps: [
    { q: 'list open merge requests', id: 'merge_request.list', guess: 'merge_request.list', params: () => ({ project_id: P, state: 'opened' }), keep: (r, c) => { c.mr = items(r)[0]?.iid; } },
    { q: 'show the changes of a merge request', id: 'mr_review.changes_get', guess: 'merge_request.changes', params: (c) => ({ project_id: P, merge_request_iid: c.mr }) },
    { q: 'comment on a merge request', id: 'mr_review.note_create', guess: 'merge_request.note_create', params: (c) => ({ project_id: P, merge_request_iid: c.mr, body: 'Looks good once CI passes.' }) },
  ] },
  { name: 'which merge requests brought the newest commit of main', steps: [
    { q: 'list the commits on main', id: 'repository.commit_list', guess: 'commit.list', params: () => ({ project_id: P, ref_name: 'main', per_page: 1 }), keep: (r, c) => { c.sha = items(r)[0]?.id; } },
    { q: 'which merge requests contain a commit', id: 'repository.commit_merge_requests', guess: 'commit.merge_requests', params: (c) => ({ project_id: P, sha: c.sha }) },
  ] },
  { name: 'merge MR !1 once it is mergeable (the user approved)', steps: [
    { q: 'show merge request 1', id: 'merge_request.get', guess: 'merge_request.get', params: () => ({ project_id: P, merge_request_iid: 1 }) },
    { q: 'merge merge request 1', id: 'merge_request.merge', guess: 'merge_request.merge', confirm: true, params: () => ({ project_id: P, merge_request_iid: 1 }) },
  ] },
];

const textOf = (r) => (r.content ?? []).map((c) => c.text ?? c.resource?.text ?? '').join('\n');
const names = (t, id) => new RegExp(`[\`"]${id.replace('.', '\\.')}[\`" ]`).test(t);

async function walk(client, task) {
  const seen = [];
  const ctx = {};
  const m = { calls: 0, finds: 0, misses: 0, chars: 0, findChars: 0, tokens: 0, findTokens: 0, errors: 0, actions: new Set() };
  const call = async (name, args, kind) => {
    const r = await client.callTool({ name, arguments: args });
    const t = textOf(r);
    const tokens = enc.encode(t).length;
    m.calls++; m.chars += t.length; m.tokens += tokens;
    if (kind !== 'exec') { m.findChars += t.length; m.findTokens += tokens; if (kind === 'find') m.finds++; else m.misses++; }
    seen.push(t);
    if (verbose) console.log(`  ${kind.padEnd(5)} ${name} ${JSON.stringify(args).slice(0, 140)} → ${t.length} chars${r.isError ? ' (error)' : ''}`);
    return r;
  };
  for (const step of task.steps) {
    const known = () => seen.some((t) => names(t, step.id));
    if (!known() && guessing && step.guess) {
      if (step.guess === step.id) { /* a right guess is a plain execute */ } else await call('forge_execute_action', { action: step.guess, params: step.params(ctx) }, 'miss');
    }
    if (!known() && !(guessing && step.guess === step.id)) {
      await call('forge_find_action', { query: step.q }, 'find');
      if (!known()) await call('forge_find_action', { query: step.id }, 'find');
    }
    const r = await call('forge_execute_action', { action: step.id, params: step.params(ctx), ...(step.confirm ? { confirm: true } : {}) }, 'exec');
    if (r.isError) m.errors++;
    m.actions.add(step.id);
    step.keep?.(r, ctx);
  }
  return m;
}

const sandbox = await startSandbox();
const totals = { calls: 0, finds: 0, misses: 0, chars: 0, findChars: 0, tokens: 0, findTokens: 0, errors: 0, actions: 0 };
console.log(`## Assistant tasks on the default surface (${cli === join(root, 'dist', 'bundle', 'cli.js') ? 'this build' : cli}${guessing ? ', guessing IDs first' : ''})`);
console.log('task                                                                  calls finds wrong-ids actions  chars  find-chars errors');
try {
  for (const task of TASKS) {
    // A fresh server per task: nothing learned in one task helps the next (the sandbox's writes carry on).
    const transport = new StdioClientTransport({
      command: process.execPath, args: [cli],
      env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-tasks-')), FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'bench-assistant-tasks', version: '1' });
    await client.connect(transport);
    if (verbose) console.log(`- ${task.name}`);
    const m = await walk(client, task);
    await client.close();
    console.log(`${task.name.slice(0, 68).padEnd(68)} ${String(m.calls).padStart(5)} ${String(m.finds).padStart(5)} ${String(m.misses).padStart(9)} ${String(m.actions.size).padStart(7)} ${String(m.chars).padStart(6)} ${String(m.findChars).padStart(11)} ${String(m.errors).padStart(6)}`);
    for (const k of ['calls', 'finds', 'misses', 'chars', 'findChars', 'tokens', 'findTokens', 'errors']) totals[k] += m[k];
    totals.actions += m.actions.size;
  }
} finally { await sandbox.close(); }
const share = totals.chars ? ((100 * totals.findChars) / totals.chars).toFixed(0) : '0';
const tokenShare = totals.tokens ? ((100 * totals.findTokens) / totals.tokens).toFixed(0) : '0';
console.log(`\n${TASKS.length} tasks: ${totals.calls} calls (${(totals.calls / TASKS.length).toFixed(1)} per task), ${totals.finds} finds and ${totals.misses} wrong IDs for ${totals.actions} distinct actions executed ` +
  `(${((totals.finds + totals.misses) / totals.actions).toFixed(2)} per action), ${totals.chars} result chars of which finds and wrong IDs ${totals.findChars} (${share} %), ${totals.tokens} result tokens (o200k) of which finds and wrong IDs ${totals.findTokens} (${tokenShare} %), ${totals.errors} executions answered an error`);
