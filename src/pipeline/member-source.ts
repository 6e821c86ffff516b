// Where each membership of a members/all list comes from (issue #30), as GitLab's members page shows it: direct,
// inherited from a group, an invited group. GitLab's member objects do not say it (gitlabhq 4555e1b2
// lib/api/entities/member.rb: user, access_level, created_at, expires_at), so the server reads the direct members of
// the project or group and of each group above it (one read each, only the list's users), and picks as members/all
// does (the sandbox's src/sandbox/routes/members.ts `levels`): a project's own row whenever there is one; else, of the
// groups and of the groups shared into them (their direct members, capped at the link's level), the highest level (the
// nearest group's own row on a tie, then no expiry, then the later date, then the nearest); else the first group the
// project is shared with that has the user. The groups shared into the groups are read (each group's object, then each
// invited group's direct members) only for rows the groups' own members do not explain. Minimal Access rows are not
// members/all's.
import type { Action } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import type { ForgeRequest } from '../forge/types.js';
import { buildRequest } from './request.js';

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

/** A read's answer, or why there is none (`404`, the rate limit's words). */
export type SourceRead = (req: ForgeRequest) => Promise<{ body: unknown } | { failed: string }>;

export interface Sources {
  /** user id → `direct`, `inherited from <group>`, `invited group <group>` or `not determined`. */
  byUser: Map<number, string>;
  /** The reads made, as `GET /path`, and those that failed with why. */
  reads: string[];
  failed: string[];
}

/** Which list's sources this call asks for (`source: true` on project.members or group.members). */
export function memberSourceOf(action: Action, params: Params): 'project' | 'group' | undefined {
  for (const [n, v] of Object.entries(params)) {
    const c = v === true ? action.params[n]?.companion : undefined;
    if (c && 'memberSource' in c) return c.memberSource;
  }
  return undefined;
}

/** A group and the groups above it, nearest first, from its full path. */
const lineage = (fullPath: string): string[] => fullPath.split('/').map((_, i, parts) => parts.slice(0, parts.length - i).join('/'));

const MINIMAL_ACCESS = 5;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const expiryOf = (r: Row): string | null => (typeof r.expires_at === 'string' ? r.expires_at : null);

/** A row that could be the one members/all shows: its rank (level, +1 for the nearest group's own row), level, date and source. */
interface Candidate { rank: number; level: number; expires: string | null; source: string }

