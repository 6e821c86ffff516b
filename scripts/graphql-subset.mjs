// Writes test/fixtures/gitlab-graphql-subset.graphql: the part of GitLab's GraphQL schema the catalog's
// documents touch (every type, field, argument and enum value they use), for test/graphql-documents.test.ts
// and the fine-grained derivation in test/helpers/withheld.ts. Facts only: names, types, nullability,
// arguments, enum values, deprecation; no description is copied.
//
//   npm run build && node scripts/graphql-subset.mjs <excerpts-dir>
//
// Sources, in order of authority:
// 1. GitLab's GraphQL reference, doc/api/graphql/reference/_index.md in gitlabhq/gitlabhq. The page is
//    ~5 MB, so it is read in pieces (the search tool's read_file, 16,000 characters at an offset) and the
//    sections the documents need are saved, line for line, into <excerpts-dir>/<offset>-<label>.md
//    (outside the repository: the page's prose stays out). <excerpts-dir>/SOURCE names the commit.
// 2. test/fixtures/reference/gitlab-graphql-hand.graphql: the earlier hand transcription, used only for
//    members whose section is not yet among the excerpts; each such member is marked in the output, and
//    the coverage figures say how many are left.
// Members are found by walking every document (graphql, graphqlWhen, resolve) of the built catalog.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType,
  isUnionType, parse, TypeInfo, visit, visitWithTypeInfo, typeFromAST,
} from 'graphql';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'test', 'fixtures', 'gitlab-graphql-subset.graphql');
const handFile = join(root, 'test', 'fixtures', 'reference', 'gitlab-graphql-hand.graphql');
const dir = process.argv[2];
if (!dir || !existsSync(join(dir, 'SOURCE'))) {
  console.error('usage: node scripts/graphql-subset.mjs <excerpts-dir>   (the directory holds SOURCE and <offset>-<label>.md excerpts)');
  process.exit(1);
}
const distCatalog = join(root, 'dist', 'catalog', 'index.js');
if (!existsSync(distCatalog)) {
  console.error('scripts/graphql-subset.mjs: run `npm run build` first (the documents are read from the built catalog)');
  process.exit(1);
}

// ---- 1. the reference excerpts → a model of the types they describe

