// A destructive action asked for by a view is confirmed by the user through elicitation, always: the
// view cannot prove a person clicked, so neither a view's click nor YOLO mode stands in for it.
import type { Action } from '../catalog/define.js';
import type { ElicitOutcome } from '../pipeline/confirm.js';

export type AppDecision = { kind: 'go' } | { kind: 'ask'; message: string } | { kind: 'refuse'; message: string };

export function decideFromView(action: Action, canPrompt: boolean, answer: ElicitOutcome | undefined): AppDecision {
  if (!action.destructive) return { kind: 'go' };
  switch (answer) {
    case 'approved': return { kind: 'go' };
    case 'declined': return { kind: 'refuse', message: `The user declined "${action.id}". Nothing was changed.` };
    case 'dismissed': return { kind: 'refuse', message: `The confirmation prompt for "${action.id}" was dismissed. Nothing was changed.` };
    case 'not-confirmed': return { kind: 'refuse', message: `"${action.id}" was not confirmed. Nothing was changed.` };
    default:
      if (!canPrompt) return { kind: 'refuse', message: `action "${action.id}" is destructive and a view may only run it after the user confirms it in a prompt, which this client cannot show. Nothing was changed.` };
      return { kind: 'ask', message: `Confirm destructive action ${action.id}: ${action.summary}. It was requested from a view.` };
  }
}
