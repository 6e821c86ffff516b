// Connection ceilings of HTTP mode (issue #26): a client that opens connections and never finishes a
// request cannot hold every descriptor. Past the process-wide ceiling, or past the ceiling of one
// address, a new connection is closed at once (before a byte is read). Listed trusted proxies carry
// many clients on their connections and are held only by the process-wide ceiling; so is a unix
// socket (every peer has the same address there). By default both derive from the descriptor limit,
// as the held-call ceiling does (SPEC "Limits"): three quarters of it across the process (the rest
// is for the platform, Redis and files), a quarter of that per address.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIp } from '../forge/outbound.js';
import type { RefusalNote } from './refusal-log.js';

/** Assumed where the limit cannot be read (not Linux): the usual soft limit. */
const USUAL_DESCRIPTOR_LIMIT = 1024;

/** The process's soft limit on open descriptors (`ulimit -n`), from /proc on Linux. */
export function descriptorLimit(read: (path: string) => string = (p) => readFileSync(p, 'utf8')): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(read('/proc/self/limits'));
    if (m) return m[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(m[1]);
  } catch { /* not Linux */ }
  return USUAL_DESCRIPTOR_LIMIT;
}

/** The ceilings in force: the flags', or those derived from the descriptor limit (flags at 0). */
export function connectionCeilings(maxFlag: number, perAddressFlag: number, limit = descriptorLimit()): { max: number; perAddress: number } {
  const max = maxFlag > 0 ? maxFlag : Math.max(16, Math.floor((Math.min(limit, 1_048_576) * 3) / 4));
  return { max, perAddress: perAddressFlag > 0 ? perAddressFlag : Math.max(4, Math.floor(max / 4)) };
}

export interface ConnectionLimits {
  readonly max: number;
  readonly perAddress: number;
  /** Whether an address escapes the per-address ceiling (a listed trusted proxy). */
  exempt(address: string): boolean;
  readonly note: RefusalNote;
}

export function limitConnections(server: Server, limits: ConnectionLimits): void {
  // The process-wide ceiling is Node's own: past it the server closes a new socket before the
  // 'connection' event and reports it as 'drop'. Only the per-address count is ours.
  server.maxConnections = limits.max;
  server.on('drop', () => limits.note('too many connections across the process', { ceiling: limits.max }));
  const byAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const raw = socket.remoteAddress;
    const address = raw === undefined ? undefined : normalizeIp(raw)?.ip ?? raw;
    if (address === undefined || limits.exempt(address)) return;
    const n = byAddress.get(address) ?? 0;
    if (n >= limits.perAddress) {
      limits.note('too many connections from one address', { ceiling: limits.perAddress });
      socket.destroy();
      return;
    }
    byAddress.set(address, n + 1);
    socket.once('close', () => {
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
}
