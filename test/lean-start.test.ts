// What a stdio start evaluates before its first tools/list (issue #31), read from the build's
// metafile: the entry, the start and the stdio server (the opening of src/server/opening.ts answers
// initialize and the first tools/list itself), with everything they import statically.
// The MCP SDK and zod are not in it: they load once the first listing is out (or a message needs them),
// in the serving half (src/server/stdio-serve.ts) behind zod's setting. Nor are undici, the call path
// and the catalog tables: they load with the proxy transport (a proxy variable set) or the first
// upload, the first tools/call and the first catalog read.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers/harness.js';

interface Output { entryPoint?: string; bytes: number; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }
const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle.meta.json'), 'utf8')) as { outputs: Record<string, Output> };
const chunkOf = (entryPoint: string): string => {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entryPoint);
  if (!found) throw new Error(`no chunk for ${entryPoint}`);
  return found[0];
};

const START = ['dist/cli.js', 'dist/start.js', 'dist/server/stdio.js'];
/** What the SDK's server adds once the opening is answered. */
const SERVING = ['dist/server/zod-jitless.js', 'dist/server/stdio-serve.js'];

/** The chunks a stdio start evaluates: the entry chunks and everything they import statically. */
function startChunks(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement' && meta.outputs[i.path]) walk(i.path);
  };
  for (const entry of entries) walk(chunkOf(entry));
  return seen;
}

/** Source files evaluated by a stdio start. */
const startInputs = (entries = START): Set<string> => new Set([...startChunks(entries)].flatMap((f) => Object.keys(meta.outputs[f].inputs)));

/** Bytes of JavaScript a stdio start reads, parses and evaluates: its chunks as written. */
const startBytes = (): number => [...startChunks(START)].reduce((sum, f) => sum + meta.outputs[f].bytes, 0);

describe('a stdio start loads what its first tools/list needs', () => {
  const inputs = startInputs();

  it('holds the platform client with its direct transport (Node\'s own http/https), the session and the opening, not the MCP SDK nor zod', () => {
    expect(inputs.has('dist/forge/direct.js')).toBe(true);
    expect(inputs.has('dist/forge/client.js')).toBe(true);
    expect(inputs.has('dist/session/session.js')).toBe(true);
    expect(inputs.has('dist/server/opening.js')).toBe(true);
    expect(inputs.has('dist/server/wire.js')).toBe(true);
    expect([...inputs].filter((f) => f.includes('@modelcontextprotocol/') || f.startsWith('node_modules/zod/'))).toEqual([]);
    expect(inputs.has('dist/server/mcp.js')).toBe(false);
  });

  it('loads the SDK\'s server after the opening: the serving half holds it, in chunks the start does not import', () => {
    const serving = startInputs(SERVING);
    expect(serving.has('dist/server/mcp.js')).toBe(true);
    expect([...serving].some((f) => f.startsWith('node_modules/@modelcontextprotocol/server/'))).toBe(true);
  });

  it('never imports node:http as an ES module: on Node 22 and 24 its namespace reads the lazy exports that load Node\'s bundled undici (tls, http2, zlib)', () => {
    const call = startChunks(['dist/pipeline/call.js', ...SERVING]);
    const esmHttp = [...new Set([...startChunks(START), ...call])].filter((f) => meta.outputs[f].imports.some((i) => i.path === 'node:http'));
    expect(esmHttp).toEqual([]);
  });

  it('leaves out undici: it loads with the proxy transport (a proxy variable set) or on the first upload', () => {
    expect([...inputs].filter((f) => f.startsWith('node_modules/undici/'))).toEqual([]);
    expect(inputs.has('dist/forge/proxy.js')).toBe(false);
  });

  it('is at most 0.20 MB of JavaScript (0.24 MB with the tool surfaces before initialize; 0.59 MB with the SDK on the path; 1.86 MB before ajv left and the bundle was minified)', () => {
    expect(startBytes()).toBeLessThanOrEqual(0.2e6);
  });

  it('answers initialize before the tool surfaces load: the listing\'s code is a chunk of its own, loaded while the start-up reads are out', () => {
    expect([...inputs].filter((f) => /^dist\/(surfaces|render)\//.test(f) || f === 'dist/server/listing.js' || f === 'dist/pipeline/meter.js')).toEqual([]);
    expect(inputs.has('dist/server/about.js')).toBe(true);
    const listing = startInputs(['dist/server/listing.js']);
    expect(listing.has('dist/surfaces/dynamic.js')).toBe(true);
  });

  it('leaves out what only a call, a find, prompts, HTTP, MCP Apps, the sandbox, telemetry or a terminal need', () => {
    const lazy = (f: string) => [
      'dist/pipeline/call.js', 'dist/server/prompts.js', 'dist/apps/call.js', 'dist/apps/html.js', 'dist/observe/otel.js',
      'dist/catalog/data.js', 'dist/catalog/tables.js', 'dist/sandbox/index.js', 'dist/http/index.js',
    ].includes(f) || /^dist\/(search|sandbox|http)\//.test(f) || /^node_modules\/(pino-pretty|@opentelemetry|ioredis)\//.test(f);
    expect([...inputs].filter(lazy)).toEqual([]);
    // Each of them is in the build, in a chunk of its own that the start does not import.
    const everywhere = new Set(Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs)));
    for (const f of ['dist/pipeline/call.js', 'dist/server/prompts.js', 'dist/search/load.js', 'dist/http/index.js', 'dist/sandbox/index.js', 'dist/observe/otel.js']) expect(everywhere.has(f)).toBe(true);
  });

  it('sets zod\'s option before the SDK builds its schemas: a chunk of its own without the SDK, imported before the serving half', () => {
    const own = startInputs(['dist/server/zod-jitless.js']);
    expect(own.has('dist/server/zod-jitless.js')).toBe(true);
    expect([...own].filter((f) => f.includes('@modelcontextprotocol/'))).toEqual([]);
    // A static import would run after the chunks it imports (the SDK's): stdio.ts awaits this one first.
    const stdio = readFileSync(join(ROOT, chunkOf('dist/server/stdio.js')), 'utf8');
    const at = (entry: string) => stdio.indexOf(`import("./${chunkOf(entry).split('/').pop()!}")`);
    expect(at('dist/server/zod-jitless.js')).toBeGreaterThan(-1);
    expect(at('dist/server/zod-jitless.js')).toBeLessThan(at('dist/server/stdio-serve.js'));
  });

  it('leaves out ajv: the SDK\'s Node shims resolve to its cf-worker validator, the one the server passes', () => {
    const everywhere = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(everywhere.filter((f) => /ajv/i.test(f))).toEqual([]);
    const serving = startInputs(SERVING);
    expect(serving.has('forge-sdk-shims:node-shims')).toBe(true);
    expect([...serving].some((f) => /@modelcontextprotocol\/server\/dist\/cfWorkerProvider-[^/]+\.mjs$/.test(f))).toBe(true);
    expect([...serving].filter((f) => /@modelcontextprotocol\/server\/dist\/shimsNode\.mjs$/.test(f))).toEqual([]);
  });

  it('leaves out the call path and the catalog tables', () => {
    expect(inputs.has('dist/pipeline/call.js')).toBe(false);
    expect([...inputs].filter((f) => f.startsWith('dist/catalog/domains/'))).toEqual([]);
  });
});
