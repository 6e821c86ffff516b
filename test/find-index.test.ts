// The find index file (issue #31): written at build time into dist/bundle/ (scripts/find-index.mjs), read by
// a server on its first find. Searching what it holds answers exactly what the index built in-process answers.
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { readCatalogData } from '../src/catalog/data.js';
import { Catalog, catalog, loadCatalog } from '../src/catalog/index.js';
import { ActionSearch } from '../src/search/index.js';
import { FIND_INDEX_FILE, loadSearch } from '../src/search/load.js';
import { decodeSearch, encodeSearch } from '../src/search/pack.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ADMIN_TOKEN, startSandbox, type Sandbox } from '../src/sandbox/index.js';
import table from '../src/search/phrasings.json' with { type: 'json' };
import { PHRASES } from '../src/search/lexicon.js';
import { parseQuery, phrasesWritten } from '../src/search/query.js';
import { phraseGates } from '../scripts/phrase-gates.mjs';
import { ROOT } from './helpers/harness.js';

await loadCatalog();
const actions = catalog().actions;
const phrasings = table.byAction as Record<string, string[]>;
// The index as a server without the file builds it, and the one the build shipped, as the bundle reads it:
// over the catalog's data file, each action parsed when it is first a candidate.
const built = new ActionSearch(actions, {}, undefined, { phrasings });
const SHIPPED = join(ROOT, 'dist', 'bundle', FIND_INDEX_FILE);
const shippedCatalog = new Catalog(await readCatalogData(pathToFileURL(join(ROOT, 'dist', 'bundle', '/'))));
const shipped = new ActionSearch(shippedCatalog, {}, undefined, { packed: decodeSearch(readFileSync(SHIPPED)) });
const top5 = (s: ActionSearch, q: string) => s.search(q, 5).hits.map((h) => `${h.action.id} ${h.score}`);
const GATES = phraseGates(PHRASES);
/** Every request of every query set in bench/. */
const everyRequest = () => readdirSync(join(ROOT, 'bench')).filter((f) => /^queries.*\.json$/.test(f))
  .flatMap((f) => (JSON.parse(readFileSync(join(ROOT, 'bench', f), 'utf8')) as Array<{ q: string }>).map(({ q }) => q));

describe('the shipped find index', () => {
  it('holds exactly what a build in this process packs', () => {
    // With the gates of the lexicon's phrases, which the build script adds (scripts/phrase-gates.mjs).
    expect(decodeSearch(readFileSync(SHIPPED))).toEqual({ ...built.pack(), phraseGates: { phrases: phrasesWritten(), gates: GATES } });
  });

  // Every request of the sets that measure the search, every 8th of each tuning set (the equality above covers the rest).
  it('answers the requests of every query set (held-out, validation, tuning) with the same five actions and scores', () => {
    const sets = readdirSync(join(ROOT, 'bench')).filter((f) => /^queries.*\.json$/.test(f));
    expect(sets.length).toBeGreaterThanOrEqual(16);
    let requests = 0;
    const differ: string[] = [];
    for (const f of sets) {
      const every = /heldout|validation/.test(f) ? 1 : 8;
      const set = JSON.parse(readFileSync(join(ROOT, 'bench', f), 'utf8')) as Array<{ q: string }>;
      for (let i = 0; i < set.length; i += every) {
        requests++;
        if (top5(shipped, set[i]!.q).join('\n') !== top5(built, set[i]!.q).join('\n')) differ.push(`${f}: ${set[i]!.q}`);
      }
    }
    expect(requests).toBeGreaterThan(5_000);
    expect(differ).toEqual([]);
  }, 240_000);

  it('answers filtered and misspelt requests as the build does', () => {
    const readOnly = (a: { writes: boolean }) => !a.writes;
    for (const q of ['delte the stale branchs', 'coments on !14', 'nuke it', 'rotate the deploy token in group payments', '#12']) {
      expect(top5(shipped, q)).toEqual(top5(built, q));
      expect(shipped.search(q, 5, readOnly).hits.map((h) => h.action.id)).toEqual(built.search(q, 5, readOnly).hits.map((h) => h.action.id));
    }
  });
});

