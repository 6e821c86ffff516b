// A tiny git model: commits hold a full snapshot of their files (small repositories, copy on write).
import type { CommitRec, RepoRec } from './state.js';
import { sha1, unifiedDiff } from './util.js';

export function newRepo(): RepoRec {
  return { commits: new Map(), branches: new Map(), tags: new Map(), protectedBranches: new Map() };
}

export const blobId = (content: string): string => sha1(`blob ${Buffer.byteLength(content)}\0${content}`);

export interface CommitInput {
  parent: string | null;
  files: Map<string, string>;
  message: string;
  authorName: string;
  authorEmail: string;
  date: string;
  /** A second parent (merge commits). */
  mergeParent?: string;
  /** The branch the commit is pushed to. */
  branch: string;
}

export function addCommit(repo: RepoRec, c: CommitInput): CommitRec {
  const parents = c.parent ? [c.parent] : [];
  if (c.mergeParent) parents.push(c.mergeParent);
  const id = sha1(`${parents.join(',')}\n${c.message}\n${c.date}\n${[...c.files.keys()].sort().join(',')}\n${repo.commits.size}`);
  const rec: CommitRec = {
    id, parents, title: c.message.split('\n')[0], message: c.message, authorName: c.authorName, authorEmail: c.authorEmail, date: c.date, files: c.files, branch: c.branch,
  };
  repo.commits.set(id, rec);
  return rec;
}

/** A branch name, tag name, full sha or a sha prefix of at least 7 characters. */
export function resolveRef(repo: RepoRec, ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const b = repo.branches.get(ref);
  if (b) return b;
  const t = repo.tags.get(ref);
  if (t) return t.target;
  const r = ref.replace(/^refs\/(heads|tags)\//, '');
  if (r !== ref) return resolveRef(repo, r);
  if (repo.commits.has(ref)) return ref;
  if (/^[0-9a-f]{7,40}$/.test(ref)) for (const id of repo.commits.keys()) if (id.startsWith(ref)) return id;
  return undefined;
}

/** Every commit reachable from `sha`, newest first. */
export function history(repo: RepoRec, sha: string): CommitRec[] {
  const seen = new Set<string>();
  const out: CommitRec[] = [];
  const stack = [sha];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const c = repo.commits.get(id);
    if (!c) continue;
    out.push(c);
    for (const p of c.parents) stack.push(p);
  }
  return out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

export function mergeBase(repo: RepoRec, a: string, b: string): string | undefined {
  const inB = new Set(history(repo, b).map((c) => c.id));
  return history(repo, a).find((c) => inB.has(c.id))?.id;
}

/** Commits reachable from `head` and not from `base`, newest first. */
export function commitsBetween(repo: RepoRec, base: string, head: string): CommitRec[] {
  const inBase = new Set(history(repo, base).map((c) => c.id));
  return history(repo, head).filter((c) => !inBase.has(c.id));
}

export interface FileDiff {
  old_path: string; new_path: string; a_mode: string; b_mode: string; diff: string;
  new_file: boolean; renamed_file: boolean; deleted_file: boolean; generated_file: boolean;
}

export function diffFiles(before: Map<string, string> | undefined, after: Map<string, string> | undefined): FileDiff[] {
  const a = before ?? new Map<string, string>();
  const b = after ?? new Map<string, string>();
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const out: FileDiff[] = [];
  for (const p of paths) {
    const x = a.get(p); const y = b.get(p);
    if (x === y) continue;
    out.push({
      old_path: p, new_path: p, a_mode: mode(x), b_mode: mode(y),
      diff: unifiedDiff(asGitShows(x), asGitShows(y)), new_file: x === undefined, renamed_file: false, deleted_file: y === undefined, generated_file: false,
    });
  }
  return out;
}

const mode = (content: string | undefined): string => (content === undefined ? '0' : content.startsWith('gitlink:') ? '160000' : '100644');

/** Git diffs a submodule (a gitlink) as the line `Subproject commit <sha>`. */
const asGitShows = (content: string | undefined): string | undefined => (content?.startsWith('gitlink:') ? `Subproject commit ${content.slice('gitlink:'.length)}\n` : content);

export function diffStats(diffs: FileDiff[]): { additions: number; deletions: number; total: number } {
  let additions = 0; let deletions = 0;
  for (const d of diffs) for (const line of d.diff.split('\n')) {
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  return { additions, deletions, total: additions + deletions };
}

export interface TreeEntry { id: string; name: string; type: 'tree' | 'blob' | 'commit'; path: string; mode: string }

/** Entries under `dir` (root when empty), directories first, like the platform's tree listing. */
export function treeEntries(files: Map<string, string>, dir: string, recursive: boolean): TreeEntry[] {
  const prefix = dir ? `${dir.replace(/\/+$/, '')}/` : '';
  const dirs = new Map<string, TreeEntry>();
  const blobs: TreeEntry[] = [];
  for (const [path, content] of files) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const parts = rest.split('/');
    const upto = recursive ? parts.length - 1 : Math.min(1, parts.length - 1);
    for (let i = 1; i <= upto; i++) {
      const dpath = prefix + parts.slice(0, i).join('/');
      if (!dirs.has(dpath)) dirs.set(dpath, { id: sha1(`tree:${dpath}`), name: parts[i - 1], type: 'tree', path: dpath, mode: '040000' });
    }
    if (recursive || parts.length === 1) {
      // A submodule is a gitlink: a tree entry of type commit naming the submodule's commit.
      const link = content.startsWith('gitlink:') ? content.slice('gitlink:'.length) : undefined;
      blobs.push(link ? { id: link, name: parts[parts.length - 1], type: 'commit', path, mode: '160000' } : { id: blobId(content), name: parts[parts.length - 1], type: 'blob', path, mode: '100644' });
    }
  }
  const byPath = (x: TreeEntry, y: TreeEntry) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0);
  return [...[...dirs.values()].sort(byPath), ...blobs.sort(byPath)];
}

