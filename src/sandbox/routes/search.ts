// Search (instance, group, project) over the sandbox's own data: blobs (path, start line, snippet), issues,
// merge requests, commits, projects, users, milestones, wiki blobs, notes, snippet titles.
import type { Router } from '../router.js';
import { ACCESS, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { resolveRef, history } from '../repo.js';
import { commitJson, issueJson, milestoneJson, mrJson, noteJson, projectJson, userBasic } from '../serialize.js';
import { json, notFound, paginate, str } from '../util.js';
import { isReply, loadProject } from './common.js';

const SCOPES = {
  global: ['projects', 'issues', 'merge_requests', 'milestones', 'snippet_titles', 'users', 'blobs', 'commits', 'wiki_blobs', 'notes'],
  group: ['projects', 'issues', 'merge_requests', 'milestones', 'users', 'blobs', 'commits', 'wiki_blobs', 'notes'],
  project: ['issues', 'merge_requests', 'milestones', 'notes', 'wiki_blobs', 'commits', 'blobs', 'users'],
} as const;
/** Lines of context around a match, as Gitaly's file search returns them. */
const CONTEXT = 2;

/** Chunks of a file around each matching line (overlapping chunks merged), GitLab's blob search rows. */
function blobRows(p: ProjectRec, ref: string, path: string, content: string, term: string, extra: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  const lines = content.replace(/\n$/, '').split('\n');
  const hits = lines.map((l, i) => (l.toLowerCase().includes(term) ? i : -1)).filter((i) => i >= 0);
  const chunks: Array<[number, number]> = [];
  for (const i of hits) {
    const from = Math.max(0, i - CONTEXT); const to = Math.min(lines.length - 1, i + CONTEXT);
    const last = chunks[chunks.length - 1];
    if (last && from <= last[1] + 1) last[1] = to; else chunks.push([from, to]);
  }
  const name = path.split('/').pop()!;
  return chunks.map(([from, to]) => ({
    basename: path.replace(/\.[^./]+$/, ''), data: `${lines.slice(from, to + 1).join('\n')}\n`, path, filename: name, id: null, ref, startline: from + 1, project_id: p.id, ...extra,
  }));
}

function search(ctx: Ctx, level: keyof typeof SCOPES, projects: ProjectRec[]): Reply {
  const scope = str(ctx.params.scope); const term = str(ctx.params.search);
  if (!scope || !term) return json(400, { error: [!scope ? 'scope' : '', !term ? 'search' : ''].filter(Boolean).map((x) => `${x} is missing`).join(', ') });
  if (!(SCOPES[level] as readonly string[]).includes(scope)) return json(400, { error: 'scope does not have a valid value' });
  const s = ctx.state;
  const q = term.toLowerCase();
  const has = (v: string | null | undefined) => (v ?? '').toLowerCase().includes(q);
  const readable = projects.filter((p) => s.canSeeProject(ctx.user, p));
  let rows: unknown[] = [];
  switch (scope) {
    case 'projects':
      rows = readable.filter((p) => has(p.name) || has(p.path) || has(p.description)).map((p) => projectJson(s, p, ctx.user));
      break;
    case 'issues':
      rows = readable.flatMap((p) => [...p.issues.values()]
        .filter((i) => (!i.confidential || s.accessLevel(ctx.user, p) >= ACCESS.reporter || i.authorId === ctx.user.id) && (has(i.title) || has(i.description) || `#${i.iid}` === term))
        .map((i) => issueJson(s, p, i)));
      break;
    case 'merge_requests':
      rows = readable.flatMap((p) => [...p.mrs.values()].filter((m) => has(m.title) || has(m.description) || `!${m.iid}` === term).map((m) => mrJson(s, p, m)));
      break;
    case 'milestones':
      rows = readable.flatMap((p) => p.milestones.filter((m) => has(m.title) || has(m.description)).map((m) => milestoneJson(s, p, m)));
      break;
    case 'users': {
      const members = level === 'global' ? undefined : new Set(readable.flatMap((p) => [...s.users.values()].filter((u) => s.accessLevel({ ...u, isAdmin: false }, p) > 0).map((u) => u.id)));
      rows = [...s.users.values()].filter((u) => (!members || members.has(u.id)) && (has(u.username) || has(u.name))).map((u) => userBasic(s, u.id));
      break;
    }
    case 'commits':
      rows = readable.flatMap((p) => {
        const head = resolveRef(p.repo, str(ctx.params.ref) ?? p.defaultBranch);
        return head ? history(p.repo, head).filter((c) => has(c.message) || c.id.startsWith(q)).map((c) => ({ ...commitJson(s, p, c), project_id: p.id })) : [];
      });
      break;
    case 'blobs':
      rows = readable.flatMap((p) => {
        const ref = str(ctx.params.ref) ?? p.defaultBranch;
        const head = resolveRef(p.repo, ref);
        if (!head) return [];
        return [...p.repo.commits.get(head)!.files].sort(([a], [b]) => a.localeCompare(b)).filter(([, c]) => !c.startsWith('gitlink:')).flatMap(([path, c]) => blobRows(p, ref, path, c, q));
      });
      break;
    case 'wiki_blobs':
      rows = readable.flatMap((p) => [...s.wikiOf(p.id).values()].flatMap((w) => blobRows(p, 'main', `${w.slug}.md`, w.content, q)));
      break;
    case 'notes':
      rows = readable.flatMap((p) => (['Issue', 'MergeRequest'] as const).flatMap((kind) => {
        const items = kind === 'Issue' ? [...p.issues.values()] : [...p.mrs.values()];
        return items.flatMap((x) => s.notesFor({ kind, projectId: p.id, iid: x.iid, id: x.id }).filter((n) => !n.system && has(n.body))
          .map((n) => noteJson(s, { kind, projectId: p.id, iid: x.iid, id: x.id }, n)));
      }));
      break;
    case 'snippet_titles':
      rows = [];
      break;
  }
  return paginate(ctx, rows);
}

export function registerSearch(r: Router): void {
  r.get('search', (ctx) => search(ctx, 'global', [...ctx.state.projects.values()]));
  r.get('groups/:id/search', (ctx, prm) => {
    const g = ctx.state.groupByRef(prm.id);
    if (!g || !ctx.state.canSeeGroup(ctx.user, g)) return notFound('Group');
    const inGroup = (p: ProjectRec) => p.namespace.kind === 'group' && (p.namespace.id === g.id || !!ctx.state.groups.get(p.namespace.id)?.fullPath.startsWith(`${g.fullPath}/`));
    return search(ctx, 'group', [...ctx.state.projects.values()].filter(inGroup));
  });
  r.get('projects/:id/search', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    return isReply(p) ? p : search(ctx, 'project', [p]);
  });
}
