// Every GraphQL document of the catalog checked against GitLab's real GraphQL schema.
// The schema is a hand-transcribed subset of GitLab's GraphQL reference (test/fixtures/gitlab-graphql-subset.graphql):
// a document that selects a field GitLab does not have, passes an argument it does not take, or declares a
// variable of the wrong type fails here instead of on a live instance. The variables each action builds from its
// params are checked too (input object fields, enum values, non-null variables), as are the result paths.
// Run one action: npx vitest run test/graphql-documents.test.ts -t "issue.work_item_create"
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  buildSchema, getVariableValues, isEnumType, isInputObjectType, isListType, isNonNullType, Kind, NoDeprecatedCustomRule, parse,
  typeFromAST, validate, type DocumentNode, type GraphQLInputType, type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import { loadCatalog } from '../src/catalog/index.js';
import type { Action, ParamSpec } from '../src/catalog/define.js';

const schema = buildSchema(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'gitlab-graphql-subset.graphql'), 'utf8'));
const actions = (await loadCatalog()).actions;

type Params = Record<string, unknown>;

/** One GraphQL document of an action and where it lives in the entry. */
interface Doc {
  where: 'graphql' | 'graphqlWhen' | 'resolve';
  document: string;
  resultPath: string;
  kind: 'query' | 'mutation';
  /** Params → variables as the pipeline builds them (src/pipeline/request.ts, execute.ts). */
  variables: (params: Params) => Params;
}

function documentsOf(a: Action): Doc[] {
  const out: Doc[] = [];
  // Without a mapping the pipeline sends the non-local params as they are.
  const passThrough = (p: Params): Params => Object.fromEntries(Object.entries(p).filter(([n]) => a.params[n]?.in !== 'local'));
  if (a.graphql) out.push({ where: 'graphql', ...a.graphql, variables: a.graphql.variables ?? passThrough });
  if (a.graphqlWhen) out.push({ where: 'graphqlWhen', ...a.graphqlWhen.graphql, variables: a.graphqlWhen.graphql.variables ?? passThrough });
  if (a.resolve && 'document' in a.resolve) out.push({ where: 'resolve', document: a.resolve.document, resultPath: a.resolve.resultPath, kind: 'query', variables: a.resolve.variables });
  return out;
}

const graphqlActions = actions.filter((a) => documentsOf(a).length > 0);

// ---- sample params: the values an assistant could pass, in the shapes the catalog declares

/** Values the generic samples below would get wrong: free-string lists that must hold GraphQL enum members, object shapes. */
const SAMPLES: Record<string, unknown> = {
  'security_attribute.create.attributes': [{ name: 'High', description: 'High business impact', color: '#dc143c' }],
  'issue.work_item_list.types': ['ISSUE', 'TASK', 'EPIC', 'INCIDENT', 'OBJECTIVE', 'KEY_RESULT'],
  'vulnerability.list.severity': ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', 'UNKNOWN'],
  'vulnerability.list.state': ['DETECTED', 'CONFIRMED', 'RESOLVED', 'DISMISSED'],
  'vulnerability.list.report_type': ['SAST', 'DEPENDENCY_SCANNING', 'CONTAINER_SCANNING', 'DAST', 'SECRET_DETECTION', 'COVERAGE_FUZZING', 'API_FUZZING', 'CLUSTER_IMAGE_SCANNING', 'CONTAINER_SCANNING_FOR_REGISTRY', 'GENERIC'],
  'vulnerability.severity_count.severity': ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', 'UNKNOWN'],
  'vulnerability.severity_count.state': ['DETECTED', 'CONFIRMED', 'RESOLVED', 'DISMISSED'],
  'vulnerability.severity_count.report_type': ['SAST', 'DEPENDENCY_SCANNING', 'CONTAINER_SCANNING', 'DAST', 'SECRET_DETECTION', 'COVERAGE_FUZZING', 'API_FUZZING', 'CLUSTER_IMAGE_SCANNING', 'CONTAINER_SCANNING_FOR_REGISTRY', 'GENERIC'],
  'security_finding.list.state': ['DETECTED', 'CONFIRMED', 'RESOLVED', 'DISMISSED'],
};

