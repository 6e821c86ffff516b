// Pipeline view: stages × jobs, downstream pipelines, retry / cancel / play, polling while it runs.
import { act } from './bridge.js';
import { badge, button, duration, el, say } from './dom.js';

type Rec = Record<string, unknown>;
const RUNNING = new Set(['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'scheduled']);

export function pipelineView(root: HTMLElement, data: Rec): void {
  const project = data.project as string | number;
  let pipeline = data.pipeline as Rec;
  let jobs = (data.jobs as Rec[]) ?? [];
  const bridges = (data.bridges as Rec[]) ?? [];
  let delay = 5_000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async (action: string, params: Rec, what: string) => {
    try {
      await act(action, { project_id: project, ...params });
      say(root, `${what}: done`);
      await refresh();
    } catch (e) {
      say(root, (e as Error).message, true);
    }
  };

  const draw = () => {
    const id = pipeline.id;
    const head = el('header', 'head', undefined,
      el('h1', undefined, `Pipeline #${String(id)}`), badge(pipeline.status), el('span', 'muted', `${String(pipeline.ref ?? '')} ${duration(pipeline.duration)}`));
    if (pipeline.status === 'failed' || pipeline.status === 'canceled') head.append(button('Retry pipeline', () => run('pipeline.retry', { pipeline_id: id }, 'Pipeline retried')));
    if (RUNNING.has(String(pipeline.status))) head.append(button('Cancel pipeline', () => run('pipeline.cancel', { pipeline_id: id }, 'Pipeline canceled')));
    const stages = new Map<string, Rec[]>();
    for (const j of [...jobs].sort((a, b) => Number(a.id) - Number(b.id))) stages.set(String(j.stage), [...(stages.get(String(j.stage)) ?? []), j]);
    const graph = el('div', 'stages');
    for (const [stage, list] of stages) {
      const col = el('section', 'stage', undefined, el('h2', undefined, stage));
      for (const j of list) {
        const card = el('div', `job s-${String(j.status)}`, undefined, el('span', 'name', j.name), badge(j.status), el('span', 'muted', duration(j.duration)));
        card.dataset.job = String(j.name);
        if (j.when === 'manual' || j.status === 'manual') card.append(el('span', 'mark', 'manual'));
        if (j.allow_failure) card.append(el('span', 'mark', 'allowed to fail'));
        if (j.status === 'manual') card.append(button('Play', () => run('job.play', { job_id: j.id }, `${String(j.name)} started`)));
        else if (RUNNING.has(String(j.status))) card.append(button('Cancel', () => run('job.cancel', { job_id: j.id }, `${String(j.name)} canceled`)));
        else card.append(button('Retry', () => run('job.retry', { job_id: j.id }, `${String(j.name)} retried`)));
        col.append(card);
      }
      graph.append(col);
    }
    const kids: Node[] = [head, graph];
    if (bridges.length) {
      const down = el('ul', 'downstream');
      for (const b of bridges) {
        const d = (b.downstream ?? b.downstream_pipeline ?? {}) as Rec;
        down.append(el('li', undefined, undefined, el('span', 'name', `${String(b.name)} → pipeline #${String(d.id ?? '?')}`), badge(d.status ?? b.status)));
      }
      kids.push(el('h2', undefined, 'Downstream'), down);
    }
    const said = root.querySelector('.say');
    root.replaceChildren(...kids, ...(said ? [said] : []));
  };

  const refresh = async () => {
    const [p, j] = await Promise.all([act('pipeline.get', { project_id: project, pipeline_id: pipeline.id }), act('job.list', { project_id: project, pipeline_id: pipeline.id, per_page: 100 })]);
    pipeline = p.data as Rec;
    jobs = (j.data as Rec[]) ?? [];
    draw();
    schedule();
  };

  // Polls while the pipeline runs, each wait longer (up to a minute); stops when it ends.
  const schedule = () => {
    clearTimeout(timer);
    if (!RUNNING.has(String(pipeline.status))) { delay = 5_000; return; }
    timer = setTimeout(() => { void refresh().catch((e: Error) => say(root, e.message, true)); }, delay);
    delay = Math.min(delay * 1.5, 60_000);
  };

  draw();
  schedule();
}
