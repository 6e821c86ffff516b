// forge_find_action: how requests are read (references, slang, intent), the safety order, the
// examples each catalog entry carries, and the compact answer — end to end through an MCP client.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { actionSchema } from '../src/catalog/schema.js';
import { ActionSearch, effectWordsOf } from '../src/search/index.js';
import { parseQuery } from '../src/search/query.js';
import { MAX_QUERY_CHARS } from '../src/search/limits.js';
import { EFFECT_WORDS, PHRASES, WORDS } from '../src/search/lexicon.js';
import type { Sandbox } from '../src/sandbox/index.js';
import { startServer, text, withSandbox, type Running } from './helpers/harness.js';
import table from '../src/search/phrasings.json' with { type: 'json' };
import { MEASURING_SETS, TUNING_SETS, phrasingsOf, plainText, tableText } from '../scripts/phrasings.mjs';

await loadCatalog();
const actions = catalog().actions;
// The search as the server builds it: the catalog and the shipped phrasings.
const phrasings = table.byAction as Record<string, string[]>;
const search = new ActionSearch(actions, {}, undefined, { phrasings });
const top = (q: string) => search.search(q, 5).hits[0]?.action.id;

describe('catalog examples (lint)', () => {
  it('every action carries 2 to 5 example requests, one line each, under 160 characters', () => {
    const bad = actions.filter((a) => !a.examples || a.examples.length < 2 || a.examples.length > 5 || a.examples.some((e) => !e.trim() || e.length >= 160 || /[\r\n`]/.test(e)));
    expect(bad.map((a) => a.id)).toEqual([]);
  });

  it('no two actions share an example', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const a of actions) {
      for (const e of a.examples ?? []) {
        const key = e.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
        const other = seen.get(key);
        if (other && other !== a.id) shared.push(`${other} / ${a.id}: ${e}`);
        seen.set(key, a.id);
      }
    }
    expect(shared).toEqual([]);
  });

  it('every destructive action names its irreversible effect in its ID (the words that may rank it first)', () => {
    expect(actions.filter((a) => a.destructive && !effectWordsOf(a)).map((a) => a.id)).toEqual([]);
  });
});

describe('lexicon review', () => {
  const removal = EFFECT_WORDS.delete!;
  it('no word maps onto a removal word unless it says removal itself', () => {
    const bad = Object.entries(WORDS).filter(([from, to]) => /\b(delete|erase|revoke)\b/.test(to) && !removal.includes(from) && from !== 'erase');
    expect(bad).toEqual([]);
  });
  it('no phrase rewrites to a removal word unless its pattern is a removal phrase', () => {
    const bad = PHRASES.filter(([re, to]) => /\b(delete|erase|revoke)\b/.test(to) && !/get rid of|nuke|trash|wipe|blow away|throw away|toss|unregister|revoked|\\bkill\(|\(\?=kill\)|\(rm\|del\)|unhook\|disconnect/.test(re.source));
    expect(bad.map(([re]) => re.source)).toEqual([]);
  });
  it('no phrase rewrites onto an irreversible effect unless its pattern says that effect, it needs a named object, or it is a reviewed reading', () => {
    const effects = new Set(Object.values(EFFECT_WORDS).flat());
    // Reviewed: each says its effect in other words.
    const reviewed = [
      /^\\block out/, // a locked-out user is blocked
      /offboard/, // offboarding removes a member
      /\(en\)\?queue/, // queueing for a green pipeline adds to the merge train
      /^\\bintegrate \(the \|this \|that \)\?\(mergerequest\|mr\|branch\)/, // a merge request integrated is merged
      /\(which\|what\) \(mrs\?/, // "merge requests" closing an issue, a noun
      /unregister/, // unregistering deletes
      /\(want\|get\|need\|have\) xuserx \(out of/, // someone wanted out of a group is removed from it
      /\(\?=kill\)/, // killing what does not run destroys it
      /\(rm\|del\)/, // the shell's removal
      /unhook\|disconnect/, // an integration turned off is deleted (GitLab's "disable an integration")
    ];
    const bad = PHRASES.filter(([re, to, when]) => {
      if (when === 'object' || reviewed.some((r) => r.test(re.source))) return false;
      const said = to.split(/[^a-z]+/).filter((w) => effects.has(w));
      return said.some((w) => ![w, ...(EFFECT_WORDS[w] ?? [])].some((x) => re.source.includes(x)));
    });
    expect(bad.map(([re, to]) => `${re.source} -> ${to}`)).toEqual([]);
  });
});

describe('reading a request', () => {
  it('reads shorthand references into kinds and parameters', () => {
    const q = parseQuery('close #12 and link !88 to &5 with ~"needs review" for %v2.0, ping @alice.dev in acme/shop at 1a2b3c4d');
    expect(q.suggested).toEqual({ issue_iid: 12, merge_request_iid: 88, epic_iid: 5, labels: 'needs review', milestone: 'v2.0', username: 'alice.dev', project_id: 'acme/shop', sha: '1a2b3c4d' });
    // ~label, %milestone and @user qualify the objects named beside them: their kinds do not count here.
    expect([...q.kinds].sort()).toEqual(['commit', 'epic', 'issue', 'mergerequest']);
    expect([...parseQuery('who owns @alice.dev').kinds]).toEqual(['user']);
  });

  it('reads a snippet\'s shorthand reference ($42), as GitLab writes it', () => {
    const q = parseQuery('raw content of $42');
    expect(q.suggested.snippet_id).toBe(42);
    expect(q.kinds.has('snippet')).toBe(true);
    expect(top('raw content of $42')).toBe('snippet.content');
    expect(top('update $42 with the new version')).toBe('snippet.update');
  });

  it('reads GitLab web URLs', () => {
    expect(parseQuery('look at https://gitlab.example.com/acme/web/shop/-/merge_requests/88#note_1').suggested).toEqual({ project_id: 'acme/web/shop', merge_request_iid: 88 });
    expect(parseQuery('https://gitlab.example.com/acme/shop/-/jobs/912 why red').suggested).toEqual({ project_id: 'acme/shop', job_id: 912 });
    expect(parseQuery('https://gitlab.example.com/acme/shop/-/pipelines/123').suggested).toEqual({ project_id: 'acme/shop', pipeline_id: 123 });
    expect(parseQuery('https://gitlab.example.com/acme/shop/-/blob/main/src/app.rb').suggested).toEqual({ project_id: 'acme/shop', ref: 'main', file_path: 'src/app.rb' });
    expect(parseQuery('https://gitlab.example.com/acme/shop/-/issues/7').suggested).toEqual({ project_id: 'acme/shop', issue_iid: 7 });
    // A badge's placeholder is no valid percent-encoding: kept as written (decoding it threw, and failed the find).
    expect(parseQuery('what would https://gitlab.example.com/%{project_path}/-/commits/%{default_branch} render as?').suggested)
      .toEqual({ project_id: '%{project_path}', ref_name: '%{default_branch}' });
  });

  it('reads numbered objects and file paths', () => {
    expect(parseQuery('retry pipeline 123').suggested).toEqual({ pipeline_id: 123 });
    expect(parseQuery('trace of job #9').suggested).toEqual({ job_id: 9 });
    expect(parseQuery('who last touched docs/setup.md in acme/shop').suggested).toEqual({ file_path: 'docs/setup.md', project_id: 'acme/shop' });
    expect(parseQuery('nuke feature/old-checkout in acme/web').suggested).toEqual({ ref: 'feature/old-checkout', project_id: 'acme/web' });
    expect(parseQuery('reply in thread 8c1d2e on !42 and set DEPLOY_ENV').suggested).toEqual({ discussion_id: '8c1d2e', merge_request_iid: 42, key: 'DEPLOY_ENV' });
  });

  it('classifies the requested effect and questions', () => {
    expect(parseQuery('open a new issue about the login bug').intent).toBe('create');
    expect(parseQuery('get rid of the stale branch').intent).toBe('delete');
    expect(parseQuery('rename the label').intent).toBe('update');
    expect(parseQuery('show the open MRs').intent).toBe('list');
    const q = parseQuery('has anyone approved !42?');
    expect(q.question).toBe(true);
    expect(q.intent).toBe('read');
  });

  it('reads another forge\'s repository and a container repository as neither a GitLab project nor its ID', () => {
    expect(parseQuery('mirror acme/web to github.com/acme/web').suggested).toEqual({ project_id: 'acme/web' });
    expect(parseQuery('container repo 7 in acme/shop').suggested).toEqual({ project_id: 'acme/shop' });
    expect(parseQuery('repo 7').suggested).toEqual({ project_id: 7 });
  });

  it('reads words joined by a slash as those words, not as a namespace and its project (#30)', () => {
    const q = parseQuery('export the tickets/comments of acme/tracker');
    expect(q.suggested).toEqual({ project_id: 'acme/tracker' });
    expect(q.terms).toEqual(expect.arrayContaining(['issue', 'note']));
    expect(parseQuery('retry/cancel pipeline 55').suggested).toEqual({ pipeline_id: 55 });
    expect(parseQuery('what changed between 3.1/3.2').suggested).toEqual({});
    // A real namespace and project still are one.
    expect(parseQuery('pipelines of tools/linter').suggested).toEqual({ project_id: 'tools/linter' });
  });

  it('reads an address, with or without its scheme, by its path: its host and one namespace segment are no project (#30)', () => {
    expect(parseQuery('who is https://gitlab.example.com/kiran').suggested).toEqual({});
    expect(parseQuery('the members of https://gitlab.example.com/groups/orbit.').suggested).toEqual({ group_id: 'orbit' });
    expect(parseQuery('look at https://gitlab.example.com/orbit/relay.').suggested).toEqual({ project_id: 'orbit/relay' });
    expect(parseQuery('clone gitlab.corp.example.org/orbit/relay').suggested).toEqual({ project_id: 'orbit/relay' });
    expect(parseQuery('gitlab.example.com/orbit/relay/-/issues/9 status?').suggested).toEqual({ project_id: 'orbit/relay', issue_iid: 9 });
    expect(parseQuery('send merge events to hooks.corp.example.org/ci').suggested).toEqual({ url: 'https://hooks.corp.example.org/ci' });
  });

  it('cuts an overlong request and says how much', () => {
    const q = parseQuery(`list issues ${'x'.repeat(5000)}`);
    expect(q.cut).toBe(5012 - MAX_QUERY_CHARS);
  });
});

describe('ranking: the traps people fall into', () => {
  const cases: Array<[string, string]> = [
    ['the pipeline is stuck, stop it', 'pipeline.cancel'],
    ['kill job 77', 'job.cancel'],
    ['leave a comment on #12 saying it is fixed', 'issue.note_create'],
    ['close #5', 'issue.update'],
    ['sign off on !88', 'merge_request.approve'],
    ['rerun the failed pipeline 123', 'pipeline.retry'],
    ['archive the old repo acme/legacy', 'project.archive'],
  ];
  for (const [q, want] of cases) it(`"${q}" → ${want}`, () => expect(top(q)).toBe(want));

  it('an effect word asks for a destructive action only when it governs that action\'s object (verb-object check)', () => {
    // "unprotect" governs the CI variable here, not a branch; "remove" governs the expiry, not the member.
    for (const q of ['unprotect the CI variable STAGING_KEY in acme/web so feature branches can use it', 'remove the access expiry for @contractor1 on data/etl']) {
      expect(search.search(q, 5).hits[0]?.action.destructive, q).toBe(false);
    }
    expect(top('unprotect the develop branch of acme/web')).toBe('branch.unprotect');
    // "remove @bob" governs a person: the project stays.
    expect(top('remove @bob from acme/web')).toBe('project.member_delete');
  });

  it('reads the harmless action behind a word of a destructive effect', () => {
    for (const [q, want] of [
      ['move #41 above #40 on the board', 'issue.reorder'],
      ['turn off auto-merge on !120, I want to check something first', 'merge_request.cancel_auto_merge'],
      ['rotate the value of GH_TOKEN in frontend/app to the new one I generated', 'ci_variable.update'],
      // A SCREAMING_SNAKE name is a CI/CD variable's key: rotating it rotates no access token.
      ['rotate SONAR_TOKEN in acme/web', 'ci_variable.update'],
      ['move #30 up one spot', 'issue.reorder'],
    ] as const) expect(top(q), q).toBe(want);
    // A question asks for information: nothing irreversible first.
    expect(search.search('which groups could I transfer the platform group under?', 5).hits[0]?.action.destructive).toBe(false);
    expect(top('move #55 over to the platform/api project')).toBe('issue.move');
  });

  it('a misspelling is read as the nearest catalog word ("relese" is release, not delete)', () => {
    expect(top('fix the URL of asset link 33 on the v1.4.0 relese of tools/cli')).toBe('release.link_update');
  });

  it('an @mention names the person a user_id takes: the for-user twin, not the caller\'s own', () => {
    expect(top('add a gpg key for @deploy-bot')).toBe('user.add_gpg_key_for_user');
    expect(top('who is @sam? show their profile')).toBe('user.get');
    expect(top('add a gpg key to my account')).toBe('user.add_gpg_key');
  });

  it('two swapped letters are one slip, not two edits ("gorup" is group, "bheind" is behind)', () => {
    expect(top('archive the legacy gorup')).toBe('group.archive');
    expect(search.search('how far bheind is geo site 2?', 5).query.terms).toContain('behind');
    // A swapped effect word still says its effect, like any other misspelt one ("delte").
    expect(search.search('dleete the stale branch', 5).query.said.has('delete')).toBe(true);
  });

  it('a noun before a number names that object: its get, not its list', () => {
    expect(top('show comment 55 on epic &12')).toBe('group.epic_note_get');
    expect(top('pause schedule 14 in data/etl')).toBe('pipeline.schedule_update');
    // Many of them: the list, not the get that needs one note's ID.
    expect(top('secure files in mobile/ios-app and when they expire')).toBe('admin.secure_file_list');
    // A project path: the project's snippets, not the caller's own.
    expect(top('snippets in acme/web')).toBe('snippet.project_list');
    expect(top('show me the comments on acme/web#12')).toBe('issue.note_list');
  });

  it('reads everyday phrasings of settings, roles, queues and restores in the catalog\'s words', () => {
    for (const [q, want] of [
      ['bring back the acme/old-site project, it was deleted by accident', 'project.restore'],
      ['unlink #3 from #9 in acme/shop', 'issue.link_delete'],
      ['demote @dana to guest on acme/shop', 'project.member_edit'],
      ['who changed the settings of acme/shop yesterday?', 'audit_event.list_project'],
      ["what's overdue in acme/shop", 'issue.list'],
      ['jot down a ticket in acme/shop about the flaky login test', 'issue.create'],
      ['detach runner 7 from acme/shop', 'runner.disable_project'],
      ['prevent developers from pushing tags matching v* in acme/shop', 'tag.protect'],
      ['what is queued to merge into main in acme/shop?', 'merge_train.list_branch'],
      ['let @sam into acme/shop, they requested access', 'access.approve_project'],
      ["who's in the frontend group?", 'group.members'],
      ['remove user 12 from project acme/shop', 'project.member_delete'],
      ['give carol reporter access to acme/shop', 'project.member_add'],
      ['unassign runner 7 from acme/shop', 'runner.disable_project'],
      ['what merge method does acme/shop use?', 'project.get'],
      ['switch acme/shop to fast-forward merges', 'project.update'],
      ['which MRs are waiting to land in acme/shop?', 'merge_request.list'],
    ] as const) expect(top(q), q).toBe(want);
    // Muting one issue unsubscribes from it; muting a group or project sets its notification level.
    expect(top('mute notifications on acme/shop#12')).toBe('issue.unsubscribe');
    expect(top('mute notifications from the frontend group')).toBe('user.notification_group_update');
    // "add" and "make" create an issue only with an article: "add issue #87 to epic &12" creates nothing.
    expect(top('add issue acme/web#87 to epic &12')).toBe('group.epic_issue_assign');
    // A role change says no removal: "drop @bob to reporter" keeps the member.
    expect(search.search('drop @bob to reporter in acme/shop', 5).hits[0]?.action.id).toBe('project.member_edit');
  });

  it('reads tokens, deploy freezes and frequency, releases, code search, memberships and group moves', () => {
    for (const [q, want] of [
      ['invalidate the token you are using now', 'access.token_personal_revoke_self'],
      ['no deploys to acme/shop over the holidays, set that up', 'environment.freeze_create'],
      ['list the deploy freezes of acme/shop', 'environment.freeze_list'],
      ['how often does acme/shop deploy?', 'dora_metrics.project'],
      ['which releases of acme/shop have we shipped?', 'release.list'],
      ['which package names are locked down in acme/shop?', 'package.protection_rule_list'],
      ['where is parseConfig referenced in our code?', 'search.code'],
      ['list the groups and projects @sam is a member of', 'user.memberships'],
      ['make @build-bot an external user', 'user.modify'],
      ['where can I move the frontend group to?', 'group.transfer_locations'],
      ['move the frontend subgroup under platform', 'group.transfer'],
      ['import github.com/acme/tool into the tools group', 'admin.import_github'],
      // "wikis" is the plural of wiki (the -is rule keeps "analysis" whole).
      ['search wikis across gitlab for onboarding', 'search.wiki'],
    ] as const) expect(top(q), q).toBe(want);
  });

  it('never reads a negated, noun or attribute use of an effect word as asking for it', () => {
    // A negated effect is not asked for.
    expect(parseQuery("close #12, don't delete it").said.has('delete')).toBe(false);
    expect(top("close #12, don't delete it")).toBe('issue.update');
    expect(top('archive acme/old but never delete it')).toBe('project.archive');
    // The verb of an ID is its last effect word: push_rule_delete deletes, its "push" is a noun.
    expect(effectWordsOf(catalog().get('project.push_rule_delete')!)).toBe(EFFECT_WORDS.delete);
    expect(search.search('push rules for acme/shop', 5).hits[0]?.action.destructive).toBe(false);
    // "protection" alone asks for no unprotect; lifting or dropping it does.
    expect(search.search('group protection for the staging environment', 5).hits[0]?.action.destructive).toBe(false);
    expect(top('lift the protection on tag v1.* in acme/shop')).toBe('tag.unprotect');
    // "remove draft" on a merge request marks it ready.
    expect(top('mark !31 as ready (remove draft)')).toBe('merge_request.update');
  });

  it('reads reactions taken back, pushes, merged-branch clean-ups, bumped values and reviews', () => {
    for (const [q, want] of [
      ['take my thumbs up off acme/shop#6', 'issue.emoji_issue_delete'],
      ['who pushed to main in acme/shop yesterday?', 'repository.commit_list'],
      ['prune the already-merged branches of acme/shop', 'branch.delete_merged'],
      ['bump NODE_VERSION to 22 in acme/shop', 'ci_variable.update'],
      ["what's in review in the frontend group?", 'merge_request.list_group'],
      ['revoke pipeline trigger 9 in acme/shop', 'pipeline.trigger_delete'],
    ] as const) expect(top(q), q).toBe(want);
    // Taking a reaction back removes the award, never the issue.
    expect(search.search('undo my +1 on acme/shop#6', 5).hits[0]?.action.id).toBe('issue.emoji_issue_delete');
  });

  it('reads comments told or posted, participants, time put in, plain membership words and everyday synonyms', () => {
    for (const [q, want] of [
      ['post "LGTM from QA" on acme/shop#4', 'issue.note_create'],
      ['tell the reporter on acme/shop#4 we need a repro', 'issue.note_create'],
      ['who has been chiming in on acme/shop#4?', 'issue.participants'],
      ['I put 2 hours into acme/shop#4', 'issue.spent_time_add'],
      ['who belongs to the frontend group?', 'group.members'],
      ['what repos are under frontend?', 'group.projects'],
      ['lock out @spammer now', 'user.block'],
      ['which executors can acme/shop use?', 'runner.list_project'],
      ['\u{1F44D} on acme/shop#4', 'issue.emoji_issue_create'],
    ] as const) expect(top(q), q).toBe(want);
    // "run 4821" is a pipeline; "re-run 7730" names none.
    expect(parseQuery("what's going on with run 4821 in acme/shop?").suggested).toEqual({ pipeline_id: 4821, project_id: 'acme/shop' });
    expect(parseQuery('re-run 7730').suggested).toEqual({});
  });

  it('reads a look for what already exists as a search, and what waits for me as to-dos', () => {
    for (const [q, want] of [
      ['did anyone already open an MR about bumping eslint?', 'search.merge_requests'],
      ['has anyone reported the flaky login before?', 'search.issues'],
      ['which repo defines the function parseConfig?', 'search.code'],
      ['where do we call renderInvoice() across all repos?', 'search.code'],
      ["find the commit that says 'fix tz' in the message", 'search.commits'],
      ['what needs my attention today?', 'user.todo_list'],
      ['issues in %v3.0 for acme/shop', 'project.milestone_issues'],
      ['switch the default branch of acme/shop to trunk', 'project.update'],
    ] as const) expect(top(q), q).toBe(want);
  });

  it('locks what it names: "lock" is an issue or MR edit only when one is named, a Terraform state has its own lock', () => {
    expect(top('lock the Terraform state "staging" in acme/infra')).toBe('admin.terraform_state_lock');
    expect(parseQuery('lock acme/shop#9').terms).toContain('update');
  });

  it('reads a version cut as a Git tag, who starred a project as its starrers, and image tags as registry tags', () => {
    expect(top('cut v2.5.0 from main')).toBe('tag.create');
    expect(top('who starred acme/web?')).toBe('project.list_starrers');
    expect(top('what docker tags do we have for the api image?')).toBe('package.registry_tag_list');
    // A release or a branch said as such stays one.
    expect(top('cut a new release')).toBe('release.create');
    expect(top('cut a branch for the login fix')).toBe('branch.create');
    expect(top('cut a branch from main for the 3.2 hotfix')).toBe('branch.create');
  });

  it('reads stale refs as branches, a folder asked about as the tree, the default branch asked about as the project, a repo made public as a project edit', () => {
    expect(top('any stale refs left in acme/shop?')).toBe('branch.list');
    expect(top("what's under docs/ in acme/shop")).toBe('repository.tree');
    expect(top("what's the default branch of acme/shop?")).toBe('project.get');
    expect(top('make the repo public')).toBe('project.update');
  });

  it('reads a numbered build as a job, CI machines as runners, a toggle as a feature flag, gists as snippets, an unban, an MR behind its target as a rebase', () => {
    expect(top('retry build 4242 in acme/shop')).toBe('job.retry');
    expect(parseQuery('build 4242 is stuck').suggested).toEqual({ job_id: 4242 });
    expect(top('give job 77 another shot')).toBe('job.retry');
    expect(top('which build agents are available to acme/shop?')).toBe('runner.list_project');
    expect(top('add a dark_mode toggle to acme/shop')).toBe('feature_flags.feature_flag_create');
    expect(top('what gists have I saved?')).toBe('snippet.list');
    expect(top('lift the ban on @spam-bot')).toBe('user.unban');
    expect(top('!31 in acme/shop is behind main, bring it up to date')).toBe('merge_request.rebase');
    expect(top('what have folks said on acme/shop#9?')).toBe('issue.note_list');
    expect(top('take back my lgtm on !5')).toBe('merge_request.unapprove');
  });

  it('reads who I am, an issue that belongs elsewhere, a draft flipped, a ~label called a tag, an integrated branch, a commit that made it in', () => {
    // Two catalog twins of GET /user: either is right.
    expect(['user.me', 'user.current']).toContain(top('who am I logged in as here?'));
    expect(top('acme/shop#31 belongs in acme/billing')).toBe('issue.move');
    expect(top('flip !301 out of draft')).toBe('merge_request.update');
    expect(top('create a ~perf tag in acme/shop')).toBe('project.label_create');
    expect(top('integrate acme/shop!412 into main now')).toBe('merge_request.merge');
    // Only a merge request is merged by "integrate", and only a named issue is moved by "belongs in".
    expect(top('integrate Slack into acme/shop')).not.toBe('merge_request.merge');
    expect(search.search('integrate Slack into acme/shop', 5).query.said.size).toBe(0);
    expect(search.search('list the groups @bob belongs to', 5).query.said.size).toBe(0);
    expect(search.search('which project does this runner belong to?', 5).query.said.size).toBe(0);
    // A branch behind main, a config good to go: no rebase, no merge asked for.
    expect(search.search('develop is behind main in acme/shop, what changed', 5).query.said.size).toBe(0);
    expect(search.search('the release config in acme/shop is good to go', 5).query.said.size).toBe(0);
    expect(top('did a1b2c3d4 make it into v3.1.0?')).toBe('repository.commit_refs');
    // An issue taken out of an epic is never read as the issue deleted.
    expect(top('pull acme/shop#88 out of &4')).not.toBe('issue.delete');
    expect(top('#214 is fixed, mark it resolved')).toBe('issue.update');
    expect(top('is !77 good to go?')).not.toBe('merge_request.merge');
  });

  it('reads a file named without a folder (setup.py, Gemfile) as a file, and .gitlab-ci.yml as the CI configuration', () => {
    expect(parseQuery('bump the version in setup.py of acme/lib').suggested).toEqual({ file_path: 'setup.py', project_id: 'acme/lib' });
    expect(top('history of Gemfile in acme/shop')).toBe('repository.file_history');
    expect(parseQuery('lint this .gitlab-ci.yml').suggested).toEqual({});
    expect(parseQuery('list the license templates').suggested).toEqual({});
  });

  it('keeps the case a value was written in (file paths, branches, ~labels and URLs are case-sensitive)', () => {
    expect(parseQuery('history of Gemfile in Acme/Shop').suggested).toEqual({ file_path: 'Gemfile', project_id: 'Acme/Shop' });
    expect(parseQuery('blame src/App.tsx on feature/Login-Flow').suggested).toMatchObject({ file_path: 'src/App.tsx', ref: 'feature/Login-Flow' });
    expect(parseQuery('label #4 with ~NeedsReview').suggested).toMatchObject({ labels: 'NeedsReview', issue_iid: 4 });
    expect(parseQuery('send push events from acme/shop to https://Hooks.example.com/Build').suggested).toMatchObject({ url: 'https://Hooks.example.com/Build' });
    // "get into" a project is joining it, not a commit that made it into a tag
    expect(parseQuery('anyone asking to get into acme/shop?').terms).not.toContain('refs');
  });

  it('reads another server\'s address as a value (a hook\'s target), a GitLab address as the object it names', () => {
    expect(parseQuery('send push events from acme/shop to https://hooks.example.com/x').suggested).toEqual({ project_id: 'acme/shop', url: 'https://hooks.example.com/x' });
    expect(top('send push events from acme/shop to https://hooks.example.com/x')).toBe('project.hook_add');
    expect(parseQuery('https://gitlab.example.com/ml/recsys').suggested).toEqual({ project_id: 'ml/recsys' });
    expect(parseQuery('https://code.corp.io/ml/recsys/-/issues/3').suggested).toEqual({ project_id: 'ml/recsys', issue_iid: 3 });
  });

  it('reads an expiry removed, a runner kept from jobs, a review app shut down, read-only, a ~label muted, a numbered build step, a conversation resolved', () => {
    expect(top('remove the access expiry for @temp on acme/shop')).toBe('project.member_edit');
    expect(top('keep runner 12 from picking up new jobs')).toBe('runner.update');
    expect(top('shut down the review app for !7, keep the record')).toBe('environment.stop');
    expect(top('make acme/legacy read-only')).toBe('project.archive');
    expect(top('mute ~flaky for me in acme/shop')).toBe('project.label_unsubscribe');
    expect(parseQuery('cancel build step 551 in acme/shop').suggested).toEqual({ job_id: 551, project_id: 'acme/shop' });
    expect(top('close out conversation 3f00aa on acme/shop!19')).toBe('mr_review.discussion_resolve');
  });

  it('reads a thread opened by its ID as read, and one opened without an ID as created', () => {
    expect(top('open thread 9c1f2a on acme/shop#12')).toBe('issue.discussion_get');
    expect(parseQuery('open thread 9c1f2a on acme/shop#12').suggested).toMatchObject({ discussion_id: '9c1f2a', issue_iid: 12 });
    expect(top('open a thread on acme/shop#12 about the flaky test')).toBe('issue.discussion_create');
    // A short discussion ID as people quote it ("thread d41", "thread t1") names one too.
    expect(parseQuery('show thread d41 on &5').suggested).toMatchObject({ discussion_id: 'd41', epic_iid: 5 });
    expect(top('show discussion t1 on acme/shop#12')).toBe('issue.discussion_get');
  });

  it('reads an estimate given with its unit, whatever comes between ("estimate #45 at 3d", "should take 2 days"), who put a ~label on, catching up', () => {
    expect(top('estimate acme/shop#45 at 3d')).toBe('issue.time_estimate_set');
    expect(top('estimate !88 in acme/shop at 2h')).toBe('merge_request.time_estimate_set');
    expect(top('acme/shop#77 should take about 2 days')).toBe('issue.time_estimate_set');
    expect(top('who slapped ~wontfix on acme/shop#88?')).toBe('issue.event_issue_label_list');
    expect(top('catch me up on acme/shop#309')).toBe('issue.note_list');
  });

  it('reads what a comment will say as its body, and who has a role as the members', () => {
    expect(top('add a comment to !5 saying LGTM, ship it')).toBe('mr_review.note_create');
    expect(parseQuery('reply on #4 saying we should delete the old branch').said.size).toBe(0);
    expect(top('who has maintainer access to acme/shop')).toBe('project.members');
  });

  it('reads the direct members of a project or group as its member list (direct: true), one member\'s direct role as member_get', () => {
    // Held-out trials asked member_get of each person instead (9–11 calls): the list reads GitLab's direct route.
    for (const [q, id, route] of [['who are the direct members of acme/shop', 'project.members', 'GET /projects/{project_id}/members'], ['list the direct members of group platform', 'group.members', 'GET /groups/{group_id}/members']]) {
      const hit = search.search(q, 5).hits[0]!.action;
      expect(hit.id).toBe(id);
      expect(hit.params.direct?.companion).toMatchObject({ route, names: 'direct members' });
    }
    expect(top('is @carol a direct member of payments/checkout, and with which role?')).toBe('project.member_get');
  });

  it('an effect put off ("before I delete anything") is not asked for', () => {
    expect(parseQuery('before I delete anything, show my draft comments on !88').said.size).toBe(0);
    expect(top('before I delete anything, show my draft comments on !88')).not.toBe('mr_review.draft_note_delete');
  });

  it('reads words taken out of a text or a file as an edit, never a removal', () => {
    expect(top('remove the stray debug line from lib/app.rb in acme/shop')).toBe('repository.file_update');
    expect(top('delete the outdated paragraph in the v1.2.0 release notes of acme/shop')).toBe('release.update');
    expect(top('delete lib/app.rb in acme/shop')).toBe('repository.file_delete');
  });

  it('reads a quoted value as a value (single quotes too), and a question after a dash as a question', () => {
    expect(parseQuery("comment 'ship it, then delete the branch' on !4").said.size).toBe(0);
    expect(parseQuery('acme/shop!12 — can it be merged?').asks).toBe(true);
    expect(parseQuery('!12 in acme/shop, can you merge it?').asks).toBe(false);
    expect(top('acme/shop!12 — can it merge?')).not.toBe('merge_request.merge');
  });

  it('a path explains the word "project" of an action ID, a group said its "group": the twin acting there', () => {
    expect(top('all failed jobs in acme/api this week')).toBe('job.list_project');
    expect(top('list all my failed jobs')).toBe('job.list');
  });

  it('reads a namespace named without a slash as a group, and no group name as a word of the request', () => {
    expect(top('service accounts in zephyr-labs')).toBe('group.service_account_list');
    expect(search.search('service accounts in zephyr-labs', 5).query.suggested).toEqual({ group_id: 'zephyr-labs' });
    expect(top('add @lin to zephyr as maintainer')).toBe('group.group_member_add');
    // A branch or an environment said like a place is none, nor is a project said with its path.
    expect(search.search('merge !4 into main', 5).query.scope).toBeUndefined();
    expect(top('service accounts in zephyr/api')).toBe('project.service_account_list');
    // Examples name groups too ("group acme"): a name shared with a request says nothing.
    expect(top('show the details of group acme')).toBe('group.get');
    expect(top('details of the payments group')).toBe('group.get');
  });

  it('corrects a misspelt word people say for a catalog word, never into a removal', () => {
    expect(top('list the webhoks of acme/shop')).toBe('project.hook_list');
    expect(top('list the coments on #45 in acme/shop')).toBe('issue.note_list');
    // A misspelt plural is still a plural: the list, not one comment.
    expect(top('show all coments on #45 in acme/shop')).toBe('issue.note_list');
    expect(parseQuery('rehome the wiki').said.size).toBe(0);
    expect(search.search('undo the pending removal of acme/shop', 5).query.said.size).toBe(0);
  });

  it('reads a block or ban taken back as its undoing, admin rights taken away as a user edit, a comment said before "leave that as a comment", a guess of time as the estimate', () => {
    expect(top('remove the block on @mhalvorsen, my mistake')).toBe('user.unblock');
    expect(top('give @ayodele back access, the ban was a mistake')).toBe('user.unban');
    expect(top("remove @ffion's admin rights, she moved to product")).toBe('user.modify');
    expect(top('LGTM, ship it — leave that as a coment on !45 in oakhaven/beacon')).toBe('mr_review.note_create');
    expect(top('the 2w guess on hollowpine/maplestack#88 was nonsense, wipe it')).toBe('issue.time_estimate_reset');
  });

  it('reads a flag taken off, approvals reset on push, pushes that delete tags, a number brought down, a train, pruning, one\'s status cleared and a typo erased as the harmless action', () => {
    expect(top('please remove the confidential flag of ticket 58 in orbitlabs/sprocket, it is okay to be public now')).toBe('issue.update');
    // Two twins set it (the project's approval configuration, its MR approval settings); never approvals reset now.
    expect(['project.approval_config_change', 'merge_request.approval_settings_project_update']).toContain(top('in pinecrest/hearth, reset approvals when new commits are pushed'));
    expect(top('group marrowbyte has nothing configured yet — I want pushes that delete tags rejected across every repo in it')).toBe('group.push_rule_add');
    expect(top('drop rule 88 in quillmark/ratchet to just 1 approval')).toBe('project.approval_rule_update');
    expect(top('ship !91 via the train in zephyr-tools/relay once CI passes')).toBe('merge_train.add');
    expect(top('clean up and prune the repo of vantablue/kiln')).toBe('project.start_housekeeping');
    expect(top("get rid of my 'Out sick' status, I'm fine now")).toBe('user.set_status');
    expect(top("erase the typo in my comment 5521 on snippet 12 in pylon/scripts — 'recieve' -> 'receive'")).toBe('snippet.note_update');
  });

  it('what someone else is asked to do is a message, not an effect asked of us', () => {
    expect(parseQuery('leave a note on !66 asking @kofi to rebase').refused).toEqual(new Set(['rebase']));
    expect(parseQuery('ping them to delete the old branch, I will not').refused).toEqual(new Set(['delete']));
    expect(top('leave a note on !66 in copperline/warehouse asking @kofi to rebase')).not.toBe('merge_request.rebase');
    // Asking the assistant is no one else: the effect stays asked.
    expect(parseQuery('can you rebase !66 onto main').refused).toEqual(new Set());
  });

  it('a removal the request refuses ("without deleting it") ranks no destructive action of that effect first', () => {
    expect(parseQuery('remove the saved view "Triage" from my views without deleting it').refused).toEqual(new Set(['delete']));
    expect(top('remove the saved view "Triage" from my views without deleting it')).not.toBe('issue.work_item_saved_view_delete');
    expect(top('drop acme/shop#4 from the sprint, do not delete the issue')).not.toBe('issue.delete');
  });

  it('a request that says removal may rank the removal first', () => {
    expect(top('delete branch feature/old in acme/shop')).toBe('branch.delete');
    expect(top('nuke pipeline 123')).toBe('pipeline.delete');
  });
});

describe('ranking: a creation verb creates, the open state needs a list word (#30)', () => {
  // The reading alone, without the phrasings: no tuning request said word for word decides these.
  const bare = new ActionSearch(actions);
  const bareTop = (q: string) => bare.search(q, 5).hits[0]?.action.id;
  const cases: Array<[string, string]> = [
    ['open a merge request', 'merge_request.create'],
    ['open a merge request for my branch', 'merge_request.create'],
    ['raise an MR', 'merge_request.create'],
    ['file a merge request', 'merge_request.create'],
    ['put up a merge request', 'merge_request.create'],
    ['start a merge request', 'merge_request.create'],
    ['submit a merge request', 'merge_request.create'],
    ['can you open a merge request from feature/x?', 'merge_request.create'],
    ['open an issue', 'issue.create'],
    ['raise an issue', 'issue.create'],
    ['file a ticket', 'issue.create'],
    ['put up an issue', 'issue.create'],
    ['start an issue', 'issue.create'],
    ['submit a bug', 'issue.create'],
    // The state: a plural, a list word, a determiner before "open", or a question about it.
    ['open merge requests', 'merge_request.list'],
    ['list open MRs', 'merge_request.list'],
    ['which MRs are open', 'merge_request.list'],
    ['is there an open MR for feature/x in acme/web?', 'merge_request.list'],
    ['open issues', 'issue.list'],
    ['list open issues', 'issue.list'],
    ['which issues are open', 'issue.list'],
    // An object opened by its number is read; "re-open" reopens.
    ['open issue 5 in acme/shop', 'issue.get'],
    ['open !88 in acme/api', 'merge_request.get'],
    ['re-open #5', 'issue.update'],
  ];
  for (const [q, want] of cases) it(`"${q}" → ${want}`, () => { expect(bareTop(q)).toBe(want); expect(top(q)).toBe(want); });
  it('a determiner before "open" is the state, across projects too', () => expect(top('every open issue I authored')).toBe('issue.list_all'));
});

describe('ranking: everyday words for releases, estimates, approvals, roles and settings (#30)', () => {
  // The reading alone, without the phrasings: no tuning request said word for word decides these.
  const bare = new ActionSearch(actions);
  const both = (q: string) => [bare.search(q, 5).hits[0]?.action.id, top(q)];
  it('reads a version next to "release" as the release\'s tag name: that release, not the list', () => {
    expect(parseQuery('what changed in the 3.2 release?').suggested.tag_name).toBe('3.2');
    expect(parseQuery('fix the release notes of v1.4.0').suggested.tag_name).toBe('v1.4.0');
    // Two versions compared, or a version with no release word, name no release.
    expect(parseQuery('compare v1.3.0 and v1.4.0').suggested.tag_name).toBeUndefined();
    expect(parseQuery('upgrade node to 20.11').suggested.tag_name).toBeUndefined();
    expect(both('what went into the 3.2 release?')).toEqual(['release.get', 'release.get']);
  });
  it('reads an estimate taken off as the estimate reset, not an edit of the issue', () => {
    expect(both('clear the estimate on #31 in acme/shop')).toEqual(['issue.time_estimate_reset', 'issue.time_estimate_reset']);
  });
  it('reads who has yet to approve as the approval state, and who holds a role as the members', () => {
    expect(both('who still has to approve !61 in acme/api?')).toEqual(['merge_request.approval_state', 'merge_request.approval_state']);
    expect(both('who are the maintainers of acme/api?')).toEqual(['project.members', 'project.members']);
  });
  it('reads a setting of a variable turned on as its edit, and a monorepo as a project, never a group', () => {
    expect(both('make the SENTRY_DSN variable masked in acme/api')).toEqual(['ci_variable.update', 'ci_variable.update']);
    const q = parseQuery('which tags are protected in the monorepo?');
    expect(q.terms).toContain('project');
    expect(bare.search('which branches are protected in the monorepo?', 5).query.scope).toBeUndefined();
  });
  it('reads a path called a group as that group, not a project ("group acme/backend", "the acme/docs group")', () => {
    expect(parseQuery('list projects in group acme/backend').suggested).toEqual({ group_id: 'acme/backend' });
    expect(parseQuery('archive the acme/legacy subgroup').suggested).toEqual({ group_id: 'acme/legacy' });
    expect(parseQuery('transfer project acme/shop to group acme/commerce').suggested).toEqual({ project_id: 'acme/shop', group_id: 'acme/commerce' });
    expect(parseQuery('list the members of acme/backend').suggested).toEqual({ project_id: 'acme/backend' });
    expect(both('who can see the acme/docs group\'s shared projects?')).toEqual(['group.shared_projects', 'group.shared_projects']);
  });
  it('reads a container image tag as a registry tag, with no word of the image left over', () => {
    expect(parseQuery('delete the container image tag nightly').terms.filter((t) => t === 'container')).toEqual(['container']);
  });
});

describe('ranking: indirect questions, pages by their UI names, second clauses and plain English (#30)', () => {
  // The reading alone, without the phrasings: no tuning request said word for word decides these.
  const bare = new ActionSearch(actions);
  const both = (q: string) => [bare.search(q, 5).hits[0]?.action.id, top(q)];
  it('reads who may or must review or approve a merge request as its approval state', () => {
    expect(both('who should review !45 in acme/web?')).toEqual(['merge_request.approval_state', 'merge_request.approval_state']);
    expect(both('who do I need to get approval from for !12?')).toEqual(['merge_request.approval_state', 'merge_request.approval_state']);
    expect(both('has anybody approved !61 in acme/api?')).toEqual(['merge_request.approval_state', 'merge_request.approval_state']);
    // Without a merge request it is no approval state: who may approve in a project is its rules.
    expect(parseQuery('for acme/web, who must approve before something can be merged?').terms).not.toContain('state');
  });
  it('reads what changed since a version as a compare, and branches that cannot be pushed to as the protected ones', () => {
    expect(both('what changed since v1.4 in acme/web?')).toEqual(['repository.compare', 'repository.compare']);
    expect(both('what has changed in the code since 2.0?')).toEqual(['repository.compare', 'repository.compare']);
    expect(parseQuery("which branches can't be pushed to in acme/web?").terms).toContain('protected');
  });
  it('reads what someone has been up to as their contribution events, and what has been going on in a project as its events', () => {
    expect(both('what has @bob been up to lately?')).toEqual(['user.contribution_events', 'user.contribution_events']);
    expect(both("what's been going on in acme/web?")).toEqual(['user.event_list_project', 'user.event_list_project']);
    // "what's going on with" one object asks for that object.
    expect(parseQuery("what's going on with #77 in acme/web?").terms).not.toContain('happening');
  });
  it('reads a list\'s page or tab as that list, never a GitLab Pages site', () => {
    expect(both('open the Members page of acme/web')).toEqual(['project.members', 'project.members']);
    expect(both('open the compare view for main and develop in acme/web')).toEqual(['repository.compare', 'repository.compare']);
    expect(parseQuery('show the Releases page of acme/web').terms).not.toContain('page');
  });
  it('reads notifications turned off, or mail no longer wanted, as the notification level; a release done or made as its creation', () => {
    expect(both('turn its notifications off, acme/web is too noisy')).toEqual(['user.notification_project_update', 'user.notification_project_update']);
    expect(both("I don't want to receive emails from the acme group anymore")).toEqual(['user.notification_group_update', 'user.notification_group_update']);
    expect(both('please do a release of 2.0 for acme/web')).toEqual(['release.create', 'release.create']);
  });
  it('reads what is still open in a milestone as its issues, and words said where a term is looked for as a code search', () => {
    expect(both("what's still open in that milestone?")).toEqual(['project.milestone_issues', 'project.milestone_issues']);
    expect(both('where is "apiKey" written in acme/web?')).toEqual(['search.code', 'search.code']);
    // "issues assign to me" (the participle dropped) is the caller's own list, as "assigned to me" is.
    expect(parseQuery('show me the issues assign to me').scope).toBe('instance');
  });
  it('reads an issue or merge request opened "back up" as reopened, and one opened by its number still as read', () => {
    expect(both('can you open #9 back up in acme/web? it came back')).toEqual(['issue.update', 'issue.update']);
    expect(parseQuery('open !12 in acme/web back up').terms).toContain('reopen');
    expect(both('open issue 5 in acme/shop')).toEqual(['issue.get', 'issue.get']);
  });
});

describe('ranking: a state wished for, and other forges\' words (#30)', () => {
  // The reading alone, without the phrasings: no tuning request said word for word decides these.
  const bare = new ActionSearch(actions);
  const bareTop = (q: string) => bare.search(q, 5).hits[0]?.action.id;
  const cases: Array<[string, string]> = [
    // The state wanted is the change that gives it.
    ['I want #33 closed', 'issue.update'],
    ['I want issue 12 to be closed in acme/web', 'issue.update'],
    ['I want runner 7 paused', 'runner.update'],
    ['I want !12 merged', 'merge_request.merge'],
    ['the CI_TOKEN variable should be masked', 'ci_variable.update'],
    ['make sure the new_ui feature flag is off in acme/web', 'feature_flags.feature_flag_update'],
    ['make sure tags starting with v are protected', 'tag.protect'],
    ['make sure the stale label is gone from acme/web', 'project.label_delete'],
    ["I don't want any more emails from acme/docs", 'user.notification_project_update'],
    ['get @joe out of the platform group', 'group.group_member_remove'],
    // No wish: a filter, a question, a wish refused.
    ['I want the closed issues in acme/web', 'issue.list'],
    ["I don't want branch feature/x deleted, just protect it", 'branch.protect'],
    // Other forges' words.
    ['rerun the failed workflow run', 'pipeline.retry'],
    ['show the security alerts for acme/web', 'vulnerability.list'],
    ['mark all my notifications as read', 'user.todo_mark_all_done'],
    ['my notifications inbox', 'user.todo_list'],
    ['turn !5 into a draft', 'merge_request.update'],
    ['request a review from @kim on !9', 'merge_request.update'],
    ['transition #61 to done', 'issue.update'],
  ];
  for (const [q, want] of cases) it(`"${q}" → ${want}`, () => { expect(bareTop(q)).toBe(want); expect(top(q)).toBe(want); });
  it('a wish refused or asked about says no effect: "I don\'t want it deleted", "I want to know if !5 is merged"', () => {
    expect(parseQuery("I don't want branch feature/x deleted").said.has('delete')).toBe(false);
    expect(parseQuery('I want to know if !5 is merged').said.has('merge')).toBe(false);
    expect(parseQuery('I want the merged MRs of last week').said.has('merge')).toBe(false);
    expect(parseQuery('I want !12 merged').said.has('merge')).toBe(true);
  });
  it('"make sure" makes nothing', () => expect(parseQuery('make sure the stale label is gone').terms).not.toContain('create'));
  // Without a project, "feature flag" is also GitLab's instance gates (admin.feature_set): tuning set 22's writer said
  // it so. Both are offered, as a close pair, and neither a list nor a create comes before them.
  it('a feature flag wished off with no project offers the project flag and the instance gate', () => {
    expect(search.search('make sure the new_ui feature flag is off', 5).hits.slice(0, 2).map((h) => h.action.id).sort()).toEqual(['admin.feature_set', 'feature_flags.feature_flag_update']);
  });
});

describe('ranking: the object between a verb and a state, an object made something, an account, a namespace after "on" or "of", the IDs given (#30)', () => {
  // The reading alone, without the phrasings: no tuning request said word for word decides these.
  const bare = new ActionSearch(actions);
  const bareTop = (q: string) => bare.search(q, 5).hits[0]?.action.id;
  const cases: Array<[string, string]> = [
    // What stands between "make" and the state is read: a named repo is a project.
    ['make the api-gateway repo private', 'project.update'],
    // An object named by its number and made something is changed, never created.
    ['make #12 confidential', 'issue.update'],
    ['make issue 12 confidential', 'issue.update'],
    ['make !88 ready for review', 'merge_request.update'],
    // An account is a user, for the effect said of it too.
    ['ban this account', 'user.ban'],
    // A bare name after "of" or "on" is a namespace: a group.
    ['is @marisol a direct member of fernhollow?', 'group.group_member_get'],
    // Every ID the request gives prefers the action that needs it: the one object, not its list.
    ['list 9 on board 3', 'project.board_list_get'],
    ['what projects does @nadia own?', 'project.list_user_projects'],
    ['award 6 on note 41 in !12', 'merge_request.emoji_mr_note_get'],
  ];
  for (const [q, want] of cases) it(`"${q}" → ${want}`, () => { expect(bareTop(q)).toBe(want); expect(top(q)).toBe(want); });
  it('keeps "make" a creation where no object is named, and reads "account 2219" as a user ID', () => {
    expect(top('make an issue for the crash')).toBe('issue.create');
    expect(parseQuery('make #12 confidential').terms).not.toContain('create');
    expect(parseQuery('block account 2219').suggested).toEqual({ user_id: 2219 });
  });
  it('reads no namespace in "on main" or "of course"', () => {
    expect(search.search('show the pipelines on main', 5).query.scope).toBeUndefined();
    expect(search.search('of course, list the issues', 5).query.scope).toBeUndefined();
  });
});

describe('ranking: a project twin before its group\'s when no group is named; an object\'s history only when asked (#30)', () => {
  const ids = (q: string, n: number) => search.search(q, 5).hits.slice(0, n).map((h) => h.action.id);
  it('a label, a hook, a board or a list named without a group is the project\'s; a group named is the group\'s', () => {
    expect(top('show label 9')).toBe('project.label_get');
    expect(top('get the hook 3')).toBe('project.hook_get');
    expect(top('show board 2')).toBe('project.board_get');
    expect(top('list the labels')).toBe('project.label_list');
    expect(top('list the webhooks of the platform group')).toBe('group.hook_list');
  });
  it('a question about an object\'s state is not answered by its change history; a question of when is', () => {
    expect(ids('what state is !88 in', 2)).toEqual(['merge_request.get', 'merge_request.approval_state']);
    expect(top('when was !88 closed')).toBe('merge_request.event_mr_state_list');
    expect(top('who removed the bug label from #12')).toBe('issue.event_issue_label_list');
  });
});

describe('ranking: a read of one object\'s state or field is that object\'s get (#30)', () => {
  // The same search with the weight neutral: the state words alone leave a list, a twin or a write first.
  const neutral = new ActionSearch(actions, { stateGet: 1 }, undefined, { phrasings });
  const cases: Array<[string, string]> = [
    ['is job 3301 still pending?', 'job.get'],
    ['is acme/old-site archived?', 'project.get'],
    ['is #318 confidential?', 'issue.get'],
  ];
  it.each(cases)('%s → %s, and not without the weight', (q, id) => {
    expect(top(q)).toBe(id);
    expect(neutral.search(q, 5).hits[0]?.action.id).not.toBe(id);
  });
  it('is read from the words: a state word said of one object, not a list, a person who changed it, or a numbered draft', () => {
    expect(parseQuery('is #318 confidential?').stateAsked).toBe(true);
    expect(parseQuery('the weight of issue 7').stateAsked).toBe(true);
    expect(parseQuery('are there open issues labelled bug in acme/api?').stateAsked).toBe(false);
    expect(parseQuery('who closed #33?').stateAsked).toBe(false);
    expect(parseQuery('show draft 44 on !88').stateAsked).toBe(false);
    expect(parseQuery('close #318').stateAsked).toBe(false);
  });
});

describe('safety property: a request phrased as a harmless action never ranks an unasked destructive one first', () => {
  const destructive = actions.filter((a) => a.destructive);
  const harmless = actions.filter((a) => !a.destructive);
  const saysEffect = (q: string, d: (typeof destructive)[number]) => {
    const said = parseQuery(q).said;
    return effectWordsOf(d)!.some((w) => said.has(w));
  };

  it('over every example of every non-destructive action', () => {
    const bad: string[] = [];
    for (const a of harmless) {
      for (const e of a.examples ?? []) {
        const first = search.search(e, 5).hits[0]?.action;
        if (first?.destructive && !saysEffect(e, first)) bad.push(`${a.id}: "${e}" → ${first.id}`);
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);

  it('over every request people made for a non-destructive action (phrasings.json)', () => {
    const bad: string[] = [];
    for (const a of harmless) {
      for (const q of phrasings[a.id] ?? []) {
        const first = search.search(q, 5).hits[0]?.action;
        if (first?.destructive && !saysEffect(q, first)) bad.push(`${a.id}: "${q}" → ${first.id}`);
      }
    }
    expect(bad).toEqual([]);
  }, 300_000);

  it('over generated phrasings of each destructive action\'s harmless siblings', () => {
    const siblingsOf = new Map(destructive.map((d) => [d.id, harmless.filter((h) => h.domain === d.domain)]));
    const pairs = destructive.flatMap((d) => (siblingsOf.get(d.id) ?? []).map((s) => [d, s] as const));
    const filler = fc.constantFrom('', 'please', 'can you', 'quickly', 'for acme/shop', 'on #12', 'in !88', 'for pipeline 7', '?');
    fc.assert(
      fc.property(fc.constantFrom(...pairs), filler, filler, fc.boolean(), ([d, s], pre, post, summaryWords) => {
        const words = summaryWords ? s.summary.split(/\s+/).slice(0, 6).join(' ') : `${s.domain.replace(/_/g, ' ')} ${s.name.replace(/_/g, ' ')}`;
        const q = `${pre} ${words} ${post}`.trim();
        const first = search.search(q, 5).hits[0]?.action;
        return !(first?.id === d.id && !saysEffect(q, d));
      }),
      { numRuns: 3000, seed: 17 },
    );
  // 3,000 searches: a minute on a loaded machine.
  }, 120_000);
});

describe('forge_find_action end to end', () => {
  let sb: Sandbox;
  let srv: Running;
  beforeAll(async () => { sb = await withSandbox(); srv = await startServer({ sandbox: sb }); });
  afterAll(async () => { await srv.close(); await sb.close(); });

  it('makes its index on the first find, after an idle listing, without failing the process', async () => {
    const fresh = await startServer({ sandbox: sb });
    try {
      // Nothing is made while idle: the first find loads the catalog tables and reads the index file.
      await new Promise((r) => setTimeout(r, 1_500));
      await fresh.client.ping();
      const r = await fresh.call('forge_find_action', { query: 'retry pipeline 7' });
      expect((r.structuredContent!.results as Array<{ id: string }>)[0]!.id).toBe('pipeline.retry');
      expect(fresh.stderr()).not.toMatch(/catalog not loaded/);
    } finally { await fresh.close(); }
  });

  it('declares its output type, and the answer matches it (the client validates structuredContent)', async () => {
    const { tools } = await srv.client.listTools();
    const find = tools.find((t) => t.name === 'forge_find_action')!;
    expect(find.outputSchema).toMatchObject({ type: 'object', required: ['results'], additionalProperties: false });
    const r = await srv.call('forge_find_action', { query: 'stop the stuck pipeline 77 in demo-group/demo-project' });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({
      results: expect.arrayContaining([{ id: 'pipeline.cancel', writes: true, destructive: false }]),
      suggested_params: { project_id: 'demo-group/demo-project', pipeline_id: 77 },
    });
    expect((r.structuredContent!.results as Array<{ id: string }>)[0]!.id).toBe('pipeline.cancel');
  });

  it('gives the best candidate its exact schema and the others their compact form', async () => {
    const r = await srv.call('forge_find_action', { query: 'retry a failed job of a pipeline', limit: 5 });
    const body = text(r);
    const lines = body.split('\n');
    // #30: the heading does not repeat the request the assistant just wrote.
    expect(lines[0]).toMatch(/^(Best match:|Did you mean `[\w.]+` or `[\w.]+`\? Both fit; pick by the summaries\.)$/);
    const schemaLines = lines.filter((l) => l.startsWith('   params: '));
    expect(schemaLines.length).toBeGreaterThanOrEqual(1);
    expect(schemaLines.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(schemaLines[0]!.slice('   params: '.length))).toMatchObject({ type: 'object', additionalProperties: false, properties: { project_id: expect.any(Object) } });
    // #30: the limit is the most said; the candidates far behind the best are left out (two at least are said).
    const shown = (r.structuredContent!.results as unknown[]).length;
    expect(shown).toBeGreaterThanOrEqual(2);
    expect(shown).toBeLessThanOrEqual(5);
    // No second copy of the text in structuredContent: IDs and flags only.
    expect(JSON.stringify(r.structuredContent)).not.toContain('additionalProperties');
    expect(lines.filter((l) => /^\d\. `/.test(l))).toHaveLength(shown);
    // #30: no candidate is left with only a pointer to a resource; each lists its params (* = required).
    expect(body).not.toContain('forge://tools/');
    expect(lines.filter((l) => /^ {3}- \w+\*?: /.test(l)).length).toBeGreaterThanOrEqual(2);
  });

  it('says a best candidate whose JSON schema is large (a list with 40 filters) in the exact compact form, at a third of the size', async () => {
    const r = await srv.call('forge_find_action', { query: 'list the open issues of a project', limit: 5 });
    const body = text(r);
    const best = body.split('\n\n').find((b) => b.startsWith('1. `issue.list` — '))!;
    expect(best).toBeDefined();
    expect(best).not.toContain('   params: ');
    expect(best.split('\n')[1]).toBe('   - project_id*: string — Project ID or URL-encoded full path (e.g. 42 or group/project)');
    // Every optional param with its type and fixed values, on one line when their descriptions would not fit.
    expect(best).toContain('state: "opened"|"closed"|"all"');
    expect(best.length).toBeLessThan(JSON.stringify(actionSchema(catalog().get('issue.list')!)).length / 2);
    expect(body).toContain('* = required. Every param of an action: forge_find_action with its ID as the query.');
  });

  it('answers a 1 MB request from its first 1,000 characters and says so', async () => {
    const huge = `list merge requests ${'zz '.repeat(350_000)}`;
    const r = await srv.call('forge_find_action', { query: huge });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain(`(Only the first ${MAX_QUERY_CHARS} characters of the request were read; ${huge.length - MAX_QUERY_CHARS} were cut.)`);
    expect((r.structuredContent!.results as Array<{ id: string }>)[0]!.id).toMatch(/^merge_request\./);
  });

  it('shows the examples in forge://tools/{id}', async () => {
    const r = await srv.client.readResource({ uri: 'forge://tools/issue.note_create' });
    const body = (r.contents[0] as { text: string }).text;
    for (const e of catalog().get('issue.note_create')!.examples!) expect(body).toContain(e);
  });
});

describe('building the index', () => {
  it('a deferred build lets the event loop turn between slices, and ranks exactly as a build done at once', async () => {
    const deferred = new ActionSearch(actions, {}, undefined, { deferred: true, phrasings });
    let turns = 0;
    let spinning = true;
    const spin = () => { if (spinning) { turns++; setImmediate(spin); } };
    setImmediate(spin);
    await deferred.settle();
    spinning = false;
    // A build done in one step would let no other callback run until it ended.
    expect(turns).toBeGreaterThanOrEqual(10);
    for (const q of ['close #12 in acme/web', 'who is reviewing !88', 'nuke the stale branches', 'rotate the deploy token']) {
      expect(deferred.search(q, 5).hits.map((h) => [h.action.id, h.score])).toEqual(search.search(q, 5).hits.map((h) => [h.action.id, h.score]));
    }
  });

  it('a find before the deferred build finished completes it at once', () => {
    const early = new ActionSearch(actions, {}, undefined, { deferred: true, phrasings });
    expect(early.search('list the issues of project 1', 3).hits.map((h) => h.action.id)).toEqual(search.search('list the issues of project 1', 3).hits.map((h) => h.action.id));
  });
});

describe('phrasings: how people asked for each action', () => {
  it('is the table scripts/phrasings.mjs derives from the tuning sets with the current reading, and names only catalog actions', () => {
    // Stale after a change to how requests are read: run node scripts/phrasings.mjs.
    const reader = new ActionSearch(actions);
    expect(JSON.parse(tableText(phrasingsOf(TUNING_SETS, (t) => reader.read(t))))).toEqual(table);
    expect(table.sources).toEqual(TUNING_SETS.map((f) => `bench/${f}`));
    expect(Object.keys(phrasings).filter((id) => !catalog().get(id))).toEqual([]);
  }, 60_000);

  it('no tuning request is a held-out or validation request word for word (the phrasings never carry one)', async () => {
    const { readFileSync } = await import('node:fs');
    const load = (f: string) => (JSON.parse(readFileSync(new URL(`../bench/${f}`, import.meta.url), 'utf8')) as Array<{ q: string }>).map((x) => plainText(x.q));
    const held = new Set(MEASURING_SETS.flatMap(load));
    expect(TUNING_SETS.flatMap(load).filter((q) => held.has(q)).length).toBe(0);
  });

  it('never takes a request from a held-out or validation set', () => {
    for (const f of MEASURING_SETS) expect(() => phrasingsOf([f], String)).toThrow(/never train/);
    expect(table.sources.filter((f) => /heldout|validation/.test(f))).toEqual([]);
  });

  it('teaches the search words the catalog never says: a request worded like a phrasing finds its action', () => {
    const q = 'zorblat the flimwidgets of acme/shop';
    const taught = new ActionSearch(actions, {}, undefined, { phrasings: { 'project.languages': [search.read('zorblat the flimwidgets please')] } });
    expect(taught.search(q, 5).hits[0]?.action.id).toBe('project.languages');
    expect(new ActionSearch(actions).search(q, 5).hits.map((h) => h.action.id)).not.toContain('project.languages');
  });

  it('reads a phrasing as the index reads an example: references and group names leave no word behind', () => {
    expect(search.read('what is in group quuxcorp for !12 in acme/shop')).toBe('group mergerequest');
  });
});

describe('ranking: one object named by its ID is read by its own get (#30)', () => {
  it.each([
    ['group webhook 31 please', 'group.hook_get'],
    ['group board 6', 'group.group_board_get'],
    ['deployment 77 in orbit/relay', 'environment.deployment_get'],
    ['is !33 still a draft?', 'merge_request.get'],
    ['mr 7 diff', 'mr_review.changes_get'],
  ])('%s → %s', (q, id) => {
    expect(top(q)).toBe(id);
  });
});
