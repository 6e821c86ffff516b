// The shape of a catalog entry. An action is data: a route (or GraphQL document), its parameters,
// its flags and the name of a renderer. Schemas, surfaces, docs and guards are derived from it.
// SPEC "Catalog action (as listed or described)".
import type { ErrorHints } from '../forge/classify.js';

export type Tier = 'free' | 'premium' | 'ultimate';
type ParamKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
/** `local`: consumed by the server itself (e.g. tail_lines of a job trace), never sent. */
export type Placement = 'path' | 'query' | 'body' | 'local';

export interface ParamSpec {
  type: ParamKind;
  description: string;
  required?: boolean;
  /** Where the value goes. Default: path when the route names it, else query for GET/DELETE, body otherwise. */
  in?: Placement;
  /** Name on the wire when it differs from the public name (e.g. public `project_id` → route `:id`). */
  wire?: string;
  enum?: readonly string[];
  /** Element type of an array parameter. */
  items?: 'string' | 'integer' | 'object';
  /** Identifiers: a required value must be > 0 (numbers) or non-empty (strings). Default true for required. */
  default?: unknown;
  /**
   * A project or group identifier: an integer id or a URL-encoded full path. `'project'`: a project's, so a bare
   * name (no slash, not all digits), which GitLab never takes there, is looked up by the server (issue #30).
   */
  idOrPath?: true | 'project';
  /**
   * An ID filter that also takes GitLab's wildcard words (`None`, `Any`, ...): declared as a string
   * of digits or one of the words, so the schema keeps one `type` (see schema.ts).
   */
  wildcards?: readonly string[];
  /**
   * A path on the machine running the server (stdio only), checked against the allowed roots before
   * anything is sent: a file read for upload, a directory read for upload, or a file written by a download.
   */
  local?: 'read-file' | 'read-dir' | 'write-file';
  /** Inclusive bounds of a number (schema minimum/maximum); a value outside is refused before anything is sent. */
  range?: readonly [number, number];
  /** A server-resolved companion (`in: 'local'`, never sent): see Companion. Checked by the catalog lint. */
  companion?: Companion;
  /**
   * The plan GitLab offers this parameter on when it is above the action's own (`weight` of an issue: Premium).
   * Below it the parameter is not offered (find answers, schemas) and a call that sends it is refused. Facts from
   * GitLab's API pages (scripts/param-tiers.mjs → test/fixtures/param-tiers.json), checked by the catalog lint.
   */
  tier?: Tier;
  /**
   * Why a param whose description names a paid plan carries no `tier` (GitLab's API page marks no plan on it, or the
   * plan is of a value or a setting it enables): one line, checked by the catalog lint, never read at run time.
   */
  tierNote?: string;
  /**
   * Values of an enum GitLab accepts only on a paid plan (`link_type` `blocks` of an issue link: Premium). Below it the
   * values are not offered (schemas) and a call that sends one is refused. Facts from GitLab's source
   * (scripts/param-tiers.mjs → test/fixtures/param-tiers.json), checked by the catalog lint.
   */
  valueTiers?: Readonly<Record<string, Tier>>;
  /**
   * The answer's fields GitLab adds when this boolean is true (`include_diverged_commits_count`, a wiki list's
   * `with_content`): the answer shows them as if named in `fields`, since hiding what was asked for costs a second call.
   */
  adds?: readonly string[];
}

/**
 * A parameter the server itself turns into GitLab's own (issue #30): the caller names people and
 * milestones as GitLab's UI shows them, or asks for what GitLab's UI does in one step.
 * - `users`: `@username`s (or one, `one`) looked up and written as ids into `fills`; with `adds`, added
 *   to the ids the object already has, read first by the action `adds.read` at the user list `adds.field`;
 * - `milestone`: a milestone title looked up in the call's project (and its groups) or group, its id into `fills`;
 * - `namespace`: a full path (`acme/platform`) looked up with `GET /namespaces/:path` (a group or user namespace) or
 *   `GET /groups/:path` (a group only, for params GitLab reads as a group ID), its id into `fills`;
 * - `then`: after the main request, the action `then` runs with the call's params it declares and `as` = this value;
 * - `replaceOnce`: this exact text is replaced, once, by the param `with` in the file the action `read` returns;
 *   the new whole content goes into `fills` and the file's `last_commit_id` with it (a concurrent change fails);
 *   with `field`, in that text field of the object `read` returns (an issue's description), the new text into `fills`;
 * - `partOf`: the second half of a companion named here (e.g. the replacement text);
 * - `route`: a boolean that, when true, sends the call to this other GET route of GitLab (same path params), which
 *   answers `names` (`direct members`, not `/members/all`'s inherited ones too); a param of `refuses` (one the
 *   route does not take) is refused by name before anything is sent;
 * - `diffLine`: a line of a merge request's diff by its path and line numbers: the server reads the merge request
 *   (`read`) for its `diff_refs` and writes GitLab's whole text position into `fills`;
 * - `memberSource`: a boolean that, when true, adds to each row of a `/members/all` list where its membership comes
 *   from, as GitLab's members page says it (direct, inherited from a group, an invited group): GitLab's member objects
 *   do not say it, so the server reads the direct members of the project or group and of each group above it.
 */
