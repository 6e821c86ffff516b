// Process instruments (SPEC "Logs and metrics"): address blocks by budget (`forge_mcp.auth.blocks`),
// rate-limit refusals by method and scope, and tool calls by tool, action and outcome with their
// durations. No credential handle, address, user, argument or platform text is ever a dimension.
// They are OpenTelemetry instruments (src/observe/otel.ts binds them to a meter when telemetry
// starts); until then, and in a process that exports nothing, recording is a no-op.
// The same instruments are exposed in the Prometheus text format at GET /metrics in HTTP mode.
import type { Counter as OtelCounter, Histogram as OtelHistogram, Meter } from '@opentelemetry/api';

type Labels = Record<string, string>;

class Counter {
  private bound: OtelCounter | undefined;

  constructor(readonly name: string, readonly description: string) {}

  bind(meter: Meter): void {
    this.bound = meter.createCounter(this.name, { description: this.description });
  }

  inc(labels: Labels = {}, by = 1): void {
    this.bound?.add(by, labels);
  }
}

/** Tool-call durations in seconds: from a cached answer (milliseconds) to a slow search (tens of seconds). */
const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

class Histogram {
  private bound: OtelHistogram | undefined;

  constructor(readonly name: string, readonly description: string, readonly unit: string) {}

  bind(meter: Meter): void {
    this.bound = meter.createHistogram(this.name, { description: this.description, unit: this.unit, advice: { explicitBucketBoundaries: DURATION_BUCKETS_S } });
  }

  record(value: number, labels: Labels): void {
    this.bound?.record(value, labels);
  }
}

export const metrics = {
  authBlocks: new Counter('forge_mcp.auth.blocks', 'Address blocks, by the budget that refused (failure or distinct).'),
  rateLimited: new Counter('forge_mcp.rate_limit.refusals', 'Requests refused by a rate limit, by method and scope (entry or process).'),
  toolCalls: new Counter('forge_mcp.tool.calls', 'Tool calls, by tool, catalog action and outcome (ok, error, refused, rate_limited, asked).'),
  toolDuration: new Histogram('forge_mcp.tool.duration', 'Duration of tool calls, by tool and outcome.', 's'),
  sharedStateRoundTrips: new Counter('forge_mcp.shared_state.round_trips', 'Round trips to the shared state (Redis), by operation.'),
  sharedStateFallbacks: new Counter('forge_mcp.shared_state.fallbacks', 'Operations answered from local state because the shared state (Redis) did not answer, by operation.'),
};

/** Creates every instrument on the meter (once per process, when telemetry starts). */
export function bindInstruments(meter: Meter): void {
  for (const instrument of Object.values(metrics)) instrument.bind(meter);
}

let scrape: (() => Promise<string>) | undefined;

/** The Prometheus text of the instruments, installed by src/observe/otel.ts in HTTP mode. */
export function setScrape(render: () => Promise<string>): void {
  scrape = render;
}

export async function renderMetrics(): Promise<string> {
  return scrape ? scrape() : '';
}