function sample(a: Action, name: string, spec: ParamSpec): unknown {
  const own = SAMPLES[`${a.id}.${name}`];
  if (own !== undefined) return own;
  if (spec.enum) return spec.enum[0];
  switch (spec.type) {
    case 'integer': case 'number': return 7;
    case 'boolean': return true;
    case 'object': return {};
    case 'array': return spec.items === 'integer' ? [7, 8] : spec.items === 'object' ? [{}] : ['sample'];
    default: return spec.idOrPath ? 'group/project' : 'sample';
  }
}

/** Required params only (plus one of exactlyOne, the resolved param and a GraphQL-only filter when there is one). */
function minimalParams(a: Action): Params {
  const out: Params = {};
  for (const [n, s] of Object.entries(a.params)) if (s.required) out[n] = sample(a, n, s);
  if (a.exactlyOne && !a.exactlyOne.some((n) => out[n] !== undefined)) out[a.exactlyOne[0]] = sample(a, a.exactlyOne[0], a.params[a.exactlyOne[0]]);
  if (a.resolve) out[a.resolve.into] = 'gid://gitlab/Sample/1';
  if (a.graphqlWhen) { const w = a.graphqlWhen.when[0]; out[w] = sample(a, w, a.params[w]); }
  return out;
}

/** Every param, then once more with each other value of each enum param. */
function paramSets(a: Action): Array<{ label: string; params: Params }> {
  const full: Params = { ...minimalParams(a) };
  for (const [n, s] of Object.entries(a.params)) if (full[n] === undefined) full[n] = sample(a, n, s);
  const sets = [{ label: 'required params only', params: minimalParams(a) }, { label: 'every param', params: full }];
  for (const [n, s] of Object.entries(a.params)) {
    for (const v of s.enum?.slice(1) ?? []) sets.push({ label: `${n}=${v}`, params: { ...full, [n]: v } });
  }
  return sets;
}

// ---- document helpers

function operationOf(doc: DocumentNode): OperationDefinitionNode {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  expect(ops, 'exactly one operation per document').toHaveLength(1);
  return ops[0];
}

/** The fields (by response key) a selection set yields, looking through inline fragments and fragment spreads. */
function fieldsOf(set: SelectionSetNode, doc: DocumentNode): Map<string, SelectionSetNode | undefined> {
  const out = new Map<string, SelectionSetNode | undefined>();
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.set(sel.alias?.value ?? sel.name.value, sel.selectionSet);
    else if (sel.kind === Kind.INLINE_FRAGMENT) for (const [k, v] of fieldsOf(sel.selectionSet, doc)) out.set(k, v);
    else {
      const frag = doc.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (frag && frag.kind === Kind.FRAGMENT_DEFINITION) for (const [k, v] of fieldsOf(frag.selectionSet, doc)) out.set(k, v);
    }
  }
  return out;
}

/** Segments of the dot path the document does not select (numeric segments index lists). */
function unselectedPath(path: string, op: OperationDefinitionNode, doc: DocumentNode): string | undefined {
  let set: SelectionSetNode | undefined = op.selectionSet;
  const seen: string[] = [];
  for (const raw of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(raw)) { seen.push(raw); continue; }
    // `key[field=value]` picks a list element by a field, which must be selected too.
    const pick = /^([^[\]]+)\[([^=\]]+)=[^\]]*\]$/.exec(raw);
    const seg = pick ? pick[1] : raw;
    const fields: Map<string, SelectionSetNode | undefined> | undefined = set ? fieldsOf(set, doc) : undefined;
    if (!fields?.has(seg)) return [...seen, seg].join('.');
    seen.push(seg);
    set = fields.get(seg);
    if (pick) {
      const inner = set ? fieldsOf(set, doc) : undefined;
      if (!inner?.has(pick[2])) return [...seen, pick[2]].join('.');
    }
  }
  return undefined;
}

const undefinedDropped = (v: Params): Params => JSON.parse(JSON.stringify(v)) as Params;

