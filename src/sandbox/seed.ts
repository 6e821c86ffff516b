// Demo data of the sandbox: users, a group (with labels and a milestone), three projects with repositories, issues, merge requests, notes and CI.
import { ACCESS, SandboxState, type IssueRec, type MrRec, type NoteRec, type PipelineRec, type ProjectRec, type UserRec } from './state.js';
import { addCommit, newRepo } from './repo.js';
import { extrasOf } from './extras.js';

const day = (d: number, h = 9): string => new Date(Date.UTC(2026, 0, 5 + d, h, 14, 7)).toISOString();

const FILES = {
  readme: '# Demo Project\n\nA small web service used to try Forge MCP Server against a simulated instance.\n\n## Getting started\n\n```sh\nnpm install\nnpm start\n```\n',
  readme2: '# Demo Project\n\nA small web service used to try Forge MCP Server against a simulated instance.\n\n## Getting started\n\n```sh\nnpm install\nnpm start\n```\n\nSee [the guide](docs/guide.md) for the full setup.\n',
  gitignore: 'node_modules/\ndist/\ncoverage/\n.env\n',
  pkg: '{\n  "name": "demo-project",\n  "version": "1.1.0",\n  "private": true,\n  "type": "module",\n  "scripts": {\n    "start": "node dist/index.js",\n    "build": "tsc",\n    "test": "vitest run",\n    "lint": "eslint ."\n  }\n}\n',
  index: "import { createServer } from 'node:http';\nimport { login } from './auth/login.js';\n\nconst server = createServer(async (req, res) => {\n  if (req.url === '/login' && req.method === 'POST') return login(req, res);\n  res.writeHead(404).end();\n});\n\nserver.listen(Number(process.env.PORT ?? 3000));\n",
  login1: "import type { IncomingMessage, ServerResponse } from 'node:http';\nimport { checkPassword } from './password.js';\n\nexport async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {\n  const body = await readBody(req);\n  const ok = await checkPassword(body.username, body.password);\n  res.writeHead(ok ? 200 : 401).end();\n}\n\nasync function readBody(req: IncomingMessage): Promise<{ username: string; password: string }> {\n  let data = '';\n  for await (const chunk of req) data += chunk;\n  return JSON.parse(data);\n}\n",
  login2: "import type { IncomingMessage, ServerResponse } from 'node:http';\nimport { checkPassword } from './password.js';\n\nconst SESSION_TTL_MS = 30 * 60 * 1000;\n\nexport async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {\n  const body = await readBody(req);\n  const ok = await checkPassword(body.username, body.password);\n  res.writeHead(ok ? 200 : 401, ok ? { 'set-cookie': `session=1; Max-Age=${SESSION_TTL_MS / 1000}` } : {}).end();\n}\n\nasync function readBody(req: IncomingMessage): Promise<{ username: string; password: string }> {\n  let data = '';\n  for await (const chunk of req) data += chunk;\n  return JSON.parse(data);\n}\n",
  login3: "import type { IncomingMessage, ServerResponse } from 'node:http';\nimport { checkPassword } from './password.js';\n\nconst SESSION_TTL_MS = 30 * 60 * 1000;\n\nexport async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {\n  const body = await readBody(req);\n  const ok = await checkPassword(body.username, body.password.normalize('NFC'));\n  res.writeHead(ok ? 200 : 401, ok ? { 'set-cookie': `session=1; Max-Age=${SESSION_TTL_MS / 1000}` } : {}).end();\n}\n\nasync function readBody(req: IncomingMessage): Promise<{ username: string; password: string }> {\n  const chunks: Buffer[] = [];\n  for await (const chunk of req) chunks.push(chunk as Buffer);\n  return JSON.parse(Buffer.concat(chunks).toString('utf8'));\n}\n",
  loginTest: "import { describe, it, expect } from 'vitest';\nimport { checkPassword } from '../src/auth/password.js';\n\ndescribe('login', () => {\n  it('accepts a unicode password', async () => {\n    expect(await checkPassword('demo', 'pässwörd')).toBe(true);\n  });\n});\n",
  password: "export async function checkPassword(username: string, password: string): Promise<boolean> {\n  return username.length > 0 && password.length >= 8;\n}\n",
  ci: "stages:\n  - build\n  - test\n  - deploy\n\ncompile:\n  stage: build\n  image: node:20\n  script:\n    - npm ci\n    - npm run build\n  artifacts:\n    paths: [dist/]\n\nunit-tests:\n  stage: test\n  image: node:20\n  script:\n    - npm ci\n    - npm test -- --coverage\n  coverage: '/All files[^|]*\\|[^|]*\\s+([\\d\\.]+)/'\n  artifacts:\n    reports:\n      junit: junit.xml\n\nlint:\n  stage: test\n  image: node:20\n  script:\n    - npm ci\n    - npm run lint\n\ndeploy-production:\n  stage: deploy\n  script: ./deploy.sh production\n  when: manual\n  environment: production\n  resource_group: production\n",
  guide: '# Contributor guide\n\n1. Fork the project and create a branch.\n2. Run `npm test` before pushing.\n3. Open a merge request against `main`.\n',
  guide2: '# Contributor guide\n\n1. Fork the project and create a branch.\n2. Run `npm test` before pushing.\n3. Open a merge request against `main`.\n\n## Reviews\n\nEvery merge request needs one approval from a maintainer.\n\n## Releases\n\nTags follow semantic versioning.\n',
  // Rewrites `readme` (before 'Document the setup'): a new introduction and a closing line where main added its own, a real conflict.
  readmeConflict: '# Demo Project\n\nThe demo web service for Forge MCP Server: log in, keep a session, nothing else.\n\n## Getting started\n\n```sh\nnpm install\nnpm start\n```\n\nQuestions and bug reports go to the issue tracker.\n',
  graphqlTs: "export const schema = `type Query { me: String }`;\n",
};

