// The test run of the demo project's `unit-tests` job, in one place: its job log prints it and the pipeline's
// test report (the job's JUnit report) counts it, so the two always agree.
import type { JobRec } from './state.js';

interface TestCase { file: string; name: string; ms: number; failed: boolean }

/** The job whose JUnit report the pipeline's test report reads (`artifacts: reports: junit` in the seeded CI configuration). */
export const TEST_JOB = 'unit-tests';

const FAILURE = 'AssertionError: expected false to be true // Object.is equality';

/** The 131 cases of a test run; the unicode password case fails when the job failed. */
function testCases(job: JobRec): TestCase[] {
  const cases: TestCase[] = [];
  for (let i = 0; i < 130; i++) cases.push({ file: `test/unit/case-${String(i).padStart(3, '0')}.test.ts`, name: 'behaves as documented', ms: (i * 7) % 40 + 1, failed: false });
  cases.push({ file: 'test/login.test.ts', name: 'login > accepts a unicode password', ms: 12, failed: job.status === 'failed' });
  return cases;
}

/** The runner's lines for the cases, and the summary vitest prints once the run ended. */
export function testRunLines(job: JobRec): string[] {
  const cases = testCases(job);
  // A run still going has printed part of its cases (the seeded running job is about half way), and no summary.
  if (job.status === 'running') return cases.slice(0, Math.floor(cases.length / 2)).map((c) => ` \u001b[32m✓\u001b[39m ${c.file} > ${c.name} (${c.ms} ms)`);
  const lines = cases.filter((c) => !c.failed).map((c) => ` \u001b[32m✓\u001b[39m ${c.file} > ${c.name} (${c.ms} ms)`);
  const failed = cases.filter((c) => c.failed);
  for (const c of failed) {
    lines.push(` \u001b[31m×\u001b[39m ${c.file} > ${c.name} ${c.ms}ms`, '', `\u001b[31mFAIL\u001b[39m  ${c.file} > ${c.name}`, FAILURE, '', '- Expected', '+ Received', '', '- true', '+ false', '', ` ❯ ${c.file}:6:55`);
  }
  if (job.status !== 'success' && job.status !== 'failed') return lines;
  const passed = cases.length - failed.length;
  const counts = failed.length ? `${failed.length} failed | ${passed} passed (${cases.length})` : `${passed} passed (${cases.length})`;
  lines.push('', ` Test Files  ${counts}`, `      Tests  ${counts}`);
  if (!failed.length) lines.push('', ' % Coverage report from v8', 'All files          |   87.5 |    81.2 |   90.1 |   87.5 |');
  return lines;
}

/** The counts of a test report or one of its suites, by GitLab's field names (the sandbox has no skipped or erroring cases). */
export interface SuiteCounts { total_time: number; total_count: number; success_count: number; failed_count: number; skipped_count: 0; error_count: 0 }

/** The counts of several suites together (time in seconds, to the millisecond). */
export function suiteCounts(suites: SuiteCounts[]): SuiteCounts {
  const sum = (k: 'total_time' | 'total_count' | 'failed_count') => suites.reduce((t, s) => t + s[k], 0);
  const count = sum('total_count');
  return { total_time: Math.round(sum('total_time') * 1000) / 1000, total_count: count, success_count: count - sum('failed_count'), failed_count: sum('failed_count'), skipped_count: 0, error_count: 0 };
}

/** A JUnit test suite as GitLab's test report shows it: failed cases first, then the slowest first. */
export function testSuite(job: JobRec): { counts: SuiteCounts; cases: Array<Record<string, unknown>> } {
  const cases = testCases(job);
  const failed = cases.filter((c) => c.failed).length;
  const sorted = [...cases].sort((a, b) => Number(b.failed) - Number(a.failed) || b.ms - a.ms);
  return {
    counts: { total_time: cases.reduce((t, c) => t + c.ms, 0) / 1000, total_count: cases.length, success_count: cases.length - failed, failed_count: failed, skipped_count: 0, error_count: 0 },
    cases: sorted.map((c) => ({
      status: c.failed ? 'failed' : 'success', name: c.name, classname: c.file, file: c.file, execution_time: c.ms / 1000,
      system_output: c.failed ? FAILURE : null, stack_trace: null,
    })),
  };
}
