// Job logs as the runner writes them: about two hundred lines with ANSI colours and section markers,
// served by the API itself (GET /projects/:id/jobs/:job_id/trace answers 200 text/plain).
import type { JobRec, SandboxState } from './state.js';
import { testRunLines } from './test-run.js';

/** A job log of about two hundred lines, with the runner's ANSI colours and section markers. */
export function traceText(state: SandboxState, job: JobRec): string {
  if (job.status === 'created' || job.status === 'pending' || job.status === 'manual' || job.erased) return '';
  const p = state.projects.get(job.projectId);
  const pl = p?.pipelines.get(job.pipelineId);
  const ts = 1767603600 + job.id;
  const L: string[] = [
    '\u001b[0KRunning with gitlab-runner 17.9.1 (c4e2a0d1)\u001b[0;m',
    '\u001b[0K  on sandbox-runner-1 t3_Xk2Pq9, system ID: s_5c1d2e3f4a5b\u001b[0;m',
    `section_start:${ts}:prepare_executor\r\u001b[0K\u001b[0K\u001b[36;1mPreparing the "docker" executor\u001b[0;m\u001b[0;m`,
    '\u001b[0KUsing Docker executor with image node:20 ...\u001b[0;m',
    '\u001b[0KPulling docker image node:20 ...\u001b[0;m',
    '\u001b[0KUsing docker image sha256:3f1c0e2d for node:20 with digest node@sha256:9a8b7c6d ...\u001b[0;m',
    `section_end:${ts + 4}:prepare_executor\r\u001b[0K`,
    `section_start:${ts + 4}:get_sources\r\u001b[0K\u001b[0K\u001b[36;1mGetting source from Git repository\u001b[0;m\u001b[0;m`,
    '\u001b[32;1mFetching changes with git depth set to 20...\u001b[0;m',
    `Initialized empty Git repository in /builds/${p ? state.projectFullPath(p) : 'project'}/.git/`,
    `\u001b[32;1mCreated fresh repository.\u001b[0;m`,
    `\u001b[32;1mChecking out ${(pl?.sha ?? '0'.repeat(40)).slice(0, 8)} as detached HEAD (ref is ${job.ref})...\u001b[0;m`,
    '',
    '\u001b[32;1mSkipping Git submodules setup\u001b[0;m',
    `section_end:${ts + 6}:get_sources\r\u001b[0K`,
    `section_start:${ts + 6}:step_script\r\u001b[0K\u001b[0K\u001b[36;1mExecuting "step_script" stage of the job script\u001b[0;m\u001b[0;m`,
    '\u001b[32;1m$ npm ci\u001b[0;m',
  ];
  for (let i = 0; i < 12; i++) L.push(`npm warn deprecated package-${i}@1.${i}.0: this version is no longer supported`);
  L.push('', 'added 412 packages, and audited 413 packages in 9s', '', '87 packages are looking for funding', '  run `npm fund` for details', '', 'found 0 vulnerabilities');
  const failed = job.status === 'failed';
  // npm names the package it runs a script of: the project's own package.json at the pipeline's commit, else its path.
  const pkg = packageOf(p?.repo.commits.get(pl?.sha ?? '')?.files.get('package.json')) ?? p?.path ?? 'project';
  if (job.name === 'compile' || job.name === 'build') {
    L.push('\u001b[32;1m$ npm run build\u001b[0;m', '', `> ${pkg} build`, '> tsc', '');
    for (let i = 0; i < 140; i++) L.push(`[tsc] compiled src/module-${String(i).padStart(3, '0')}.ts -> dist/module-${String(i).padStart(3, '0')}.js (${(i * 37) % 900 + 100} bytes)`);
  } else if (job.name === 'lint') {
    L.push('\u001b[32;1m$ npm run lint\u001b[0;m', '', `> ${pkg} lint`, '> eslint .', '');
    for (let i = 0; i < 140; i++) L.push(`[eslint] checked src/module-${String(i).padStart(3, '0')}.ts: 0 problems`);
  } else if (job.name === 'deploy-production') {
    L.push('\u001b[32;1m$ ./deploy.sh production\u001b[0;m');
    for (let i = 0; i < 140; i++) L.push(`deploy: uploading chunk ${i + 1}/140 to production (${(i * 13) % 97 + 3} KiB)`);
  } else {
    L.push('\u001b[32;1m$ npm test -- --coverage\u001b[0;m', '', `> ${pkg} test`, '> vitest run --coverage', '', ' RUN  v3.2.4 /builds/demo', '', ...testRunLines(job));
  }
  if (job.status === 'running') return `${L.join('\n')}\n`;
  L.push(`section_end:${ts + 90}:step_script\r\u001b[0K`);
  if (job.artifacts && !failed) {
    L.push(`section_start:${ts + 90}:upload_artifacts_on_success\r\u001b[0K\u001b[0K\u001b[36;1mUploading artifacts for successful job\u001b[0;m\u001b[0;m`,
      '\u001b[32;1mUploading artifacts...\u001b[0;m', 'dist/: found 12 matching artifact files and directories\u001b[0;m',
      `Uploading artifacts as "archive" to coordinator... 201 Created\u001b[0;m  id\u001b[0;m=${job.id} responseStatus\u001b[0;m=201 Created`,
      `section_end:${ts + 92}:upload_artifacts_on_success\r\u001b[0K`);
  }
  L.push(`section_start:${ts + 92}:cleanup_file_variables\r\u001b[0K\u001b[0K\u001b[36;1mCleaning up project directory and file based variables\u001b[0;m\u001b[0;m`, `section_end:${ts + 93}:cleanup_file_variables\r\u001b[0K`, '');
  L.push(failed ? '\u001b[31;1mERROR: Job failed: exit code 1\n\u001b[0;m' : job.status === 'canceled' ? '\u001b[31;1mERROR: Job failed: canceled\u001b[0;m' : '\u001b[32;1mJob succeeded\u001b[0;m');
  return `${L.join('\n')}\n`;
}

/** `name@version` of a package.json text, or undefined when it names neither. */
function packageOf(text: string | undefined): string | undefined {
  try {
    const j = text ? JSON.parse(text) as { name?: unknown; version?: unknown } : undefined;
    return typeof j?.name === 'string' ? `${j.name}${typeof j.version === 'string' ? `@${j.version}` : ''}` : undefined;
  } catch {
    return undefined;
  }
}
