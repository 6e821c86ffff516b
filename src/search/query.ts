// Reads a request the way GitLab users write it: object references (#12, !88, &5, ~label, %milestone,
// @user, group/project paths, commit SHAs, "pipeline 123", web URLs) become the object's kind and
// suggested parameters; slang phrases become the catalog's words; the requested effect is classified.
import { EFFECT_WORDS, NEGATABLE_VERBS, PHRASES, STATE_WORDS, STOP, WORDS } from './lexicon.js';
import { MAX_QUERY_CHARS } from './limits.js';

type Intent = 'read' | 'list' | 'create' | 'update' | 'delete' | 'other';

export interface ParsedQuery {
  /** Index terms (stemmed, catalog words). */
  terms: string[];
  /** Stems said in the plural ("the open MRs"): they explain a list. */
  plurals: Set<string>;
  /** Parameter values the request names, by the parameter names actions use. */
  suggested: Record<string, string | number>;
  /** Object kinds the references name (issue, mergerequest, pipeline, …). */
  kinds: Set<string>;
  /** Effect words said (before any rewriting) — a destructive action needs one of its own. */
  said: Set<string>;
  /** Effect words the request refuses ("without deleting it", "don't remove anything"). */
  refused: Set<string>;
  /** For each effect word said, the terms of the noun phrase it governs ("unprotect the CI variable" → pipeline, variable). */
  governs: Map<string, string[][]>;
  /** Where the request says it acts: the whole instance, a group (no project named), or unsaid. */
  scope?: 'instance' | 'group';
  /** The words after a creation verb, each as its terms ("create an issue link" → [issue], [link]): the last of their object words is the object created. */
  creates: string[][];
  /** What the object created is made from ("a branch from a tag" → tag). */
  source: string[];
  /** The object a change or a run acts on, and the objects it sits in ("retry the job in the last pipeline" → job, [last, pipeline]). */
  acted: { verbTerms: readonly string[]; object?: string; within: string[] };
  /** "all", "every", "everything" or "each" said: a change to all of something needs it (or a plural). */
  allSaid: boolean;
  /** Nouns said before a number ("schedule 14", "comment 77120"): each names one object by its ID. */
  numbered: string[][];
  intent: Intent;
  question: boolean;
  /** A question asking for information ("which groups could I transfer to?"): it asks for no irreversible effect. */
  asks: boolean;
  /** A read of one object's state or field ("is #12 closed?", "the weight of issue 7"): STATE_WORDS said, no list asked. */
  stateAsked: boolean;
  /** Characters cut from an overlong request. */
  cut: number;
}

/** Plurals of words ending in i ("wikis"), which the -is rule below keeps whole ("analysis"). */
const I_PLURALS = new Set(['wikis', 'emojis', 'apis', 'uris', 'kpis']);

function stem(w: string): string {
  if (I_PLURALS.has(w)) return w.slice(0, -1);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** One compound word for the object "merge request", so the verb "merge" stays a verb. */
const compound = (text: string): string => text.replace(/\bmerge[ _-]?requests?\b/g, (m) => (m.endsWith('s') ? 'mergerequests' : 'mergerequest'));

/** Terms of catalog text (IDs, summaries, keywords, examples): the same words, no slang rewriting. */
export function catalogTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of compound(text.toLowerCase()).split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    const mapped = WORDS[raw] ?? raw;
    for (const part of compound(mapped).split(/[ _]/)) if (part) out.push(stem(part));
  }
  return out;
}

/** Words of catalog text as written (stemmed, no synonyms): a summary's "secret" is not a CI variable. */
export const plainTerms = (text: string): string[] => compound(text.toLowerCase()).split(/[^a-z0-9]+/).filter((w) => w && !STOP.has(w) && !/^\d+$/.test(w)).map(stem);

/** URL path sections → the kind of object and the parameter its next segment fills. */
const URL_KINDS: Record<string, { kind: string; param?: string }> = {
  issues: { kind: 'issue', param: 'issue_iid' },
  work_items: { kind: 'issue', param: 'issue_iid' },
  merge_requests: { kind: 'mergerequest', param: 'merge_request_iid' },
  pipelines: { kind: 'pipeline', param: 'pipeline_id' },
  jobs: { kind: 'job', param: 'job_id' },
  commit: { kind: 'commit', param: 'sha' },
  commits: { kind: 'commit', param: 'ref_name' },
  tags: { kind: 'tag', param: 'tag_name' },
  releases: { kind: 'release', param: 'tag_name' },
  milestones: { kind: 'milestone', param: 'milestone_id' },
  wikis: { kind: 'wiki', param: 'slug' },
  snippets: { kind: 'snippet', param: 'snippet_id' },
  environments: { kind: 'environment', param: 'environment_id' },
  epics: { kind: 'epic', param: 'epic_iid' },
  vulnerabilities: { kind: 'vulnerability', param: 'vulnerability_id' },
  branches: { kind: 'branch' },
  labels: { kind: 'label' },
  packages: { kind: 'package', param: 'package_id' },
  pipeline_schedules: { kind: 'pipeline schedule', param: 'pipeline_schedule_id' },
  environments_: { kind: 'environment' },
  blob: { kind: 'file' },
  raw: { kind: 'file raw' },
  tree: { kind: 'tree' },
  blame: { kind: 'file blame' },
  compare: { kind: 'compare' },
  settings: { kind: 'settings' },
  members: { kind: 'member' },
  project_members: { kind: 'member' },
  group_members: { kind: 'member' },
};

