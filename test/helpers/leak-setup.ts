// Runs after every test file: no token value the file's servers used may appear in anything they
// wrote to stderr (logs) or answered (results, errors).
import { afterAll, expect } from 'vitest';
import { answers, secretsInUse, stderrChunks } from './harness.js';
import { findLeaks } from './leaks.js';

afterAll(() => {
  expect(findLeaks([...stderrChunks, ...answers], secretsInUse)).toEqual([]);
});
