// The public surface as a visible diff: tools/list per surface (names, schemas, annotations); the
// individual surface (one tool per action) in one file per domain, with the listing order in its own.
// Update deliberately with: npx vitest run test/snapshot.test.ts -u
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog, individualToolName, loadCatalog } from '../src/catalog/index.js';
import { sandboxPerFile } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const INDIVIDUAL_DIR = join(dirname(fileURLToPath(import.meta.url)), '__snapshots__', 'tools-individual');
const ORDER = '_order';

const on = sandboxPerFile();
beforeAll(async () => { await loadCatalog(); });

type Tool = { name: string; inputSchema: unknown; annotations?: unknown };

/** The listed tools grouped by the domain of their action, each group in listing order. */
function byDomain(tools: Tool[]): Map<string, Tool[]> {
  const domainOf = new Map(catalog().actions.map((a) => [individualToolName(a), a.domain]));
  const groups = new Map<string, Tool[]>();
  for (const t of tools) {
    const domain = domainOf.get(t.name);
    expect(domain, `${t.name} names no catalog action`).toBeDefined();
    groups.set(domain!, [...(groups.get(domain!) ?? []), t]);
  }
  return groups;
}

describe('tools/list snapshots', () => {
  for (const surface of ['dynamic', 'meta', 'individual'] as const) {
    it(`${surface} surface`, async () => {
      const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: surface } });
      try {
        const { tools } = await srv.client.listTools();
        for (const t of tools) {
          // Some clients reject a whole tool list over a top-level combinator.
          for (const k of ['anyOf', 'oneOf', 'allOf']) expect(t.inputSchema, `${t.name} ${k}`).not.toHaveProperty(k);
          expect(t.annotations, t.name).toBeDefined();
        }
        if (surface !== 'individual') {
          await expect(JSON.stringify(tools, null, 1)).toMatchFileSnapshot(`./__snapshots__/tools-${surface}.json`);
          return;
        }
        const groups = byDomain(tools);
        await expect(JSON.stringify(tools.map((t) => t.name), null, 1)).toMatchFileSnapshot(`./__snapshots__/tools-individual/${ORDER}.json`);
        for (const [domain, group] of groups) {
          await expect(JSON.stringify(group, null, 1)).toMatchFileSnapshot(`./__snapshots__/tools-individual/${domain}.json`);
        }
        // No file left behind by a domain that is no longer listed (a new domain's file is written by -u).
        const expected = new Set([ORDER, ...groups.keys()].map((f) => `${f}.json`));
        expect(readdirSync(INDIVIDUAL_DIR).filter((f) => !expected.has(f))).toEqual([]);
      } finally {
        await srv.close();
      }
    });
  }
});
