// Confirmation of destructive actions (SPEC "Destructive action confirmation").
import type { Action } from '../catalog/define.js';
import type { SurfaceKind } from './validate.js';

/** What asking the user produced. */
export type ElicitOutcome = 'approved' | 'declined' | 'dismissed' | 'not-confirmed';

/** Whether a call of this action must be confirmed, given its params (two handlers decide for themselves). */
export function needsConfirmation(action: Action, params: Record<string, unknown>): boolean {
  if (action.id === 'issue.work_item_update') {
    // An explicit empty list clears every entry: that cannot be undone by the opposite call.
    return (Array.isArray(params.assignee_ids) && params.assignee_ids.length === 0) || (Array.isArray(params.crm_contact_ids) && params.crm_contact_ids.length === 0);
  }
  if (action.id === 'project.pull_mirror_configure') {
    // Asks when the resulting configuration pulls and overwrites diverged branches and this call arms
    // it (the flag itself, enabling the mirror, or a new URL). The stored configuration is not read
    // before asking, so a call that arms without saying overwrite=false is treated as possibly
    // overwriting: fail closed.
    const arms = params.mirror_overwrites_diverged_branches === true || params.enabled === true || typeof params.url === 'string';
    return arms && params.mirror_overwrites_diverged_branches !== false;
  }
  return action.destructive;
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
