// Writes dist/THIRD_PARTY_NOTICES: the licences of the third-party code inside dist/bundle/.
//
// The bundle is built with `legalComments: 'none'`, so the licence headers of the bundled packages are
// not in it; this file, shipped next to it in the npm tarball, carries them instead. The list comes from
// esbuild's metafile, not from package.json: a package is listed when at least one byte of it reached an
// output file. Two kinds of package are found:
//   - packages bundled from node_modules (`node_modules/<name>/…` inputs), with the licence file of the
//     installed copy;
//   - packages that a bundled package had itself pre-bundled into its own dist files (the MCP SDK inlines
//     @cfworker/json-schema, zod, …), found by the `//#region …/node_modules/<name>…` markers its bundler leaves. Their
//     licence comes from an installed copy of the same version if there is one, else from
//     scripts/third-party-licenses/<name>@<version>.txt (first line `License: <SPDX id>`, a blank line,
//     then the licence text as published in that version's npm tarball).
// A package whose licence text cannot be found stops the build: add its file and build again.
//
// Used by scripts/bundle.mjs after each build; `node scripts/notices.mjs` rewrites the notices from the
// metafile the last build left in dist/bundle.meta.json.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const VENDORED_LICENSES = join(ROOT, 'scripts', 'third-party-licenses');
export const METAFILE = 'dist/bundle.meta.json';
export const NOTICES = 'dist/THIRD_PARTY_NOTICES';

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$|^(licen[cs]e|copying)[-_.]/i;
const NOTICE_FILE = /^notice(\.(md|txt))?$/i;

/** `node_modules/a/node_modules/@s/b/lib/x.js` → `node_modules/a/node_modules/@s/b` (the innermost package). */
export function packageDirOf(input) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return input.slice(0, at) + 'node_modules/' + name;
}

/** The `//#region` markers of a pre-bundled file: `[{ name, version }]` (pnpm paths carry the version). */
export function vendoredIn(source) {
  const found = new Map();
  for (const m of source.matchAll(/^\/\/#region (\S*node_modules\/\S+)/gm)) {
    const path = m[1];
    const dir = packageDirOf(path);
    const name = dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // `.pnpm/ajv-formats@3.0.1_ajv@8.18.0/node_modules/ajv-formats`: the version follows `<name>@` in the store folder.
    const store = /\.pnpm\/([^/]+)\/node_modules\//.exec(path)?.[1];
    const flat = name.replace('/', '+');
    const version = store?.startsWith(`${flat}@`) ? store.slice(flat.length + 1).split('_')[0] : undefined;
    found.set(`${name}@${version ?? ''}`, { name, version });
  }
  return [...found.values()];
}

/** The packages whose code reached the bundle, from an esbuild metafile. */
export function bundledPackages(metafile, root = ROOT) {
  const bytes = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput > 0) bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput);
    }
  }
  const packages = new Map(); // key name@version
  for (const input of bytes.keys()) {
    const dir = packageDirOf(input);
    if (!dir) continue;
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const key = `${pkg.name}@${pkg.version}`;
    if (!packages.has(key)) packages.set(key, { name: pkg.name, version: pkg.version, dir: join(root, dir), pkg, vendored: new Map() });
    const source = readFileSync(join(root, input), 'utf8');
    for (const v of vendoredIn(source)) packages.get(key).vendored.set(`${v.name}@${v.version ?? ''}`, v);
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'UNKNOWN';
}

function textFiles(dir, pattern) {
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/\r\n/g, '\n').trim());
}

/** Every installed `…/node_modules/<name>` folder under the project, nested ones included. */
function installedCopies(name, root) {
  const found = [];
  const walk = (nodeModules, depth) => {
    if (depth > 6 || !existsSync(nodeModules)) return;
    const candidate = join(nodeModules, name, 'package.json');
    if (existsSync(candidate)) found.push(dirname(candidate));
    for (const entry of readdirSync(nodeModules)) {
      if (entry.startsWith('.')) continue;
      const owners = entry.startsWith('@') ? readdirSync(join(nodeModules, entry)).map((e) => join(entry, e)) : [entry];
      for (const owner of owners) walk(join(nodeModules, owner, 'node_modules'), depth + 1);
    }
  };
  walk(join(root, 'node_modules'), 0);
  return found;
}

