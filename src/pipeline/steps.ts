// One call where GitLab's UI takes one step (issue #30): the companions of a call, run around its main
// request in order — lookups (projects by bare name, people, milestones, namespaces), the reads that complete a param (current reviewers,
// the file to edit), the main request, then the follow-on actions (resolve the thread, close the issue).
// Every step is a catalog action, so the guards of the call apply to each before anything is sent.
import type { Action, Companion } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import type { Session } from '../session/session.js';
import type { ForgeRequest } from '../forge/types.js';
import { describeFailure, isFailure } from '../forge/classify.js';
import { deadlineSignal } from '../forge/client.js';
import { buildRequest, switchedRoute } from './request.js';
import { execute, type RunContext } from './execute.js';
import { memberSourceOf } from './member-source.js';
import { isBareProjectName, lookUp, projectPaths, Unresolved, type Read, type Resolution } from './companions.js';
import { availability, fineGrainedRefuses, withheldMessage } from './access.js';
import { decideConfirmation, needsConfirmation, type ConfirmDecision, type ElicitOutcome } from './confirm.js';
import { fineGrainedRefusal } from '../session/grant.js';
import type { SurfaceKind } from './validate.js';
import { code } from '../render/contain.js';
import { errorResult, type ToolResult } from '../render/result.js';

type Params = Record<string, unknown>;

/**
 * Each action's companion params in the entry's order, found once per params object (a call asks up to four times,
 * most actions have none): an entry given other params is read anew.
 */
const companionsOf = new WeakMap<Action['params'], ReadonlyArray<[string, Companion]>>();

/**
 * The companions given in this call that run steps, in the entry's order (a route companion only picks the route:
 * request.ts; a member source is read after the list: member-source.ts).
 */
function givenCompanions(action: Action, params: Params): Array<[string, Companion]> {
  let all = companionsOf.get(action.params);
  if (!all) {
    all = Object.entries(action.params).filter(([, p]) => p.companion && !('route' in p.companion) && !('memberSource' in p.companion)).map(([n, p]) => [n, p.companion!]);
    companionsOf.set(action.params, all);
  }
  return all.length ? all.filter(([n]) => params[n] !== undefined) : [];
}

/** Each action's project params (`idOrPath: 'project'`), found once per params object. */
const projectParamsOf = new WeakMap<Action['params'], readonly string[]>();

/** The project params of this call given as a bare name (`demo-project`), which the server looks up first. */
export function bareProjects(action: Action, params: Params): string[] {
  let all = projectParamsOf.get(action.params);
  if (!all) projectParamsOf.set(action.params, (all = Object.entries(action.params).filter(([, p]) => p.idOrPath === 'project').map(([n]) => n)));
  return all.filter((n) => isBareProjectName(params[n]));
}

/**
 * A step's params: the ones it requires, taken from the call (they name the same object: project,
 * issue, thread), plus its own. Nothing else of the call is passed on (a comment's created_at is not the issue's).
 */
function paramsFor(step: Action, from: Action, params: Params, own: Params = {}): Params {
  const out: Params = {};
  for (const [n, p] of Object.entries(step.params)) if (p.required && params[n] !== undefined && !from.params[n]?.companion) out[n] = params[n];
  return { ...out, ...own };
}

/** The other catalog actions a call runs, each with its params (for the guards and the preview). */
function stepActions(action: Action, params: Params): Array<{ action: Action; params: Params; why: string }> {
  const out: Array<{ action: Action; params: Params; why: string }> = [];
  // A bare project name is looked up with the project list: a read, guarded as one.
  for (const name of bareProjects(action, params)) out.push({ action: catalog().get('project.list')!, params: { search: params[name], membership: true }, why: name });
  for (const [name, c] of givenCompanions(action, params)) {
    const read = 'users' in c && c.adds ? c.adds.read : 'replaceOnce' in c ? c.replaceOnce.read : 'diffLine' in c ? c.diffLine.read : undefined;
    if (read) out.push({ action: catalog().get(read)!, params: paramsFor(catalog().get(read)!, action, params, 'replaceOnce' in c && !c.replaceOnce.field ? { ref: editBase(params) } : {}), why: name });
    if ('then' in c) out.push({ action: catalog().get(c.then)!, params: paramsFor(catalog().get(c.then)!, action, params, { [c.as]: params[name] }), why: name });
  }
  // The member source reads the project or group itself and the direct members of each group above it.
  const of = memberSourceOf(action, params);
  if (of) {
    const at = of === 'project' ? { project_id: params.project_id } : { group_id: params.group_id };
    // The groups read are known only from the answer: the guards judge the action, not the group.
    out.push({ action: catalog().get(`${of}.get`)!, params: at, why: 'source' }, { action: catalog().get('group.members')!, params: {}, why: 'source' });
  }
  return out;
}

