// A local OTLP/HTTP receiver on loopback for the telemetry tests: it keeps every raw export body (to
// scan for secrets) and decodes spans and metric points from OTLP/JSON or OTLP/protobuf. The protobuf
// side is a small wire-format reader over the fields of the OTLP protos the tests look at
// (opentelemetry-proto: collector/trace/v1, collector/metrics/v1, common/v1).
import { createServer, type Server } from 'node:http';

type AttrValue = string | number | boolean;
export interface SpanRecord { traceId: string; spanId: string; parentSpanId: string; name: string; kind: number; attributes: Record<string, AttrValue>; resource: Record<string, AttrValue> }
interface PointRecord { metric: string; attributes: Record<string, AttrValue>; value: number; resource: Record<string, AttrValue> }
interface Export { path: string; contentType: string; body: Buffer }

export interface Receiver {
  url: string;
  exports: Export[];
  spans: () => SpanRecord[];
  points: () => PointRecord[];
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const exports: Export[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      exports.push({ path: req.url ?? '', contentType, body: Buffer.concat(chunks) });
      // An empty ExportServiceResponse: full success.
      if (contentType.includes('json')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } else {
        res.writeHead(200, { 'content-type': 'application/x-protobuf' });
        res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const decoded = (path: string) => exports.filter((e) => e.path === path).map((e) => (e.contentType.includes('json') ? JSON.parse(e.body.toString('utf8')) as Json : protoToJson(path, e.body)));
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans: () => decoded('/v1/traces').flatMap(spansOf),
    points: () => decoded('/v1/metrics').flatMap(pointsOf),
    close: () => new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); }),
  };
}

type Json = Record<string, unknown>;
type JsonKv = { key: string; value: Record<string, unknown> };

function attrs(list: unknown): Record<string, AttrValue> {
  const out: Record<string, AttrValue> = {};
  for (const { key, value } of (list ?? []) as JsonKv[]) {
    const v = value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue;
    out[key] = typeof v === 'string' && 'intValue' in value ? Number(v) : (v as AttrValue);
  }
  return out;
}

function spansOf(req: Json): SpanRecord[] {
  return ((req.resourceSpans ?? []) as Json[]).flatMap((rs) => {
    const resource = attrs((rs.resource as Json | undefined)?.attributes);
    return ((rs.scopeSpans ?? []) as Json[]).flatMap((ss) => ((ss.spans ?? []) as Json[]).map((s) => ({
      traceId: String(s.traceId), spanId: String(s.spanId), parentSpanId: String(s.parentSpanId ?? ''), name: String(s.name), kind: Number(s.kind), attributes: attrs(s.attributes), resource,
    })));
  });
}

function pointsOf(req: Json): PointRecord[] {
  return ((req.resourceMetrics ?? []) as Json[]).flatMap((rm) => {
    const resource = attrs((rm.resource as Json | undefined)?.attributes);
    return ((rm.scopeMetrics ?? []) as Json[]).flatMap((sm) => ((sm.metrics ?? []) as Json[]).flatMap((m) => {
      const sum = m.sum as { dataPoints?: Json[] } | undefined;
      const hist = m.histogram as { dataPoints?: Json[] } | undefined;
      const points = sum?.dataPoints ?? hist?.dataPoints ?? [];
      return points.map((p) => ({ metric: String(m.name), attributes: attrs(p.attributes), value: Number(hist ? p.count : p.asInt ?? p.asDouble), resource }));
    }));
  });
}

