// Comment threads: discussions (issue, merge request, commit, snippet, epic) as threads of notes, and
// note lists, each note with its author, body (cut with a marker), resolvable/resolved state and, for a
// diff note, the file and line it is on. A note's body is always shown: it is what the note is for.
import type { RenderInput, Rendered } from './types.js';
import { code, fence, heading, inline, quote, stripControl, toText } from './contain.js';
import { positionText } from './format.js';
import { paginationLine } from './pagination.js';
import { cutText, isRecord, num, thingsOf, type Rec } from './shared.js';

/** A REST note's id (a number); a GraphQL note's global id is said in structuredContent. */
const isScalarId = (id: unknown): boolean => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id));

/** A body longer than this is cut in a thread (the marker says how to read it whole). */
const MAX_BODY = 600;
const MAX_THREADS = 100;

const showsBodies = (input: RenderInput): boolean => input.show === 'all' || (Array.isArray(input.show) && (input.show.includes('body') || input.show.includes('notes')));

/** A thread's notes: a list (REST), or a connection's nodes (GraphQL, e.g. an epic's threads). */
export function notesOf(d: Rec): Rec[] | undefined {
  const n = d.notes;
  if (Array.isArray(n)) return n.filter(isRecord);
  if (isRecord(n) && Array.isArray(n.nodes)) return n.nodes.filter(isRecord);
  return undefined;
}

/** What a note's line already says; other fields are shown only when asked for (`fields`). */
const SAID = new Set(['id', 'author', 'body', 'created_at', 'createdAt', 'system', 'resolvable', 'resolved']);

/** The note's fields asked for by name, or all of them with "all", beyond what its line says. */
function askedFields(input: RenderInput, n: Rec): Rec | undefined {
  const keys = input.show === 'all' ? Object.keys(n) : Array.isArray(input.show) ? input.show.filter((k) => k in n) : [];
  const picked = keys.filter((k) => !SAID.has(k));
  return picked.length ? Object.fromEntries(picked.map((k) => [k, n[k]])) : undefined;
}

interface NoteOut {
  text: string;
  value: Rec;
}

function note(input: RenderInput, n: Rec): NoteOut {
  const author = isRecord(n.author) && typeof n.author.username === 'string' ? `@${n.author.username}` : 'someone';
  const full = stripControl(n.body ?? '');
  const whole = showsBodies(input);
  const { shown, rest } = whole ? { shown: full, rest: 0 } : cutText(full, MAX_BODY);
  const marker = rest > 0 ? ` … [cut: ${num(rest)} more characters; call again with "fields": ["body"] to read it whole]` : '';
  const place = positionText(n.position);
  const state = n.resolvable === true ? (n.resolved === true ? 'resolved' : 'unresolved') : '';
  // The note's id: what a reaction, an edit, a reply or a delete of this one note takes.
  const tags = [isScalarId(n.id) ? `note ${toText(n.id)}` : '', n.system === true ? 'system' : '', place ? `on ${place}` : '', state].filter(Boolean);
  const head = `${inline(author, 80)}${n.created_at ?? n.createdAt ? `, ${inline(n.created_at ?? n.createdAt, 40)}` : ''}${tags.length ? ` (${inline(tags.join(', '), 300)})` : ''}`;
  const created = n.created_at ?? n.createdAt;
  let text = /\n/.test(shown) ? `- ${head}:\n${quote(shown + marker).replace(/^/gm, '  ')}` : `- ${head}: ${inline(shown, whole ? undefined : MAX_BODY + 10)}${inline(marker)}`;
  const value: Rec = { id: n.id, author: author === 'someone' ? null : author.slice(1), created_at: created ?? null, body: shown + marker };
  const asked = askedFields(input, n);
  if (asked) {
    text += `\n${fence(JSON.stringify(asked, null, 2), 'json').replace(/^/gm, '  ')}`;
    value.fields = asked;
  }
  if (n.system === true) value.system = true;
  if (place) value.position = place;
  if (n.resolvable === true) value.resolved = n.resolved === true;
  return { text, value };
}

