// Individual surface: one tool per action, `forge_<domain>_<action>`, with the action's closed schema.
// SPEC "Tool payload shapes".
import { atTier, type Action } from '../catalog/define.js';
import { catalog, individualToolName } from '../catalog/index.js';
import { actionSchema } from '../catalog/schema.js';
import { availability, isListed } from '../pipeline/access.js';
import { errorResult } from '../render/result.js';
import { actionAnnotations, actionTitle, FIELDS_SCHEMA, readFields, type Surface, type ToolDef } from './types.js';

let byName: Map<string, Action> | undefined;
const toolIndex = (): Map<string, Action> => (byName ??= new Map(catalog().actions.map((a) => [individualToolName(a), a])));

/**
 * Whether the tool takes `fields`: the tools that read (a write's answer already says its new state, and
 * 1,000 tools each paying for the property would cost the listing ~15 %); an action with a parameter of
 * that name keeps its own.
 */
const takesFields = (a: Action): boolean => !a.writes && !('fields' in a.params);

/** `a` as this tier offers it; `full` the catalog entry, whose own `fields` (a paid search filter) still claims the name. */
function schemaOf(a: Action, full: Action) {
  const base = actionSchema(a);
  const props = { ...(base.properties as Record<string, unknown>) };
  if (takesFields(full)) props.fields = FIELDS_SCHEMA;
  // A client that cannot prompt still has a way to pass the user's explicit approval.
  if (a.destructive && !('confirm' in a.params)) props.confirm = { type: 'boolean', description: 'true only after the user explicitly approved this destructive action' };
  return { ...base, properties: props };
}

function tool(a: Action, full: Action): ToolDef {
  const title = actionTitle(a);
  const note = a.destructive ? ' Destructive: cannot be undone by the opposite call.' : '';
  return { name: individualToolName(a), title, description: `${a.summary}.${note}`.replace(/\.\./g, '.'), inputSchema: schemaOf(a, full), annotations: actionAnnotations(a, title) };
}

export const individualSurface: Surface = {
  kind: 'individual',
  // Each tool's schema as this instance's tier offers its params (no Premium parameter on Free).
  tools: (s) => catalog().actions.filter((a) => isListed(a, s)).map((a) => tool(atTier(a, s.tier), a)),
  unknownAction: (_s, action) => `unknown tool "${individualToolName(action)}"`,
  resolve(s, name, args) {
    const action = toolIndex().get(name);
    // An unlisted tool is unknown, except one a fine-grained grant withholds: a client holding an
    // earlier listing is told why (the pipeline answers it).
    if (!action) return undefined;
    const avail = availability(action, s);
    if (avail !== 'ok' && avail !== 'fine-grained' && avail !== 'fine-grained-none') return undefined;
    let params = args;
    let confirm: unknown;
    // Destructive tools carry `confirm` in their schema; the two self-guarded handlers declare their own.
    if (args && typeof args === 'object' && !Array.isArray(args) && 'confirm' in args && action.destructive && !('confirm' in action.params)) {
      const { confirm: c, ...rest } = args as Record<string, unknown>;
      confirm = c;
      params = rest;
    }
    let fields: unknown;
    if (params && typeof params === 'object' && !Array.isArray(params) && 'fields' in params && takesFields(action)) {
      const { fields: f, ...rest } = params as Record<string, unknown>;
      fields = f;
      params = rest;
    }
    const shown = readFields(fields);
    if (shown.problem) return { kind: 'answer', result: errorResult(shown.problem) };
    return { kind: 'action', action, params: params ?? {}, paramsPresent: true, confirm, fields: shown.fields };
  },
};
