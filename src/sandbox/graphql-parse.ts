// A compact GraphQL document parser: operations, fragments, selections, arguments (variables resolved).

export interface Field { kind: 'field'; alias?: string; name: string; args: Record<string, unknown>; selections: Selection[] | null }
interface FragmentSpread { kind: 'spread'; name: string }
interface InlineFragment { kind: 'inline'; typeCondition?: string; selections: Selection[] }
export type Selection = Field | FragmentSpread | InlineFragment;
export interface Operation { type: 'query' | 'mutation' | 'subscription'; name?: string; selections: Selection[]; variableDefaults: Record<string, unknown> }
interface Fragment { typeCondition: string; selections: Selection[] }
export interface GqlDocument { operations: Operation[]; fragments: Map<string, Fragment> }

export class GraphQLSyntaxError extends Error {
  constructor(msg: string, readonly line: number, readonly column: number) { super(msg); }
}

type Tok = { t: 'punct' | 'name' | 'num' | 'str' | 'eof'; v: string; pos: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\ufeff') { i++; continue; }
    if (c === '#') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (src.startsWith('...', i)) { out.push({ t: 'punct', v: '...', pos: i }); i += 3; continue; }
    if ('!$&()[]{}:=@|'.includes(c)) { out.push({ t: 'punct', v: c, pos: i }); i++; continue; }
    if (/[_A-Za-z]/.test(c)) {
      const m = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i, i + 256))!;
      out.push({ t: 'name', v: m[0], pos: i }); i += m[0].length; continue;
    }
    if (/[-0-9]/.test(c)) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i, i + 64));
      if (!m) throw syntax(src, i, `Unexpected character "${c}"`);
      out.push({ t: 'num', v: m[0], pos: i }); i += m[0].length; continue;
    }
    if (src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      if (end < 0) throw syntax(src, i, 'Unterminated string');
      out.push({ t: 'str', v: src.slice(i + 3, end), pos: i }); i = end + 3; continue;
    }
    if (c === '"') {
      let j = i + 1; let s = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\n') throw syntax(src, j, 'Unterminated string');
        if (src[j] === '\\') {
          const e = src[j + 1];
          if (e === 'u') { s += String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16) || 0); j += 6; continue; }
          s += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
          j += 2; continue;
        }
        s += src[j++];
      }
      if (j >= src.length) throw syntax(src, i, 'Unterminated string');
      out.push({ t: 'str', v: s, pos: i }); i = j + 1; continue;
    }
    throw syntax(src, i, `Unexpected character "${c}"`);
  }
  out.push({ t: 'eof', v: '', pos: src.length });
  return out;
}

function syntax(src: string, pos: number, msg: string): GraphQLSyntaxError {
  const before = src.slice(0, pos).split('\n');
  const line = before.length; const column = before[before.length - 1].length + 1;
  return new GraphQLSyntaxError(`${msg} at [${line}, ${column}]`, line, column);
}

export function parseDocument(src: string, variables: Record<string, unknown>): GqlDocument {
  const toks = tokenize(src);
  let k = 0;
  const peek = () => toks[k];
  const fail = (msg?: string): never => {
    const t = toks[k];
    throw syntax(src, t.pos, msg ?? (t.t === 'eof' ? 'Unexpected end of document' : `Parse error on "${t.v}" (${t.t === 'name' ? 'IDENTIFIER' : t.t.toUpperCase()})`));
  };
  const isP = (v: string) => toks[k].t === 'punct' && toks[k].v === v;
  const expectP = (v: string) => { if (!isP(v)) fail(); k++; };
  const name = (): string => { if (toks[k].t !== 'name') fail(); return toks[k++].v; };
  let vars: Record<string, unknown> = variables;

  const value = (): unknown => {
    const t = peek();
    if (t.t === 'punct' && t.v === '$') { k++; const n = name(); return vars[n]; }
    if (t.t === 'num') { k++; return Number(t.v); }
    if (t.t === 'str') { k++; return t.v; }
    if (t.t === 'name') { k++; return t.v === 'true' ? true : t.v === 'false' ? false : t.v === 'null' ? null : t.v; }
    if (isP('[')) { k++; const arr: unknown[] = []; while (!isP(']')) { if (peek().t === 'eof') fail(); arr.push(value()); } k++; return arr; }
    if (isP('{')) { k++; const obj: Record<string, unknown> = {}; while (!isP('}')) { const n = name(); expectP(':'); obj[n] = value(); } k++; return obj; }
    return fail();
  };
  const args = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (!isP('(')) return out;
    k++;
    while (!isP(')')) { const n = name(); expectP(':'); out[n] = value(); }
    k++;
    return out;
  };
  const directives = () => { while (isP('@')) { k++; name(); args(); } };
  const typeRef = () => {
    if (isP('[')) { k++; typeRef(); expectP(']'); } else name();
    if (isP('!')) k++;
  };
  const selectionSet = (): Selection[] => {
    expectP('{');
    const out: Selection[] = [];
    while (!isP('}')) {
      if (peek().t === 'eof') fail();
      if (isP('...')) {
        k++;
        if (peek().t === 'name' && peek().v !== 'on') { const n = name(); directives(); out.push({ kind: 'spread', name: n }); continue; }
        let typeCondition: string | undefined;
        if (peek().t === 'name' && peek().v === 'on') { k++; typeCondition = name(); }
        directives();
        out.push({ kind: 'inline', typeCondition, selections: selectionSet() });
        continue;
      }
      let n = name(); let alias: string | undefined;
      if (isP(':')) { k++; alias = n; n = name(); }
      const a = args();
      directives();
      out.push({ kind: 'field', alias, name: n, args: a, selections: isP('{') ? selectionSet() : null });
    }
    k++;
    if (out.length === 0) fail('Selection set cannot be empty');
    return out;
  };

  const doc: GqlDocument = { operations: [], fragments: new Map() };
  while (peek().t !== 'eof') {
    if (isP('{')) { doc.operations.push({ type: 'query', selections: selectionSet(), variableDefaults: {} }); continue; }
    const kw = name();
    if (kw === 'fragment') {
      const fname = name();
      if (name() !== 'on') fail();
      const typeCondition = name();
      directives();
      doc.fragments.set(fname, { typeCondition, selections: selectionSet() });
      continue;
    }
    if (kw !== 'query' && kw !== 'mutation' && kw !== 'subscription') { k--; fail(); }
    const opName = peek().t === 'name' ? name() : undefined;
    const defaults: Record<string, unknown> = {};
    if (isP('(')) {
      k++;
      const saved = vars;
      vars = {};
      while (!isP(')')) {
        expectP('$'); const vn = name(); expectP(':'); typeRef();
        if (isP('=')) { k++; defaults[vn] = value(); }
        directives();
      }
      vars = saved;
      k++;
    }
    directives();
    const merged = { ...defaults, ...variables };
    vars = merged;
    doc.operations.push({ type: kw as Operation['type'], name: opName, selections: selectionSet(), variableDefaults: defaults });
    vars = variables;
  }
  return doc;
}

/** The operation to run: the one named `operationName`, else the only (first) one. */
export function pickOperation(doc: GqlDocument, operationName?: string): Operation | undefined {
  if (operationName) return doc.operations.find((o) => o.name === operationName);
  return doc.operations[0];
}

/** Name of the first root field of the chosen operation (for fault rules), or undefined. */
export function firstRootField(query: string, operationName?: string): string | undefined {
  try {
    const doc = parseDocument(query, {});
    const op = pickOperation(doc, operationName);
    const first = op?.selections.find((s): s is Field => s.kind === 'field');
    return first?.name;
  } catch {
    return undefined;
  }
}
