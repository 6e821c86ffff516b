// Results as the rendering tests read them: GitLab's recorded answers (test/fixtures/responses/), a call's
// Markdown and structuredContent, and the lines of a Markdown table.
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, text, type Running, type ToolResultLike } from './harness.js';

type Rec = Record<string, unknown>;

/** The recorded body of test/fixtures/responses/<name>.json. */
export const responseFixture = (name: string): unknown =>
  (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'responses', `${name}.json`), 'utf8')) as { body: unknown }).body;

/** forge_execute_action with `extra` beside action and params; fails the test, quoting the answer, when it is an error. */
export async function answered(srv: Running, action: string, params: Rec, extra: Rec = {}): Promise<{ md: string; st: Rec }> {
  const r: ToolResultLike = await srv.call('forge_execute_action', { action, params, ...extra });
  expect(r.isError, text(r)).toBeFalsy();
  return { md: r.content[0]!.text!, st: r.structuredContent as Rec };
}

/** The first table line of the Markdown (its header). */
export const tableHeader = (md: string): string | undefined => md.split('\n').find((l) => l.startsWith('| '));

/** The first table row (or any line) that starts with `start`. */
export const tableRow = (md: string, start: string): string | undefined => md.split('\n').find((l) => l.startsWith(start));