export type Companion =
  | { users: 'many' | 'one'; fills: string; adds?: { read: string; field: string } }
  | { milestone: true; fills: string }
  | { namespace: 'namespaces' | 'groups'; fills: string }
  | { then: string; as: string }
  | { replaceOnce: { with: string; read: string; field?: string }; fills: string }
  | { partOf: string }
  | { route: string; names: string; refuses: readonly string[] }
  | { memberSource: 'project' | 'group' }
  | { diffLine: { read: string }; fills: string };

export interface GraphqlSpec {
  /** The GraphQL document. Variables are the action's params (after `variables` mapping). */
  document: string;
  /** Dot path from `data` to the result (e.g. `project.issues`). For mutations, the payload field. */
  resultPath: string;
  kind: 'query' | 'mutation';
  /** Map action params to GraphQL variables; default passes params through unchanged. */
  variables?: (params: Record<string, unknown>) => Record<string, unknown>;
  /** A connection (nodes + pageInfo) list. */
  connection?: boolean;
}

/** Alternative REST routes selected by which params are present (project / group / global search). */
export interface RouteAlternative {
  /** Parameter whose presence selects this route. */
  when: string;
  rest: string;
}

/** Why no fine-grained token reaches a GraphQL action at the recorded release (SPEC "Fine-grained token handling"). */
export interface FineGrainedWithheld {
  /**
   * `type`: a type on the answer's path (or on its lookup's) declares no permission: null, or a list emptied;
   * `answer`: the mutation declares one and commits, but the type it answers with declares none: answered null;
   * `mutation`: the mutation declares none and is refused.
   */
  withheld: 'type' | 'answer' | 'mutation';
  /** The GraphQL type or mutation that declares nothing, as the platform's permission table names them. */
  name: string;
}

