// The catalog as build-time data (issue #31): the bundle reads dist/bundle/catalog.jsonl and catalog-functions.cjs,
// written by scripts/catalog-data.mjs from the domain tables. What it reads is the catalog the tables make,
// action by action: every field, the schemas and compact params derived from it, and what each function field
// computes; the bundle holds no domain table (nor the phrasings: its find index file is all it reads, refused
// when damaged), and a bundled server runs a GraphQL action with its table's mapping.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import type { Action, ParamSpec } from '../src/catalog/define.js';
import { CATALOG_DATA_FILE, CATALOG_FUNCTIONS_FILE, readCatalogData } from '../src/catalog/data.js';
import { functionFields } from '../src/catalog/functions.js';
import { Catalog } from '../src/catalog/index.js';
import { actionSchema } from '../src/catalog/schema.js';
import { compactParams } from '../src/catalog/signature.js';
import { resolveTables } from '../src/catalog/tables.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { FIND_INDEX_FILE } from '../src/search/load.js';
import { ROOT, apiRequests, startServer, text, withSandbox, type Running, type ToolResultLike } from './helpers/harness.js';

const BUNDLE = join(ROOT, 'dist', 'bundle');
const tables = resolveTables();
const data = await readCatalogData(pathToFileURL(`${BUNDLE}/`));
const actionsOf = (domains: typeof tables) => domains.flatMap((d) => d.actions);
const fromData = new Map(actionsOf(data).map((a) => [a.id, a]));

/** A deep copy with each function replaced by a marker: what toStrictEqual can compare (undefined and all). */
function withoutFunctions(v: unknown): unknown {
  if (typeof v === 'function') return '[function]';
  if (Array.isArray(v)) return v.map(withoutFunctions);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutFunctions(x)]));
  return v;
}

/** A value of each param's type, named after it: what a function field maps into variables, a query or a body. */
function sampleParams(a: Action, all: boolean): Record<string, unknown> {
  const value = (name: string, p: ParamSpec): unknown => {
    if (p.enum) return p.enum[0];
    if (p.type === 'integer' || p.type === 'number') return name.length + 7;
    if (p.type === 'boolean') return true;
    if (p.type === 'array') return p.items === 'integer' ? [3, 4] : p.items === 'object' ? [{ key: 'K', value: 'V' }] : [`${name}-1`, `${name}-2`];
    if (p.type === 'object') return { key: name };
    return `${name}-value`;
  };
  return Object.fromEntries(Object.entries(a.params).filter(([, p]) => all || p.required).map(([name, p]) => [name, value(name, p)]));
}

/** What a function answers, or the message it throws. */
function outcome(fn: (...args: never[]) => unknown, args: unknown[]): unknown {
  try {
    return (fn as (...a: unknown[]) => unknown)(...args);
  } catch (e) {
    return `throws ${(e as Error).message}`;
  }
}

describe('the catalog the bundle reads', () => {
  it('holds the domains and actions of the tables, in their order', () => {
    expect(data.map((d) => [d.name, d.description])).toEqual(tables.map((d) => [d.name, d.description]));
    expect(actionsOf(data).map((a) => a.id)).toEqual(actionsOf(tables).map((a) => a.id));
    expect(fromData.size).toBe(1098);
  });

  it('equals the catalog built from the tables, action by action, in every field', () => {
    for (const a of actionsOf(tables)) expect(withoutFunctions(fromData.get(a.id)), a.id).toStrictEqual(withoutFunctions(a));
  });

  it('derives the same JSON schemas and compact params', () => {
    for (const a of actionsOf(tables)) {
      const d = fromData.get(a.id)!;
      expect(actionSchema(d), a.id).toStrictEqual(actionSchema(a));
      expect(compactParams(d), a.id).toEqual(compactParams(a));
    }
  });

  it('carries each function field of the tables, computing what the table\'s function computes', () => {
    let fields = 0;
    for (const a of actionsOf(tables)) {
      const mine = functionFields(a);
      const theirs = functionFields(fromData.get(a.id)!);
      expect(Object.keys(theirs).sort(), a.id).toEqual(Object.keys(mine).sort());
      for (const [path, fn] of Object.entries(mine)) {
        fields++;
        for (const all of [true, false]) {
          const args = [sampleParams(a, all), { id: 11, iid: 5, web_url: 'https://gitlab.example/x' }, 'https://gitlab.example'];
          expect(outcome(theirs[path]!, args), `${a.id} ${path}`).toStrictEqual(outcome(fn, args));
        }
      }
    }
    expect(fields).toBeGreaterThanOrEqual(90);
  });
});