/**
 * What the companions given make impossible, before anything is sent: a companion beside the param it
 * fills, an empty list (it would clear every entry without the confirmation GitLab's own empty list gets),
 * one half of an edit without the other.
 */
export function companionProblem(action: Action, params: Params): string | undefined {
  const switched = switchedRoute(action, params);
  if (switched && memberSourceOf(action, params)) {
    return `${action.operation}: source says where each row of the members/all list comes from; with ${switched.param}: true every row is a direct member. Drop source or ${switched.param}. Nothing was sent.`;
  }
  const refused = switched?.refuses.filter((n) => params[n] !== undefined);
  if (switched && refused?.length) {
    return `${action.operation}: GitLab's ${switched.names} route (${switched.method} ${switched.path}) does not take ${refused.join(', ')}; drop ${refused.length > 1 ? 'them' : 'it'}, or ${switched.param}. Nothing was sent.`;
  }
  const filled = new Map<string, string>();
  for (const [name, c] of givenCompanions(action, params)) {
    if ('partOf' in c) {
      if (params[c.partOf] === undefined) return `${action.operation}: ${name} goes with ${c.partOf}; give both`;
      continue;
    }
    if ('then' in c || 'route' in c || 'memberSource' in c) continue;
    if (Array.isArray(params[name]) && (params[name] as unknown[]).length === 0) {
      return `${action.operation}: ${name} needs at least one @username (to clear the list, send ${c.fills}: [] instead)`;
    }
    if (params[c.fills] !== undefined) return `${action.operation}: give ${name} or ${c.fills}, not both`;
    if (filled.has(c.fills)) return `${action.operation}: give ${filled.get(c.fills)} or ${name}, not both (both fill ${c.fills})`;
    filled.set(c.fills, name);
    if ('replaceOnce' in c && params[c.replaceOnce.with] === undefined) return `${action.operation}: ${name} goes with ${c.replaceOnce.with}; give both`;
    if ('diffLine' in c) {
      const problem = diffLineProblem(params[name] as Params);
      if (problem) return `${action.operation}: ${name} ${problem}. Nothing was sent.`;
    }
  }
  return undefined;
}

/** A line number of a diff line; null is none, as GitLab's own positions say it (`old_line: null` for an added line). */
const absent = (v: unknown): boolean => v === undefined || v === null;
const lineNumber = (v: unknown): boolean => absent(v) || (Number.isSafeInteger(v) && (v as number) > 0);

/** What is wrong with a diff line given as `{path, new_line, old_line, old_path}` (an object: the schema checked it), if anything. */
function diffLineProblem(l: Params): string | undefined {
  const extra = Object.keys(l).filter((k) => !['path', 'new_line', 'old_line', 'old_path'].includes(k));
  if (extra.length) return `takes path, new_line, old_line and old_path only (not ${extra.join(', ')})`;
  if (typeof l.path !== 'string' || !l.path.trim()) return 'needs path: the file\'s path in the diff';
  if (!absent(l.old_path) && (typeof l.old_path !== 'string' || !l.old_path.trim())) return 'old_path is the renamed file\'s path before the change';
  if (!lineNumber(l.new_line) || !lineNumber(l.old_line)) return 'line numbers are positive integers';
  if (absent(l.new_line) && absent(l.old_line)) return 'needs new_line (an added or unchanged line) or old_line (a removed one)';
  return undefined;
}

