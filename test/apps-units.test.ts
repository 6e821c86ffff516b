// Units of the MCP Apps code: the job log parser (SGR, sections, pages), the log pages, the
// negotiation predicate and the elicitation rule for destructive actions asked for by a view.
import { describe, it, expect, beforeAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { parseLog, sectionSeconds, type Item, type Section } from '../src/apps/view/log.js';
import { TRACE_PAGE_BYTES, tracePage } from '../src/apps/shape.js';
import { declaresApps } from '../src/apps/declares.js';
import { decideFromView } from '../src/apps/confirm.js';

beforeAll(async () => { await loadCatalog(); });

const ESC = '\u001b';
const lines = (items: Item[]): string[] => items.flatMap((i) => (i.kind === 'line' ? [i.text] : [`[${i.name}]`, ...lines(i.items)]));

describe('job log parser', () => {
  it('turns SGR sequences into styles and drops other escape sequences', () => {
    const { items } = parseLog(`${ESC}[31;1mred bold${ESC}[0m plain ${ESC}[38;5;196mcube${ESC}[0K ${ESC}[38;2;1;2;3mtrue${ESC}[39m\n${ESC}[4mund\n`, true);
    const [first, second] = items as unknown as Array<{ spans: Array<Record<string, unknown>> }>;
    expect(first.spans).toEqual([
      { text: 'red bold', fg: 'var(--ansi-red)', bold: true },
      { text: ' plain ' },
      { text: 'cube', fg: 'rgb(255,0,0)' },
      { text: ' ', fg: 'rgb(255,0,0)' },
      { text: 'true', fg: 'rgb(1,2,3)' },
    ]);
    // The style set on one line carries on to the next, as in a terminal.
    expect(second.spans).toEqual([{ text: 'und', fg: undefined, underline: true }]);
  });

  it('nests sections with their headers and durations, and never shows the markers', () => {
    const log = [
      `section_start:100:prepare\r${ESC}[0K${ESC}[36;1mPreparing${ESC}[0;m`,
      'inside',
      `section_start:101:inner[collapsed=true]\r${ESC}[0KInner`,
      'deep',
      `section_end:104:inner\r${ESC}[0K`,
      `section_end:107:prepare\r${ESC}[0K`,
      'after',
      'progress 10%\rprogress 100%',
    ].join('\n');
    const parsed = parseLog(log, true);
    const outer = parsed.items[0] as Section;
    expect(outer.header.map((s) => s.text).join('')).toBe('Preparing');
    expect(sectionSeconds(outer)).toBe(7);
    const inner = outer.items[1] as Section;
    expect([inner.name, sectionSeconds(inner)]).toEqual(['inner', 3]);
    expect(lines(parsed.items)).toEqual(['[prepare]', 'inside', '[inner]', 'deep', 'after', 'progress 100%']);
    expect(JSON.stringify(parsed)).not.toContain('section_');
  });

  it('an end whose start is on an earlier page is ignored; an unended section has no duration', () => {
    const parsed = parseLog(`section_end:9:gone\r${ESC}[0K\nsection_start:10:open\r${ESC}[0KOpen\nline\n`, true);
    expect(lines(parsed.items)).toEqual(['[open]', 'line']);
    expect(sectionSeconds(parsed.items[0] as Section)).toBeUndefined();
  });

  it('finds the first error line', () => {
    expect(parseLog('ok\nall good\nAssertionError: expected false to be true\nERROR: Job failed\n', true).firstError).toBe(2);
    expect(parseLog('ok\n', true).firstError).toBeUndefined();
  });

  it('leaves out the leading fragment of a page that starts inside a line, and shows it whole once the earlier page is there', () => {
    const full = `first line\n${ESC}[32msecond line is long${ESC}[0m\nthird\n`;
    const cut = full.indexOf('line is long');
    const later = parseLog(full.slice(cut), false);
    expect(lines(later.items)).toEqual(['third']);
    const whole = parseLog(full.slice(0, cut) + full.slice(cut), true);
    expect(lines(whole.items)).toEqual(['first line', 'second line is long', 'third']);
    expect((whole.items[1] as { spans: unknown[] }).spans).toEqual([{ text: 'second line is long', fg: 'var(--ansi-green)' }]);
  });
});

describe('log pages', () => {
  it('pages from the end, cut at a character boundary, and the pages join to the whole log', () => {
    const log = `${'é'.repeat(TRACE_PAGE_BYTES / 2 + 3)}\n${'x'.repeat(TRACE_PAGE_BYTES)}\nend\n`;
    const total = Buffer.byteLength(log);
    const pages: string[] = [];
    let before: number | undefined;
    for (;;) {
      const p = tracePage(log, before) as { text: string; start: number; end: number; total: number };
      expect(p.total).toBe(total);
      expect(p.end - p.start).toBeLessThanOrEqual(TRACE_PAGE_BYTES);
      expect(p.text).not.toContain('\uFFFD');
      pages.unshift(p.text);
      if (p.start === 0) break;
      before = p.start;
    }
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.join('')).toBe(log);
  });
});

describe('negotiation', () => {
  it('needs the extension with the HTML profile', () => {
    expect(declaresApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } })).toBe(true);
    expect(declaresApps({ extensions: { 'io.modelcontextprotocol/ui': {} } })).toBe(false);
    expect(declaresApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: 'text/html;profile=mcp-app' } } })).toBe(false);
    expect(declaresApps({ elicitation: {} })).toBe(false);
    expect(declaresApps(undefined)).toBe(false);
  });
});

describe('confirmation from a view', () => {
  const merge = () => catalog().get('merge_request.merge')!;
  it('a destructive action is asked, refused when it cannot be, and runs only on approval', () => {
    expect(decideFromView(merge(), true, undefined).kind).toBe('ask');
    expect(decideFromView(merge(), false, undefined)).toEqual({ kind: 'refuse', message: expect.stringContaining('cannot show') });
    expect(decideFromView(merge(), true, 'declined')).toEqual({ kind: 'refuse', message: 'The user declined "merge_request.merge". Nothing was changed.' });
    expect(decideFromView(merge(), true, 'dismissed').kind).toBe('refuse');
    expect(decideFromView(merge(), true, 'not-confirmed').kind).toBe('refuse');
    expect(decideFromView(merge(), true, 'approved').kind).toBe('go');
  });
  it('a non-destructive action is not asked', () => {
    expect(decideFromView(catalog().get('job.retry')!, false, undefined).kind).toBe('go');
  });
});
