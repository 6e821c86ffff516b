// Metered methods (SPEC "Limits"): per-entry buckets for calls, listings and completions, the
// process-wide tools/list bucket, and the refusal summary (one WARN line per ten seconds). Every
// metered method passes the one gate, `meter`; HTTP replicas may share the per-entry buckets.
import type { Config } from '../config/index.js';
import type { Logger } from '../observe/log.js';
import { metrics } from '../observe/metrics.js';
import { TokenBucket } from '../session/token-bucket.js';
import { LIST_RATE_DIVISOR, type BucketName, type Meters } from '../session/meters.js';

export type { BucketSpec, BucketStore } from '../session/meters.js';

/** JSON-RPC code of a rate-limit refusal on a metered method other than tools/call (answered in band). */
export const RATE_LIMITED_CODE = -42900;

export type MeteredMethod = 'tools/call' | 'resources/read' | 'resources/subscribe' | 'subscriptions/listen' | 'prompts/get' | 'tools/list' | 'completion/complete';

/** Which bucket each metered method draws from. */
const BUCKET_OF: Readonly<Record<MeteredMethod, BucketName>> = {
  'tools/call': 'calls', 'resources/read': 'calls', 'resources/subscribe': 'calls', 'subscriptions/listen': 'calls', 'prompts/get': 'calls',
  'tools/list': 'lists', 'completion/complete': 'completions',
};


/** What the gate needs of a session. */
export interface Metered { readonly meters: Meters; readonly log: Logger; readonly config: Config }

/**
 * The one metering gate: draws one token for `method` from the session's bucket. Returns undefined
 * when admitted, else the refusal's words (counted, and summarized in the ten-second WARN line).
 * `what` names the request in the words (a tool call names its tool).
 */
export async function meter(s: Metered, method: MeteredMethod, what: string = method): Promise<string | undefined> {
  const bucket = BUCKET_OF[method];
  if (await s.meters.take(bucket)) return undefined;
  noteRefusal(s.log, method, 'entry');
  return rateLimitMessage(what, s.config, 'entry', bucket);
}

/** Process-wide tools/list bucket in HTTP mode: 3,000 tools per second, 48,000 in hand (not configurable). */
const PROCESS_TOOLS_RATE = 3_000;
const PROCESS_TOOLS_BURST = 48_000;
let processTools: TokenBucket | undefined;

/** The process-wide listing gate (HTTP): stays per process, also with shared state (SPEC ties it to the process). */
export function meterProcessListing(s: Metered, tools: number): string | undefined {
  processTools ??= new TokenBucket(PROCESS_TOOLS_RATE, PROCESS_TOOLS_BURST);
  if (s.config.transport !== 'http' || processTools.take(tools)) return undefined;
  noteRefusal(s.log, 'tools/list', 'process');
  return rateLimitMessage('tools/list', s.config, 'process');
}

type MeterScope = 'entry' | 'process';

const SUMMARY_MS = 10_000;
let rootLog: Logger | undefined;
const pending = new Map<MeterScope, Map<string, number>>();
let timer: NodeJS.Timeout | undefined;

/** The logger the summary line goes to (the process logger, so no credential handle rides on it). */
export function setMeterLog(log: Logger): void {
  rootLog = log;
}

/** Counts a refusal; the first of a ten-second window arms one WARN line summarizing the window. */
function noteRefusal(log: Logger, method: string, scope: MeterScope): void {
  metrics.rateLimited.inc({ method, scope });
  let m = pending.get(scope);
  if (!m) pending.set(scope, (m = new Map()));
  m.set(method, (m.get(method) ?? 0) + 1);
  if (timer) return;
  const out = rootLog ?? log;
  timer = setTimeout(() => {
    timer = undefined;
    for (const [sc, counts] of pending) out.warn({ scope: sc, refused: Object.fromEntries(counts), window_s: SUMMARY_MS / 1000 }, 'rate limit refusals in the last ten seconds');
    pending.clear();
  }, SUMMARY_MS);
  timer.unref();
}

function rateLimitMessage(what: string, config: Config, scope: MeterScope, bucket: BucketName = 'lists'): string {
  if (scope === 'process') return `rate limit exceeded for ${what}: this server is listing tools for too many sessions at once; wait a moment and retry`;
  // Each bucket states its own rate: tools/list refills a tenth as fast as the calls.
  const rps = bucket === 'lists' ? Number((config.rateLimit.rps / LIST_RATE_DIVISOR).toPrecision(6)) : config.rateLimit.rps;
  return `rate limit exceeded for ${what}: more than ${rps} requests per second (burst ${config.rateLimit.burst}); wait a moment and retry`;
}
