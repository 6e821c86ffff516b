// How people talk about GitLab work, as data. forge_find_action rewrites a request with these tables
// before it is matched against the catalog. Phrases come first and are matched whole, so a colloquial
// verb is read in its context ("drop a comment" adds a note; "drop the branch" deletes it). Every
// replacement is in the catalog's own words (the words of action IDs and summaries).
//
// Review rule (checked by test/find-action.test.ts): no phrase or word maps onto a removal word unless
// it says removal itself — a colloquial verb that can mean something harmless never turns into delete.

/**
 * A wish said as the state wanted ("I want #33 closed", "make sure the flag is off", "the variable should be masked"):
 * the state's participle after a wish, said as the predicate (after "be", "is", "get"… or ending the clause), reads as
 * the change that gives it. "I want the closed issues" (a filter), "I want to know if #5 is merged" (a question) and
 * "I don't want it deleted" are no wish.
 */
const WISH = String.raw`(?<=(?:(?<!\b(?:don't|dont|do not|doesn't|does not|didn't|did not|never|not|no longer) )\b(?:want|wanted|wants|need|needs|like|wish|make sure|making sure|ensure|should|must|has to|have to|ought to)\b(?! to (?:know|see|check|find|understand|learn|confirm|verify|ask|tell|hear|read))|^\s*(?:can|could|may)\b(?!['\u2019]t| not\b|\s+(?:you|i|we|u)\s+(?:please\s+)?(?:check|see|tell|verify|confirm|find out|look|show|say|know|figure out)\b))(?:(?!\bbut\b)[^.?!;,]){0,60}?)`;
const PREDICATE_END = String.raw`(?=\s*(?:$|[,.;:!?)\u2014]|(?:by|before|after|once|when|as|asap|now|today|tonight|please|from|in|on|for|to|with|and|right|again|already|first|then|instead|immediately|permanently|for good|too)\b))`;
const COPULA = 'to be|be|is|are|get|gets|got|stay|stays|been|to stay|to get';
const wish = (participles: string, reading: string): readonly [RegExp, string] =>
  // The lookahead first: the wish behind is looked for only where a participle starts (a lookbehind at every position is slow).
  [new RegExp(`\\b(?=(?:(?:${COPULA}) )?(?:${participles})\\b)${WISH}(?:(?<!\\b(?:that|which|who) )\\b(?:${COPULA}) (?:${participles})\\b|\\b(?:${participles})\\b${PREDICATE_END})`, 'g'), reading];

/** Up to three words naming a label or milestone ("the bug label", "the 16.2 milestone"): no object, note or preposition among them. */
const FIELD_NAME = String.raw`((?: (?!(?:issue|mergerequest|epic|comment|note|notes|thread|discussion|emoji|new|from|on|in|of|for|to|with|by|at|as|into|onto)\b)[\w.'-]+){0,3}?)`;

