// A small MCP Apps host for the browser tests: the host page on one loopback origin, the view HTML
// on a second one (served with the CSP the resource declares, as web hosts do), headless Chromium
// driven by playwright-core (the system's chromium, never a download).
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';
import { ROOT } from './harness.js';

/** The flags the browser tests launch Chromium with (no GPU, no network of its own, no first-run). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The system's Chromium, looked up on PATH under the names scripts/preflight.mjs checks. */
function chromiumPath(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    for (const name of ['chromium', 'chromium-browser']) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error('chromium not found on PATH (apt-get install chromium)');
}

interface Listening { url: string; hits: string[]; close: () => Promise<void> }

function listen(handler: (path: string) => { type: string; body: string; headers?: Record<string, string> } | undefined): Promise<Listening> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const answer = handler(new URL(req.url ?? '/', 'http://x').pathname);
    if (!answer) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': answer.type, ...answer.headers }).end(answer.body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    resolve({ url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) });
  }));
}

/** The CSP a host sets from the resource's _meta.ui.csp: nothing declared, nothing fetched. */
export function cspOf(csp: { connectDomains?: string[]; resourceDomains?: string[] } = {}): string {
  const connect = csp.connectDomains?.length ? csp.connectDomains.join(' ') : "'none'";
  const res = csp.resourceDomains?.join(' ') ?? '';
  return `default-src 'none'; script-src 'unsafe-inline' ${res}; style-src 'unsafe-inline' ${res}; img-src data: ${res}; connect-src ${connect}`.replace(/ +/g, ' ');
}

export interface Host {
  context: BrowserContext;
  hostOrigin: Listening;
  viewOrigin: Listening;
  pageUrl: string;
  close: () => Promise<void>;
}

export async function startHost(html: string, csp: string): Promise<Host> {
  const bundled = await build({ entryPoints: [join(ROOT, 'test', 'helpers', 'apps-host-page.ts')], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'error' });
  const script = bundled.outputFiles[0].text;
  const hostOrigin = await listen((path) => {
    if (path === '/') return { type: 'text/html', body: '<!doctype html><html><body style="margin:0"><script type="module" src="/host.js"></script></body></html>' };
    if (path === '/host.js') return { type: 'text/javascript', body: script };
    return undefined;
  });
  const viewOrigin = await listen((path) => (path === '/view' ? { type: 'text/html', body: html, headers: { 'content-security-policy': csp } } : undefined));
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'forge-chromium-')), {
    // Tall enough for a whole view: a cross-origin frame outside the viewport is not painted for a screenshot.
    executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 900, height: 1600 },
  });
  return {
    context, hostOrigin, viewOrigin,
    pageUrl: `${hostOrigin.url}/?view=${encodeURIComponent(`${viewOrigin.url}/view`)}`,
    close: async () => { await context.close(); await hostOrigin.close(); await viewOrigin.close(); },
  };
}
