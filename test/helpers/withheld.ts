// Which GraphQL actions no fine-grained token reaches at the recorded release (SPEC "Fine-grained token
// handling"), derived from the platform's per-type permission table (test/fixtures/reference/
// graphql-permissions.tsv, from reference/granular-graphql.tsv) and the GitLab schema subset the
// documents are validated against (test/fixtures/gitlab-graphql-subset.graphql).
//
// The platform's rule, as SPEC words it: a mutation declaring no permission is refused; an object type
// declaring none answers null where it is reached (a list drops the items), with no error. The walk
// covers each document's whole selection: a null under a non-null field makes its parent null too
// (GraphQL's null propagation), so a type deep in the selection can empty the answer. Connection, edge
// and page-info types and mutation payloads are wrappers, not objects of the platform: they carry
// no declaration and are not judged. A resolve document is on the answer's path: when its lookup
// comes back empty, the action's main request cannot be built.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  buildSchema, getNamedType, getNullableType, isAbstractType, isLeafType, isListType, isNonNullType, isObjectType, Kind, parse,
  type DocumentNode, type GraphQLField, type GraphQLNamedType, type GraphQLObjectType, type GraphQLOutputType, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import type { Action } from '../../src/catalog/define.js';
import { fixtureRows } from './reference.js';

const here = dirname(fileURLToPath(import.meta.url));
const subsetSchema: GraphQLSchema = buildSchema(readFileSync(join(here, '..', 'fixtures', 'gitlab-graphql-subset.graphql'), 'utf8'));

interface Declaration { permission: string; boundaries: string[] }
export interface PermissionTable { mutations: Map<string, Declaration[]>; types: Map<string, Declaration[]>; fields: Map<string, Declaration[]> }

let table: PermissionTable | undefined;
/** The per-type permission table: mutations, object types and `Type.field` fields that declare a permission. */
export function graphqlPermissions(): PermissionTable {
  if (table) return table;
  const t: PermissionTable = { mutations: new Map(), types: new Map(), fields: new Map() };
  for (const [kind, name, permission, boundaries] of fixtureRows('graphql-permissions.tsv', ['kind', 'name', 'permission', 'boundaries'])) {
    const into = kind === 'Mutation' ? t.mutations : kind === 'Type' ? t.types : kind === 'Field' ? t.fields : undefined;
    if (!into) throw new Error(`graphql-permissions.tsv: unknown kind ${kind}`);
    into.set(name, [...(into.get(name) ?? []), { permission, boundaries: boundaries.split(',') }]);
  }
  return (table = t);
}

/** The reason an action is withheld, as the catalog states it (`fineGrained: { withheld, name }`). */
export type Derived =
  /** A type on the answer's path (or on the path of its lookup) declares no permission: null, or list emptied. */
  | { withheld: 'type'; name: string; at: string }
  /** The mutation declares a permission and commits, but the type it answers with declares none: the answer is null. */
  | { withheld: 'answer'; name: string; at: string }
  /** The mutation declares no permission: refused. */
  | { withheld: 'mutation'; name: string; at: string };

/** Wrappers the platform does not judge: connections, their edges, page info, mutation payloads, the roots. */
function isWrapper(type: GraphQLNamedType, schema: GraphQLSchema): boolean {
  if (type === schema.getQueryType() || type === schema.getMutationType()) return true;
  if (/(Connection|Edge)$/.test(type.name) || type.name === 'PageInfo') return true;
  return Object.values(schema.getMutationType()?.getFields() ?? {}).some((f) => getNamedType(f.type) === type);
}

/** Whether an object (or every possible object of an abstract type) declares a permission. */
function undeclaredType(type: GraphQLNamedType, schema: GraphQLSchema, perms: PermissionTable): string | undefined {
  if (isLeafType(type) || isWrapper(type, schema)) return undefined;
  if (perms.types.has(type.name)) return undefined;
  if (isAbstractType(type)) {
    const missing = schema.getPossibleTypes(type).filter((o) => !perms.types.has(o.name));
    return missing.length ? `${type.name} (${missing.map((o) => o.name).join(', ')})` : undefined;
  }
  return type.name;
}

/** How a selected field comes back: a value, null, or (a list) emptied. `cause` names the type that declares nothing. */
interface Fate { kind: 'value' | 'null' | 'empty'; cause?: string; at?: string }

interface Walk { schema: GraphQLSchema; perms: PermissionTable; doc: DocumentNode }

/** The fields a selection set selects on a parent type, through inline fragments and named fragments. */
function selected(set: SelectionSetNode, parent: GraphQLNamedType, w: Walk): Array<{ key: string; field: GraphQLField<unknown, unknown>; set?: SelectionSetNode; owner: GraphQLNamedType }> {
  const out: Array<{ key: string; field: GraphQLField<unknown, unknown>; set?: SelectionSetNode; owner: GraphQLNamedType }> = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value === '__typename') continue;
      const fields = isObjectType(parent) || isAbstractType(parent) ? ('getFields' in parent ? parent.getFields() : {}) : {};
      const field = fields[sel.name.value];
      if (!field) throw new Error(`${parent.name}.${sel.name.value} is not in the schema subset`);
      out.push({ key: sel.alias?.value ?? sel.name.value, field, set: sel.selectionSet, owner: parent });
    } else {
      const frag = sel.kind === Kind.INLINE_FRAGMENT ? sel : w.doc.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (!frag || (frag.kind !== Kind.INLINE_FRAGMENT && frag.kind !== Kind.FRAGMENT_DEFINITION)) throw new Error(`fragment ${sel.kind} not found`);
      const on = frag.typeCondition ? w.schema.getType(frag.typeCondition.name.value) : parent;
      if (!on) throw new Error(`fragment type ${frag.typeCondition?.name.value} is not in the schema subset`);
      out.push(...selected(frag.selectionSet, on, w));
    }
  }
  return out;
}

