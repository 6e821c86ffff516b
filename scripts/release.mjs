// `npm run release`: the release artifacts and what lets a user check them, written to release/
// (or `--out <dir>`):
//   forge-mcp-server-<version>.tgz              the npm tarball (npm pack; only the bundle and its notices)
//   forge-mcp-server-<version>.tgz.cdx.json     CycloneDX 1.5 SBOM of that tarball
//   forge-mcp-server-<version>.provenance.json  in-toto Statement v1, SLSA provenance v1 predicate
//   SHA256SUMS                                  sha256 of every file above, in `sha256sum -c` format
//
// The SBOM comes from esbuild's metafile (dist/bundle.meta.json), not from the npm dependency tree: the
// package installs no dependency, and what it carries is the code compiled into dist/bundle/. A package
// is a component when at least one of its bytes reached the bundle (the rule of THIRD_PARTY_NOTICES);
// packages a dependency had itself pre-bundled (the MCP SDK inlines @cfworker/json-schema…) are components nested
// under it. `--no-build` packs the dist/ already built (the test uses it; a release always builds).
// The signature of SHA256SUMS is made by the public CI workflow (.github/workflows/release.yml, cosign
// keyless), which cannot run on a developer machine. Nothing here is fetched from the network.
// The output directory is emptied before writing, so it is checked first (OUTPUT_MARKER): never the
// checkout, a directory holding it, the home directory or `/`, and never a directory this script did
// not create.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledPackages, METAFILE } from './notices.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPOSITORY = 'https://github.com/forge-mcp/forge-mcp-server';
export const BUILD_TYPE = `${REPOSITORY}/blob/main/scripts/release.mjs`;

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const git = (...args) => { try { return run('git', args); } catch { return undefined; } };

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return undefined;
}

/** `pkg:npm/%40scope/name@1.2.3` (the @ of a scope percent-encoded, as the purl spec asks). */
export const purlOf = (name, version) => `pkg:npm/${name.replace(/^@/, '%40')}${version ? `@${version}` : ''}`;

function component(name, version, license, extra = {}) {
  return {
    type: 'library',
    'bom-ref': purlOf(name, version),
    name,
    ...(version ? { version } : {}),
    ...(license ? { licenses: [{ expression: license }] } : {}),
    purl: purlOf(name, version),
    ...extra,
  };
}

/** CycloneDX 1.5 JSON describing `artifact` (file name and sha256) and the packages in the bundle. */
export function sbom(pkg, metafile, artifact) {
  const packages = bundledPackages(metafile, ROOT);
  const components = packages.map((p) => component(p.name, p.version, licenseOf(p.pkg), p.vendored.size ? {
    // bom-refs are unique in a document: a pre-bundled copy is named under its host.
    components: [...p.vendored.values()].map((v) => ({
      ...component(v.name, v.version, undefined, { description: `pre-bundled inside ${p.name}@${p.version}` }),
      'bom-ref': `${purlOf(p.name, p.version)}/${purlOf(v.name, v.version)}`,
    })),
  } : {}));
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      tools: { components: [{ type: 'application', name: 'scripts/release.mjs', description: 'from the esbuild metafile of dist/bundle' }] },
      component: {
        type: 'application',
        'bom-ref': purlOf(pkg.name, pkg.version),
        name: pkg.name,
        version: pkg.version,
        licenses: [{ expression: pkg.license }],
        purl: purlOf(pkg.name, pkg.version),
        hashes: [{ alg: 'SHA-256', content: artifact.sha256 }],
        externalReferences: [{ type: 'distribution', url: artifact.name }, { type: 'vcs', url: REPOSITORY }],
      },
    },
    components,
    dependencies: [{ ref: purlOf(pkg.name, pkg.version), dependsOn: components.map((c) => c['bom-ref']) }],
  };
}

/** in-toto Statement v1 with a SLSA provenance v1 predicate for `subjects` ({ name, sha256 }). */
export function provenance(subjects, inputs) {
  return {
    _type: 'https://in-toto.io/Statement/v1',
    subject: subjects.map((s) => ({ name: s.name, digest: { sha256: s.sha256 } })),
    predicateType: 'https://slsa.dev/provenance/v1',
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: { repository: REPOSITORY, ref: inputs.ref, commit: inputs.commit },
        internalParameters: { node: inputs.node, npm: inputs.npm, platform: inputs.platform, worktreeClean: inputs.clean },
        resolvedDependencies: [
          ...(inputs.commit ? [{ uri: `git+${REPOSITORY}.git@${inputs.commit}`, digest: { gitCommit: inputs.commit } }] : []),
          { uri: 'package-lock.json', digest: { sha256: inputs.lockfile } },
        ],
      },
      runDetails: {
        builder: { id: inputs.builder },
        metadata: { invocationId: inputs.invocation, startedOn: inputs.startedOn, finishedOn: new Date().toISOString() },
      },
    },
  };
}