/** One discussion: its heading line (place, resolved state, id to reply or resolve with) and its notes. */
function thread(input: RenderInput, d: Rec, index: number): { lines: string[]; value: Rec } {
  const notes = notesOf(d) ?? [];
  // GraphQL says it of the thread; REST of each note.
  const resolvable = d.resolvable === true || notes.some((n) => n.resolvable === true);
  const resolved = resolvable && (typeof d.resolved === 'boolean' ? d.resolved : notes.every((n) => n.resolvable !== true || n.resolved === true));
  const place = positionText(notes[0]?.position);
  const kind = d.individual_note === true ? 'Comment' : 'Thread';
  const state = resolvable ? (resolved ? 'resolved' : 'unresolved') : '';
  const title = [`${kind} ${num(index + 1)}`, place ? `on ${place}` : '', state].filter(Boolean).join(' — ');
  const lines = [`### ${heading(title, 300)}`, '', `id: ${code(toText(d.id ?? ''), 80)}, ${num(notes.length)} note${notes.length === 1 ? '' : 's'}`];
  const out = notes.map((n) => note(input, n));
  for (const n of out) lines.push(n.text);
  const value: Rec = { id: d.id ?? null, individual_note: d.individual_note === true, notes: out.map((n) => n.value) };
  if (resolvable) { value.resolvable = true; value.resolved = resolved; }
  if (place) value.position = place;
  return { lines, value };
}

/** A discussion, a list of discussions, or a list of notes. */
export function renderThreads(input: RenderInput, data: Rec | unknown[]): Rendered {
  if (!Array.isArray(data)) {
    const t = thread(input, data, 0);
    return { markdown: [`## ${t.value.individual_note ? 'Comment' : 'Thread'} ${t.value.resolved === true ? '(resolved)' : t.value.resolvable ? '(unresolved)' : ''}`.trim(), '', ...t.lines.slice(2)].join('\n'), structured: t.value };
  }
  const items = data.filter(isRecord);
  const shown = items.slice(0, MAX_THREADS);
  const things = thingsOf(input);
  const lines: string[] = [`## ${heading(things.charAt(0).toUpperCase() + things.slice(1))} (${num(items.length)})`];
  const values: Rec[] = [];
  if (shown.every((x) => notesOf(x) !== undefined)) {
    const open = shown.filter((d) => (d.resolvable === true && d.resolved === false) || (notesOf(d) ?? []).some((n) => n.resolvable === true && n.resolved !== true)).length;
    if (open) lines.push('', `${num(open)} unresolved thread${open === 1 ? '' : 's'}.`);
    shown.forEach((d, i) => {
      const t = thread(input, d, i);
      lines.push('', ...t.lines);
      values.push(t.value);
    });
  } else {
    lines.push('');
    for (const n of shown) {
      const out = note(input, n);
      lines.push(out.text);
      values.push(out.value);
    }
  }
  const structured: Rec = { items: values };
  // A field asked for that no note has is said, with the fields notes do have.
  const notes = shown.flatMap((x) => notesOf(x) ?? [x]);
  const unknown = Array.isArray(input.show) ? input.show.filter((k) => k !== 'body' && k !== 'notes' && !notes.some((n) => k in n) && !shown.some((d) => k in d)) : [];
  if (unknown.length && notes.length) {
    structured.unknown_fields = unknown;
    lines.push('', `Not in these notes: ${inline(unknown.join(', '), 400)}. Their fields: ${inline([...new Set(notes.flatMap((n) => Object.keys(n)))].join(', '), 3000)}.`);
  }
  if (items.length > shown.length) {
    lines.push('', `(${num(items.length - shown.length)} more not shown: page through the list to see them)`);
    structured.omitted_items = items.length - shown.length;
  }
  if (input.pagination) {
    const p = paginationLine(input.pagination);
    if (p) lines.push('', p);
    structured.pagination = input.pagination;
  }
  return { markdown: lines.join('\n'), structured };
}
