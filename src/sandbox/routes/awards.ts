// Award emoji on issues, merge requests and their notes; thumbs up and down count in the object's votes.
import type { Router } from '../router.js';
import type { AwardRec, NoteableRef, ProjectRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { userBasic } from '../serialize.js';
import { forbidden, json, missing, noContent, notFound, paginate, str } from '../util.js';
import { isReply, loadNoteable, type Family } from './common.js';

/** The emoji names the sandbox knows (GitLab validates against its full emoji list). */
const EMOJI = new Set(['thumbsup', 'thumbsdown', 'smile', 'tada', 'heart', 'rocket', 'eyes', 'white_check_mark', 'coffee', 'thinking', '100', 'clap', 'fire', 'bug', 'star']);

function awardJson(ctx: Ctx, a: AwardRec, awardableId: number, type: string): Record<string, unknown> {
  return { id: a.id, name: a.name, user: userBasic(ctx.state, a.userId), created_at: a.createdAt, updated_at: a.createdAt, awardable_id: awardableId, awardable_type: type, url: null };
}

function register(r: Router, family: Family): void {
  const load = (ctx: Ctx, prm: Record<string, string>): { p: ProjectRec; n: NoteableRef; votes: { upvotes: number; downvotes: number } } | Reply => {
    const x = loadNoteable(ctx, family, prm.id, prm.iid);
    return isReply(x) ? x : { p: x.p, n: x.n, votes: x.rec };
  };
  // On the issue or MR itself (`note` absent) or on one of its notes.
  for (const onNote of [false, true]) {
    const base = `projects/:id/${family}/:iid${onNote ? '/notes/:nid' : ''}/award_emoji`;
    const A = (fn: (ctx: Ctx, list: AwardRec[], id: number, type: string, votes: { upvotes: number; downvotes: number } | undefined, prm: Record<string, string>) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
      const x = load(ctx, prm);
      if (isReply(x)) return x;
      let key = `${x.p.id}:${x.n.kind}:${x.n.iid}`;
      let id = x.n.id;
      let type: string = x.n.kind;
      if (onNote) {
        const note = ctx.state.notesFor(x.n).find((n) => String(n.id) === prm.nid);
        if (!note) return notFound('Note');
        key += `:note:${note.id}`;
        id = note.id;
        type = 'Note';
      }
      let list = ctx.state.awards.get(key);
      if (!list) { list = []; ctx.state.awards.set(key, list); }
      return fn(ctx, list, id, type, onNote ? undefined : x.votes, prm);
    };
    r.get(base, A((ctx, list, id, type) => paginate(ctx, list.map((a) => awardJson(ctx, a, id, type)))));
    r.get(`${base}/:aid`, A((ctx, list, id, type, _v, prm) => {
      const a = list.find((x) => String(x.id) === prm.aid);
      return a ? json(200, awardJson(ctx, a, id, type)) : notFound('Award Emoji');
    }));
    r.post(base, A((ctx, list, id, type, votes) => {
      const name = str(ctx.params.name)?.replace(/^:|:$/g, '');
      if (!name) return missing('name');
      // GitLab answers an unknown emoji and a repeated award alike: 404 Award Emoji Not Found.
      if (!EMOJI.has(name) || list.some((a) => a.name === name && a.userId === ctx.user.id)) return notFound('Award Emoji');
      const a: AwardRec = { id: ctx.state.nextId('award'), name, userId: ctx.user.id, createdAt: ctx.state.now() };
      list.push(a);
      if (votes && name === 'thumbsup') votes.upvotes += 1;
      if (votes && name === 'thumbsdown') votes.downvotes += 1;
      return json(201, awardJson(ctx, a, id, type));
    }));
    r.delete(`${base}/:aid`, A((ctx, list, _id, _type, votes, prm) => {
      const i = list.findIndex((x) => String(x.id) === prm.aid);
      if (i < 0) return notFound('Award Emoji');
      if (list[i].userId !== ctx.user.id && !ctx.user.isAdmin) return forbidden();
      const [a] = list.splice(i, 1);
      if (votes && a.name === 'thumbsup') votes.upvotes = Math.max(0, votes.upvotes - 1);
      if (votes && a.name === 'thumbsdown') votes.downvotes = Math.max(0, votes.downvotes - 1);
      return noContent();
    }));
  }
}

export function registerAwards(r: Router): void {
  register(r, 'issues');
  register(r, 'merge_requests');
}