/** `[`[Foo!]!`](#foo)` → `[Foo!]!` */
const typeCell = (cell) => /\[`([^`]+)`\]/.exec(cell)?.[1];
const deprecation = (desc) => { const m = /^\**Deprecated\**\s+in GitLab (\d+\.\d+)/.exec(desc.trim()); return m ? `Deprecated in GitLab ${m[1]}.` : undefined; };
const PAGINATION = [['after', 'String'], ['before', 'String'], ['first', 'Int'], ['last', 'Int']];

/** name → { kind?, fields: Map<name, {type, args: Map, deprecated, at}>, values: Map<name, {deprecated, at}>, possible: Set, at } */
const ref = new Map();
const refType = (name) => { if (!ref.has(name)) ref.set(name, { fields: new Map(), values: new Map(), possible: new Set() }); return ref.get(name); };
const source = Object.fromEntries(readFileSync(join(dir, 'SOURCE'), 'utf8').trim().split('\n').map((l) => [l.split(' ')[0], l.slice(l.indexOf(' ') + 1)]));
const excerpts = readdirSync(dir).filter((f) => /^\d+-.+\.md$/.test(f)).sort((a, b) => parseInt(a) - parseInt(b));

for (const file of excerpts) {
  const offset = parseInt(file);
  const text = readFileSync(join(dir, file), 'utf8');
  let type; let field; let table; // table: 'args' | 'fields' | 'values' | 'possible'
  let mutation; // { payload, input }
  for (const line of text.split('\n')) {
    let m;
    if ((m = /^###+ `(Query|Mutation)\.(\w+)`/.exec(line))) {
      type = refType(m[1]); field = type.fields.get(m[2]) ?? { type: undefined, args: new Map(), at: offset }; type.fields.set(m[2], field); table = undefined; // a section may span two excerpts
      mutation = m[1] === 'Mutation' ? { name: m[2], payload: `${m[2][0].toUpperCase()}${m[2].slice(1)}Payload` } : undefined;
      if (mutation) field.type = mutation.payload;
    } else if ((m = /^#{4,6} `(\w+)\.(\w+)`/.exec(line))) {
      field = { type: undefined, args: new Map(), at: offset }; refType(m[1]).fields.set(m[2], field); type = refType(m[1]); table = undefined; mutation = undefined;
    } else if ((m = /^###+ `(\w+)`/.exec(line))) {
      type = refType(m[1]); type.at = offset; field = undefined; table = undefined; mutation = undefined;
    } else if ((m = /^Returns \[`([^`]+)`\]/.exec(line)) && field) {
      field.type = m[1];
    } else if (/^This field returns a \[connection\]/.test(line) && field) {
      for (const [n, t] of PAGINATION) field.args.set(n, { type: t, at: offset });
    } else if ((m = /^Input type: `(\w+)`/.exec(line)) && mutation) {
      mutation.input = m[1]; field.args.set('input', { type: `${m[1]}!`, at: offset });
    } else if (/^(#### )?Arguments:?$/.test(line.trim())) {
      table = 'args';
    } else if (/^(#### )?Fields:?$/.test(line.trim())) {
      table = 'fields';
    } else if (/^(Implementations|One of):?$/.test(line.trim())) {
      table = 'possible';
    } else if (/^\| Value \| Description \|/.test(line)) {
      table = 'values'; type.kind = 'enum';
    } else if ((m = /^- \[`(\w+)`\]/.exec(line)) && table === 'possible') {
      type.possible.add(m[1]);
    } else if ((m = /^\| <a id="[^"]*"><\/a>`(\w+)`[^|]*\|(.*)$/.exec(line))) {
      const cells = m[2].split(' | ');
      if (table === 'values') { type.values.set(m[1], { deprecated: deprecation(cells[0] ?? ''), at: offset }); continue; }
      const member = { type: typeCell(cells[0]), deprecated: deprecation(cells[1] ?? ''), at: offset };
      if (mutation && table === 'args') { const t = refType(mutation.input); t.kind = 'input'; t.fields.set(m[1], member); } // mutation arguments are its input's fields
      else if (mutation && table === 'fields') { const t = refType(mutation.payload); t.kind = 'object'; t.fields.set(m[1], { ...member, args: new Map() }); }
      else if (field && table === 'args') field.args.set(m[1], member);
      else if (type && table === 'args') { type.kind = 'input'; type.fields.set(m[1], member); }
      else if (type && table === 'fields') {
        // A field row marked "(see Connections)" takes the four pagination arguments.
        const args = new Map(/\(see \[Connections\]/.test(cells[1] ?? '') ? PAGINATION.map(([n, t]) => [n, { type: t, at: offset }]) : []);
        type.kind ??= 'object'; type.fields.set(m[1], { ...member, args });
      }
    }
  }
}

// ---- 2. the members the documents touch, found by walking them against the earlier transcription

const hand = buildSchema(readFileSync(handFile, 'utf8'));
const { loadCatalog } = await import(distCatalog);
const actions = (await loadCatalog()).actions;
const documents = actions.flatMap((a) => [a.graphql?.document, a.graphqlWhen?.graphql.document, a.resolve?.document].filter(Boolean));

/** type name → Set of touched field names (objects, interfaces, inputs) or null (enums, scalars, unions: whole). */
const touched = new Map();
const touchType = (t) => { const n = getNamedType(t).name; if (!touched.has(n)) touched.set(n, new Set()); return n; };
const touchArgs = new Map(); // `Type.field` → Set of argument names used
for (const doc of documents) {
  const ast = parse(doc);
  const info = new TypeInfo(hand);
  visit(ast, visitWithTypeInfo(info, {
    Field(node) {
      const parent = info.getParentType(); const def = info.getFieldDef();
      if (!parent || !def) throw new Error(`a document selects ${parent?.name}.${node.name.value}, unknown to ${handFile}`);
      if (node.name.value === '__typename') return;
      touched.get(touchType(parent)).add(def.name);
      touchType(def.type);
      const key = `${parent.name}.${def.name}`;
      if (!touchArgs.has(key)) touchArgs.set(key, new Set());
      for (const a of node.arguments ?? []) touchArgs.get(key).add(a.name.value);
    },
    InlineFragment(node) { if (node.typeCondition) touchType(typeFromAST(hand, node.typeCondition)); },
    VariableDefinition(node) { touchType(typeFromAST(hand, node.type)); },
  }));
}
// Close over what the touched members reach: argument types, input fields, the members of abstract types.
for (let changed = true; changed;) {
  changed = false;
  const before = touched.size;
  const sizeBefore = [...touched.values()].reduce((n, s) => n + s.size, 0);
  for (const [name, fields] of [...touched]) {
    const t = hand.getType(name);
    if (isInputObjectType(t)) for (const f of Object.values(t.getFields())) { fields.add(f.name); touchType(f.type); }
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of fields) for (const a of t.getFields()[f].args) if (touchArgs.get(`${name}.${f}`)?.has(a.name) || a.type.toString().endsWith('!')) touchType(a.type);
      for (const i of t.getInterfaces()) { touchType(i); }
    }
    if (isInterfaceType(t) || isUnionType(t)) {
      for (const o of hand.getPossibleTypes(t)) { const n = touchType(o); if (isInterfaceType(t)) for (const f of fields) touched.get(n).add(f); }
    }
    if (isObjectType(t)) {
      // A type reached only as a member of a union, none of its fields selected: its fields as transcribed.
      if (!fields.size) for (const f of Object.keys(t.getFields())) fields.add(f);
      for (const f of fields) touchType(t.getFields()[f].type);
    }
  }
  const size = [...touched.values()].reduce((n, s) => n + s.size, 0);
  if (touched.size !== before || size !== sizeBefore) changed = true;
}

