// The three views end to end in headless Chromium: the built server (dist/bundle/cli.js) over stdio
// against the sandbox, a test host built on ext-apps' AppBridge, the view on a second origin.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import type { Sandbox } from '../src/sandbox/index.js';
import { apiRequests, startServer, withSandbox, type Running } from './helpers/harness.js';
import { cspOf, startHost, type Host } from './helpers/apps-host.js';

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }, elicitation: {} };
const SHOTS = mkdtempSync(join(tmpdir(), 'forge-views-'));
const WAIT = 15_000;

let sb: Sandbox;
let srv: Running;
let host: Host;
let html = '';
let elicitAnswer: 'accept' | 'decline' = 'decline';
const prompts: string[] = [];

beforeAll(async () => {
  sb = await withSandbox();
  srv = await startServer({
    sandbox: sb, capabilities: APPS,
    onElicit: async ({ message }) => { prompts.push(message); return elicitAnswer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' }; },
  });
  const read = await srv.client.readResource({ uri: 'ui://forge/views.html' });
  const content = read.contents[0] as { text: string; mimeType: string; _meta?: { ui?: { csp?: Record<string, string[]> } } };
  expect(content.mimeType).toBe('text/html;profile=mcp-app');
  html = content.text;
  host = await startHost(content.text, cspOf(content._meta?.ui?.csp));
}, 60_000);
afterAll(async () => { await host?.close(); await srv?.close(); await sb?.close(); });

/** Opens the host page, calls forge_show as the model would, and hands input and result to the view. */
async function open(args: Record<string, unknown>): Promise<{ page: Page; frame: Frame }> {
  const result = await srv.client.callTool({ name: 'forge_show', arguments: args });
  expect(result.isError).toBeFalsy();
  const page = await host.context.newPage();
  page.setDefaultTimeout(WAIT);
  await page.exposeFunction('forgeCall', (name: string, a: Record<string, unknown>) => srv.client.callTool({ name, arguments: a }));
  await page.goto(host.pageUrl);
  await page.evaluate(() => window.host.initialized);
  await page.evaluate(async ({ a, r }) => { await window.host.bridge.sendToolInput({ arguments: a }); await window.host.bridge.sendToolResult(r as never); }, { a: args, r: result });
  const frame = page.frames().find((f) => f.url().startsWith(host.viewOrigin.url))!;
  return { page, frame };
}

/** A screenshot once the frame has taken the view's height (steady over two frames) and painted. */
async function shot(page: Page, frame: Frame, name: string): Promise<void> {
  const paint = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (let last = -1, tries = 0; tries < 20; tries++) {
    const height = await frame.evaluate(() => document.documentElement.scrollHeight);
    await page.waitForFunction((h) => window.host.frame.style.height === `${h}px`, height);
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await paint();
    if (height === last) break;
    last = height;
  }
  const path = join(SHOTS, `${name}.png`);
  await page.locator('#view').screenshot({ path });
  console.log(`screenshot ${path} ${statSync(path).size} bytes`);
}

const count = (method: string, suffix: RegExp) => apiRequests(sb).filter((e) => e.method === method && suffix.test(e.path)).length;

describe('the views resource', () => {
  it('is one self-contained HTML page within budget: 60 KB raw, 20 KB gzip', () => {
    const raw = Buffer.byteLength(html);
    const gz = gzipSync(html).length;
    console.log(`views: ${raw} bytes raw, ${gz} bytes gzip`);
    expect(raw).toBeLessThanOrEqual(60 * 1024);
    expect(gz).toBeLessThanOrEqual(20 * 1024);
    // Nothing loaded from elsewhere, and text set only through textContent.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(html).toContain(`content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"`);
  });
});

describe('job log view', () => {
  it("shows job 2022's sections and the failing assertion, tail first", async () => {
    const { page, frame } = await open({ view: 'job', project: '1', id: 2022 });
    try {
      await frame.locator('details.section[data-section="step_script"]').waitFor();
      const sections = await frame.locator('details.section').evaluateAll((ds) => ds.map((d) => (d as HTMLElement).dataset.section));
      expect(sections).toEqual(expect.arrayContaining(['prepare_executor', 'get_sources', 'step_script']));
      expect(await frame.locator('.log').textContent()).toContain('AssertionError: expected false to be true');
      // Section headers carry their durations; the raw markers never show.
      expect(await frame.locator('details.section[data-section="prepare_executor"] > summary .dur').textContent()).toMatch(/^\d+s$/);
      expect(await frame.locator('.log').textContent()).not.toContain('section_start');
      await frame.locator('button', { hasText: 'Jump to first error' }).click();
      expect(await frame.locator('.line.hit').count()).toBe(1);
      await frame.locator('.search').fill('AssertionError');
      expect(await frame.locator('.line.match').count()).toBeGreaterThan(0);
      await shot(page, frame, 'job-log');
    } finally { await page.close(); }
  });
});

describe('merge request view', () => {
  it('shows the failed pipeline and the unresolved thread; a merge is refused when declined and runs once when accepted', async () => {
    const { page, frame } = await open({ view: 'merge_request', project: '1', id: 1 });
    try {
      const pipeline = frame.locator('.checklist li', { hasText: 'Pipeline' });
      await pipeline.waitFor();
      expect(await pipeline.textContent()).toContain('#1002 failed');
      expect(await frame.locator('.thread.open').count()).toBe(1);
      expect(await frame.locator('.thread.open').textContent()).toContain('Should we normalize the username too?');
      // A file's diff is loaded when opened.
      await frame.locator('details.file summary').first().click();
      await frame.locator('details.file pre.diff').first().waitFor();
      await shot(page, frame, 'merge-request');

      sb.clearLog();
      elicitAnswer = 'decline';
      await frame.locator('button', { hasText: 'Merge' }).click();
      await frame.locator('.say.bad', { hasText: 'declined' }).waitFor();
      expect(count('PUT', /\/merge$/)).toBe(0);
      elicitAnswer = 'accept';
      await frame.locator('button', { hasText: 'Merge' }).click();
      await frame.locator('.say', { hasText: 'Merged: done' }).waitFor();
      expect(count('PUT', /\/merge$/)).toBe(1);
      expect(prompts.filter((p) => p.includes('merge_request.merge'))).toHaveLength(2);
    } finally { await page.close(); }
  });
});

// Last: its retry sets pipeline 1002 running again, which the review view above reads.
describe('pipeline view', () => {
  it('shows pipeline 1002 with unit-tests failed; a retry reaches the sandbox once; CSP, theme and size', async () => {
    const { page, frame } = await open({ view: 'pipeline', project: '1', id: 1002 });
    try {
      const unit = frame.locator('.job[data-job="unit-tests"]');
      await unit.waitFor();
      expect(await unit.locator('.badge').textContent()).toBe('failed');
      expect(await frame.locator('h1').textContent()).toBe('Pipeline #1002');

      // The frame took the view's height.
      await page.waitForFunction(() => window.host.frame.style.height !== '150px');
      const viewHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
      expect(await page.evaluate(() => window.host.frame.style.height)).toBe(`${viewHeight}px`);

      // The CSP lets nothing out: a fetch to the host's own origin is blocked and never arrives.
      const before = host.hostOrigin.hits.length;
      const fetched = await frame.evaluate((u) => fetch(u).then(() => 'loaded', () => 'blocked'), `${host.hostOrigin.url}/leak`);
      expect(fetched).toBe('blocked');
      expect(host.hostOrigin.hits.slice(before)).toEqual([]);
      await shot(page, frame, 'pipeline');

      // Theme: the host's variables and theme apply at once.
      await page.evaluate(() => window.host.bridge.setHostContext({ theme: 'dark', styles: { variables: { '--color-background-primary': 'rgb(1, 2, 3)' } as never } }));
      await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(await frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(1, 2, 3)');
      await shot(page, frame, 'pipeline-dark');

      sb.clearLog();
      await unit.locator('button').click();
      await frame.locator('.say', { hasText: 'unit-tests retried: done' }).waitFor();
      expect(count('POST', /\/jobs\/\d+\/retry$/)).toBe(1);
    } finally { await page.close(); }
  });
});

describe('pipeline view of a running pipeline', () => {
  it('polls while it runs, and a cancel reaches the sandbox once', async () => {
    const { page, frame } = await open({ view: 'pipeline', project: '1', id: 1003 });
    try {
      await frame.locator('.job[data-job="unit-tests"]').waitFor();
      sb.clearLog();
      // The first poll comes after a few seconds: the view re-reads the pipeline on its own.
      await expect.poll(() => count('GET', /\/pipelines\/1003$/), { timeout: WAIT, interval: 200 }).toBeGreaterThan(0);
      await frame.locator('button', { hasText: 'Cancel pipeline' }).click();
      await frame.locator('.say', { hasText: 'Pipeline canceled: done' }).waitFor();
      expect(count('POST', /\/pipelines\/1003\/cancel$/)).toBe(1);
      await frame.locator('header .badge', { hasText: 'canceled' }).waitFor();
      // Ended: no "Cancel pipeline" any more, and no further poll is scheduled.
      expect(await frame.locator('button', { hasText: 'Cancel pipeline' }).count()).toBe(0);
    } finally { await page.close(); }
  });
});