/** Written into every output directory this script creates: only such a directory is ever emptied. */
const OUTPUT_MARKER = '.forge-release-output';

function parseArgs(argv) {
  const opts = { out: join(ROOT, 'release'), build: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      const value = argv[++i];
      if (value === undefined || value === '' || value.startsWith('--')) throw new Error('--out needs a directory (e.g. --out release); nothing was written or deleted');
      if (value.startsWith('~')) throw new Error(`--out ${value}: "~" was not expanded by a shell; give the directory as a full path; nothing was written or deleted`);
      opts.out = resolve(value);
    } else if (argv[i] === '--no-build') opts.build = false;
    else throw new Error(`unknown argument ${argv[i]} (accepted: --out <dir>, --no-build)`);
  }
  return opts;
}

/** `inner` is `outer` or lies inside it. */
const within = (inner, outer) => {
  const rel = relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};
/** The path with every symbolic link resolved, for as much of it as exists. */
const real = (p) => (existsSync(p) ? realpathSync(p) : join(real(dirname(p)), basename(p)));

/**
 * Refuses an output directory whose emptying could lose anything: the checkout or a directory
 * holding it, the home directory, `/`, or an existing directory this script did not create (no
 * marker) that is not empty. Returns whether the directory is one of ours, to be emptied.
 */
function checkOutput(out, root = ROOT, home = homedir()) {
  const refuse = (why) => { throw new Error(`refusing --out ${out}: ${why}; nothing was written or deleted`); };
  const target = real(out);
  if (within(real(root), target)) refuse(target === real(root) ? 'it is the checkout itself' : 'it holds the checkout');
  if (target === real(home)) refuse('it is the home directory');
  if (!existsSync(out)) return false;
  if (!statSync(out).isDirectory()) refuse('it is not a directory');
  if (existsSync(join(out, OUTPUT_MARKER))) return true;
  if (readdirSync(out).length > 0) refuse(`it already holds files and was not created by npm run release (no ${OUTPUT_MARKER}); choose a new directory or empty it yourself`);
  return false;
}

function main() {
  const startedOn = new Date().toISOString();
  const opts = parseArgs(process.argv.slice(2));
  const ours = checkOutput(opts.out);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  if (opts.build) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (ours) rmSync(opts.out, { recursive: true, force: true });
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, OUTPUT_MARKER), 'Written by scripts/release.mjs: npm run release may empty this directory.\n');

  // The build already ran: pack without the prepare script, so the tarball holds exactly that dist/.
  const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', opts.out]));
  const tarball = join(opts.out, packed[0].filename);
  const artifact = { name: basename(tarball), sha256: sha256(tarball) };

  const metafile = JSON.parse(readFileSync(join(ROOT, METAFILE), 'utf8'));
  const sbomFile = join(opts.out, `${artifact.name}.cdx.json`);
  writeFileSync(sbomFile, `${JSON.stringify(sbom(pkg, metafile, artifact), null, 2)}\n`);

  const subjects = [artifact, { name: basename(sbomFile), sha256: sha256(sbomFile) }];
  const statement = provenance(subjects, {
    commit: git('rev-parse', 'HEAD'),
    ref: process.env.GITHUB_REF ?? git('rev-parse', '--abbrev-ref', 'HEAD'),
    clean: git('status', '--porcelain') === '',
    lockfile: sha256(join(ROOT, 'package-lock.json')),
    node: process.version,
    npm: run('npm', ['--version']),
    platform: `${process.platform}-${process.arch}`,
    // On GitHub Actions the workflow at the tag; elsewhere this script, said to have run locally.
    builder: process.env.GITHUB_ACTIONS ? `${REPOSITORY}/.github/workflows/release.yml@${process.env.GITHUB_REF ?? ''}` : `${BUILD_TYPE}#local`,
    invocation: process.env.GITHUB_RUN_ID ? `${REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}` : randomUUID(),
    startedOn,
  });
  writeFileSync(join(opts.out, `${pkg.name}-${pkg.version}.provenance.json`), `${JSON.stringify(statement, null, 2)}\n`);

  const files = readdirSync(opts.out).filter((f) => f !== 'SHA256SUMS' && f !== OUTPUT_MARKER).sort();
  writeFileSync(join(opts.out, 'SHA256SUMS'), files.map((f) => `${sha256(join(opts.out, f))}  ${f}\n`).join(''));
  process.stdout.write(`release written to ${opts.out}:\n${files.concat('SHA256SUMS').map((f) => `  ${f}`).join('\n')}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`release: ${err.message}\n`);
    process.exitCode = 1;
  }
}
