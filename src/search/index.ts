// forge_find_action's ranking. Two BM25 indexes (bm25.ts) propose candidates: one document per
// action (ID words, summary, keywords, examples, and the requests people were seen to make for it:
// phrasings.json) and one per example request, so a request phrased like
// one example matches it as a whole. A re-rank then prefers actions whose own ID the request explains,
// that take the object the request names and act where it says (a question reads), and never puts first a
// destructive action whose own irreversible effect the request does not say (safety.ts).
import { setImmediate } from 'node:timers/promises';
import { distance } from 'fastest-levenshtein';
import type { Action } from '../catalog/define.js';
import { Bm25Index, type Bm25Hit, type PackedBm25 } from './bm25.js';
import { EFFECT_WORDS, WORDS } from './lexicon.js';
import { arePhrases, catalogTerms, parseQuery, plainTerms, type ParsedQuery, type PhraseGates } from './query.js';
import { MAX_QUERY_CHARS } from './limits.js';
import { scopeTwins } from './pool.js';
import { safeOrder } from './safety.js';

interface SearchHit { action: Action; score: number }
/** Catalog words near a word the catalog never uses, each with its closeness (0-1): the vocabulary gap. */
export type Expand = (term: string) => ReadonlyArray<readonly [string, number]> | undefined;
export interface SearchAnswer { hits: SearchHit[]; query: ParsedQuery }
/** Requests people made for each action, by action ID, each as `ActionSearch.read` reads it. */
export type Phrasings = Readonly<Record<string, readonly string[]>>;
interface SearchOptions {
  /** Build a slice at a time (`settle`), not in the constructor. */
  deferred?: boolean;
  phrasings?: Phrasings;
  /** What reading the catalog, its examples and the phrasings gave, packed by `pack`: nothing is read again. */
  packed?: PackedSearch;
}
/** Where a packed search finds its actions: their IDs in catalog order, and one action when it is a candidate. */
export interface ActionSource { ids(): readonly string[]; get(id: string): Action | undefined }
/**
 * The part of a search that reading text gives (the costly part of a build), and what the re-rank knows of each
 * action, as plain data (search/pack.ts stores it): a search made from it resolves only its candidates' actions.
 */
export interface PackedSearch {
  actions: PackedBm25;
  examples: PackedBm25;
  actionIds: string[];
  exampleAction: string[];
  /** The vocabulary's terms and their counts, in the order they were met (corrections prefer the first). */
  vocabulary: string[];
  vocabularyCounts: Int32Array;
  described: string[];
  /** Per action, in catalog order: the words of its ID and its own words (`Indexed`), each list joined by spaces (read when it is a candidate). */
  idTerms: string[];
  ownWords: string[];
  /** Per action: the effect words of a destructive one (null: none), its ID parameters' names (joined by spaces), its scope's initial (p, g, i). */
  effectWords: Array<readonly string[] | null>;
  idParams: string[];
  scopes: string;
  objectWords: string[];
  /** Per action: whether it writes ("1") or only reads ("0"), and the names of RANK_PARAMS it takes (joined by spaces). */
  writes: string;
  rankParams: string[];
  /** The phrases' gates (query.ts), with the phrases they were made for (`phrasesWritten`): the build script adds them. */
  phraseGates?: { phrases: string[]; gates: PhraseGates };
}

interface Indexed {
  action: Action; idTerms: string[]; effectWords: readonly string[] | undefined;
  /** The words of each required parameter that names one object by ID (note_id → note), containers left out. */
  ids: Array<{ param: string; words: string[] }>;
  /** The words of its ID, summary and parameter names: the objects it acts on. */
  ownWords: readonly string[];
  /** Where it acts: a project, a group, or neither (the instance, the user). */
  scope: 'project' | 'group' | 'instance';
  /** What the re-rank reads of the action itself, so that only the actions shown are resolved: whether it writes, the RANK_PARAMS it takes. */
  writes: boolean;
  takes: ReadonlySet<string>;
}

/**
 * Re-rank weights (tuned on the tuning sets of bench/find-tune.mjs, never on held-out sets; the last pass
 * bench/find-descent.mjs, a coordinate descent over ten tuning sets' 14,578 requests, each set measured by a search trained on the others;
 * floor and power kept where they were: the descent's 0.7 and 3 gained 0.2 but let a request's content words outweigh its ID's).
 */
