// The fields the views read, picked from the platform's raw answers (not from the Markdown renderers).

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);

function pick(o: Rec, keys: readonly string[]): Rec {
  const out: Rec = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** One page of a job log is at most this many bytes; the view loads earlier pages on demand. */
export const TRACE_PAGE_BYTES = 64 * 1024;

/** The page of the log ending at byte `before` (default: the end), its start moved to a character boundary. */
export function tracePage(log: string, before?: number): Rec {
  const buf = Buffer.from(log, 'utf8');
  const end = Math.min(before ?? buf.length, buf.length);
  let start = Math.max(0, end - TRACE_PAGE_BYTES);
  while (start < end && (buf[start] & 0xc0) === 0x80) start++;
  return { text: buf.subarray(start, end).toString('utf8'), start, end, total: buf.length };
}

const JOB_KEYS = ['id', 'name', 'stage', 'status', 'duration', 'allow_failure', 'when', 'failure_reason', 'started_at', 'finished_at', 'ref'] as const;

export function pipelineOf(raw: unknown): Rec {
  return pick(rec(raw), ['id', 'iid', 'status', 'ref', 'sha', 'source', 'duration', 'created_at', 'finished_at', 'web_url']);
}

export function jobsOf(raw: unknown): Rec[] {
  return list(raw).map((j) => pick(j, JOB_KEYS));
}

export function bridgesOf(raw: unknown): Rec[] {
  return list(raw).map((b) => ({ ...pick(b, ['id', 'name', 'stage', 'status']), downstream: pick(rec(b.downstream_pipeline), ['id', 'status', 'project_id']) }));
}

export function jobOf(raw: unknown): Rec {
  const j = rec(raw);
  return { ...pick(j, JOB_KEYS), pipeline_id: rec(j.pipeline).id };
}

export function mergeRequestOf(raw: unknown): Rec {
  const m = rec(raw);
  return {
    ...pick(m, ['iid', 'title', 'state', 'draft', 'detailed_merge_status', 'merge_status', 'has_conflicts', 'source_branch', 'target_branch', 'blocking_discussions_resolved', 'sha', 'web_url']),
    author: rec(m.author).username,
    pipeline: pick(rec(m.head_pipeline ?? m.pipeline), ['id', 'status']),
  };
}

export function approvalsOf(raw: unknown): Rec {
  const a = rec(raw);
  return {
    rules: list(a.rules).map((r) => ({
      name: r.name, required: r.approvals_required, approved: r.approved === true,
      approved_by: list(r.approved_by).map((u) => u.username),
    })),
  };
}

export function threadsOf(raw: unknown): Rec[] {
  return list(raw).flatMap((d) => {
    const notes = list(d.notes).filter((n) => n.system !== true);
    if (!notes.length) return [];
    const first = notes[0];
    const pos = rec(first.position);
    return [{
      id: d.id,
      resolvable: notes.some((n) => n.resolvable === true),
      resolved: notes.every((n) => n.resolvable !== true || n.resolved === true),
      path: pos.new_path ?? pos.old_path, line: pos.new_line ?? pos.old_line,
      notes: notes.map((n) => ({ author: rec(n.author).username, body: n.body, created_at: n.created_at })),
    }];
  });
}

const diffsOf = (raw: unknown): Rec[] => list(Array.isArray(raw) ? raw : rec(raw).changes);

function counts(diff: unknown): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of typeof diff === 'string' ? diff.split('\n') : []) {
    if (line.startsWith('+') && !line.startsWith('+++')) added++;
    else if (line.startsWith('-') && !line.startsWith('---')) removed++;
  }
  return { added, removed };
}

/** The changed files without their diffs (each diff is loaded when the user opens the file). */
export function diffFiles(raw: unknown): Rec[] {
  return diffsOf(raw).map((d) => ({ ...pick(d, ['old_path', 'new_path', 'new_file', 'deleted_file', 'renamed_file']), ...counts(d.diff) }));
}

export function diffFile(raw: unknown, path: string): Rec | undefined {
  const d = diffsOf(raw).find((f) => f.new_path === path || f.old_path === path);
  return d && pick(d, ['old_path', 'new_path', 'new_file', 'deleted_file', 'renamed_file', 'diff']);
}

const MERGE_WORDS: Record<string, string> = {
  mergeable: 'ready to merge', not_approved: 'needs approval', ci_must_pass: 'the pipeline must succeed first',
  ci_still_running: 'the pipeline is still running', discussions_not_resolved: 'unresolved threads block merging',
  draft_status: 'it is a draft', conflict: 'it has conflicts', broken_status: 'it has conflicts or a broken branch',
  need_rebase: 'it needs a rebase', checking: 'the platform is still checking', unchecked: 'not checked yet',
  not_open: 'it is not open', blocked_status: 'blocked by another merge request', requested_changes: 'a reviewer requested changes',
};

/** The merge status in words. */
export function mergeWords(status: unknown): string {
  return (typeof status === 'string' && MERGE_WORDS[status]) || (typeof status === 'string' ? status.replace(/_/g, ' ') : 'unknown');
}