export interface CommitAction { action: string; file_path: string; previous_path?: string; content?: string; encoding?: string }

/** Applies commit actions to a snapshot; answers the platform's sentence when one cannot apply. */
export function applyActions(files: Map<string, string>, actions: CommitAction[]): { files: Map<string, string> } | { error: string } {
  const next = new Map(files);
  for (const a of actions) {
    const content = a.content === undefined ? '' : a.encoding === 'base64' ? Buffer.from(a.content, 'base64').toString('utf8') : a.content;
    switch (a.action) {
      case 'create':
        if (next.has(a.file_path)) return { error: 'A file with this name already exists' };
        next.set(a.file_path, content);
        break;
      case 'update':
        if (!next.has(a.file_path)) return { error: "A file with this name doesn't exist" };
        next.set(a.file_path, content);
        break;
      case 'delete':
        if (!next.has(a.file_path)) return { error: "A file with this name doesn't exist" };
        next.delete(a.file_path);
        break;
      case 'move': {
        const from = a.previous_path ?? '';
        if (!next.has(from)) return { error: "A file with this name doesn't exist" };
        if (next.has(a.file_path)) return { error: 'A file with this name already exists' };
        next.set(a.file_path, a.content === undefined ? next.get(from)! : content);
        next.delete(from);
        break;
      }
      case 'chmod':
        if (!next.has(a.file_path)) return { error: "A file with this name doesn't exist" };
        break;
      default:
        return { error: `actions[${actions.indexOf(a)}][action] does not have a valid value` };
    }
  }
  return { files: next };
}

/** Git trailers of a commit message (`Key: value` lines of its last paragraph), each key with its values in order. */
export function trailersOf(message: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const paragraphs = message.trim().split(/\n\s*\n/);
  if (paragraphs.length < 2) return out;
  const lines = paragraphs[paragraphs.length - 1].split('\n');
  const parsed = lines.map((l) => /^([A-Za-z0-9][A-Za-z0-9-]*):\s*(.*\S)\s*$/.exec(l));
  if (parsed.some((m) => !m)) return out;
  for (const m of parsed) out.set(m![1], [...(out.get(m![1]) ?? []), m![2]]);
  return out;
}

/** For each line of `a`, the line of `b` it is kept as in their longest common subsequence, or -1. */
function keptLines(a: string[], b: string[]): number[] {
  const n = a.length; const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = new Array<number>(n).fill(-1);
  let i = 0; let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { out[i++] = j++; } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++; else j++;
  }
  return out;
}

const lines = (s: string): string[] => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));

/**
 * A file's blame at `head`: runs of lines, in file order, each with the commit that last changed them. Each
 * line is followed back along first parents (kept lines by the same common subsequence the merge uses) until
 * the commit whose parent lacks it; `git blame`'s answer for histories without moves between files.
 */
