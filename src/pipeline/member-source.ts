// Where each membership of a members/all list comes from (issue #30), as GitLab's members page shows it: direct,
// inherited from a group, an invited group. GitLab's member objects do not say it (gitlabhq 4555e1b2
// lib/api/entities/member.rb: user, access_level, created_at, expires_at), so the server reads the direct members of
// the project or group and of each group above it (one read each, only the list's users), and picks as members/all
// does (the sandbox's src/sandbox/routes/members.ts `levels`): a project's own row whenever there is one; else, of the
// groups, the highest level (the nearest group's own row on a tie, then no expiry, then the later date, then the
// nearest); else the first invited group that has the user. Minimal Access rows are not members/all's.
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

export async function memberSources(of: 'project' | 'group', params: Params, rows: readonly unknown[], read: SourceRead): Promise<Sources> {
  const open = new Set(rows.filter(isRow).map((r) => Number(r.id)).filter(Number.isSafeInteger));
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
  /** The direct (or, for an invited group, members/all) rows of the users still open. */
  const members = async (id: string, p: Params): Promise<Row[]> => {
    const body = await get(id, { ...p, user_ids: [...open], per_page: 100 });
    return Array.isArray(body) ? body.filter((m): m is Row => isRow(m) && open.has(Number(m.id))) : [];
  };
  const settle = (id: number, source: string) => {
    byUser.set(id, source);
    open.delete(id);
  };

  let groups: string[] = [];
  let shared: unknown;
  const objectRead = async (): Promise<Row | undefined> => {
    const o = await get(`${of}.get`, of === 'group' ? { group_id: params.group_id, with_projects: false } : { project_id: params.project_id });
    return isRow(o) ? o : undefined;
  };
  if (of === 'project') {
    for (const m of await members('project.members', { project_id: params.project_id, direct: true })) settle(Number(m.id), 'direct');
    const p = open.size ? await objectRead() : undefined;
    const ns = isRow(p?.namespace) ? p.namespace : undefined;
    if (ns?.kind === 'group' && typeof ns.full_path === 'string') groups = lineage(ns.full_path);
    shared = p?.shared_with_groups;
  } else {
    let full = typeof params.group_id === 'string' && !/^\d+$/.test(params.group_id) ? params.group_id : undefined;
    if (!full) {
      const g = await objectRead();
      full = typeof g?.full_path === 'string' ? g.full_path : undefined;
      shared = g?.shared_with_groups ?? [];
    }
    if (full) groups = lineage(full);
  }

  // Of the groups, the highest level; a tie keeps the nearest group's own row, then no expiry, then the later date, then the nearer group.
  const best = new Map<number, { at: number; level: number; expires: string | null }>();
  const rank = (x: { at: number; level: number }) => x.level + (x.at === 0 ? 1 : 0);
  for (const [at, g] of groups.entries()) {
    if (!open.size) break;
    for (const m of await members('group.members', { group_id: g, direct: true })) {
      const level = Number(m.access_level);
      if (!(level > MINIMAL_ACCESS)) continue;
      const cur = best.get(Number(m.id));
      const next = { at, level, expires: expiryOf(m) };
      if (!cur || rank(next) > rank(cur) || (rank(next) === rank(cur) && laterExpiry(next.expires, cur.expires))) best.set(Number(m.id), next);
    }
  }
  for (const [id, b] of best) settle(id, of === 'group' && b.at === 0 ? 'direct' : `inherited from ${groups[b.at]}`);

  if (open.size && shared === undefined && of === 'group') shared = (await objectRead())?.shared_with_groups;
  for (const link of Array.isArray(shared) ? shared : []) {
    if (!open.size || !isRow(link) || typeof link.group_full_path !== 'string') continue;
    for (const m of await members('group.members', { group_id: link.group_full_path })) if (Number(m.access_level) > MINIMAL_ACCESS) settle(Number(m.id), `invited group ${link.group_full_path}`);
  }
  for (const id of open) byUser.set(id, 'not determined');
  return { byUser, reads, failed };
}

/** `expires_at DESC` in PostgreSQL: no date first, then the later date. */
const laterExpiry = (a: string | null, b: string | null): boolean => a !== b && (a === null || (b !== null && a > b));

/** The answer's first line: the column is the server's reading, with the reads it made. */
export function sourceLine(s: Sources): string {
  const undetermined = [...s.byUser.values()].filter((v) => v === 'not determined').length;
  return `Source column read by the server (GitLab's member objects do not say it) with ${s.reads.length} read${s.reads.length === 1 ? '' : 's'}: ${s.reads.join(', ')}`
    + (s.failed.length ? `; not answered, their members not counted: ${s.failed.join(', ')}` : '')
    + (undetermined ? `; ${undetermined} row${undetermined === 1 ? '' : 's'} not determined` : '') + '.';
}