/** Phrases, matched on the lower-cased request with word boundaries; the first match of each wins. */
/** A phrase marked 'object' applies only when the request names an issue, merge request or epic (#12, !88, &5). */
export type PhraseCondition = 'object';
export const PHRASES: ReadonlyArray<readonly [RegExp, string, PhraseCondition?]> = [
  // "stop doing X" is about X, and it cancels nothing
  [/\bstop sharing\b/g, 'unshare'],
  [/\bstop (notifying|emailing|pinging|alerting)\b/g, 'unsubscribe'],
  [/\bstop (sending|triggering|firing)\b/g, 'update'],
  [/\bstop mirroring\b/g, 'mirror update'],
  // Notifications first: "stop the emails" unsubscribes, it cancels nothing
  // of one issue, merge request or epic: (un)subscribe; of a project or group: its notification level
  [/\b(stop|mute|silence|turn off|unsubscribe from|no more)( the| all)? (emails?|notifications?|notifs?|pings?)\b|\bmute\b|\bunwatch\b|\b(stop following|unfollow)\b/g, 'unsubscribe', 'object'],
  [/\b(notify me|ping me|keep me posted|watch|follow)\b|\b(want|get|send me) (email |emails |)notifications?\b/g, 'subscribe', 'object'],
  [/(\b(stop|mute|silence|turn off|kill|no more)( the| all)?( gitlab)? (emails?|notifications?|notifs?|pings?)\b|\b(mute|unwatch)\b)(?!.{0,40}\b(label|xlabelx)\b)/g, 'update notification level disabled'],
  // The same wish said with the particle last, or as mail one no longer wants: "turn its notifications off"
  [/\bturn (its|the|my|all|our|their|all the|those|these) (emails?|notifications?|notifs?|pings?) off\b|\b(don'?t|do not|never|no longer) (want to |wanna )?(receive|get)( any)?( more| anymore| any more)? (e-?mails?|notifications?|notifs?|mails?)\b/g, 'update notification level disabled'],
  [/\b(don'?t|do not|no longer) (want|need)( to (receive|get))?( any)?( more| anymore| any more)? (e-?mails?|notifications?|notifs?|mails?)\b/g, 'update notification level disabled'],
  [/\b(watch|follow)\b(.{0,30}?)\b(all|every|each)( of the)? (notifications?|emails?|events?|activity)\b|\bwatch everything\b/g, 'update notification level watch $2'],
  [/\b(notify me|ping me|keep me posted)\b/g, 'subscribe'],
  // Taking back a reaction removes the award (nothing else): "take my thumbs up off #602", "undo my +1"
  [/\b(take|remove|undo|drop|retract|withdraw|take back)\b( my| the| our| that)? (thumbs?[- ]?(up|down)|[+-]1|upvote|downvote|reaction|emoji|award)( off| from)?/g, 'remove emoji from'],
  // An estimate taken off is the estimate reset, its own action: "clear the estimate on #78"
  [/\b(remove|drop|clear|get rid of|delete|unset|reset|zero( out)?|wipe)( the| its| my| that| our)? (time )?estimate\b/g, 'reset time estimate'],
  // A state wished for is the change that gives it (WISH); a removal only when the wish says one ("gone", "deleted")
  wish('gone|deleted|removed|erased|wiped out|wiped|purged|cleaned up|dropped|trashed|nuked|discarded|taken (?:down|out|off|away)|pulled out', 'delete'),
  wish('rotated|regenerated|renewed', 'rotate'),
  wish('deactivated', 'deactivate'),
  wish('closed|shut', 'close update state'),
  wish('reopened', 'reopen update state'),
  wish('resolved', 'resolve'),
  wish('merged', 'merge'),
  wish('unarchived', 'unarchive'),
  wish('archived', 'archive'),
  wish('unprotected', 'unprotect'),
  wish('protected', 'protect'),
  wish('unapproved', 'unapprove'),
  wish('approved', 'approve'),
  wish('revoked', 'revoke'),
  wish('rebased', 'rebase'),
  wish('retried|rerun|re-run|restarted', 'retry'),
  wish('cancell?ed|canceled|stopped', 'cancel stop'),
  wish('moved|transferred', 'move'),
  wish('assigned', 'update assignee'),
  wish('unblocked', 'unblock'),
  wish('blocked', 'block'),
  wish('banned', 'ban'),
  wish('paused|masked|hidden|renamed|locked|unlocked|confidential|private|public|internal|enabled|turned on|switched on|off|turned off|switched off|updated|changed|fixed up', 'update'),
  // The rest of a wished state is an edit: "I want the bug label to be red", "my status should say 'away'"
  // (something wished between: "I want to be notified", "I'd like to look at" change nothing)
  [new RegExp(`\\b(?=to (?:be|become|stay|say|point (?:at|to)|target|have no)\\b)${WISH}(?<!\\b(?:want|wanted|wants|need|needs|like|wish) )\\bto (?:be|become|stay|say|point (?:at|to)|target|have no)\\b`, 'g'), 'update'],
  [/\b(should|must|needs to|has to|ought to) (be(?! able)|say|mention|include|contain|point (at|to)|target|have)\b/g, 'update'],
  [new RegExp(`\\b(?=to have )${WISH}\\bto have (?:a|an|another|one more)\\b`, 'g'), 'add'],
  // What is left of a wish says no action: "make sure" makes nothing
  [/\b(make sure|making sure|ensure)\b/g, ''],
  // Other forges' words for GitLab's own: a workflow run is a pipeline, a notifications inbox the to-do list,
  // a Dependabot or security alert a vulnerability, a check run a commit status
  [/\bworkflow runs?\b/g, 'pipeline'],
  [/\bmark (all )?(my |the |our )?(notifications?|inbox|inbox items?)( all)? (as )?(read|done|seen)\b/g, 'todo mark all done'],
  [/\b(notifications? inbox|my inbox|the inbox)\b/g, 'todo list'],
  [/\b(dependabot|security|code scanning|secret scanning|sast|dependency) alerts\b/g, 'list vulnerability'],
  [/\b(dependabot|security|code scanning|secret scanning|sast|dependency) alert\b/g, 'vulnerability'],
  [/\bcheck runs?\b/g, 'commit status'],
  // A review asked of someone names a reviewer of the merge request
  [/\b(request|ask for|want|need) (a )?reviews? (from|of|by) xuserx\b|\b(needs?|wants?|add|put) xuserx (as|on) (a |the )?reviewers?\b/g, 'update reviewer'],
  // A merge request turned into a draft, and an issue transitioned to done (Jira's word)
  [/\b(convert|turn|make|switch|change|move|put)\b(.{0,30}?)\b(back )?(to|into) (a )?draft\b/g, 'update $2', 'object'],
  [/\btransition\b(.{0,30}?)\bto (done|closed|resolved|complete|completed)\b/g, 'close update state $1'],
  // Someone wanted out of a group or project is removed from it
  [/\b(want|get|need|have) xuserx (out of|off)\b/g, 'remove member from'],
  // A label, milestone, assignee or reviewer put on or taken off a named issue or merge request is that object's update, whatever
  // the label's name ("take the bug label off !4", "add the p1 label to #3"): it deletes no label and lists no history.
  [new RegExp(String.raw`\b(remove|drop|clear|get rid of|delete|take off|take|pull|unset|strip|add|put|apply|slap|stick|attach|tack|set|swap|replace|switch|change)( the| its| a| an| all( the)?| this| that)?${FIELD_NAME} (xlabelx|labels?)\b`, 'g'), 'update labels', 'object'],
  [new RegExp(String.raw`\b(remove|drop|clear|get rid of|delete|take off|take|pull|unset|strip)( the| its| this| that)?${FIELD_NAME} (xmilestonex|milestone)\b`, 'g'), 'update milestone', 'object'],
  [new RegExp(String.raw`\b(put|add|move|assign|schedule|slot|drop|bump|push)\b((?:(?!\b(?:column|list|board|lane)\b).){0,40}?)\b(into|to|in|under|for)( the)?${FIELD_NAME} (xmilestonex|milestone|iteration|sprint)\b`, 'g'), 'update $2 milestone', 'object'],
  [/\b(re)?label (the |this |that )?(issue|mergerequest|epic)\b|\btag (the |this |that )?(issue|mergerequest|epic) (with|as)\b/g, 'update labels $3$5', 'object'],
  // A person taken off or put on a named issue or merge request is unassigned or assigned, not removed from the project.
  [/\b(remove|drop|take|pull|kick) xuserx (from|off|as) (the |an? )?(assignees?|reviewers?)\b|\b(add|put|set|make) xuserx as (the |an? )?(assignees?|reviewers?)\b/g, 'update $4$7', 'object'],
  [/\b(remove|drop|take|pull|kick) xuserx (from|off)(?= (the |this |that )?(issue|mergerequest|epic)\b)/g, 'update assignee', 'object'],
  // Removing an attribute of an object is an update: "remove ~bug from #4", "get rid of the due date"
  [/\b(remove|drop|clear|get rid of|delete|take off|unset|strip|take)( the| its| my)? (xlabelx|xmilestonex|due date|milestone|labels?|weight|estimate|assignees?|reviewers?|(access )?expiry|expiration( date)?|draft( status| flag| prefix)?|wip( status| flag| prefix)?)\b/g, 'update ready', 'object'],
  [/\b(take|remove) xuserx (off|from) (the )?(reviewers?|assignees?)\b/g, 'update $5'],
  [/\b(remove|kick|drop|take) (xuserx|(the )?user) (from|off|out of)\b/g, 'remove member from'],
  [/\bmove\b(.{0,40}?)\b(into|to) (the )?(xmilestonex|milestone|iteration|sprint|column)\b/g, 'update $1 $4', 'object'],
  // Moving within a list is reordering, not moving to another project: "move #30 above #29", "to the top"
  [/\bmove\b(.{0,40}?)\b(above|below|before|after|ahead of|behind|to the (top|bottom|front|end)|(one |a )?(spot|place|position|notch)|higher|lower|up|down)\b/g, 'reorder $1'],
  // "rotate the value of X" changes a value (a CI variable's): it rotates no token
  [/\b(rotate|roll|cycle|change|update|set|swap|replace)( the)? value of\b/g, 'update variable value'],
  [/\b(rotate|roll|cycle|regenerate|renew)\b(.{0,20}?)\bvariable\b/g, 'update variable value $2'],
  [/\b(get rid of|clear|dismiss|remove|delete|done with)( the| my| all)? (todos?|to-dos?)\b/g, 'todo mark done'],
  // Comments and discussions
  [/\b(post|say|write)\b(\s+)(on|in|to|under)\b/g, 'create note $3'],
  [/\btell (the )?(reporter|author|assignees?|reviewers?|team|them|him|her|everyone|folks)\b/g, 'create note'],
  [/\bchim(e|es|ed|ing) in\b|\b(involved|taken part|taking part|took part) in\b/g, 'participants'],
  [/\b(leave|drop|post|add|write|put) (a |an |my )?(quick |short )?(comment|note|reply|remark)\b/g, 'create note'],
  [/\bcomment (on|under)\b/g, 'create note on'],
  [/\breply (to|in|on)\b/g, 'reply note discussion'],
  [/\b(resolve|close out|mark resolved) (the |this |that )?(thread|discussion|conversation)s?\b/g, 'resolve discussion'],
  [/\b(open|start|kick off|raise) (a |an )(new |separate )?(thread|discussion)\b(?!s)/g, 'create discussion'],
  [/\bthreads?\b/g, 'discussion'],
  // Reviews and approvals
  // Taking an approval back first: its words (LGTM, sign-off) would read as approving
  [/\b(take back|withdraw|pull|retract|revoke|remove|undo) (my |the |our )?(approvals?|approve|lgtm|sign[- ]?off)\b(?! rules?)/g, 'unapprove'],
  // Who has yet to approve is the approval state
  [/\bwho (still )?(needs?|has|have|is left|are left|is missing) to (approve|sign off)\b|\bwho('s| is)? (left|missing|pending) to (approve|sign off)\b/g, 'approval state'],
  [/\bapprovals? (still )?(left|remaining|missing|outstanding|pending|needed|required)\b|\bhow many (more )?approvals?\b|\bapprovals?_left\b/g, 'approval state'],
  [/\bsign(ed)? off( on)?\b/g, 'approve'],
  [/\b(lgtm|looks good to me|give (it )?(my |an )?(approval|thumbs up))\b/g, 'approve'],
  [/\bwho('s| is| are)? (reviewing|reviews|reviewed|the reviewers?)\b|\bwho (did |have |has )?(i |we |they |you )?(asked|requested|added|assigned|picked)( \w+)? (to|for|as) (review|reviewers?)\b/g, 'reviewers list'],
  // An MR behind its target is brought up to date by a rebase (only when one is named: "how far behind main is develop" rebases nothing)
  [/\b(bring|get) (it |this |that |the mr |the branch )?up to date\b|\b(is |it's |its )?behind (main|master|develop|the target( branch)?|its target)\b/g, 'rebase', 'object'],
  // What people said is the notes
  [/\bwhat (have|has|did) (ppl|people|folks|others|everyone|anyone|they|the team|reviewers) (said|say|written|write)\b|\bwhat (are|is) (ppl|people|folks|everyone|the team) saying\b/g, 'list notes'],
  [/\bwho (approved|has approved|signed off)\b/g, 'approval state'],
  [/\b(has|did) (anyone|anybody|somebody|someone) approved?\b/g, 'approval state'],
  // Who may or must review or approve one merge request: its approval state names the eligible approvers
  [/\bwho\b(.{0,40}?)(\b(should|can|could|must|need to|needs to|may|allowed to|supposed to)\b(.{0,20}?)\b(review|approve|sign off)|\b(get|need|needs) (an? |their |the )?approvals? from)\b(?=.{0,30}\b(mergerequest|mr|pr|this|it)\b)/g, 'approval state'],
  [/\bready to merge\b/g, 'merge status'],
  // "good to go" asks for a state, and says no merge
  [/\b(good|ready) to go\b/g, 'get status'],
  // Merge requests waiting on someone are a list of them
  [/\b(my |the )?review queue\b|\bwaiting (on|for) (my |a )?review\b|\b(waiting|lined up|ready) to (land|be merged|merge|go in)\b/g, 'list mergerequests'],
  [/\bqueued (up )?(to|for) (land|merge|be merged)\b|\b(in|on) the merge queue\b/g, 'merge train list'],
  // Merging
  [/\b(land|ship|squash and merge|squash-merge)( it| this| that)?\b/g, 'merge'],
  [/\bmerge when (the )?(pipeline|ci|build) (succeeds|passes|is green)\b/g, 'merge auto'],
  [/\b(stop|cancel|turn off|disable) auto[- ]?merge\b/g, 'cancel auto merge'],
  // Assignment
  [/\b(take|grab|claim|pick up) (this|that|it)\b(?! (look|peek))|\b(take|grab|claim|pick up) (this |that |the )?(issue|ticket) /g, 'assign me update '],
  [/\bput (it |this )?on my plate\b/g, 'assign me update'],
  [/\b(issues?|tickets?|bugs?|mrs?|mergerequests?|prs?) (that are |which are |that is )?assign to me\b/g, '$1 assigned list'],
  [/\bassign (it |this |that )?to me\b/g, 'assign me update'],
  [/\bunassign\b(?! (the )?runner)/g, 'update assignee'],
  // Time tracking
  [/\b(log|track|record|book|spent|spend|put in|put|sank|sunk) (\d+(\.\d+)?\s*(h|m|d|w|mins?|hours?|days?|minutes?)\b|time|hours)/g, 'add spent time'],
  [/\btime spent\b/g, 'spent time'],
  [/\b(should|will|would|might|is going to) take (about |around |roughly |maybe )?\d+(\.\d+)?\s*(h|d|w|hours?|days?|weeks?)\b/g, 'time estimate set'],
  // Who put a ~label on something, and when: its label events
  [/\b(who|when)\b(.{0,20}?)\b(added|put|slapped|applied|stuck|removed|took off|dropped)\b(.{0,20}?)\bxlabelx\b|\bxlabelx (get |got |was )(added|applied|removed)\b/g, 'label event list'],
  // Catching up on a conversation is reading its comments
  [/\bcatch (me )?up on\b/g, 'list notes'],
  [/\b(estimate|eta)\b(.{0,30}?)\b(of |to |at )?\d+(\.\d+)?\s*(h|m|d|w|mins?|hours?|days?|weeks?)\b|\b(estimate|eta) (of |to |at )?\d/g, 'time estimate set $2'],
  // Keeping people from doing something is a protection rule, and stops nothing that runs
  [/\b(stop|prevent|block|keep|forbid|disallow)\b(.{0,30}?)\bfrom (publishing|pushing|force[- ]pushing|deleting|overwriting|uploading)\b/g, 'protect protection rule $3'],
  // Who changed settings is the audit trail, not a file's history
  [/\bwho('s| has)? (been )?(changed|modified|messed with|messing with|touched|tweaked) (the |any |our )?(admin |project |group )?settings\b|\baudit (log|trail)s?\b/g, 'audit event list'],
  // A project's merge settings, where "merge" is no verb
  [/\b(merge method|fast[- ]forward( merges?)?( only)?|ff[- ]only|semi[- ]linear( history)?|merge commits? only|squash (commits )?(on merge|by default)|(remove|delete)s? (the )?source branch(es)? by default)\b/g, 'project settings merge_method'],
  [/\b(en)?queue\b(.{0,40}?)\b(once|when|after) (its |the )?(pipeline|ci|build)/g, 'merge train add $2'],
  // Restoring is no creation: "bring back the project scheduled for deletion"
  [/\bbring (it |this |that |them )?back\b|\b(undelete|un-delete|recover|resurrect)\b/g, 'restore'],
  // Issues nobody works on, or late ones: a filtered list
  [/\b(overdue|past (its |their )?due date|past due|untriaged)\b|\bnobody('s| has)? (picked|taken) (up|on)\b|\bno ?one('s| has)? (picked|taken) (up|on)\b/g, 'list issues due date'],
  [/\bbacklog\b/g, 'list issues'],
  // Roles: changing someone's access level edits the membership, giving one adds it
  [/\b(downgrade|demote|upgrade|promote|bump|move|drop|change|switch)\b(.{0,40}?)\b(down |up |back )?to (guest|planner|reporter|developer|maintainer|owner)\b/g, 'update member $2 access level'],
  [/\bmake xuserx (a |an )?(guest|planner|reporter|developer|maintainer|owner)\b/g, 'update member access level'],
  [/\b(give|grant) (xuserx|[a-z][\w.-]*) (guest|planner|reporter|developer|maintainer|owner) (acc?ess|role|rights|permissions?)\b/g, 'add member access level'],
  // Someone who asked to join is let in by approving the request
  [/\b(they|who|he|she)('ve| have)? (requested|asked for|applied for) (access|to join)\b/g, 'approve access request'],
  [/\b(let|allow) xuserx (in|into|join)\b/g, 'add member'],
  // Runners leave a project without being removed
  [/\b(unassign|detach|disconnect|remove|take) (the )?runner\b(.{0,30}?)\b(from|off)\b(?! (the |a )?runner controller)/g, 'disable runner $3 project'],
  // Killing a token revokes it (it stops no pipeline): "kill the token you're using"
  [/\b(kill|nuke|invalidate)( the| this| that| my| your| our)? (\w+ )?(token|pat|access token)\b/g, 'revoke $3 token'],
  [/\b(the )?token (you're|you are|you) us(ing|e)\b|\byour (own )?token\b/g, 'personal access token self'],
  // Deploy freezes, deploy frequency, release history, Geo replicas
  [/\b(no|block|freeze|pause|stop all) (deploys|deployments|releases|rollouts)\b/g, 'freeze period create'],
  [/\b(deploy|deployment|code|release) freezes?\b/g, 'freeze period'],
  [/\bhow often\b.{0,40}?\b(deploy|deploys|ship|ships|release|releases)\b|\bdeploy(ment)? frequency\b/g, 'dora deployment frequency metric'],
  [/\b(what|which) (versions?|releases?)\b.{0,40}?\b(shipped|released|cut|published)\b/g, 'release list'],
  [/\b(dr|disaster recovery) (replicas?|sites?|secondar(y|ies))\b|\b(replicas?|secondary sites?)\b/g, 'geo site status'],
  // Protection said as locking: "which package names are locked down"
  [/\block(ed|s)? down\b/g, 'protected protection rule'],
  // A container image repository is no project, and its tags are no Git tags
  [/\b(container|docker|image) (repo|repository|registry)s?\b/g, 'container registry repository'],
  [/\b((container|docker) )?(container|docker|image) tags?\b/g, 'container registry repository tag'],
  // Cutting a version names a Git tag: "cut v2.5.0 from main" (a release or a branch is said as such)
  [/\bcut (a |an |the )?(new )?v?\d+(\.\d+)+[\w.-]*/g, 'create tag $&'],
  [/\bcut (a |an |the )?(new )?(branch|release)\b/g, 'create $3'],
  [/\b(do|make|publish) (a |an |one )(new )?release\b(?!s)/g, 'create release'],
  // Repository words people use for branches, trees and settings
  [/\b(stale|old|dead|merged|leftover) (refs|branches)\b/g, 'list branches'],
  // A path said with a closing slash is a folder ("what's under docs/"); without one it may be a project path
  [/\b(what'?s|whats|what is) (in|under|inside) (the )?[\w.-]+(\/[\w.-]+)*\/(?=\s|$)/g, 'repository tree'],
  [/\b(what'?s|whats|what is|which is) (the )?default branch of\b/g, 'get project default branch of'],
  [/\bmake (the |this |our )?([\w.-]+ )?(repo|repository|project) (public|private|internal)\b/g, 'update project visibility $4'],
  // Who starred a project are its starrers; "my starred projects" are the caller's own list
  [/\bwho (has |have |had )?starred\b/g, 'list starrers'],
  // What changed since a version, or between two refs, is a compare (read before "in the code" below)
  [/\b(what('s| has| have)?|anything|everything) changed\b(.{0,30}?)\b(since|between)\b/g, 'compare'],
  // Code search: "where is X referenced in our source"
  [/\bwhere (is|are)\b.{0,40}?\b(referenced|used|defined|called|mentioned|imported|written)\b|\b(in|through|across) (our |the |all )?(source( code)?|code ?base|code)\b/g, 'search code blob'],
  // Memberships of one person, and what kind of user someone is
  [/\bxuserx (is|are) (directly |also |still )?(a )?members? (of|in)\b/g, 'user memberships'],
  [/\bmake xuserx (an? )?(external|admin|administrator|auditor|internal|regular)( user)?\b/g, 'update user modify $2'],
  // Moving a group under another is a transfer; where it may go is asked before
  [/\bwhere (can|could|may) (i|we) (move|transfer)\b/g, 'transfer locations'],
  [/\bmove\b(.{0,40}?)\b(sub-?group|group)\b(.{0,10}?)\b(under|into|beneath)\b/g, 'transfer $1 group $3 under'],
  // Pushes are commits: "who pushed to release/2.4 yesterday?"
  [/\bwho (has )?pushed\b|\bwhat (got|was|has been) pushed\b|\bpushes (to|on)\b/g, 'commit list'],
  // Cleaning merged branches up is the bulk delete of merged branches
  [/\b(prune|clean ?up|purge|remove|delete)\b(.{0,30}?)\b(already[- ])?merged branch(es)?\b/g, 'remove merged branch $2'],
  // Bumping a value is an update ("bump NODE_VERSION to 20"); a bare "bump" retries (below)
  [/\bbump\b(.{0,40}?)\bto\b/g, 'update $1 to'],
  // Merge requests under review
  [/\b(in|under|awaiting|pending) review\b(?! (comments?|notes?|drafts?|threads?))/g, 'mergerequests list review'],
  // People and places, said plainly
  [/\bwho (belongs|is a member|are members) (to|of|in)\b/g, 'members list'],
  [/\b(repos|projects|repositories) (are |live |sit )?(under|in|inside)\b/g, 'group projects list'],
  [/\bwhat('s| is) left (for|in|on)\b/g, 'issues list milestone'],
  [/\b(still )?(open|left|remaining|unfinished|outstanding) (in|on|for|of) (that|this|the) milestone\b/g, 'milestone issues'],
  [/\block out\b/g, 'block user'],
  [/\blift (the |their |his |her )?ban\b|\bun-?ban\b/g, 'unban user'],
  // A block or a ban taken back is its undoing ("remove the block on @x", "the ban was a mistake").
  [/\b(remove|lift|undo|reverse|clear|take off) (the |their |his |her )?block (on|for|from) xuserx\b|\bblock was (a |an )?(mistake|error|accident)\b/g, 'unblock user'],
  [/\bban was (a |an )?(mistake|error|accident)\b/g, 'unban user'],
  // A user's admin rights taken away is an edit of the user, not the user removed.
  [/\b(remove|revoke|take away|drop|strip)( xuserx)?( ?'s)? (admin|administrator) (rights|privileges|access|flag|role|status)\b/g, 'update user modify admin'],
  // "LGTM, ship it — leave that as a comment": what comes before is the comment's body.
  [/^.*\b(leave|post|add|put|drop|write) (that|this|it) (as|in) (a |an )?(com+e?nt|note|reply)\b/g, 'create note'],
  // A flag or status of an issue or MR taken off is an edit of it ("remove the confidential flag of #58", "nuke the stale draft status on !66").
  [/\b(remove|drop|clear|unset|take off|lift|nuke|get rid of)( the)?( \w+)? (confidential(ity)?|draft|wip|locked?) (flag|status|mark(er)?|bit|setting)\b/g, 'update $4'],
  // Approvals reset on a push is a setting of the project, not approvals reset now.
  [/\b(reset|remove|drop|clear|void|invalidate) (all |the |existing )?approvals? (when|whenever|on|after|if) (a |any |new )*(commits?|push(es|ed)?)\b( (are|is) (pushed|added))?/g, 'approval settings update on push'],
  // Pushes that delete tags, rejected, are a push rule.
  [/\bpush(es)? that (delete|remove|drop)s? (tags?|branches)\b/g, 'push rule $3'],
  // A number brought down is an edit ("drop rule 88 to just 1 approval").
  [/\b(drop|lower|reduce|bring down|cut)( [\w#!-]+){1,4}? to (just |only )?(\d+|one|two|zero)\b/g, 'update$2 to $4'],
  // Shipped through the merge train is added to it.
  [/\b(ship|land|merge|send|put)( [\w#!/-]+){0,3}? (via|through|on|onto|into|with|to) (the )?(merge )?train\b/g, 'add$2 train'],
  // Pruning a repository is its housekeeping.
  [/\b(clean up and prune|prune|garbage[- ]collect|gc|repack|run housekeeping on)( the)? (repo|repository)\b/g, 'start housekeeping project'],
  // One's own status cleared is set again ("get rid of my 'Out sick' status").
  [/\b(get rid of|clear|remove|delete|reset|drop) (my|his|her|their) (\w+ )?status\b/g, 'set user status'],
  // A guess of the time it takes is the estimate ("remove the 2w guess on #88").
  [/\b(the|that|our|my|this|his|her|their) ((\d+(\.\d+)? ?[hdw] )|hours? |time )?guess(timate)?\b/g, '$1 time estimate'],
  // CI's machines are runners, and a feature toggle is a feature flag
  [/\b(build|ci) (agents?|machines?|boxes|box|hosts?|workers?)\b/g, 'runner'],
  [/\b(the|a|new|that|this|[\w-]+_[\w-]+) toggle\b/g, '$1 feature flag'],
  // Another go at something retries it
  [/\b(another|one more) (go|try|shot|spin)\b/g, 'retry'],
  // A review app or an environment shut down is stopped
  [/\b(shut down|shut off|tear down|take down|spin down)( the| this| that)? (review app|environment|env)\b/g, 'stop environment'],
  [/\breview app\b/g, 'environment'],
  // Branches nobody may push to are the protected ones ("which branches can't be pushed to")
  // (the negation has taken "pushed" out already: query.ts, NEGATED)
  [/\b(can'?t|cannot|can not) be\s+((force[- ])?pushed\s+)?(to|into)\b/g, 'protected'],
  // What someone has been doing is their contribution events; what has been going on somewhere, its events
  [/\b(get|got|been|was|were) up to\b/g, 'contribution events'],
  [/\b(what'?s|what has|what have) been going on\b|\bwhat'?s going on\b(?=.{0,40}\b(lately|recently|these days|this week|today)\b)/g, 'happening'],
  // A list's page or tab in the web UI is that list (its "page" is no GitLab Pages site): the UI word goes
  [/(?<=\b(members|releases|environments|snippets|tags|branches|labels|milestones|issues|mergerequests|pipelines|jobs|packages|runners|deployments|commits|schedules|flags|boards|epics|variables|keys|contributors|changes) )(page|tab|screen|view|section)\b/g, ''],
  [/\bcompare (view|page|tab|screen)\b/g, 'compare'],
  // Looking for what already exists is a search: "did someone already open an MR about X?"
  [/\b(has|have|did|does) (anyone|someone|somebody|we|anybody) (already |ever )?(opened|open|filed|raised|created|made|started) (an? )?(mr|mergerequest|pr)\b/g, 'search mergerequests'],
  [/\b(has|have|did|does) (anyone|someone|somebody|we|anybody) (already |ever )?(reported|filed|raised|hit|seen|logged)\b/g, 'search issues'],
  [/\b(defines?|calls?|uses?|imports?) (the |a )?(function|method|class|module|symbol|constant)\b|\b[a-z_][a-z0-9_]*\(\)/g, 'search code blob'],
  [/\bin the (commit )?message\b/g, 'search commits message'],
  [/\brunbooks?\b/g, 'wiki page'],
  // What waits for me
  [/\b(needs?|wants?|requires?) my (attention|input|review|eyes)\b|\bwhat do i (need|have) to (look at|do|handle)\b/g, 'todo list'],
  [/\b(groups|projects) i('m| am)? (belong|a member) (to|of|in)\b/g, 'list $1'],
  // A milestone's own issues and merge requests
  [/\b(issues|tickets|bugs) (in|for|on|under) xmilestonex\b/g, 'milestone issues'],
  [/\b(mrs|mergerequests|prs) (in|for|on|under) xmilestonex\b/g, 'milestone merge_requests'],
  [/\bdefault branch\b(?=.{0,30}\bto\b)/g, 'project settings default_branch'],
  // Pipelines and jobs
  // "rm"/"del" are removal, said the shell's way, as the request's first word ("rm branch feat/x", "del pkg 3"); not a
  // name's part ("del-mar"), a word of another language ("del proyecto") or a role ("the RM").
  [/^\s*(rm|del)\b(?![-./])/g, 'delete'],
  // Killing what does not run (a credential, an emoji, a rule, a banner) destroys it: only a run is cancelled ("kill job 5", "kill it" of a stuck pipeline).
  [/\b(?=kill)(?<!\b(?:pipelines?|jobs?|builds?|runs?|deployments?|imports?|exports?|migrations?|process(?:es)?|trains?|stuck|running|hanging|pending|runaway)\b.*)kill(?:ed|ing|s)?\b(?!.*\b(?:e?mails?|notifications?|notifs?|pings?|alerts?|pipelines?|jobs?|builds?|runs?|deployments?|imports?|exports?|migrations?|process(?:es)?|trains?|stuck|running|hanging|pending|runaway)\b)/g, 'delete revoke'],
  [/\b(kill|abort|halt|stop|cancel)( the| this| that| my| a)?( stuck| running| hanging| pending| runaway)?\b/g, 'cancel stop'],
  [/\b(re-?run|re-?try|restart|re-?trigger|re-?start|kick (it |off )?again|(try|run|do|start) (it |this |that |them )?(again|once more|one more time)|bump)\b/g, 'retry'],
  [/\b(kick off|fire off|trigger|start|run) (a |the |new |another )*(pipeline|ci|build)s?\b/g, 'create pipeline run'],
  [/\b(red|failing|broken|failed|flaky|flakey)\b/g, 'failed'],
  [/\bwhy (did|does|is)\b/g, 'trace get'],
  // Opened "back up" is reopened ("open #45 back up"): query.ts leaves that "open" to this phrase
  [/\bopen\b(.{0,30}?)\bback up\b/g, 'reopen update state $1'],
  // A creation verb before one issue or merge request creates it ("open a merge request", "put up an MR", "file a
  // bug"): never the state filter "open", which needs a list word before it ("list open MRs") or a determiner
  // ("the open MRs", "is there an open MR"); the plural is a list ("open merge requests"); "re-open" reopens. The object is read
  // compounded here ("mergerequest", see query.ts).
  [/(?<!\b(?:list|show|find|search|which|count|many)\b[^.?!,;]{0,30})(?<!\b(?:an?|the|any|all|every|each|some|my|our|your|his|her|no|are|is|still|of|with|those|these|its|their)\s|\bre[- ])\b(open|file|raise|create|start|submit|log|make|draft|write up|put up|put in|spin up|kick off|fire off|set up)( up)? (a |an |one )?(new |quick |short |draft |confidential |separate |follow-up )?(mergerequest|mr|pr|pull request)\b(?!s| (?:events?|counts?|templates?)\b)/g, 'create mergerequest'],
  [/(?<!\b(?:list|show|find|search|which|count|many)\b[^.?!,;]{0,30})(?<!\b(?:an?|the|any|all|every|each|some|my|our|your|his|her|no|are|is|still|of|with|those|these|its|their)\s|\bre[- ])\b(open|file|raise|create|start|submit|log|make|write up|put up|put in|spin up|kick off|fire off|set up)( up)? (a |an |one )?(new |quick |short |confidential |separate |follow-up )?(issue|bug|ticket)\b(?!s| (?:events?|counts?|templates?|boards?|links?|trackers?)\b)/g, 'create issue'],
  [/\bput (a |an )(new |draft )?(mergerequest|mr|pr|pull request) up\b/g, 'create mergerequest'],
  [/\bput (a |an )(new )?(issue|bug|ticket) up\b/g, 'create issue'],
  [/\b(jot down|note down|write down|add|report) (a |an )(new |quick |short |confidential |separate |follow-up )?(issue|bug|ticket|mergerequest|mr|pr|pull request)\b/g, 'create $4'],
  // "get an MR going", "have an issue opened": the object between the verb and its particle
  [/\b(get|have|set) (a |an )(new |draft )?(mergerequest|mr|pr|pull request|issue|ticket|bug) (going|started|opened|open|up|filed)\b/g, 'create $4'],
  // The same creation verbs before the other objects people open: a branch, a wiki page, a milestone, a release
  [/(?<!\b(?:list|show|find|search|which)\b[^.?!,;]{0,30})(?<!\b(?:the|any|all|every|my|our|no|are|is|still|of|with|its|their)\s|\bre[- ])\b(open|start|kick off|spin up|set up|put up|file|raise|cut)( up)? (a |an |one )(new |fresh |separate )?(branch|wiki page|page|milestone|release|snippet|label|epic)\b(?!s)/g, 'create $5'],
  [/\b(a|an) new\b/g, 'create'],
  [/\bhow many\b/g, 'statistics count'],
  [/\bthumbs?[- ]?(up|down)\b|(^|\s)[+-]1\b|\b(upvote|downvote)\b/g, 'emoji create'],
  [/^\s*new\b|\bnew (?=(issue|ticket|bug|mr|mergerequest|pr|branch|tag|release|project|repo|group|label|milestone|snippet|wiki|page|webhook|hook|token|variable|environment|runner|epic|board)\b)/g, 'create '],
  [/\bwhat('s| is| was)\b(.{0,40}?)\babout\b/g, 'get $2'],
  [/\bhow('s| is| did| does)\b(.{0,40}?)\b(doing|going|go|looking)\b/g, 'get status $2'],
  [/\b(pull up|bring up|open up|what('s| is) (it |this |that )?about|read)\b/g, 'get'],
  [/\b(hand|pass|reassign|give)( it| this| that)?( over)? to\b/g, 'update assignee'],
  [/\b(hand|pass)\b(.{0,40}?)\bover to\b/g, 'update assignee $2'],
  [/\b(swap|replace|switch|change) xlabelx (for|with|to|into) xlabelx\b/g, 'update labels'],
  // An emoji shortcode given to something: "give !88 a :rocket:", "react with :tada:"
  [/\b(give|add|leave|react with|put|slap)\b(.{0,40}?):[a-z0-9_+-]+:/g, 'create emoji $2'],
  [/:[a-z0-9_+-]+:/g, 'emoji'],
  [/[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/gu, 'emoji create'],
  // Locking an issue's or MR's discussion edits it; a Terraform state's lock is its own action
  [/\b(lock|unlock)\b/g, 'update', 'object'],
  // The object between the verb and the state stays read ("make the api-gateway repo private" is about a project)
  [/\b(retitle|re-title)\b|\bmark\b(.{0,30}?)\b(as )?(draft|ready|wip|confidential)\b|\bmake\b(.{0,30}?)\b(confidential|private|public)\b/g, 'update $2 $5'],
  [/\b(clear|unset|swap|bump|push|postpone|change|set) (the )?(due date|milestone|labels?|weight|title|assignee|description|target branch)\b/g, 'update $4'],
  [/\b(retarget|re-target)\b/g, 'update target branch'],
  [/\bto-?dos?( list)?\b/g, 'todo'],
  [/\b(build|job) (log|output|console)\b/g, 'job trace'],
  // Membership and requests
  [/\b(kick|boot|throw)\b(.{0,30}?)\bout\b/g, 'remove member $2'],
  [/\b(offboard)\b/g, 'remove member'],
  [/\b(turn down|decline)\b/g, 'deny reject'],
  // Removing protection is unprotecting (the object stays)
  [/\b(drop|remove|lift|take off|get rid of|clear|turn off|disable)( the| its)? protection\b/g, 'unprotect'],
  // Taking something out of a file is an edit of the file ("remove the debug print from src/app.py")
  [/\b(remove|delete|drop|strip|get rid of|take out)\b(?! (the |this |that )?file\b)(.{1,40}?)\b(from|in|out of) (the )?file\b/g, 'update $3 file'],
  // So is taking words out of a text ("remove the 'known issues' paragraph from the notes")
  [/\b(remove|delete|drop|strip|get rid of|take out|cut|erase|wipe)( the| a| that| this| those| these)?( \w+){0,2}? (paragraphs?|lines?|sentences?|section|wording|text|typos?|bits?|parts?|debug prints?|print statements?)\b/g, 'update $4'],
  // Who the caller is: the current user
  [/\bwho am i\b|\bwhoami\b|\b(logged|signed) in as\b|\bwhich (account|user) is (this|the|my) token\b/g, 'current user'],
  // An issue that belongs in another project is moved (only when one is named: "the groups a user belongs to" moves
  // nothing); a draft flipped out of draft is marked ready
  [/\b(issue|ticket) belongs in\b/g, 'move', 'object'],
  [/\b(out of (the )?|un-?)drafts?\b/g, 'update'],
  // A ~label called a tag is a label
  [/\bxlabelx (tag|tags)\b/g, 'label'],
  // An integration turned off is disabled, which GitLab does by deleting its settings ("turn off the Slack integration",
  // "unhook Discord from the repo"); not some of its events turned off (an edit).
  [/\b(disable|turn off|turn of|switch off|shut off|unhook|disconnect|tear (?:it |that )?(?:down|out))\b(?=[^.?!;]{0,60}\b(?:integrations?|slack|mattermost|teams|jira|discord|datadog|pumble|telegram|webex|hangouts|google chat|pushover|jenkins|hook-?ups?|connectors?)\b)(?![^.?!;]{0,80}\b(?:events?|triggers?|notifications?|comments?|alerts?|pushes|pipelines?|merge ?requests?|mergerequests?|mrs|issues?|channels?)\b)/g, 'integration delete'],
  // Only a merge request integrated is merged: "integrate Slack into the project" is an integration
  [/\bintegrate (the |this |that )?(mergerequest|mr|branch)\b(.{0,30}?)\binto\b/g, 'merge $2 $3 into'],
  // Whether a commit made it into a tag or a branch: the refs containing it
  [/\b(make|made|makes) it into\b/g, 'commit refs'],
  // A membership's expiry taken away is an edit of the membership
  [/\b(remove|clear|drop|unset|get rid of|lift)( the| its| their| his| her)? (access )?(expiry|expiration)( date)?\b/g, 'update member expires_at'],
  // A runner kept from taking jobs is paused, which edits it
  [/\b(stop|pause|keep|prevent)\b(.{0,20}?)\brunner\b(.{0,20}?)\bfrom (picking|taking|running|accepting)\b/g, 'update runner $2 paused'],
  // A project or group made read-only is archived
  [/\b(freeze|lock)\b(.{0,40}?)\bread[- ]only\b/g, 'archive $2'],
  [/\bread[- ]only\b|\bfreeze (the |this |that )?(repo|repository|project|group|it)\b/g, 'archive'],
  // A ~label muted or unfollowed is unsubscribed from
  [/\b(mute|unwatch|stop following|unfollow|unsubscribe from)( the)? xlabelx\b/g, 'unsubscribe label'],
  // A setting of one object turned on is an edit of it: "make the RELEASE_TOKEN variable protected"
  [/\bmake (the|this|that|it|its|my|our)\b(.{0,40}?)\b(protected|masked|hidden|expanded)\b/g, 'update $2 $3'],
  // Removal said in slang: these really ask for removal
  [/\b(unregister|deregister|decommission)\b/g, 'delete'],
  [/\b(get rid of|nuke|trash|wipe out|blow away|throw away|toss)\b/g, 'delete'],
  [/\b(which|what) (mrs?|mergerequests?|prs?) (will |would |does |do )?(close|fix|resolve)/g, 'merge requests closing issue'],
  // Closing and reopening are state changes, never removal
  [/\b(close|closing|shut)\b/g, 'close update state'],
  [/\b(re-?open)\b/g, 'reopen update state'],
  [/\bmark (it |this |that )?(as )?(done|fixed|complete|completed|closed|resolved)\b/g, 'close update state'],
  // "link #1 to #20", "relate this issue with !4": a link made between two objects (a get of one link needs its link ID)
  [/(?<=^ ?|[,;.!?] |\b(?:please|pls|and|then|to|you|i|we) )(link|relate|connect) ([^,;.!?]{1,60}?) (to|with)\b/g, '$2 create link $1'],
  // Questions about links between objects
  [/\bwhat('s| is) blocking\b|\bblockers?\b/g, 'links list blocking'],
  [/\bblocked by\b/g, 'links blocking'],
  // Questions about one issue or merge request: who made it or what it carries is on the object itself; what people
  // said since is its notes; who spoke, its participants
  [/\bwho (merged|closed|opened|created|authored|filed|reported|raised|submitted|wrote)\b/g, 'get author', 'object'],
  [/\bwho('s| is| are) (assigned|working on|the assignees?|on it)\b/g, 'get assignee', 'object'],
  [/\b(what|which) (labels?|milestone|due date|weight|state|status|source branch|target branch)\b(?=.{0,30}\b(does|do|is|has|did|have)\b)|\bwhich branch (does|is|did)\b/g, 'get $2', 'object'],
  [/\b(what'?s|what is|whats) (the latest|new) (on|with)\b|\bany (news|updates?|progress|movement) (on|about|with)\b/g, 'list notes', 'object'],
  [/\bwho (has |have )?(commented|replied|chimed in|weighed in|responded)\b/g, 'participants', 'object'],
  // Repository slang
  [/\bgit blame\b|\bwho (wrote|changed|touched)\b/g, 'file blame'],
  [/\b(diff|difference)s? between\b/g, 'compare'],
  [/\bcherry[- ]?pick\b/g, 'cherry pick commit'],
  [/\bwho('s| is| are)? (else )?(is |are )?(on|in)\b/g, 'members list'],
  // The people holding a role are members: "who are the owners of the platform group?"
  [/\bwho('s| is| are)( the)? (owners?|maintainers?|developers?|reporters?|guests?)\b/g, 'members list'],
  [/\b(who can|who (has|have)( \w+)? (access|rights|permissions?|role))\b/g, 'members list'],
  [/\bwhat changed\b/g, 'changes diff'],
];

/** Words people say → words the catalog uses. Never a harmless word onto a removal word. */
export const WORDS: Readonly<Record<string, string>> = {
  pr: 'merge_request', prs: 'merge_request', mr: 'merge_request', mrs: 'merge_request',
  ticket: 'issue', tickets: 'issue', bug: 'issue', bugs: 'issue',
  comment: 'note', comments: 'note', reply: 'note', replies: 'note',
  repo: 'project', repos: 'project', monorepo: 'project',
  // Shorthand for the objects themselves: "grp 14", "the acme org", "svc acct", "pkg 3", "usr 9".
  org: 'group', orgs: 'group', grp: 'group', grps: 'group', proj: 'project', usr: 'user', usrs: 'user', acct: 'account', accts: 'account', svc: 'service', pkg: 'package', pkgs: 'package',
  build: 'pipeline', builds: 'pipeline', ci: 'pipeline', pipline: 'pipeline',
  log: 'trace', logs: 'trace',
  env: 'environment', envs: 'environment', rollout: 'deployment', rollouts: 'deployment', executor: 'runner', executors: 'runner', toggles: 'feature_flag', vars: 'variable', var: 'variable', secret: 'variable', secrets: 'variable',
  teammate: 'member', teammates: 'member', collaborators: 'member', collaborator: 'member',
  webhook: 'hook', webhooks: 'hook',
  reaction: 'emoji', reactions: 'emoji', thumbs: 'emoji', upvote: 'emoji', award: 'emoji',
  mention: 'note', thread: 'discussion', readme: 'file',
  sha: 'commit', hash: 'commit',
  artefacts: 'artifacts', artefact: 'artifact',
  vuln: 'vulnerability', vulns: 'vulnerability', cve: 'vulnerability', cves: 'vulnerability',
  gist: 'snippet', gists: 'snippet',
  pat: 'personal_access_token', pats: 'personal_access_token', k8s: 'cluster', cron: 'schedule', crontab: 'schedule',
  lgtm: 'approve', approval: 'approve', approvals: 'approve',
  find: 'search',
  // Verbs, onto the words action names use.
  show: 'get', view: 'get', display: 'get', detail: 'get', details: 'get', info: 'get', describe: 'get', inspect: 'get',
  make: 'create', register: 'create', raise: 'create',
  edit: 'update', change: 'update', switch: 'update', toggle: 'update', modify: 'update', rename: 'update', adjust: 'update', tweak: 'update', set: 'update',
  // Removal words: each of these says removal by itself.
  unlink: 'delete link', prune: 'delete', remove: 'delete', erase: 'erase delete', destroy: 'delete', purge: 'delete', wipe: 'delete', discard: 'delete',
};

/**
 * Words that explicitly ask for an irreversible effect. A destructive action can rank first only when
 * the request says one of the words of its own effect (its ID's verb, through this table).
 */
export const EFFECT_WORDS: Readonly<Record<string, readonly string[]>> = {
  delete: ['delete', 'remove', 'erase', 'destroy', 'purge', 'wipe', 'nuke', 'drop', 'trash', 'clear', 'clean', 'discard', 'unlink', 'prune', 'revoke'],
  remove: ['delete', 'remove', 'erase', 'destroy', 'purge', 'wipe', 'nuke', 'drop', 'kick', 'trash'],
  erase: ['erase', 'delete', 'remove', 'wipe', 'purge', 'clear'],
  revoke: ['revoke', 'delete', 'remove', 'invalidate', 'kill'],
  unprotect: ['unprotect', 'delete', 'remove', 'lift'],
  deny: ['deny', 'reject', 'decline', 'refuse'],
  reject: ['reject', 'deny', 'decline', 'refuse'],
  ban: ['ban'],
  block: ['block'],
  deactivate: ['deactivate', 'disable', 'suspend'],
  disable: ['disable', 'turn', 'deactivate', 'delete', 'remove', 'reset'],
  merge: ['merge', 'land', 'ship', 'accept'],
  unapprove: ['unapprove', 'revoke', 'withdraw', 'retract', 'unapproved'],
  reset: ['reset', 'clear', 'delete', 'remove', 'zero'],
  stop: ['stop', 'shut', 'tear', 'teardown', 'halt'],
  unshare: ['unshare', 'stop', 'delete', 'remove', 'revoke'],
  unpublish: ['unpublish', 'delete', 'remove', 'unpublished', 'take'],
  rotate: ['rotate', 'regenerate', 'renew', 'roll', 'reissue', 'cycle'],
  transfer: ['transfer', 'move', 'hand'],
  move: ['move', 'transfer', 'migrate'],
  rebase: ['rebase'],
  promote: ['promote'],
  push: ['push', 'force'],
  add: ['mirror', 'push'],
};

/**
 * Verbs a negation takes back although they are no irreversible effect ("don't retry it, just show me the log",
 * "pipelines that didn't fail"): left out of the request, so the action they would name does not come first.
 */
export const NEGATABLE_VERBS: ReadonlySet<string> = new Set(['retry', 'rerun', 'restart', 'rebuild', 'close', 'reopen', 'cancel', 'approve', 'create', 'open',
  'update', 'edit', 'change', 'assign', 'run', 'trigger', 'publish', 'post', 'comment', 'notify', 'ping', 'fail', 'pass', 'merge', 'push', 'tag', 'rename', 'move', 'play', 'start']);

/** Stop words: carry no meaning for ranking. */
/**
 * Words of an object's state or one of its fields ("is #12 closed?", "did pipeline 991 fail?", "the weight of
 * issue 7"): a request reading one of them about one object asks for that object, not its history or a list.
 */
export const STATE_WORDS: ReadonlySet<string> = new Set(['closed', 'merged', 'draft', 'drafts', 'wip', 'archived', 'running', 'pending', 'stuck',
  'failed', 'fail', 'failing', 'passed', 'passing', 'succeeded', 'green', 'red', 'blocked', 'locked', 'confidential', 'finished', 'mergeable',
  'conflicts', 'status', 'state', 'due', 'weight', 'visibility', 'default']);

export const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'my', 'me', 'i', 'and', 'or', 'with', 'this', 'that',
  'is', 'are', 'be', 'please', 'can', 'you', 'do', 'does', 'from', 'by', 'it', 'its', 'our', 'we', 'some', 'about', 'at', 'as',
  'into', 'there', 'any', 'so', 'has', 'have', 'been', 'was', 'were', 'will', 'would', 'should', 'could', 'let', 'lets', 'want',
  'need', 'just', 'also', 'then', 'now', 'currently', 'yet', 'hey', 'pls', 'plz', 'thanks', 'quick', 'quickly', 'real', 'up',
  'what', 'whats', 'which', 'who', 'whos', 'how', 'why', 'when', 'where', 'did', 'anyone', 'someone', 'somebody', 'us', 'your',
  'one', 'again', 'still', 'already', 'ok', 'okay', 'gonna', 'wanna', 'go', 'see', 'tell', 'give', 'know',
  'out', 'same', 'here', 'all', 'every', 'each', 'them', 'their', 'they', 'these', 'those', 'mine', 'ours', 'if', 'not', 'no', 'but',
  'xlabelx', 'xmilestonex', 'xuserx', 'right', 'like', 'thing', 'things', 'stuff', 'pretty', 'really', 'very', 'much', 'many', 'too', 'look', 'check', 'help', 'got', 'gimme',
  // what is left of a contraction ("don't", "didn't", "what's", "I'm") once split at its apostrophe
  'don', 'didn', 'doesn', 'isn', 'aren', 'wasn', 'weren', 'hasn', 'haven', 'won', 'wouldn', 'shouldn', 'couldn', 't', 's', 'm', 'll', 've', 're', 'd']);
