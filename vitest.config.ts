import { defineConfig } from 'vitest/config';

// Files that assert real waits (retry backoff gaps, deadlines, session expiry, Redis stall bounds,
// idle timeouts) or race a bucket's refill or a concurrency ceiling (rate limits, busy answers, watch
// deliveries): they run one file at a time, with no other test file on the machine's cores.
const TIMED = [
  'test/errors-retries.test.ts',
  'test/forge-client.test.ts',
  'test/forge-client-outbound.test.ts',
  'test/forge-client-transport.test.ts',
  'test/http-budgets.test.ts',
  'test/http-state.test.ts',
  'test/http-stateful.test.ts',
  'test/http-limits.test.ts',
  'test/http-load.test.ts',
  'test/watch-stdio.test.ts',
];

export default defineConfig({
  test: {
    // Every file: scan logs and results for the tokens in use.
    setupFiles: ['test/helpers/leak-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two groups, one after the other (#12 move 7): the timed files alone, and the rest two at a time.
    // Measured on 2 cores: two workers cut the rest's wall time by 1.4-1.8x, and the wall-clock
    // assertions above fail when another file shares the cores with them.
    projects: [
      // maxConcurrency: errors-retries runs its 13 tests at once (each has its own sandbox and server).
      { extends: true, test: { name: 'timed', include: TIMED, fileParallelism: false, maxConcurrency: 16, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: TIMED, maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
