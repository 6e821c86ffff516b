#!/usr/bin/env node
// Entry point: read the configuration, pick the transport, exit with the right code.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { loadConfig, type Config } from './config/index.js';
import { createLogger, type Logger } from './observe/log.js';

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
  const log: Logger = createLogger(config.logLevel);
  for (const w of loaded.warnings) log.warn(w);
  for (const n of loaded.notices) log.info(n);
  if (config.transport === 'http') {
    // Each transport is loaded only when chosen: stdio never pays for the listener, nor HTTP for stdio.
    const { startHttp } = await import('./http/index.js');
    const http = await startHttp(config, log);
    const shutdown = () => { void http.close().finally(() => process.exit(0)); };
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
    process.exitCode = 1;
  },
);