const ISSUE_TITLES = [
  'Login page returns 500 when the password contains unicode', 'Session cookie is not marked Secure', 'Add rate limiting to the login endpoint',
  'Document the environment variables', 'Upgrade to Node 22', 'Flaky test: session expiry', 'Health check endpoint for the load balancer',
  'Password reset email has a broken link', 'Log requests as JSON', 'Dark mode for the settings page', 'Remove the deprecated /v1/login route',
  'CI: cache node_modules between jobs', 'Crash when PORT is not a number', 'Add a CONTRIBUTING file', 'Support login with an email address',
  'Slow response on /login under load', 'Translate error messages', 'Metrics endpoint for Prometheus', 'README: fix the install command',
  'Lock the account after ten failed logins', 'Refresh token rotation', 'Audit log for admin actions', 'Typo in the 404 page',
  'Show the build version in the footer', 'Move configuration to a single module',
];
const ISSUE_LABELS: string[][] = [
  ['bug', 'security', 'priority::high'], ['bug', 'security'], ['feature', 'security'], ['documentation'], ['feature'], ['bug'], ['feature'], ['bug'],
  ['feature'], ['feature', 'priority::low'], [], ['performance'], ['bug'], ['documentation'], ['feature'], ['bug', 'performance'], ['feature'],
  ['feature'], ['documentation'], ['security'], ['security', 'feature'], ['feature'], ['bug', 'priority::low'], ['feature'], ['team::backend'],
];

function user(state: SandboxState, id: number, username: string, name: string, extra: Partial<UserRec> = {}): void {
  state.users.set(id, {
    id, username, name, email: `${username}@example.com`, isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: 'Demo Corp',
    createdAt: day(-30 + id), bot: false, ...extra,
  });
}

function project(state: SandboxState, id: number, name: string, path: string, ns: ProjectRec['namespace'], visibility: ProjectRec['visibility'], description: string, creatorId: number): ProjectRec {
  const p: ProjectRec = {
    id, name, path, description, namespace: ns, visibility, defaultBranch: 'main', createdAt: day(-20 + id), lastActivityAt: day(50), creatorId,
    archived: false, topics: [], starCount: 0, forksCount: 0, members: new Map(), repo: newRepo(), issues: new Map(), mrs: new Map(), labels: [],
    milestones: [], pipelines: new Map(), packages: new Map(), nextIssueIid: 1, nextMrIid: 1, nextPipelineIid: 1, extra: {},
  };
  state.projects.set(id, p);
  return p;
}

type CommitSpec = [message: string, author: number, dayOffset: number, changes: Record<string, string | null>];

/** Builds a chain of commits on top of `from` and points `branch` at its end. */
function chain(state: SandboxState, p: ProjectRec, branch: string, from: string | null, commits: CommitSpec[]): string[] {
  let parent = from;
  const ids: string[] = [];
  for (const [message, author, d, changes] of commits) {
    const files = new Map(parent ? p.repo.commits.get(parent)!.files : []);
    for (const [k, v] of Object.entries(changes)) if (v === null) files.delete(k); else files.set(k, v);
    const u = state.users.get(author)!;
    const c = addCommit(p.repo, { parent, files, message, authorName: u.name, authorEmail: u.email, date: day(d, 10), branch });
    ids.push(c.id);
    parent = c.id;
  }
  if (parent) p.repo.branches.set(branch, parent);
  return ids;
}