describe('the bundle', () => {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle.meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };

  it('holds no domain table and no phrasings: the catalog and the find index come from the files its build wrote', () => {
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs).toContain('dist/catalog/data.js');
    expect(inputs).toContain('dist/search/load.js');
    expect(inputs.filter((f) => f.startsWith('dist/catalog/domains/') || f === 'dist/catalog/tables.js' || f === 'dist/search/phrasings.json')).toEqual([]);
  });

  it('carries only the texts its functions read in the functions module', () => {
    const fns = readFileSync(join(BUNDLE, CATALOG_FUNCTIONS_FILE), 'utf8');
    // A summary, an example and a param description of actions with functions, and an action without any.
    for (const a of [fromData.get('issue.work_item_get')!, fromData.get('issue.list')!]) {
      expect(fns).not.toContain(a.summary);
      expect(fns).not.toContain(a.examples![0]);
    }
    expect(fns).not.toContain('IID of the work item within the project or group');
    expect(fns.length).toBeLessThan(120_000);
  });
});

describe('reading the data files', () => {
  it('refuses a folder without them, with a clear error', async () => {
    await expect(readCatalogData(pathToFileURL(`${mkdtempSync(join(tmpdir(), 'catalog-data-'))}/`))).rejects.toThrow(/^catalog data unreadable in .* \(rebuild with npm run build\)/);
  });

  it('refuses functions of an action the data lacks or does not declare, a function whose field is missing, and a file cut short or too long', async () => {
    type Line = { id: string; [field: string]: unknown };
    const dataFile = (actions: Line[], functions?: Record<string, string[]>) => [
      JSON.stringify([{ name: 'issue', description: 'x', actions: actions.map((a) => a.id.slice('issue.'.length)), ...(functions ? { functions } : {}) }]),
      ...actions.map((a) => JSON.stringify(a)),
    ].join('\n');
    // A folder of its own each time: a module once loaded stays loaded.
    const folder = (actions: Line[], functions: Record<string, string[]> | undefined, module: string) => {
      const dir = pathToFileURL(`${mkdtempSync(join(tmpdir(), 'catalog-data-'))}/`);
      writeFileSync(new URL(CATALOG_DATA_FILE, dir), dataFile(actions, functions));
      writeFileSync(new URL(CATALOG_FUNCTIONS_FILE, dir), module);
      return dir;
    };
    const variables = (id: string) => `exports.FUNCTIONS = { "${id}": { "graphql.variables": (p) => ({ got: p }) } };`;
    const list = { id: 'issue.list', graphql: {}, params: {} };
    // The first line declares every function field: one of an action it does not list is refused before any is used.
    await expect(readCatalogData(folder([list], { nope: ['graphql.variables'] }, variables('issue.nope')))).rejects.toThrow('catalog data: functions for unknown actions issue.nope (rebuild)');
    // The module is loaded when a function is first read, and must hold exactly the declared fields.
    const [extra] = await readCatalogData(folder([list], { list: ['graphql.variables'] }, `${variables('issue.list')} exports.FUNCTIONS["wiki.get"] = { "graphql.variables": (p) => p };`));
    expect(() => new Catalog([extra!]).get('issue.list')!.graphql!.variables).toThrow('catalog data: functions of wiki.get differ from the data file (rebuild)');
    const [undeclared] = await readCatalogData(folder([list], undefined, variables('issue.list')));
    expect(new Catalog([undeclared!]).get('issue.list')!.graphql).toStrictEqual({});
    expect(() => new Catalog([undeclared!]).actions.map((a) => a.graphql?.variables)).not.toThrow();
    const [declared] = await readCatalogData(folder([list], { list: ['graphql.variables'] }, variables('issue.list')));
    const fn = new Catalog([declared!]).get('issue.list')!.graphql!.variables as unknown as (p: unknown) => unknown;
    expect(fn({ a: 1 })).toStrictEqual({ got: { a: 1 } });
    const [broken] = await readCatalogData(folder([list], { list: ['graphql.variables'] }, 'exports.FUNCTIONS = (;'));
    expect(() => new Catalog([broken!]).get('issue.list')!.graphql!.variables).toThrow(/^catalog data unreadable in .* \(rebuild with npm run build\)/);
    // A line is parsed on first use: a line that is not the action the first line names there is refused then.
    const nope = { id: 'issue.nope', params: {} };
    const shifted = folder([nope], undefined, 'exports.FUNCTIONS = {};');
    writeFileSync(new URL(CATALOG_DATA_FILE, shifted), dataFile([nope]).replace('"id":"issue.nope"', '"id":"issue.other"'));
    const [other] = await readCatalogData(shifted);
    expect(() => new Catalog([other!]).get('issue.nope')).toThrow('catalog data: issue.nope expected, issue.other found (rebuild)');
    const [fieldless] = await readCatalogData(folder([nope], { nope: ['graphql.variables'] }, variables('issue.nope')));
    expect(() => new Catalog([fieldless!]).get('issue.nope')).toThrow('catalog data: issue.nope has no graphql.variables for its function (rebuild)');
    const cut = folder([nope], undefined, 'exports.FUNCTIONS = {};');
    writeFileSync(new URL(CATALOG_DATA_FILE, cut), dataFile([nope]).split('\n')[0]!);
    await expect(readCatalogData(cut)).rejects.toThrow('catalog data: truncated (rebuild)');
    writeFileSync(new URL(CATALOG_DATA_FILE, cut), `${dataFile([nope])}\n{"id":"issue.extra"}`);
    await expect(readCatalogData(cut)).rejects.toThrow('catalog data: more actions than its domains list (rebuild)');
  });

  it('refuses a folder whose functions module is missing, before any action is used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-data-'));
    writeFileSync(join(dir, CATALOG_DATA_FILE), readFileSync(join(BUNDLE, CATALOG_DATA_FILE)));
    await expect(readCatalogData(pathToFileURL(`${dir}/`))).rejects.toThrow(/^catalog data unreadable in .* \(rebuild with npm run build\): .*catalog-functions\.cjs/);
  });

  it('loads the functions module only when a function field is first read: a find reads none', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'catalog-data-'));
    cpSync(BUNDLE, fresh, { recursive: true });
    const lazy = new Catalog(await readCatalogData(pathToFileURL(`${fresh}/`)));
    const module = join(fresh, CATALOG_FUNCTIONS_FILE);
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).includes(module);
    const a = lazy.get('issue.work_item_create')!;
    expect(a.summary).toBe(fromData.get('issue.work_item_create')!.summary);
    expect(loaded()).toBe(false);
    expect(typeof a.graphql!.variables).toBe('function');
    expect(loaded()).toBe(true);
  });

  it('parses an action on first use, once: a get parses its own line only, the list of all actions every line', async () => {
    const lazy = new Catalog(await readCatalogData(pathToFileURL(`${BUNDLE}/`)));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(lazy.ids()).toEqual(actionsOf(tables).map((a) => a.id));
      expect(parse).toHaveBeenCalledTimes(0);
      const list = lazy.get('issue.list');
      expect(list?.rest).toBe('GET /projects/{project_id}/issues');
      expect(parse).toHaveBeenCalledTimes(1);
      expect(lazy.get('issue.create')?.id).toBe('issue.create');
      expect(lazy.get('issue.list')).toBe(list);
      expect(lazy.get('nodomain.list')).toBeUndefined();
      expect(lazy.get('issue')).toBeUndefined();
      expect(lazy.get('issue.nope')).toBeUndefined();
      expect(parse).toHaveBeenCalledTimes(2);
      // The whole domain holds the very objects a get gave.
      expect(lazy.domains.get('issue')!.actions).toContain(list);
      const issueActions = tables.find((d) => d.name === 'issue')!.actions.length;
      expect(parse).toHaveBeenCalledTimes(issueActions);
      expect(lazy.actions.map((a) => a.id)).toEqual(actionsOf(tables).map((a) => a.id));
      expect(parse).toHaveBeenCalledTimes(1098);
    } finally {
      parse.mockRestore();
    }
  });

  it('is ASCII, a line per action: each parsed on its own', () => {
    const bytes = readFileSync(join(BUNDLE, CATALOG_DATA_FILE));
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    expect(bytes.toString('latin1').split('\n')).toHaveLength(1 + 1098);
  });
});