export async function memberSources(of: 'project' | 'group', params: Params, rows: readonly unknown[], read: SourceRead): Promise<Sources> {
  const listed = new Map(rows.filter(isRow).map((r) => [Number(r.id), { level: Number(r.access_level), expires: expiryOf(r) }] as const).filter(([id]) => Number.isSafeInteger(id)));
  const open = new Set(listed.keys());
  const byUser = new Map<number, string>();
  const reads: string[] = [];
  const failed: string[] = [];
  const get = async (id: string, p: Params): Promise<unknown> => {
    const req = buildRequest(catalog().get(id)!, p);
    const label = `${req.method} ${decodeURIComponent(req.path)}`;
    reads.push(label);
    const r = await read(req);
    if ('failed' in r) failed.push(`${label} (${r.failed})`);
    return 'body' in r ? r.body : undefined;
  };
  /** The direct (or, for a group the project is shared with, members/all) rows of the given users. */
  const members = async (id: string, p: Params, users: Set<number> = open): Promise<Row[]> => {
    const body = await get(id, { ...p, user_ids: [...users], per_page: 100 });
    return Array.isArray(body) ? body.filter((m): m is Row => isRow(m) && users.has(Number(m.id))) : [];
  };
  const settle = (id: number, source: string) => {
    byUser.set(id, source);
    open.delete(id);
  };
  /** Group objects read, by the reference they were read with; each group is read once. */
  const objects = new Map<string, Row | undefined>();
  const groupRead = async (ref: string): Promise<Row | undefined> => {
    if (!objects.has(ref)) {
      const o = await get('group.get', { group_id: ref, with_projects: false });
      objects.set(ref, isRow(o) ? o : undefined);
    }
    return objects.get(ref);
  };

  let groups: string[] = [];
  let projectShares: unknown;
  if (of === 'project') {
    for (const m of await members('project.members', { project_id: params.project_id, direct: true })) settle(Number(m.id), 'direct');
    const body = open.size ? await get('project.get', { project_id: params.project_id }) : undefined;
    const p = isRow(body) ? body : undefined;
    const ns = isRow(p?.namespace) ? p.namespace : undefined;
    if (ns?.kind === 'group' && typeof ns.full_path === 'string') groups = lineage(ns.full_path);
    projectShares = p?.shared_with_groups;
  } else {
    let full = typeof params.group_id === 'string' && !/^\d+$/.test(params.group_id) ? params.group_id : undefined;
    if (!full) {
      const g = await groupRead(String(params.group_id));
      full = typeof g?.full_path === 'string' ? g.full_path : undefined;
      if (full) objects.set(full, g);
    }
    if (full) groups = lineage(full);
  }

  // Of the groups, the highest level; a tie keeps the nearest group's own row, then no expiry, then the later date, then the nearer group.
  const best = new Map<number, Candidate>();
  const offer = (id: number, c: Candidate) => {
    const cur = best.get(id);
    if (!cur || c.rank > cur.rank || (c.rank === cur.rank && laterExpiry(c.expires, cur.expires))) best.set(id, c);
  };
  for (const [at, g] of groups.entries()) {
    if (!open.size) break;
    for (const m of await members('group.members', { group_id: g, direct: true })) {
      const level = Number(m.access_level);
      // The nearest group's row wins a tie for a project's list too (its group's own rows); only a group's is `direct`.
      const source = of === 'group' && at === 0 ? 'direct' : `inherited from ${g}`;
      if (level > MINIMAL_ACCESS) offer(Number(m.id), { rank: level + (at === 0 ? 1 : 0), level, expires: expiryOf(m), source });
    }
  }
  // The row shown is the group row found unless a group shared into the groups gives more: a group's list shows the
  // row itself (level and date), a project's list the user's level on the project.
  const explained = (id: number) => {
    const b = best.get(id);
    const l = listed.get(id)!;
    return !!b && b.level === l.level && (of === 'project' || b.expires === l.expires);
  };
  // After a read that failed the pick is unsound whatever more is read: those rows stay not determined.
  const pending = new Set(failed.length ? [] : [...open].filter((id) => !explained(id)));
  // Groups shared into the groups: their direct members, capped at the link's level (one read per group, then per link).
  for (const g of pending.size ? groups : []) {
    for (const link of arr((await groupRead(g))?.shared_with_groups)) {
      if (!isRow(link) || typeof link.group_full_path !== 'string') continue;
      for (const m of await members('group.members', { group_id: link.group_full_path, direct: true }, pending)) {
        const level = Math.min(Number(m.access_level), Number(link.group_access_level));
        if (level > MINIMAL_ACCESS) offer(Number(m.id), { rank: level, level, expires: expiryOf(m), source: `invited group ${link.group_full_path}` });
      }
    }
  }
  for (const id of open) {
    const b = best.get(id);
    if (b && (of === 'project' || explained(id))) settle(id, b.source);
  }

  // A project's own shares, last: members/all of the group, its ancestors' members counted.
  for (const link of of === 'project' ? arr(projectShares) : []) {
    if (!open.size || !isRow(link) || typeof link.group_full_path !== 'string') continue;
    for (const m of await members('group.members', { group_id: link.group_full_path })) if (Number(m.access_level) > MINIMAL_ACCESS) settle(Number(m.id), `invited group ${link.group_full_path}`);
  }
  for (const id of open) byUser.set(id, 'not determined');
  return { byUser, reads, failed };
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** `expires_at DESC` in PostgreSQL: no date first, then the later date. */
const laterExpiry = (a: string | null, b: string | null): boolean => a !== b && (a === null || (b !== null && a > b));

/** The answer's first line: the column is the server's reading, with the reads it made. */
export function sourceLine(s: Sources): string {
  const undetermined = [...s.byUser.values()].filter((v) => v === 'not determined').length;
  return `Source column read by the server (GitLab's member objects do not say it) with ${s.reads.length} read${s.reads.length === 1 ? '' : 's'}: ${s.reads.join(', ')}`
    + (s.failed.length ? `; not answered, their members not counted: ${s.failed.join(', ')}` : '')
    + (undetermined ? `; ${undetermined} row${undetermined === 1 ? '' : 's'} not determined` : '') + '.';
}
