// The one call path. Every surface hands (action, params, confirm) here:
// validate → read-only/scope → safe mode → confirmation → local paths (→ confirming a replaced file) →
// rate limit → execute → render. A download to a local path is a local write: read-only refuses it and
// safe mode previews it, as they do platform writes.
import { meter } from './meter.js';
import { fineGrainedRefusal } from '../session/grant.js';
import { atTier, type Action } from '../catalog/define.js';
import type { Session } from '../session/session.js';
import { callLabel, validateCall, type SurfaceKind } from './validate.js';
import { availability, fineGrainedRefuses, isListed, paramTierRefusal, withheldMessage } from './access.js';
import { decideConfirmation, decideOverwrite, type ElicitOutcome } from './confirm.js';
import { checkLocalPaths, localWriteOf, type ApprovedPath } from './localpath.js';
import { uploadProblem } from './transfer.js';
import { bareProjects, companionProblem, confirmationsProblem, guardSteps, previewSteps, runSteps } from './steps.js';
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

  // A parameter of a higher plan than the instance's is refused by name; the rest is validated as this tier offers it.
  const aboveTier = paramTierRefusal(action, req.params, s, callLabel(surface, action));
  if (aboveTier) return errorResult(aboveTier);
  const v = validateCall({ surface, action: atTier(action, s.tier), params: req.params, paramsPresent: req.paramsPresent });
  if (!v.ok) return errorResult(v.help ? `${v.message}\n\n${await v.help((a) => isListed(a, s))}` : v.message);
  const confirm = v.confirm || req.confirm === true;
  const companions = companionProblem(action, v.params);
  if (companions) return errorResult(companions);
  const confirmations = confirmationsProblem(s, action, v.params);
  if (confirmations) return errorResult(confirmations);
  const upload = uploadProblem(action, v.params);
  if (upload) return errorResult(upload);

  const localWrite = localWriteOf(action, v.params);
  if (localWrite !== undefined && s.config.readOnly) {
    const without = action.params.output_path?.required ? '' : ' Leave output_path out to have the content shown instead.';
    return errorResult(`${action.operation}: output_path "${localWrite}" would write a file on this machine, and read-only mode (FORGE_MCP_READ_ONLY) allows no writes, local ones included; nothing was sent.${without}`);
  }
  if ((action.writes || localWrite !== undefined) && s.config.safeMode) {
    return previewSteps(safeModeCard({ actionId: action.id, args: v.params, surface, localWrite }), action, v.params);
  }

  // Fine-grained withholding comes after read-only and safe mode, before any confirmation; the
  // refusal spends its rate-limit token like any call (and charges no failure budget).
  const withheld = fineGrainedRefuses(action, avail, s);
  let approved: Record<string, ApprovedPath> = {};
  let replaceConfirmed = false;
  if (!withheld) {
    // What a person confirms is what is changed: a destructive call names its project exactly, not by a short name
    // the server would look up only after the confirmation.
    const bare = action.destructive ? bareProjects(action, v.params) : [];
    if (bare.length) {
      return errorResult(`${action.operation}: ${bare.map((n) => `${n} ${JSON.stringify(String(v.params[n]).slice(0, 120))}`).join(', ')} is a short name; a destructive action takes the project's full path or ID (e.g. group/project or 42), so that what is confirmed is exactly what is changed. Nothing was sent.`);
    }
    const decision = decideConfirmation({ action, params: v.params, confirm, yolo: s.config.yolo, surface, canPrompt: req.canPrompt, answer: req.answer });
    if (decision.kind === 'refuse') return errorResult(decision.message);
    if (decision.kind === 'ask') return { ask: decision.message };
    // The other actions a call's companions run (resolve the thread, close the issue) are guarded alike.
    const steps = guardSteps(s, { action, params: v.params, surface, confirm, canPrompt: req.canPrompt, answer: req.answer });
    if (steps.kind === 'refuse') return errorResult(steps.message);
    if (steps.kind === 'ask') return { ask: steps.message };

    const checked = checkLocalPaths(action, v.params, {
      transport: s.config.transport, cwd: process.cwd(), allowedDirs: s.config.allowedDirs, maxFileSize: s.config.uploadMaxFileSize, envFile: s.config.envFile,
    });
    if ('refusal' in checked) return errorResult(checked.refusal);
    approved = checked.approved;

    // Replacing an existing local file: the call said overwrite (else the check refused), the user confirms.
    if (localWrite !== undefined && Object.values(approved).some((a) => a.kind === 'write-file' && a.exists)) {
      const replace = decideOverwrite({ action, path: localWrite, confirm, surface, canPrompt: req.canPrompt, answer: req.answer });
      if (replace.kind === 'refuse') return errorResult(replace.message);
      if (replace.kind === 'ask') return { ask: replace.message };
      replaceConfirmed = true;
    }
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
  // A wait's re-reads draw from the same bucket as calls: one call cannot flood the platform.
  return runSteps(s, action, v.params, { signal: req.signal, approved, replaceConfirmed, meter: () => meter(s, 'tools/call', req.toolName), show: req.fields });
}
