// The app tools' calls. Every platform request goes through runCall (via runRaw); a destructive
// action from a view is asked of the user first (confirm.ts).
import { catalog } from '../catalog/index.js';
import type { AskUser, UnknownActionAnswer } from '../pipeline/call.js';
import type { ElicitOutcome } from '../pipeline/confirm.js';
import { availability } from '../pipeline/access.js';
import { errorResult, type ToolResult } from '../render/result.js';
import type { Session } from '../session/session.js';
import { envelopeProblem } from '../surfaces/types.js';
import { decideFromView } from './confirm.js';
import { runRaw } from './raw.js';
import { show } from './show.js';
import { SHOW_TOOL, VIEW_ACTIONS, VIEW_TOOL } from './tools.js';
import { diffFile, diffFiles, tracePage } from './shape.js';

export interface AppCallContext {
  canPrompt: boolean;
  answer?: ElicitOutcome;
  signal?: AbortSignal;
  unknownAction: UnknownActionAnswer;
}

export interface AppAnswer { result: ToolResult; actions: string[] }

const ALLOWED: ReadonlySet<string> = new Set(VIEW_ACTIONS);

export async function callAppTool(s: Session, name: string, args: unknown, ctx: AppCallContext): Promise<AppAnswer | AskUser> {
  if (name === SHOW_TOOL) return show(s, args, ctx);
  const problem = envelopeProblem(args, ['action', 'params', 'before', 'file'], ['action', 'params']);
  if (problem) return { result: errorResult(problem), actions: [] };
  const { action: id, params, before, file } = args as { action: unknown; params: unknown; before?: unknown; file?: unknown };
  if (typeof id !== 'string' || !ALLOWED.has(id)) {
    return { result: errorResult(`${VIEW_TOOL}: ${JSON.stringify(String(id).slice(0, 80))} is not an action a view may run.`), actions: [] };
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return { result: errorResult(`${VIEW_TOOL}: params must be an object`), actions: [] };
  if (before !== undefined && (!Number.isInteger(before) || (before as number) < 0)) return { result: errorResult(`${VIEW_TOOL}: before must be a byte offset`), actions: [] };
  if (file !== undefined && typeof file !== 'string') return { result: errorResult(`${VIEW_TOOL}: file must be a path`), actions: [] };
  const action = catalog().get(id)!;

  // Asked only when the call could run: a withheld action or safe mode answers without a prompt.
  let confirm = false;
  if (availability(action, s) === 'ok' && !(action.writes && s.config.safeMode)) {
    const decision = decideFromView(action, ctx.canPrompt, ctx.answer);
    if (decision.kind === 'refuse') return { result: errorResult(decision.message), actions: [id] };
    if (decision.kind === 'ask') return { ask: decision.message };
    confirm = action.destructive;
  }
  const out = await runRaw(s, { toolName: VIEW_TOOL, action, params: params as Record<string, unknown>, confirm, canPrompt: false, signal: ctx.signal }, ctx.unknownAction);
  if ('ask' in out) return out;
  if (out.result.isError || out.raw === undefined) return { result: out.result, actions: [id] };
  let data: Record<string, unknown>;
  if (id === 'job.trace') data = tracePage(typeof out.raw === 'string' ? out.raw : '', before as number | undefined);
  else if (id === 'mr_review.changes_get') data = typeof file === 'string' ? { file: diffFile(out.raw, file) ?? null } : { files: diffFiles(out.raw) };
  else data = { data: out.raw };
  return { result: { content: [{ type: 'text', text: `${id}: done` }], structuredContent: data }, actions: [id] };
}
