// The start behind the entry point (src/cli.ts): read the configuration, pick the transport, exit
// with the right code.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { loadConfig, type Config } from './config/index.js';
import { createLogger, type Logger } from './observe/log.js';
import { flushTelemetry, startTelemetry } from './observe/telemetry.js';

function readFileOrUndefined(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

async function main(): Promise<number | undefined> {
  const loaded = loadConfig({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    cwd: process.cwd(),
    readFile: readFileOrUndefined,
    fileExists: existsSync,
    stdinIsPipe: !process.stdin.isTTY,
  });
  if (!loaded.ok) {
    process.stderr.write(`forge-mcp-server: ${loaded.message}\n`);
    return loaded.exitCode;
  }
  if ('exit' in loaded) {
    process.stdout.write(`${loaded.output}\n`);
    return 0;
  }
  const config: Config = loaded.config;
  const log: Logger = await createLogger(config.logLevel);
  for (const w of loaded.warnings) log.warn(w);
  for (const n of loaded.notices) log.info(n);
  // OpenTelemetry when an OTLP endpoint is set; in HTTP mode also the instruments behind /metrics.
  await startTelemetry({ log, prometheus: config.transport === 'http' });
  if (config.transport === 'http') {
    // Each transport is loaded only when chosen: stdio never pays for the listener, nor HTTP for stdio.
    const { startHttp } = await import('./http/index.js');
    let served = config;
    let closeSandbox: (() => Promise<void>) | undefined;
    if (config.sandbox) {
      // --http --sandbox: the embedded simulated instance is the one published instance.
      const { startSandbox } = await import('./sandbox/index.js');
      const sandbox = await startSandbox();
      closeSandbox = () => sandbox.close();
      served = Object.freeze({ ...config, forgeUrls: [sandbox.url] });
      log.info({ instance: sandbox.url }, 'sandbox instance started (simulated GitLab on loopback); it is the published instance');
    }
    const http = await startHttp(served, log);
    if (config.sandbox) {
      const { httpSandboxGuide } = await import('./http/sandbox-guide.js');
      process.stderr.write(httpSandboxGuide(http.address));
    }
    const shutdown = () => { void http.close().then(() => closeSandbox?.()).then(flushTelemetry).finally(() => process.exit(0)); };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    return undefined;
  }
  const { startStdio } = await import('./server/stdio.js');
  await startStdio(config, log);
  return undefined;
}

main().then(
  (code) => { if (code !== undefined) process.exitCode = code; },
  (err: unknown) => {
    // Never a stack trace at the user: one line, and the exit code.
    process.stderr.write(`forge-mcp-server: ${(err as Error)?.message ?? String(err)}\n`);
    // A failed start (a port already taken) must end: the sandbox or telemetry timers would keep it alive.
    process.exit(1);
  },
);
