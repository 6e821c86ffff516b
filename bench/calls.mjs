// The load loop the HTTP benches share: every client makes `perClient` calls, all clients at once.

/** The p-th percentile of a list of numbers. */
export const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]; };

/** Runs the calls and answers { rate (calls/s), lat (ms each), failed }. */
export async function runCalls(clients, perClient, call) {
  const lat = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(clients.map(async (c) => {
    for (let i = 0; i < perClient; i++) {
      const s = performance.now();
      const r = await call(c).catch(() => ({ isError: true }));
      lat.push(performance.now() - s);
      if (r.isError) failed++;
    }
  }));
  const secs = (performance.now() - t0) / 1000;
  return { rate: lat.length / secs, lat, failed };
}
