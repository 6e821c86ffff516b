// How a field reads: a nested object by its identity and state (`#1002 failed (feature/login-fix)`,
// `@alice`), codes beside their names (`Developer (30)`, `conflict: blocked by merge conflicts`), empty
// lists said as `none`. Each format gives the Markdown text and the structuredContent value.
// The kinds (src/render/kinds.ts) name a format per field; the words for GitLab's codes are here.
import { compactValue } from './compact.js';
import { toText } from './contain.js';
import { isRecord, isScalar, num, summary, type Rec } from './shared.js';

export type Format =
  | 'text' | 'person' | 'people' | 'labels' | 'milestone' | 'pipeline' | 'pipeline_status' | 'merge_status' | 'role'
  | 'failure_reason' | 'artifacts' | 'duration' | 'time_stats' | 'commit' | 'position' | 'name' | 'can_merge' | 'tasks' | 'project_ref' | 'runner' | 'assets' | 'milestones' | 'release'
  | 'access_levels' | 'unprotect_levels' | 'target' | 'sha' | 'date' | 'event_target' | 'evidences' | 'project_path' | 'artifact_file' | 'stats';

/** Access levels by name (GitLab's `Gitlab::Access`); any other value is shown as its number. */
const ROLES: Readonly<Record<number, string>> = {
  0: 'No access', 5: 'Minimal access', 10: 'Guest', 15: 'Planner', 20: 'Reporter', 30: 'Developer', 40: 'Maintainer', 50: 'Owner', 60: 'Admin',
};

/** `detailed_merge_status` in words: ready, still being computed (read again), or blocked with its remedy. */
const MERGE_STATUS: Readonly<Record<string, string>> = {
  mergeable: 'can be merged',
  checking: 'still being checked: read again', unchecked: 'not checked yet: read again', preparing: 'being prepared: read again',
  approvals_syncing: 'approvals syncing: read again', ci_still_running: 'pipeline still running: read again',
  draft_status: 'blocked: it is a draft', discussions_not_resolved: 'blocked: unresolved threads', not_approved: 'blocked: needs approval',
  requested_changes: 'blocked: a reviewer requested changes', ci_must_pass: 'blocked: the pipeline must pass', conflict: 'blocked by merge conflicts',
  need_rebase: 'blocked: needs a rebase', status_checks_must_pass: 'blocked: external status checks must pass',
  merge_request_blocked: 'blocked by another merge request', jira_association_missing: 'blocked: the title or description must name a Jira issue',
  merge_time: 'blocked until its merge time', security_policy_violations: 'blocked by security policy violations', locked_paths: 'blocked: locked paths',
  locked_lfs_files: 'blocked: locked LFS files', commits_status: 'blocked: commits status', not_open: 'not open',
};

/** Job failure reasons in a sentence; the first three are not worth a retry (as GitLab's UI says). */
const FAILURE_REASONS: Readonly<Record<string, string>> = {
  script_failure: 'the job script failed; a retry will not help', missing_dependency_failure: 'an artifact it depends on is missing; a retry will not help',
  runner_unsupported: 'the runner is too old for this job; a retry will not help', api_failure: 'a GitLab API failure',
  stuck_or_timeout_failure: 'stuck or timed out', runner_system_failure: 'the runner system failed', job_execution_timeout: 'the job exceeded its timeout',
  scheduler_failure: 'it could not be scheduled', ci_quota_exceeded: 'the CI/CD minutes quota is used up', deployment_rejected: 'the deployment was rejected',
  unknown_failure: 'an unknown failure', archived_failure: 'the job is archived', unmet_prerequisites: 'prerequisites were not met',
  data_integrity_failure: 'a data integrity failure', forward_deployment_failure: 'a newer deployment ran first', protected_environment_failure: 'the environment is protected',
};

export interface Formatted {
  /** The Markdown reading (not yet contained). */
  text: string;
  /** The structuredContent value. */
  value: unknown;
}

const none: Formatted = { text: 'none', value: [] };

/** An access level as `Developer (30)`. */
function roleName(level: unknown): string | undefined {
  const n = typeof level === 'number' ? level : typeof level === 'string' && /^\d+$/.test(level) ? Number(level) : NaN;
  if (!Number.isInteger(n)) return undefined;
  return ROLES[n] ?? String(n);
}

