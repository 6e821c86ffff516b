// Dynamic surface: two tools. forge_find_action searches the catalog; forge_execute_action runs one
// action through a closed envelope { action, params, confirm }.
import { catalog } from '../catalog/index.js';
import { ActionSearch } from '../catalog/search.js';
import { actionSchema } from '../catalog/schema.js';
import { isListed } from '../pipeline/access.js';
import { closestName } from '../pipeline/validate.js';
import { errorResult, type ToolResult } from '../render/result.js';
import type { Session } from '../server/session.js';
import { envelopeProblem, isPlainObject, type Surface, type ToolDef } from './types.js';

export const FIND = 'forge_find_action';
export const EXECUTE = 'forge_execute_action';

const TOOLS: ToolDef[] = [
  {
    name: FIND,
    title: 'Find GitLab actions',
    description:
      'Search the GitLab action catalog in plain language (e.g. "list open merge requests", "retry a failed job"). ' +
      'Returns ranked canonical action IDs with their exact parameter schemas; run one with forge_execute_action.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What you want to do, in plain language' },
        limit: { type: 'integer', description: 'How many actions to return (1-20, default 5)' },
        domain: { type: 'string', description: 'Only search this domain (e.g. issue, merge_request, pipeline)' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { title: 'Find GitLab actions', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: EXECUTE,
    title: 'Execute a GitLab action',
    description:
      'Run one GitLab action by canonical ID (from forge_find_action) with its params. ' +
      'Destructive actions need "confirm": true at top level, sent only after the user explicitly approved.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', description: 'Canonical action ID, e.g. issue.list' },
        params: { type: 'object', description: "The action's parameters, exactly as its schema names them" },
        confirm: { type: 'boolean', description: 'true only after the user approved a destructive action' },
      },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: { title: 'Execute a GitLab action', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
];

let search: ActionSearch | undefined;
const index = (): ActionSearch => (search ??= new ActionSearch(catalog().actions));

export function findActions(s: Session, query: string, limit: number, domain?: string) {
  return index().search(query, limit, (a) => isListed(a, s) && (!domain || a.domain === domain));
}

function find(s: Session, args: unknown): ToolResult {
  const problem = envelopeProblem(args, ['query', 'limit', 'domain'], ['query']);
  if (problem) return errorResult(problem);
  const { query, limit, domain } = args as { query: unknown; limit?: unknown; domain?: unknown };
  if (typeof query !== 'string' || !query.trim()) return errorResult(`${FIND}: query is required (must be non-empty). Describe what you want to do, e.g. "list open issues"`);
  const n = limit === undefined ? 5 : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > 20) return errorResult(`${FIND}: limit must be an integer from 1 to 20`);
  if (domain !== undefined && (typeof domain !== 'string' || !catalog().domains.has(domain))) {
    return errorResult(`${FIND}: unknown domain ${JSON.stringify(domain)}. Valid domains: ${[...catalog().domains.keys()].join(', ')}`);
  }
  const hits = findActions(s, query, n, domain as string | undefined);
  if (!hits.length) {
    return { content: [{ type: 'text', text: `No action matches "${query.slice(0, 200).replace(/[\r\n]/g, ' ')}". Try other words (the object and the verb, e.g. "merge request approve").`, annotations: { audience: ['assistant'] } }], structuredContent: { results: [] } };
  }
  const lines = [`Actions for "${query.slice(0, 200).replace(/[\r\n`]/g, ' ')}" — run one with ${EXECUTE} {"action": "<id>", "params": {...}}:`, ''];
  const results = hits.map(({ action }, i) => {
    const schema = actionSchema(action);
    const flags = [action.writes ? 'write' : 'read', action.destructive ? 'destructive: needs confirm' : ''].filter(Boolean).join(', ');
    lines.push(`${i + 1}. \`${action.id}\` — ${action.summary} (${flags})`, `   params: ${JSON.stringify(schema)}`);
    return { id: action.id, summary: action.summary, writes: action.writes, destructive: action.destructive, input_schema: schema };
  });
  return { content: [{ type: 'text', text: lines.join('\n'), annotations: { audience: ['assistant'] } }], structuredContent: { results } };
}

export const dynamicSurface: Surface = {
  kind: 'dynamic',
  tools: (s) => TOOLS.filter((t) => !s.config.excludeTools.includes(t.name)),
  unknownAction: (s, action) => unknownActionMessage(s, action.id),
  resolve(s, name, args) {
    if (s.config.excludeTools.includes(name)) return undefined;
    if (name === FIND) return { kind: 'answer', result: find(s, args) };
    if (name !== EXECUTE) return undefined;
    const problem = envelopeProblem(args, ['action', 'params', 'confirm'], ['action']);
    if (problem) return { kind: 'answer', result: errorResult(problem) };
    const { action: id, params, confirm } = args as Record<string, unknown>;
    if (typeof id !== 'string') return { kind: 'answer', result: errorResult(`validating "arguments": action: expected string, got ${typeof id}`) };
    if (confirm !== undefined && typeof confirm !== 'boolean') return { kind: 'answer', result: errorResult(`validating "arguments": confirm: expected boolean, got ${typeof confirm}`) };
    if (params !== undefined && !isPlainObject(params)) return { kind: 'answer', result: errorResult(`validating "arguments": params: expected object, got ${params === null ? 'null' : Array.isArray(params) ? 'array' : typeof params}`) };
    const action = catalog().get(id);
    if (!action) return { kind: 'answer', result: errorResult(unknownActionMessage(s, id)) };
    return { kind: 'action', action, params, paramsPresent: params !== undefined, confirm };
  },
};

function unknownActionMessage(s: Session, id: string): string {
  const ids = catalog().actions.filter((a) => isListed(a, s)).map((a) => a.id);
  const guess = closestName(id, ids);
  return `${EXECUTE}: unknown action "${id.slice(0, 120)}".${guess ? ` Did you mean "${guess}"?` : ''} Use ${FIND} to search the catalog for the right canonical ID.`;
}