/** GitLab's text position of a diff line on the merge request's current diff (its `diff_refs`). */
function positionOf(line: Params, mr: Params | null): Params {
  const refs = mr?.diff_refs as Params | null | undefined;
  if (!refs || typeof refs.base_sha !== 'string' || typeof refs.head_sha !== 'string' || typeof refs.start_sha !== 'string') {
    throw new Unresolved('the merge request answered no diff_refs (base, start and head SHAs) to place the line on');
  }
  return {
    base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, position_type: 'text',
    // A renamed file is found by both its paths (GitLab's Position#paths); else the file diffs as added.
    old_path: absent(line.old_path) ? line.path : line.old_path, new_path: line.path,
    ...(absent(line.old_line) ? {} : { old_line: line.old_line }), ...(absent(line.new_line) ? {} : { new_line: line.new_line }),
  };
}

/**
 * One confirmation (`confirm: true`, one approved prompt) approves one destructive action: a call whose
 * companions would run more than one is refused before anyone is asked and before anything is sent, so an
 * answer given for the first never approves a later one.
 */
export function confirmationsProblem(s: Session, action: Action, params: Params): string | undefined {
  if (s.config.yolo) return undefined;
  const asking = [{ action, params }, ...stepActions(action, params)].filter((x) => needsConfirmation(x.action, x.params));
  if (asking.length < 2) return undefined;
  return `${action.operation}: this call would run ${asking.length} destructive actions (${asking.map((x) => x.action.id).join(', ')}), and one confirmation approves one action. Run them as separate calls, each confirmed on its own. Nothing was sent.`;
}

/**
 * The guards of the call applied to every other action it runs: withheld (read-only, scope, fine-grained)
 * refuses, a destructive step asks or refuses like a call of its own.
 */
export function guardSteps(s: Session, req: {
  action: Action; params: Params; surface: SurfaceKind; confirm: boolean; canPrompt: boolean; answer?: ElicitOutcome;
}): ConfirmDecision {
  for (const step of stepActions(req.action, req.params)) {
    const avail = availability(step.action, s);
    const also = `${req.action.id} with ${step.why} also runs ${step.action.id}, which this session may not run: `;
    if (avail === 'absent') return { kind: 'refuse', message: `${also}it is not part of this deployment. Nothing was sent.` };
    if (avail === 'read-only' || avail === 'scope') return { kind: 'refuse', message: also + withheldMessage(step.action, avail) };
    if (fineGrainedRefuses(step.action, avail, s)) return { kind: 'refuse', message: also + fineGrainedRefusal(step.action, s, req.surface) };
    const d = decideConfirmation({ action: step.action, params: step.params, confirm: req.confirm, yolo: s.config.yolo, surface: req.surface, canPrompt: req.canPrompt, answer: req.answer });
    // Said first: the confirmation asked for is the step's, not the call's own.
    if (d.kind !== 'go') return { ...d, message: `${req.action.id} with ${step.why} also runs ${step.action.id}. ${d.message}` };
  }
  return { kind: 'go' };
}

/** The safe-mode preview lists every step of a call that runs more than its own request. */
export function previewSteps(card: ToolResult, action: Action, params: Params): ToolResult {
  const given = givenCompanions(action, params);
  const bare = bareProjects(action, params);
  if (!given.length && !bare.length) return card;
  const lines = bare.map((n) => `look up project ${code(JSON.stringify(params[n]), 200)} (${code(n)}) among your projects, into its full path`);
  for (const [name, c] of given) {
    if ('users' in c) lines.push(`look up ${code(name)} ${code(JSON.stringify(params[name]), 200)} into ${code(c.fills)}`);
    if ('milestone' in c) lines.push(`look up milestone ${code(JSON.stringify(params[name]), 200)} into ${code(c.fills)}`);
    if ('namespace' in c) lines.push(`look up ${c.namespace === 'groups' ? 'group' : 'namespace'} ${code(JSON.stringify(params[name]), 200)} (${code(`GET /${c.namespace}/:path`)}) into ${code(c.fills)}`);
    if ('users' in c && c.adds) lines.push(`read ${code(c.adds.read)} for the current ${code(c.adds.field)}, keep them and add the new ones`);
    if ('diffLine' in c) lines.push(`read ${code(c.diffLine.read)} for its diff SHAs, into ${code(c.fills)} at ${code(JSON.stringify(params[name]), 200)}`);
    if ('replaceOnce' in c) {
      lines.push(c.replaceOnce.field
        ? `read ${code(c.replaceOnce.read)}, replace the text once in its ${code(c.replaceOnce.field)}`
        : `read ${code(c.replaceOnce.read)} at ${code(editBase(params))}, replace the text once, keep its last_commit_id`);
    }
  }
  lines.push(`${code(action.id)} (the call itself)`);
  for (const step of stepActions(action, params)) if (step.action.writes) lines.push(`${code(step.action.id)} with ${code(JSON.stringify(step.params), 400)}`);
  const text = `\n\nSteps this call would run, in order:\n${lines.map((l, i) => `${i + 1}. ${l}`).join('\n')}`;
  const [first, ...rest] = card.content;
  if (first?.type !== 'text') return card;
  const steps = lines.length;
  return { ...card, content: [{ ...first, text: first.text + text }, ...rest], ...(card.structuredContent ? { structuredContent: { ...card.structuredContent, steps } } : {}) };
}

