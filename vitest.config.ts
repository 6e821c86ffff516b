import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

// The longest files of the two-at-a-time group (measured on 2 cores: the container build ~58 s, the
// find property tests ~28 s, ~20 s each for the others) start first, so the two workers end together
// instead of one running the container build alone at the end. A fresh clone has no timing cache.
const LONGEST_FIRST = [
  'test/container.test.ts',
  'test/find-action.test.ts',
  'test/http-mode.test.ts',
  'test/errors-outbound.test.ts',
  'test/http-oauth.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

// Files that check what a process has not loaded yet (the catalog before the first listing): each in a
// process of its own, after the rest (which share their processes: isolate: false below).
const FRESH_PROCESS = ['test/start-warm.test.ts'];

// `npm run test:without-container` (where no Linux container build can run, e.g. macOS) leaves out
// the container test; its preflight says so. Only that npm script sets this name: `npm test` and a
// plain `vitest run` always run every file.
const WITHOUT = process.env.npm_lifecycle_event === 'test:without-container' ? ['test/container.test.ts'] : [];

export default defineConfig({
  test: {
    // Every file: scan logs and results for the tokens in use.
    setupFiles: ['test/helpers/leak-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // Two groups, one after the other (#12 move 7): the timed files alone, and the rest two at a time.
    // Measured on 2 cores: two workers cut the rest's wall time by 1.4-1.8x, and the wall-clock
    // assertions above fail when another file shares the cores with them. The rest share their worker
    // processes (isolate: false): each file no longer re-imports the sources, the SDK and the sandbox,
    // which was ~1 s a file (173 -> 118 s for the group). No test file changes process-wide state it
    // does not restore; the leak scan empties its records after each file (test/helpers/leak-setup.ts).
    projects: [
      // maxConcurrency: errors-retries runs its 13 tests at once (each has its own sandbox and server).
      { extends: true, test: { name: 'timed', include: TIMED, fileParallelism: false, maxConcurrency: 16, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: [...TIMED, ...FRESH_PROCESS, ...WITHOUT], maxWorkers: 2, isolate: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'fresh', include: FRESH_PROCESS, isolate: true, sequence: { groupOrder: 2 } } },
    ],
  },
});
