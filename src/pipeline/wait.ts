// Waiting actions (job.wait, pipeline.wait, dependency.export_get): re-read until the object is done.
// The interval and timeout are the entry's params, refused outside their declared `range` by validation;
// the defaults are the entry's too, so the catalog and the code cannot disagree. The wait never runs past
// the action deadline, every pause goes through `sleep` (bounded, abortable), and every re-read draws a
// token from the caller's rate limit like a call: one call cannot send more than 1 + timeout / interval reads.
import type { Action } from '../catalog/define.js';
import type { ForgeRequest, ForgeResponse } from '../forge/types.js';
import { sleep } from '../forge/client.js';

/** The param's value, else the entry's default (both in seconds). */
function seconds(action: Action, params: Record<string, unknown>, name: 'interval_seconds' | 'timeout_seconds'): number {
  const v = params[name] ?? action.params[name]?.default;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new Error(`${action.id}: ${name} has no usable value or default in the catalog`);
  return v;
}

export interface PollOptions {
  action: Action;
  params: Record<string, unknown>;
  /** What `field` of the answer is read from (a dot path). */
  read: (body: unknown) => unknown;
  request: ForgeRequest;
  first: ForgeResponse;
  send: (req: ForgeRequest) => Promise<ForgeResponse>;
  signal: AbortSignal;
  /** The action deadline in ms (0: none). */
  deadlineMs: number;
  /** Draws one rate-limit token before a re-read: the refusal's words, or undefined when admitted. */
  meter: () => Promise<string | undefined>;
}

/** The last answer, or the refusal when the rate limit stopped the wait. */
export type PollOutcome = { res: ForgeResponse } | { refused: string; res: ForgeResponse; reads: number };

export async function pollUntilDone(o: PollOptions): Promise<PollOutcome> {
  const poll = o.action.poll!;
  const intervalMs = seconds(o.action, o.params, 'interval_seconds') * 1000;
  let timeoutMs = seconds(o.action, o.params, 'timeout_seconds') * 1000;
  if (o.deadlineMs > 0) timeoutMs = Math.min(timeoutMs, o.deadlineMs);
  const until = Date.now() + timeoutMs;
  let res = o.first;
  let reads = 1;
  while (!poll.done.includes(String(o.read(res.body))) && Date.now() + intervalMs <= until) {
    await sleep(intervalMs, o.signal);
    const refused = await o.meter();
    if (refused) return { refused, res, reads };
    res = await o.send(o.request);
    reads++;
  }
  return { res };
}
