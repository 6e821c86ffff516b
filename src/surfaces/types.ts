// A surface turns tool calls into (action, params, confirm) and lists its tools. It never talks to
// the platform and never formats platform errors.
import type { Action } from '../catalog/define.js';
import type { JsonSchema } from '../catalog/schema.js';
import type { Session } from '../session/session.js';
import type { SurfaceKind } from '../pipeline/validate.js';
import type { ToolResult } from '../render/result.js';
import type { FieldRequest } from '../render/types.js';

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  /** Declared for tools whose structuredContent has a fixed shape (forge_find_action). */
  outputSchema?: JsonSchema;
  annotations: ToolAnnotations;
}

/** A call the surface resolved to one action; or an answer of its own (find_action, unknown action). */
type Resolved =
  | { kind: 'action'; action: Action; params: unknown; paramsPresent: boolean; confirm?: unknown; fields?: FieldRequest }
  | { kind: 'answer'; result: ToolResult | Promise<ToolResult> };

export interface Surface {
  readonly kind: SurfaceKind;
  tools(s: Session): ToolDef[];
  resolve(s: Session, toolName: string, args: unknown): Resolved | undefined;
  /** The refusal for an action this surface does not offer. */
  unknownAction(s: Session, action: Action): string;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

export function actionAnnotations(a: Action, title: string): ToolAnnotations {
  return {
    title,
    readOnlyHint: !a.writes,
    destructiveHint: a.destructive,
    idempotentHint: IDEMPOTENT.has(a.method),
    openWorldHint: true,
  };
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Envelope check of a closed schema: unexpected keys, missing keys. */
export function envelopeProblem(args: unknown, allowed: readonly string[], required: readonly string[]): string | undefined {
  if (!isPlainObject(args)) return `validating "arguments": expected object, got ${args === null ? 'null' : Array.isArray(args) ? 'array' : typeof args}`;
  const extra = Object.keys(args).filter((k) => !allowed.includes(k));
  if (extra.length) return `validating "arguments": unexpected additional properties [${extra.map((e) => JSON.stringify(e)).join(', ')}]`;
  const missing = required.filter((k) => args[k] === undefined);
  if (missing.length) return `validating "arguments": missing properties [${missing.map((e) => JSON.stringify(e)).join(', ')}]`;
  return undefined;
}

/** "Issue: list" style title from an action. */
export function actionTitle(a: Action): string {
  const words = (s: string) => s.replace(/_/g, ' ');
  return `${words(a.domain).replace(/^\w/, (c) => c.toUpperCase())}: ${words(a.name)}`;
}

/** The `fields` argument of the execute paths: named fields to show whole, or every field. */
export const FIELDS_SCHEMA: JsonSchema = { type: 'array', items: { type: 'string' }, description: 'Fields to show whole; ["all"]: every field' };
const MAX_FIELDS = 50;

/** The `fields` argument read: names, or 'all' (`"all"` or `["all"]`); a problem when it is neither. */
export function readFields(v: unknown): { fields?: FieldRequest; problem?: string } {
  if (v === undefined) return {};
  if (v === 'all') return { fields: 'all' };
  const bad = 'validating "arguments": fields: expected an array of field names (e.g. ["description","web_url"]) or ["all"]';
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_FIELDS) return { problem: bad };
  if (!v.every((x): x is string => typeof x === 'string' && /^[A-Za-z_][\w.-]{0,99}$/.test(x))) return { problem: bad };
  return { fields: v.includes('all') ? 'all' : [...new Set(v)] };
}
