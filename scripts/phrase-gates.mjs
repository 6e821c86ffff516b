// The gates of the lexicon's phrases (issue #31), worked out at build time for the find index file: for each
// phrase regex, words of which any match contains at least one (null: no such words known). A find runs a
// phrase only when its request holds one of its gate's words, so the first find compiles the few phrases its
// request can match, not all 200 (V8 compiles a regex on its first run). Skipping a regex that cannot match
// changes nothing: the answers stay the same (test/find-index.test.ts checks every query set).
// Reads the regex with regexpp (ESLint's own parser), so no pattern is guessed at from its text.
//   node scripts/phrase-gates.mjs      (prints each phrase's gate)
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, dirname } from 'node:path';
import { RegExpParser } from '@eslint-community/regexpp';

/** More alternatives than this and a part's strings are no longer listed (a gate stays a handful of includes). */
const MAX_STRINGS = 32;
const NONE = { exact: null, need: null };
const EMPTY = { exact: new Set(['']), need: null };

/** The strings of `a` followed by those of `b`, or null when there would be too many. */
function product(a, b) {
  if (a.size * b.size > MAX_STRINGS) return null;
  const out = new Set();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** Words no other of them is inside: a request holding a longer one holds the shorter too (a gate is as exact, with fewer includes). */
const minimal = (words) => new Set([...words].filter((w) => ![...words].some((o) => o !== w && w.includes(o))));

/** A part's words, when every string it can match is known and none is empty. */
const needOf = (exact) => (exact && exact.size && !exact.has('') ? exact : null);
/** The shortest word of a gate: a gate of longer words lets fewer requests through. */
const strength = (need) => (need ? Math.min(...[...need].map((s) => s.length)) : 0);
/** The stronger gate; of two as strong, the one with fewer words. */
const better = (a, b) => (strength(b) > strength(a) || (strength(b) === strength(a) && b && b.size < a.size) ? b : a);

/**
 * What a regex node can match: `exact`, every string it can match (null: too many, or unknown), and `need`,
 * strings of which every match holds one (null: none known). Lookarounds and assertions match no text.
 */
function analyse(node, ignoreCase) {
  switch (node.type) {
    case 'Character':
      return ignoreCase ? NONE : { exact: new Set([String.fromCodePoint(node.value)]), need: null };
    case 'CharacterClass': {
      if (node.negate || ignoreCase) return NONE;
      const chars = new Set();
      for (const e of node.elements) {
        if (e.type === 'Character') chars.add(String.fromCodePoint(e.value));
        else if (e.type === 'CharacterClassRange' && e.max.value - e.min.value < 8) for (let c = e.min.value; c <= e.max.value; c++) chars.add(String.fromCodePoint(c));
        else return NONE;
      }
      return chars.size && chars.size <= MAX_STRINGS ? { exact: chars, need: null } : NONE;
    }
    case 'Assertion':
      return EMPTY;
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return alternatives(node.alternatives.map((a) => sequence(a.elements, ignoreCase)));
    case 'Quantifier': {
      const inner = analyse(node.element, ignoreCase);
      if (node.min === 1 && node.max === 1) return inner;
      if (node.min === 0 && node.max === 1 && inner.exact && inner.exact.size < MAX_STRINGS) return { exact: new Set(['', ...inner.exact]), need: null };
      // At least once: whatever one match of the part needs, so does the whole.
      return node.min >= 1 ? { exact: null, need: inner.need ?? needOf(inner.exact) } : NONE;
    }
    default:
      // Character sets (\d, \w, .), backreferences, anything else: unknown text.
      return NONE;
  }
}

/** One alternative: the strings of its parts in turn, and the best words any of its parts (or runs of parts) needs. */
function sequence(elements, ignoreCase) {
  let run = new Set(['']);
  let exact = true;
  let need = null;
  for (const e of elements) {
    const part = analyse(e, ignoreCase);
    const joined = part.exact && run ? product(run, part.exact) : null;
    if (joined) { run = joined; continue; }
    exact = false;
    need = better(better(need, needOf(run)), part.need ?? needOf(part.exact));
    run = part.exact ?? new Set(['']);
  }
  return exact ? { exact: run, need: needOf(run) } : { exact: null, need: better(need, needOf(run)) };
}

/** Either alternative: every string of any of them, and words only when each alternative needs some. */
function alternatives(parts) {
  if (parts.length === 1) return parts[0];
  const all = new Set();
  for (const p of parts) {
    if (!p.exact) { all.clear(); break; }
    for (const s of p.exact) all.add(s);
  }
  const exact = all.size && all.size <= MAX_STRINGS && parts.every((p) => p.exact) ? all : null;
  const needs = parts.map((p) => p.need ?? needOf(p.exact));
  const need = needs.every(Boolean) ? minimal(needs.flatMap((n) => [...n])) : null;
  return { exact, need: need && need.size <= MAX_STRINGS ? need : needOf(exact) };
}

/** The gate of one regex: words of which any match holds one, shortest first; null when none are known. */
export function gateOf(re) {
  const { pattern, flags } = new RegExpParser().parseLiteral(String(re));
  const { need } = analyse(pattern, flags.ignoreCase);
  return need ? [...minimal(need)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)) : null;
}

/** The gates of the lexicon's phrases, in their order. */
export const phraseGates = (phrases) => phrases.map(([re]) => gateOf(re));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { PHRASES } = await import(pathToFileURL(join(root, 'dist', 'search', 'lexicon.js')).href);
  const gates = phraseGates(PHRASES);
  gates.forEach((g, i) => console.log(`${g ? JSON.stringify(g) : 'always'}\t${PHRASES[i][0]}`));
  console.log(`${gates.filter(Boolean).length} of ${gates.length} phrases gated`);
}