function issue(p: ProjectRec, id: number, iid: number, fields: Partial<IssueRec> & { title: string; authorId: number }): IssueRec {
  const i: IssueRec = {
    id, iid, projectId: p.id, description: null, state: 'opened', assigneeIds: [], labels: [], milestoneId: null, createdAt: day(iid), updatedAt: day(iid + 2),
    closedAt: null, closedById: null, confidential: false, dueDate: null, discussionLocked: null, upvotes: 0, downvotes: 0, weight: null, issueType: 'issue', ...fields,
  };
  // Closing writes the issue: GitLab's updated_at is never before its closed_at.
  if (i.closedAt && i.closedAt > i.updatedAt) i.updatedAt = i.closedAt;
  p.issues.set(iid, i);
  p.nextIssueIid = Math.max(p.nextIssueIid, iid + 1);
  return i;
}

function mr(p: ProjectRec, id: number, iid: number, fields: Partial<MrRec> & Pick<MrRec, 'title' | 'authorId' | 'sourceBranch' | 'baseSha' | 'headSha'>): MrRec {
  const m: MrRec = {
    id, iid, projectId: p.id, description: null, state: 'opened', assigneeIds: [], reviewerIds: [], labels: [], milestoneId: null, targetBranch: 'main',
    createdAt: day(30 + iid), updatedAt: day(31 + iid), mergedAt: null, mergedById: null, closedAt: null, closedById: null, draft: false,
    squash: false, shouldRemoveSourceBranch: null, forceRemoveSourceBranch: true, mergeCommitSha: null, approvedBy: [], upvotes: 0,
    downvotes: 0, discussionLocked: null, mergeWhenPipelineSucceeds: false, ...fields,
  };
  // Merging or closing writes the merge request: GitLab's updated_at is never before its merged_at or closed_at.
  for (const at of [m.mergedAt, m.closedAt]) if (at && at > m.updatedAt) m.updatedAt = at;
  p.mrs.set(iid, m);
  p.nextMrIid = Math.max(p.nextMrIid, iid + 1);
  return m;
}

function note(state: SandboxState, key: string, id: number, discussionId: string, fields: Partial<NoteRec> & { body: string; authorId: number; createdAt: string }): void {
  const list = state.notes.get(key) ?? [];
  list.push({ id, discussionId, updatedAt: fields.createdAt, system: false, type: null, resolvable: false, resolved: false, resolvedById: null, resolvedAt: null, position: null, internal: false, ...fields });
  state.notes.set(key, list);
}

type JobSpec = [name: string, stage: string, status: string, extra?: { artifacts?: boolean; when?: 'manual'; coverage?: number; failure?: string; allowFailure?: boolean }];

function pipeline(state: SandboxState, p: ProjectRec, id: number, ref: string, sha: string, status: string, d: number, source: string, jobs: JobSpec[]): PipelineRec {
  const done = !['running', 'pending', 'created', 'manual'].includes(status);
  // Times that agree with the durations: each stage's jobs wait 2.1 s in the queue and run 94.3 s, the
  // next stage starts when they end, and the pipeline ends with its last stage (an assistant reads both).
  const t0 = Date.parse(day(d, 11));
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const stages = [...new Set(jobs.map(([, stage]) => stage))];
  const stageStart = (stage: string) => stages.indexOf(stage) * 96_400;
  const pl: PipelineRec = {
    id, iid: p.nextPipelineIid++, projectId: p.id, ref, sha, beforeSha: '0000000000000000000000000000000000000000', status, source, tag: false, userId: 1,
    createdAt: at(0), updatedAt: at(stages.length * 96_400), startedAt: at(0), finishedAt: done ? at(stages.length * 96_400) : null,
    duration: done ? Math.round(stages.length * 94.3) : null, coverage: null, name: null, variables: [], jobIds: [],
  };
  let jobId = 2000 + (id - 1000) * 10;
  for (const [name, stage, jstatus, x = {}] of jobs) {
    jobId++;
    const started = !['created', 'pending', 'manual', 'skipped'].includes(jstatus);
    const finished = started && jstatus !== 'running';
    const start = stageStart(stage) + 2_100;
    state.jobs.set(jobId, {
      id: jobId, projectId: p.id, pipelineId: id, name, stage, status: jstatus, ref, tag: false, allowFailure: x.allowFailure ?? false,
      when: x.when ?? 'on_success', createdAt: at(stageStart(stage)), startedAt: started ? at(start) : null, finishedAt: finished ? at(start + 94_300) : null,
      duration: finished ? 94.3 : null, queuedDuration: started ? 2.1 : null, userId: 1, artifacts: x.artifacts ?? false, coverage: x.coverage ?? null,
      failureReason: x.failure ?? null, erased: false, retried: false,
    });
    pl.jobIds.push(jobId);
    if (x.coverage !== undefined) pl.coverage = x.coverage.toFixed(2);
  }
  p.pipelines.set(id, pl);
  return pl;
}

