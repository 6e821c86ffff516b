import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every file: scan logs and results for the tokens in use.
    setupFiles: ['test/helpers/leak-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // maxWorkers stays at Vitest's default (one file at a time on 2 cores). Measured on 26 files
    // (#12 move 7): 2 workers cut wall time 1.4-1.8x, but the tests that assert real waits
    // (errors-retries backoff gaps, http-stateful session expiry) and keep-alive timing then fail.
  },
});