interface ActionSpec {
  summary: string;
  /** `METHOD /path/{param}` relative to /api/v4. Exactly one of rest / graphql. */
  rest?: string;
  /** Alternative routes: the first whose `when` param is present wins; `rest` is the fallback. */
  alternatives?: readonly RouteAlternative[];
  /** A REST action that sends this GraphQL document instead when one of `when` (GraphQL-only filters) is given. */
  graphqlWhen?: { when: readonly string[]; graphql: GraphqlSpec };
  /** Exactly one of these params must be given (they name the object, e.g. user, group or project). */
  exactlyOne?: readonly string[];
  graphql?: GraphqlSpec;
  params: Record<string, ParamSpec>;
  /** Defaults to method !== GET/HEAD; GraphQL: kind === 'mutation'. */
  writes?: boolean;
  /** Why a non-GET route only reads (`writes: false`): required by the lint, so a side effect is never served as a read by accident. */
  readNote?: string;
  /** Cannot be undone by the opposite call, or hands data to a third party. */
  destructive?: boolean;
  /**
   * For an action that is not destructive as a whole but is with some params: when a call must be
   * confirmed all the same (SPEC "Destructive action confirmation"). Checked by the catalog lint.
   */
  confirmWhen?: ConfirmWhen;
  /** The action's own error hints (SPEC "Errors"): what a status means on its route, or a cause of every failure. */
  errorHints?: ErrorHints;
  tier?: Tier;
  /**
   * Fine-grained permission identifiers; `[]` when the route needs no permission (public endpoints, or
   * routes that authenticate with another credential such as a runner or trigger token); `{ withheld }`
   * when no fine-grained token reaches the GraphQL action at the recorded release (checked against the
   * platform's per-type permission table by test/fine-grained-withheld.test.ts).
   */
  fineGrained: readonly string[] | FineGrainedWithheld;
  /** Sends nothing: the answer is the route's URL (with query), built locally — e.g. an archive download link. */
  buildsUrl?: boolean;
  /** The body is a file: the local `file_path` or `content_base64`, sent raw or as one multipart field. */
  upload?: { as: 'raw' } | { as: 'multipart'; field: string };
  /** The answer is a file: written to the local `output_path` when given, else rendered. */
  download?: boolean;
  /**
   * Re-reads until `field` takes one of `done`. The entry declares the local params interval_seconds and
   * timeout_seconds with their `range` and `default`: the wait reads both from here (checked by test/poll.test.ts).
   */
  poll?: { field: string; done: readonly string[] };
  /**
   * A lookup run first; its result (at `resultPath`, dot path into the answer) becomes the param `into`:
   * a GraphQL document (e.g. IID → global ID) or a REST read (e.g. a milestone's IID → its ID).
   */
  resolve?:
    | { document: string; resultPath: string; into: string; variables: (params: Record<string, unknown>) => Record<string, unknown> }
    | { rest: string; query?: (params: Record<string, unknown>) => Record<string, string | number | Array<string | number>>; resultPath: string; into: string };
  /**
   * Reads sent after the main request whose answers are shown with it (`METHOD /path/{param}?key={param}`;
   * params, then the main answer, fill it; a query key whose value is missing is left out).
   */
  also?: readonly string[];
  /**
   * Reads sent before the main request (`GET /path/{param}?key={param}`, filled from the params), shown
   * with its answer under `label`: what a write is about to lose (the commit a deleted branch pointed to)
   * and what depends on it; `warn` is said when the read finds something. Checked by the catalog lint.
   */
  before?: ReadonlyArray<{ rest: string; label: string; warn?: string }>;
  /**
   * The answer's fields the summary promises, by GitLab's names (`detailed_merge_status`, `head_pipeline`):
   * test/promises.test.ts holds every answer to show each of them, in the Markdown and in structuredContent.
   */
  shows?: readonly string[];
  /** For a list answer: one read per distinct value of `field` among the items (at most 20), shown with it. */
  alsoEach?: { rest: string; field: string };
  /** The older route of the same operation, sent when the main route answers 404 (e.g. the name in the body). */
  fallback?: { rest: string; body?: (params: Record<string, unknown>) => Record<string, unknown> };
  /** A read sent first that refuses the call with `message` when the object is `found` or `missing`. */
  precheck?: { rest: string; query?: (params: Record<string, unknown>) => Record<string, string>; refuseWhen: 'found' | 'missing'; message: string };
  /**
   * A request sent after a successful main request, whose answer is shown instead: `METHOD /path/{param}`,
   * or with a body built from the params, the main answer and the instance address.
   */
  followUp?: string | { rest: string; body: (params: Record<string, unknown>, answer: unknown, baseUrl: string) => Record<string, unknown> };
  /** A named step of src/pipeline/handlers.ts that computes the request from earlier answers (rare: say why). */
  handler?: 'submodule_file' | 'publish_directory';
  /** The answer is plain text (job trace, raw file), not JSON. */
  textResponse?: boolean;
  /** Renderer name from src/render/renderers.ts; default 'generic' (objects as key fields, arrays as tables). */
  render?: string;
  /** For get actions of the 22 not-found-card domains: the object kind named on the card, and the list action to suggest. */
  notFound?: { kind: string; idParam: string; listAction: string };
  /** The handler's own label used in error messages (default camelCase of the ID). */
  operation?: string;
  /** Canonical resource URI template for get results, e.g. `forge://project/{project_id}/issue/{issue_iid}`. */
  resource?: string;
  /** next_steps offered in structuredContent (canonical IDs). */
  nextSteps?: readonly string[];
  /**
   * How the next steps' params are filled from this call: param name → `params.<name>` (a param of
   * this call), `answer.<dot path>` (a field of the answer) or `caller` (left to the caller: a name to
   * choose, an item picked from a list). Each next step gets the ones it declares;
   * the lint holds every required param of every next step to a source here.
   */
  nextFill?: Readonly<Record<string, string>>;
  /**
   * A next step offered only when a field of the answer has one of these values (`merge_request.merge` only while
   * `state` is `opened`): a step the object's state rules out is no step. Checked by the catalog lint.
   */
  nextIf?: Readonly<Record<string, { answer: string; is: readonly (string | number | boolean)[] }>>;
  /**
   * The optional params a next step to this action names with their types, in this order (`add_labels: string,
   * assignees: string[]`), instead of its first ones by name: the ones everyday tasks set, so the step is called
   * without a find for its schema. Checked by the catalog lint.
   */
  stepParams?: readonly string[];
  /**
   * For a list whose route narrows by default (GitLab's `/merge_requests` reads only the caller's own unless
   * `scope` is sent): said under an empty answer when none of `unless` was given, so an empty page is not read
   * as "there are none". Checked by the catalog lint (each of `unless` a param of the action).
   * `retry`: when the caller also sent a filter (a param that chooses items: any but paging and those `besides`, which
   * order, present or only qualify another), the list is read once more with `set`, which lifts the default, and the
   * answer says so (`say`) above that list: an assistant searching for someone else's items lost a call to it every time.
   */
  emptyNote?: {
    unless: readonly string[]; text: string;
    retry?: { set: Readonly<Record<string, string>>; besides: readonly string[]; say: string };
  };
  /** Extra keywords for forge_find_action (synonyms an assistant may use). */
  keywords?: string;
  /**
   * 2–5 natural requests a user would make for this action ("close #12 in acme/shop"). Indexed by
   * forge_find_action, shown in forge://tools/{id}; the lint holds every action to them, none shared.
   */
  examples?: readonly string[];
  /** Only on the public hosted instance. */
  hostedOnly?: boolean;
  /** Why `writes`/`destructive`/`tier` differ from the reference inventory (checked by the catalog lint). */
  flagNote?: string;
  /** Why the route is absent from the platform's fine-grained route table (checked by the catalog lint). */
  routeNote?: string;
  /**
   * Parameters GitLab defines for the route that this action deliberately does not offer, each with a
   * one-line reason (internal, deprecated, admin-only...). Checked against the parameter reference by
   * test/rest-params.test.ts.
   */
  omitted?: Readonly<Record<string, string>>;
  /**
   * Parameters GitLab requires only together with another one (`line` with `path` on a commit comment):
   * name → the parameter that brings the requirement. Checked by test/rest-params.test.ts.
   */
  requiredWith?: Readonly<Record<string, string>>;
  /** Parameters whose enum deliberately offers part of GitLab's values (one action per search scope), with the reason. */
  narrowed?: Readonly<Record<string, string>>;
  /** Parameters this action sends that GitLab's definition of the route lacks, each with the reason it is sent anyway. */
  undocumented?: Readonly<Record<string, string>>;
  /**
   * Params assistants send to this action that another one takes under the same name (`search` on a commit list:
   * search.commits): name → that action's ID. A call with one is refused like any unknown param (there is no
   * alias); the refusal names that action, with its params and the call made for it. Checked by the catalog lint.
   */
  elsewhere?: Readonly<Record<string, string>>;
}

