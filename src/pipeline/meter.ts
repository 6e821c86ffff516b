// Metered methods (SPEC "Limits"): per-entry buckets for calls, listings and completions, the
// process-wide tools/list bucket, and the refusal summary (one WARN line per ten seconds).
import type { Config } from '../config/index.js';
import type { Logger } from '../observe/log.js';
import { metrics } from '../observe/metrics.js';
import { TokenBucket } from './ratelimit.js';

/** JSON-RPC code of a rate-limit refusal on a metered method other than tools/call (answered in band). */
export const RATE_LIMITED_CODE = -42900;

export interface Meters {
  /** tools/call, resources/read, resources/subscribe, subscriptions/listen, prompts/get. */
  calls?: TokenBucket;
  /** tools/list: refilled a tenth as fast, same burst. */
  lists?: TokenBucket;
  /** completion/complete: ten times looser in rate and burst. */
  completions?: TokenBucket;
}

/** The tools/list bucket refills this many times slower than the call bucket (SPEC "Limits"). */
const LIST_RATE_DIVISOR = 10;

export function metersFor(config: Config): Meters {
  const { rps, burst } = config.rateLimit;
  if (rps <= 0) return {};
  const b = Math.max(1, burst);
  return { calls: new TokenBucket(rps, b), lists: new TokenBucket(rps / LIST_RATE_DIVISOR, b), completions: new TokenBucket(rps * 10, b * 10) };
}

/** Process-wide tools/list bucket in HTTP mode: 3,000 tools per second, 48,000 in hand (not configurable). */
export const PROCESS_TOOLS_RATE = 3_000;
export const PROCESS_TOOLS_BURST = 48_000;
let processTools: TokenBucket | undefined;
export function processToolsBucket(): TokenBucket {
  processTools ??= new TokenBucket(PROCESS_TOOLS_RATE, PROCESS_TOOLS_BURST);
  return processTools;
}

export type MeterScope = 'entry' | 'process';

const SUMMARY_MS = 10_000;
let rootLog: Logger | undefined;
const pending = new Map<MeterScope, Map<string, number>>();
let timer: NodeJS.Timeout | undefined;

/** The logger the summary line goes to (the process logger, so no credential handle rides on it). */
export function setMeterLog(log: Logger): void {
  rootLog = log;
}

/** Counts a refusal; the first of a ten-second window arms one WARN line summarizing the window. */
export function noteRefusal(log: Logger, method: string, scope: MeterScope): void {
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

export function rateLimitMessage(what: string, config: Config, scope: MeterScope = 'entry'): string {
  if (scope === 'process') return `rate limit exceeded for ${what}: this server is listing tools for too many sessions at once; wait a moment and retry`;
  // Each bucket states its own rate: tools/list refills a tenth as fast as the calls.
  const rps = what === 'tools/list' ? Number((config.rateLimit.rps / LIST_RATE_DIVISOR).toPrecision(6)) : config.rateLimit.rps;
  return `rate limit exceeded for ${what}: more than ${rps} requests per second (burst ${config.rateLimit.burst}); wait a moment and retry`;
}
