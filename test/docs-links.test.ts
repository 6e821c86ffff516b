// The documentation a newcomer navigates holds together: every relative Markdown link of the README,
// CONTRIBUTING, SECURITY and docs/ points at a file of the repository (and a heading of it when it
// names one), every repository path written in code exists, and no page cites a file the repository
// does not hold (the product contract, SPEC.md, lives outside it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/harness.js';

const PAGES = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Generated from the product contract's section titles (npm run spec-map): it names SPEC by design. */
const GENERATED = new Set(['docs/SPEC-MAP.md']);

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');
/** The page without its fenced code blocks (a link there is an example, not a link). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** [text](target) links that stay in the repository: not a URL scheme. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z+.-]*:/i.test(t));
}

describe('documentation links', () => {
  it('the pages exist: README, CONTRIBUTING, SECURITY and the docs/ guides', () => {
    for (const p of ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'docs/install.md', 'docs/configuration.md', 'docs/tool-surfaces.md', 'docs/guardrails.md', 'docs/http-mode.md', 'docs/telemetry.md', 'docs/development.md']) {
      expect(PAGES, p).toContain(p);
    }
  });

  it('the README links every guide of docs/, CONTRIBUTING and SECURITY', () => {
    const linked = new Set(relativeLinks(read('README.md')).map((t) => t.split('#')[0]));
    for (const p of PAGES.filter((p) => p !== 'README.md' && !GENERATED.has(p))) expect(linked, p).toContain(p);
  });

  it('every relative link points at an existing file, and at an existing heading when it names one', () => {
    const broken: string[] = [];
    let count = 0;
    for (const page of PAGES) {
      for (const target of relativeLinks(read(page))) {
        count++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
        const rel = relative(ROOT, file);
        if (rel.startsWith('..') || !existsSync(file)) { broken.push(`${page}: ${target} (no such file)`); continue; }
        if (anchor !== undefined && (!rel.endsWith('.md') || !anchors(read(rel)).has(anchor))) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(40);
  });

  it('every repository path written in code exists', () => {
    const TOP = /^(?:src|test|scripts|deploy|bench|docs|\.ci|\.github)\//;
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const m of read(page).matchAll(/`([^`\s]+)`/g)) {
        const path = m[1]!;
        // Patterns and placeholders (src/catalog/domains/*.ts, test/<file>.test.ts) name no one file.
        if (!TOP.test(path) || /[*<{]/.test(path)) continue;
        if (!existsSync(join(ROOT, path))) missing.push(`${page}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no page cites SPEC, which the repository does not hold', () => {
    for (const page of PAGES.filter((p) => !GENERATED.has(p))) expect(read(page), page).not.toMatch(/\bSPEC\b(?!-MAP)/);
  });

  it('the anchor rule follows GitHub: punctuation and code marks dropped, repeats numbered', () => {
    expect([...anchors('# Local files (stdio)\n## `forge_find_action` and more\n## Limits\n## Limits\n```\n# not a heading\n```\n')])
      .toEqual(['local-files-stdio', 'forge_find_action-and-more', 'limits', 'limits-1']);
  });
});