describe('a bundle whose find index is damaged', () => {
  it('refuses a find with a clear error (it ships no phrasings to build another index), and still runs actions', async () => {
    const sb = await withSandbox();
    const bundle = mkdtempSync(join(tmpdir(), 'catalog-bundle-'));
    cpSync(BUNDLE, bundle, { recursive: true });
    writeFileSync(join(bundle, FIND_INDEX_FILE), 'FORGEFX3 cut short');
    const client = new Client({ name: 'catalog-data', version: '1' });
    await client.connect(new StdioClientTransport({
      command: process.execPath, args: [join(bundle, 'cli.js')], stderr: 'ignore', cwd: bundle,
      env: { PATH: process.env.PATH ?? '', HOME: bundle, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_LOG_LEVEL: 'warn' },
    }));
    try {
      // Refused as the request's error, the server keeps serving.
      await expect(client.callTool({ name: 'forge_find_action', arguments: { query: 'list open issues' } }))
        .rejects.toThrow(`find index unreadable in ${bundle}/${FIND_INDEX_FILE} (rebuild with npm run build): find index: truncated`);
      const listed = await client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } }) as ToolResultLike;
      expect(listed.isError, text(listed)).toBeFalsy();
    } finally {
      await client.close();
      await sb.close();
    }
  }, 60_000);
});

describe('a bundled server', () => {
  let sb: Sandbox;
  let srv: Running;
  beforeAll(async () => { sb = await withSandbox(); srv = await startServer({ sandbox: sb }); });
  afterAll(async () => { await srv.close(); await sb.close(); });

  it('sends a GraphQL action\'s variables as its table maps them (global IDs, absent fields dropped)', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.work_item_create', params: { full_path: 'demo-group/demo-project', title: 'From the data file', work_item_type_id: '1', label_ids: [7] } });
    expect(r.isError, text(r)).toBeFalsy();
    const sent = apiRequests(sb).filter((e) => e.path === '/api/graphql');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { variables: unknown }).variables).toStrictEqual({
      input: { namespacePath: 'demo-group/demo-project', title: 'From the data file', workItemTypeId: 'gid://gitlab/WorkItems::Type/1', labelsWidget: { labelIds: ['gid://gitlab/Label/7'] } },
    });
  });
});