/**
 * The fate of one selected field, judging its whole selection: its type declares nothing (null; a list
 * drops the items), or one of its fields comes back null under a non-null type (null propagates up).
 * `path` is the answer's dot path to it; `onPath` the remaining segments of the answer path below it,
 * whose fates are reported through `report`.
 */
function fateOf(type: GraphQLOutputType, set: SelectionSetNode | undefined, w: Walk, path: string, field: GraphQLField<unknown, unknown> | undefined, owner: GraphQLNamedType | undefined, report: (path: string, fate: Fate) => void): Fate {
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const item = fateOf(inner.ofType as GraphQLOutputType, set, w, path, field, owner, report);
    // Unreached items are dropped (SPEC: "a list drops unreached items"); the list is emptied, not null.
    return item.kind === 'value' ? item : { kind: 'empty', cause: item.cause, at: item.at };
  }
  const named = getNamedType(inner);
  const declaredField = field && owner && w.perms.fields.has(`${owner.name}.${field.name}`);
  const missing = declaredField ? undefined : undeclaredType(named, w.schema, w.perms);
  if (missing) return { kind: 'null', cause: missing, at: path };
  if (!set) return { kind: 'value' };
  let own: Fate = { kind: 'value' };
  for (const c of selected(set, named, w)) {
    const childPath = path ? `${path}.${c.key}` : c.key;
    const f = fateOf(c.field.type, c.set, w, childPath, c.field, c.owner, report);
    report(childPath, f);
    if (f.kind === 'null' && isNonNullType(c.field.type) && own.kind === 'value') own = { kind: 'null', cause: f.cause, at: f.at };
  }
  return own;
}

function operation(doc: DocumentNode): OperationDefinitionNode {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) throw new Error('no operation');
  return op;
}

/** Fates of every selected position of a document, by dot path (list positions share their field's path). */
function fates(document: string, w0: Omit<Walk, 'doc'>): { fates: Map<string, Fate>; op: OperationDefinitionNode } {
  const doc = parse(document);
  const op = operation(doc);
  const root = op.operation === 'mutation' ? w0.schema.getMutationType() : w0.schema.getQueryType();
  const out = new Map<string, Fate>();
  fateOf(root as GraphQLObjectType, op.selectionSet, { ...w0, doc }, '', undefined, undefined, (p, f) => out.set(p, f));
  return { fates: out, op };
}

/** The first position on a dot path (`a.b.0.c`, `nodes[name=Epic]`) that comes back null or emptied. */
function lostOnPath(resultPath: string, f: Map<string, Fate>): Fate | undefined {
  const segs = resultPath.split('.').map((s) => s.replace(/\[.*\]$/, '')).filter((s) => s && !/^\d+$/.test(s));
  let p = '';
  for (const s of segs) {
    p = p ? `${p}.${s}` : s;
    const fate = f.get(p);
    if (!fate) throw new Error(`result path ${resultPath}: ${p} is not selected`);
    if (fate.kind !== 'value') return fate;
  }
  return undefined;
}

/**
 * Why no fine-grained token reaches the action at the recorded release, or undefined when one can.
 * Judged in the order the platform meets them: the lookup (resolve) first, then the mutation's own
 * declaration, then the answer.
 */
export function deriveWithheld(a: Action, perms = graphqlPermissions(), schema = subsetSchema): Derived | undefined {
  if (!a.graphql) return undefined; // REST actions (a graphqlWhen alternative included) are judged by their route.
  const w0 = { schema, perms };
  if (a.resolve && 'document' in a.resolve) {
    const lost = lostOnPath(a.resolve.resultPath, fates(a.resolve.document, w0).fates);
    if (lost) return { withheld: 'type', name: lost.cause!, at: `lookup ${lost.at}` };
  }
  const { fates: f, op } = fates(a.graphql.document, w0);
  const rootField = (op.selectionSet.selections.find((s) => s.kind === Kind.FIELD) as { name: { value: string } } | undefined)?.name.value ?? '';
  if (op.operation === 'mutation') {
    const mutation = rootField.charAt(0).toUpperCase() + rootField.slice(1);
    if (!perms.mutations.has(mutation)) return { withheld: 'mutation', name: mutation, at: rootField };
    // The payload's objects are the answer: one lost means the change is made and answered with null.
    for (const [p, fate] of f) {
      if (p.split('.').length === 2 && p.startsWith(`${a.graphql.resultPath}.`) && fate.kind !== 'value') return { withheld: 'answer', name: fate.cause!, at: fate.at! };
    }
    const lost = lostOnPath(a.graphql.resultPath, f);
    return lost ? { withheld: 'answer', name: lost.cause!, at: lost.at! } : undefined;
  }
  const lost = lostOnPath(a.graphql.connection ? `${a.graphql.resultPath}.nodes` : a.graphql.resultPath, f);
  return lost ? { withheld: 'type', name: lost.cause!, at: lost.at! } : undefined;
}

/** The positions under the answer that come back null or emptied while the answer itself does not (SPEC's "partly empty" parts). */
export function partlyEmpty(a: Action, perms = graphqlPermissions(), schema = subsetSchema): string[] {
  if (!a.graphql) return [];
  const { fates: f } = fates(a.graphql.document, { schema, perms });
  return [...f].filter(([p, fate]) => fate.kind !== 'value' && p.startsWith(`${a.graphql!.resultPath}.`) && fate.at === p).map(([p, fate]) => `${p} (${fate.cause})`);
}
