// In-process HTTP mode: the CLI's `--http` server built in the test process by `startHttp` (the same
// configuration loader, the same listener) on a loopback port, for tests of what the HTTP endpoint
// answers. Its log lines go to the stderr record the leak scan reads. Telemetry (/metrics), Redis
// replicas, signals and the CLI stay with the process harness (helpers/http.ts).
import { startHttp } from '../../src/http/index.js';
import { stderrChunks } from './harness.js';
import type { HttpServer } from './http.js';
import { configure } from './inproc.js';

/** `startHttpServer` of http.ts, with the server built in this process. */
export async function startHttpInProcess(args: string[], env: Record<string, string> = {}): Promise<HttpServer> {
  let err = '';
  const { config, log } = await configure(['--http', '--http-addr', '127.0.0.1:0', ...args], env, (line) => { err += line; stderrChunks.push(line); });
  const http = await startHttp(config, log);
  let closed = false;
  return {
    url: http.address,
    stderr: () => err,
    close: async () => {
      if (closed) return;
      closed = true;
      await http.close();
    },
  };
}