// Protobuf wire format: each field is (number, value); varints as bigint, fixed64/fixed32 and
// length-delimited as raw bytes.
type Field = { n: number; v: bigint | Buffer };

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): bigint => {
    let r = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = buf[i++];
      r |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return r;
    }
  };
  while (i < buf.length) {
    const tag = Number(varint());
    const n = tag >> 3;
    const wire = tag & 7;
    if (wire === 0) out.push({ n, v: varint() });
    else if (wire === 1) { out.push({ n, v: buf.subarray(i, i + 8) }); i += 8; }
    else if (wire === 5) { out.push({ n, v: buf.subarray(i, i + 4) }); i += 4; }
    else if (wire === 2) { const len = Number(varint()); out.push({ n, v: buf.subarray(i, i + len) }); i += len; }
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const all = (buf: Buffer, n: number) => fields(buf).filter((f) => f.n === n).map((f) => f.v);
const bytes = (buf: Buffer, n: number): Buffer => (all(buf, n)[0] as Buffer | undefined) ?? Buffer.alloc(0);
const str = (buf: Buffer, n: number) => bytes(buf, n).toString('utf8');
const num = (buf: Buffer, n: number) => Number((all(buf, n)[0] as bigint | undefined) ?? 0n);

/** KeyValue { key = 1; AnyValue value = 2 }; AnyValue { string 1; bool 2; int64 3; double 4 }. */
function kvs(list: Buffer[]): JsonKv[] {
  return list.map((kv) => {
    const v = bytes(kv, 2);
    const f = fields(v)[0];
    const value: Record<string, unknown> = !f ? {} : f.n === 1 ? { stringValue: (f.v as Buffer).toString('utf8') } : f.n === 2 ? { boolValue: f.v === 1n } : f.n === 3 ? { intValue: Number(f.v) } : f.n === 4 ? { doubleValue: (f.v as Buffer).readDoubleLE(0) } : {};
    return { key: str(kv, 1), value };
  });
}

/** The OTLP/protobuf export body as the OTLP/JSON shape the decoders above read. */
function protoToJson(path: string, body: Buffer): Json {
  const resource = (r: Buffer) => ({ attributes: kvs(all(r, 1) as Buffer[]) });
  if (path === '/v1/traces') {
    // ResourceSpans { resource 1; scope_spans 2 } ScopeSpans { scope 1; spans 2 }
    // Span { trace_id 1; span_id 2; parent_span_id 4; name 5; kind 6; attributes 9 }
    return {
      resourceSpans: (all(body, 1) as Buffer[]).map((rs) => ({
        resource: resource(bytes(rs, 1)),
        scopeSpans: (all(rs, 2) as Buffer[]).map((ss) => ({
          spans: (all(ss, 2) as Buffer[]).map((s) => ({
            traceId: bytes(s, 1).toString('hex'), spanId: bytes(s, 2).toString('hex'), parentSpanId: bytes(s, 4).toString('hex'), name: str(s, 5), kind: num(s, 6), attributes: kvs(all(s, 9) as Buffer[]),
          })),
        })),
      })),
    };
  }
  // ResourceMetrics { resource 1; scope_metrics 2 } ScopeMetrics { metrics 2 } Metric { name 1; sum 7; histogram 9 }
  // Sum/Histogram { data_points 1 } NumberDataPoint { as_double 4; as_int 6; attributes 7 } HistogramDataPoint { count 4; attributes 9 }
  return {
    resourceMetrics: (all(body, 1) as Buffer[]).map((rm) => ({
      resource: resource(bytes(rm, 1)),
      scopeMetrics: (all(rm, 2) as Buffer[]).map((sm) => ({
        metrics: (all(sm, 2) as Buffer[]).map((m) => {
          const sum = all(m, 7)[0] as Buffer | undefined;
          const hist = all(m, 9)[0] as Buffer | undefined;
          const sumPoints = sum ? (all(sum, 1) as Buffer[]).map((p) => {
            const d = all(p, 4)[0] as Buffer | undefined;
            const i = all(p, 6)[0] as Buffer | undefined;
            return { attributes: kvs(all(p, 7) as Buffer[]), ...(d ? { asDouble: d.readDoubleLE(0) } : {}), ...(i ? { asInt: Number(i.readBigInt64LE(0)) } : {}) };
          }) : undefined;
          const histPoints = hist ? (all(hist, 1) as Buffer[]).map((p) => ({ attributes: kvs(all(p, 9) as Buffer[]), count: Number((all(p, 4)[0] as Buffer).readBigUInt64LE(0)) })) : undefined;
          return { name: str(m, 1), ...(sumPoints ? { sum: { dataPoints: sumPoints } } : {}), ...(histPoints ? { histogram: { dataPoints: histPoints } } : {}) };
        }),
      })),
    })),
  };
}