const at = (v: unknown): string => (isRecord(v) && typeof v.username === 'string' && v.username ? `@${v.username}` : summary(v));

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${num(bytes)} B`;
  if (bytes < 1024 * 1024) return `${num(Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function durationText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${num(s)}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${num(h)}h ${num(m)}m` : `${num(m)}m ${num(s % 60)}s`;
}

/** A pipeline by identity and state: `#1002 failed (feature/login-fix)`, its detailed label when it says more. */
function pipelineText(p: Rec): string {
  const label = isRecord(p.detailed_status) && typeof p.detailed_status.label === 'string' ? p.detailed_status.label : '';
  const status = toText(p.status ?? '');
  const words = label && label.replace(/\s+/g, '_') !== status && label !== status ? `${status} (${label})` : status;
  const ref = isScalar(p.ref) && p.ref !== '' ? ` (${toText(p.ref)})` : '';
  return `#${toText(p.id ?? '?')} ${words}${ref}`.replace(/\s+\(/g, ' (').trim();
}

/**
 * Who a protection rule lets act, one entry each: a role by GitLab's own words (`access_level_description`, else the role's
 * name) with its number, a user, a group or a deploy key by its id (`Maintainers (40)`, `user 123 (Jane)`, `deploy key 4`).
 */
function accessEntry(e: unknown): string {
  if (!isRecord(e)) return toText(e);
  const said = typeof e.access_level_description === 'string' && e.access_level_description !== '' ? e.access_level_description : undefined;
  for (const [key, what] of [['user_id', 'user'], ['group_id', 'group'], ['deploy_key_id', 'deploy key']] as const) {
    if (isScalar(e[key])) return `${what} ${toText(e[key])}${said && said.toLowerCase() !== what ? ` (${said})` : ''}`;
  }
  if (e.access_level === null || e.access_level === undefined) return said ?? summary(e);
  const level = toText(e.access_level);
  const name = said ?? roleName(e.access_level);
  return name && name !== level ? `${name} (${level})` : level;
}

/** What a to-do is about: its type and reference, then its title (`MergeRequest !7 Fix login`). */
function targetText(target: unknown, obj: Rec): string {
  const type = toText(obj.target_type ?? '');
  if (!isRecord(target)) return type;
  const short = isRecord(target.references) && typeof target.references.short === 'string' ? target.references.short : undefined;
  const mark = type === 'MergeRequest' ? '!' : type === 'Issue' ? '#' : type === 'Epic' ? '&' : '';
  const ref = short ?? (isScalar(target.iid) ? `${mark}${toText(target.iid)}` : isScalar(target.short_id) ? toText(target.short_id) : isScalar(target.id) ? toText(target.id).slice(0, 12) : '');
  return [type, ref, toText(target.title ?? '')].filter(Boolean).join(' ');
}

/** How long a comment's text an activity event says (its note is read whole with the note's own actions). */
const EVENT_NOTE_CHARS = 80;

/**
 * What an activity event was done to: a push's ref, commits and title (`branch main: 1 commit 228e32ed→c49e162a "Try a
 * GraphQL endpoint"`), a comment's target and text, else the target's type, reference and title (`Issue #3 "Add rate limiting"`).
 */
function eventTarget(obj: Rec): Formatted {
  const push = obj.push_data;
  if (isRecord(push)) {
    const count = typeof push.commit_count === 'number' ? push.commit_count : 0;
    const range = [push.commit_from, push.commit_to].map((x) => (typeof x === 'string' ? x.slice(0, 8) : '')).filter(Boolean).join('→');
    const what = [`${toText(push.ref_type ?? 'ref')} ${toText(push.ref ?? '')}`, count ? `${num(count)} commit${count === 1 ? '' : 's'}` : '', range,
      typeof push.commit_title === 'string' && push.commit_title ? JSON.stringify(push.commit_title) : ''].filter(Boolean);
    return { text: `${what[0]}: ${what.slice(1).join(' ')}`.replace(/: $/, ''), value: pick(push, ['ref_type', 'ref', 'action', 'commit_count', 'commit_from', 'commit_to', 'commit_title']) };
  }
  const type = toText(obj.target_type ?? '');
  const title = typeof obj.target_title === 'string' && obj.target_title ? JSON.stringify(obj.target_title) : '';
  const note = isRecord(obj.note) ? obj.note : undefined;
  if (note) {
    const body = typeof note.body === 'string' ? note.body.replace(/\s+/g, ' ') : '';
    const where = [toText(note.noteable_type ?? ''), note.noteable_iid !== undefined && note.noteable_iid !== null ? `${note.noteable_type === 'MergeRequest' ? '!' : '#'}${toText(note.noteable_iid)}` : ''].filter(Boolean).join(' ');
    const cut = body.length > EVENT_NOTE_CHARS ? `${body.slice(0, EVENT_NOTE_CHARS)}…` : body;
    return { text: [`${type} ${toText(note.id ?? obj.target_id ?? '')} on ${where}`.trim(), title, cut ? `: ${JSON.stringify(cut)}` : ''].filter(Boolean).join(' ').replace(/ :/, ':'), value: { type, note_id: note.id ?? null, on: where, title: obj.target_title ?? null } };
  }
  if (!type) return { text: '', value: null };
  const mark = type === 'MergeRequest' ? '!' : type === 'Issue' ? '#' : type === 'Milestone' ? '%' : '';
  const ref = obj.target_iid !== null && obj.target_iid !== undefined ? `${mark}${toText(obj.target_iid)}` : '';
  return { text: [type, ref, title].filter(Boolean).join(' '), value: { type, iid: obj.target_iid ?? null, title: obj.target_title ?? null } };
}

/** A diff note's place: `path:line`, the new line when there is one. */
export function positionText(p: unknown): string {
  if (!isRecord(p)) return '';
  const path = toText(p.new_path || p.old_path || '');
  const line = p.new_line ?? p.old_line;
  return line !== null && line !== undefined ? `${path}:${toText(line)}` : path;
}

/** The day and minute (UTC) of an ISO time: a list reads when, never the milliseconds. */
const shortDate = (v: unknown): string => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) ? v.slice(0, 16).replace('T', ' ') : toText(v));

/**
 * A value read by its format. `obj` is the object it belongs to (a pipeline's status reads its detailed label). `card`: the
 * value is a field of one object, not a cell of a list — a commit there is named by its whole SHA, what a write takes.
 */
export function formatValue(format: Format, v: unknown, obj: Rec, card = false): Formatted {
  switch (format) {
    case 'person':
      return v === null ? { text: 'none', value: null } : { text: at(v), value: compactValue(v) };
    case 'people':
      if (!Array.isArray(v) || v.length === 0) return none;
      return { text: v.map(at).filter(Boolean).join(', '), value: compactValue(v) };
    case 'labels':
      if (!Array.isArray(v) || v.length === 0) return none;
      return { text: v.map((l) => (isRecord(l) ? toText(l.name ?? '') : toText(l))).join(', '), value: compactValue(v) };
    case 'milestone':
      return isRecord(v) ? { text: `${toText(v.title ?? '')}${v.state === 'closed' ? ' (closed)' : ''}`, value: compactValue(v) } : { text: 'none', value: null };
    case 'pipeline':
      if (!isRecord(v)) return { text: 'none', value: null };
      return { text: pipelineText(v), value: pick(v, ['id', 'status', 'ref']) };
    case 'pipeline_status': {
      const label = isRecord(obj.detailed_status) ? obj.detailed_status.label : undefined;
      const t = toText(v);
      return { text: typeof label === 'string' && label.replace(/\s+/g, '_') !== t ? `${t} (${label})` : t, value: v };
    }
    case 'merge_status': {
      const words = typeof v === 'string' ? MERGE_STATUS[v] : undefined;
      return { text: words ? `${toText(v)}: ${words}` : toText(v), value: v };
    }
    case 'role': {
      const name = roleName(v);
      return { text: name && name !== toText(v) ? `${name} (${toText(v)})` : toText(v), value: v };
    }
    case 'failure_reason': {
      const words = typeof v === 'string' ? FAILURE_REASONS[v] : undefined;
      return { text: words ? `${toText(v)}: ${words}` : toText(v), value: v };
    }
    case 'artifacts': {
      if (!Array.isArray(v) || v.length === 0) return none;
      const files = v.filter(isRecord).map((a) => `${toText(a.filename ?? a.file_type ?? 'file')}${typeof a.size === 'number' ? ` ${sizeText(a.size)}` : ''}`);
      return { text: files.join(', '), value: files };
    }
    case 'artifact_file':
      // A job's downloadable archive (`artifacts_file`): its name and size.
      return isRecord(v) ? { text: `${toText(v.filename ?? 'file')}${typeof v.size === 'number' ? ` ${sizeText(v.size)}` : ''}`, value: pick(v, ['filename', 'size']) } : { text: 'none', value: null };
    case 'stats':
      // A commit's size: lines added and removed.
      return isRecord(v) ? { text: `+${toText(v.additions ?? 0)} −${toText(v.deletions ?? 0)} (${toText(v.total ?? 0)} lines)`, value: pick(v, ['additions', 'deletions', 'total']) } : { text: toText(v), value: compactValue(v) };
    case 'duration':
      return typeof v === 'number' ? { text: durationText(v), value: v } : { text: toText(v), value: compactValue(v) };
    case 'time_stats': {
      if (!isRecord(v)) return { text: toText(v), value: compactValue(v) };
      const spent = v.human_total_time_spent ?? (typeof v.total_time_spent === 'number' && v.total_time_spent ? durationText(v.total_time_spent) : null);
      const est = v.human_time_estimate ?? (typeof v.time_estimate === 'number' && v.time_estimate ? durationText(v.time_estimate) : null);
      if (!spent && !est) return { text: 'none', value: null };
      return { text: `spent ${spent ? toText(spent) : 'none'}, estimate ${est ? toText(est) : 'none'}`, value: pick(v, ['time_estimate', 'total_time_spent']) };
    }
    case 'commit': {
      if (!isRecord(v)) return { text: toText(v), value: compactValue(v) };
      const sha = card && typeof v.id === 'string' && v.id ? v.id : isScalar(v.short_id) ? toText(v.short_id) : toText(v.id ?? '').slice(0, 12);
      const title = isScalar(v.title) ? ` ${toText(v.title)}` : '';
      return { text: `${sha}${title}`, value: pick(v, ['id', 'short_id', 'title']) };
    }
    case 'position':
      return { text: positionText(v), value: positionText(v) };
    case 'name':
      return { text: summary(v), value: compactValue(v) };
    case 'can_merge':
      return isRecord(v) && typeof v.can_merge === 'boolean' ? { text: `can_merge ${v.can_merge ? 'true' : 'false'}`, value: { can_merge: v.can_merge } } : { text: toText(v), value: compactValue(v) };
    case 'tasks':
      return isRecord(v) ? { text: `${toText(v.completed_count ?? 0)} of ${toText(v.count ?? 0)} done`, value: pick(v, ['count', 'completed_count']) } : { text: toText(v), value: compactValue(v) };
    case 'runner': {
      // A runner's description is the name people gave it; `name` is the runner program's. Its kind and whether it is
      // shared answer "whose runner ran this" without a runner read (which needs an administrator for shared ones).
      if (!isRecord(v)) return { text: toText(v), value: compactValue(v) };
      const kind = [isScalar(v.runner_type) ? toText(v.runner_type) : '', v.is_shared === true ? 'shared' : v.is_shared === false ? 'not shared' : ''].filter(Boolean);
      return { text: `${toText(v.description || v.name || '')} (#${[toText(v.id ?? '?'), ...kind].join(', ')})`, value: pick(v, ['id', 'description', 'runner_type', 'is_shared']) };
    }
    case 'assets': {
      // A release's assets: its links by name, type and address (what "where do I download it" asks), and how many source archives.
      if (!isRecord(v)) return { text: toText(v), value: compactValue(v) };
      const recs = Array.isArray(v.links) ? v.links.filter(isRecord) : [];
      const links = recs.map((l) => toText(l.name ?? l.url ?? ''));
      // The permanent address (direct_asset_url) beside the link's own when they differ: the one a release page points at.
      const direct = (l: Rec): string => (typeof l.direct_asset_url === 'string' && l.direct_asset_url && l.direct_asset_url !== l.url ? ` (direct: ${l.direct_asset_url})` : '');
      const said = recs.map((l) => `${toText(l.name ?? '')}${l.link_type ? ` (${toText(l.link_type)})` : ''}${l.url ? ` ${toText(l.url)}` : ''}${direct(l)}`.trim());
      const sources = Array.isArray(v.sources) ? v.sources.length : 0;
      return { text: [...said, sources ? `${num(sources)} source archives` : ''].filter(Boolean).join(', ') || 'none', value: { links, sources } };
    }
    case 'evidences': {
      // A release's evidences: each one's SHA (what verifies it) and when it was collected.
      if (!Array.isArray(v) || v.length === 0) return none;
      const recs = v.filter(isRecord);
      const text = recs.map((e) => [isScalar(e.sha) ? `sha ${toText(e.sha)}` : '', e.collected_at ? `collected ${shortDate(e.collected_at)}` : ''].filter(Boolean).join(', '));
      return { text: text.filter(Boolean).join('; ') || num(v.length), value: recs.map((e) => pick(e, ['sha', 'collected_at'])) };
    }
    case 'project_path':
      // A project named by its path (a fork's source): the path, else its name, else its id.
      if (!isRecord(v)) return { text: toText(v), value: compactValue(v) };
      return { text: toText(v.path_with_namespace ?? v.name_with_namespace ?? v.name ?? v.id ?? ''), value: pick(v, ['id', 'path_with_namespace']) };
    case 'milestones':
      if (!Array.isArray(v) || v.length === 0) return none;
      // A closed milestone said so, as the single milestone format says it (an assistant read a release's milestone
      // state with a second call).
      return { text: v.map((m) => (isRecord(m) ? `${toText(m.title ?? '')}${m.state === 'closed' ? ' (closed)' : ''}` : toText(m))).join(', '), value: compactValue(v) };
    case 'release':
      return isRecord(v) ? { text: toText(v.tag_name ?? v.name ?? ''), value: compactValue(v) } : { text: 'none', value: null };
    case 'project_ref':
      return { text: projectOf(obj), value: projectOf(obj) };
    case 'unprotect_levels':
      // No unprotect rule is no restriction: whoever may manage protected branches (Maintainers) may unprotect
      // (GitLab's ProtectedBranch#can_unprotect?: `return true if unprotect_access_levels.empty?`).
      if (!Array.isArray(v) || v.length === 0) return { text: 'Maintainers (no rule set)', value: [] };
      return formatValue('access_levels', v, obj, card);
    case 'access_levels': {
      // An empty push or merge rule list: nobody (GitLab checks that one of the rules admits the user).
      if (!Array.isArray(v) || v.length === 0) return { text: 'nobody', value: [] };
      const each = v.map(accessEntry);
      return { text: each.join(', '), value: each };
    }
    case 'target':
      return { text: targetText(v, obj), value: isRecord(v) ? pick(v, ['id', 'iid', 'title']) : compactValue(v) };
    case 'sha':
      // A short sha names the commit for every read a list leads to; the whole one is in the object's own answer.
      return { text: toText(v).slice(0, 8), value: typeof v === 'string' ? v.slice(0, 8) : v };
    case 'event_target':
      return eventTarget(obj);
    case 'date':
      return { text: shortDate(v), value: v };
    default:
      return { text: isScalar(v) ? toText(v) : summary(v), value: compactValue(v) };
  }
}

function pick(v: Rec, keys: readonly string[]): Rec {
  const out: Rec = {};
  for (const k of keys) if (v[k] !== undefined && (isScalar(v[k]) || v[k] === null)) out[k] = v[k];
  return out;
}

/** The project an item belongs to: from `references.full` (`group/app#12` → `group/app`), else its project id. */
export function projectOf(item: Rec): string {
  const full = isRecord(item.references) ? item.references.full : undefined;
  if (typeof full === 'string') {
    const m = /^(.+?)[#!&^]\d+$/.exec(full);
    if (m) return m[1];
  }
  if (isRecord(item.project) && typeof item.project.path_with_namespace === 'string') return item.project.path_with_namespace;
  return item.project_id !== undefined ? toText(item.project_id) : '';
}
