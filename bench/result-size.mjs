// Result size: what a tool result costs the assistant (o200k_base tokens of every content block plus
// structuredContent) against its Markdown text alone (issue #13 §2: goal ≤ 1.5× for get results).
// Deterministic (the sandbox's seeded objects), so one run is enough. Stdio client on the sandbox.
//   npm run build && node bench/result-size.mjs [--cli path/to/cli.js]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { getEncoding } from 'js-tiktoken';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--cli');
const cli = at > 0 ? resolve(process.argv[at + 1]) : join(root, 'dist', 'bundle', 'cli.js');
const enc = getEncoding('o200k_base');
const tokens = (s) => enc.encode(s).length;

const CALLS = [
  ['issue.get', { project_id: 1, issue_iid: 1 }],
  ['merge_request.get', { project_id: 1, merge_request_iid: 1 }],
  ['project.get', { project_id: 1 }],
  ['pipeline.get', { project_id: 1, pipeline_id: 1002 }],
  ['issue.list', { project_id: 1 }],
  ['merge_request.list', { project_id: 1 }],
  ['pipeline.list', { project_id: 1 }],
  ['project.list', {}],
  ['job.list', { project_id: 1, pipeline_id: 1002 }],
  // The results issue #30 made show their facts (blame, compare's commits, link types, protections, milestones, to-dos).
  ['repository.file_blame', { project_id: 1, file_path: 'src/auth/login.ts', ref: 'main' }],
  ['repository.compare', { project_id: 1, from: 'main', to: 'feature/login-fix' }],
  ['issue.link_list', { project_id: 1, issue_iid: 1 }],
  ['branch.get_protected', { project_id: 1, name: 'main' }],
  ['branch.list_protected', { project_id: 1 }],
  ['project.milestone_list', { project_id: 1 }],
  ['user.todo_list', {}],
  ['branch.list', { project_id: 1 }],
  ['tag.list', { project_id: 1 }],
  ['release.list', { project_id: 1 }],
  ['repository.commit_list', { project_id: 1 }],
  ['project.members', { project_id: 1 }],
  // Session 21 (#30): a job's coverage, a diff version's three SHAs, what a schedule runs and when.
  ['job.list', { project_id: 1, pipeline_id: 1001 }],
  ['mr_review.diff_versions_list', { project_id: 1, merge_request_iid: 1 }],
  ['pipeline.schedule_list', { project_id: 1 }],
];

const sandbox = await startSandbox();
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [cli],
  env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-bench-')), FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_TOOL_SURFACE: 'dynamic', FORGE_MCP_LOG_LEVEL: 'warn' },
  stderr: 'ignore',
});
const client = new Client({ name: 'bench-result-size', version: '1' });
await client.connect(transport);

console.log(`## Result size (o200k_base tokens; ${cli === join(root, 'dist', 'bundle', 'cli.js') ? 'this build' : cli})`);
console.log('action                        markdown  resource  structured     total   ratio');
for (const [action, params] of CALLS) {
  const r = await client.callTool({ name: 'forge_execute_action', arguments: { action, params } });
  if (r.isError) { console.log(`${action.padEnd(18)} error: ${String(r.content?.[0]?.text).slice(0, 120)}`); continue; }
  const md = tokens(r.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n'));
  const res = r.content.filter((c) => c.type === 'resource').reduce((n, c) => n + tokens(c.resource.text ?? ''), 0);
  const st = r.structuredContent ? tokens(JSON.stringify(r.structuredContent)) : 0;
  const total = md + res + st;
  console.log(`${action.padEnd(28)} ${String(md).padStart(9)} ${String(res).padStart(9)} ${String(st).padStart(11)} ${String(total).padStart(9)} ${(total / md).toFixed(2).padStart(6)}x`);
}
await client.close();
await sandbox.close();