/**
 * When a non-destructive action still asks for confirmation, as data:
 * - `emptyList`: an explicit empty list in one of these params clears every entry, which the opposite
 *   call cannot restore;
 * - `arms`: the call arms a setting that overwrites data (one of `whenTrue` is true, or one of
 *   `whenGiven` is given) and does not switch it off by `unlessFalse: false`. The stored configuration is
 *   not read before asking, so a call that arms without saying the flag is false counts: fail closed.
 */
type ConfirmWhen =
  | { emptyList: readonly string[] }
  | { arms: { whenTrue: readonly string[]; whenGiven: readonly string[]; unlessFalse: string } };

export interface Action extends ActionSpec {
  id: string;
  domain: string;
  name: string;
  method: string;
  path: string;
  writes: boolean;
  destructive: boolean;
  tier: Tier;
  operation: string;
  /** Its group exists only for a token carrying `admin_mode` (the domain's `adminMode`). */
  adminMode: boolean;
}

export type DomainTable = Record<string, ActionSpec>;

export interface DomainOptions {
  /**
   * The group exists only for a token carrying `admin_mode`, whatever the tier (SPEC counts the
   * administration groups by admin_mode, not by tier).
   */
  adminMode?: boolean;
}

export interface DomainDef extends DomainOptions {
  domain: string;
  /** One-line description of the domain, used by the meta tool description. */
  description: string;
  actions: DomainTable;
}

