// `npm run release` (scripts/release.mjs, into a temporary directory, packing the dist/ already built):
// the checksums verify with sha256sum, the SBOM is CycloneDX naming every package compiled into the
// bundle, the provenance statement's subjects are the artifacts and its inputs the commit, the lockfile
// digest and the Node.js version. The public release workflow is parsed and checked step by step.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT } from './helpers/harness.js';

/** The file scripts/release.mjs writes into an output directory it created (only such a one is emptied). */
const OUTPUT_MARKER = '.forge-release-output';

const out = mkdtempSync(join(tmpdir(), 'forge-release-'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const TARBALL = `${pkg.name}-${pkg.version}.tgz`;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Component { name: string; version?: string; purl: string; 'bom-ref': string; licenses?: Array<{ expression: string }>; components?: Component[] }
interface Sbom {
  bomFormat: string; specVersion: string; serialNumber: string; version: number;
  metadata: { component: { name: string; version: string; purl: string; hashes: Array<{ alg: string; content: string }> } };
  components: Component[]; dependencies: Array<{ ref: string; dependsOn: string[] }>;
}
interface Statement {
  _type: string; predicateType: string; subject: Array<{ name: string; digest: { sha256: string } }>;
  predicate: {
    buildDefinition: { buildType: string; externalParameters: { commit: string }; internalParameters: { node: string }; resolvedDependencies: Array<{ uri: string; digest: Record<string, string> }> };
    runDetails: { builder: { id: string } };
  };
}

/** The packages esbuild put bytes of into the bundle (the metafile's node_modules inputs), as name@version. */
function bundledFromMetafile(): Set<string> {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle.meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  const found = new Set<string>();
  for (const o of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(o.inputs)) {
      const at = input.lastIndexOf('node_modules/');
      if (at < 0 || bytesInOutput === 0) continue;
      const parts = input.slice(at + 13).split('/');
      const dir = input.slice(0, at + 13) + (parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
      const p = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string };
      found.add(`${p.name}@${p.version}`);
    }
  }
  return found;
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'release.mjs'), '--out', out, '--no-build'], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 });
}, 130_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run release', () => {
  it('writes the tarball, its SBOM, the provenance statement and SHA256SUMS, which sha256sum -c verifies', () => {
    const all = readdirSync(out);
    // The marker that lets a later run empty this directory; not an artifact, not in SHA256SUMS.
    expect(all).toContain(OUTPUT_MARKER);
    const files = all.filter((f) => f !== OUTPUT_MARKER).sort();
    expect(files).toEqual(['SHA256SUMS', `${pkg.name}-${pkg.version}.provenance.json`, TARBALL, `${TARBALL}.cdx.json`].sort());
    const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8');
    expect(sums.trim().split('\n').map((l) => l.split('  ')[1]).sort()).toEqual(files.filter((f) => f !== 'SHA256SUMS'));
    const check = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
    expect(check.trim().split('\n').every((l) => l.endsWith(': OK'))).toBe(true);
    // The tarball holds the bundle, not the sources.
    const listing = execFileSync('tar', ['-tzf', join(out, TARBALL)], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/dist/bundle/cli.js');
    expect(listing.filter((f) => f.startsWith('package/src/') || f.includes('node_modules'))).toEqual([]);
  });

  it('a changed byte is caught by the checksums', () => {
    const copy = mkdtempSync(join(tmpdir(), 'forge-release-tampered-'));
    try {
      execFileSync('cp', ['-r', `${out}/.`, copy]);
      execFileSync('sh', ['-c', `printf x >> '${join(copy, `${TARBALL}.cdx.json`)}'`]);
      expect(() => execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: copy, stdio: 'pipe' })).toThrow();
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('the SBOM is CycloneDX 1.5 for the tarball and lists every package compiled into the bundle', () => {
    const bom = JSON.parse(readFileSync(join(out, `${TARBALL}.cdx.json`), 'utf8')) as Sbom;
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toBe('1.5');
    expect(bom.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(bom.metadata.component).toMatchObject({ name: pkg.name, version: pkg.version, purl: `pkg:npm/${pkg.name}@${pkg.version}` });
    expect(bom.metadata.component.hashes).toEqual([{ alg: 'SHA-256', content: sha256(join(out, TARBALL)) }]);
    const top = new Set(bom.components.map((c) => `${c.name}@${c.version}`));
    expect(top).toEqual(bundledFromMetafile());
    for (const name of ['@modelcontextprotocol/server', 'pino', 'pino-pretty', 'fastest-levenshtein', 'undici']) expect([...top].some((c) => c.startsWith(`${name}@`)), name).toBe(true);
    // Packages the MCP SDK pre-bundled into its own files are nested under it.
    const sdk = bom.components.find((c) => c.name === '@modelcontextprotocol/server')!;
    expect(sdk.components?.map((c) => c.name)).toContain('@cfworker/json-schema');
    const refs = [...bom.components, ...bom.components.flatMap((c) => c.components ?? [])].map((c) => c['bom-ref']);
    expect(new Set(refs).size).toBe(refs.length);
    for (const c of bom.components) {
      expect(c.purl).toBe(`pkg:npm/${c.name.replace(/^@/, '%40')}@${c.version}`);
      expect(c.licenses?.[0]?.expression, c.name).toMatch(/^[A-Za-z0-9.()+ -]+$/);
    }
    expect(bom.dependencies).toEqual([{ ref: bom.metadata.component.purl, dependsOn: bom.components.map((c) => c['bom-ref']) }]);
  });

  it('the provenance is an in-toto statement whose subjects are the artifacts, with the commit, lockfile digest and Node.js version', () => {
    const st = JSON.parse(readFileSync(join(out, `${pkg.name}-${pkg.version}.provenance.json`), 'utf8')) as Statement;
    expect(st._type).toBe('https://in-toto.io/Statement/v1');
    expect(st.predicateType).toBe('https://slsa.dev/provenance/v1');
    expect(st.subject).toEqual([TARBALL, `${TARBALL}.cdx.json`].map((name) => ({ name, digest: { sha256: sha256(join(out, name)) } })));
    const def = st.predicate.buildDefinition;
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(def.externalParameters.commit).toBe(commit);
    expect(def.internalParameters.node).toBe(process.version);
    expect(def.resolvedDependencies).toEqual([
      { uri: `git+https://github.com/forge-mcp/forge-mcp-server.git@${commit}`, digest: { gitCommit: commit } },
      { uri: 'package-lock.json', digest: { sha256: sha256(join(ROOT, 'package-lock.json')) } },
    ]);
    expect(st.predicate.runDetails.builder.id).toMatch(/^https:\/\//);
  });
});

describe('npm run release refuses an output directory it could destroy (issue #26)', () => {
  // A scratch clone carrying this checkout's scripts: were a refusal missing, the clone (not this
  // checkout) would be what is lost.
  const scratch = mkdtempSync(join(tmpdir(), 'forge-release-scratch-'));
  const clone = join(scratch, 'clone');
  const home = join(scratch, 'home');
  beforeAll(() => {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], { stdio: 'pipe', timeout: 60_000 });
    for (const f of ['release.mjs', 'notices.mjs']) copyFileSync(join(ROOT, 'scripts', f), join(clone, 'scripts', f));
    mkdirSync(home);
    writeFileSync(join(home, 'keep.txt'), 'mine\n');
    before = snapshot();
  }, 70_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // `--out /` is refused by the same rule as `..` (a directory holding the checkout); it is not run
  // here, as a regression would then empty the machine's root.
  const release = (...args: string[]) => spawnSync(process.execPath, [join(clone, 'scripts', 'release.mjs'), ...args, '--no-build'], {
    cwd: clone, env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', timeout: 30_000,
  });
  /** Every file of the clone (.git included) and of the home directory, with its size. */
  const snapshot = () => [clone, home].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => {
    const st = lstatSync(join(dir, f));
    return `${join(dir, f)} ${st.isDirectory() ? 'dir' : st.size}`;
  })).sort().join('\n');
  let before = '';
  const intact = () => {
    expect(existsSync(join(clone, '.git', 'HEAD'))).toBe(true);
    expect(snapshot()).toBe(before);
  };

  it.each([
    ['--out without a value', ['--out'], 'release: --out needs a directory (e.g. --out release); nothing was written or deleted\n'],
    ['--out followed by another flag', ['--out', '--no-build'], 'release: --out needs a directory (e.g. --out release); nothing was written or deleted\n'],
    ['--out . (the checkout)', ['--out', '.'], `release: refusing --out ${clone}: it is the checkout itself; nothing was written or deleted\n`],
    ['--out .. (a parent of the checkout)', ['--out', '..'], `release: refusing --out ${scratch}: it holds the checkout; nothing was written or deleted\n`],
    ['--out ~ as the shell expands it (the home directory)', ['--out', '<home>'], `release: refusing --out ${home}: it is the home directory; nothing was written or deleted\n`],
    ['--out ~ left unexpanded', ['--out', '~'], 'release: --out ~: "~" was not expanded by a shell; give the directory as a full path; nothing was written or deleted\n'],
    ['--out src (a directory it did not create)', ['--out', 'src'], `release: refusing --out ${clone}/src: it already holds files and was not created by npm run release (no ${OUTPUT_MARKER}); choose a new directory or empty it yourself; nothing was written or deleted\n`],
  ])('%s: refused, exit 1, nothing deleted', (_name, args, message) => {
    const r = release(...args.map((a) => (a === '<home>' ? home : a)));
    expect(r.stderr).toBe(message);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
    intact();
  });
});