/** Reads one answer for a lookup or a completing read; a failure becomes the call's error. */
class ReadFailed extends Error {}
function reader(s: Session, action: Action, signal: AbortSignal, meter: RunContext['meter']): Read {
  return async (req: ForgeRequest, opts?: { missingOk?: boolean }) => {
    // Each lookup is a request like a call's re-reads: it draws from the caller's rate limit (a cached name costs nothing).
    const refused = await meter();
    if (refused) throw new ReadFailed(`${action.operation}: ${refused}`);
    let res;
    try {
      res = await s.client.send({ ...req, signal });
    } catch (error) {
      throw new ReadFailed(describeFailure({ operation: action.operation, method: req.method, url: `${s.client.baseUrl}/api/v4${req.path}`, writes: false, error }));
    }
    if (res.status === 404 && opts?.missingOk) return undefined;
    if (isFailure(res, false)) throw new ReadFailed(describeFailure({ operation: action.operation, method: req.method, url: res.url || `${s.client.baseUrl}/api/v4${req.path}`, writes: false, response: res }));
    return res.body;
  };
}

const textOf = (r: ToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

interface Prepared { params: Params; resolved: Resolution[]; notes: string[] }

/**
 * The call's params completed before anything is written: a bare project name looked up into its full path, names into ids, the current
 * ids read and kept, the edited file read and its text replaced. A refusal or failed read ends the call here.
 */
async function completeParams(s: Session, action: Action, called: Params, companions: Array<[string, Companion]>, bare: string[], ctx: RunContext): Promise<Prepared | ToolResult> {
  const notes: string[] = [];
  const { signal: deadline, end } = deadlineSignal(s.config.actionTimeoutMs, ctx.signal);
  try {
    const read = reader(s, action, deadline, ctx.meter);
    // Projects first: every later lookup, read and request names the project by its full path.
    const resolved = await projectPaths(s, read, called, bare);
    const input: Params = { ...called, ...Object.fromEntries(resolved.map((r) => [r.param, r.ids[0]])) };
    const params = { ...input };
    for (const [name] of companions) delete params[name];
    for (const [name, c] of companions) {
      if (!('users' in c) && !('milestone' in c) && !('namespace' in c)) continue;
      const r = await lookUp(s, read, action, input, name, c);
      resolved.push(r);
      if ('users' in c && c.adds) {
        const reading = catalog().get(c.adds.read)!;
        const current = await read(buildRequest(reading, paramsFor(reading, action, input)));
        const kept = (Array.isArray((current as Params | null)?.[c.adds.field]) ? ((current as Params)[c.adds.field] as unknown[]) : [])
          .map((u) => Number((u as Params | null)?.id)).filter((n) => Number.isSafeInteger(n));
        params[c.fills] = [...new Set([...kept, ...r.ids])];
        notes.push(`${code(c.fills)}: kept ${kept.length ? kept.join(', ') : 'none'}, added ${r.ids.join(', ')}`);
      } else {
        params[c.fills] = 'users' in c && c.users === 'many' ? r.ids : r.ids[0];
      }
    }
    for (const [name, c] of companions) {
      if (!('diffLine' in c)) continue;
      const reading = catalog().get(c.diffLine.read)!;
      params[c.fills] = positionOf(input[name] as Params, (await read(buildRequest(reading, paramsFor(reading, action, input)))) as Params | null);
      notes.push(`${code(name)}: placed on the merge request's current diff (head ${code(String((params[c.fills] as Params).head_sha).slice(0, 8))})`);
    }
    for (const [name, c] of companions) {
      if (!('replaceOnce' in c)) continue;
      const reading = catalog().get(c.replaceOnce.read)!;
      if (c.replaceOnce.field) {
        const field = c.replaceOnce.field;
        const object = (await read(buildRequest(reading, paramsFor(reading, action, input)))) as Params | null;
        const current = object?.[field];
        if (current !== null && current !== undefined && typeof current !== 'string') throw new Unresolved(`the ${field} read is not text`);
        params[c.fills] = replaceIn(current ?? '', String(input[name]), String(input[c.replaceOnce.with]), name, `the ${field}`, `read it with ${reading.id}`);
        notes.push(`edit: one occurrence replaced in the ${field} read with ${code(reading.id)} (GitLab keeps no base for it: a change made in between is replaced)`);
        continue;
      }
      const file = (await read(buildRequest(reading, paramsFor(reading, action, input, { ref: editBase(input) })))) as Params | null;
      const edit = replaceOnce(file, String(input[name]), String(input[c.replaceOnce.with]), name);
      params[c.fills] = edit.content;
      // A base the caller gives wins: the platform refuses the update when the file changed since.
      params.last_commit_id = input.last_commit_id ?? edit.lastCommit;
      delete params.encoding;
      notes.push(`edit: one occurrence replaced in ${code(input.file_path)} at ${code(editBase(input))}${input.start_branch !== undefined ? ` (the new branch ${code(input.branch)} starts there)` : ''}, based on commit ${code(params.last_commit_id)}`);
    }
    return { params, resolved, notes };
  } catch (e) {
    if (e instanceof Unresolved) return errorResult(`${action.operation}: ${e.message}. Nothing was changed.`);
    if (e instanceof ReadFailed) return errorResult(`${e.message} (a lookup before the call; nothing was changed)`);
    throw e;
  } finally {
    end();
  }
}

/** Runs a validated, guarded call with its companions and bare project names; without any, the call alone. */
export async function runSteps(s: Session, action: Action, input: Params, call: RunContext): Promise<ToolResult> {
  const given = givenCompanions(action, input);
  const bare = bareProjects(action, input);
  if (!given.length && !bare.length) return execute(s, action, input, call);
  // One action deadline for the whole call: its lookups, its main request and every later step.
  const { signal, end } = deadlineSignal(s.config.actionTimeoutMs, call.signal);
  try {
    return await runCompound(s, action, input, given, bare, { ...call, signal });
  } finally {
    end();
  }
}

async function runCompound(s: Session, action: Action, input: Params, given: Array<[string, Companion]>, bare: string[], ctx: RunContext): Promise<ToolResult> {
  const prepared = await completeParams(s, action, input, given, bare, ctx);
  if ('content' in prepared) return prepared;
  const { params, resolved, notes } = prepared;

  const thens = given.filter(([, c]) => 'then' in c) as Array<[string, { then: string; as: string }]>;
  const total = 1 + thens.length;
  const main = await execute(s, action, params, ctx);
  if (main.isError) return main;
  const parts = [resolvedLine(resolved, notes)].filter(Boolean);
  const steps: Array<{ action: string; ok: boolean }> = [{ action: action.id, ok: true }];
  // Before a later step, the first is one line: the last step's answer shows the state after both (a reply's own
  // `resolved: false`, read before the resolve, only misled), and the caller wrote what the first one sent.
  // A first step with no ID to name (a note of quick actions only) keeps its whole answer: it says what changed.
  const brief = total > 1 ? briefOf(main) : '';
  if (total > 1) parts.push(`Step 1 of ${total}: ${code(action.id)} done${brief}.`);
  if (!brief) parts.push(textOf(main));
  let last = main;
  for (const [i, [name, c]] of thens.entries()) {
    const step = catalog().get(c.then)!;
    const refused = await ctx.meter();
    // A later step writes no local file: nothing of the main call's local approvals carries over.
    const r = refused ? errorResult(`${step.operation}: ${refused}`) : await execute(s, step, paramsFor(step, action, params, { [c.as]: input[name] }), { ...ctx, approved: {}, replaceConfirmed: false, show: undefined });
    if (r.isError) {
      const done = steps.map((d, k) => `step ${k + 1} (${d.action}) was done`).join(', ');
      return errorResult(`Step ${i + 2} of ${total} (${step.id}, from ${name}) failed; ${done}: ${textOf(r)}`);
    }
    steps.push({ action: step.id, ok: true });
    parts.push(`Step ${i + 2} of ${total}: ${code(step.id)} (${code(`${c.as}: ${JSON.stringify(input[name])}`)}) done.`, textOf(r));
    last = r;
  }
  const structured = {
    ...(last.structuredContent ?? {}),
    ...(resolved.length ? { resolved: Object.fromEntries(resolved.map((r) => [r.param, { [r.fills]: r.ids.length === 1 && !Array.isArray(r.given) ? r.ids[0] : r.ids }])) } : {}),
    ...(total > 1 ? { steps } : {}),
  };
  const [, ...extra] = main.content;
  return { ...main, content: [{ ...(main.content[0] as { type: 'text'; text: string }), text: parts.join('\n\n') }, ...extra], structuredContent: structured };
}

/** What a step made or changed, by its ID (`: note 5104`, `: #12`), from its structured answer. */
function briefOf(r: ToolResult): string {
  const sc = r.structuredContent as Record<string, unknown> | undefined;
  const what = typeof sc?.noteable_type === 'string' || typeof sc?.body === 'string' ? 'note ' : '';
  if (typeof sc?.iid === 'number') return `: ${what}#${sc.iid}`;
  if (typeof sc?.id === 'number' || typeof sc?.id === 'string') return `: ${what || 'id '}${String(sc.id)}`;
  return '';
}

function resolvedLine(resolved: Resolution[], notes: string[]): string {
  // A project keeps its param: only the value changes (the name given → the full path).
  const items = resolved.map((r) => `${code(r.param)} ${code(JSON.stringify(r.given), 200)} → ${r.fills === r.param ? code(r.ids[0]) : `${code(r.fills)} ${r.ids.join(', ')}`}`);
  return [...(items.length ? [`Resolved: ${items.join('; ')}.`] : []), ...notes].join('\n');
}

/** Where an edit reads the file: GitLab creates `branch` from `start_branch` when one is given, so the text is there. */
const editBase = (p: Params): unknown => p.start_branch ?? p.branch;

/** Replaces exactly one occurrence of `old` in the file read (GitLab's base64 content); refuses 0 or more than 1. */
function replaceOnce(file: Params | null, old: string, replacement: string, name: string): { content: string; lastCommit: string } {
  if (!file || typeof file.content !== 'string' || typeof file.last_commit_id !== 'string') throw new Unresolved('the file could not be read with its last_commit_id');
  const bytes = Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8');
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) throw new Unresolved('the file is not UTF-8 text; send its whole content instead');
  return { content: replaceIn(text, old, replacement, name, 'the file', 'read it with repository.file_get'), lastCommit: file.last_commit_id };
}

/** `text` with exactly one occurrence of `old` replaced; refuses none or several, naming `where` and how to read it. */
function replaceIn(text: string, old: string, replacement: string, name: string, where: string, howToRead: string): string {
  if (!old) throw new Unresolved(`${name} is empty; give the exact text to replace`);
  const first = text.indexOf(old);
  if (first < 0) throw new Unresolved(`${name} was not found in ${where}; ${howToRead} and give the exact text`);
  let count = 0;
  for (let at = first; at >= 0 && count < 100; at = text.indexOf(old, at + old.length)) count++;
  if (count > 1) throw new Unresolved(`${name} occurs ${count === 100 ? '100 or more' : count} times in ${where}; give a longer text that occurs once`);
  return text.slice(0, first) + replacement + text.slice(first + old.length);
}
