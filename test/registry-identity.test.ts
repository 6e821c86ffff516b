// One name and one version everywhere a registry or a client reads them: package.json, the server's
// own constants (server card, --version, serverInfo) and server.json when it is present.
import { describe, it, expect } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY_NAME, VERSION } from '../src/config/index.js';
import { ROOT } from './helpers/harness.js';

describe('registry identity', () => {
  it('package.json mcpName and version are the server\'s own', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; mcpName?: string };
    expect(pkg.version).toBe(VERSION);
    expect(pkg.mcpName).toBe(REGISTRY_NAME);
    const serverJson = join(ROOT, 'server.json');
    expect(existsSync(serverJson)).toBe(true);
    const s = JSON.parse(readFileSync(serverJson, 'utf8')) as { name: string; version: string; packages: Array<{ identifier: string; version: string }> };
    expect(s.name).toBe(REGISTRY_NAME);
    expect(s.version).toBe(VERSION);
    expect(s.packages[0]).toMatchObject({ identifier: pkg.name, version: VERSION });
  });
});
