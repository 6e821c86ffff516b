// A loopback TCP relay in front of a server that counts the connections opened through it: how many
// sockets a client holds to the platform, seen from the platform's side.
import { connect, createServer, type Socket } from 'node:net';

export interface CountingRelay {
  url: string;
  /** Connections accepted so far. */
  readonly opened: number;
  /** Connections open right now, and the most open at once. */
  readonly open: number;
  readonly peak: number;
  close(): Promise<void>;
}

export async function countingRelay(target: string): Promise<CountingRelay> {
  const t = new URL(target);
  const sockets = new Set<Socket>();
  let opened = 0;
  let peak = 0;
  const server = createServer((down) => {
    opened++;
    sockets.add(down);
    peak = Math.max(peak, sockets.size);
    const up = connect(Number(t.port), t.hostname);
    down.pipe(up).pipe(down);
    const end = () => { sockets.delete(down); down.destroy(); up.destroy(); };
    down.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get opened() { return opened; },
    get open() { return sockets.size; },
    get peak() { return peak; },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
