// The leak scan that runs after every test file (helpers/leak-setup.ts) must catch every form.
import { describe, it, expect } from 'vitest';
import { findLeaks } from './helpers/leaks.js';

describe('findLeaks', () => {
  const secret = 'glpat-secret/value+1';
  it('finds a token written plainly, percent-encoded or base64-encoded', () => {
    expect(findLeaks([`token=${secret}`], [secret])).toHaveLength(1);
    expect(findLeaks([`/x?t=${encodeURIComponent(secret)}`], [secret])).toHaveLength(1);
    expect(findLeaks([Buffer.from(secret).toString('base64')], [secret])).toHaveLength(1);
  });
  it('stays quiet on clean output', () => {
    expect(findLeaks(['{"level":30,"credential_hash":"0123456789abcdef"}'], [secret])).toEqual([]);
  });
});