/** A domain as the catalog holds it: its actions resolved (build.ts), from the tables or from the build's data file. */
export interface DomainInfo {
  name: string;
  description: string;
  actions: Action[];
  /** The build's data file only: its actions' IDs, and one action by ID, without resolving the others (catalog/data.ts). */
  ids?: readonly string[];
  action?(id: string): Action | undefined;
}

export function domain(name: string, description: string, actions: DomainTable, options: DomainOptions = {}): DomainDef {
  return { domain: name, description, actions, ...options };
}

// ---- small builders: they only fill in fields, the result is plain data ----

type Opts = Partial<Omit<ParamSpec, 'type' | 'description'>>;

export const str = (description: string, o: Opts = {}): ParamSpec => ({ type: 'string', description, ...o });
export const int = (description: string, o: Opts = {}): ParamSpec => ({ type: 'integer', description, ...o });
export const num = (description: string, o: Opts = {}): ParamSpec => ({ type: 'number', description, ...o });
export const bool = (description: string, o: Opts = {}): ParamSpec => ({ type: 'boolean', description, ...o });
export const strList = (description: string, o: Opts = {}): ParamSpec => ({ type: 'array', items: 'string', description, ...o });
export const intList = (description: string, o: Opts = {}): ParamSpec => ({ type: 'array', items: 'integer', description, ...o });
export const obj = (description: string, o: Opts = {}): ParamSpec => ({ type: 'object', description, ...o });
export const oneOf = (values: readonly string[], description: string, o: Opts = {}): ParamSpec => ({ type: 'string', enum: values, description, ...o });
/** An ID filter that also takes GitLab's wildcard words, e.g. `idOr(['None', 'Any'], 'Assignee user ID; None = unassigned, Any = assigned')`. */
export const idOr = (words: readonly string[], description: string, o: Opts = {}): ParamSpec => ({ type: 'string', wildcards: words, description, ...o });
const filledCache = new WeakMap<Record<string, ParamSpec>, Map<string, string[]>>();
/** Params a companion of the action fills, each with the companions that fill it (a required one may be given through them). */
export function filledByCompanions(params: Record<string, ParamSpec>): Map<string, string[]> {
  // Asked on every validation, schema and find answer: worked out once per action's params.
  const known = filledCache.get(params);
  if (known) return known;
  const out = new Map<string, string[]>();
  filledCache.set(params, out);
  for (const [name, p] of Object.entries(params)) {
    const c = p.companion;
    if (c && 'fills' in c) out.set(c.fills, [...(out.get(c.fills) ?? []), name]);
  }
  return out;
}

const TIER_RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };
/** Whether a parameter is offered on an instance of this tier. */
export const paramOffered = (p: ParamSpec, tier: Tier): boolean => !p.tier || TIER_RANK[p.tier] <= TIER_RANK[tier];
/** Whether a value of a parameter is offered on an instance of this tier. */
export const valueOffered = (p: ParamSpec, value: unknown, tier: Tier): boolean => {
  const needs = typeof value === 'string' ? p.valueTiers?.[value] : undefined;
  return !needs || TIER_RANK[needs] <= TIER_RANK[tier];
};
const tierViews = new WeakMap<Action, Map<Tier, Action>>();
/**
 * Freezes an entry as made, with the parts the call path caches by reference (params, next steps, their fills and named params,
 * src/pipeline/nextsteps.ts; tier views, atTier): a cache keyed by the entry can never go stale. A test that
 * needs another entry builds its own.
 */
export function frozenEntry(a: Action): Action {
  Object.freeze(a.params);
  if (a.nextSteps) Object.freeze(a.nextSteps);
  if (a.nextFill) Object.freeze(a.nextFill);
  if (a.stepParams) Object.freeze(a.stepParams);
  if (a.emptyNote) { Object.freeze(a.emptyNote.unless); if (a.emptyNote.retry) { Object.freeze(a.emptyNote.retry.set); Object.freeze(a.emptyNote.retry.besides); Object.freeze(a.emptyNote.retry); } Object.freeze(a.emptyNote); }
  return Object.freeze(a);
}