/** "pipeline 123", "job #9", "MR 88": a kind word then a number. */
const NUMBERED: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/\b(?:pipeline|pipline|ci run|(?<!re-?)run)s? ?#?(\d+)\b/g, 'pipeline', 'pipeline_id'],
  // A numbered build is a job (the API's /builds were jobs), "the build" alone is a pipeline (WORDS).
  [/\b(?:job|build(?: step)?)s? ?#?(\d+)\b/g, 'job', 'job_id'],
  [/\b(?:mr|merge ?request|pr|pull request) ?[#!]?(\d+)\b/g, 'mergerequest', 'merge_request_iid'],
  [/\b(?:issue|ticket|bug) ?#?(\d+)\b/g, 'issue', 'issue_iid'],
  [/\bepic ?[#&]?(\d+)\b/g, 'epic', 'epic_iid'],
  [/\brunner ?#?(\d+)\b/g, 'runner', 'runner_id'],
  [/\bsnippet ?[#$]?(\d+)\b/g, 'snippet', 'snippet_id'],
  // An account is a user ("account 2219", "bot account 7": service accounts are users too)
  [/\b(?:user|account) ?#?(\d+)\b/g, 'user', 'user_id'],
  // "container repo 7" is a registry repository, not project 7
  [/\b(?<!(?:container|docker|image) )(?:project|repo) ?#?(\d+)\b/g, 'project', 'project_id'],
  [/\bgroup ?#?(\d+)\b/g, 'group', 'group_id'],
];

/** "open" before a numbered issue, merge request, pipeline or job, or a reference to one (#5, !88, group/project#5); not "open #5 back up" (a reopening). */
const OPEN_NUMBERED = /(?<!\bre[- ]?)\bopen(?: up)?(?= (?:the )?(?:(?:issue|ticket|bug|mr|merge ?request|pr|pull request|pipeline|job|epic|snippet) ?[#!&$]?\d|(?:[\w.-]+\/[\w./-]*)?[#!&$]\d))(?!.{0,30}\bback up\b)/g;

/** "make" before a numbered issue, merge request, epic or snippet, or a reference to one (#5, !88, group/project#5). */
const MAKE_NUMBERED = /\bmake(?= (?:the )?(?:(?:issue|ticket|bug|mr|merge ?request|pr|pull request|epic|snippet) ?[#!&$]?\d|(?:[\w.-]+\/[\w./-]*)?[#!&$]\d))/g;

/** Verbs used as nouns or in setting names: they do not ask for the effect. */
const NOT_A_VERB = /\bauto[- ]?merge\b|\bmerge (method|trains?|base|conflicts?|status|commits?|options|settings|checks|queue|when)\b|\b(remove|delete|removes|deletes|removing|deleting) (the )?source branch(es)?\b|\bdelete_source_branch\b/g;

/** A version next to "release" (a few words between at most): the release's tag name. */
const VERSION_OF_RELEASE = /\breleases?(?:\s+(?:notes?|for|of|named|called|at|the)){0,3}\s+(v?\d+(?:\.\d+)+(?:-[\w.]+)?)(?=[\s,;:?!)']|\.(?:\s|$)|$)|(?:^|\s)(v?\d+(?:\.\d+)+(?:-[\w.]+)?)\s+(?:[a-z]+\s+)?releases?\b/;

/** A file name without a folder: a source or config extension, or a file every repository knows by name. */
const BARE_FILE = /(^|\s)((?!\.gitlab-ci\.)(?:\.?[\w-]+)(?:\.[\w-]+)*\.(?:py|rb|js|mjs|cjs|ts|tsx|jsx|go|java|kt|swift|rs|php|c|h|cpp|cs|json|ya?ml|toml|ini|cfg|conf|lock|md|txt|sh|xml|html|css|scss|vue|gradle|properties|sql|tf|env|example|dockerignore|gitignore|gitattributes|editorconfig)|gemfile|dockerfile|makefile|jenkinsfile|procfile|rakefile|vagrantfile|codeowners)(?=[\s,;:?!)']|\.(?:\s|$)|$)/g;

/** Words that name an object of their own (a ~label or @user next to one of them only qualifies it). */
const PRIMARY_OBJECTS = new Set(['issue', 'mergerequest', 'epic', 'pipeline', 'job', 'commit', 'branch', 'tag', 'release', 'snippet', 'wiki', 'runner', 'environment', 'deployment', 'package', 'note', 'discussion', 'board', 'project', 'group', 'label', 'milestone', 'member', 'token', 'hook', 'variable', 'file']);

/** Words that say an object, an effect or a state: a slash between two of them joins words, not a namespace and its project. */
const ONE_WORDS: ReadonlySet<string> = new Set([...PRIMARY_OBJECTS, ...Object.values(EFFECT_WORDS).flat(), ...NEGATABLE_VERBS, ...STATE_WORDS, ...STOP,
  ...Object.keys(WORDS), ...Object.values(WORDS).flatMap((w) => w.split(/[ _]/))]);

/** An object's states, as said joined by a slash: "open/closed", "reopen/close", "open/close/merge". */
const STATES_JOINED: ReadonlySet<string> = new Set(['open', 'opened', 'close', 'closed', 'reopen', 'reopened', 'merge', 'merged', 'lock', 'locked', 'unlock', 'unlocked']);

/** A negation and the few words after it ("don't remove it", "without deleting anything"), or an effect put off ("before I delete anything"). */
/** "I don't want to delete it": the wish between the negation and its verb is skipped. */
const NEGATED = /\b(don'?t|do not|does not|did not|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|haven'?t|hasn'?t|can'?t|cannot|never|without|not|no need to|shouldn'?t|won'?t|(?:before|until|unless) (?:i|we|you|anyone|someone))((?:\s+(?:want|need|have|mean|plan|intend|wanna|going|try|trying|ask you|bother)(?:\s+to)?)?(?:\s+[a-z]+){1,2})/g;
/** What is set apart after a parenthesis or a comma, up to the next mark: "(not inherited)", ", not all merged branches". */
// Words are split by whitespace only (\s+, never \s*): a long unbroken word must not be split every way before failing.
const EXCLUDED = /([(,])\s*not\s+([a-z0-9'\u2019-]+(?:\s+[a-z0-9'\u2019-]+){0,7})\s*(?=[,.;:?!()]|$)/g;
/** Someone asked to do something: "asking @kofi to rebase", "tell them to delete it". */
const ASKED_OF_SOMEONE = /\b(ask|asks|asking|tell|tells|telling|remind|reminding|ping|pinging|nudge|nudging)\s+(xuserx|him|her|them|the author|the assignee|the reviewer|someone|somebody|everyone|the team)\s+to\s+([^.?!,;:\u2014]*)/g;
/** Words that say the whole instance rather than one project or group. */
const INSTANCE_WIDE = /\b(instance[- ]wide|(on|for|across) the (whole |entire )?instance|instance[- ]level|globally|site[- ]wide|server[- ]wide|across (all |every |the )?(projects|repos|repositories|groups|gitlab|porjects)|everywhere|all (of )?(my |our |the )?projects|every (single )?project|whole (instance|gitlab|server)|admin area|in (all|every) (repo|project|group)s?|anywhere)\b/;
/** Words that say the caller's own objects. */
const MINE = /\b(my|mine|assign(ed)? to me|i'?m (a |the )?(reviewer|assignee|author|reviewing)|i (opened|open|created|authored|reported|filed|raised|wrote|own|started|submitted|am reviewing)|(review(s|ing)?|approval) (requested )?(from|of|by) me|me as (the )?(reviewer|assignee|author)|i (must|have to|need to|should|am supposed to|got to|gotta) review|for me to review)\b/;
/** "can X be removed?", "could the token be rotated?": a request said as a question about a change. */
const POLITE_PASSIVE = /^\s*(can|could|may)\b(?!['\u2019]t| not\b|\s+(?:you|i|we|u)\s+(?:please\s+)?(?:check|see|tell|verify|confirm|find out|look|show|say|know|figure out)\b)[^.?!;]{0,80}\bbe [a-z]+(ed|en)\b/;
const MARK = /\u0001(.)\u0001/g;
/** Words that end the noun phrase a verb governs ("remove the expiry | for @bob"). */
const PHRASE_END = new Set(['for', 'from', 'on', 'in', 'at', 'to', 'with', 'of', 'because', 'since', 'so', 'and', 'but', 'then', 'after',
  'before', 'as', 'by', 'via', 'using', 'when', 'if', 'while', 'until', 'that', 'which', 'who', 'where', 'instead', 'than', 'above', 'below']);
/** Particles of phrasal verbs ("turn off", "kick out"): not part of the object. */
const PARTICLES = new Set(['off', 'out', 'away', 'back', 'over', 'down', 'up', 'entirely', 'completely', 'permanently', 'forever', 'altogether']);
const EFFECT_VOCABULARY = new Set(Object.values(EFFECT_WORDS).flat());
/** "remove @bob" governs a person, "drop ~bug" a label, "ban this account" a user. */
const QUALIFIER_OBJECTS: Record<string, string[]> = { xuserx: ['user', 'member'], xlabelx: ['label'], xmilestonex: ['milestone'], account: ['account', 'user'], accounts: ['account', 'user'] };

/** For each effect word, the terms of the noun phrase after it (up to a preposition or punctuation). */
function governed(spoken: string): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  const tokens = spoken.match(/[a-z0-9]+|[,.;:!?()\u2014]/g) ?? [];
  tokens.forEach((t, i) => {
    if (!EFFECT_VOCABULARY.has(t)) return;
    const phrase: string[] = [];
    for (let j = i + 1; j < tokens.length && j <= i + 7; j++) {
      const w = tokens[j]!;
      if (PHRASE_END.has(w) || !/^[a-z0-9]/.test(w)) break;
      if (PARTICLES.has(w) || EFFECT_VOCABULARY.has(w)) continue;
      phrase.push(...(QUALIFIER_OBJECTS[w] ?? [...new Set([stem(w), ...catalogTerms(w)])]));
    }
    const list = out.get(t) ?? [];
    list.push(phrase);
    out.set(t, list);
  });
  return out;
}

/** Verbs acting on an object that exists: what they govern is that object, not the one it sits in. */
const ACT_VERBS = new Set(['retry', 'rerun', 'cancel', 'stop', 'play', 'run', 'delete', 'remove', 'close', 'reopen', 'archive', 'protect', 'unprotect', 'approve', 'rename', 'erase', 'resolve']);

/** The words an action ID says for such a verb, where the catalog's differ ("rerun" is a retry, "stop" a cancel). */
const ACT_VERB_IDS: Readonly<Record<string, readonly string[]>> = { rerun: ['retry'], run: ['retry', 'play'], stop: ['cancel', 'stop'] };

/**
 * The object after the first verb of ACT_VERBS, the words after an "in", "of" or "on" that follows it (what it sits
 * in), and the verb as action IDs say it.
 */
function actedObject(text: string): { verbTerms: readonly string[]; object?: string; within: string[] } {
  const tokens = text.match(/[a-z0-9]+|[,.;:!?()\u2014]/g) ?? [];
  const at = tokens.findIndex((t) => ACT_VERBS.has(t));
  let object: string | undefined;
  let j = at + 1;
  for (; at >= 0 && j < tokens.length && j <= at + 5; j++) {
    const w = tokens[j]!;
    if (PHRASE_END.has(w) || PARTICLES.has(w) || !/^[a-z0-9]/.test(w)) break;
    const ts = catalogTerms(w);
    if (ts.length === 1 && PRIMARY_OBJECTS.has(ts[0]!)) object = ts[0];
  }
  if (!object || !['in', 'of', 'on'].includes(tokens[j] ?? '')) return { verbTerms: [], within: [] };
  const within: string[] = [];
  for (const w of tokens.slice(j + 1, j + 5)) {
    if (PHRASE_END.has(w) || !/^[a-z0-9]/.test(w)) break;
    if (!STOP.has(w)) within.push(...catalogTerms(w));
  }
  return { verbTerms: ACT_VERB_IDS[tokens[at]!] ?? catalogTerms(tokens[at]!), object, within: within.filter((t) => t !== object) };
}

/** Words that ask for a creation. */
const CREATE_VERBS = new Set(['create', 'add', 'make', 'new']);

/** The terms of each word after the first creation verb ("create an issue link" → [issue], [link]), up to a preposition or punctuation; then, after "from" or "off", the terms of the words saying what it is made from. */
function createdObject(text: string): { creates: string[][]; source: string[] } {
  const tokens = text.match(/[a-z0-9]+|[,.;:!?()\u2014]/g) ?? [];
  const at = tokens.findIndex((t) => CREATE_VERBS.has(t));
  const creates: string[][] = [];
  let j = at + 1;
  for (; at >= 0 && j < tokens.length && creates.length < 4; j++) {
    const w = tokens[j]!;
    if (PHRASE_END.has(w) || PARTICLES.has(w) || !/^[a-z0-9]/.test(w)) break;
    if (!STOP.has(w) && !CREATE_VERBS.has(w)) creates.push(catalogTerms(w));
  }
  // "a branch from a tag", "off commit 9f3ab21": the object it is made from, not one made.
  const source: string[] = [];
  if (at >= 0 && (tokens[j] === 'from' || tokens[j] === 'off')) {
    for (const w of tokens.slice(j + 1, j + 5)) {
      if (PHRASE_END.has(w) || !/^[a-z0-9]/.test(w)) break;
      if (!STOP.has(w)) source.push(...catalogTerms(w));
    }
  }
  return { creates, source };
}

/** A URL segment decoded; as written when it is no valid encoding (a badge's `%{default_branch}` placeholder). */
function decoded(segment: string): string {
  try { return decodeURIComponent(segment); } catch { return segment; }
}

/**
 * For each of the lexicon's phrases (PHRASES, in order), words of which any match holds one; null: none known.
 * Worked out at build time (scripts/phrase-gates.mjs) and kept in the find index file with the phrases they were made for.
 */
export type PhraseGates = ReadonlyArray<readonly string[] | null>;

/** The lexicon's phrases as written (`/pattern/flags`, in order): gates made for other phrases are not used. */
export const phrasesWritten = (): string[] => PHRASES.map(([re]) => String(re));

/** Whether `phrases` (`phrasesWritten` of some build) are the lexicon's phrases now. */
export const arePhrases = (phrases: readonly string[]): boolean => phrases.length === PHRASES.length && PHRASES.every(([re], i) => String(re) === phrases[i]);

/** The request read; `gates` (the find index file's) only spare running the phrases that cannot match: the reading is the same. */
export function parseQuery(input: string, gates?: PhraseGates): ParsedQuery {
  const cut = Math.max(0, input.length - MAX_QUERY_CHARS);
  // Only the first MAX_QUERY_CHARS are read, however long the request: its cost stays bounded.
  const head = input.slice(0, MAX_QUERY_CHARS);
  // \u0001 marks where a phrase was read (below): a request's own control characters are spaces.
  let text = ` ${head.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u0000-\u001f]/g, ' ')} `;
  const suggested: Record<string, string | number> = {};
  const kinds = new Set<string>();
  // ~label, %milestone and @user usually qualify another object ("assign #4 to @bob"): their kind
  // counts only when the request names no other object.
  const secondary = new Set<string>();
  // Values are read from the lower-cased text; a value keeps the case the request wrote it in (a file path, a
  // branch, a ~Label and a URL are case-sensitive).
  const lowerHead = head.toLowerCase();
  const cased = (v: string) => {
    const i = lowerHead.length === head.length ? lowerHead.indexOf(v) : -1;
    return i >= 0 ? head.slice(i, i + v.length) : v;
  };
  const put = (k: string, v: string | number) => { if (!(k in suggested)) suggested[k] = typeof v === 'string' ? cased(v) : v; };
  // SCREAMING_SNAKE names are CI/CD variable keys ("rotate SONAR_TOKEN" changes a variable, it rotates no
  // token); GitLab's predefined CI_ and GITLAB_ variables name their own features and are left as words.
  for (const m of head.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) {
    if (/^(CI|GITLAB)_/.test(m[0])) continue;
    put('key', m[0]);
    text = text.replace(new RegExp(`\\b${m[0].toLowerCase()}\\b`, 'g'), ' variable ');
  }

  // An address written without its scheme ("gitlab.example.com/acme/web") is a web URL all the same: its host is no namespace.
  text = text.replace(/(^|\s)(?=(?:[\w-]+\.){2,}[a-z]{2,}\/|gitlab\.[a-z]{2,}\/)/g, '$1https://');
  // Web URLs: /<namespace/project>/-/<section>/<rest>
  text = text.replace(/\bhttps?:\/\/([^\s/]+)(?:\/([^\s?#]*))?[^\s]*/g, (m: string, host: string, whole: string | undefined = '') => {
    // A sentence's own punctuation ends the address ("see https://gitlab.example.com/acme.").
    const path = whole.replace(/[.,;:!)]+$/, '');
    // Another server's address (a webhook's target, an environment's URL) is a value: it names no GitLab object.
    if (!/gitlab/i.test(host) && !path.includes('/-/') && !path.startsWith('groups/')) { put('url', m.replace(/[.,;:)]+$/, '')); return ' url '; }
    const parts = path.split('/').filter(Boolean);
    const dash = parts.indexOf('-');
    const ns = (dash >= 0 ? parts.slice(0, dash) : parts).filter((p) => p !== 'groups');
    // One segment alone is a namespace (a group or a user), never a project.
    if (ns.length > 1 || (ns.length && dash >= 0)) put(path.startsWith('groups/') || (dash >= 0 && parts[dash + 1] === 'epics') ? 'group_id' : 'project_id', ns.join('/'));
    else if (ns.length && path.startsWith('groups/')) put('group_id', ns[0]!);
    if (dash < 0) return ` ${path.startsWith('groups/') ? 'group' : ns.length > 1 ? 'project' : 'group user'} `;
    // /-/security/vulnerabilities/5512: the section is the second segment.
    if (parts[dash + 1] === 'security' && parts[dash + 2]) parts.splice(dash + 1, 1);
    // /-/jobs/9/raw is the job's log.
    if (parts[dash + 1] === 'jobs' && /^\d+$/.test(parts[dash + 2] ?? '') && parts[dash + 3] === 'raw') { put('job_id', Number(parts[dash + 2])); kinds.add('job'); put('project_id', ns.join('/')); return ' job trace '; }
    const section = parts[dash + 1] ?? '';
    const spec = URL_KINDS[section];
    if (!spec) return ` ${section.replace(/_/g, ' ')} `;
    kinds.add(spec.kind.split(' ')[0]!);
    const rest = parts.slice(dash + 2);
    if ((section === 'blob' || section === 'raw' || section === 'blame' || section === 'tree') && rest.length) {
      put('ref', rest[0]!);
      if (rest.length > 1) put(section === 'tree' ? 'path' : 'file_path', rest.slice(1).join('/'));
    } else if (spec.param && rest[0]) {
      put(spec.param, /^\d+$/.test(rest[0]) ? Number(rest[0]) : decoded(rest[0]));
    }
    return ` ${spec.kind} `;
  });

  // Opening an object named by its number reads it ("open issue 5", "open !88", "open up acme/docs#19"): it creates
  // nothing (lexicon: "open an issue" does), and it is no reopening ("re-open #5").
  text = text.replace(OPEN_NUMBERED, ' get ');
  // Making an object named by its number something changes it ("make #12 confidential", "make !88 ready"): it creates nothing.
  text = text.replace(MAKE_NUMBERED, ' update ');
  for (const [re, kind, param] of NUMBERED) {
    // "project 42" and "group 9" say where, like a path: they qualify the object, they are not it.
    text = text.replace(re, (m, n: string) => { put(param, Number(n)); (kind === 'project' || kind === 'group' ? secondary : kinds).add(kind); return ` ${kind === 'job' ? 'job' : m.replace(/[#!&$]?\d+$/, '')} `; });
  }
  const numbered: string[][] = [];
  // Any other noun before a number ("schedule 14", "comment 77120"); the kinds above already set their parameter.
  for (const m of text.matchAll(/\b([a-z][a-z0-9]*) #?\d+\b(?![.:/-]\d)/g)) {
    if (!STOP.has(m[1]!)) numbered.push([...new Set([m[1]!, ...catalogTerms(m[1]!)])]);
  }
  // Cross-project references: group/project#12, group/project!88, group&5.
  text = text.replace(/(^|\s)([\w.-]+(?:\/[\w.-]+)*)([#!&])(\d+)\b/g, (_m, pre: string, path: string, sigil: string, n: string) => {
    put(sigil === '&' ? 'group_id' : 'project_id', path);
    return `${pre}${sigil}${n}`;
  });
  // Shorthand references.
  text = text.replace(/(^|[\s(,])#(\d+)\b/g, (_m, pre: string, n: string) => { put('issue_iid', Number(n)); kinds.add('issue'); return `${pre} issue `; });
  text = text.replace(/(^|[\s(,])!(\d+)\b/g, (_m, pre: string, n: string) => { put('merge_request_iid', Number(n)); kinds.add('mergerequest'); return `${pre} mergerequest `; });
  text = text.replace(/(^|[\s(,])\$(\d+)\b/g, (_m, pre: string, n: string) => { put('snippet_id', Number(n)); kinds.add('snippet'); return `${pre} snippet `; });
  text = text.replace(/(^|[\s(,])&(\d+)\b/g, (_m, pre: string, n: string) => { put('epic_iid', Number(n)); kinds.add('epic'); return `${pre} epic `; });
  text = text.replace(/(^|[\s(,])~(?:"([^"]+)"|([\w:.-]+))/g, (_m, pre: string, q?: string, w?: string) => { put('labels', (q ?? w)!); secondary.add('label'); return `${pre} xlabelx `; });
  text = text.replace(/(^|[\s(,])%(?:"([^"]+)"|([\w.-]+))/g, (_m, pre: string, q?: string, w?: string) => { put('milestone', (q ?? w)!); secondary.add('milestone'); return `${pre} xmilestonex `; });
  // A negated effect is not asked for: "mark #88 confidential, don't delete anything", "pause it, don't remove it".
  // An effect refused that way ("without deleting it") is one no action may have unasked.
  const refused = new Set<string>();
  /** The words of `rest` without its effect words (any inflection), each kept as refused. */
  const refuse = (rest: string) => rest.replace(/[a-z]+/g, (w) => {
    const base = [w, w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/e?d$/, ''), w.replace(/d$/, ''), w.replace(/s$/, '')].find((b) => EFFECT_VOCABULARY.has(b) || WORDS[b] === 'delete');
    if (base === undefined) return [w, w.replace(/ing$/, ''), w.replace(/ed$/, ''), w.replace(/s$/, '')].some((b) => NEGATABLE_VERBS.has(b)) ? ' ' : w;
    refused.add(EFFECT_VOCABULARY.has(base) ? base : 'delete');
    return ' ';
  });
  // "members (not inherited)", "delete the branch, not all merged branches": what is set apart is not what is
  // asked for, and a verb set apart ("archive it, not delete") is refused.
  text = text.replace(EXCLUDED, (_m, pre: string, words: string) => (refuse(words), `${pre} `));
  text = text.replace(NEGATED, (_m, neg: string, rest: string) => `${neg}${refuse(rest)}`);
  // Quoted text is a value (a comment body, a title), never a reference or the request's verb.
  text = text.replace(/"[^"]*"|\u201c[^\u201d]*\u201d/g, ' ');
  // Single quotes too, when they open after a space and close before one ('LGTM, ship it'); an apostrophe inside a word is no quote.
  text = text.replace(/(^|[\s(:=])'[^'\n]{1,200}?'(?=[\s,.;:!?)]|$)/g, '$1 ');
  // So is what a comment will say ("add a comment to !5 saying LGTM"): the rest of the sentence is its body.
  text = text.replace(/\b(saying|that says|which says|to say|with the (text|message|body)|with text|that reads)\b[^.?!]*/g, ' $1 ');
  text = text.replace(/(^|[\s(,])@([a-z0-9][\w.-]*)/g, (_m, pre: string, u: string) => { put('username', u.replace(/\.$/, '')); secondary.add('user'); return `${pre} xuserx `; });
  // What someone else is asked to do ("leave a note asking @kofi to rebase") is the note's body: its effect is not asked of us.
  text = text.replace(ASKED_OF_SOMEONE, (_m, ask: string, who: string, rest: string) => `${ask} ${who} ${refuse(rest)}`);
  // Discussion IDs are hex: "thread 8c1d2e".
  // Opening one by its ID reads it ("open thread 8c1d2e"): "open" creates a thread only when none is named.
  text = text.replace(/\b(open (?:up )?|pull up )?(?:the )?(thread|discussion|conversation) ((?=[a-z]*\d)[0-9a-f]{3,40}|[a-z]\d+)\b/g, (_m, open: string | undefined, w: string, id: string) => { put('discussion_id', id); return open ? ' get discussion ' : ` ${w} `; });
  // Branch names by GitLab's usual prefixes (feature/login, hotfix/null-deref): a branch, not a project path.
  text = text.replace(/(^|\s)((?:feature|feat|hotfix|bugfix|fix|release|releases|chore|topic|renovate|dependabot|wip)\/[\w./-]+)(?=[\s,.;:?!)']|$)/g, (_m, pre: string, ref: string) => { put('ref', ref.replace(/[.]$/, '')); return `${pre} branch `; });
  // A hyphenated name after "from" or "branch" is a branch ("an MR from feat-dark-mode", "branch tidy-logs"): its words say no action.
  text = text.replace(/\b(from|branch(?: called| named)?|off of)\s+(?!(?:the|a|an|my|our)\b)([a-z][\w.]*(?:-[\w.]+)+)(?=[\s,.;:?!)']|$)/g, (_m, pre: string, ref: string) => { put('ref', ref.replace(/[.]$/, '')); return ` ${pre} `; });
  // Paths: a file (has an extension) or a namespace/project.
  text = text.replace(/(^|\s)([\w.-]+(?:\/[\w.-]+)+)\/?(?=[\s,.;:?!)']|$)/g, (m: string, pre: string, p: string, at: number, whole: string) => {
    // Another forge's repository (github.com/acme/tool): its host says where it is, and it is no GitLab project.
    const host = /^([\w-]+)\.(?:com|org|io|net)\//.exec(p);
    if (host) return `${pre} ${host[1]} `;
    // States joined by a slash ("open/close history", "open/closed/total counts") name the object's state, not a change to it.
    const joined = p.split('/');
    if (joined.filter((w) => STATES_JOINED.has(w)).length >= 2 && joined.every((w) => STATES_JOINED.has(w) || w === 'all' || w === 'total')) return `${pre} state `;
    // Words joined by a slash ("labels/milestones", "approve/merge") are those words, not a namespace and project.
    // So are versions ("1.2/1.3").
    if (p.split('/').every((w) => ONE_WORDS.has(w) || ONE_WORDS.has(stem(w)) || /^v?\d+(?:\.\d+)+$/.test(w))) return `${pre}${p.replace(/\//g, ' ')}`;
    // A file has an extension with a letter: "1.2/1.3" is two versions.
    if (/\.[a-z0-9]*[a-z][a-z0-9]*$/.test(p) && !/^[\w-]+\/[\w-]+\.(?:com|org|io|net)$/.test(p)) { put('file_path', p); return `${pre} file `; }
    // A path says where, like "in acme/web": it is not the object (most actions act inside a project); one
    // called a group ("group acme/backend", "the acme/docs group") is that group.
    const group = /\b(?:sub)?group\s*$/.test(whole.slice(0, at + pre.length)) || /^\s*(?:sub)?group(?:s|'s)?\b/.test(whole.slice(at + m.length));
    put(group ? 'group_id' : 'project_id', p);
    return `${pre} `;
  });
  // A file named without a folder: by a source or config extension (setup.py, .env.example) or a well-known name (Gemfile).
  text = text.replace(BARE_FILE, (_m, pre: string, f: string) => { put('file_path', f); return `${pre} file `; });
  // Branch and tag names with a version ("release-1.9", "hotfix-2.3.1"): a ref's name, not the word in it.
  text = text.replace(/(^|\s)([a-z]+-\d+(?:\.\d+)*(?:-[\w.]+)?)(?=[\s,.;:?!)']|$)/g, (_m, pre: string, ref: string) => { put('ref', ref); return `${pre} `; });
  // A version said as a release's name ("the 1.9 release", "release notes for v2.3.0") names that release by its
  // tag: the actions taking a tag_name come before the lists. Left in the text (a phrase may read it: "cut v2.5").
  const version = VERSION_OF_RELEASE.exec(text);
  if (version) put('tag_name', (version[1] ?? version[2])!);
  // Commit SHAs: 7 to 40 hex digits with a letter and a digit.
  text = text.replace(/\b[0-9a-f]{7,40}\b/g, (m) => { if (!/[a-f]/.test(m) || !/\d/.test(m)) return m; put('sha', m); kinds.add('commit'); return ' commit '; });

  text = compound(text);
  let question = /\?\s*$/.test(head.trim()) || /^\s*(who|what|whats|what's|which|why|how|when|where|is|are|has|have|did|does|do|was|were|any)\b/.test(text);

  // Phrases, then words.
  const rewritten: string[] = [];
  // Replacements leave runs of spaces; phrases are written with single ones.
  text = text.replace(/\s+/g, ' ');
  // What a creation verb governs, as written: a phrase's reading ("create pipeline run") is no compound object.
  const { creates, source } = createdObject(text);
  const acted = actedObject(text);
  const namesObject = kinds.has('issue') || kinds.has('mergerequest') || kinds.has('epic');
  for (let i = 0; i < PHRASES.length; i++) {
    const [re, to, when] = PHRASES[i]!;
    if (when === 'object' && !namesObject) continue;
    // A phrase none of whose gate's words the text holds cannot match: it is not run (nor compiled).
    const gate = gates?.[i];
    if (gate && !gate.some((w) => text.includes(w))) continue;
    text = text.replace(re, (...m: unknown[]) => {
      const groups = m.slice(1, -2) as Array<string | undefined>;
      rewritten.push(to.replace(/\$(\d)/g, (_x, i: string) => groups[Number(i) - 1] ?? '').replace(MARK, ' '));
      // A mark where the phrase was, so its reading can be put back in place to find what its verb governs.
      return ` \u0001${String.fromCharCode(0x100 + rewritten.length - 1)}\u0001 `;
    });
  }
  const spoken = text.replace(MARK, (_m, c: string) => ` ${rewritten[c.charCodeAt(0) - 0x100]} `).replace(NOT_A_VERB, ' ');
  text = text.replace(MARK, ' ');
  // What the request says it does: its own words (after the phrases that read a verb in context, such as
  // "remove ~label from #4", which removes nothing) and the phrases' readings; verbs used as nouns left out.
  const saidWords = new Set([...text.replace(NOT_A_VERB, ' ').split(/[^a-z0-9]+/), ...rewritten.flatMap((r) => r.split(' '))].filter(Boolean));
  const terms: string[] = [];
  const plurals = new Set<string>();
  for (const phrase of rewritten) for (const t of catalogTerms(phrase)) terms.push(t);
  for (const raw of text.split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    const mapped = WORDS[raw] ?? raw;
    const parts = compound(mapped).split(/[ _]/).filter(Boolean).map(stem);
    terms.push(...parts);
    if (raw.length > 2 && raw.endsWith('s') && !raw.endsWith('ss')) for (const p of parts) plurals.add(p);
  }
  if (!kinds.size && !terms.some((t) => PRIMARY_OBJECTS.has(t))) for (const k of secondary) kinds.add(k);
  for (const k of kinds) if (!terms.includes(k)) terms.push(k);

  const has = (...w: string[]) => w.some((x) => terms.includes(x));
  // "can you open an MR for feat/x?" asks for a creation, politely: only its question mark is a question's.
  if (question && has('create') && /^\s*(can|could|would|will) (you|u)\b/.test(text)) question = false;
  const said = new Set<string>();
  for (const words of Object.values(EFFECT_WORDS)) for (const w of words) if (saidWords.has(w)) said.add(w);
  const governs = governed(spoken);
  // "can the token be revoked?" asks for the revocation, politely (the lexicon reads the participle as a wish).
  const lower = ` ${head.toLowerCase()} `;
  if (question && said.size && POLITE_PASSIVE.test(lower.trimStart())) question = false;
  let intent: Intent = has('delete', 'erase', 'revoke', 'unprotect')
    ? 'delete'
    : has('create', 'add')
      ? 'create'
      : has('update', 'close', 'reopen', 'assign', 'move', 'approve', 'merge', 'retry', 'cancel', 'rebase')
        ? 'update'
        : has('list', 'search') || plurals.size > 0
          ? 'list'
          : has('get') || question
            ? 'read'
            : 'other';
  // A question about something ("has anyone approved !42?", "who is reviewing") reads it.
  // So does a question after a dash or a comma ("!412 — can it merge?"): "can it", not "can you", which asks for an action.
  const asks = /^\s*(who|what|whats|what's|which|why|how|when|where|is|are|has|have|did|does|was|were)\b/.test(lower)
    || /(^|[\u2014\u2013,;:.]|\s-)\s*(is|are|has|have|did|does|was|were|can|could|will|would) (it|this|that|they|these|he|she|anyone|someone)\b[^.,;:\u2014]*\?\s*$/.test(lower);
  if (intent !== 'delete' && asks) intent = 'read';
  // The caller's own ("my MRs", "assigned to me", "issues I opened"), where no project, group or single object is
  // named: the lists across every project.
  const mine = MINE.test(lower) && !('project_id' in suggested) && !('group_id' in suggested) && !kinds.size && (intent === 'list' || asks);
  const scope = INSTANCE_WIDE.test(lower) || mine ? 'instance'
    : /\b(groups?|orgs?|grps?)\b|&\d/.test(lower) && !('project_id' in suggested) && !/\b(project|repo|repository)s?\b/.test(lower) ? 'group' : undefined;
  // A request that only names one object ("#12", a URL) asks to see it.
  if (intent === 'other' && Object.keys(suggested).some((k) => /_(iid|id)$|^(sha|file_path|tag_name|slug)$/.test(k) && k !== 'project_id' && k !== 'group_id')) {
    intent = 'read';
  }
  // Not "who closed #33?" (who changed it: its history), nor a noun before its number or a note ("draft 44", "draft notes").
  const spokenWords = lower.split(/[^a-z0-9]+/);
  const stateAsked = intent === 'read' && !/^\s*who\b/.test(lower) && ![...plurals].some((p) => PRIMARY_OBJECTS.has(p))
    && spokenWords.some((w, i) => STATE_WORDS.has(w) && !/^(\d|notes?$|comments?$)/.test(spokenWords[i + 1] ?? ''));
  const allSaid = /\b(all|every|everything|each)\b/.test(lower);
  return { terms, plurals, suggested, kinds, said, refused, governs, creates, source, acted, allSaid, numbered, scope, intent, question, asks, stateAsked, cut };
}
