// Changelogs from commit trailers, with GitLab's default template: generate the release notes of a
// version, or commit them to the top of the changelog file.
import type { Router } from '../router.js';
import { ACCESS, type CommitRec, type ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { addCommit, commitsBetween, resolveRef, trailersOf } from '../repo.js';
import { forbidden, json, message, missing, str } from '../util.js';
import { isReply, loadProject, requireLevel } from './common.js';
import { branchAllows } from '../branch-protection.js';

const semver = (v: string): number[] | undefined => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};
const older = (a: number[], b: number[]): boolean => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];

const failed = (why: string): Reply => message(422, `Failed to generate the changelog: ${why}`);

/** The commit the range starts at: `from`, or the newest tag of a version before `version` (GitLab's previous tag). */
function rangeStart(ctx: Ctx, p: ProjectRec, version: number[]): string | Reply {
  const from = str(ctx.params.from);
  if (from) return resolveRef(p.repo, from) ?? failed(`The commit start range is invalid: ${from}`);
  let best: { v: number[]; target: string } | undefined;
  for (const t of p.repo.tags.values()) {
    const v = semver(t.name);
    if (v && older(v, version) && (!best || older(best.v, v))) best = { v, target: t.target };
  }
  return best?.target ?? failed('The commit start range is unspecified, and no previous tag could be found to use instead');
}

/** The merged merge request a commit came in with, if any. */
function mergeRequestOf(p: ProjectRec, c: CommitRec): number | undefined {
  for (const mr of p.mrs.values()) {
    if (mr.state !== 'merged') continue;
    if (mr.mergeCommitSha === c.id || commitsBetween(p.repo, mr.baseSha, mr.headSha).some((x) => x.id === c.id)) return mr.iid;
  }
  return undefined;
}

/** The release notes of `version` (GitLab's default template), or GitLab's refusal. */
function releaseNotes(ctx: Ctx, p: ProjectRec): { version: string; notes: string } | Reply {
  const version = str(ctx.params.version);
  if (!version) return missing('version');
  const v = semver(version);
  if (!v) return failed(`The version ${version} is not a valid semantic version`);
  const start = rangeStart(ctx, p, v);
  if (isReply(start)) return start;
  const toRef = str(ctx.params.to) ?? p.defaultBranch;
  const end = resolveRef(p.repo, toRef);
  if (!end) return failed(`The commit end range is invalid: ${toRef}`);
  const trailer = str(ctx.params.trailer) ?? 'Changelog';
  const full = ctx.state.projectFullPath(p);
  const categories = new Map<string, string[]>();
  for (const c of commitsBetween(p.repo, start, end)) {
    const category = trailersOf(c.message).get(trailer)?.at(-1);
    if (!category) continue;
    let entry = `- [${c.title}](${full}@${c.id})`;
    // Credit goes to authors who are not members of the project.
    const author = [...ctx.state.users.values()].find((u) => u.email === c.authorEmail);
    if (author && ctx.state.accessLevel(author, p) === 0) entry += ` by @${author.username}`;
    const mr = mergeRequestOf(p, c);
    if (mr !== undefined) entry += ` ([merge request](${full}!${mr}))`;
    categories.set(category, [...(categories.get(category) ?? []), entry]);
  }
  const date = str(ctx.params.date)?.slice(0, 10) ?? ctx.state.now().slice(0, 10);
  const body = categories.size
    ? [...categories].map(([title, entries]) => `### ${title} (${entries.length === 1 ? '1 change' : `${entries.length} changes`})\n\n${entries.join('\n')}\n`).join('\n')
    : 'No changes.\n';
  return { version, notes: `## ${version} (${date})\n\n${body}` };
}

export function registerChangelog(r: Router): void {
  r.get('projects/:id/repository/changelog', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    const denied = requireLevel(ctx, p, ACCESS.reporter);
    if (denied) return denied;
    const rn = releaseNotes(ctx, p);
    return isReply(rn) ? rn : json(200, { notes: rn.notes });
  });
  r.post('projects/:id/repository/changelog', (ctx, prm) => {
    const p = loadProject(ctx, prm.id);
    if (isReply(p)) return p;
    if (!str(ctx.params.version)) return missing('version');
    // GitLab checks the push before generating anything (lib/api/repositories.rb: `forbidden!` with its own reason).
    const branch = str(ctx.params.branch) ?? p.defaultBranch;
    if (!branchAllows(ctx.state, ctx.user, p, branch, 'push')) return forbidden('You are not allowed to commit a changelog on this branch');
    const rn = releaseNotes(ctx, p);
    if (isReply(rn)) return rn;
    const head = p.repo.branches.get(branch);
    if (!head) return failed(`The branch ${branch} does not exist`);
    const file = str(ctx.params.file) ?? 'CHANGELOG.md';
    const files = new Map(p.repo.commits.get(head)!.files);
    const existing = files.get(file) ?? '';
    if (new RegExp(`^## ${rn.version.replace(/[.+]/g, '\\$&')} `, 'm').test(existing)) return failed(`The changelog already contains release notes for version ${rn.version}`);
    // The newest release goes first, above the releases already listed.
    files.set(file, existing ? `${rn.notes}\n${existing}` : rn.notes);
    const c = addCommit(p.repo, {
      parent: head, files, message: str(ctx.params.message) ?? `Add changelog for version ${rn.version}`, authorName: ctx.user.name, authorEmail: ctx.user.email, date: ctx.state.now(), branch,
    });
    p.repo.branches.set(branch, c.id);
    p.lastActivityAt = c.date;
    return { status: 200 };
  });
}
