// Catalog sizes per tier, admin_mode and read-only on each surface — the numbers docs/tool-surfaces.md states.
import { describe, it, expect, beforeAll } from 'vitest';
import { ADMIN_TOKEN, READONLY_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { sandboxPerFile, withSandbox } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const on = sandboxPerFile();
// A read-only administrator: read_api + admin_mode.
beforeAll(() => { on.sb.addToken('glpat-tiers-admin-readonly', { kind: 'classic', scopes: ['read_api', 'admin_mode'], userId: 2 }); });

// [tier, token, meta tools, individual tools]
const EXPECTED: Array<[string, string, string, number, number]> = [
  ['free', 'api', SANDBOX_TOKEN, 29, 766],
  ['free', 'api + admin_mode', ADMIN_TOKEN, 34, 892],
  ['free', 'read_api', READONLY_TOKEN, 28, 366],
  // admin.system_hook_test fires a hook at a third party: a write, so read_api no longer lists it (428 → 427).
  ['free', 'read_api + admin_mode', 'glpat-tiers-admin-readonly', 33, 427],
  ['premium', 'api', SANDBOX_TOKEN, 32, 900],
  ['premium', 'api + admin_mode', ADMIN_TOKEN, 37, 1026],
  ['premium', 'read_api', READONLY_TOKEN, 31, 428],
  ['ultimate', 'api', SANDBOX_TOKEN, 43, 966],
  ['ultimate', 'api + admin_mode', ADMIN_TOKEN, 48, 1092],
  ['ultimate', 'read_api', READONLY_TOKEN, 40, 455],
];

describe('catalog size per tier and token', () => {
  for (const [tier, label, token, meta, individual] of EXPECTED) {
    it(`${tier}, ${label}: dynamic 2, meta ${meta}, individual ${individual}`, async () => {
      const env: Record<string, string> = tier === 'free' ? {} : { FORGE_MCP_TIER: tier };
      const counts: number[] = [];
      for (const surface of ['dynamic', 'meta', 'individual']) {
        const srv = await startInProcess({ sandbox: on.sb, token, env: { ...env, FORGE_MCP_TOOL_SURFACE: surface } });
        try { counts.push((await srv.client.listTools()).tools.length); } finally { await srv.close(); }
      }
      expect(counts).toEqual([2, meta, individual]);
    });
  }
});

describe('tier detection (no FORGE_MCP_TIER)', () => {
  it('a licensed instance or an owned namespace on Ultimate enables the Enterprise catalog; FORGE_MCP_TIER pins it', async () => {
    const licensed = await withSandbox({ licensed: true });
    try {
      const detected = await startInProcess({ sandbox: licensed, token: SANDBOX_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } });
      try { expect((await detected.client.listTools()).tools).toHaveLength(43); } finally { await detected.close(); }
      const pinned = await startInProcess({ sandbox: licensed, token: SANDBOX_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: 'meta', FORGE_MCP_TIER: 'premium' } });
      try { expect((await pinned.client.listTools()).tools).toHaveLength(32); } finally { await pinned.close(); }
    } finally { await licensed.close(); }
  });
});
