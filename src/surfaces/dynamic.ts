// Dynamic surface: two tools. forge_find_action searches the catalog; forge_execute_action runs one
// action through a closed envelope { action, params, confirm }.
// SPEC "Tool payload shapes", "Other server answers".
import { catalog, loadCatalog } from '../catalog/index.js';
import type { ActionSearch } from '../search/index.js';
import { MAX_QUERY_CHARS } from '../search/limits.js';
import { atTier, type Action } from '../catalog/define.js';
import { siblingIds } from '../catalog/siblings.js';
import { availability, isListed, tierAbove } from '../pipeline/access.js';
import { closestName, levenshtein } from '../pipeline/validate.js';
import { errorResult, type ToolResult } from '../render/result.js';
import type { Session } from '../session/session.js';
import { byIdText, EXECUTE, FIND, quoted, rankedText, shownOf } from './find-answer.js';
import { MAX_PARTS, partsAnswer, partsOf, shareOf, type Ranked } from './find-parts.js';
import { envelopeProblem, FIELDS_SCHEMA, isPlainObject, readFields, type Surface, type ToolDef } from './types.js';

/**
 * The actions most tasks are made of, named in the execute description in brace form so the model calls
 * them by their real IDs instead of guessing by analogy (assistant trials guessed `group.member_list`,
 * `commit.list`, `search.blobs`…). Chosen from what assistants ran on everyday tasks; each is checked
 * against the catalog in test/guessed-ids.test.ts. Everything else is one find away.
 */
export const EVERYDAY_IDS = 'issue.{list,list_all,get,create,update,note_list,note_create}, ' +
  'merge_request.{list,list_global,get,create,update,merge,approval_config}, mr_review.{changes_get,note_list,discussion_list,discussion_reply}, ' +
  'repository.{tree,file_get,file_update,commit_list,commit_get,commit_statuses,compare}, branch.{list,get,create}, ' +
  'pipeline.{list,get}, job.{list,get,trace}, user.todo_list, project.{get,label_list,milestone_list}, group.members, search.{code,commits}';

/**
 * The parameter names models most often guess wrong (`project`, `iid`, and GitLab's own `branch` where a
 * branch's own actions say `branch_name`: SPEC's common names).
 */
export const COMMON_PARAMS = 'project_id, issue_iid, merge_request_iid, branch_name (branch.{create,get,delete})';

const TOOLS: ToolDef[] = [
  {
    name: FIND,
    title: 'Find GitLab actions',
    description:
      'Search the GitLab action catalog in plain language (e.g. "list open merge requests"). ' +
      'Returns ranked canonical action IDs, each with its params (the best as its exact JSON schema); ' +
      'exact action IDs as the query (e.g. "job.get job.trace") answer their schemas.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What you want to do, in plain language; or exact action IDs for their schemas' },
        limit: { type: 'integer', description: 'At most this many actions (1-20, default 5)' },
        domain: { type: 'string', description: 'Only search this domain (e.g. issue, merge_request, pipeline)' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    // ambiguous: the best two are close; parts: a query split at "; ", each part's {query, results} (said by type
    // only: the listing is at its bound, test/guessed-ids.test.ts).
    outputSchema: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, writes: { type: 'boolean' }, destructive: { type: 'boolean' } },
            required: ['id', 'writes', 'destructive'],
            additionalProperties: false,
          },
        },
        ambiguous: { type: 'boolean' },
        suggested_params: { type: 'object' },
        parts: { type: 'array' },
      },
      required: ['results'],
      additionalProperties: false,
    },
    annotations: { title: 'Find GitLab actions', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: EXECUTE,
    title: 'Execute a GitLab action',
    description:
      'Run one GitLab action by canonical ID. ' +
      `Everyday IDs: ${EVERYDAY_IDS}. ` +
      'Call directly when known (a wrong ID or param is refused unsent, with the nearest ID or the schema), else forge_find_action. ' +
      `Param names: ${COMMON_PARAMS}. ` +
      'Destructive actions need top-level "confirm": true, sent only after the user explicitly approved.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', description: 'Canonical action ID' },
        params: { type: 'object', description: "The action's params, named as in its schema" },
        confirm: { type: 'boolean', description: 'true only after the user approved a destructive action' },
        fields: FIELDS_SCHEMA,
      },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: { title: 'Execute a GitLab action', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
];

let search: Promise<ActionSearch> | undefined;
/**
 * The index, made on the first find (search/load.ts reads the file the build wrote): a server that never
 * searches never holds it, and no start-up or idle process pays for it.
 */
