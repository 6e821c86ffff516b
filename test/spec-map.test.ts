// docs/SPEC-MAP.md is the generated map "SPEC section → files" (scripts/spec-map.mjs): it must be in
// step with the source comments, and every comment must cite a section SPEC has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { MAP, citations, readSections, renderMap } from '../scripts/spec-map.mjs';

type Section = { level: number; title: string };

describe('SPEC map', () => {
  it('docs/SPEC-MAP.md is what npm run spec-map writes from the comments', () => {
    expect(readFileSync(MAP, 'utf8')).toBe(renderMap());
  });

  it('every SPEC "…" citation in src/ names a section of SPEC (its title, or the title without its parenthesis)', () => {
    const sections = (readSections() as Section[]).flatMap((s) => [s.title, s.title.replace(/ \(.*\)$/, '')]);
    const unknown = [...(citations() as Map<string, Set<string>>)].filter(([t]) => !sections.includes(t)).map(([t, files]) => `${t} (${[...files].join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('every section of SPEC is cited by at least one file', () => {
    const map = readFileSync(MAP, 'utf8');
    expect(map.split('\n').filter((l) => l.startsWith('| ') && l.endsWith('| — |'))).toEqual([]);
    expect((readSections() as Section[]).length).toBeGreaterThan(40);
  });
});
