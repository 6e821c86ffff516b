// Calls the user approved (`confirm: true`), as the sandbox flow tests make them: the answer; its text when
// it succeeded; its text when it was refused. Each fails the test, quoting the answer, when it went the other way.
import { expect } from 'vitest';
import { text, type Running, type ToolResultLike } from './harness.js';

type Params = Record<string, unknown>;

export const runApproved = (srv: Running, action: string, params: Params = {}): Promise<ToolResultLike> =>
  srv.call('forge_execute_action', { action, params, confirm: true });

export async function okText(srv: Running, action: string, params: Params = {}): Promise<string> {
  const r = await runApproved(srv, action, params);
  expect(r.isError, `${action} → ${text(r)}`).toBeFalsy();
  return text(r);
}

export async function refusedText(srv: Running, action: string, params: Params = {}): Promise<string> {
  const r = await runApproved(srv, action, params);
  expect(r.isError, `${action} was not refused: ${text(r)}`).toBe(true);
  return text(r);
}
