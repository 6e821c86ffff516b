// The README's client snippets are copied by users as they are: every JSON block parses, every TOML
// block is well-formed line by line, and every shell line that passes a token quotes its placeholder.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers/harness.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = (lang: string) => [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

describe('README snippets', () => {
  it('every JSON block is valid JSON, and VS Code blocks use "servers"', () => {
    const json = blocks('json');
    expect(json.length).toBeGreaterThanOrEqual(3);
    for (const b of json) {
      const v = JSON.parse(b) as Record<string, unknown>;
      if ('servers' in v) expect(v).not.toHaveProperty('mcpServers');
      const servers = (v.servers ?? v.mcpServers) as Record<string, { type?: string; url?: string }> | undefined;
      for (const s of Object.values(servers ?? {})) if (s.type === 'http') expect(s.url).toMatch(/^https?:\/\/.+\/mcp$/);
    }
  });

  it('every TOML block is key = value lines under [tables], quotes balanced', () => {
    for (const b of blocks('toml')) {
      for (const line of b.split('\n').filter((l) => l.trim())) {
        expect(line, line).toMatch(/^\[[\w.]+\]$|^[\w-]+ = .+$/);
        expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
      }
    }
  });

  it('every shell line passing a token placeholder quotes it', () => {
    const lines = blocks('sh').flatMap((b) => b.split('\n')).filter((l) => l.includes('<ACCESS_TOKEN>'));
    expect(lines.length).toBeGreaterThan(0);
    // Inside quotes when an odd number of ' or " precede it on the line (else < and > are redirections).
    const quoted = (l: string) => {
      const before = l.slice(0, l.indexOf('<ACCESS_TOKEN>'));
      return (before.split("'").length - 1) % 2 === 1 || (before.split('"').length - 1) % 2 === 1;
    };
    for (const l of lines) expect(quoted(l), l).toBe(true);
  });
});

describe('the terminal guide of --sandbox', () => {
  it('prints valid snippets: mcpServers for Claude Desktop and Cursor, servers with a type for VS Code', async () => {
    const { sandboxGuide } = await import('../src/server/guide.js');
    const text = sandboxGuide();
    const first = text.indexOf('{');
    const vsAt = text.indexOf('VS Code (.vscode/mcp.json):');
    const claude = JSON.parse(text.slice(first, text.lastIndexOf('}', vsAt) + 1)) as Record<string, unknown>;
    expect(Object.keys(claude)).toEqual(['mcpServers']);
    const rest = text.slice(vsAt);
    const vscode = JSON.parse(rest.slice(rest.indexOf('{'), rest.indexOf('\n}\n') + 2)) as { servers: { forge: { type: string } } };
    expect(vscode.servers.forge.type).toBe('stdio');
  });
});
