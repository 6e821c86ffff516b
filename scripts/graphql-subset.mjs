// Writes test/fixtures/gitlab-graphql-subset.graphql: the part of GitLab's GraphQL schema the catalog's
// documents touch (every type, field, argument and enum value they use), for test/graphql-documents.test.ts
// and the fine-grained derivation in test/helpers/withheld.ts. Facts only: names, types, nullability,
// arguments, enum values, deprecation; no description is copied.
//
//   npm run build && node scripts/graphql-subset.mjs
//
// Source: test/fixtures/reference/gitlab-graphql-facts.json, the members of GitLab's GraphQL reference
// (gitlabhq/gitlabhq doc/api/graphql/reference/_index.md, at the commit the file names) transcribed as
// facts, each with the anchor of its section and where it was read (its "conventions" entry says how).
// Members the documents do not reach are left out; a document that reaches a member the facts lack fails
// here, so a new document needs its members transcribed first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType,
  isUnionType, parse, TypeInfo, visit, visitWithTypeInfo, typeFromAST,
} from 'graphql';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'test', 'fixtures', 'gitlab-graphql-subset.graphql');
const factsFile = join(root, 'test', 'fixtures', 'reference', 'gitlab-graphql-facts.json');
const distCatalog = join(root, 'dist', 'catalog', 'index.js');

const facts = JSON.parse(readFileSync(factsFile, 'utf8'));
const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
const PAGINATION = { after: 'String', before: 'String', first: 'Int', last: 'Int' };
const named = (type) => type.replace(/[[\]!]/g, '');

// ---- 1. the facts → one schema (every transcribed member), checked to stand on its own

/** A field, argument or enum value as written in the facts: a type (or name) string, or an object with more. */
const norm = (v, key) => (typeof v === 'string' ? { [key]: v } : v);
const problems = [];
for (const [name, t] of Object.entries(facts.types)) {
  if (!t.at?.startsWith('ref#')) problems.push(`${name}: no anchor`);
  if (t.kind !== 'scalar' && !t.read && !Object.values(t.fields ?? {}).every((f) => norm(f, 'type').read)) problems.push(`${name}: not said where it was read`);
  // Every fact was read in the reference, at a char offset of the page.
  for (const [where, r] of [[name, t.read], ...Object.entries(t.fields ?? {}).map(([f, v]) => [`${name}.${f}`, norm(v, 'type').read])]) {
    if (r !== undefined && !(Number.isInteger(r) && r >= 0 && r < facts.sources.ref.total_chars)) problems.push(`${where}: read ${JSON.stringify(r)} is not a char offset in the page`);
  }
  for (const [f, v] of Object.entries(t.fields ?? {})) {
    const base = named(norm(v, 'type').type);
    if (!BUILT_IN.has(base) && !facts.types[base] && t.kind !== 'input') problems.push(`${name}.${f}: type ${base} is not in the facts`);
  }
}
if (problems.length) { console.error(`${factsFile}:\n  ${problems.join('\n  ')}`); process.exit(1); }

/** Input fields whose type the facts do not describe: transcribed, left out of the schema. */
const omitted = [];
const dep = (reason) => (reason ? ` @deprecated(reason: ${JSON.stringify(reason)})` : '');
function argsText(field, keep) {
  const all = { ...(field.connection ? PAGINATION : {}), ...(field.args ?? {}) };
  const names = Object.keys(all).filter((n) => keep(n, norm(all[n], 'type'))).sort();
  const text = names.length ? `(${names.map((n) => { const a = norm(all[n], 'type'); return `${n}: ${a.type}${dep(a.deprecated)}`; }).join(', ')})` : '';
  return [text, names.length];
}
/** SDL of one type, its fields filtered by `keepField` and their arguments by `keepArg`. */
function typeSdl(name, keepField = () => true, keepArg = () => true, tally = () => {}) {
  const t = facts.types[name];
  if (t.kind === 'scalar') return BUILT_IN.has(name) ? undefined : `scalar ${name}`;
  if (t.kind === 'enum') { tally(t.values.length); return `enum ${name} {\n${t.values.map((v) => { const x = norm(v, 'name'); return `  ${x.name}${dep(x.deprecated)}`; }).join('\n')}\n}`; }
  if (t.kind === 'union') { tally(t.possible.length); return `union ${name} =\n${t.possible.map((m) => `  | ${m}`).join('\n')}`; }
  const keyword = { object: 'type', input: 'input', interface: 'interface' }[t.kind];
  const lines = [];
  for (const f of Object.keys(t.fields).sort()) {
    const x = norm(t.fields[f], 'type');
    if (t.kind === 'input' && !BUILT_IN.has(named(x.type)) && !facts.types[named(x.type)]) { omitted.push(`${name}.${f}: ${x.type}`); continue; }
    if (!keepField(f, x)) continue;
    const [args, argCount] = t.kind === 'input' ? ['', 0] : argsText(x, (n, a) => keepArg(f, n, a));
    tally(1 + argCount);
    lines.push(`  ${f}${args}: ${x.type}${dep(x.deprecated)}`);
  }
  return `${keyword} ${name}${t.implements?.length ? ` implements ${t.implements.join(' & ')}` : ''} {\n${lines.join('\n')}\n}`;
}
const SCHEMA_HEAD = 'schema {\n  query: Query\n  mutation: Mutation\n}';
const full = buildSchema(`${SCHEMA_HEAD}\n\n${Object.keys(facts.types).map((n) => typeSdl(n)).filter(Boolean).join('\n\n')}`);
omitted.length = 0;

// ---- 2. the members the documents touch, found by walking them against that schema