// ---- 3. the subset: each member from the reference when an excerpt has it, else from the earlier transcription

const stats = { types: 0, fields: 0, args: 0, values: 0, inputFields: 0, fromReference: 0, fromHand: 0 };
const handOnly = []; const differences = []; const omitted = [];
const mark = (fromRef, what, n = 1) => { if (fromRef) stats.fromReference += n; else { stats.fromHand += n; handOnly.push(what); } return fromRef ? '' : '  # hand-transcribed, not yet re-read'; };
const compare = (what, refType_, handType) => { if (refType_ && handType && refType_ !== handType) differences.push(`${what}: reference ${refType_}, earlier transcription ${handType}`); };
const dep = (reason) => (reason ? ` @deprecated(reason: ${JSON.stringify(reason)})` : '');

function argsOf(owner, fieldName, handField, refField) {
  const used = touchArgs.get(`${owner}.${fieldName}`) ?? new Set();
  const names = new Set([...used]);
  for (const a of handField?.args ?? []) if (a.type.toString().endsWith('!')) names.add(a.name);
  for (const [n, a] of refField?.args ?? []) if (a.type?.endsWith('!')) names.add(n);
  const parts = [];
  for (const n of [...names].sort()) {
    const r = refField?.args.get(n); const h = handField?.args.find((a) => a.name === n);
    compare(`${owner}.${fieldName}(${n})`, r?.type, h?.type.toString());
    if (!r && !h) throw new Error(`${owner}.${fieldName}(${n}): in neither source`);
    stats.args++;
    mark(Boolean(r), `${owner}.${fieldName}(${n})`);
    parts.push(`${n}: ${r?.type ?? h.type.toString()}${dep(r ? r.deprecated : h.deprecationReason)}`);
  }
  return parts.length ? `(${parts.join(', ')})` : '';
}

