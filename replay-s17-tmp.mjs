// replay a logged run against EVAL_URL, print each call's text
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFileSync } from 'node:fs';
const [f, only] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(process.env.EVAL_URL), { requestInit: { headers: { 'PRIVATE-TOKEN': 'glpat-sandbox-demo-token-0001' } } });
const client = new Client({ name: 'replay', version: '1.0.0' }, { capabilities: {} });
await client.connect(transport);
let task = ''; let i = 0;
for (const l of readFileSync(f, 'utf8').trim().split('\n')) {
  const r = JSON.parse(l);
  if (r.kind === 'task') { task = r.task; i = 0; continue; }
  if (r.kind !== 'call') continue;
  i++;
  const res = await client.callTool({ name: r.name, arguments: r.args });
  const out = (res.content ?? []).map((c) => c.type === 'text' ? c.text : `[${c.type}]`).join('\n');
  if (only && !only.split(',').includes(task)) continue;
  console.log(`\n===== ${task}#${i} ${r.name === 'forge_find_action' ? 'FIND' : 'EXEC'} ${res.isError ? 'ERR ' : ''}${out.length} (logged ${r.chars}) ${JSON.stringify(r.args)}\n${out}`);
}
await client.close();