const index = (): Promise<ActionSearch> => (search ??= Promise.all([loadCatalog(), import('../search/load.js')])
  .then(([c, { loadSearch }]) => loadSearch(c))
  .catch((e: unknown) => { search = undefined; throw e; }));

/** Makes the index now (the in-process tests await it before timing anything). */
export async function buildSearchIndex(): Promise<void> {
  await index();
}

async function findActions(s: Session, query: string, limit: number, domain?: string) {
  return (await index()).search(query, limit, (a) => isListed(a, s) && (!domain || a.domain === domain));
}

/** At most this many of the best's siblings are named (an object has at most list, get, create, update, delete). */
const SIBLINGS = 4;
/** Runner-up within this share of the best score: the answer asks which was meant. */
const CLOSE = 0.85;
/** The request's references that fit an action's own parameters. */
function suggestedFor(a: Action, suggested: Record<string, string | number>): Record<string, string | number> | undefined {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(suggested)) {
    if (k in a.params) out[k] = v;
    else if (k === 'username' && 'assignee_username' in a.params && !('username' in a.params)) continue;
  }
  return Object.keys(out).length ? out : undefined;
}

async function find(s: Session, args: unknown): Promise<ToolResult> {
  const problem = envelopeProblem(args, ['query', 'limit', 'domain'], ['query']);
  if (problem) return errorResult(problem);
  const { query, limit, domain } = args as { query: unknown; limit?: unknown; domain?: unknown };
  if (typeof query !== 'string' || !query.trim()) return errorResult(`${FIND}: query is required (must be non-empty). Describe what you want to do, e.g. "list open issues"`);
  const n = limit === undefined ? 5 : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > 20) return errorResult(`${FIND}: limit must be an integer from 1 to 20`);
  if (domain !== undefined && typeof domain !== 'string') return errorResult(`${FIND}: domain must be a string, e.g. "issue"`);
  // A domain that is none (an assistant's "milestone" for project.milestone_*) narrows nothing: every domain is
  // searched and the answer says so, instead of a refusal that costs the same find again.
  const unknownDomain = domain !== undefined && !catalog().domains.has(domain) ? domain : undefined;
  const domainNote = unknownDomain !== undefined ? `("${quoted(unknownDomain)}" is not a domain, so every domain was searched; a domain is the first part of an ID, e.g. project in project.milestone_list.)` : '';
  const asked = actionIdsIn(query);
  // Dotted words are IDs only when one of them is an action ("package.json readme.md" is a search).
  if (asked?.ids.some((id) => catalog().get(id))) return byId(s, asked.ids, asked.params);
  const searched = unknownDomain === undefined ? domain : undefined;
  // Guessed IDs, none an action ("protected_branch.list protected_branch.create"): each is searched as its words, and
  // the answer says they are not IDs (an assistant read candidates for its guesses as the IDs it asked for).
  const guessed = asked && asked.ids.length > 1 && asked.ids.length <= MAX_PARTS && !asked.ids.some(isFileName) ? asked.ids : undefined;
  if (guessed) {
    const parts = guessed.map((id) => id.replace(/[._]+/g, ' '));
    const ranked = await Promise.all(parts.map((p, i) => rank(s, p, shareOf(n, parts.length, i), searched)));
    const notGuessed = `(No action has the IDs ${guessed.map((id) => `\`${quoted(id)}\``).join(', ')}: each was searched as its words.)`;
    return partsAnswer(parts, ranked, [notGuessed, ...(domainNote ? [domainNote] : [])]);
  }
  // A query longer than the search reads is one request: its parts would be read past the cut.
  const parts = query.length <= MAX_QUERY_CHARS ? partsOf(query) : undefined;
  if (parts) {
    const ranked = await Promise.all(parts.map((p, i) => rank(s, p, shareOf(n, parts.length, i), searched)));
    // Parts whose bests are one action are one request said in clauses ("…points to a dead bucket; fix the URL").
    if (new Set(ranked.map((r) => r.actions[0]?.id)).size > 1) return partsAnswer(parts, ranked, domainNote ? [domainNote] : []);
  }
  const r = await rank(s, query, n, searched);
  const cutNote = r.cut ? `(Only the first ${MAX_QUERY_CHARS} characters of the request were read; ${r.cut} were cut.)` : '';
  const notes = [cutNote, domainNote].filter(Boolean);
  const [best, second] = r.actions;
  if (!best) {
    const text = [`No action matches "${quoted(query)}". Try other words (the object and the verb, e.g. "merge request approve").`, ...notes].join('\n');
    return { content: [{ type: 'text', text, annotations: { audience: ['assistant'] } }], structuredContent: { results: [] } };
  }
  // The best's other actions on the same object, not among the candidates: the task's next step there needs no find.
  const siblings = siblingIds(best.id).filter((id) => !r.actions.some((a) => a.id === id))
    .map((id) => catalog().get(id)).filter((a): a is Action => a !== undefined && isListed(a, s))
    .slice(0, SIBLINGS).map((a) => atTier(a, s.tier));
  const text = rankedText({
    heading: r.close ? `Did you mean \`${best.id}\` or \`${second!.id}\`? Both fit; pick by the summaries.` : 'Best match:',
    notes,
    actions: r.actions,
    close: r.close,
    hint: r.hint,
    siblings,
  });
  const results = r.actions.map(({ id, writes, destructive }) => ({ id, writes, destructive }));
  return {
    content: [{ type: 'text', text, annotations: { audience: ['assistant'] } }],
    structuredContent: { results, ...(r.close ? { ambiguous: true } : {}), ...(r.hint ? { suggested_params: r.hint } : {}) },
  };
}

