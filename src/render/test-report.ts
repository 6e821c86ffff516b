// A pipeline's test report (GET …/pipelines/:id/test_report): the totals, one row per suite, and the tests
// that failed or errored with what they printed. "Why did the tests fail" is the question this answer is read
// for; passing tests are counted, not listed (an answer of thousands of cases would say nothing).
import type { RenderInput, Rendered } from './types.js';
import { cell, code, heading, inline, quote, stripControl, toText } from './contain.js';
import { cutText, isRecord, isScalar, num, type Rec } from './shared.js';

/** At most this many failed cases listed, and this many characters of each one's output. */
const MAX_CASES = 30;
const MAX_OUTPUT = 800;
const FAILING = new Set(['failed', 'error']);

const count = (v: unknown): string => (typeof v === 'number' ? num(v) : '?');
const seconds = (v: unknown): string => (typeof v === 'number' ? `${Number(v.toFixed(3))} s` : '');

/** One failed or errored case: suite › name, its status, class and time, then its output cut with a marker. */
function failedCase(suite: string, t: Rec): { lines: string[]; value: Rec } {
  const name = toText(t.name ?? '(unnamed)');
  const tags = [toText(t.status ?? ''), isScalar(t.file) && t.file !== '' ? toText(t.file) : '', isScalar(t.classname) && t.classname !== '' ? `class ${toText(t.classname)}` : '', seconds(t.execution_time)].filter(Boolean);
  const lines = [`- ${code(suite, 120)} › ${inline(name, 300)} (${inline(tags.join(', '), 400)})`];
  const value: Rec = { suite, name, status: t.status ?? null, classname: t.classname ?? null, file: t.file ?? null, execution_time: t.execution_time ?? null };
  for (const key of ['system_output', 'stack_trace'] as const) {
    const raw = t[key];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const { shown, rest } = cutText(stripControl(raw), MAX_OUTPUT);
    lines.push(quote(`${key}:\n${shown}`).replace(/^/gm, '  '));
    if (rest > 0) lines.push(`  (${key} cut: ${num(rest)} more characters; the whole text is in structuredContent.failed_cases)`);
    value[key] = raw;
  }
  return { lines, value };
}

export function renderTestReport(_input: RenderInput, report: Rec): Rendered {
  const suites = Array.isArray(report.test_suites) ? report.test_suites.filter(isRecord) : [];
  const totals = `${count(report.total_count)} tests: ${count(report.success_count)} passed, ${count(report.failed_count)} failed, ${count(report.skipped_count)} skipped, ${count(report.error_count)} errors`;
  const time = seconds(report.total_time);
  const out = [`## Test report: ${totals}${time ? ` (${time})` : ''}`];
  if (suites.length) {
    out.push('', '| suite | tests | passed | failed | skipped | errors | time |', '|---|---|---|---|---|---|---|');
    for (const s of suites) out.push(`| ${cell(s.name ?? '', 120)} | ${count(s.total_count)} | ${count(s.success_count)} | ${count(s.failed_count)} | ${count(s.skipped_count)} | ${count(s.error_count)} | ${seconds(s.total_time)} |`);
  }
  const failing = suites.flatMap((s) => (Array.isArray(s.test_cases) ? s.test_cases.filter(isRecord) : []).filter((t) => FAILING.has(toText(t.status))).map((t) => ({ suite: toText(s.name ?? ''), t })));
  const cases: Rec[] = [];
  if (failing.length) {
    out.push('', `### ${heading(`Failed and errored tests (${num(failing.length)})`)}`, '');
    for (const { suite, t } of failing.slice(0, MAX_CASES)) {
      const c = failedCase(suite, t);
      out.push(...c.lines);
      cases.push(c.value);
    }
    if (failing.length > MAX_CASES) out.push('', `(${num(failing.length - MAX_CASES)} more failed tests not shown to bound the answer; the failing jobs' traces have them)`);
  } else if (suites.some((s) => !Array.isArray(s.test_cases)) && (report.failed_count || report.error_count)) {
    out.push('', '(the report lists no test cases: read the failing job\'s trace for the failures)');
  }
  const structured: Rec = {
    total_count: report.total_count ?? null, success_count: report.success_count ?? null, failed_count: report.failed_count ?? null,
    skipped_count: report.skipped_count ?? null, error_count: report.error_count ?? null, total_time: report.total_time ?? null,
    suites: suites.map((s) => ({ name: s.name ?? null, total_count: s.total_count ?? null, failed_count: s.failed_count ?? null, error_count: s.error_count ?? null })),
    failed_cases: cases,
  };
  return { markdown: out.join('\n'), structured };
}