function vendoredEntry({ name, version }, host, root) {
  for (const dir of installedCopies(name, root)) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const texts = textFiles(dir, LICENSE_FILE);
    if (pkg.version === version && texts.length > 0) {
      return { name, version, license: licenseOf(pkg), homepage: homepageOf(pkg), texts, notices: textFiles(dir, NOTICE_FILE), host };
    }
  }
  const file = join(VENDORED_LICENSES, `${name.replace('/', '+')}@${version}.txt`);
  if (!existsSync(file)) {
    throw new Error(
      `${host.name}@${host.version} contains ${name}@${version ?? '?'}, whose licence text is neither installed nor in ` +
      `scripts/third-party-licenses/. Add ${file.slice(ROOT.length + 1)}: "License: <SPDX id>", a blank line, ` +
      `then the LICENSE file of \`npm pack ${name}@${version}\`.`,
    );
  }
  const [head, ...rest] = readFileSync(file, 'utf8').replace(/\r\n/g, '\n').split('\n');
  const license = /^License:\s*(.+)$/.exec(head)?.[1]?.trim();
  if (!license) throw new Error(`${file}: the first line must be "License: <SPDX id>"`);
  return { name, version, license, homepage: `https://www.npmjs.com/package/${name}/v/${version}`, texts: [rest.join('\n').trim()], notices: [], host };
}

function homepageOf(pkg) {
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return pkg.homepage ?? repo?.replace(/^git\+/, '').replace(/\.git$/, '') ?? `https://www.npmjs.com/package/${pkg.name}`;
}

/** Every third-party package in the bundle, with its licence and licence text. */
export function collectNotices(metafile, root = ROOT) {
  const entries = [];
  for (const p of bundledPackages(metafile, root)) {
    const texts = textFiles(p.dir, LICENSE_FILE);
    if (texts.length === 0) throw new Error(`${p.name}@${p.version} is bundled but ${p.dir} has no LICENSE file`);
    entries.push({ name: p.name, version: p.version, license: licenseOf(p.pkg), homepage: homepageOf(p.pkg), texts, notices: textFiles(p.dir, NOTICE_FILE) });
    for (const v of p.vendored.values()) entries.push(vendoredEntry(v, p, root));
  }
  // One entry per name@version, whichever way it was found first.
  const unique = new Map(entries.map((e) => [`${e.name}@${e.version}`, e]).reverse());
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function renderNotices(entries, self) {
  const rule = '-'.repeat(79);
  const out = [
    `THIRD-PARTY SOFTWARE NOTICES for ${self.name} ${self.version}`,
    '',
    `The files under dist/bundle/ contain code from the ${entries.length} packages listed below, compiled into`,
    'them by esbuild. Each package is distributed under its own licence, reproduced in full after the list.',
    `${self.name} itself is distributed under the ${self.license} licence (see LICENSE).`,
    '',
  ];
  for (const e of entries) {
    out.push(`  ${e.name} ${e.version} — ${e.license}${e.host ? ` (pre-bundled inside ${e.host.name} ${e.host.version})` : ''}`);
  }
  for (const e of entries) {
    out.push('', rule, '', `${e.name} ${e.version}`, `License: ${e.license}`, `Source: ${e.homepage}`);
    if (e.host) out.push(`Included through: ${e.host.name} ${e.host.version}, whose published files contain it`);
    out.push('');
    out.push(e.texts.join('\n\n'));
    for (const notice of e.notices) out.push('', 'NOTICE:', '', notice);
  }
  out.push(...dataNotices());
  out.push('');
  return out.join('\n');
}

/**
 * Data from other projects that the source repository holds for its tests (not in dist/bundle/):
 * scripts/third-party-licenses/data/*.txt, each `Data:`, `License:` and `Source:` lines, a blank line, the licence text.
 */
function dataNotices(dir = join(VENDORED_LICENSES, 'data')) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
    const [head, ...rest] = readFileSync(join(dir, file), 'utf8').split(/\n\s*\n/);
    out.push('', '-'.repeat(79), '', `Test data in the source repository (not in dist/bundle/), from ${file.replace(/\.txt$/, '')}:`, head.trim(), '', rest.join('\n\n').trim());
  }
  return out;
}

export function writeNotices(metafile, root = ROOT) {
  const self = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = collectNotices(metafile, root);
  writeFileSync(join(root, NOTICES), renderNotices(entries, self));
  return entries;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = writeNotices(JSON.parse(readFileSync(join(ROOT, METAFILE), 'utf8')));
  console.log(`${NOTICES}: ${entries.length} packages`);
}
