// Logs go to stderr (file descriptor 2): stdout carries only JSON-RPC on stdio. JSON lines for
// machines; when stderr is a terminal, short readable lines instead (pino-pretty, loaded only then).
import pino, { type Logger, type LoggerOptions } from 'pino';
import { createHmac, randomBytes } from 'node:crypto';

export type { Logger };

/**
 * `pretty` defaults to whether stderr is a terminal (a person is reading, not a log collector).
 * `sink` receives the JSON lines instead of stderr (a server embedded in another process, e.g. tests).
 */
export async function createLogger(level: string, opts: { pretty?: boolean; sink?: { write(line: string): void } } = {}): Promise<Logger> {
  const options: LoggerOptions = {
    level,
    base: undefined,
    // Defence in depth: these keys never carry secrets in our code, but never print them if they do.
    redact: { paths: ['token', 'headers.authorization', 'headers["private-token"]', '*.token', 'params', 'arguments'], censor: '[redacted]' },
  };
  if (opts.sink) return pino(options, opts.sink);
  if (!(opts.pretty ?? process.stderr.isTTY === true)) return pino(options, pino.destination({ fd: 2, sync: true }));
  const { default: pretty } = await import('pino-pretty');
  // One line each, the time of day only; no process id, host name or credential handle (it serves to
  // correlate lines in a log collector, not a person reading a terminal).
  return pino(options, pretty({ destination: 2, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,credential_hash' }));
}

// Key drawn at process start and never written: log lines name a credential only by this handle.
const handleKey = randomBytes(32);
export function credentialHandle(token: string): string {
  return createHmac('sha256', handleKey).update(token).digest('hex').slice(0, 16);
}
