// Time tracking of issues and merge requests: estimate, add/reset spent time, time_stats (also in the object).
import type { Router } from '../router.js';
import { ACCESS, type TimeRec } from '../state.js';
import type { Ctx, Reply } from '../types.js';
import { timeStatsJson } from '../serialize.js';
import { json, message, missing, str } from '../util.js';
import { parseDuration } from '../duration.js';
import { isReply, loadNoteable, requireLevel, type Family } from './common.js';

/** Adds (or, negative, subtracts) spent time; GitLab refuses to go below zero. */
export function addSpent(t: TimeRec, seconds: number): Reply | undefined {
  if (t.spent + seconds < 0) return message(400, { base: ['Time to subtract exceeds the total time spent'] });
  t.spent += seconds;
  return undefined;
}

function register(r: Router, family: Family): void {
  const base = `projects/:id/${family}/:iid`;
  // Changing time tracking is `admin_issue` (Reporter) or `admin_merge_request` (Developer).
  const level = family === 'issues' ? ACCESS.reporter : ACCESS.developer;
  const tracked = (write: boolean, fn: (ctx: Ctx, t: TimeRec) => Reply) => (ctx: Ctx, prm: Record<string, string>): Reply => {
    const x = loadNoteable(ctx, family, prm.id, prm.iid);
    if (isReply(x)) return x;
    const denied = write ? requireLevel(ctx, x.p, level) : undefined;
    return denied ?? fn(ctx, ctx.state.timeFor(x.p.id, x.n.kind, x.n.iid));
  };
  const duration = (ctx: Ctx): number | Reply => {
    const d = str(ctx.params.duration);
    if (!d) return missing('duration');
    return parseDuration(d) ?? json(400, { error: 'duration is invalid' });
  };
  r.get(`${base}/time_stats`, tracked(false, (_ctx, t) => json(200, timeStatsJson(t))));
  r.post(`${base}/time_estimate`, tracked(true, (ctx, t) => {
    const d = duration(ctx);
    if (isReply(d)) return d;
    if (d < 0) return message(400, { time_estimate: ['must have a valid format and be greater than or equal to zero.'] });
    t.estimate = d;
    return json(200, timeStatsJson(t));
  }));
  r.post(`${base}/reset_time_estimate`, tracked(true, (_ctx, t) => { t.estimate = 0; return json(200, timeStatsJson(t)); }));
  r.post(`${base}/add_spent_time`, tracked(true, (ctx, t) => {
    const d = duration(ctx);
    if (isReply(d)) return d;
    return addSpent(t, d) ?? json(201, timeStatsJson(t));
  }));
  r.post(`${base}/reset_spent_time`, tracked(true, (_ctx, t) => { t.spent = 0; return json(200, timeStatsJson(t)); }));
}

export function registerTracking(r: Router): void {
  register(r, 'issues');
  register(r, 'merge_requests');
}
