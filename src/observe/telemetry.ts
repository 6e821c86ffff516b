// OpenTelemetry, at no cost when off. The SDK lives in src/observe/otel.ts, a chunk of its own loaded
// only when an OTLP endpoint is configured by the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT, or
// the per-signal …_TRACES_ENDPOINT / …_METRICS_ENDPOINT; OTEL_SDK_DISABLED=true turns it all off) or
// when HTTP mode serves /metrics. Until then the hooks below only run the work they wrap.
// What is recorded never names the credential handle, the token, arguments or user data (SPEC "Logs
// and metrics"): tools, catalog actions, outcomes, HTTP methods and status codes, the instance host.
import type { Logger } from './log.js';

/** How a tool call ended: answered, failed at the platform, refused before it, rate-limited, or asking the user first. */
export type CallOutcome = 'ok' | 'error' | 'refused' | 'rate_limited' | 'asked';

/** How far a call got, set by the pipeline as it goes (src/pipeline/call.ts). */
export interface CallProgress { stage: 'refused' | 'rate_limited' | 'platform' }

export interface RequestFacts {
  method: string;
  graphql: boolean;
  server: URL;
  /** 0 for the first send, then 1, 2 for resends. */
  attempt: number;
}

/** What src/observe/otel.ts provides once loaded. */
export interface TelemetryRuntime {
  callSpan<T>(tool: string, action: string, run: () => Promise<T>, outcomeOf: (value: T) => CallOutcome): Promise<T>;
  requestSpan<T extends { status: number }>(facts: RequestFacts, run: () => Promise<T>): Promise<T>;
  flush(): Promise<void>;
}

export interface OtlpSignals { traces: boolean; metrics: boolean }

type Env = Record<string, string | undefined>;

const isSet = (v: string | undefined) => v !== undefined && v.trim() !== '';

/** Which signals go to a collector, from the standard variables only. */
function otlpSignals(env: Env = process.env): OtlpSignals {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { traces: false, metrics: false };
  const any = isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const wants = (signal: 'TRACES' | 'METRICS') => (any || isSet(env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`])) && env[`OTEL_${signal}_EXPORTER`]?.trim().toLowerCase() !== 'none';
  return { traces: wants('TRACES'), metrics: wants('METRICS') };
}

let runtime: TelemetryRuntime | undefined;
let starting: Promise<void> | undefined;

/**
 * Starts telemetry once per process: OTLP export of the signals the environment asks for, and the
 * Prometheus reader behind /metrics when `prometheus` (HTTP mode). Loads nothing when neither is wanted.
 */
export function startTelemetry(opts: { log: Logger; prometheus: boolean }): Promise<void> {
  const otlp = otlpSignals();
  if (!otlp.traces && !otlp.metrics && !opts.prometheus) return Promise.resolve();
  starting ??= import('./otel.js').then(async ({ createRuntime }) => {
    runtime = await createRuntime({ otlp, prometheus: opts.prometheus, log: opts.log });
  }).catch((err: unknown) => {
    // Telemetry never stops the server: it runs without it, and says so.
    opts.log.warn({ error: (err as Error)?.message ?? String(err) }, 'OpenTelemetry could not start; nothing is exported');
  });
  return starting;
}

/** Exports what is pending (bounded), before the process ends. */
export async function flushTelemetry(): Promise<void> {
  await runtime?.flush();
}

/** Wraps one tool call: its span (parent of the platform requests it makes), its count and duration. */
export function observeCall<T>(tool: string, action: string, run: (progress: CallProgress) => Promise<T>, isError: (value: T) => boolean | 'asked'): Promise<T> {
  if (!runtime) return run({ stage: 'refused' });
  const progress: CallProgress = { stage: 'refused' };
  const outcomeOf = (value: T): CallOutcome => {
    const e = isError(value);
    if (e === 'asked') return 'asked';
    if (progress.stage === 'platform') return e ? 'error' : 'ok';
    return progress.stage;
  };
  return runtime.callSpan(tool, action, () => run(progress), outcomeOf);
}

/** Wraps one send to the platform (a child span of the tool call in progress, if any). */
export function observeRequest<T extends { status: number }>(facts: RequestFacts, run: () => Promise<T>): Promise<T> {
  return runtime ? runtime.requestSpan(facts, run) : run();
}