export interface RankWeights {
  floor: number; power: number; examples: number; questionWrite: number;
  objectHit: number; objectMiss: number; projectHit: number; projectMiss: number; unnamedId: number; namedId: number; unsaidGroup: number; unsaidHistory: number; pluralUnnamed: number; elsewhere: number; scopeHit: number; scopeMiss: number; changeRead: number;
  /** A read of one named object's state or field (`stateAsked`): that object's own get, over its history, lists and waits. */
  stateGet: number;
  /** A read of one object named by its ID ("show issue 12", "details of pipeline 4"): that object's own get, over its lists and its sub-objects' gets. */
  namedGet: number;
  /** An action whose ID lacks the object a creation verb names but has a word before it ("create an issue link": issue.create). */
  headMiss: number;
  /** An action on all of its objects (todo_mark_all_done) when neither "all", "every" nor a plural is said. */
  allUnsaid: number;
  unsafe: number;
  /** Weight of a near catalog word, times its closeness, against 1 for a word said. */
  expansion: number;
  /** How much of an ID word a near word explains, times its weight. */
  nearCover: number;
  boost: Record<string, number>;
}
/** @public The tuned weights (bench/find-descent.mjs starts from them). */
export const DEFAULT_WEIGHTS: RankWeights = {
  floor: 0.6, power: 2.5, examples: 0.15, questionWrite: 0.45, objectHit: 1.3, objectMiss: 0.75, projectHit: 1.15, projectMiss: 0.7, unnamedId: 0.85, namedId: 1.2, unsaidGroup: 0.9, unsaidHistory: 0.7, pluralUnnamed: 0.7, elsewhere: 0.8, scopeHit: 1.1, scopeMiss: 0.9, changeRead: 0.85, stateGet: 1.4, namedGet: 1.2, headMiss: 0.7, allUnsaid: 0.7, expansion: 0.5, nearCover: 1, unsafe: 0.5,
  boost: { name: 0.9, domain: 1.5, summary: 0.7, keywords: 0.9, examples: 1.2, phrasings: 2.5 },
};

/** Parameters that name one object: a request naming one prefers the actions that take it. */
const OBJECT_PARAMS = new Set(['issue_iid', 'merge_request_iid', 'epic_iid', 'pipeline_id', 'job_id', 'sha', 'snippet_id', 'runner_id',
  'tag_name', 'slug', 'milestone_id', 'environment_id', 'package_id', 'pipeline_schedule_id']);
/** Every parameter whose presence the re-rank weighs. */
const RANK_PARAMS = [...OBJECT_PARAMS, 'project_id', 'group_id', 'url'];
const rankParamsOf = (a: Action) => new Set(RANK_PARAMS.filter((k) => k in a.params));

/** The irreversible effect a destructive action names (its ID's verb), and the words that ask for it. */
export function effectWordsOf(a: Action): readonly string[] | undefined {
  if (!a.destructive) return undefined;
  // The last one is the verb: push_rule_delete deletes (its "push" is a noun); a share deleted is unshared (delete_shared_group).
  const words = a.name.split('_'), verb = [...words].reverse().find((w) => EFFECT_WORDS[w]), undo = words.flatMap((w) => [w.replace(/d$/, ''), w.replace(/ed$/, '')]).find((w) => EFFECT_WORDS[`un${w}`]);
  return !verb ? undefined : undo && `un${undo}` !== verb ? [...new Set([...EFFECT_WORDS[verb]!, ...EFFECT_WORDS[`un${undo}`]!])] : EFFECT_WORDS[verb];
}

