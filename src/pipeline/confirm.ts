// Confirmation of destructive actions (SPEC "Destructive action confirmation").
import type { Action } from '../catalog/define.js';
import type { SurfaceKind } from './validate.js';

/** What asking the user produced. */
export type ElicitOutcome = 'approved' | 'declined' | 'dismissed' | 'not-confirmed';

/** Whether a call of this action must be confirmed, given its params (the entry's `confirmWhen`, else its flag). */
function needsConfirmation(action: Action, params: Record<string, unknown>): boolean {
  const when = action.confirmWhen;
  if (!when) return action.destructive;
  if ('emptyList' in when) return when.emptyList.some((name) => Array.isArray(params[name]) && params[name].length === 0);
  const { whenTrue, whenGiven, unlessFalse } = when.arms;
  const arms = whenTrue.some((name) => params[name] === true) || whenGiven.some((name) => params[name] !== undefined && params[name] !== null);
  return arms && params[unlessFalse] !== false;
}

export type ConfirmDecision = { kind: 'go' } | { kind: 'refuse'; message: string } | { kind: 'ask'; message: string };

/**
 * Decides a destructive call. `answer` is the user's reply when the client re-sent the call after an
 * input request; `canPrompt` whether this client can be asked (meta and individual surfaces only).
 */
export function decideConfirmation(opts: {
  action: Action;
  params: Record<string, unknown>;
  confirm: boolean;
  yolo: boolean;
  surface: SurfaceKind;
  canPrompt: boolean;
  answer?: ElicitOutcome;
}): ConfirmDecision {
  const { action, surface } = opts;
  if (!needsConfirmation(action, opts.params)) return { kind: 'go' };
  if (opts.yolo || opts.confirm) return { kind: 'go' };
  const where = surface === 'dynamic' ? 'top level, beside "action" and "params"' : surface === 'meta' ? 'inside "params"' : 'as an argument';
  const failClosed = `action "${action.id}" is destructive (${action.summary}) and was not run: it needs the user's confirmation and this client cannot be asked. Ask the user for explicit approval first; only after they approve, re-send the call with "confirm": true (${where}). Nothing was changed.`;
  if (surface === 'dynamic') return { kind: 'refuse', message: failClosed };
  switch (opts.answer) {
    case 'approved': return { kind: 'go' };
    case 'declined': return { kind: 'refuse', message: `The user declined "${action.id}". Do not retry it; ask the user what they want instead.` };
    case 'dismissed': return { kind: 'refuse', message: `The confirmation prompt for "${action.id}" was dismissed without an answer. Nothing was changed; you may ask again.` };
    case 'not-confirmed': return { kind: 'refuse', message: 'Operation canceled by user.' };
    default:
      if (!opts.canPrompt) return { kind: 'refuse', message: failClosed };
      return { kind: 'ask', message: `Confirm destructive action ${action.id}: ${action.summary}. It cannot be undone by the opposite call.` };
  }
}
