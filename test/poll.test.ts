// Waiting actions are bounded (issue #26 item 3): `dependency.export_get {interval_seconds: 1e7,
// timeout_seconds: 1e9}` sent 4,948 GETs in 8 s (1e10 ms overflowed setTimeout into 1 ms). Now the
// interval and timeout are refused outside the ranges their catalog entries declare, the code reads the
// entries' defaults, the wait stops at the action deadline, and every re-read draws a rate-limit token.
import { describe, it, expect, beforeAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { actionSchema } from '../src/catalog/schema.js';
import { sleep } from '../src/forge/client.js';
import { apiRequests, sandboxPerFile, text, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

// The sandbox does not simulate dependency exports: the test-only placeholders mode answers an export
// that never finishes, which is what these bounds are about.
const on = sandboxPerFile({ placeholders: true });
beforeAll(async () => { await loadCatalog(); });

const MAX_TIMER_S = Math.floor((2 ** 31 - 1) / 1000);
const exportReads = () => apiRequests(on.sb).filter((e) => e.method === 'GET' && e.path === '/api/v4/dependency_list_exports/5').length;

async function withServer<T>(env: Record<string, string>, body: (srv: Running) => Promise<T>): Promise<T> {
  const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TIER: 'ultimate', ...env } });
  try { return await body(srv); } finally { await srv.close(); }
}
const exportGet = (srv: Running, params: Record<string, unknown>) => srv.call('forge_execute_action', { action: 'dependency.export_get', params: { export_id: 5, ...params } });

describe('the waiting actions declare their bounds (lint)', () => {
  it('each poll action has interval_seconds and timeout_seconds: local integers with a range, a default inside it, said in the description and the schema', () => {
    const polling = catalog().actions.filter((a) => a.poll);
    expect(polling.map((a) => a.id).sort()).toEqual(['dependency.export_get', 'job.wait', 'pipeline.wait']);
    for (const a of polling) {
      for (const name of ['interval_seconds', 'timeout_seconds']) {
        const p = a.params[name];
        const where = `${a.id}.${name}`;
        expect(p, where).toBeDefined();
        expect([p.type, p.in], where).toEqual(['integer', 'local']);
        expect(p.range, where).toBeDefined();
        const [min, max] = p.range!;
        expect(min, where).toBeGreaterThanOrEqual(1);
        expect(max, where).toBeLessThanOrEqual(MAX_TIMER_S);
        expect(typeof p.default === 'number' && p.default >= min && p.default <= max, where).toBe(true);
        expect(p.description, where).toContain(`(${min}-${max}, default ${String(p.default)}`);
        expect((actionSchema(a).properties as Record<string, unknown>)[name], where).toMatchObject({ minimum: min, maximum: max, default: p.default });
      }
    }
  });
});

describe('dependency.export_get against an export that never finishes', () => {
  it('refuses the flood values (and zero, and a negative) before sending anything', async () => {
    await withServer({}, async (srv) => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ interval_seconds: 1e7, timeout_seconds: 1e9 }, 'dependencyExportGet: interval_seconds must be from 1 to 60 (got 10000000)'],
        [{ timeout_seconds: 1e9 }, 'dependencyExportGet: timeout_seconds must be from 1 to 600 (got 1000000000)'],
        [{ interval_seconds: 0 }, 'dependencyExportGet: interval_seconds must be from 1 to 60 (got 0)'],
        [{ timeout_seconds: -5 }, 'dependencyExportGet: timeout_seconds must be from 1 to 600 (got -5)'],
      ];
      for (const [params, message] of cases) {
        const r = await exportGet(srv, params);
        expect(r.isError).toBe(true);
        expect(text(r)).toBe(message);
      }
      expect(apiRequests(on.sb)).toHaveLength(0);
    });
  });

  it('reads at most 1 + timeout / interval times', async () => {
    await withServer({}, async (srv) => {
      on.sb.clearLog();
      const r = await exportGet(srv, { interval_seconds: 1, timeout_seconds: 2 });
      expect(r.isError, text(r)).toBeFalsy();
      expect(exportReads()).toBeGreaterThanOrEqual(2);
      expect(exportReads()).toBeLessThanOrEqual(3);
      expect(apiRequests(on.sb).length).toBe(exportReads());
    });
  });

  it('each re-read draws from the caller\'s rate limit: the wait stops when the bucket is empty', async () => {
    // Burst 3, refilled once in 1,000 s: the call takes one token, two re-reads take the rest.
    await withServer({ FORGE_MCP_RATE_LIMIT_RPS: '0.001', FORGE_MCP_RATE_LIMIT_BURST: '3' }, async (srv) => {
      on.sb.clearLog();
      const r = await exportGet(srv, { interval_seconds: 1, timeout_seconds: 600 });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('dependencyExportGet: stopped waiting after 3 status reads (the last said has_finished = null): rate limit exceeded for forge_execute_action: more than 0.001 requests per second (burst 3); wait a moment and retry');
      expect(exportReads()).toBe(3);
    });
  });

  it('stops waiting at the action deadline and answers the last status instead of failing', async () => {
    await withServer({ FORGE_MCP_ACTION_TIMEOUT: '2s' }, async (srv) => {
      on.sb.clearLog();
      const r = await exportGet(srv, { interval_seconds: 1, timeout_seconds: 600 });
      expect(r.isError, text(r)).toBeFalsy();
      expect(exportReads()).toBeLessThanOrEqual(3);
    });
  });
});

describe('the one wait helper', () => {
  it('never fires early for a delay past the timer limit (1e10 ms ran after 1 ms), and ends on abort', async () => {
    const ctl = new AbortController();
    const long = sleep(1e10, ctl.signal).then(() => 'fired', (e: unknown) => (e === ctl.signal.reason ? 'aborted' : 'failed'));
    // Which settles first, not how long anything took.
    expect(await Promise.race([long, sleep(50).then(() => 'short')])).toBe('short');
    ctl.abort(new Error('client cancelled'));
    expect(await long).toBe('aborted');
  });
});