/** Deprecated input fields and enum values a variable value uses (`Type.field`, `Enum.VALUE`). */
function deprecatedInputs(type: GraphQLInputType, value: unknown, out: string[]): string[] {
  const t = isNonNullType(type) ? type.ofType : type;
  if (value === null || value === undefined) return out;
  if (isListType(t)) { for (const v of Array.isArray(value) ? value : [value]) deprecatedInputs(t.ofType, v, out); return out; }
  if (isEnumType(t) && typeof value === 'string') { if (t.getValue(value)?.deprecationReason) out.push(`${t.name}.${value}`); return out; }
  if (isInputObjectType(t) && typeof value === 'object') {
    const fields = t.getFields();
    for (const [k, v] of Object.entries(value as Params)) {
      if (fields[k]?.deprecationReason) out.push(`${t.name}.${k}`);
      if (fields[k]) deprecatedInputs(fields[k].type, v, out);
    }
  }
  return out;
}

/**
 * Deprecated schema members the catalog still uses, with the reason they stay. Anything else deprecated fails:
 * GitLab removes deprecated members in later major versions.
 */
const KNOWN_DEPRECATED: Record<string, readonly string[]> = {
  // The optional `name` filter of the type list: a no-op on 19.x, kept for older instances.
  'issue.work_item_type_list': ['Namespace.workItemTypes.name'],
};

/** `Type.field` or `Type.field.arg` named by a NoDeprecatedCustomRule message. */
function deprecatedMember(message: string): string {
  const field = /The field (\S+?) is deprecated/.exec(message);
  if (field) return field[1];
  const arg = /Field "(\S+?)" argument "(\S+?)" is deprecated/.exec(message);
  if (arg) return `${arg[1]}.${arg[2]}`;
  const value = /The enum value "(\S+?)" is deprecated/.exec(message);
  return value ? value[1] : message;
}

describe('GraphQL documents against the GitLab schema subset', () => {
  it('the catalog has the GraphQL-backed actions this test is meant to check', () => {
    expect(graphqlActions.length).toBeGreaterThanOrEqual(76);
    expect(graphqlActions.flatMap(documentsOf).length).toBeGreaterThanOrEqual(graphqlActions.length);
  });

  for (const a of graphqlActions) {
    describe(a.id, () => {
      for (const d of documentsOf(a)) {
        it(`${d.where} document is valid`, () => {
          const doc = parse(d.document);
          expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
          expect(operationOf(doc).operation).toBe(d.kind);
        });

        it(`${d.where} resultPath ${d.resultPath} is selected`, () => {
          const doc = parse(d.document);
          expect(unselectedPath(d.resultPath, operationOf(doc), doc)).toBeUndefined();
        });

        it(`${d.where} variables built from the params fit the declared variables`, () => {
          const doc = parse(d.document);
          const op = operationOf(doc);
          const declared = new Set((op.variableDefinitions ?? []).map((v) => v.variable.name.value));
          const problems: string[] = [];
          for (const { label, params } of paramSets(a)) {
            const vars = undefinedDropped(d.variables(params));
            for (const k of Object.keys(vars)) if (!declared.has(k)) problems.push(`${label}: variable $${k} is built but not declared`);
            const res = getVariableValues(schema, op.variableDefinitions ?? [], vars);
            for (const e of res.errors ?? []) problems.push(`${label}: ${e.message}`);
            for (const def of op.variableDefinitions ?? []) {
              const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
              const used = type ? deprecatedInputs(type, vars[def.variable.name.value], []) : [];
              for (const m of used) problems.push(`${label}: $${def.variable.name.value} uses the deprecated ${m}`);
            }
          }
          expect(problems).toEqual([]);
        });

        it(`${d.where} document uses no deprecated schema member beyond the known ones`, () => {
          const used = validate(schema, parse(d.document), [NoDeprecatedCustomRule]).map((e) => deprecatedMember(e.message));
          const known = KNOWN_DEPRECATED[a.id] ?? [];
          expect([...new Set(used)].filter((m) => !known.includes(m))).toEqual([]);
        });
      }
    });
  }

  it('the list of known deprecated usages names only actions that still use them', () => {
    const stale: string[] = [];
    for (const [id, members] of Object.entries(KNOWN_DEPRECATED)) {
      const a = actions.find((x) => x.id === id);
      const used = new Set((a ? documentsOf(a) : []).flatMap((d) => validate(schema, parse(d.document), [NoDeprecatedCustomRule]).map((e) => deprecatedMember(e.message))));
      for (const m of members) if (!used.has(m)) stale.push(`${id}: ${m}`);
    }
    expect(stale).toEqual([]);
  });
});