describe('a search made from the file', () => {
  it('parses only the actions it answers, not the catalog nor every candidate, and answers as the build does', async () => {
    const fresh = new Catalog(await readCatalogData(pathToFileURL(join(ROOT, 'dist', 'bundle', '/'))));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const s = new ActionSearch(fresh, {}, undefined, { packed: decodeSearch(readFileSync(SHIPPED)) });
      // The file's header only: no action's line.
      expect(parse).toHaveBeenCalledTimes(1);
      const q = 'list open merge requests in acme/web';
      expect(top5(s, q)).toEqual(top5(built, q));
      const lines = parse.mock.calls.length - 1;
      // The five answered: whether an action writes and the parameters weighed are in the file, the session's filter runs on the best first.
      expect(lines).toBe(5);
      // The same request again parses nothing more: each action is parsed once.
      expect(top5(s, q)).toEqual(top5(built, q));
      expect(parse).toHaveBeenCalledTimes(lines + 1);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses a catalog whose actions are not the ones it was built from', () => {
    const packed = decodeSearch(readFileSync(SHIPPED));
    const ids = actions.map((a) => a.id);
    const other = (list: string[]) => ({ ids: () => list, get: () => undefined });
    expect(() => new ActionSearch(other(ids.slice(1)), {}, undefined, { packed })).toThrow('packed find index: built from another catalog');
    expect(() => new ActionSearch(other([...ids].reverse()), {}, undefined, { packed })).toThrow('packed find index: built from another catalog');
    // A catalog that lists an action it cannot give: the find refuses, it answers nothing half-made.
    expect(() => new ActionSearch(other(ids), {}, undefined, { packed }).search('list open issues', 5)).toThrow(/^packed find index: \w+\.\w+ is not in the catalog$/);
  });
});

describe('the gates of the phrases', () => {
  it('skip only phrases that cannot match: every request of every query set reads the same with them', () => {
    // Most phrases have a gate (the few without are run for every request).
    expect(GATES.filter(Boolean).length).toBeGreaterThan(PHRASES.length * 0.9);
    const requests = everyRequest();
    expect(requests.length).toBeGreaterThan(20_000);
    const differ = requests.filter((q) => JSON.stringify(parseQuery(q, GATES), replacer) !== JSON.stringify(parseQuery(q), replacer));
    expect(differ).toEqual([]);
  }, 240_000);

  it('are used by a search from a file made for these phrases, and ignored when the phrases changed since', () => {
    // Gates that let no phrase run read "delete the stale branches" without its phrases: it is answered otherwise.
    const q = 'get rid of the stale branches';
    const closed = (phrases: string[]) => new ActionSearch(actions, {}, undefined, { packed: { ...built.pack(), phraseGates: { phrases, gates: PHRASES.map(() => ['\u0002never']) } } });
    expect(top5(closed(phrasesWritten()), q)).not.toEqual(top5(built, q));
    // One phrase edited since the file was written: its gates are not used.
    expect(top5(closed(phrasesWritten().map((p, i) => (i === 7 ? p.replace('\\b', '\\b ') : p))), q)).toEqual(top5(built, q));
  });

  it('are found in the pattern itself: alternatives, optional parts, classes; lookarounds and wildcards need nothing', async () => {
    const { gateOf } = await import('../scripts/phrase-gates.mjs');
    expect(gateOf(/\bstop (sending|firing)\b/g)).toEqual(['stop firing', 'stop sending']);
    // Of two parts every match holds, the longer words (fewer requests let through), then the fewer.
    expect(gateOf(/\b(take|remove)( my| the)? .{0,20}emoji/g)).toEqual(['emoji']);
    expect(gateOf(/\b(why|how)\b.{0,30}\bfail(ed|ing)?\b/g)).toEqual(['fail']);
    expect(gateOf(/\b\w+ing\b|\bsoon\b/g)).toEqual(['ing', 'soon']);
    expect(gateOf(/(?<!re-)\bopen(?= issue)/g)).toEqual(['open']);
    expect(gateOf(/\bv[0-9]\.x\b/g)).toEqual(['.x']);
    // Any word may match: no gate, the phrase always runs.
    expect(gateOf(/\b\w+\b|\bsoon\b/g)).toBeNull();
    expect(gateOf(/(\w)\1/g)).toBeNull();
    expect(gateOf(/[\u{1F300}-\u{1FAFF}]/gu)).toBeNull();
  });
});

/** Sets and maps as lists, for comparing two readings as text. */
function replacer(_k: string, v: unknown): unknown {
  return v instanceof Set ? [...v] : v instanceof Map ? [...v] : v;
}

