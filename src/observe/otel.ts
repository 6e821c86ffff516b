// The OpenTelemetry SDK, loaded by src/observe/telemetry.ts only when something is exported (a chunk
// of its own in the bundle: a process with telemetry off never reads this file).
// Metrics: one MeterProvider whose readers are the OTLP exporter (when an endpoint is set) and the
// pull reader behind GET /metrics (HTTP mode). Traces: a span per tool call, with a child span per
// send to the platform, batched to the OTLP exporter. Protocols: http/protobuf (the default) and
// http/json; the exporters read the endpoint, headers, timeout and TLS variables themselves.
import { context, diag, DiagLogLevel, metrics as metricsApi, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, MetricReader, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type Sampler, type SpanExporter } from '@opentelemetry/sdk-trace';
import { PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { VERSION } from '../config/help.js';
import type { Logger } from './log.js';
import { bindInstruments, metrics, setScrape } from './metrics.js';
import type { CallOutcome, OtlpSignals, RequestFacts, TelemetryRuntime } from './telemetry.js';

const SERVICE_NAME = 'forge-mcp-server';
/** A flush before exit waits at most this long for the collector. */
const FLUSH_TIMEOUT_MS = 3_000;

type Signal = 'TRACES' | 'METRICS';
type Protocol = 'http/protobuf' | 'http/json';

/** OTEL_EXPORTER_OTLP_<SIGNAL>_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf; grpc is not carried. */
function protocolFor(signal: Signal, log: Logger): Protocol | undefined {
  const p = (process.env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] || process.env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim().toLowerCase();
  if (p === 'http/protobuf' || p === 'http/json') return p;
  log.warn({ signal: signal.toLowerCase(), protocol: p }, 'OpenTelemetry: this OTLP protocol is not supported (use http/protobuf or http/json); the signal is not exported');
  return undefined;
}

/** The exporters are CommonJS: imported on demand, their exports are the namespace's default. */
const commonJs = <T extends object>(mod: T): T => (mod as { default?: T }).default ?? mod;

async function spanExporter(protocol: Protocol): Promise<SpanExporter> {
  const { OTLPTraceExporter } = commonJs(protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto'));
  return new OTLPTraceExporter();
}

async function metricExporter(protocol: Protocol): Promise<PushMetricExporter> {
  const { OTLPMetricExporter } = commonJs(protocol === 'http/json' ? await import('@opentelemetry/exporter-metrics-otlp-http') : await import('@opentelemetry/exporter-metrics-otlp-proto'));
  return new OTLPMetricExporter();
}

function positiveMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** OTEL_TRACES_SAMPLER (and OTEL_TRACES_SAMPLER_ARG for the ratio); the default is parentbased_always_on. */
function samplerFromEnv(): Sampler {
  const ratio = Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const byRatio = () => new TraceIdRatioBasedSampler(Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1);
  switch (process.env.OTEL_TRACES_SAMPLER?.trim().toLowerCase()) {
    case 'always_on': return new AlwaysOnSampler();
    case 'always_off': return new AlwaysOffSampler();
    case 'traceidratio': return byRatio();
    case 'parentbased_always_off': return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio': return new ParentBasedSampler({ root: byRatio() });
    default: return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

const DIAG_LINE_CHARS = 200;

/**
 * One short line of an SDK complaint. The SDK's error handler hands over the error rendered as JSON,
 * stack and all, with the collector's answer body as `data`: only its name, message and code are
 * kept. Never a second line, never a header's value (an invalid OTEL_EXPORTER_OTLP_HEADERS entry is
 * quoted by the SDK, and headers may carry the collector's credentials). Further arguments are dropped.
 */
function diagLine(message: unknown): string {
  let text = typeof message === 'string' ? message : String(message);
  if (text.trimStart().startsWith('{')) {
    try {
      const e = JSON.parse(text) as { name?: unknown; message?: unknown; code?: unknown };
      const words = [e.name, e.message].filter((w): w is string => typeof w === 'string' && w !== '');
      const code = typeof e.code === 'string' || typeof e.code === 'number' ? ` (code ${e.code})` : '';
      text = `${words.join(': ') || 'export failed'}${code}`;
    } catch { /* not JSON: the first line below */ }
  }
  text = (text.split('\n')[0] ?? '').replace(/has invalid value \(.*\)/, 'has an invalid value').trim();
  return text.length > DIAG_LINE_CHARS ? `${text.slice(0, DIAG_LINE_CHARS)}…` : text;
}

/** Read on request: GET /metrics collects the instruments' current values. */
class PullReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

export async function createRuntime(opts: { otlp: OtlpSignals; prometheus: boolean; log: Logger }): Promise<TelemetryRuntime> {
  const { log } = opts;
  // The SDK's own complaints (an unreachable collector) go to the log as one short line each.
  diag.setLogger({
    error: (m) => log.warn({ component: 'opentelemetry' }, diagLine(m)),
    warn: (m) => log.warn({ component: 'opentelemetry' }, diagLine(m)),
    info: () => undefined, debug: () => undefined, verbose: () => undefined,
  }, DiagLogLevel.WARN);

  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override the defaults.
  const resource = resourceFromAttributes({ 'service.name': SERVICE_NAME, 'service.version': VERSION }).merge(detectResources({ detectors: [envDetector] }));

  const readers: MetricReader[] = [];
  const tracesProtocol = opts.otlp.traces ? protocolFor('TRACES', log) : undefined;
  const metricsProtocol = opts.otlp.metrics ? protocolFor('METRICS', log) : undefined;
  if (metricsProtocol) {
    readers.push(new PeriodicExportingMetricReader({
      exporter: await metricExporter(metricsProtocol),
      exportIntervalMillis: positiveMs('OTEL_METRIC_EXPORT_INTERVAL', 60_000),
      exportTimeoutMillis: Math.min(positiveMs('OTEL_METRIC_EXPORT_TIMEOUT', 30_000), positiveMs('OTEL_METRIC_EXPORT_INTERVAL', 60_000)),
    }));
  }
  if (opts.prometheus) {
    const pull = new PullReader();
    // Names and labels as they always were: no scope labels, no target_info series.
    const serializer = new PrometheusSerializer(undefined, false, undefined, true, true);
    setScrape(async () => serializer.serialize((await pull.collect()).resourceMetrics));
    readers.push(pull);
  }
  const meterProvider = new MeterProvider({ resource, readers });
  metricsApi.setGlobalMeterProvider(meterProvider);
  bindInstruments(meterProvider.getMeter(SERVICE_NAME, VERSION));

  let tracerProvider: TracerProvider | undefined;
  let tracer: Tracer | undefined;
  if (tracesProtocol) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const processor = new BatchSpanProcessor({
      exporter: await spanExporter(tracesProtocol),
      scheduledDelayMillis: positiveMs('OTEL_BSP_SCHEDULE_DELAY', 5_000),
      exportTimeoutMillis: positiveMs('OTEL_BSP_EXPORT_TIMEOUT', 30_000),
    });
    tracerProvider = new TracerProvider({ resource, sampler: samplerFromEnv(), spanProcessors: [processor] });
    trace.setGlobalTracerProvider(tracerProvider);
    tracer = tracerProvider.getTracer(SERVICE_NAME, VERSION);
  }
  log.info({ traces: tracesProtocol ?? 'off', metrics: metricsProtocol ?? 'off', prometheus: opts.prometheus }, 'OpenTelemetry started');

  const callSpan = async <T>(tool: string, action: string, run: () => Promise<T>, outcomeOf: (value: T) => CallOutcome): Promise<T> => {
    const t0 = performance.now();
    let outcome: CallOutcome = 'error';
    const finish = () => {
      const labels = { tool, action, outcome };
      metrics.toolCalls.inc(labels);
      metrics.toolDuration.record((performance.now() - t0) / 1000, { tool, outcome });
      return labels;
    };
    if (!tracer) {
      try {
        const value = await run();
        outcome = outcomeOf(value);
        return value;
      } finally {
        finish();
      }
    }
    // Semantic conventions for MCP: `tools/call <tool>`, a server span; nothing of the arguments.
    const attributes: Attributes = { 'mcp.method.name': 'tools/call', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool, 'forge_mcp.action': action };
    return tracer.startActiveSpan(`tools/call ${tool}`, { kind: SpanKind.SERVER, attributes }, async (span) => {
      try {
        const value = await run();
        outcome = outcomeOf(value);
        return value;
      } finally {
        finish();
        span.setAttribute('forge_mcp.outcome', outcome);
        // No message: error text can carry platform text and names from the arguments.
        if (outcome === 'error') span.setAttribute('error.type', 'tool_error').setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
  };

  const requestSpan = async <T extends { status: number }>(f: RequestFacts, run: () => Promise<T>): Promise<T> => {
    if (!tracer) return run();
    // The path and query carry names and ids from the arguments: only the method and the API kind.
    const attributes: Attributes = {
      'http.request.method': f.method,
      'server.address': f.server.hostname,
      'server.port': Number(f.server.port) || (f.server.protocol === 'https:' ? 443 : 80),
      'url.scheme': f.server.protocol.replace(':', ''),
      'forge_mcp.api': f.graphql ? 'graphql' : 'rest',
      ...(f.attempt > 0 ? { 'http.request.resend_count': f.attempt } : {}),
    };
    return tracer.startActiveSpan(f.graphql ? `${f.method} /api/graphql` : f.method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const res = await run();
        span.setAttribute('http.response.status_code', res.status);
        if (res.status >= 400) span.setAttribute('error.type', String(res.status)).setStatus({ code: SpanStatusCode.ERROR });
        return res;
      } catch (err) {
        // The failure's kind (network, timeout, deadline, …), never its text.
        span.setAttribute('error.type', (err as { kind?: string })?.kind ?? '_OTHER').setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    });
  };

  const flush = async (): Promise<void> => {
    const bounded = (p: Promise<unknown>) => Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, FLUSH_TIMEOUT_MS).unref())]);
    await Promise.all([bounded(meterProvider.forceFlush()), ...(tracerProvider ? [bounded(tracerProvider.forceFlush())] : [])]);
  };

  return { callSpan, requestSpan, flush };
}