const tokenize = (t: string) => catalogTerms(t);
/** The fields of an action's document, in the order they are read. */
const ACTION_FIELDS = ['name', 'domain', 'summary', 'keywords', 'examples', 'phrasings'] as const;
/** An action on all of its objects ("all" is a stop word: not among its ID's terms). */
const ALL_OF = /[._]all(?:_|$)/;
/** Parameters that say where, not which object. */
const CONTAINERS = new Set(['project_id', 'group_id', 'namespace_id']);
const idParamNames = (a: Action) => Object.entries(a.params).filter(([k, p]) => p.required && /_i?id$/.test(k) && !CONTAINERS.has(k)).map(([param]) => param);
const idParams = (names: readonly string[]) => names.map((param) => ({ param, words: param.split('_').filter((w) => w !== 'id' && w !== 'iid') }));
const SCOPES = { p: 'project', g: 'group', i: 'instance' } as const;
/** A noun said before a number names a parameter when it is one of its words, or the start of one (repo → repository). */
const names = (nouns: readonly string[], words: readonly string[]) => nouns.some((n) => words.some((w) => w === n || (n.length >= 3 && w.startsWith(n))));
const EFFECT_VOCABULARY = new Set(Object.values(EFFECT_WORDS).flat());
/** CPU time a deferred build spends between two yields (ms): about what one tool call costs. */
const BUILD_SLICE_MS = 4;
/** "group payments", "the payments group", "acme's group": a group named by a word. */
const NAMED_GROUPS = /\b(?:group|subgroup|namespace|org) ([a-z][\w-]*)\b|\b([a-z][\w-]*)(?:'s)? (?=(?:group|subgroup|namespace|org)\b)/gi;
/** A word after "in", "into", "for"… (or "on", "of" without "the": "the release of the cli" names no namespace), at the end of a clause or before "as", "with"…: maybe a namespace. */
const BARE_NAMESPACE = /\b(?:(?:in|into|for|under|across|from|to|at)\s+(?:the\s+)?|(?:on|of)\s+)([a-z][a-z0-9_-]*[a-z0-9])(?='s\b|\s*$|\s*[,.;:?!)\u2014]|\s+(?:as|with|to|for|from|and|then|so|because|since|last|this|past|today|yesterday|recently|please|group|namespace|org|team)\b)/g;
/** Words said like places that name no namespace: branches and environments ("merge into main"), people, days, languages. */
const NOT_NAMES = new Set(['main', 'master', 'develop', 'dev', 'trunk', 'prod', 'production', 'staging', 'stage', 'stable', 'next', 'canary', 'qa', 'test', 'testing', 'preview', 'gitlab', 'default', 'everyone', 'everything', 'general', 'order', 'progress', 'review', 'place', 'line', 'mind', 'case', 'time', 'now', 'full', 'total', 'today', 'me', 'myself', 'yourself', 'ourselves', 'everybody', 'him', 'her', 'them', 'us', 'it', 'good',
  'course', 'purpose', 'hold', 'top', 'mine', 'ours', 'yours', 'theirs', 'these', 'those', 'which', 'what', 'one', 'both', 'each', 'either', 'track', 'call', 'duty', 'leave', 'vacation',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'tomorrow', 'tonight', 'weekend', 'golang', 'python', 'ruby', 'node', 'java', 'go', 'rust', 'sure', 'short', 'public', 'private', 'internal', 'draft', 'ci', 'cd', 'json', 'yaml', 'csv']);
const NAMED_GROUP = /\b(group|subgroup|namespace|org)\b/i;
/** An object's resource events (event_issue_state_list…) are its history: a request for them says when, who changed, a log (HISTORY_SAID). */
const RESOURCE_EVENTS = /\.event_(?:issue|mr|epic)_/;
const HISTORY_SAID = /\b(histor(?:y|ies|ic|ical)|when|log|logs|timeline|records?|track|audit|events?|changes?|changed|changing|before|whom|ago|since|keeps?|kept|over time|added|removed|dropped|put on|took off|taken off|slapped)\b/i;
/** Whether `a` is `b` with two neighbouring letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** A list of actions as a source. */
function sourceOf(list: readonly Action[]): ActionSource {
  const byId = new Map(list.map((a) => [a.id, a]));
  return { ids: () => list.map((a) => a.id), get: (id) => byId.get(id) };
}

/** A packed list of words (joined by spaces; none is empty). */
const words = (joined: string): string[] => (joined ? joined.split(' ') : []);

function missingAction(id: string): never {
  throw new Error(`packed find index: ${id} is not in the catalog`);
}

export class ActionSearch {
  /** One document per action: fields name, domain, summary, keywords, examples, phrasings. */
  private readonly actions: Bm25Index;
  /** The action of each action document, by its number. */
  private readonly actionIds: string[] = [];
  /** One document per example request. */
  private readonly examples: Bm25Index;
  /** The action of each example document, by its number (kept here rather than as a stored field: one string each, no object). */
  private readonly exampleAction: string[] = [];
  /** What the re-rank knows of each action: every one after a build; from a packed index, each made when it is first a candidate (`entry`). */
  private readonly byId = new Map<string, Indexed>();
  /** A packed index's facts, with each action's number in it and where the actions are. */
  private readonly packed?: { p: PackedSearch; number: Map<string, number>; source: ActionSource };
  /** Every index term with its frequency, for correcting misspelt request words. */
  private readonly vocabulary = new Map<string, number>();
  /** Words of an ID, summary, keywords or parameter name: what the catalog says of itself. */
  private readonly described = new Set<string>();
  /** Every word of an ID parameter's name, for telling "schedule 14" from "python 3". */
  private readonly idWords: string[] = [];
  /** Every word that names an object some action acts on (ID and parameter-name words, effect words left out). */
  private readonly objectWords = new Set<string>();
  private readonly w: RankWeights;
  private readonly expand?: Expand;
  /** Every word of an action ID: a request word that is one needs no near words, and may name the object created. */
  private readonly idVocabulary = new Set<string>();
  /** The phrases' gates, from a packed index made for these phrases (none: every phrase is run). */
  private readonly gates?: PhraseGates;

  /**
   * `weights` overrides some re-rank weights (bench/find-tune.mjs tries them); the tuned ones otherwise.
   * `expand` gives the catalog words near a word the catalog never uses: only bench/find-libs.mjs passes one
   * (a table from scripts/neighbours.mjs, measured and not adopted: #17). `phrasings` are requests people
   * made for each action (the tuning sets' labelled requests, scripts/phrasings.mjs), by action ID, read
   * already: reading 28,000 requests would double the build.
   */
  constructor(list: readonly Action[] | ActionSource, weights: Partial<RankWeights> = {}, expand?: Expand, { deferred = false, phrasings = {}, packed }: SearchOptions = {}) {
    this.expand = expand;
    const w = (this.w = { ...DEFAULT_WEIGHTS, ...weights });
    const boosts = ACTION_FIELDS.map((f) => w.boost[f] ?? 1);
    if (packed) {
      // The field boosts are inside the packed scores; the actions must be the ones it was built from, in order.
      if (packed.actions.boosts.join() !== boosts.join()) throw new Error('packed find index: built with other field boosts');
      const source = 'ids' in list ? list : sourceOf(list);
      const ids = source.ids();
      if (packed.actionIds.length !== ids.length || ids.some((id, i) => id !== packed.actionIds[i])) throw new Error('packed find index: built from another catalog');
      this.actions = Bm25Index.unpack(packed.actions);
      this.examples = Bm25Index.unpack(packed.examples);
      this.actionIds = packed.actionIds;
      this.exampleAction = packed.exampleAction;
      packed.vocabulary.forEach((t, i) => this.vocabulary.set(t, packed.vocabularyCounts[i]!));
      this.described = new Set(packed.described);
      this.packed = { p: packed, number: new Map(packed.actionIds.map((id, i) => [id, i])), source };
      this.objectWords = new Set(packed.objectWords);
      this.idWords.push(...new Set(packed.idParams.flatMap((names) => idParams(words(names)).flatMap((p) => p.words))));
      for (const terms of packed.idTerms) for (const t of words(terms)) this.idVocabulary.add(t);
      if (packed.phraseGates && arePhrases(packed.phraseGates.phrases)) this.gates = packed.phraseGates.gates;
      this.pending = [].values();
      return;
    }
    if ('ids' in list) throw new Error('ActionSearch: a build reads the list of actions');
    this.actions = new Bm25Index(boosts);
    this.examples = new Bm25Index([1]);
    this.pending = this.fill(list, phrasings);
    if (!deferred) this.finish();
  }

  /** The index as plain data, for `new ActionSearch(list, {}, undefined, { packed })` in another process. */
  pack(): PackedSearch {
    this.finish();
    if (this.expand) throw new Error('ActionSearch.pack: a search with near words cannot be packed');
    return {
      actions: this.actions.pack(), examples: this.examples.pack(), actionIds: this.actionIds, exampleAction: this.exampleAction,
      vocabulary: [...this.vocabulary.keys()], vocabularyCounts: Int32Array.from(this.vocabulary.values()), described: [...this.described],
      idTerms: this.actionIds.map((id) => this.entry(id)!.idTerms.join(' ')), ownWords: this.actionIds.map((id) => this.entry(id)!.ownWords.join(' ')),
      effectWords: this.actionIds.map((id) => this.entry(id)!.effectWords ?? null), idParams: this.actionIds.map((id) => this.entry(id)!.ids.map((p) => p.param).join(' ')),
      scopes: this.actionIds.map((id) => this.entry(id)!.scope[0]).join(''), objectWords: [...this.objectWords],
      writes: this.actionIds.map((id) => (this.entry(id)!.writes ? '1' : '0')).join(''), rankParams: this.actionIds.map((id) => [...this.entry(id)!.takes].join(' ')),
    };
  }

  /** The rest of the build, a slice of actions at a time. */
  private readonly pending: Iterator<void>;
  /** Finishes the build at once (a search that comes before `settle` has finished). */
  private finish(): void {
    while (!this.pending.next().done);
  }
  /** Finishes the build a slice at a time, yielding to the event loop between slices (a serving process keeps answering). */
  async settle(): Promise<void> {
    while (!this.pending.next().done) await setImmediate();
  }

  private *fill(list: readonly Action[], phrasings: Phrasings): Generator<void> {
    let sliceStart = performance.now();
    // What the catalog says of itself, before any example is read: a word outside it next to "group" is a name.
    for (const a of list) {
      for (const t of catalogTerms(`${a.domain} ${a.name} ${a.summary} ${a.keywords ?? ''} ${Object.keys(a.params).join(' ')}`)) this.described.add(t);
      if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
        yield;
        sliceStart = performance.now();
      }
    }
    for (const a of list) {
      this.know(a);
      // Examples are requests: they are read the way requests are (references, phrases), then indexed.
      const examples = (a.examples ?? []).map((e) => this.reading(e));
      const own = [a.name, a.domain, a.summary, a.keywords ?? ''].map(tokenize);
      // Phrasings come read already (`read`); their words are not the catalog's: they correct no spelling.
      this.actions.add([...own, tokenize(examples.join(' ')), tokenize((phrasings[a.id] ?? []).join(' '))]);
      this.actionIds.push(a.id);
      for (const t of [...own.flat(), ...catalogTerms((a.examples ?? []).join(' '))]) this.vocabulary.set(t, (this.vocabulary.get(t) ?? 0) + 1);
      for (const text of examples) {
        this.exampleAction.push(a.id);
        this.examples.add([tokenize(text)]);
      }
      if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
        yield;
        sliceStart = performance.now();
      }
    }
    this.knowIdWords();
    for (const index of [this.actions, this.examples]) {
      for (const sealer = index.sealing(); !sealer.next().done;) {
        if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
          yield;
          sliceStart = performance.now();
        }
      }
    }
  }

  /** What the re-rank knows of an action, read here (its words make the object words). */
  private know(a: Action): void {
    const idTerms = [...new Set(catalogTerms(`${a.domain} ${a.name}`))];
    this.byId.set(a.id, { action: a, idTerms, effectWords: effectWordsOf(a), ids: idParams(idParamNames(a)),
      ownWords: [...new Set([...idTerms, ...plainTerms(`${a.summary} ${Object.keys(a.params).join(' ')}`)])],
      scope: a.params.project_id?.required ? 'project' : a.params.group_id?.required ? 'group' : 'instance', writes: a.writes, takes: rankParamsOf(a) });
    for (const t of [...idTerms, ...plainTerms(Object.keys(a.params).join(' '))]) if (!EFFECT_VOCABULARY.has(t)) this.objectWords.add(t);
    for (const t of idTerms) this.idVocabulary.add(t);
  }

  /** What the re-rank knows of an action; from a packed index, made on first use, its action resolved only when it is answered. */
  private entry(id: string): Indexed | undefined {
    const known = this.byId.get(id);
    const i = known || !this.packed ? undefined : this.packed.number.get(id);
    if (i === undefined) return known;
    const { p, source } = this.packed!;
    let action: Action | undefined;
    let ownWords: string[] | undefined;
    const entry: Indexed = {
      get action() { return (action ??= source.get(id) ?? missingAction(id)); },
      get ownWords() { return (ownWords ??= words(p.ownWords[i]!)); },
      idTerms: words(p.idTerms[i]!), effectWords: p.effectWords[i] ?? undefined, ids: idParams(words(p.idParams[i]!)), scope: SCOPES[p.scopes[i] as keyof typeof SCOPES],
      writes: p.writes[i] === '1', takes: new Set(words(p.rankParams[i]!)),
    };
    this.byId.set(id, entry);
    return entry;
  }

  private knowIdWords(): void {
    this.idWords.push(...new Set([...this.byId.values()].flatMap((e) => e.ids.flatMap((p) => p.words))));
  }

  /** Catalog words and the words people say for them (WORDS), by length, for the spelling correction. */
  private byLength?: Map<number, string[]>;
  /** A word people say for catalog words ("comments"), with those catalog words and how often they are used. */
  private slang?: Map<string, { terms: string[]; count: number }>;
  /** Corrections already made (bounded). */
  private readonly corrected = new Map<string, string[]>();

  /**
   * A word the catalog never uses, replaced by the nearest word one or two edits away: a catalog word, or
   * a word people say for one ("coments" is comments, a note). The most frequent among equally near ones.
   */
  private correct(term: string): string[] {
    if (term.length < 4 || this.vocabulary.has(term) || /\d/.test(term)) return [term];
    const known = this.corrected.get(term);
    if (known !== undefined) return known;
    if (!this.byLength || !this.slang) {
      this.byLength = new Map();
      this.slang = new Map();
      for (const [said, meant] of Object.entries(WORDS)) {
        const terms = catalogTerms(meant);
        // Never onto an effect word: "rehome" is no "remove", "removal" asks for nothing.
        if (terms.some((t) => EFFECT_VOCABULARY.has(t))) continue;
        const count = this.vocabulary.get(terms[0] ?? '') ?? 0;
        for (const form of new Set([said, ...plainTerms(said)])) {
          if (!this.vocabulary.has(form) && !this.slang.has(form)) this.slang.set(form, { terms, count });
        }
      }
      for (const w of [...this.vocabulary.keys(), ...this.slang.keys()]) {
        const list = this.byLength.get(w.length) ?? [];
        list.push(w);
        this.byLength.set(w.length, list);
      }
    }
    const max = term.length <= 5 ? 1 : 2;
    let best: string | undefined;
    let bestScore = -Infinity;
    for (let len = term.length - max; len <= term.length + max; len++) {
      for (const word of this.byLength.get(len) ?? []) {
        if (max === 1 && word[0] !== term[0]) continue;
        // Two letters swapped ("gorup", "platfrom") is one slip of the fingers, not two edits.
        const d = swapped(term, word) ? 1 : distance(term, word);
        if (d > max) continue;
        // The nearest word first, the most frequent among equally near ones ("relese" is release, not delete).
        const score = (this.vocabulary.get(word) ?? this.slang.get(word)!.count) - d * 1e9;
        if (score > bestScore) { bestScore = score; best = word; }
      }
    }
    const out = best === undefined ? [term] : (this.slang.get(best)?.terms ?? [best]);
    if (this.corrected.size >= 5000) this.corrected.clear();
    this.corrected.set(term, out);
    return out;
  }

  /** A request's terms as the index reads an example: its reading (references, phrases), group names left out. */
  read(text: string): string {
    this.finish();
    return this.reading(text);
  }

  private reading(text: string): string {
    return this.withoutNames(text, parseQuery(text).terms).join(' ');
  }

  /**
   * The terms without the names of groups ("group payments", "the acme group"): a word the catalog never
   * says of itself, next to a group word. Examples name groups too, and a name shared by a request and an
   * example says nothing about the action.
   */
  private withoutNames(text: string, terms: string[]): string[] {
    if (!NAMED_GROUP.test(text)) return terms;
    const names = new Set<string>();
    for (const m of text.toLowerCase().matchAll(NAMED_GROUPS)) {
      const name = m[1] ?? m[2]!;
      for (const t of catalogTerms(name)) if (!this.described.has(t)) names.add(t);
    }
    return names.size ? terms.filter((t) => !names.has(t)) : terms;
  }

  /**
   * Verb-object check: an effect word asks for this action's effect only when what it governs is this
   * action's object ("unprotect the CI variable" does not unprotect a branch). Nothing named ("nuke it") fits.
   */
  private governsObject(phrase: readonly string[], entry: Indexed): boolean {
    const objects = phrase.filter((t) => this.objectWords.has(t));
    return !objects.length || objects.some((t) => entry.ownWords.some((o) => o === t || (o.length >= 4 && t.startsWith(o))));
  }

  /**
   * The catalog words near the request's words that are no ID words, at reduced weight, never an effect word
   * (a near word explains, it does not ask for removal); undefined without `expand` or when none is near.
   */
  private nearWords(terms: readonly string[]): Map<string, number> | undefined {
    if (!this.expand) return undefined;
    const near = new Map<string, number>();
    for (const t of terms) {
      if (this.idVocabulary.has(t)) continue;
      for (const [w, c] of this.expand(t) ?? []) if (!EFFECT_VOCABULARY.has(w)) near.set(w, Math.max(near.get(w) ?? 0, this.w.expansion * c));
    }
    for (const t of terms) near.delete(t);
    return near.size ? near : undefined;
  }

  /** Each action's scope twins (scopeTwins), worked out on first need from the IDs alone. */
  private twins?: Map<string, string[]>;

  /**
   * Candidate generation: a request that names a project by its path and reads or lists ("my open MRs in
   * acme/api") gets, beside each read-only candidate acting elsewhere (merge_request.list_global), its
   * project-level twin (merge_request.list), scored at least as its sibling: the same words describe both, and
   * the re-rank's scope weights then tell them apart. A twin the keyword search already ranked keeps the better score.
   */
  private generate(q: ParsedQuery, base: Map<string, number>, fromActions: readonly Bm25Hit[], aTop: number): void {
    // Only for a read or a list: a change asked in a project is rarely a list's twin (measured: it cost more than it gained).
    if (!('project_id' in q.suggested) || (q.intent !== 'read' && q.intent !== 'list')) return;
    this.twins ??= scopeTwins(this.packed?.p.actionIds ?? this.actionIds);
    let keyword: Map<string, number> | undefined;
    const scoreOf = (id: string) => (keyword ??= new Map(fromActions.map((r) => [this.actionIds[r.doc]!, r.score / aTop]))).get(id) ?? 0;
    for (const [id, s] of [...base]) {
      const e = this.entry(id);
      if (!e || e.writes || e.scope === 'project') continue;
      for (const twin of this.twins.get(id) ?? []) {
        const t = this.entry(twin);
        if (t && !t.writes && t.scope === 'project') base.set(twin, Math.max(base.get(twin) ?? scoreOf(twin), s));
      }
    }
  }

  search(input: string, limit: number, filter?: (a: Action) => boolean): SearchAnswer {
    this.finish();
    const q = parseQuery(input, this.gates);
    const head = input.slice(0, MAX_QUERY_CHARS);
    q.terms = this.withoutNames(head, q.terms);
    // A namespace named without a slash ("service accounts in acme-corp", "onboard @kim into sec") is a group:
    // a project is always named by its path. Its name says nothing about the action.
    if (!q.scope && !('project_id' in q.suggested) && !/\b(project|repo|repository)s?\b/i.test(head)) {
      for (const m of head.toLowerCase().matchAll(BARE_NAMESPACE)) {
        const words = catalogTerms(m[1]!);
        if (!words.length || words.some((t) => this.described.has(t) || NOT_NAMES.has(t))) continue;
        q.scope = 'group';
        if (!('group_id' in q.suggested)) q.suggested.group_id = m[1]!;
        q.terms = q.terms.filter((t) => !words.includes(t));
        break;
      }
    }
    if (!q.terms.length) return { hits: [], query: q };
    // The index reads the already-rewritten terms: a query of terms joined by spaces tokenizes to itself.
    // A word the catalog never uses is corrected as a misspelling, unless `expand` knows it as a real word.
    q.terms = q.terms.flatMap((t) => {
      if (!this.vocabulary.has(t) && this.expand?.(t)?.length) return [t];
      const cs = this.correct(t);
      // A misspelt effect word ("delte") still says the effect.
      for (const c of cs) if (c !== t && EFFECT_VOCABULARY.has(c)) { q.said.add(c); if (!q.governs.has(c)) q.governs.set(c, [[]]); }
      // A misspelt plural ("coments") is still a plural.
      if (q.plurals.has(t)) for (const c of cs) q.plurals.add(c);
      return cs;
    });
    // A request that is only a reference (#12, a web URL) asks to see that object.
    if (q.intent === 'read' && q.terms.every((t) => q.kinds.has(t))) q.terms.push('get');
    const near = this.nearWords(q.terms);
    const text = near ? [...q.terms, ...near.keys()].join(' ') : q.terms.join(' ');
    const words = tokenize(text);
    const boostTerm = near ? (t: string) => near.get(t) ?? 1 : undefined;
    // A long word the catalog never uses may be the start of one ("notif", "deploym"); a catalog word is itself.
    const prefix = (t: string) => t.length > 5 && !this.vocabulary.has(t);
    const fromActions = this.actions.search(words, { boostTerm, prefix, prefixWeight: 0.4 });
    const fromExamples = this.examples.search(words, { boostTerm });
    const top = (rs: Bm25Hit[]) => rs[0]?.score ?? 1;
    const base = new Map<string, number>();
    const aTop = top(fromActions);
    for (const r of fromActions.slice(0, 80)) base.set(this.actionIds[r.doc]!, r.score / aTop);
    const eTop = top(fromExamples);
    const bestExample = new Map<string, number>();
    for (const r of fromExamples.slice(0, 120)) {
      const id = this.exampleAction[r.doc]!;
      if (!bestExample.has(id)) bestExample.set(id, r.score / eTop);
    }
    for (const [id] of bestExample) if (!base.has(id)) base.set(id, 0);
    this.generate(q, base, fromActions, aTop);

    const qTerms = new Set(q.terms);
    // Nothing says a group: a project's twin before the group's ("rename ~bugfix to ~bug", "show webhook 14").
    const noGroupSaid = !q.scope && !('group_id' in q.suggested) && !qTerms.has('group');
    const historySaid = HISTORY_SAID.test(head);
    const scopeWords = new Set<string>();
    if ('project_id' in q.suggested) scopeWords.add('project');
    if ('group_id' in q.suggested || q.scope === 'group') scopeWords.add('group');
    if (q.scope === 'instance') for (const w of ['all', 'instance', 'global']) scopeWords.add(w);
    const named = Object.keys(q.suggested).filter((k) => OBJECT_PARAMS.has(k));
    // Nouns said before a number that name some parameter of the catalog ("schedule 14", not "python 3").
    const numbered = q.numbered.filter((n) => this.idWords.some((w) => names(n, [w])));
    const namesAny = named.length > 0 || numbered.length > 0;
    // One object named by its ID, and no list, effect or history asked: maybe a read of that object.
    const readsOne = namesAny && (q.intent === 'read' || q.intent === 'other') && !q.said.size && !historySaid;
    const manyUnnumbered = !namesAny && !/\d/.test(head);
    // The object words right after a creation verb ("create a group label": group, label); the last is the object.
    const run = q.intent === 'create' ? q.creates.findIndex((ts) => !ts.length || !ts.every((t) => this.idVocabulary.has(t))) : 0;
    const createdObjects = q.creates.slice(0, run < 0 ? q.creates.length : run).flat();
    const createdHead = createdObjects.length > 1 || q.source.length ? createdObjects[createdObjects.length - 1] : undefined;
    // The words before the object say whose it is, the source what it is made from: neither is what is created.
    const createdOwners = [...createdObjects.slice(0, -1), ...q.source];
    const unexplained = (terms: readonly string[], own: readonly string[]) => terms.filter((t) => t !== 'get' && !q.kinds.has(t) && !scopeWords.has(t) && !own.includes(t)).length;
    const hits: Array<{ entry: Indexed; score: number; harmless: boolean }> = [];
    for (const [id, s] of base) {
      const entry = this.entry(id);
      if (!entry) continue;
      const pluralObject = entry.idTerms.some((t) => q.plurals.has(t));
      // A path explains the word "project" of an ID (acme/web is one), a group or the whole instance said explain theirs.
      const explained = (t: string) => qTerms.has(t) || (t === 'list' && (pluralObject || q.intent === 'list')) || scopeWords.has(t);
      // An ID word only near a word said explains it in part.
      const covered = entry.idTerms.reduce((n, t) => n + (explained(t) ? 1 : near ? this.w.nearCover * (near.get(t) ?? 0) : 0), 0) / Math.max(1, entry.idTerms.length);
      let score = (s + this.w.examples * (bestExample.get(id) ?? 0)) * (this.w.floor + (1 - this.w.floor) * covered ** this.w.power);
      if (q.question && entry.writes) score *= this.w.questionWrite;
      // A request for a change is not answered by an action that only reads.
      if (!entry.writes && !q.question && (q.intent === 'create' || q.intent === 'update' || q.intent === 'delete')) score *= this.w.changeRead;
      // A request naming one object (#12, !88, pipeline 123) prefers the actions that take it.
      // An @mention names a person: it fills a user_id (the API takes either).
      const namedHere = (p: { param: string; words: string[] }) => p.param in q.suggested || numbered.some((n) => names(n, p.words)) || (p.param === 'user_id' && 'username' in q.suggested);
      if (namesAny) score *= named.some((k) => entry.takes.has(k)) || entry.ids.some(namedHere) ? this.w.objectHit : this.w.objectMiss;
      // An action that needs an object's ID the request does not give (a get where a list was asked) is less likely.
      for (const p of entry.ids) {
        // An ID the request gives (thread 8a1fc0 on &7) prefers the action that needs it: the one thread, not the list.
        if (namedHere(p)) { score *= this.w.namedId; continue; }
        score *= this.w.unnamedId;
        // "the comments on !14": many of them, so not the one a note_id names.
        if (p.words.some((w) => q.plurals.has(w))) score *= this.w.pluralUnnamed;
      }
      // "the direct members of acme/web": many of the object a get reads one by its ID, and no number said: a list.
      const last = entry.idTerms.length - 1;
      if (manyUnnumbered && entry.ids.length && !entry.ids.every(namedHere) && entry.idTerms[last] === 'get' && q.plurals.has(entry.idTerms[last - 1]!)) score *= this.w.pluralUnnamed;
      // A group/project path names a project: project-level actions before their group-level twins, then the
      // ones acting elsewhere (the instance, the caller's own snippets or tokens).
      if ('project_id' in q.suggested) {
        if (entry.takes.has('project_id')) score *= this.w.projectHit;
        else if (entry.takes.has('group_id')) score *= this.w.projectMiss;
        else score *= this.w.elsewhere;
      }
      // Another server's address is a value ("send push events to https://hooks.example.com"): the actions taking a url first.
      if ('url' in q.suggested && entry.takes.has('url')) score *= this.w.namedId;
      // "instance-wide", "across every project", "the platform group": the twin acting there first.
      if (q.scope) score *= entry.scope === q.scope ? this.w.scopeHit : this.w.scopeMiss;
      // "the state of !88", "the weight of #7": the object's field, not the history of its changes.
      if (!historySaid && RESOURCE_EVENTS.test(id)) score *= this.w.unsaidHistory;
      // "is #12 closed?", "is acme/legacy archived?": the get of the object named (its every ID given, its ID's words said or the path's).
      if (q.stateAsked && !historySaid && (namesAny || 'project_id' in q.suggested) && !entry.writes && entry.idTerms.includes('get')
        && entry.idTerms.every((t) => t === 'get' || explained(t)) && entry.ids.every(namedHere)) score *= this.w.stateGet;
      // "show issue 12", "pipeline 4 details": the get of the object named, every ID it needs given (a note's get needs
      // its note), when the request says little else (one word at most) than that object: its ID's own words, not its domain's.
      if (readsOne && !entry.writes && entry.idTerms[entry.idTerms.length - 1] === 'get' && entry.ids.every(namedHere)
        && (entry.ids.length > 0 || named.some((k) => entry.takes.has(k)))
        && unexplained(q.terms, catalogTerms(id.slice(id.indexOf('.') + 1))) <= 1) score *= this.w.namedGet;
      // "create an issue link", "a branch from a tag": the object created is the phrase's last word, not the issue nor the tag.
      if (createdHead && !entry.idTerms.includes(createdHead) && entry.idTerms.some((t) => createdOwners.includes(t))) score *= this.w.headMiss;
      // "retry the failed job in the last pipeline": the job is acted on; only the pipeline's action of that verb gives way, not its update.
      else if (q.acted.object && !entry.idTerms.includes(q.acted.object) && [q.acted.within, q.acted.verbTerms].every((ws) => entry.idTerms.some((t) => ws.includes(t)))) score *= this.w.headMiss;
      // "mark my to-do done": one of them; a change to all of them needs "all", "every" or a plural said (a list across all is a scope).
      if (entry.writes && !q.allSaid && !q.plurals.size && ALL_OF.test(id)) score *= this.w.allUnsaid;
      if (noGroupSaid && entry.scope === 'group' && id.startsWith('group.')) score *= this.w.unsaidGroup;
      // A destructive action is harmless here only when the request says its effect of its object, and refuses none of its effect.
      const harmless = !entry.effectWords || (!q.asks && !entry.effectWords.some((w) => q.refused.has(w))
        && entry.effectWords.some((w) => q.said.has(w) && (q.governs.get(w) ?? []).some((phrase) => this.governsObject(phrase, entry))));
      hits.push({ entry, score, harmless });
    }
    const ordered = safeOrder(hits, this.w.unsafe);
    // The filter last, in rank order, until `limit` pass: only those actions are resolved (a packed index parses
    // each on first use). The same answer as filtering first: the sort is stable and no score depends on another.
    const out: SearchHit[] = [];
    for (const { entry, score } of ordered) {
      if (out.length >= limit) break;
      if (!filter || filter(entry.action)) out.push({ action: entry.action, score });
    }
    return { hits: out, query: q };
  }
}