describe('the release workflow (.github/workflows/release.yml; it runs on GitHub only)', () => {
  interface Step { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; 'working-directory'?: string }
  const wf = parseYaml(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } }; jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>;
  };
  const job = wf.jobs.release!;
  const runs = job.steps.map((s) => s.run ?? '');
  const index = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));

  it('runs on a version tag, with the OIDC token that npm provenance and cosign keyless need', () => {
    expect(wf.on.push.tags).toEqual(['v*']);
    expect(job.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
  });

  it('after the test job (test/preflight.test.ts), builds the same release, checks the sums, signs SHA256SUMS keylessly, publishes with provenance, uploads every artifact', () => {
    expect((job as { needs?: string }).needs).toBe('test');
    const order = [/^npm ci$/, /^npm run release$/, /^sha256sum -c SHA256SUMS$/, /^cosign sign-blob --yes --bundle SHA256SUMS\.sigstore\.json SHA256SUMS$/, /^npm publish release\/forge-mcp-server-\*\.tgz --provenance/, /^gh release create .* release\/\*$/];
    const at = order.map(index);
    expect(at.every((i) => i >= 0), String(at)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(job.steps.some((s) => s.uses?.startsWith('sigstore/cosign-installer@'))).toBe(true);
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
    expect(job.steps[index(/^cosign/)]!['working-directory']).toBe('release');
  });
});
