// Runs after every test file: no token value the file's servers used may appear in anything they
// wrote to stderr (logs) or answered (results, errors). The records are emptied after the scan, as
// files of the `rest` group share a worker process (vitest.config.ts) and so share these arrays.
import { afterAll, expect } from 'vitest';
import { answers, secretsInUse, stderrChunks } from './harness.js';
import { findLeaks } from './leaks.js';

afterAll(() => {
  const leaks = findLeaks([...stderrChunks, ...answers], secretsInUse);
  stderrChunks.length = 0;
  answers.length = 0;
  secretsInUse.clear();
  expect(leaks).toEqual([]);
});
