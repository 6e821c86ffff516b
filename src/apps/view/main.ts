// Entry of the views: the handshake with the host, the host's theme, the frame's size, and the
// tool result that picks the view.
import { notify, on, request } from './bridge.js';
import { el } from './dom.js';
import { jobView } from './job.js';
import { mrView } from './mr.js';
import { pipelineView } from './pipeline.js';

type Rec = Record<string, unknown>;
const root = document.getElementById('app')!;

function applyContext(ctx: Rec | undefined): void {
  if (!ctx) return;
  const html = document.documentElement;
  if (ctx.theme === 'dark' || ctx.theme === 'light') {
    html.dataset.theme = ctx.theme;
    html.style.colorScheme = ctx.theme;
  }
  const vars = ((ctx.styles as Rec | undefined)?.variables ?? {}) as Rec;
  for (const [k, v] of Object.entries(vars)) if (k.startsWith('--') && typeof v === 'string') html.style.setProperty(k, v);
}

function render(result: Rec): void {
  const data = result.structuredContent as Rec | undefined;
  if (result.isError || !data) {
    const text = (result.content as Array<{ text?: string }> | undefined)?.map((c) => c.text ?? '').join('\n');
    root.replaceChildren(el('p', 'say bad', text || 'Nothing to show'));
    return;
  }
  if (data.view === 'pipeline') pipelineView(root, data);
  else if (data.view === 'job') jobView(root, data);
  else if (data.view === 'merge_request') mrView(root, data);
}

on('ui/notifications/tool-result', render);
on('ui/notifications/host-context-changed', applyContext);

let sent = '';
new ResizeObserver(() => {
  const size = { width: Math.ceil(document.documentElement.scrollWidth), height: Math.ceil(document.documentElement.scrollHeight) };
  if (JSON.stringify(size) === sent) return;
  sent = JSON.stringify(size);
  notify('ui/notifications/size-changed', size);
}).observe(document.documentElement);

void request('ui/initialize', { appInfo: { name: 'forge-views', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
  .then((r) => {
    applyContext(r.hostContext as Rec | undefined);
    notify('ui/notifications/initialized');
  });
