// The one call path. Every surface hands (action, params, confirm) here:
// validate → read-only/scope → safe mode → confirmation → local paths → rate limit → execute → render.
import { meter } from './meter.js';
import { fineGrainedRefusal } from '../session/grant.js';
import type { Action } from '../catalog/define.js';
import type { Session } from '../session/session.js';
import { validateCall, type SurfaceKind } from './validate.js';
import { availability, fineGrainedRefuses, withheldMessage } from './access.js';
import { decideConfirmation, type ElicitOutcome } from './confirm.js';
import { checkLocalPaths } from './localpath.js';
import { execute } from './execute.js';
import { errorResult, safeModeCard, type ToolResult } from '../render/result.js';
import { observeCall, type CallProgress } from '../observe/telemetry.js';
import type { FieldRequest } from '../render/types.js';

export interface CallRequest {
  surface: SurfaceKind;
  toolName: string;
  action: Action;
  params: unknown;
  paramsPresent: boolean;
  /** Top-level confirm (dynamic surface). */
  confirm?: unknown;
  /** The fields to show in full (`fields`), handed to the renderer. */
  fields?: FieldRequest;
  signal?: AbortSignal;
  /** The client can answer an input request (elicitation). */
  canPrompt: boolean;
  /** The user's answer when the call is re-sent after an input request. */
  answer?: ElicitOutcome;
}

/** The call must ask the user first: the server turns this into an input request. */
export interface AskUser { ask: string }

/** Refusals that depend on which surface asked (read-only on meta answers "unknown action"). */
export type UnknownActionAnswer = (action: Action) => string;

export function runCall(s: Session, req: CallRequest, unknownAction: UnknownActionAnswer): Promise<ToolResult | AskUser> {
  // Counted, timed and traced by outcome (src/observe/telemetry.ts): a no-op when telemetry is off.
  return observeCall(req.toolName, req.action.id, (progress) => decideAndRun(s, req, unknownAction, progress), (r) => ('ask' in r ? 'asked' : r.isError === true));
}

async function decideAndRun(s: Session, req: CallRequest, unknownAction: UnknownActionAnswer, progress: CallProgress): Promise<ToolResult | AskUser> {
  const { action, surface } = req;

  const avail = availability(action, s);
  if (avail === 'absent') return errorResult(unknownAction(action));
  if (avail === 'read-only' || avail === 'scope') {
    // Dynamic: the action exists and is withheld. Meta and individual: it is not part of the surface.
    return errorResult(surface === 'dynamic' ? withheldMessage(action, avail) : unknownAction(action));
  }

  const v = validateCall({ surface, action, params: req.params, paramsPresent: req.paramsPresent });
  if (!v.ok) return errorResult(v.message);
  const confirm = v.confirm || req.confirm === true;

  if (action.writes && s.config.safeMode) {
    return safeModeCard({ actionId: action.id, args: v.params, surface });
  }

  // Fine-grained withholding comes after read-only and safe mode, before any confirmation; the
  // refusal spends its rate-limit token like any call (and charges no failure budget).
  const withheld = fineGrainedRefuses(action, avail, s);
  if (!withheld) {
    const decision = decideConfirmation({ action, params: v.params, confirm, yolo: s.config.yolo, surface, canPrompt: req.canPrompt, answer: req.answer });
    if (decision.kind === 'refuse') return errorResult(decision.message);
    if (decision.kind === 'ask') return { ask: decision.message };

    const pathRefusal = checkLocalPaths(action, v.params, {
      transport: s.config.transport, cwd: process.cwd(), allowedDirs: s.config.allowedDirs, maxFileSize: s.config.uploadMaxFileSize, envFile: s.config.envFile,
    });
    if (pathRefusal) return errorResult(pathRefusal);
  }

  const refused = await meter(s, 'tools/call', req.toolName);
  if (refused) {
    progress.stage = 'rate_limited';
    return errorResult(refused);
  }

  if (withheld) {
    s.log.info({ action: action.id, reason: 'fine_grained' }, 'call withheld');
    return errorResult(fineGrainedRefusal(action, s, surface));
  }

  progress.stage = 'platform';
  return execute(s, action, v.params, req.signal, req.fields);
}
