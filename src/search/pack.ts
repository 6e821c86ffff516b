// The find index's file (issue #31): what reading the catalog, its examples and the phrasings gave
// (ActionSearch.pack), written at build time (scripts/find-index.mjs) so a server reads it on its first
// find instead of building it (about a second of CPU and ~45 MiB of pages a process keeps).
// Layout: "FORGEFX3", a u32 (little-endian) header length, the header (JSON: the strings and the shape of
// each array; per action, its words and re-rank facts; the lexicon phrases' gates), then the arrays' bytes, each at an offset that is a multiple of 8, viewed in place.
import { endianness } from 'node:os';
import type { PackedBm25 } from './bm25.js';
import type { PackedSearch } from './index.js';

// The third layout: the first held no per-action re-rank facts (effect words, ID parameters, scope), the second
// not whether an action writes, the parameters the re-rank weighs, nor the phrases' gates.
const MAGIC = 'FORGEFX3';
type Kind = 'i32' | 'f64';
interface Section { kind: Kind; length: number }
interface Header {
  actions: Omit<PackedBm25, 'spanStart' | 'postDoc' | 'postScore'>;
  examples: Omit<PackedBm25, 'spanStart' | 'postDoc' | 'postScore'>;
  actionIds: string[];
  vocabulary: string[];
  described: string[];
  idTerms: string[];
  ownWords: string[];
  effectWords: Array<readonly string[] | null>;
  idParams: string[];
  scopes: string;
  objectWords: string[];
  writes: string;
  rankParams: string[];
  phraseGates?: PackedSearch['phraseGates'];
  /** In this order after the header: actions' then examples' spanStart, postDoc, postScore; exampleAction (as numbers in actionIds); vocabularyCounts. */
  sections: Section[];
}

const align = (n: number) => Math.ceil(n / 8) * 8;
const LAYOUT: readonly Kind[] = ['i32', 'i32', 'f64', 'i32', 'i32', 'f64', 'i32', 'i32'];

export function encodeSearch(p: PackedSearch): Uint8Array {
  const number = new Map(p.actionIds.map((id, i) => [id, i]));
  const arrays: Array<Int32Array | Float64Array> = [
    p.actions.spanStart, p.actions.postDoc, p.actions.postScore,
    p.examples.spanStart, p.examples.postDoc, p.examples.postScore,
    Int32Array.from(p.exampleAction, (id) => number.get(id)!), p.vocabularyCounts,
  ];
  const index = ({ boosts, docs, terms }: PackedBm25) => ({ boosts, docs, terms });
  const header: Header = {
    actions: index(p.actions), examples: index(p.examples), actionIds: p.actionIds, vocabulary: p.vocabulary, described: p.described,
    idTerms: p.idTerms, ownWords: p.ownWords, effectWords: p.effectWords, idParams: p.idParams, scopes: p.scopes, objectWords: p.objectWords,
    writes: p.writes, rankParams: p.rankParams, ...(p.phraseGates ? { phraseGates: p.phraseGates } : {}),
    sections: arrays.map((a) => ({ kind: a instanceof Float64Array ? 'f64' : 'i32', length: a.length })),
  };
  const head = Buffer.from(JSON.stringify(header));
  let size = align(MAGIC.length + 4 + head.length);
  const offsets = arrays.map((a) => { const at = size; size += align(a.byteLength); return at; });
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(head.length, MAGIC.length);
  head.copy(out, MAGIC.length + 4);
  arrays.forEach((a, i) => out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offsets[i]));
  return out;
}

/** The packed index from the file's bytes (its arrays are views of them); throws on anything but a well-formed file. */
export function decodeSearch(file: Uint8Array): PackedSearch {
  if (endianness() !== 'LE') throw new Error('find index: written little-endian, this machine is not');
  // Views need the bytes at an offset that is a multiple of 8.
  const bytes = file.byteOffset % 8 ? file.slice() : file;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < MAGIC.length + 4 || view.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('find index: not a find index file');
  const headLength = view.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + headLength > view.length) throw new Error('find index: truncated');
  const header = JSON.parse(view.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headLength)) as Header;
  if (header.sections?.map((s) => s.kind).join() !== LAYOUT.join()) throw new Error('find index: unexpected layout');
  const perAction = [header.idTerms, header.ownWords, header.effectWords, header.idParams, header.scopes, header.writes, header.rankParams];
  if (perAction.some((list) => list?.length !== header.actionIds?.length) || !/^[pgi]*$/.test(header.scopes) || !/^[01]*$/.test(header.writes)) throw new Error('find index: unexpected layout');
  const gates = header.phraseGates;
  if (gates !== undefined && (!Array.isArray(gates?.phrases) || !Array.isArray(gates.gates) || gates.gates.length !== gates.phrases.length || !gates.gates.every((g) => g === null || (Array.isArray(g) && g.length > 0 && g.every((w) => typeof w === 'string' && w.length > 0))))) {
    throw new Error('find index: unexpected layout');
  }
  let at = align(MAGIC.length + 4 + headLength);
  const arrays = header.sections.map(({ kind, length }) => {
    const width = kind === 'f64' ? 8 : 4;
    if (at + length * width > view.length) throw new Error('find index: truncated');
    const a = kind === 'f64' ? new Float64Array(bytes.buffer, bytes.byteOffset + at, length) : new Int32Array(bytes.buffer, bytes.byteOffset + at, length);
    at += align(length * width);
    return a;
  });
  const [aStart, aDoc, aScore, eStart, eDoc, eScore, exampleAction, vocabularyCounts] = arrays as [Int32Array, Int32Array, Float64Array, Int32Array, Int32Array, Float64Array, Int32Array, Int32Array];
  return {
    actions: { ...header.actions, spanStart: aStart, postDoc: aDoc, postScore: aScore },
    examples: { ...header.examples, spanStart: eStart, postDoc: eDoc, postScore: eScore },
    actionIds: header.actionIds,
    exampleAction: Array.from(exampleAction, (i) => header.actionIds[i]!),
    vocabulary: header.vocabulary,
    vocabularyCounts,
    described: header.described,
    idTerms: header.idTerms,
    ownWords: header.ownWords,
    effectWords: header.effectWords,
    idParams: header.idParams,
    scopes: header.scopes,
    objectWords: header.objectWords,
    writes: header.writes,
    rankParams: header.rankParams,
    ...(gates ? { phraseGates: gates } : {}),
  };
}
