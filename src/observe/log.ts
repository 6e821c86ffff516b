// Logs go to stderr (file descriptor 2): stdout carries only JSON-RPC on stdio.
import pino, { type Logger } from 'pino';
import { createHmac, randomBytes } from 'node:crypto';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Defence in depth: these keys never carry secrets in our code, but never print them if they do.
      redact: { paths: ['token', 'headers.authorization', 'headers["private-token"]', '*.token', 'params', 'arguments'], censor: '[redacted]' },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}

// Key drawn at process start and never written: log lines name a credential only by this handle.
const handleKey = randomBytes(32);
export function credentialHandle(token: string): string {
  return createHmac('sha256', handleKey).update(token).digest('hex').slice(0, 16);
}