describe('reading the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'find-index-'));
  const file = (name: string, bytes: Uint8Array) => { const p = join(dir, name); writeFileSync(p, bytes); return pathToFileURL(p); };
  const good = encodeSearch(built.pack());

  it('refuses a file that is no find index, is cut short or was built for another catalog, with a clear error', () => {
    expect(() => decodeSearch(Buffer.from('{"not":"an index"}'))).toThrow('find index: not a find index file');
    expect(() => decodeSearch(good.subarray(0, 4000))).toThrow('find index: truncated');
    expect(() => decodeSearch(good.subarray(0, good.length - 64))).toThrow('find index: truncated');
    // A file of the first layout, without the per-action facts: refused, not half-read.
    const first = Buffer.from(good);
    first.write('FORGEFX1', 0, 'latin1');
    expect(() => decodeSearch(first)).toThrow('find index: not a find index file');
    const head = JSON.parse(Buffer.from(good).toString('utf8', 12, 12 + Buffer.from(good).readUInt32LE(8))) as { scopes: string };
    const short = Buffer.from(good);
    const at = short.indexOf(`"scopes":"${head.scopes}"`);
    // One action's scope fewer, the header's length kept (a space after the value).
    short.write(`"scopes":"${head.scopes.slice(0, -1)}" `, at, 'latin1');
    expect(() => decodeSearch(short)).toThrow('find index: unexpected layout');
    const unknownScope = Buffer.from(good);
    unknownScope.write(`"scopes":"x${head.scopes.slice(1)}"`, at, 'latin1');
    expect(() => decodeSearch(unknownScope)).toThrow('find index: unexpected layout');
    expect(() => new ActionSearch(actions.slice(1), {}, undefined, { packed: decodeSearch(good) })).toThrow('packed find index: built from another catalog');
    expect(() => new ActionSearch(actions, { boost: { name: 2 } }, undefined, { packed: decodeSearch(good) })).toThrow('packed find index: built with other field boosts');
  });

  it('reads bytes at any offset (the views need a multiple of 8)', () => {
    const shifted = new Uint8Array(good.length + 3);
    shifted.set(good, 3);
    expect(decodeSearch(shifted.subarray(3))).toEqual(decodeSearch(good));
  });

  it('builds the index instead when the file is missing or damaged: the answers stay the same', async () => {
    for (const url of [pathToFileURL(join(dir, 'absent.bin')), file('damaged.bin', good.subarray(0, 100))]) {
      const s = await loadSearch(catalog(), url);
      expect(top5(s, 'close #12 in acme/web')).toEqual(top5(built, 'close #12 in acme/web'));
    }
  }, 60_000);
});

describe('a server reads the file beside its bundle', () => {
  let sandbox: Sandbox;
  // Every action listed: an administrator on a licensed instance of the hosted prerelease.
  beforeAll(async () => { sandbox = await startSandbox({ licensed: true, version: '19.5.0-pre' }); });
  afterAll(async () => sandbox.close());

  it('answers a first find, before any phrase or action was read, as it answers the same request later', async () => {
    const client = new Client({ name: 'find-index', version: '1' });
    await client.connect(new StdioClientTransport({
      command: process.execPath, args: [join(ROOT, 'dist', 'bundle', 'cli.js')], stderr: 'ignore', cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'find-first-')), FORGE_TOKEN: ADMIN_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_TIER: 'ultimate', FORGE_MCP_LOG_LEVEL: 'warn' },
    }));
    const find = async (query: string) => {
      const r = await client.callTool({ name: 'forge_find_action', arguments: { query } });
      return { content: r.content, structuredContent: r.structuredContent };
    };
    try {
      // A request a phrase reads ("get rid of" is removal), then others that run other phrases and resolve other actions.
      const q = 'get rid of the stale branches in acme/web';
      const first = await find(q);
      expect((first.structuredContent as { results: Array<{ id: string }> }).results[0]!.id).toBe(built.search(q, 5).hits[0]!.action.id);
      for (const other of ['who is assigned to #12', 'stop the emails about !88', 'rotate the deploy token in group payments']) await find(other);
      expect(await find(q)).toEqual(first);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('answers its first find from the file, not from a build of its own', async () => {
    // A bundle whose file holds an index built without the phrasings: a server that read it ranks as that one.
    const bundle = mkdtempSync(join(tmpdir(), 'find-bundle-'));
    cpSync(join(ROOT, 'dist', 'bundle'), bundle, { recursive: true });
    const without = new ActionSearch(actions);
    writeFileSync(join(bundle, FIND_INDEX_FILE), encodeSearch(without.pack()));
    const q = 'what MRs are waiting on me';
    const ids = (s: ActionSearch) => s.search(q, 5).hits.map((h) => h.action.id);
    expect(ids(without)).not.toEqual(ids(built));
    const client = new Client({ name: 'find-index', version: '1' });
    await client.connect(new StdioClientTransport({
      command: process.execPath, args: [join(bundle, 'cli.js')], stderr: 'ignore', cwd: bundle,
      env: { PATH: process.env.PATH ?? '', HOME: bundle, FORGE_TOKEN: ADMIN_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_TIER: 'ultimate', FORGE_MCP_LOG_LEVEL: 'warn' },
    }));
    try {
      const r = await client.callTool({ name: 'forge_find_action', arguments: { query: q } });
      // Candidates far behind the best are left out of an answer (at least three stay): the ones given are the file's ranking.
      const got = (r.structuredContent as { results: Array<{ id: string }> }).results.map((x) => x.id);
      expect(got.length).toBeGreaterThanOrEqual(3);
      expect(got).toEqual(ids(without).slice(0, got.length));
    } finally {
      await client.close();
    }
  }, 60_000);
});
