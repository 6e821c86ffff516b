// The deployment examples (issues #15, #27): the Kubernetes manifests parse, hang together (labels,
// selectors, ports, readiness on /health), run the image the Containerfile builds and pass only flags
// the server knows; the manifest's probes, applied to a running server with a pod IP as Host, pass;
// the nginx config is accepted by nginx itself, and the cluster demo's replicas share one sandbox.
import { describe, it, expect } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { FLAGS, loadConfig } from '../src/config/index.js';
import { ROOT, until } from './helpers/harness.js';
import { connect, rawRequest, startHttpServer } from './helpers/http.js';

/** The Containerfile's ENTRYPOINT (exec form) after `node <script>`: the flags the image always passes. */
const containerfile = readFileSync(join(ROOT, 'Containerfile'), 'utf8');
const entrypoint = (JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(containerfile)![1]!) as string[]).slice(2);

interface Probe { httpGet: { path: string; port: string | number; httpHeaders?: Array<{ name: string; value: string }> } }
interface Container {
  image: string;
  command?: string[];
  args: string[];
  env: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  ports: Array<{ name: string; containerPort: number }>;
  readinessProbe: Probe;
  livenessProbe: Probe;
}
type Doc = { kind: string; metadata: { name: string }; spec: Record<string, unknown> };

const docs = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'kubernetes.yaml'), 'utf8')).map((d) => {
  expect(d.errors).toEqual([]);
  return d.toJS() as Doc;
});
const byKind = (k: string) => docs.find((d) => d.kind === k) as Doc;

describe('deploy/kubernetes.yaml', () => {
  it('holds a Deployment, a Service and a PodDisruptionBudget', () => {
    expect(docs.map((d) => d.kind)).toEqual(['Deployment', 'Service', 'PodDisruptionBudget']);
  });

  const dep = byKind('Deployment').spec as { replicas: number; selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } } };
  const c = dep.template.spec.containers[0];

  it('runs several replicas whose labels every selector matches', () => {
    expect(dep.replicas).toBeGreaterThanOrEqual(2);
    const labels = dep.template.metadata.labels;
    const matches = (sel: Record<string, string>) => Object.entries(sel).every(([k, v]) => labels[k] === v);
    expect(matches(dep.selector.matchLabels)).toBe(true);
    expect(matches((byKind('Service').spec as { selector: Record<string, string> }).selector)).toBe(true);
    const pdb = byKind('PodDisruptionBudget').spec as { selector: { matchLabels: Record<string, string> }; maxUnavailable?: number };
    expect(matches(pdb.selector.matchLabels)).toBe(true);
    expect(pdb.maxUnavailable).toBeLessThan(dep.replicas);
  });

  it('runs the image the Containerfile builds (a reference to replace, documented), through its entry point', () => {
    const manifest = readFileSync(join(ROOT, 'deploy', 'kubernetes.yaml'), 'utf8');
    expect(c.image).toBe('registry.example.com/forge-mcp-server:0.1.0');
    expect(manifest).toContain(`podman build -t ${c.image} -f Containerfile .`);
    expect(manifest).toContain(`podman push ${c.image}`);
    // No command: the image's ENTRYPOINT runs, and the args replace its CMD.
    expect(c.command).toBeUndefined();
    expect(entrypoint.slice(0, 3)).toEqual(['--http', '--http-addr', ':8080']);
  });

  it('is ready when /health answers on the port the server listens on, and the Service targets it', () => {
    const port = c.ports.find((p) => p.name === c.readinessProbe.httpGet.port);
    expect(c.readinessProbe.httpGet.path).toBe('/health');
    expect(port?.containerPort).toBe(8080);
    expect(entrypoint[entrypoint.indexOf('--http-addr') + 1]).toBe(`:${port?.containerPort}`);
    const svc = byKind('Service').spec as { ports: Array<{ targetPort: string }> };
    expect(svc.ports[0].targetPort).toBe(port?.name);
  });

  it('shares state through Redis from a Secret, and passes flags the server accepts', () => {
    expect(c.env.find((e) => e.name === 'FORGE_MCP_REDIS_URL')?.valueFrom?.secretKeyRef?.key).toBe('url');
    const known = new Set(FLAGS.map((f) => f.name));
    for (const a of [...entrypoint, ...c.args].filter((x) => x.startsWith('--'))) expect(known.has(a.replace(/^--/, '').split('=')[0]), a).toBe(true);
    const r = loadConfig({ argv: [...entrypoint, ...c.args], env: { FORGE_MCP_REDIS_URL: 'redis://:secret@redis:6379/0' }, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
    if (!r.ok || 'exit' in r) throw new Error('the manifest arguments are refused');
    expect(r.config.redisUrl).toBe('redis://:secret@redis:6379/0');
    expect(r.config.httpListen).toEqual({ kind: 'tcp', host: '', port: 8080, loopback: false });
  });

  it('its probes, as the kubelet sends them (the pod IP as Host), pass on a server run with its arguments; /mcp keeps the Host check', async () => {
    // The manifest's arguments on loopback (the helper binds 127.0.0.1:0; Redis left out).
    const srv = await startHttpServer(c.args);
    try {
      for (const probe of [c.readinessProbe, c.livenessProbe]) {
        const headers = Object.fromEntries((probe.httpGet.httpHeaders ?? []).map((h) => [h.name, h.value]));
        const r = await rawRequest(srv, { method: 'GET', path: probe.httpGet.path, headers: { ...headers, host: '10.1.2.3:8080' } });
        expect(r.status, probe.httpGet.path).toBe(200);
        expect(JSON.parse(r.body)).toEqual({ status: 'ok' });
      }
      const mcp = await rawRequest(srv, { method: 'POST', path: '/mcp', headers: { host: '10.1.2.3:8080', 'content-type': 'application/json' }, body: '{}' });
      expect(mcp.status).toBe(403);
      expect((JSON.parse(mcp.body) as { error: { message: string } }).error.message).toBe('the Host header names a host this deployment does not serve');
    } finally {
      await srv.close();
    }
  });
});

