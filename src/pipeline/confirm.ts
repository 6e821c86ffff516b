// Confirmation of destructive actions (SPEC "Destructive action confirmation").
import type { Action } from '../catalog/define.js';
import type { SurfaceKind } from './validate.js';

/** What asking the user produced. */
export type ElicitOutcome = 'approved' | 'declined' | 'dismissed' | 'not-confirmed';

/** Whether a call of this action must be confirmed, given its params (the entry's `confirmWhen`, else its flag). */
export function needsConfirmation(action: Action, params: Record<string, unknown>): boolean {
  const when = action.confirmWhen;
  if (!when) return action.destructive;
  if ('emptyList' in when) return when.emptyList.some((name) => Array.isArray(params[name]) && params[name].length === 0);
  const { whenTrue, whenGiven, unlessFalse } = when.arms;
  const arms = whenTrue.some((name) => params[name] === true) || whenGiven.some((name) => params[name] !== undefined && params[name] !== null);
  return arms && params[unlessFalse] !== false;
}

export type ConfirmDecision = { kind: 'go' } | { kind: 'refuse'; message: string } | { kind: 'ask'; message: string };

interface ConfirmOptions {
  action: Action;
  confirm: boolean;
  surface: SurfaceKind;
  canPrompt: boolean;
  answer?: ElicitOutcome;
}

/**
 * Decides a destructive call. `answer` is the user's reply when the client re-sent the call after an
 * input request; `canPrompt` whether this client can be asked (meta and individual surfaces only).
 */
export function decideConfirmation(opts: ConfirmOptions & { params: Record<string, unknown>; yolo: boolean }): ConfirmDecision {
  const { action } = opts;
  if (!needsConfirmation(action, opts.params)) return { kind: 'go' };
  if (opts.yolo) return { kind: 'go' };
  return flow(opts, {
    failClosed: `action "${action.id}" is destructive (${action.summary}) and was not run: it needs the user's confirmation and this client cannot be asked.`,
    ask: `Confirm destructive action ${action.id}: ${action.summary}. It cannot be undone by the opposite call.`,
  });
}

/**
 * Decides a download that would replace an existing local file (`overwrite: true`): the same flow as a
 * destructive action, except that YOLO mode does not skip it (it waives confirmation of platform
 * actions; a replaced local file, e.g. a Makefile, can run code on this machine).
 */
export function decideOverwrite(opts: ConfirmOptions & { path: string }): ConfirmDecision {
  const shown = JSON.stringify(opts.path);
  return flow(opts, {
    failClosed: `action "${opts.action.id}" would replace the existing local file ${shown} (overwrite: true) and was not run: replacing a file needs the user's confirmation and this client cannot be asked.`,
    ask: `Confirm replacing the local file ${shown} with the download of ${opts.action.id}: its current content is lost.`,
  });
}

function flow(opts: ConfirmOptions, text: { failClosed: string; ask: string }): ConfirmDecision {
  const { action, surface } = opts;
  if (opts.confirm) return { kind: 'go' };
  const where = surface === 'dynamic' ? 'top level, beside "action" and "params"' : surface === 'meta' ? 'inside "params"' : 'as an argument';
  const failClosed = `${text.failClosed} Ask the user for explicit approval first; only after they approve, re-send the call with "confirm": true (${where}). Nothing was changed.`;
  if (surface === 'dynamic') return { kind: 'refuse', message: failClosed };
  switch (opts.answer) {
    case 'approved': return { kind: 'go' };
    case 'declined': return { kind: 'refuse', message: `The user declined "${action.id}". Do not retry it; ask the user what they want instead.` };
    case 'dismissed': return { kind: 'refuse', message: `The confirmation prompt for "${action.id}" was dismissed without an answer. Nothing was changed; you may ask again.` };
    case 'not-confirmed': return { kind: 'refuse', message: 'Operation canceled by user.' };
    default:
      if (!opts.canPrompt) return { kind: 'refuse', message: failClosed };
      return { kind: 'ask', message: text.ask };
  }
}