export function seed(state: SandboxState): void {
  user(state, 1, 'demo', 'Demo User', { bio: 'Trying Forge MCP Server in the sandbox.', jobTitle: 'Developer' });
  user(state, 2, 'root', 'Administrator', { isAdmin: true, jobTitle: 'Administrator' });
  user(state, 3, 'alice', 'Alice Chen', { jobTitle: 'Backend Engineer', location: 'Lisbon' });
  user(state, 4, 'bob', 'Bob Martin', { jobTitle: 'Security Engineer', location: 'Montreal', twoFactor: true });
  // A sign-up waiting for an administrator's approval (never signed in).
  user(state, 5, 'carol', 'Carol Diaz', { state: 'blocked_pending_approval', lastActivityOn: null, organization: '' });
  state.reserveId('user', 5);

  state.groups.set(10, {
    id: 10, name: 'Demo Group', path: 'demo-group', fullPath: 'demo-group', description: 'Projects of the sandbox instance.', visibility: 'public',
    parentId: null, createdAt: day(-25), members: new Map([[1, ACCESS.owner], [3, ACCESS.developer], [4, ACCESS.reporter]]),
  });
  state.groups.set(11, {
    id: 11, name: 'Platform', path: 'platform', fullPath: 'demo-group/platform', description: 'Shared platform components.', visibility: 'public',
    parentId: 10, createdAt: day(-24), members: new Map(),
  });

  // Labels and a milestone of the group, which every project below it may use (issue 25 and issue 12 of project 1 do).
  state.groupLabels.set(10, [
    { id: 320, name: 'customer', color: '#e24329', description: 'Reported by a customer' },
    { id: 321, name: 'team::backend', color: '#6699cc', description: 'Owned by the backend team' },
    { id: 322, name: 'needs-triage', color: '#f0ad4e', description: null },
  ]);
  state.groupMilestones.set(10, [
    { id: 403, iid: 1, groupId: 10, title: 'Q1 2026', description: 'Planning of the demo group for the first quarter.', state: 'active', dueDate: '2026-03-31', startDate: '2026-01-01', createdAt: day(2), updatedAt: day(2) },
  ]);

  // Project 1: the main demo project.
  const p1 = project(state, 1, 'Demo Project', 'demo-project', { kind: 'group', id: 10 }, 'private', 'A small web service used to try Forge MCP Server against a simulated instance.', 1);
  p1.topics = ['demo', 'nodejs'];
  // alice is also a direct member of the project; bob only inherits the group's Reporter.
  p1.members.set(3, ACCESS.developer);
  p1.starCount = 3;
  for (const [uid, d] of [[2, 2], [3, 4], [4, 10]]) state.starsOf(p1.id).set(uid, day(d));
  const main = chain(state, p1, 'main', null, [
    ['Initial commit', 1, 0, { 'README.md': FILES.readme, '.gitignore': FILES.gitignore }],
    ['Add login service', 3, 3, { 'package.json': FILES.pkg, 'src/index.ts': FILES.index, 'src/auth/login.ts': FILES.login1, 'src/auth/password.ts': FILES.password }],
    ['Add CI configuration', 1, 6, { '.gitlab-ci.yml': FILES.ci }],
    ['Document the setup', 4, 9, { 'docs/guide.md': FILES.guide, 'README.md': FILES.readme2 }],
    ['Fix session timeout handling\n\nSessions now expire after 30 minutes.', 3, 12, { 'src/auth/login.ts': FILES.login2 }],
  ]);
  const [fix] = chain(state, p1, 'feature/login-fix', main[4], [['Handle unicode passwords in login\n\nCloses #1', 3, 35, { 'src/auth/login.ts': FILES.login3, 'test/login.test.ts': FILES.loginTest }]]);
  const [conflict] = chain(state, p1, 'feature/readme-intro', main[2], [['Rewrite the README introduction', 4, 36, { 'README.md': FILES.readmeConflict }]]);
  const [draft] = chain(state, p1, 'docs/guide-reviews', main[4], [['Expand the contributor guide', 1, 37, { 'docs/guide.md': FILES.guide2 }]]);
  const [experiment] = chain(state, p1, 'experiment/graphql', main[4], [['Try a GraphQL endpoint', 3, 38, { 'src/graphql.ts': FILES.graphqlTs }]]);
  p1.repo.branches.delete('experiment/graphql');
  p1.repo.tags.set('v1.0.0', { name: 'v1.0.0', target: main[2], message: 'First release', createdAt: day(6, 12) });
  p1.repo.tags.set('v1.1.0', { name: 'v1.1.0', target: main[4], message: null, createdAt: day(12, 12) });
  const releases = state.releasesOf(p1.id);
  releases.set('v1.0.0', { tagName: 'v1.0.0', name: 'v1.0.0', description: 'First release: login service and CI.', createdAt: day(6, 13), releasedAt: day(6, 13), authorId: 1, milestoneIds: [], links: [], evidences: [] });
  releases.set('v1.1.0', {
    tagName: 'v1.1.0', name: 'v1.1.0', description: '## Changes\n\n- Sessions expire after 30 minutes.', createdAt: day(12, 13), releasedAt: day(12, 13), authorId: 1,
    milestoneIds: [401], links: [{ id: 901, name: 'Linux binary', url: 'https://downloads.example.com/demo-project/v1.1.0/demo-linux-amd64', directAssetPath: '/binaries/demo-linux-amd64', linkType: 'package' }],
    evidences: [{ sha: '4f7d1c3b9a2e6f0d8c5b7a9e1f3d5c7b9a2e4f6d8c0b1a3e5f7d9c1b3a5e7f9d', collectedAt: day(12, 13) }],
  });
  state.reserveId('link', 901);
  const wiki = state.wikiOf(p1.id);
  wiki.set('home', { slug: 'home', title: 'home', format: 'markdown', updatedAt: day(10), content: '# Demo Project wiki\n\n- [Deployment](deployment)\n- Sessions expire after 30 minutes.\n' });
  wiki.set('deployment', { slug: 'deployment', title: 'deployment', format: 'markdown', updatedAt: day(11), content: '# Deployment\n\nRun the `deploy-production` job by hand from a pipeline on main.\n' });
  p1.repo.protectedBranches.set('main', { id: 701, name: 'main', pushLevel: ACCESS.maintainer, mergeLevel: ACCESS.maintainer, allowForcePush: false, codeOwnerApprovalRequired: false });
  state.reserveId('protected', 701);
  const labels: Array<[string, string]> = [['bug', '#dc143c'], ['feature', '#428bca'], ['documentation', '#5cb85c'], ['security', '#d9534f'], ['performance', '#f0ad4e'], ['priority::high', '#ff0000'], ['priority::low', '#cccccc']];
  p1.labels = labels.map(([name, color], i) => ({ id: 301 + i, name, color, description: null }));
  p1.milestones = [
    { id: 401, iid: 1, title: 'v1.1', description: 'Session handling.', state: 'closed', dueDate: '2026-01-31', startDate: '2026-01-05', createdAt: day(0), updatedAt: day(26) },
    { id: 402, iid: 2, title: 'v1.2', description: 'Hardening the login flow.', state: 'active', dueDate: '2026-03-31', startDate: '2026-02-01', createdAt: day(20), updatedAt: day(20) },
  ];
  const closed = new Set([4, 9, 14, 19, 23]);
  ISSUE_TITLES.forEach((title, k) => {
    const iid = k + 1;
    const isClosed = closed.has(iid);
    issue(p1, 100 + iid, iid, {
      title, authorId: [1, 3, 4][k % 3], labels: ISSUE_LABELS[k], assigneeIds: iid % 4 === 1 ? [3] : iid % 4 === 2 ? [1] : [],
      milestoneId: iid <= 8 ? 402 : iid === 12 ? 403 : null, state: isClosed ? 'closed' : 'opened', closedAt: isClosed ? day(iid + 5) : null, closedById: isClosed ? 1 : null,
      description: iid === 1
        ? 'Logging in with a password such as `pässwörd` answers **500 Internal Server Error**.\n\n### Steps\n\n1. Open `/login`\n2. Enter a password with non-ASCII characters\n\n- [x] Reproduce on main\n- [ ] Fix and add a test'
        : `${title}.`,
      confidential: iid === 20, dueDate: iid === 3 ? '2026-03-20' : null, upvotes: iid === 1 ? 4 : iid % 5, weight: iid === 1 ? 3 : null,
    });
  });
  const i1 = `${p1.id}:Issue:1`;
  note(state, i1, 5001, state.newDiscussionId(), { body: 'I can reproduce this on main: the body is read as latin1.', authorId: 3, createdAt: day(2, 14) });
  note(state, i1, 5002, state.newDiscussionId(), { body: 'assigned to @alice', authorId: 1, createdAt: day(2, 15), system: true });
  note(state, i1, 5003, state.newDiscussionId(), { body: 'The fix is in !1.', authorId: 3, createdAt: day(35, 16) });

  // One approval from anyone is required before a merge request of the demo project can merge (Premium).
  state.approvalsOf(p1.id).rules.push({
    id: state.nextId('approval_rule'), name: 'All Members', ruleType: 'any_approver', reportType: null, approvalsRequired: 1, userIds: [], groupIds: [],
    protectedBranchIds: [], appliesToAllProtectedBranches: false, sourceRuleId: null,
  });
  mr(p1, 501, 1, {
    title: 'Handle unicode passwords in login', description: 'Reads the request body as UTF-8 and normalizes the password.\n\nCloses #1', authorId: 3,
    sourceBranch: 'feature/login-fix', baseSha: main[4], headSha: fix, assigneeIds: [3], reviewerIds: [4], labels: ['bug', 'security'], milestoneId: 402, upvotes: 2,
  });
  mr(p1, 502, 2, {
    title: 'Add CI configuration', authorId: 1, sourceBranch: 'ci-setup', baseSha: main[1], headSha: main[2], state: 'merged', mergedAt: day(6, 12),
    mergedById: 1, mergeCommitSha: main[2], approvedBy: [3], createdAt: day(5), updatedAt: day(6, 12),
  });
  mr(p1, 503, 3, { title: 'Rewrite the README introduction', authorId: 4, sourceBranch: 'feature/readme-intro', baseSha: main[2], headSha: conflict, labels: ['documentation'] });
  mr(p1, 504, 4, { title: 'Draft: Expand the contributor guide', authorId: 1, sourceBranch: 'docs/guide-reviews', baseSha: main[4], headSha: draft, draft: true, labels: ['documentation'] });
  // Opened an hour after alice pushed its branch (day 38), closed two days later.
  mr(p1, 505, 5, {
    title: 'Try a GraphQL endpoint', authorId: 3, sourceBranch: 'experiment/graphql', baseSha: main[4], headSha: experiment, state: 'closed', createdAt: day(38, 11),
    closedAt: day(40), closedById: 3,
  });
  const m1 = `${p1.id}:MergeRequest:1`;
  const d1 = state.newDiscussionId();
  const position = {
    base_sha: main[4], start_sha: main[4], head_sha: fix, old_path: 'src/auth/login.ts', new_path: 'src/auth/login.ts', position_type: 'text', old_line: null, new_line: 8,
    line_range: null,
  };
  note(state, m1, 5101, d1, { body: 'Should we normalize the username too?', authorId: 4, createdAt: day(36, 10), type: 'DiffNote', resolvable: true, position });
  note(state, m1, 5102, d1, { body: 'Usernames are ASCII only, so no.', authorId: 3, createdAt: day(36, 11), type: 'DiffNote', resolvable: true, position });
  note(state, m1, 5103, state.newDiscussionId(), { body: 'Looks good apart from the question above.', authorId: 4, createdAt: day(36, 12) });
  state.reserveId('note', 5103);
  // To-dos of demo: an assigned issue and a review asked on !1 (the review is bob's; demo was mentioned).
  state.todos.push(
    { id: 1301, userId: 1, authorId: 3, projectId: p1.id, kind: 'Issue', iid: 2, action: 'assigned', state: 'pending', body: ISSUE_TITLES[1], createdAt: day(4) },
    { id: 1302, userId: 1, authorId: 4, projectId: p1.id, kind: 'MergeRequest', iid: 1, action: 'mentioned', state: 'pending', body: 'Looks good apart from the question above.', createdAt: day(36, 12) },
  );
  state.todos.push({ id: 1303, userId: 2, authorId: 1, projectId: p1.id, kind: 'Issue', iid: 1, action: 'directly_addressed', state: 'pending', body: 'Can an administrator check the login logs?', createdAt: day(3) });
  state.reserveId('todo', 1303);
  // Reactions, a pending review of root's, a link between issues, and the history of issue 1 and !1.
  state.awards.set(`${p1.id}:Issue:1`, [{ id: 1201, name: 'thumbsup', userId: 3, createdAt: day(2, 16) }]);
  state.awards.set(`${p1.id}:Issue:1:note:5002`, [{ id: 1202, name: 'eyes', userId: 4, createdAt: day(2, 17) }]);
  state.awards.set(`${p1.id}:MergeRequest:1`, [{ id: 1203, name: 'rocket', userId: 4, createdAt: day(36, 13) }]);
  state.awards.set(`${p1.id}:MergeRequest:1:note:5101`, [{ id: 1204, name: 'thumbsup', userId: 3, createdAt: day(36, 14) }]);
  // Every vote is a user's thumbsup, as GitLab counts upvotes: the seeded counts get the awards behind them.
  let awardId = 1210;
  for (const [kind, objects] of [['Issue', p1.issues], ['MergeRequest', p1.mrs]] as const) {
    for (const o of objects.values()) {
      const key = `${p1.id}:${kind}:${o.iid}`;
      const list = state.awards.get(key) ?? [];
      for (const userId of [3, 4, 1, 2]) {
        if (list.filter((a) => a.name === 'thumbsup').length >= o.upvotes) break;
        if (!list.some((a) => a.name === 'thumbsup' && a.userId === userId)) list.push({ id: awardId++, name: 'thumbsup', userId, createdAt: o.createdAt });
      }
      if (list.length) state.awards.set(key, list);
    }
  }
  state.reserveId('award', awardId);
  state.drafts.set(`${p1.id}:1`, [
    { id: 1601, authorId: 2, note: 'Consider logging failed logins.', discussionId: null, resolveDiscussion: false, position: null },
    { id: 1602, authorId: 2, note: 'The test covers it, thanks.', discussionId: null, resolveDiscussion: false, position: null },
  ]);
  state.drafts.set(`${p1.id}:4`, [{ id: 1603, authorId: 2, note: 'Nit: a typo in the guide.', discussionId: null, resolveDiscussion: false, position: null }]);
  state.reserveId('draft', 1603);
  state.issueLinks.push({ id: 1501, sourceProjectId: p1.id, sourceIid: 1, targetProjectId: p1.id, targetIid: 13, linkType: 'relates_to', createdAt: day(14) });
  state.reserveId('issue_link', 1501);
  state.resourceEvents.set(`${p1.id}:Issue:1`, [
    { id: 1401, kind: 'label', userId: 1, createdAt: day(1, 10), action: 'add', value: 'security' },
    { id: 1402, kind: 'milestone', userId: 1, createdAt: day(1, 11), action: 'add', value: 402 },
    { id: 1403, kind: 'weight', userId: 3, createdAt: day(2, 9), action: 'add', value: 3 },
  ]);
  state.resourceEvents.set(`${p1.id}:MergeRequest:1`, [
    { id: 1404, kind: 'label', userId: 3, createdAt: day(35, 12), action: 'add', value: 'bug' },
    { id: 1405, kind: 'milestone', userId: 3, createdAt: day(35, 12), action: 'add', value: 402 },
  ]);
  state.resourceEvents.set(`${p1.id}:Issue:4`, [{ id: 1406, kind: 'state', userId: 1, createdAt: day(9), action: 'closed', value: null }]);
  state.resourceEvents.set(`${p1.id}:MergeRequest:5`, [{ id: 1407, kind: 'state', userId: 3, createdAt: day(40), action: 'closed', value: null }]);
  state.reserveId('event', 1407);

  // The jobs of .gitlab-ci.yml (FILES.ci), which has no rules: every pipeline has them all, the manual deploy skipped after a failure.
  pipeline(state, p1, 1001, 'main', main[4], 'success', 12, 'push', [
    ['compile', 'build', 'success', { artifacts: true }], ['unit-tests', 'test', 'success', { artifacts: true, coverage: 87.5 }], ['lint', 'test', 'success'],
    ['deploy-production', 'deploy', 'manual', { when: 'manual', allowFailure: true }],
  ]);
  const failed = pipeline(state, p1, 1002, 'feature/login-fix', fix, 'failed', 35, 'merge_request_event', [
    ['compile', 'build', 'success', { artifacts: true }], ['unit-tests', 'test', 'failed', { failure: 'script_failure' }], ['lint', 'test', 'success'],
    ['deploy-production', 'deploy', 'skipped', { when: 'manual', allowFailure: true }],
  ]);
  failed.variables = [{ key: 'NODE_OPTIONS', value: '--max-old-space-size=2048', variable_type: 'env_var' }];
  const weekly = pipeline(state, p1, 1003, 'main', main[4], 'running', 50, 'schedule', [
    ['compile', 'build', 'success', { artifacts: true }], ['unit-tests', 'test', 'running'], ['lint', 'test', 'pending'],
    ['deploy-production', 'deploy', 'manual', { when: 'manual', allowFailure: true }],
  ]);
  // The schedule that started #1003, its first run (Tuesday 11:10, picked up by GitLab's worker at 11:13). A run
  // moves its next_run_at, which writes updated_at: the next run is read from there (next Tuesday, after the clock).
  extrasOf(state, p1.id).schedules.set(1, {
    id: 1, description: 'Weekly full pipeline on main', ref: 'refs/heads/main', cron: '10 11 * * 2', cronTimezone: 'UTC', active: true,
    createdAt: day(49, 15), updatedAt: weekly.createdAt, ownerId: 1, variables: [], pipelineIds: [weekly.id],
  });
  state.reserveId('schedule', 1);

  // Project 2: public, small.
  const p2 = project(state, 2, 'Other Project', 'other-project', { kind: 'group', id: 10 }, 'public', 'A second project of the demo group.', 3);
  const m2 = chain(state, p2, 'main', null, [
    ['Initial commit', 3, 1, { 'README.md': '# Other Project\n\nA second project of the demo group.\n', 'index.js': "console.log('hello from other-project');\n" }],
    ['Print the version', 3, 8, { 'index.js': "console.log('hello from other-project', process.version);\n" }],
  ]);
  // A branch of project 1 that vendors project 2 as a submodule.
  chain(state, p1, 'with-submodule', main[4], [['Add other-project as a submodule', 1, 39, {
    '.gitmodules': '[submodule "vendor/other-project"]\n\tpath = vendor/other-project\n\turl = ../other-project.git\n',
    'vendor/other-project': `gitlink:${m2[1]}`,
  }]]);
  const [p2b] = chain(state, p2, 'update-readme', m2[1], [['Describe the project', 1, 40, { 'README.md': '# Other Project\n\nA second project of the demo group. It prints a greeting.\n' }]]);
  p2.labels = [{ id: 310, name: 'bug', color: '#dc143c', description: null }, { id: 311, name: 'enhancement', color: '#428bca', description: 'Improvements' }];
  issue(p2, 201, 1, { title: 'Print the greeting in French too', authorId: 4, labels: ['enhancement'] });
  issue(p2, 202, 2, { title: 'index.js fails on Node 18', authorId: 3, labels: ['bug'], state: 'closed', closedAt: day(12), closedById: 3 });
  issue(p2, 203, 3, { title: 'Add a license file', authorId: 1 });
  mr(p2, 506, 1, { title: 'Describe the project in the README', authorId: 1, sourceBranch: 'update-readme', baseSha: m2[1], headSha: p2b });
  pipeline(state, p2, 1004, 'main', m2[1], 'success', 8, 'push', [['build', 'build', 'success']]);

  // Project 3: the administrator's own project, invisible to demo.
  const p3 = project(state, 3, 'Admin Tools', 'admin-tools', { kind: 'user', id: 102 }, 'private', 'Scripts for instance administration.', 2);
  p3.members.set(2, ACCESS.owner);
  chain(state, p3, 'main', null, [['Initial commit', 2, 2, { 'README.md': '# Admin Tools\n', 'scripts/rotate-tokens.sh': '#!/bin/sh\necho "rotating"\n' }]]);
  issue(p3, 301, 1, { title: 'Rotate the runner registration token', authorId: 2, confidential: true });

  state.reserveId('issue', 1000);
  state.reserveId('project', 3);
  reserveSeeded(state);
}

/**
 * Keeps every id counter above the ids the seed wrote by hand, so a record made later never takes a
 * seeded record's id (a new label was given 301, the seeded `bug` label's id; a new milestone 401, v1.1's).
 */
function reserveSeeded(state: SandboxState): void {
  const top = (ids: Iterable<number>) => Math.max(0, ...ids);
  const projects = [...state.projects.values()];
  state.reserveId('group', top(state.groups.keys()));
  state.reserveId('project', top(state.projects.keys()));
  state.reserveId('job', top(state.jobs.keys()));
  state.reserveId('label', top([...projects.flatMap((p) => p.labels), ...[...state.groupLabels.values()].flat()].map((l) => l.id)));
  state.reserveId('milestone', top([...projects.flatMap((p) => p.milestones), ...[...state.groupMilestones.values()].flat()].map((m) => m.id)));
  state.reserveId('issue', top(projects.flatMap((p) => [...p.issues.values()].map((i) => i.id))));
  state.reserveId('mr', top(projects.flatMap((p) => [...p.mrs.values()].map((m) => m.id))));
  state.reserveId('pipeline', top(projects.flatMap((p) => [...p.pipelines.keys()])));
}