/**
 * The action as an instance of this tier offers it: without the parameters and enum values of a higher plan (the same
 * object when it has none). Made once per action and tier, so the schema and validation caches keyed on it hold.
 */
export function atTier(action: Action, tier: Tier): Action {
  let views = tierViews.get(action);
  if (!views) tierViews.set(action, (views = new Map()));
  let view = views.get(tier);
  if (!view) {
    let changed = false;
    const kept = Object.entries(action.params).flatMap(([n, p]): Array<[string, ParamSpec]> => {
      if (!paramOffered(p, tier)) return (changed = true, []);
      if (!p.enum || !p.valueTiers) return [[n, p]];
      const values = p.enum.filter((v) => valueOffered(p, v, tier));
      if (values.length === p.enum.length) return [[n, p]];
      changed = true;
      return [[n, { ...p, enum: values }]];
    });
    view = changed ? { ...action, params: Object.fromEntries(kept) } : action;
    views.set(tier, view);
  }
  return view;
}

/** Server-resolved companions (one short line each in the schema: what the caller gives, what it fills). */
export const companion = {
  /** `@username`s written as ids into `fills` (a list of ids). */
  users: (fills: string, what: string): ParamSpec => ({ type: 'array', items: 'string', in: 'local', companion: { users: 'many', fills }, description: `${what} as @usernames (e.g. ["@alice"]); server-resolved into ${fills}` }),
  /** `@username`s added to the ids the object already has (read with `read`, user list `field`). */
  addUsers: (fills: string, read: string, field: string, what: string): ParamSpec => ({
    type: 'array', items: 'string', in: 'local', companion: { users: 'many', fills, adds: { read, field } },
    description: `${what} as @usernames, added to the current ones (the others are kept); server-resolved into ${fills}`,
  }),
  /** One `@username` written as an id into `fills`. */
  user: (fills: string, what: string): ParamSpec => ({ type: 'string', in: 'local', companion: { users: 'one', fills }, description: `${what} as a @username; server-resolved into ${fills}` }),
  /** A milestone title written as its id into `fills`. */
  milestone: (fills = 'milestone_id'): ParamSpec => ({ type: 'string', in: 'local', companion: { milestone: true, fills }, description: `Milestone title (e.g. "v1.2"); server-resolved into ${fills}` }),
  /** A group or user namespace by full path written as its id into `fills` (GET /namespaces/:path). */
  namespace: (fills: string, what: string): ParamSpec => ({ type: 'string', in: 'local', companion: { namespace: 'namespaces', fills }, description: `${what} by full path (e.g. "acme/platform"); server-resolved into ${fills}` }),
  /** A group by full path written as its id into `fills` (GET /groups/:path): for params GitLab reads as a group ID only. */
  group: (fills: string, what: string): ParamSpec => ({ type: 'string', in: 'local', companion: { namespace: 'groups', fills }, description: `${what} by full path (e.g. "acme/platform"); server-resolved into ${fills}` }),
  /** Exact text replaced once in the file `read` returns; the whole new content goes into `fills`, with the file's last commit. */
  replaceText: (fills: string, read: string, replacement: string): ParamSpec => ({
    type: 'string', in: 'local', companion: { replaceOnce: { with: replacement, read }, fills },
    description: `Exact text to replace, once, instead of sending ${fills} (with ${replacement}; refused unless it occurs exactly once)`,
  }),
  /** Exact text replaced once in the text field `fills` of the object `read` returns (a description); the new whole text goes into `fills`. */
  replaceInField: (fills: string, read: string, replacement: string): ParamSpec => ({
    type: 'string', in: 'local', companion: { replaceOnce: { with: replacement, read, field: fills }, fills },
    description: `Exact text of the current ${fills} to replace, once, instead of sending the whole ${fills} (with ${replacement})`,
  }),
  /** The replacement text of a replaceText companion. */
  replacement: (of: string): ParamSpec => ({ type: 'string', in: 'local', companion: { partOf: of }, description: `Text that replaces ${of}` }),
  /** A second request after the main one: the action `then` with `as` = the value given. */
  then: (then: string, as: string, p: ParamSpec): ParamSpec => ({ ...p, in: 'local', companion: { then, as } }),
  /** `true` reads GitLab's other GET route `rest`, which answers `names`; the params of `refuses` are not taken there. */
  route: (rest: string, names: string, description: string, refuses: readonly string[] = []): ParamSpec => ({ type: 'boolean', in: 'local', companion: { route: rest, names, refuses }, description }),
  /** A diff line by path and number; the merge request's diff SHAs are read and GitLab's position written into `fills`. */
  diffLine: (fills = 'position'): ParamSpec => ({
    type: 'object', in: 'local', companion: { diffLine: { read: 'merge_request.get' }, fills },
    description: `Diff line {path, new_line} (added), {path, old_line} (removed), both (unchanged), old_path if renamed; server-resolved into ${fills} with the MR's SHAs`,
  }),
  /** `true` adds each member's source (direct, inherited from a group, an invited group) to a project's or group's members/all. */
  memberSource: (of: 'project' | 'group'): ParamSpec => ({
    type: 'boolean', in: 'local', companion: { memberSource: of },
    description: 'Add a source column: direct, inherited from <group> or invited group <group>; server-resolved from each group\'s direct members',
  }),
};

