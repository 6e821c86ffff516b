// The sandbox's demo data tells one consistent story (issue #30: assistants read dates and sources and
// reasoned from them): an issue or merge request is written when it is closed or merged (updated_at), a merge
// request is opened once its branch was pushed, and a `schedule` pipeline has the schedule that started it.
// Read on a fresh sandbox, before any write, from its REST API and through the MCP server.
import { describe, it, expect } from 'vitest';
import { ADMIN_TOKEN } from '../src/sandbox/index.js';
import { sandboxApi, sandboxServer } from './helpers/inproc.js';
import { answered, tableHeader as header, tableRow as row } from './helpers/results.js';

type Rec = Record<string, any>;
const on = sandboxServer();
const api = sandboxApi(on);
const admin = (path: string) => api(path, { token: ADMIN_TOKEN }).then((r) => r.body as Rec[]);

describe('seeded issues and merge requests', () => {
  it('every one, in every project, was updated at or after it was created, closed and merged', async () => {
    const projects = await admin('/projects?per_page=100');
    expect(projects.map((p) => p.id).sort()).toEqual([1, 2, 3]);
    const issuables: Rec[] = [];
    for (const p of projects) {
      issuables.push(...await admin(`/projects/${p.id}/issues?state=all&per_page=100`), ...await admin(`/projects/${p.id}/merge_requests?state=all&per_page=100`));
    }
    expect(issuables.filter((x) => x.state === 'closed').length).toBeGreaterThan(5);
    const late = issuables.filter((x) => [x.created_at, x.closed_at, x.merged_at].some((at) => at && at > x.updated_at));
    expect(late.map((x) => `${x.web_url} updated ${x.updated_at}`)).toEqual([]);
  });

  it('!5 was opened after its branch was pushed and updated when it was closed, as the events say', async () => {
    const mr = (await api('/projects/1/merge_requests/5')).body;
    expect(mr).toMatchObject({ state: 'closed', closed_at: '2026-02-14T09:14:07.000Z', updated_at: '2026-02-14T09:14:07.000Z', closed_by: { username: 'alice' } });
    const events: Rec[] = (await api('/projects/1/events?per_page=100')).body;
    const pushes = events.filter((e) => e.action_name === 'pushed to' && e.push_data.ref === 'experiment/graphql').map((e) => e.created_at as string).sort();
    expect(pushes).toEqual(['2026-02-12T10:14:07.000Z']);
    expect(mr.created_at >= pushes[0]!).toBe(true);
    const of5 = events.filter((e) => e.target_type === 'MergeRequest' && e.target_iid === 5).map((e) => [e.action_name, e.author.username, e.created_at]);
    expect(of5).toEqual([['closed', 'alice', mr.closed_at], ['opened', 'alice', mr.created_at]]);
    const closed: Rec[] = (await api('/projects/1/merge_requests/5/resource_state_events')).body;
    expect(closed.map((e) => [e.state, e.user.username, e.created_at])).toEqual([['closed', 'alice', mr.closed_at]]);
  });
});

describe('the schedule that started pipeline #1003', () => {
  it('is listed: owned by demo, on main, active, next run after the sandbox clock', async () => {
    const pipeline = (await api('/projects/1/pipelines/1003')).body;
    expect(pipeline).toMatchObject({ ref: 'main', source: 'schedule', user: { username: 'demo' } });
    const schedules: Rec[] = (await api('/projects/1/pipeline_schedules')).body;
    expect(schedules).toEqual([{
      id: 1, description: 'Weekly full pipeline on main', ref: 'refs/heads/main', cron: '10 11 * * 2', cron_timezone: 'UTC',
      // The run of Tuesday 24 February wrote the schedule; the next is Tuesday 3 March, the sandbox clock being Monday 2 March 09:00.
      next_run_at: '2026-03-03T11:10:00.000Z', active: true, created_at: '2026-02-23T15:14:07.000Z', updated_at: pipeline.created_at,
      owner: expect.objectContaining({ id: 1, username: 'demo' }),
    }]);
    expect((await api('/projects/1/pipeline_schedules/1')).body).toMatchObject({
      last_pipeline: { id: 1003, ref: 'main', sha: pipeline.sha, status: 'running', source: 'schedule', created_at: pipeline.created_at }, variables: [],
    });
  });

  it('answers which pipelines it started and what runs when, through the server', async () => {
    const { md, st } = await answered(on.srv, 'pipeline.schedule_list_triggered_pipelines', { project_id: 'demo-group/demo-project', pipeline_schedule_id: 1 });
    expect(header(md)).toMatch(/^\| id \| ref \| sha \| status \| source \|/);
    expect(row(md, '| 1003 ')).toMatch(/^\| 1003 \| main \| \w{8} \| running \| schedule \|/);
    expect((st.items as Rec[]).map((p) => p.id)).toEqual([1003]);
    // The list says what runs when, without a read per schedule.
    const list = await answered(on.srv, 'pipeline.schedule_list', { project_id: 'demo-group/demo-project' });
    expect(header(list.md)).toBe('| id | description | ref | cron | time zone | next run | active | owner |');
    expect(row(list.md, '| 1 ')).toBe('| 1 | Weekly full pipeline on main | refs/heads/main | 10 11 * * 2 | UTC | 2026-03-03 11:10 | true | @demo |');
    const one = await answered(on.srv, 'pipeline.schedule_get', { project_id: 'demo-group/demo-project', pipeline_schedule_id: 1 });
    expect(one.md).toContain('- **last_pipeline**: #1003 running (main)');
  });
});