const blocks = [];
for (const name of [...touched.keys()].sort()) {
  const h = hand.getType(name); const r = ref.get(name);
  if (!h) throw new Error(`${name} is touched but not in ${handFile}`);
  if (isScalarType(h)) { if (!isSpecifiedScalarType(h)) blocks.push(`scalar ${name}`); continue; }
  stats.types++;
  if (isEnumType(h)) {
    const refValues = r?.values.size ? r.values : undefined;
    if (refValues) {
      const hv = h.getValues().map((v) => v.name).sort().join(' '); const rv = [...refValues.keys()].sort().join(' ');
      if (hv !== rv) differences.push(`enum ${name}: reference [${rv}], earlier transcription [${hv}]`);
    }
    const values = refValues ? [...refValues].map(([v, x]) => `  ${v}${dep(x.deprecated)}`) : h.getValues().map((v) => `  ${v.name}${dep(v.deprecationReason)}`);
    stats.values += values.length;
    blocks.push(`enum ${name} {${mark(Boolean(refValues), `enum ${name}`, values.length)}\n${values.join('\n')}\n}`);
    continue;
  }
  if (isUnionType(h)) {
    const members = h.getTypes().map((t) => t.name);
    blocks.push(`union ${name} =${mark(Boolean(r?.possible.size), `union ${name}`)}\n${members.map((m) => `  | ${m}`).join('\n')}`);
    continue;
  }
  const keyword = isInputObjectType(h) ? 'input' : isInterfaceType(h) ? 'interface' : 'type';
  const impl = isObjectType(h) || isInterfaceType(h) ? h.getInterfaces().map((i) => i.name) : [];
  const lines = [];
  // An input type takes every field the reference lists whose type is in the subset (the catalog may send any).
  if (keyword === 'input') for (const [f, x] of r?.fields ?? []) {
    const base = x.type?.replace(/[[\]!]/g, '');
    if (['String', 'Int', 'Float', 'Boolean', 'ID'].includes(base) || touched.has(base)) touched.get(name).add(f); else omitted.push(`${name}.${f}: ${x.type}`);
  }
  for (const f of [...touched.get(name)].sort()) {
    const hf = h.getFields()[f]; const rf = r?.fields.get(f);
    // An input table is saved whole: a transcribed field it does not list is not GitLab's.
    if (keyword === 'input' && r?.fields.size && !rf) { differences.push(`${name}.${f}: not in the reference, left out`); continue; }
    compare(`${name}.${f}`, rf?.type, hf?.type.toString());
    if (!hf && !rf) throw new Error(`${name}.${f}: in neither source`);
    if (keyword === 'input') stats.inputFields++; else stats.fields++;
    const args = keyword === 'input' ? '' : argsOf(name, f, hf, rf);
    const type = rf?.type ?? hf.type.toString();
    lines.push(`  ${f}${args}: ${type}${dep(rf ? rf.deprecated : hf.deprecationReason)}${mark(Boolean(rf?.type), `${name}.${f}`)}`);
  }
  blocks.push(`${keyword} ${name}${impl.length ? ` implements ${impl.join(' & ')}` : ''} {\n${lines.join('\n')}\n}`);
}

const digest = (f) => createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
const header = `# Generated by scripts/graphql-subset.mjs — do not edit. The part of GitLab's GraphQL schema that the
# catalog's GraphQL documents touch: every type, field, argument and enum value they use (plus the members of
# the abstract types they reach and the fields of the input types they send). Facts only; no description copied.
#
# Source: ${source.repository} ${source.path} at commit ${source.commit}
# (${source.note ?? ''}), a ${source.total_chars}-character page read in excerpts (char offset, sha256 of the excerpt as saved):
${excerpts.map((f) => `#   ${f} ${digest(f)}`).join('\n')}
# An excerpt is whole lines of the page as read_file returned them (16,000 characters from a char offset), the
# lines of the needed sections only; the page's own sha256 is not given: it was never had whole (the repository
# snapshot is over the fetch limit), so each excerpt's digest stands for it.
# Members no excerpt has yet come from the earlier hand transcription (test/fixtures/reference/gitlab-graphql-hand.graphql)
# and carry the comment "hand-transcribed, not yet re-read".
#
# Coverage: ${stats.types} types, ${stats.fields} fields, ${stats.args} arguments, ${stats.inputFields} input fields, ${stats.values} enum values;
# ${stats.fromReference} of them (fields, arguments, input fields, enum values) from the reference, ${stats.fromHand} from the earlier transcription.
`;
writeFileSync(out, `${header}\nschema {\n  query: Query\n  mutation: Mutation\n}\n\n${blocks.join('\n\n')}\n`);
buildSchema(readFileSync(out, 'utf8')); // the output must stand on its own
console.log(`wrote ${out}: ${documents.length} documents; ${stats.types} types, ${stats.fields} fields, ${stats.args} arguments, ${stats.inputFields} input fields, ${stats.values} enum values`);
console.log(`from the reference: ${stats.fromReference} members (fields, arguments, input fields, enum values); from the earlier transcription: ${stats.fromHand}`);
if (omitted.length) console.log(`input fields of the reference left out (their types are outside the subset):\n  ${omitted.join('\n  ')}`);
if (differences.length) console.log(`differences between the reference and the earlier transcription (the reference wins):\n  ${differences.join('\n  ')}`);