const { loadCatalog } = await import(distCatalog).catch(() => {
  console.error('scripts/graphql-subset.mjs: run `npm run build` first (the documents are read from the built catalog)');
  process.exit(1);
});
const actions = (await loadCatalog()).actions;
const documents = actions.flatMap((a) => [a.graphql?.document, a.graphqlWhen?.graphql.document, a.resolve?.document].filter(Boolean));

/** type name → Set of touched field names (objects, interfaces, inputs); enums, scalars, unions are taken whole. */
const touched = new Map();
const touchType = (t) => { const n = getNamedType(t).name; if (!touched.has(n)) touched.set(n, new Set()); return n; };
const touchArgs = new Map(); // `Type.field` → Set of argument names used
for (const doc of documents) {
  const info = new TypeInfo(full);
  visit(parse(doc), visitWithTypeInfo(info, {
    Field(node) {
      const parent = info.getParentType(); const def = info.getFieldDef();
      if (!parent || !def) throw new Error(`a document selects ${parent?.name}.${node.name.value}, not in ${factsFile}`);
      if (node.name.value === '__typename') return;
      touched.get(touchType(parent)).add(def.name);
      touchType(def.type);
      const key = `${parent.name}.${def.name}`;
      if (!touchArgs.has(key)) touchArgs.set(key, new Set());
      for (const a of node.arguments ?? []) touchArgs.get(key).add(a.name.value);
    },
    InlineFragment(node) { if (node.typeCondition) touchType(typeFromAST(full, node.typeCondition)); },
    VariableDefinition(node) { touchType(typeFromAST(full, node.type)); },
  }));
}
// Close over what the touched members reach: argument types, input fields, the members of abstract types.
for (let size = -1; size !== [...touched.values()].reduce((n, s) => n + s.size + 1, 0);) {
  size = [...touched.values()].reduce((n, s) => n + s.size + 1, 0);
  for (const [name, fields] of [...touched]) {
    const t = full.getType(name);
    if (isInputObjectType(t)) for (const f of Object.values(t.getFields())) { fields.add(f.name); touchType(f.type); }
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of fields) for (const a of t.getFields()[f].args) if (touchArgs.get(`${name}.${f}`)?.has(a.name) || a.type.toString().endsWith('!')) touchType(a.type);
      for (const i of t.getInterfaces()) touchType(i);
    }
    if (isInterfaceType(t) || isUnionType(t)) {
      for (const o of full.getPossibleTypes(t)) { const n = touchType(o); if (isInterfaceType(t)) for (const f of fields) touched.get(n).add(f); }
    }
    if (isObjectType(t)) {
      // A type reached only as a member of a union, none of its fields selected: its fields as transcribed.
      if (!fields.size) for (const f of Object.keys(t.getFields())) fields.add(f);
      for (const f of fields) touchType(t.getFields()[f].type);
    }
  }
}

// ---- 3. the subset: the touched members

const stats = { types: 0, fields: 0, args: 0, inputFields: 0, values: 0 };
let members = 0; // fields, arguments, input fields, enum values and union members written
const tally = (n) => { members += n; };
const blocks = [];
for (const name of [...touched.keys()].sort()) {
  const t = full.getType(name);
  if (isScalarType(t)) { if (!isSpecifiedScalarType(t)) blocks.push(`scalar ${name}`); continue; }
  stats.types++;
  if (isEnumType(t)) stats.values += t.getValues().length;
  const keepField = (f) => isInputObjectType(t) || touched.get(name).has(f);
  // An argument is kept when a document passes it or GitLab requires it.
  const keepArg = (f, n, a) => { const used = touchArgs.get(`${name}.${f}`)?.has(n) || a.type.endsWith('!'); if (used) stats.args++; return used; };
  const sdl = typeSdl(name, (f, x) => { const k = keepField(f, x); if (k) { if (isInputObjectType(t)) stats.inputFields++; else stats.fields++; } return k; }, keepArg, tally);
  blocks.push(sdl);
}
const reads = Object.values(facts.types).flatMap((t) => [t.read, ...Object.values(t.fields ?? {}).map((f) => f.read)]).filter((r) => typeof r === 'number');
const offsets = [...new Set(reads)].sort((a, b) => a - b);
const src = facts.sources.ref;
const header = `# Generated by scripts/graphql-subset.mjs — do not edit. The part of GitLab's GraphQL schema that the
# catalog's GraphQL documents touch: every type, field, argument and enum value they use (plus the members of
# the abstract types they reach and the fields of the input types they send). Facts only; no description copied.
#
# Source: ${src.repository} ${src.path} at commit ${src.commit}
# (${src.note}), a ${src.total_chars}-character page, transcribed member by member into
# test/fixtures/reference/gitlab-graphql-facts.json (each type with the anchor of its section and the char offset
# it was read at: ${offsets.length} reads of 16,000 characters, at ${offsets[0] ?? '-'} … ${offsets.at(-1) ?? '-'}).
#
# Coverage: ${stats.types} types, ${stats.fields} fields, ${stats.args} arguments, ${stats.inputFields} input fields, ${stats.values} enum values;
# ${members} members (fields, arguments, input fields, enum values, union members), every one read at one of those offsets.
`;
writeFileSync(out, `${header}\n${SCHEMA_HEAD}\n\n${blocks.join('\n\n')}\n`);
buildSchema(readFileSync(out, 'utf8')); // the output must stand on its own
console.log(`wrote ${out}: ${documents.length} documents; ${stats.types} types, ${stats.fields} fields, ${stats.args} arguments, ${stats.inputFields} input fields, ${stats.values} enum values`);
console.log(`${members} members, every one read at a recorded offset of the reference page`);
if (omitted.length) console.log(`input fields of the facts left out (their types are not transcribed):\n  ${[...new Set(omitted)].join('\n  ')}`);
