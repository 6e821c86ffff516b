// The configuration loader, HTTP mode: the HTTP-only flags refused or ignored on stdio, and every
// HTTP setting, pair and published-instance rule.
import { describe, it, expect } from 'vitest';
import type { Config } from '../src/config/index.js';
import { MIN, MIB, loaded, cfg, refusal, TOKEN, HTTP } from './helpers/config-cases.js';

describe('stdio refusals of HTTP-only flags', () => {
  it.each<[string[], string]>([
    [['--read-only'], 'FORGE_MCP_READ_ONLY'],
    [['--read-only=true'], 'FORGE_MCP_READ_ONLY'],
    [['--read-only=false'], 'FORGE_MCP_READ_ONLY'],
    [['--safe-mode'], 'FORGE_MCP_SAFE_MODE'],
    [['--exclude-tools', 'forge_issue_delete'], 'FORGE_MCP_EXCLUDE_TOOLS'],
    [['--exclude-tools=a,b'], 'FORGE_MCP_EXCLUDE_TOOLS'],
  ])('%j → exit 1 naming %s for the env block', (argv, variable) => {
    const r = refusal({ argv, env: TOKEN });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(variable);
    expect(r.message).toMatch(/env block/);
    expect(r.message).toMatch(/HTTP mode only/);
  });

  it.each<[string[], Record<string, string>]>([
    [['--read-only'], { FORGE_MCP_READ_ONLY: 'true' }],
    [['--safe-mode'], { FORGE_MCP_SAFE_MODE: '1' }],
    [['--exclude-tools', 'x'], { FORGE_MCP_EXCLUDE_TOOLS: 'x' }],
  ])('%j is refused even when the variable is already set', (argv, env) => {
    expect(refusal({ argv, env: { ...TOKEN, ...env } }).exitCode).toBe(1);
  });

  it('comes before the missing-token refusal', () => {
    expect(refusal({ argv: ['--read-only'] }).message).toMatch(/--read-only/);
  });

  it.each<[Record<string, string>, string[]]>([
    [{}, ['--forge-url', 'https://gitlab.example.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url', 'https://gitlab.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url=https://gitlab.example.com,https://other.example.com']],
    [{}, ['--forge-url', 'not-a-url']],
  ])('--forge-url naming another instance than %j is refused (names FORGE_URL)', (env, argv) => {
    const r = refusal({ argv, env: { ...TOKEN, ...env } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/--forge-url/);
    expect(r.message).toMatch(/FORGE_URL/);
  });

  it.each<[Record<string, string>, string[]]>([
    [{}, ['--forge-url', 'https://gitlab.com']],
    [{}, ['--forge-url=https://GITLAB.com:443/']],
    [{ FORGE_URL: 'https://gitlab.example.com/' }, ['--forge-url', 'https://gitlab.example.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url', 'https://gitlab.example.com', '--forge-url=https://Gitlab.Example.com/']],
  ])('--forge-url equal to the stdio instance (%j) is accepted', (env, argv) => {
    expect(cfg({ argv, env: { ...TOKEN, ...env } }).transport).toBe('stdio');
  });

  it('--rate-limit-* flags are ignored on stdio with a notice; the variables apply', () => {
    const r = loaded({ argv: ['--rate-limit-rps', '5', '--rate-limit-burst=9'], env: { ...TOKEN, FORGE_MCP_RATE_LIMIT_RPS: '2', FORGE_MCP_RATE_LIMIT_BURST: '4' } });
    expect(r.config.rateLimit).toEqual({ rps: 2, burst: 4 });
    expect(r.notices.join('\n')).toMatch(/--rate-limit-rps and --rate-limit-burst are read in HTTP mode only; stdio ignores them/);
  });

  it('a single --rate-limit flag on stdio: notice, default off', () => {
    const r = loaded({ argv: ['--rate-limit-rps=5'], env: TOKEN });
    expect(r.config.rateLimit).toEqual({ rps: 0, burst: 0 });
    expect(r.notices.join('\n')).toMatch(/--rate-limit-rps is read in HTTP mode only; stdio ignores it/);
  });

  it('other HTTP flags are ignored on stdio with a notice and keep their defaults', () => {
    const r = loaded({ argv: ['--http-addr', '127.0.0.1:1', '--tier=ultimate', '--stateless=false'], env: TOKEN });
    expect(r.config.httpAddr).toBe(':8080');
    expect(r.config.tier).toBeUndefined();
    expect(r.config.stateless).toBe(true);
    expect(r.notices.join('\n')).toMatch(/--http-addr, --tier, --stateless: read in HTTP mode only.*FORGE_MCP_TIER/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('HTTP mode', () => {
  it.each<[string[], Record<string, string>, Partial<Config>]>([
    [['--read-only'], {}, { readOnly: true }],
    [['--read-only=false'], { FORGE_MCP_READ_ONLY: 'true' }, { readOnly: false }],
    [[], { FORGE_MCP_READ_ONLY: 'true' }, { readOnly: true }],
    [['--safe-mode'], {}, { safeMode: true }],
    [[], { FORGE_MCP_SAFE_MODE: 'yes' }, { safeMode: true }],
    [['--exclude-tools', 'forge_issue_delete,forge_project'], {}, { excludeTools: ['forge_issue_delete', 'forge_project'] }],
    [['--exclude-tools=a', '--exclude-tools', 'b'], { FORGE_MCP_EXCLUDE_TOOLS: 'c, a' }, { excludeTools: ['c', 'a', 'b'] }],
    [['--tier', 'premium'], {}, { tier: 'premium' }],
    [[], { FORGE_MCP_TIER: 'ultimate' }, { tier: 'ultimate' }],
    [['--rate-limit-rps', '0'], {}, { rateLimit: { rps: 0, burst: 40 } }],
    [['--rate-limit-rps=2.5', '--rate-limit-burst=7'], { FORGE_MCP_RATE_LIMIT_RPS: '1' }, { rateLimit: { rps: 2.5, burst: 7 } }],
    [[], { FORGE_MCP_RATE_LIMIT_RPS: '3' }, { rateLimit: { rps: 3, burst: 40 } }],
    [['--stateless=false'], {}, { stateless: false }],
    [['--session-timeout', '0'], {}, { sessionTimeoutMs: 0 }],
    [['--session-timeout=1h'], {}, { sessionTimeoutMs: 60 * MIN }],
    [['--http-idle-timeout', '90s'], {}, { httpIdleTimeoutMs: 90_000 }],
    [[], {}, { maxConnections: 0, maxConnectionsPerAddress: 0, httpHeadersTimeoutMs: 10_000, httpRequestTimeoutMs: 60_000 }],
    [['--max-connections', '100', '--max-connections-per-address=8', '--http-headers-timeout', '5s', '--http-request-timeout=2m'], {}, { maxConnections: 100, maxConnectionsPerAddress: 8, httpHeadersTimeoutMs: 5_000, httpRequestTimeoutMs: 2 * MIN }],
    [['--revalidate-interval', '0'], {}, { revalidateIntervalMs: 0 }],
    [['--max-http-clients', '7'], {}, { maxHttpClients: 7 }],
    [['--max-request-body-bytes', '1MiB'], {}, { maxRequestBodyBytes: MIB }],
    [['--max-request-body-bytes=65536'], {}, { maxRequestBodyBytes: 65536 }],
    [['--auth-failure-limit', '3', '--auth-failure-window', '30s'], {}, { authFailureLimit: 3, authFailureWindowMs: 30_000 }],
    [['--auth-distinct-token-limit=5', '--auth-distinct-token-window=1h'], {}, { authDistinctTokenLimit: 5, authDistinctTokenWindowMs: 60 * MIN }],
    [['--oauth-cache-ttl', '1m'], {}, { oauthCacheTtlMs: MIN }],
    [['--oauth-cache-ttl', '2h'], {}, { oauthCacheTtlMs: 120 * MIN }],
    [['--http-addr', '127.0.0.1:9000'], {}, { httpAddr: '127.0.0.1:9000', httpListen: { kind: 'tcp', host: '127.0.0.1', port: 9000, loopback: true } }],
    [['--http-addr=[::1]:9000'], {}, { httpListen: { kind: 'tcp', host: '::1', port: 9000, loopback: true } }],
    [['--http-addr', '0.0.0.0:80'], {}, { httpListen: { kind: 'tcp', host: '0.0.0.0', port: 80, loopback: false } }],
    [['--http-addr', '/run/forge/mcp.sock'], {}, { httpListen: { kind: 'unix', path: '/run/forge/mcp.sock' } }],
    [['--http-socket-mode', '0600'], {}, { httpSocketMode: 0o600 }],
    [['--http-socket-mode=660'], {}, { httpSocketMode: 0o660 }],
    [['--auth-mode', 'oauth'], {}, { authMode: 'oauth' }],
    [['--public-url', 'https://mcp.example.com/'], {}, { publicUrl: 'https://mcp.example.com', trustedOrigins: ['https://mcp.example.com'] }],
    [['--resource-documentation', 'https://docs.example.com/mcp'], {}, { resourceDocumentation: 'https://docs.example.com/mcp' }],
    [['--oauth-client-uid', 'a1,b2', '--oauth-client-uid=c3'], {}, { oauthClientUids: ['a1', 'b2', 'c3'] }],
    [[], { FORGE_MCP_OAUTH_CLIENT_UID: 'x, y' }, { oauthClientUids: ['x', 'y'] }],
    [['--log-level', 'warn'], { FORGE_MCP_LOG_LEVEL: 'debug' }, { logLevel: 'warn' }],
  ])('%j with %j', (argv, env, expected) => {
    expect(cfg({ argv: [...HTTP, ...argv], env })).toMatchObject(expected);
  });

  describe('published instances', () => {
    it.each<[string[], string[]]>([
      [['--forge-url', 'https://a.example.com'], ['https://a.example.com']],
      [['--forge-url', 'https://a.example.com', '--forge-url=https://B.example.com/'], ['https://a.example.com', 'https://b.example.com']],
      [['--forge-url', 'https://a.example.com, https://b.example.com'], ['https://a.example.com', 'https://b.example.com']],
      [['--forge-url', 'https://a.example.com', '--forge-url', 'https://A.example.com:443/'], ['https://a.example.com']],
    ])('%j → %j', (argv, urls) => {
      expect(cfg({ argv: ['--http', ...argv] }).forgeUrls).toEqual(urls);
    });

    it('none, and no --allow-any-forge-url: the server refuses to start', () => {
      const r = refusal({ argv: ['--http'] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/the server refuses to start/);
      expect(r.message).toMatch(/--forge-url/);
    });

    it('a malformed --forge-url is refused', () => {
      expect(refusal({ argv: ['--http', '--forge-url', 'https://x.example/?q'] }).message).toMatch(/--forge-url.*not a valid instance address/);
    });

    it.each([['127.0.0.1:8080'], ['localhost:8080'], ['[::1]:8080'], ['/run/forge.sock'], ['./forge.sock']])('--allow-any-forge-url binding %s is accepted', (addr) => {
      const c = cfg({ argv: ['--http', '--allow-any-forge-url', '--http-addr', addr] });
      expect(c.allowAnyForgeUrl).toBe(true);
      expect(c.forgeUrls).toEqual([]);
    });

    it.each([[':8080'], ['0.0.0.0:8080'], ['192.168.1.10:8080'], ['[::]:8080']])('--allow-any-forge-url binding %s is refused', (addr) => {
      const r = refusal({ argv: ['--http', '--allow-any-forge-url', `--http-addr=${addr}`] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--allow-any-forge-url is accepted only when --http-addr binds loopback or a unix socket/);
    });

    it('--allow-any-forge-url on the default bind (all interfaces) is refused', () => {
      expect(refusal({ argv: ['--http', '--allow-any-forge-url'] }).message).toMatch(/loopback or a unix socket/);
    });

    it('--allow-any-forge-url is never accepted in OAuth mode', () => {
      const r = refusal({ argv: ['--http', '--allow-any-forge-url', '--http-addr', '127.0.0.1:8080', '--auth-mode=oauth'] });
      expect(r.message).toMatch(/--allow-any-forge-url is never accepted with --auth-mode=oauth/);
    });

    it('--allow-any-forge-url with --forge-url is refused', () => {
      const r = refusal({ argv: [...HTTP, '--allow-any-forge-url', '--http-addr', '127.0.0.1:8080'] });
      expect(r.message).toMatch(/exclude each other/);
    });
  });

  describe('OAuth mode', () => {
    it.each([['http://gitlab.example.com'], ['http://10.0.0.5']])('refuses the non-https instance %s', (url) => {
      const r = refusal({ argv: ['--http', '--auth-mode', 'oauth', '--forge-url', url] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--auth-mode=oauth refuses the non-https instance/);
    });

    it.each([['http://localhost:3000'], ['http://127.0.0.1:3000'], ['http://[::1]:3000']])('accepts the loopback http instance %s', (url) => {
      expect(cfg({ argv: ['--http', '--auth-mode', 'oauth', '--forge-url', url] }).authMode).toBe('oauth');
    });

    it('refuses --skip-tls-verify with a non-loopback instance (flag or variable)', () => {
      expect(refusal({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://gitlab.example.com', '--skip-tls-verify'] }).message).toMatch(/--skip-tls-verify/);
      expect(refusal({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://gitlab.example.com'], env: { FORGE_MCP_SKIP_TLS_VERIFY: 'true' } }).message).toMatch(/--skip-tls-verify/);
    });

    it('accepts --skip-tls-verify with a loopback instance', () => {
      expect(cfg({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://127.0.0.1:8443', '--skip-tls-verify'] }).skipTlsVerify).toBe(true);
    });

    it('legacy mode accepts http instances and --skip-tls-verify (with a warning)', () => {
      const r = loaded({ argv: ['--http', '--forge-url', 'http://gitlab.internal', '--skip-tls-verify'] });
      expect(r.config.forgeUrls).toEqual(['http://gitlab.internal']);
      expect(r.warnings.join('\n')).toMatch(/certificate verification/);
    });

    it.each([['basic'], ['OAUTH2']])('refuses --auth-mode %s', (mode) => {
      expect(refusal({ argv: [...HTTP, '--auth-mode', mode] }).message).toMatch(/--auth-mode=.*accepted values: legacy, oauth/);
    });

    it.each([['30s'], ['59s'], ['2h1s'], ['3h'], ['0']])('refuses --oauth-cache-ttl %s (1m to 2h)', (ttl) => {
      const r = refusal({ argv: [...HTTP, '--oauth-cache-ttl', ttl] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--oauth-cache-ttl.*between 1m and 2h/);
    });
  });

  describe('TLS', () => {
    const files = { '/tls/cert.pem': 'x', '/tls/key.pem': 'y' };
    it('both given', () => {
      const c = cfg({ argv: [...HTTP, '--tls-cert', '/tls/cert.pem', '--tls-key=/tls/key.pem'], files });
      expect([c.tlsCert, c.tlsKey]).toEqual(['/tls/cert.pem', '/tls/key.pem']);
    });
    it.each<[string[], RegExp]>([
      [['--tls-cert', '/tls/cert.pem'], /--tls-cert was given without --tls-key/],
      [['--tls-key', '/tls/key.pem'], /--tls-key was given without --tls-cert/],
    ])('only one of them: %j', (argv, pattern) => {
      const r = refusal({ argv: [...HTTP, ...argv], files });
      expect(r.message).toMatch(/--tls-cert and --tls-key go together/);
      expect(r.message).toMatch(pattern);
    });
    it('a missing file is refused', () => {
      expect(refusal({ argv: [...HTTP, '--tls-cert', '/tls/nope.pem', '--tls-key=/tls/key.pem'], files }).message).toMatch(/--tls-cert.*names no readable file/);
    });
  });

  describe('trusted proxies', () => {
    it.each<[string, string[]]>([
      ['10.0.0.1', ['10.0.0.1']],
      ['10.0.0.0/8, 192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
      ['::1,fd00::/8', ['::1', 'fd00::/8']],
      ['0.0.0.0/0', ['0.0.0.0/0']],
    ])('--trusted-proxies %s', (list, parsed) => {
      const c = cfg({ argv: [...HTTP, '--trusted-proxy-header', 'X-Forwarded-For', '--trusted-proxies', list] });
      expect(c.trustedProxies).toEqual(parsed);
      expect(c.trustedProxyHeader).toBe('X-Forwarded-For');
    });

    it.each<[string[], RegExp]>([
      [['--trusted-proxy-header', 'X-Real-IP'], /--trusted-proxy-header was given without --trusted-proxies/],
      [['--trusted-proxies', '10.0.0.1'], /--trusted-proxies was given without --trusted-proxy-header/],
    ])('one without the other is refused: %j', (argv, pattern) => {
      const r = refusal({ argv: [...HTTP, ...argv] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/go together/);
      expect(r.message).toMatch(pattern);
    });

    it.each([['10.0.0.256'], ['10.0.0.0/33'], ['fd00::/129'], ['proxy.example.com'], ['10.0.0.0/x']])('invalid entry %s is refused', (entry) => {
      const r = refusal({ argv: [...HTTP, '--trusted-proxy-header', 'X-Real-IP', '--trusted-proxies', entry] });
      expect(r.message).toMatch(/--trusted-proxies entry/);
    });

    it('an invalid header name is refused', () => {
      expect(refusal({ argv: [...HTTP, '--trusted-proxy-header', 'X Real IP', '--trusted-proxies', '10.0.0.1'] }).message).toMatch(/not a valid header name/);
    });
  });

  describe('trusted origins', () => {
    it.each<[string, string[]]>([
      ['https://app.example.com', ['https://app.example.com']],
      ['https://App.Example.com:443/', ['https://app.example.com']],
      ['http://localhost:3000,https://b.example.com:8443', ['http://localhost:3000', 'https://b.example.com:8443']],
      ['192.168.1.5:3000', ['192.168.1.5:3000']],
      ['[::1]:3000', ['[::1]:3000']],
    ])('--trusted-origins %s', (list, parsed) => {
      expect(cfg({ argv: [...HTTP, '--trusted-origins', list] }).trustedOrigins).toEqual(parsed);
    });

    it('* is accepted with a warning', () => {
      const r = loaded({ argv: [...HTTP, '--trusted-origins=*'] });
      expect(r.config.trustedOrigins).toEqual(['*']);
      expect(r.warnings.join('\n')).toMatch(/--trusted-origins includes \*.*cross-origin protection is off/);
    });

    it.each([['app.example.com'], ['https://app.example.com/path'], ['ftp://x.example'], ['https://x.example?q=1'], ['999.1.1.1:80'], ['localhost:3000'], ['10.0.0.1:99999']])('malformed entry %s fails startup', (entry) => {
      const r = refusal({ argv: [...HTTP, '--trusted-origins', entry] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--trusted-origins entry .* is malformed/);
    });

    it('the --public-url origin is trusted too', () => {
      const c = cfg({ argv: [...HTTP, '--trusted-origins', 'https://a.example.com', '--public-url', 'https://mcp.example.com/base/'] });
      expect(c.trustedOrigins).toEqual(['https://a.example.com', 'https://mcp.example.com']);
      expect(c.publicUrl).toBe('https://mcp.example.com/base');
    });
  });

  it.each<[string[], RegExp]>([
    [['--http-addr', 'nonsense'], /--http-addr/],
    [['--http-addr', ':70000'], /--http-addr/],
    [['--http-socket-mode', '999'], /--http-socket-mode/],
    [['--max-http-clients', '0'], /--max-http-clients.*at least 1/],
    [['--max-http-clients', '-1'], /--max-http-clients/],
    [['--session-timeout', '5 minutes'], /--session-timeout.*duration/],
    [['--max-request-body-bytes', '4 parsecs'], /--max-request-body-bytes/],
    [['--auth-failure-window', '0'], /--auth-failure-window.*longer than zero/],
    [['--rate-limit-rps', 'fast'], /--rate-limit-rps/],
    [['--rate-limit-burst', '1.5'], /--rate-limit-burst/],
    [['--tier', 'gold'], /--tier=.*accepted values: free, premium, ultimate/],
    [['--public-url', 'mcp.example.com'], /--public-url/],
    [['--resource-documentation', 'https://docs.example.com/#x'], /--resource-documentation/],
  ])('invalid value %j is refused (exit 1)', (argv, pattern) => {
    const r = refusal({ argv: [...HTTP, ...argv] });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(pattern);
  });
});


describe('which refusal comes first when several apply (as before the settings table)', () => {
  it.each<[string[], RegExp]>([
    [['--http', '--max-http-clients=abc'], /^no instance is published/],
    [['--http', '--trusted-proxies=nope', '--oauth-cache-ttl=1s'], /^no instance is published/],
    [['--http', '--http-socket-mode=9999'], /^--http-socket-mode="9999" is not valid/],
    [['--http', '--public-url=ftp://x'], /^--public-url="ftp:\/\/x" is not valid/],
    [['--http', '--tls-cert=cert.pem', '--auth-mode=nope'], /^--tls-cert and --tls-key go together/],
    [['--http', '--auth-mode=nope'], /^--auth-mode="nope" is not accepted/],
    [['--http', '--forge-url=https://gitlab.example.com', '--trusted-proxy-header=X-F', '--max-http-clients=0'], /^--trusted-proxy-header and --trusted-proxies go together/],
  ])('%j', (argv, first) => {
    expect(refusal({ argv }).message).toMatch(first);
  });
});