describe('deploy/nginx.conf and scripts/cluster-demo.sh', () => {
  it('nginx accepts the config', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'forge-nginx-'));
    const out = execFileSync('nginx', ['-t', '-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(ROOT, 'deploy', 'nginx.conf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toBe('');
  });

  it('the demo starts Redis, three replicas on the ports nginx names, and nginx with this config', () => {
    const conf = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const demo = readFileSync(join(ROOT, 'scripts', 'cluster-demo.sh'), 'utf8');
    const upstream = [...conf.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1]);
    expect(upstream).toEqual(['8081', '8082', '8083']);
    expect(demo).toContain(`for port in ${upstream.join(' ')}; do`);
    expect(demo).toMatch(/--redis-url redis:\/\/127\.0\.0\.1:6390/);
    expect(demo).toMatch(/redis-server --port 6390/);
    expect(demo).toContain('-c "$root/deploy/nginx.conf"');
  });

  it('the demo runs one sandbox for every replica and prints its demo token', () => {
    const demo = readFileSync(join(ROOT, 'scripts', 'cluster-demo.sh'), 'utf8');
    expect(demo).toContain('node scripts/sandbox-instance.mjs >"$work/sandbox.out"');
    expect(demo).toContain('instance=(--forge-url "$sandbox_url")');
    expect(demo).toContain('echo "$token_line"');
    expect(demo).not.toMatch(/instance=\(--sandbox\)/);
  });

  it('replicas pointed at one scripts/sandbox-instance.mjs share its data: an issue created through one is read through the other', async () => {
    const sandbox = spawn(process.execPath, [join(ROOT, 'scripts', 'sandbox-instance.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    sandbox.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const replicas: Awaited<ReturnType<typeof startHttpServer>>[] = [];
    try {
      const [url, token] = await until(() => { const l = out.split('\n'); return l.length > 2 ? l : undefined; }, 15_000);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(token).toBe('glpat-sandbox-demo-token-0001');
      for (let i = 0; i < 2; i++) replicas.push(await startHttpServer(['--forge-url', url!]));
      const [a, b] = await Promise.all(replicas.map((r) => connect(r, { 'PRIVATE-TOKEN': token! })));
      try {
        const title = `shared by every replica ${Date.now()}`;
        const created = await a!.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.create', params: { project_id: 'demo-group/demo-project', title } } }) as { isError?: boolean };
        expect(created.isError).toBeFalsy();
        const listed = await b!.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project', search: title } } }) as { content: Array<{ text: string }> };
        expect(listed.content[0]!.text).toContain(title);
      } finally {
        await Promise.all([a!.close(), b!.close()]);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      sandbox.kill('SIGTERM');
    }
  });
});
