// Portable tool schemas (issue: "every surface passes MCP Inspector --strict"). The rules below are the
// ones `@modelcontextprotocol/inspector@2` (2.12.0, `--cli --method tools/list --strict`) applies to
// every inputSchema node; --strict exits 6 on an error and reports warnings in full. We hold every
// surface to none of either:
//   boolean-schema (error)   a bare true/false where a schema object is expected (outside additionalProperties & co)
//   type-union (warning)     `type` given as an array (e.g. ["string","integer"])
//   remote-ref (warning)     a `$ref` that points outside the document
//   untyped-schema (warning) a schema node with no validation keyword at all (outside `not`)
// and, beyond the inspector, no combinator anywhere: one form, a single `type` per node.
import { describe, it, expect } from 'vitest';
import { loadCatalog } from '../src/catalog/index.js';
import { actionSchema } from '../src/catalog/schema.js';
import { sandboxPerFile } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

type Node = Record<string, unknown>;
const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
const SUB = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contentSchema'];
const SUB_ARRAY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUB_MAP = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const CONSTRAINING = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems', 'maxContains',
  'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'items',
  'prefixItems', 'contains', 'additionalItems', 'unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties',
  'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef',
]);
const isRecord = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Findings for one schema, as `path: rule`. */
function portabilityFindings(schema: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string, keyword: string | undefined, depth: number): void => {
    if (depth > 64) return;
    if (typeof node === 'boolean') {
      if (keyword === undefined || !BOOLEAN_VALUED.has(keyword)) out.push(`${path}: boolean-schema`);
      return;
    }
    if (!isRecord(node)) return;
    if (Array.isArray(node.type)) out.push(`${path}: type-union`);
    if (typeof node.$ref === 'string' && node.$ref !== '' && !node.$ref.startsWith('#')) out.push(`${path}: remote-ref`);
    const constrains = Object.keys(node).some((k) => CONSTRAINING.has(k)) || ('if' in node && ('then' in node || 'else' in node));
    if (!constrains && keyword !== 'not') out.push(`${path}: untyped-schema`);
    for (const k of SUB_ARRAY) if (k in node) out.push(`${path}: combinator ${k}`);
    for (const k of SUB_MAP) if (isRecord(node[k])) for (const [n, sub] of Object.entries(node[k])) walk(sub, `${path}.${k}.${n}`, k, depth + 1);
    for (const k of SUB_ARRAY) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((sub, i) => walk(sub, `${path}.${k}[${i}]`, k, depth + 1));
    for (const k of SUB) {
      if (!(k in node)) continue;
      if (k === 'items' && Array.isArray(node.items)) (node.items as unknown[]).forEach((sub, i) => walk(sub, `${path}.items[${i}]`, k, depth + 1));
      else walk(node[k], `${path}.${k}`, k, depth + 1);
    }
  };
  walk(schema, 'inputSchema', undefined, 0);
  return out;
}

describe('the rules catch what --strict catches', () => {
  it('flags a type array, a bare true, a remote $ref, an untyped node and a combinator', () => {
    expect(portabilityFindings({ type: 'object', properties: { a: { type: ['string', 'integer'] } } })).toEqual(['inputSchema.properties.a: type-union']);
    expect(portabilityFindings({ type: 'object', properties: { a: true } })).toEqual(['inputSchema.properties.a: boolean-schema']);
    expect(portabilityFindings({ type: 'object', additionalProperties: false, properties: { a: { $ref: 'https://x/s.json' } } })).toEqual(['inputSchema.properties.a: remote-ref']);
    expect(portabilityFindings({ type: 'object', properties: { a: { description: 'anything' } } })).toEqual(['inputSchema.properties.a: untyped-schema']);
    expect(portabilityFindings({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } })).toEqual(['inputSchema.properties.a: combinator anyOf']);
  });
});

describe('every tool schema is portable', () => {
  const on = sandboxPerFile();

  const surfaces: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'dynamic', env: { FORGE_MCP_TOOL_SURFACE: 'dynamic' } },
    { name: 'meta', env: { FORGE_MCP_TOOL_SURFACE: 'meta' } },
    { name: 'meta (full param schema)', env: { FORGE_MCP_TOOL_SURFACE: 'meta', FORGE_MCP_META_PARAM_SCHEMA: 'full' } },
    { name: 'individual', env: { FORGE_MCP_TOOL_SURFACE: 'individual' } },
  ];
  for (const s of surfaces) {
    it(`${s.name} surface: tools/list has no finding`, async () => {
      const srv = await startInProcess({ sandbox: on.sb, env: s.env });
      try {
        const { tools } = await srv.client.listTools();
        expect(tools.length).toBeGreaterThan(0);
        const findings = tools.flatMap((t) => portabilityFindings(t.inputSchema).map((f) => `${t.name} ${f}`));
        expect(findings).toEqual([]);
      } finally {
        await srv.close();
      }
    });
  }

  it('every action schema (find_action answers, forge://tools/{id}) has no finding', async () => {
    const findings = (await loadCatalog()).actions.flatMap((a) => portabilityFindings(actionSchema(a)).map((f) => `${a.id} ${f}`));
    expect(findings).toEqual([]);
  });
});
