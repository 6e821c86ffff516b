// Quick actions in notes created through the API, as GitLab runs them: command lines are removed from the
// body and applied; the answer reports `commands_changes` (and, for a note of commands only, a summary).
import { ACCESS, type IssueRec, type MrRec, type NoteableRef, type ProjectRec } from '../state.js';
import type { Ctx } from '../types.js';
import { humanDuration, parseDuration } from '../duration.js';
import { addSpent } from './tracking.js';
import { recordChanges, snapshot } from './activity.js';

export interface QuickActions {
  /** The body without its command lines. */
  body: string;
  /** Whether the body held at least one command GitLab knows. */
  found: boolean;
  changes: Record<string, unknown>;
  messages: string[];
}

const COMMAND = /^\/(spend|spent|estimate|label|labels|unlabel|remove_label|assign|unassign|close|reopen|milestone)(?:\s+(.*))?$/;
/** `~bug`, `~"needs review"`, `@alice`, `%"v1.0"`, `%v1.0`. */
const refs = (args: string, sigil: string): string[] => [...args.matchAll(new RegExp(`\\${sigil}(?:"([^"]+)"|(\\S+))`, 'g'))].map((m) => m[1] ?? m[2]);
const quoteLabels = (names: string[]): string => names.map((n) => `~"${n}"`).join(' ');

/** Applies the commands of `body` to the issue or merge request (nothing when the caller may not change it). */
export function runQuickActions(ctx: Ctx, p: ProjectRec, n: NoteableRef, body: string): QuickActions {
  const s = ctx.state;
  const target: IssueRec | MrRec | undefined = n.kind === 'Issue' ? p.issues.get(n.iid) : p.mrs.get(n.iid);
  const out: QuickActions = { body, found: false, changes: {}, messages: [] };
  if (!target) return out;
  const kept: string[] = [];
  const commands: Array<[string, string]> = [];
  for (const line of body.split('\n')) {
    const m = COMMAND.exec(line.trim());
    if (m) commands.push([m[1], (m[2] ?? '').trim()]); else kept.push(line);
  }
  if (commands.length === 0) return out;
  out.found = true;
  out.body = kept.join('\n').trim();
  const may = s.accessLevel(ctx.user, p) >= (n.kind === 'Issue' ? ACCESS.reporter : ACCESS.developer);
  if (!may) return out;
  const what = n.kind === 'Issue' ? 'issue' : 'merge request';
  const before = snapshot(target);
  const now = s.now();
  for (const [cmd, args] of commands) {
    switch (cmd) {
      case 'spend':
      case 'spent': {
        const [dur, date] = args.split(/\s+/);
        const secs = dur ? parseDuration(dur) : undefined;
        if (secs === undefined || addSpent(s.timeFor(p.id, n.kind, n.iid), secs)) break;
        out.changes.spend_time = { duration: secs, user_id: ctx.user.id, spent_at: date ?? now.slice(0, 10) };
        out.messages.push(`${secs < 0 ? 'Subtracted' : 'Added'} ${humanDuration(Math.abs(secs))} spent time.`);
        break;
      }
      case 'estimate': {
        const secs = parseDuration(args);
        if (secs === undefined || secs < 0) break;
        s.timeFor(p.id, n.kind, n.iid).estimate = secs;
        out.changes.time_estimate = secs;
        out.messages.push(`Set time estimate to ${humanDuration(secs) ?? '0m'}.`);
        break;
      }
      case 'label':
      case 'labels': {
        const names = refs(args, '~').filter((x) => p.labels.some((l) => l.name === x) && !target.labels.includes(x));
        if (!names.length) break;
        target.labels = [...target.labels, ...names];
        out.changes.add_label_ids = names.map((x) => p.labels.find((l) => l.name === x)!.id);
        out.messages.push(`Added ${quoteLabels(names)} label${names.length > 1 ? 's' : ''}.`);
        break;
      }
      case 'unlabel':
      case 'remove_label': {
        const asked = refs(args, '~');
        const names = asked.length ? target.labels.filter((x) => asked.includes(x)) : [...target.labels];
        if (!names.length) break;
        target.labels = target.labels.filter((x) => !names.includes(x));
        out.changes.remove_label_ids = names.map((x) => p.labels.find((l) => l.name === x)?.id).filter((x) => x !== undefined);
        out.messages.push(asked.length ? `Removed ${quoteLabels(names)} label${names.length > 1 ? 's' : ''}.` : 'Removed all labels.');
        break;
      }
      case 'assign': {
        const users = (args.split(/\s+/).includes('me') ? [ctx.user] : refs(args, '@').map((u) => s.userByName(u))).filter((u) => u !== undefined);
        if (!users.length) break;
        target.assigneeIds = [...new Set([...target.assigneeIds, ...users.map((u) => u.id)])];
        out.changes.assignee_ids = [...target.assigneeIds];
        out.messages.push(`Assigned ${users.map((u) => `@${u.username}`).join(' and ')}.`);
        break;
      }
      case 'unassign': {
        const asked = refs(args, '@').map((u) => s.userByName(u)?.id);
        const removed = asked.length ? target.assigneeIds.filter((id) => asked.includes(id)) : [...target.assigneeIds];
        if (!removed.length) break;
        target.assigneeIds = target.assigneeIds.filter((id) => !removed.includes(id));
        out.changes.assignee_ids = [...target.assigneeIds];
        out.messages.push(`Removed assignee${removed.length > 1 ? 's' : ''} ${removed.map((id) => `@${s.users.get(id)?.username}`).join(' and ')}.`);
        break;
      }
      case 'close':
        if (target.state !== 'opened') break;
        Object.assign(target, { state: 'closed', closedAt: now, closedById: ctx.user.id });
        out.changes.state_event = 'close';
        out.messages.push(`Closed this ${what}.`);
        break;
      case 'reopen':
        if (target.state !== 'closed') break;
        Object.assign(target, { state: 'opened', closedAt: null, closedById: null });
        out.changes.state_event = 'reopen';
        out.messages.push(`Reopened this ${what}.`);
        break;
      case 'milestone': {
        const [title] = refs(args, '%');
        const m = ctx.state.milestonesFor(p).find((x) => x.title === title);
        if (!m) break;
        target.milestoneId = m.id;
        out.changes.milestone_id = m.id;
        out.messages.push(`Set the milestone to %"${m.title}".`);
        break;
      }
    }
  }
  target.updatedAt = now;
  recordChanges(s, n, before, target, ctx.user.id);
  return out;
}
