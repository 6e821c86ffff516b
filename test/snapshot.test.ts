// The public surface as a visible diff: tools/list per surface (names, schemas, annotations).
// Update deliberately with: npx vitest run test/snapshot.test.ts -u
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { withSandbox } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

describe('tools/list snapshots', () => {
  for (const surface of ['dynamic', 'meta', 'individual'] as const) {
    it(`${surface} surface`, async () => {
      const srv = await startInProcess({ sandbox: sb, env: { FORGE_MCP_TOOL_SURFACE: surface } });
      try {
        const { tools } = await srv.client.listTools();
        for (const t of tools) {
          // Some clients reject a whole tool list over a top-level combinator.
          for (const k of ['anyOf', 'oneOf', 'allOf']) expect(t.inputSchema, `${t.name} ${k}`).not.toHaveProperty(k);
          expect(t.annotations, t.name).toBeDefined();
        }
        await expect(JSON.stringify(tools, null, 1)).toMatchFileSnapshot(`./__snapshots__/tools-${surface}.json`);
      } finally {
        await srv.close();
      }
    });
  }
});