export function blameRanges(repo: RepoRec, head: string, path: string): Array<{ commit: CommitRec; lines: string[] }> {
  const text = lines(repo.commits.get(head)?.files.get(path) ?? '');
  const owner = new Array<string>(text.length);
  const at = text.map((_, i) => i);
  let pending = text.map((_, i) => i);
  let cur = repo.commits.get(head);
  while (cur && pending.length) {
    const parent = cur.parents[0] !== undefined ? repo.commits.get(cur.parents[0]) : undefined;
    const before = parent?.files.get(path);
    if (before === undefined) { for (const i of pending) owner[i] = cur.id; break; }
    const kept = keptLines(lines(cur.files.get(path) ?? ''), lines(before));
    const still: number[] = [];
    for (const i of pending) {
      const j = kept[at[i]!]!;
      if (j === -1) owner[i] = cur.id; else { at[i] = j; still.push(i); }
    }
    pending = still;
    cur = parent;
  }
  const out: Array<{ commit: CommitRec; lines: string[] }> = [];
  text.forEach((line, i) => {
    const last = out[out.length - 1];
    if (last && last.commit.id === owner[i]) last.lines.push(line);
    else out.push({ commit: repo.commits.get(owner[i]!)!, lines: [line] });
  });
  return out;
}

/**
 * Applies the change `from → to` of one file to `base`, hunk by hunk, the way a three-way merge does:
 * each changed block must find its old lines, and the unchanged line on each side of it, together in
 * `base`; otherwise (the target changed the same lines) the answer is undefined, a conflict.
 */
function mergeFile(base: string, from: string, to: string): string | undefined {
  const [b, f, t] = [lines(base), lines(from), lines(to)];
  const toBase = keptLines(f, b);
  const toTo = keptLines(f, t);
  // Blocks of `from` lines changed on the way to `to`, with the `to` lines that replace them.
  const blocks: Array<{ start: number; end: number; repl: string[] }> = [];
  let i = 0; let tj = 0;
  while (i <= f.length) {
    if (i < f.length && toTo[i] === tj) { i++; tj++; continue; }
    const start = i;
    while (i < f.length && toTo[i] === -1) i++;
    const nextT = i < f.length ? toTo[i] : t.length;
    if (i > start || nextT > tj) blocks.push({ start, end: i, repl: t.slice(tj, nextT) });
    if (i >= f.length) break;
    tj = nextT;
  }
  const out = [...b];
  for (const blk of blocks.reverse()) {
    // Where the block sits in `base`: right after the line before it, right before the line after it.
    const before = blk.start > 0 ? toBase[blk.start - 1] : -1;
    const after = blk.end < f.length ? toBase[blk.end] : b.length;
    if ((blk.start > 0 && before === -1) || after === -1) return undefined;
    const region = b.slice(before + 1, after);
    if (region.length !== blk.end - blk.start || region.some((x, k) => x !== f[blk.start + k])) return undefined;
    out.splice(before + 1, region.length, ...blk.repl);
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/**
 * Applies the change `from → to` to `base` file by file: a file the target still has as `from` takes
 * `to`; one already at `to` is left; one changed otherwise is merged hunk by hunk, or is a conflict.
 */
export function applyChange(base: Map<string, string>, from: Map<string, string>, to: Map<string, string>): Map<string, string> | 'conflict' | 'empty' {
  const out = new Map(base);
  let changed = false;
  for (const path of new Set([...from.keys(), ...to.keys()])) {
    const before = from.get(path); const after = to.get(path);
    if (before === after) continue;
    const current = base.get(path);
    if (current === after) continue;
    if (current !== before) {
      const merged = current !== undefined && before !== undefined && after !== undefined ? mergeFile(current, before, after) : undefined;
      if (merged === undefined) return 'conflict';
      if (merged === current) continue;
      out.set(path, merged);
      changed = true;
      continue;
    }
    if (after === undefined) out.delete(path); else out.set(path, after);
    changed = true;
  }
  return changed ? out : 'empty';
}

/** Merges `source` into `target`: the target's files plus the source's changes since their merge base; undefined on a conflict. */
export function mergeCommits(repo: RepoRec, source: string, target: string): Map<string, string> | undefined {
  const base = mergeBase(repo, source, target);
  const targetFiles = repo.commits.get(target)!.files;
  const merged = applyChange(targetFiles, base ? repo.commits.get(base)!.files : new Map<string, string>(), repo.commits.get(source)!.files);
  return merged === 'conflict' ? undefined : merged === 'empty' ? new Map(targetFiles) : merged;
}