/** Mark a parameter required. */
export const req = (p: ParamSpec): ParamSpec => ({ ...p, required: true });

/** Common identifiers, named as the platform names them. */
export const id = {
  project: (): ParamSpec => ({ type: 'string', description: 'Project ID or URL-encoded full path (e.g. 42 or group/project)', required: true, idOrPath: 'project' }),
  group: (): ParamSpec => ({ type: 'string', description: 'Group ID or URL-encoded full path', required: true, idOrPath: true }),
  user: (): ParamSpec => ({ type: 'integer', description: 'User ID', required: true }),
  issue: (): ParamSpec => ({ type: 'integer', description: 'Internal ID (IID) of the issue within the project', required: true }),
  mr: (): ParamSpec => ({ type: 'integer', description: 'Internal ID (IID) of the merge request within the project', required: true }),
  pipeline: (): ParamSpec => ({ type: 'integer', description: 'Pipeline ID', required: true }),
  job: (): ParamSpec => ({ type: 'integer', description: 'Job ID', required: true }),
  note: (): ParamSpec => ({ type: 'integer', description: 'Note (comment) ID', required: true }),
  discussion: (): ParamSpec => ({ type: 'string', description: 'Discussion ID', required: true }),
  sha: (description = 'Commit SHA'): ParamSpec => ({ type: 'string', description, required: true }),
  ref: (description = 'Branch, tag or commit SHA'): ParamSpec => ({ type: 'string', description, required: true }),
  int: (description: string): ParamSpec => ({ type: 'integer', description, required: true }),
  str: (description: string): ParamSpec => ({ type: 'string', description, required: true }),
};

/** REST offset pagination parameters. */
export const paging = (): Record<string, ParamSpec> => ({
  page: int('Page number (default 1)'),
  per_page: int('Items per page (default 20, maximum 100)'),
});

/** A board's scope (project and group boards alike): its assignee, milestone, labels and weight are Premium. */
export const boardScope = (): Record<string, ParamSpec> => ({
  assignee_id: int('Scope the board to this assignee (Premium)', { tier: 'premium' }),
  assignee: { ...companion.user('assignee_id', 'Board assignee'), tier: 'premium' },
  milestone_id: int('Scope the board to this milestone ID (Premium)', { tier: 'premium' }),
  milestone: { ...companion.milestone(), tier: 'premium' },
  labels: str('Comma-separated labels scoping the board (Premium)', { tier: 'premium' }),
  weight: int('Scope the board to this weight (Premium)', { tier: 'premium' }),
  hide_backlog_list: bool('Hide the Open list'),
  hide_closed_list: bool('Hide the Closed list'),
});

/**
 * The params that page or order a list, across the catalog (REST, keyset): none chooses an item. A GraphQL list's
 * `cursor()` params page it too; a REST `after` is a date filter (events after a day).
 */
export const PAGING_AND_ORDER: ReadonlySet<string> = new Set(['page', 'per_page', 'pagination', 'cursor', 'page_token', 'order_by', 'sort', 'order']);

/** GraphQL connection paging parameters. */
export const cursor = (): Record<string, ParamSpec> => ({
  first: int('Page size (maximum 100)'),
  after: str('Cursor: the end_cursor of the previous page'),
});
export const CURSOR_PARAMS: ReadonlySet<string> = new Set(Object.keys(cursor()));
