// The deployment examples (issue #15): the Kubernetes manifests parse, hang together (labels,
// selectors, ports, readiness on /health) and pass only flags the server knows; the nginx config is
// accepted by nginx itself, and the cluster demo starts what it names.
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { FLAGS, loadConfig } from '../src/config/index.js';
import { ROOT } from './helpers/harness.js';

interface Container {
  args: string[];
  env: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  ports: Array<{ name: string; containerPort: number }>;
  readinessProbe: { httpGet: { path: string; port: string | number } };
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

  it('is ready when /health answers on the port the server listens on, and the Service targets it', () => {
    const port = c.ports.find((p) => p.name === c.readinessProbe.httpGet.port);
    expect(c.readinessProbe.httpGet.path).toBe('/health');
    expect(port?.containerPort).toBe(8080);
    expect(c.args).toContain(`--http-addr=:${port?.containerPort}`);
    const svc = byKind('Service').spec as { ports: Array<{ targetPort: string }> };
    expect(svc.ports[0].targetPort).toBe(port?.name);
  });

  it('shares state through Redis from a Secret, and passes flags the server accepts', () => {
    expect(c.env.find((e) => e.name === 'FORGE_MCP_REDIS_URL')?.valueFrom?.secretKeyRef?.key).toBe('url');
    const known = new Set(FLAGS.map((f) => f.name));
    for (const a of c.args) expect(known.has(a.replace(/^--/, '').split('=')[0]), a).toBe(true);
    const r = loadConfig({ argv: c.args, env: { FORGE_MCP_REDIS_URL: 'redis://:secret@redis:6379/0' }, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
    expect(r.ok && !('exit' in r) && r.config.redisUrl).toBe('redis://:secret@redis:6379/0');
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
});
