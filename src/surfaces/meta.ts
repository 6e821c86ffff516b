// Meta surface: one tool per domain, `forge_<domain>` taking { action, params } (confirm inside params).
// SPEC "Tool payload shapes", "Other server answers".
import { catalog, metaToolName, type DomainInfo } from '../catalog/index.js';
import { paramSchema, type JsonSchema } from '../catalog/schema.js';
import { isListed } from '../pipeline/access.js';
import { errorResult } from '../render/result.js';
import type { Session } from '../session/session.js';
import { envelopeProblem, FIELDS_SCHEMA, isPlainObject, readFields, type Surface, type ToolDef } from './types.js';

function listedActions(s: Session, d: DomainInfo) {
  return d.actions.filter((a) => isListed(a, s));
}

function metaTool(s: Session, d: DomainInfo): ToolDef | undefined {
  const actions = listedActions(s, d);
  if (!actions.length) return undefined;
  const name = metaToolName(d.name);
  const full = s.config.metaParamSchema === 'full';
  let params: JsonSchema = { type: 'object', description: "The action's parameters (see the action list); confirm: true inside params after the user approved a destructive action" };
  if (full) {
    const properties: Record<string, JsonSchema> = { confirm: { type: 'boolean', description: 'true only after the user approved a destructive action' } };
    for (const a of actions) for (const [n, p] of Object.entries(a.params)) properties[n] ??= paramSchema(p);
    params = { ...params, properties, additionalProperties: false };
  }
  const lines = actions.map((a) => {
    const req = Object.entries(a.params).filter(([, p]) => p.required).map(([n]) => n);
    return `${a.name}${a.destructive ? '!' : ''}(${req.join(',')})`;
  });
  const title = `GitLab ${d.name.replace(/_/g, ' ')}`;
  return {
    name,
    title,
    description: `${d.description}. Actions (required params; ! = destructive): ${lines.join('; ')}. Parameter details: resource forge://tools/${d.name}.<action>.`,
    inputSchema: {
      type: 'object',
      properties: { action: { type: 'string', enum: actions.map((a) => a.name), description: 'The action to run' }, params, fields: FIELDS_SCHEMA },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: {
      title,
      readOnlyHint: actions.every((a) => !a.writes),
      destructiveHint: actions.some((a) => a.destructive),
      idempotentHint: actions.every((a) => !a.writes),
      openWorldHint: true,
    },
  };
}

function unknownAction(s: Session, domain: string, name: string): string {
  const d = catalog().domains.get(domain);
  const valid = d ? listedActions(s, d).map((a) => a.name) : [];
  return `${metaToolName(domain)}: unknown action "${name.slice(0, 120)}". Valid actions: ${valid.join(', ')}`;
}

export const metaSurface: Surface = {
  kind: 'meta',
  tools: (s) => [...catalog().domains.values()].map((d) => metaTool(s, d)).filter((t): t is ToolDef => !!t),
  unknownAction: (s, action) => unknownAction(s, action.domain, action.name),
  resolve(s, name, args) {
    if (!name.startsWith('forge_')) return undefined;
    const d = catalog().domains.get(name.slice('forge_'.length));
    if (!d || !listedActions(s, d).length) return undefined;
    const problem = envelopeProblem(args, ['action', 'params', 'fields'], ['action']);
    if (problem) return { kind: 'answer', result: errorResult(problem) };
    const { action: actionName, params } = args as Record<string, unknown>;
    const shown = readFields((args as Record<string, unknown>).fields);
    if (shown.problem) return { kind: 'answer', result: errorResult(shown.problem) };
    if (typeof actionName !== 'string') return { kind: 'answer', result: errorResult(`validating "arguments": action: expected string, got ${typeof actionName}`) };
    if (params !== undefined && !isPlainObject(params)) return { kind: 'answer', result: errorResult(`validating "arguments": params: expected object, got ${params === null ? 'null' : Array.isArray(params) ? 'array' : typeof params}`) };
    if (s.config.metaParamSchema === 'full' && params) {
      const known = new Set(['confirm', ...d.actions.flatMap((a) => Object.keys(a.params))]);
      const extra = Object.keys(params).filter((k) => !known.has(k));
      if (extra.length) return { kind: 'answer', result: errorResult(`validating "arguments": params: unexpected additional properties [${extra.map((e) => JSON.stringify(e)).join(', ')}]`) };
    }
    const action = d.actions.find((a) => a.name === actionName);
    if (!action) return { kind: 'answer', result: errorResult(unknownAction(s, d.name, actionName)) };
    return { kind: 'action', action, params, paramsPresent: params !== undefined, fields: shown.fields };
  },
};
