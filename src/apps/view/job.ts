// Job log view: tail first, "load earlier", search, jump to the first error, collapsible sections.
import { act } from './bridge.js';
import { badge, button, duration, el, say } from './dom.js';
import { parseLog, sectionSeconds, type Item, type Span } from './log.js';

type Rec = Record<string, unknown>;

function spanNodes(spans: Span[]): HTMLElement[] {
  return spans.map((s) => {
    const e = el('span', [s.bold && 'b', s.italic && 'i', s.underline && 'u'].filter(Boolean).join(' ') || undefined, s.text);
    if (s.fg) e.style.color = s.fg;
    if (s.bg) e.style.background = s.bg;
    return e;
  });
}

function itemNodes(items: Item[]): HTMLElement[] {
  return items.map((it) => {
    if (it.kind === 'line') {
      const line = el('div', 'line', undefined, ...spanNodes(it.spans));
      line.dataset.n = String(it.n);
      return line;
    }
    const secs = sectionSeconds(it);
    const summary = el('summary', undefined, undefined, ...spanNodes(it.header), el('span', 'muted dur', secs === undefined ? '' : duration(secs)));
    const d = el('details', 'section', undefined, summary, ...itemNodes(it.items));
    d.dataset.section = it.name;
    d.open = true;
    return d;
  });
}

export function jobView(root: HTMLElement, data: Rec): void {
  const project = data.project as string | number;
  const job = data.job as Rec;
  let text = '';
  let start = 0;
  let firstError: number | undefined;
  const log = el('div', 'log');
  const earlier = button('Load earlier', async () => { await load(start); });
  const search = el('input', 'search');
  search.placeholder = 'Search the log';
  const count = el('span', 'muted');
  const toError = button('Jump to first error', () => {
    const line = firstError === undefined ? null : log.querySelector<HTMLElement>(`.line[data-n="${firstError}"]`);
    if (!line) { say(root, 'No error line found in the loaded log'); return; }
    for (let p = line.parentElement; p && p !== log; p = p.parentElement) if (p instanceof HTMLDetailsElement) p.open = true;
    line.classList.add('hit');
    line.scrollIntoView({ block: 'center' });
  });

  const draw = () => {
    const parsed = parseLog(text, start === 0);
    firstError = parsed.firstError;
    log.replaceChildren(...itemNodes(parsed.items));
    earlier.hidden = start === 0;
    find();
  };

  let hits: HTMLElement[] = [];
  let at = -1;
  const find = () => {
    const q = search.value.toLowerCase();
    for (const h of hits) h.classList.remove('match');
    hits = q ? [...log.querySelectorAll<HTMLElement>('.line')].filter((l) => (l.textContent ?? '').toLowerCase().includes(q)) : [];
    for (const h of hits) h.classList.add('match');
    count.textContent = q ? `${hits.length} match${hits.length === 1 ? '' : 'es'}` : '';
    at = -1;
  };
  search.addEventListener('input', find);
  search.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !hits.length) return;
    at = (at + 1) % hits.length;
    hits[at].scrollIntoView({ block: 'center' });
  });

  const load = async (before?: number) => {
    try {
      const page = await act('job.trace', { project_id: project, job_id: job.id }, before === undefined ? {} : { before });
      text = String(page.text ?? '') + (before === undefined ? '' : text);
      start = Number(page.start ?? 0);
      draw();
      if (before === undefined) log.scrollTop = log.scrollHeight;
    } catch (e) {
      say(root, (e as Error).message, true);
    }
  };

  const retry = button('Retry job', async () => {
    try { await act('job.retry', { project_id: project, job_id: job.id }); say(root, 'Job retried'); } catch (e) { say(root, (e as Error).message, true); }
  });
  root.replaceChildren(
    el('header', 'head', undefined, el('h1', undefined, `Job #${String(job.id)} ${String(job.name ?? '')}`), badge(job.status),
      el('span', 'muted', `${String(job.stage ?? '')} ${duration(job.duration)} ${job.failure_reason ? String(job.failure_reason) : ''}`), retry),
    el('div', 'tools', undefined, earlier, search, count, toError),
    log,
  );
  void load();
}