/**
 * A request (a whole query or a part) ranked: the hits the answer says, each as this instance's tier offers it (a
 * Premium parameter is not said on Free). A part of canonical IDs only is those actions, as asked.
 */
async function rank(s: Session, query: string, n: number, domain?: string): Promise<Ranked & { cut?: number }> {
  const ids = actionIdsIn(query)?.ids.map((id) => catalog().get(id)).filter((a): a is Action => !!a);
  if (ids?.length) return { actions: ids.filter((a) => isListed(a, s)).map((a) => atTier(a, s.tier)), close: false, byId: true };
  const found = await findActions(s, query, n, domain);
  const hits = shownOf(found.hits);
  const actions = hits.map((h) => atTier(h.action, s.tier));
  const close = hits[1] !== undefined && hits[1].score >= CLOSE * hits[0]!.score;
  return { actions, close, hint: actions[0] && suggestedFor(actions[0], found.query.suggested), cut: found.query.cut };
}

/**
 * A query that is only canonical IDs ("job.get job.trace", commas or backticks allowed), at most 20 of them, and
 * optionally names of their params after them ("project.update merge_method"): the params to say whole.
 */
function actionIdsIn(query: string): { ids: string[]; params: string[] } | undefined {
  const words = query.split(/[\s,;]+/).map((w) => w.replace(/^[`'"]+|[`'"]+$/g, '')).filter(Boolean);
  const ids = [...new Set(words.filter((w) => /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(w)))];
  const rest = words.filter((w) => !ids.includes(w));
  if (!ids.length || words.length > 20) return undefined;
  // Param names only count when every one is a param of an action asked for (else the query is a search).
  const params = rest.length && rest.every((w) => ids.some((id) => Object.hasOwn(catalog().get(id)?.params ?? {}, w))) ? rest : undefined;
  return rest.length && !params ? undefined : { ids, params: params ?? [] };
}

/** The schemas of the actions named, unranked; an ID this session cannot run is said, with the nearest one listed. */
function byId(s: Session, ids: readonly string[], params: readonly string[] = []): ToolResult {
  const found: Action[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const a = catalog().get(id);
    if (a && isListed(a, s)) found.push(atTier(a, s.tier));
    else if (a && availability(a, s) !== 'absent') missing.push(`\`${id}\` exists but is not available to this session (${EXECUTE} says why).`);
    else missing.push(unknownActionMessage(s, id).replace(`${EXECUTE}: unknown`, 'Unknown'));
  }
  const results = found.map((a) => ({ id: a.id, writes: a.writes, destructive: a.destructive }));
  return { content: [{ type: 'text', text: byIdText(found, missing, params), annotations: { audience: ['assistant'] } }], structuredContent: { results } };
}

export const dynamicSurface: Surface = {
  kind: 'dynamic',
  tools: (s) => TOOLS.filter((t) => !s.config.excludeTools.includes(t.name)),
  unknownAction: (s, action) => tierAbsentMessage(s, action) ?? unknownActionMessage(s, action.id),
  resolve(s, name, args) {
    if (s.config.excludeTools.includes(name)) return undefined;
    if (name === FIND) return { kind: 'answer', result: find(s, args) };
    if (name !== EXECUTE) return undefined;
    const problem = envelopeProblem(args, ['action', 'params', 'confirm', 'fields'], ['action']);
    if (problem) return { kind: 'answer', result: errorResult(problem) };
    const { action: id, params, confirm } = args as Record<string, unknown>;
    const shown = readFields((args as Record<string, unknown>).fields);
    if (shown.problem) return { kind: 'answer', result: errorResult(shown.problem) };
    if (typeof id !== 'string') return { kind: 'answer', result: errorResult(`validating "arguments": action: expected string, got ${typeof id}`) };
    if (confirm !== undefined && typeof confirm !== 'boolean') return { kind: 'answer', result: errorResult(`validating "arguments": confirm: expected boolean, got ${typeof confirm}`) };
    if (params !== undefined && !isPlainObject(params)) return { kind: 'answer', result: errorResult(`validating "arguments": params: expected object, got ${params === null ? 'null' : Array.isArray(params) ? 'array' : typeof params}`) };
    const action = catalog().get(id);
    if (!action) return { kind: 'answer', result: unknownAnswer(s, id, params) };
    return { kind: 'action', action, params, paramsPresent: params !== undefined, confirm, fields: shown.fields };
  },
};

/** A dotted word that names a file ("package.json", "readme.md"), not a guessed action ID. */
const FILE_EXTENSIONS = new Set(['json', 'md', 'txt', 'yml', 'yaml', 'ts', 'js', 'tsx', 'jsx', 'mjs', 'cjs', 'rb', 'py', 'go', 'rs', 'java', 'kt', 'lock',
  'toml', 'xml', 'html', 'css', 'sh', 'cfg', 'ini', 'conf', 'log', 'csv', 'env', 'gradle', 'properties', 'sql', 'tf', 'c', 'h', 'cpp', 'php', 'swift']);
const isFileName = (id: string): boolean => FILE_EXTENSIONS.has(id.slice(id.lastIndexOf('.') + 1));

const closestListed = (s: Session, id: string) => closestName(id, catalog().actions.filter((a) => isListed(a, s)).map((a) => a.id));

function unknownActionMessage(s: Session, id: string): string {
  const guess = closestListed(s, id);
  return `${EXECUTE}: unknown action "${id.slice(0, 120)}".${guess ? ` Did you mean "${guess}"?` : ''} Use ${FIND} to search the catalog for the right canonical ID.`;
}

const TIER_NAME = { free: 'Free', premium: 'Premium', ultimate: 'Ultimate' } as const;

/** A real action of a higher tier: said so, so the assistant stops looking for it on this instance. */
function tierAbsentMessage(s: Session, action: Action): string | undefined {
  const tier = tierAbove(action, s);
  if (!tier) return undefined;
  return `${EXECUTE}: "${action.id}" is a GitLab ${TIER_NAME[tier]} action, and this server offers the ${TIER_NAME[s.tier]} catalog (the instance's tier), so it is not available here. Nothing was run. ` +
    'If the instance is on a higher tier, its operator can pin it (FORGE_MCP_TIER in stdio, --tier over HTTP).';
}

/** How many actions a wrong guess answers: fewer than a find's five, the first with its full schema. */
const GUESS_CANDIDATES = 3;
/** How many search hits the params given re-rank. */
const POOL = 8;

/**
 * A guessed ID that names no action answers like a find, in the same call: the nearest actions (the closest
 * spelling first, then a search with the ID's words and the given param names) with their params. Nothing runs.
 */
async function unknownAnswer(s: Session, id: string, params: unknown): Promise<ToolResult> {
  const guess = closestListed(s, id);
  const given = isPlainObject(params) ? Object.keys(params) : [];
  const words = id.replace(/[._-]+/g, ' ').slice(0, MAX_QUERY_CHARS);
  const found = await findActions(s, words, POOL).then((r) => r.hits.map((h) => h.action), (): Action[] => []);
  const near = guess ? catalog().get(guess) : undefined;
  // A typo's spelling leads; otherwise the search order, the actions that take the params given (and need no others) first.
  const typo = near && levenshtein(id, near.id) <= 2 ? near : undefined;
  const pool = [...found, ...(near && !found.includes(near) ? [near] : [])].filter((a) => a !== typo);
  const misfit = (a: Action) => given.filter((n) => !a.params[n]).length + (given.length ? Object.entries(a.params).filter(([n, p]) => p.required && !given.includes(n)).length : 0);
  const ranked = pool.map((a, i) => ({ a, i, m: misfit(a) })).sort((x, y) => x.m - y.m || x.i - y.i).map((x) => x.a);
  const actions = [...(typo ? [typo] : []), ...ranked].slice(0, GUESS_CANDIDATES).map((a) => atTier(a, s.tier));
  if (!actions.length) return errorResult(unknownActionMessage(s, id));
  const heading = `${EXECUTE}: unknown action "${id.slice(0, 120)}".${guess ? ` Did you mean "${guess}"?` : ''} Nothing was run. The nearest actions:`;
  return errorResult(rankedText({ heading, notes: [], actions, close: false }));
}
