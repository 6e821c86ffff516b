// argv + environment + env file → a frozen Config, or a start-up refusal with its message.
// Pure: everything it reads is injected (no process.env, no process.exit, no direct file access).
// SPEC "Configuration".
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { parseDotenv } from './dotenv.js';
import { FLAGS, has, lastValue, parseArgv, type ParsedArgs } from './flags.js';
import { HELP_TEXT, VERSION } from './help.js';
import type { AuthMode, CapabilitySurface, Config, HttpListen, LoadInput, LoadResult, LogLevel, MetaParamSchema, Tier, ToolSurface, Transport } from './types.js';
import {
  MIB, MINUTE, canonicalForgeUrl, isHeaderName, isLoopbackHost, isYoloTruthy, originOf, parseAddressOrCidr, parseBool, parseDuration,
  parseFileMode, parseHttpAddr, parseNonNegativeInt, parseNonNegativeNumber, parseServiceUrl, parseSize, parseTrustedOrigin, splitList,
  type Parsed,
} from './values.js';

const DEFAULT_FORGE_URL = 'https://gitlab.com';
const HOME_ENV_FILE = '.forge-mcp-server.env';

/** Retired variable spellings and the variable that replaced each. */
const RETIRED_VARIABLES: Readonly<Record<string, string>> = Object.freeze({
  READ_ONLY: 'FORGE_MCP_READ_ONLY',
  FORGE_READ_ONLY: 'FORGE_MCP_READ_ONLY',
  SAFE_MODE: 'FORGE_MCP_SAFE_MODE',
  FORGE_SAFE_MODE: 'FORGE_MCP_SAFE_MODE',
  EXCLUDE_TOOLS: 'FORGE_MCP_EXCLUDE_TOOLS',
  FORGE_EXCLUDE_TOOLS: 'FORGE_MCP_EXCLUDE_TOOLS',
  META_TOOLS: 'FORGE_MCP_TOOL_SURFACE',
});

const STDIO_REFUSED_FLAGS: Readonly<Record<string, string>> = { 'read-only': 'FORGE_MCP_READ_ONLY=true', 'safe-mode': 'FORGE_MCP_SAFE_MODE=true', 'exclude-tools': 'FORGE_MCP_EXCLUDE_TOOLS=<names>' };
const TOOL_SURFACES: readonly ToolSurface[] = ['dynamic', 'meta', 'individual'];
const META_PARAM_SCHEMAS: readonly MetaParamSchema[] = ['open', 'full'];
const CAPABILITY_SURFACES: readonly CapabilitySurface[] = ['full', 'minimal'];
const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
const TIERS: readonly Tier[] = ['free', 'premium', 'ultimate'];
const AUTH_MODES: readonly AuthMode[] = ['legacy', 'oauth'];
const ALLOWED_DIRS_VAR = /^FORGE_MCP_ALLOWED_(?:[A-Z0-9_]+_)?DIRS$/;

const OAUTH_TTL_MIN = MINUTE;
const OAUTH_TTL_MAX = 120 * MINUTE;

/** A start-up refusal, thrown inside the loader and turned into its result. */
class Refusal extends Error {
  constructor(readonly exitCode: number, message: string) { super(message); }
}
function refuse(message: string, exitCode = 1): never {
  throw new Refusal(exitCode, message);
}

/** A value quoted for a message, cut short. Never used for the token. */
function show(v: string): string {
  return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}...` : v);
}

/** A URL quoted for a message, with any credentials in it replaced. */
function showUrl(v: string): string {
  return show(v.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1<credentials>@'));
}

function need<T>(p: Parsed<T>, what: string, raw: string): T {
  if (!p.ok) refuse(`${what}=${show(raw)} is not valid: ${p.error}`);
  return (p as { ok: true; value: T }).value;
}

function needUrl(p: Parsed<string>, what: string, raw: string): string {
  if (!p.ok) refuse(`${what}=${showUrl(raw)} is not valid: ${p.error}`);
  return (p as { ok: true; value: string }).value;
}

function oneOf<T extends string>(raw: string, accepted: readonly T[], what: string): T {
  const v = raw.trim().toLowerCase();
  if (!(accepted as readonly string[]).includes(v)) refuse(`${what}=${show(raw)} is not accepted; accepted values: ${accepted.join(', ')}`);
  return v as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export function loadConfig(input: LoadInput): LoadResult {
  const parsed = parseArgv(input.argv);
  if (!parsed.ok) return { ok: false, exitCode: 2, message: parsed.message };
  const args = parsed.args;
  if (has(args, 'help') && lastValue(args, 'help') === 'true') return { ok: true, exit: 'help', output: HELP_TEXT };
  if (has(args, 'version') && lastValue(args, 'version') === 'true') return { ok: true, exit: 'version', output: `forge-mcp-server ${VERSION}` };
  try {
    return build(args, input);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, exitCode: e.exitCode, message: e.message };
    throw e;
  }
}

function build(args: ParsedArgs, input: LoadInput): LoadResult {
  const warnings: string[] = [];
  const notices: string[] = [];

  // ---- environment: the real one wins over the env file ----
  const { env, envFile, fileKeys } = readEnvironment(input, warnings);
  const dotEnv = join(input.cwd, '.env');
  if (input.fileExists(dotEnv) && envFile !== resolve(dotEnv)) {
    warnings.push(`${dotEnv}: a .env in the working directory is not read; put settings in ~/${HOME_ENV_FILE} or the file named by FORGE_MCP_ENV_FILE (absolute path)`);
  }

  // ---- retired spellings (set even to empty) ----
  const retired = Object.keys(RETIRED_VARIABLES).filter((k) => env[k] !== undefined);
  if (retired.length) {
    refuse(retired.map((k) => {
      const where = fileKeys.has(k) && input.env[k] === undefined ? `set in ${envFile}` : 'set in the environment';
      const what = k === 'META_TOOLS' ? 'was removed in 3.0.0' : 'is a retired spelling no longer read since 3.1.0';
      return `${k} (${where}) ${what}; set ${RETIRED_VARIABLES[k]} instead and remove ${k}`;
    }).join('\n'));
  }
  if (env.FORGE_ENTERPRISE !== undefined) {
    notices.push('FORGE_ENTERPRISE is ignored (removed in 3.0.0); FORGE_MCP_TIER=premium|ultimate (stdio) or --tier (HTTP) forces the Enterprise catalog');
  }

  // ---- transport ----
  const transport = chooseTransport(args, input.stdinIsPipe);
  const http = transport === 'http';

  // ---- flags that only HTTP mode reads ----
  if (!http) {
    for (const [flag, variable] of Object.entries(STDIO_REFUSED_FLAGS)) {
      if (has(args, flag)) {
        refuse(`--${flag} is read in HTTP mode only, so over stdio it would not apply; set ${variable} in the MCP client's env block instead and remove --${flag} from its arguments`);
      }
    }
    // Shared state joins HTTP replicas; a stdio server serves one client and keeps its state in process.
    if (has(args, 'redis-url') || env.FORGE_MCP_REDIS_URL?.trim()) {
      refuse('--redis-url / FORGE_MCP_REDIS_URL shares rate limits and failure budgets between HTTP replicas; a stdio server has no replicas: remove it (or serve HTTP with --http)');
    }
    const ignored = FLAGS.filter((f) => f.scope === 'http' && has(args, f.name)).map((f) => f.name);
    const rate = ignored.filter((n) => n.startsWith('rate-limit-'));
    if (rate.length) {
      notices.push(`${rate.map((n) => `--${n}`).join(' and ')} ${rate.length > 1 ? 'are' : 'is'} read in HTTP mode only; stdio ignores ${rate.length > 1 ? 'them' : 'it'} (set FORGE_MCP_RATE_LIMIT_RPS / FORGE_MCP_RATE_LIMIT_BURST instead)`);
    }
    const others = ignored.filter((n) => !n.startsWith('rate-limit-'));
    if (others.length) {
      const tierHint = others.includes('tier') ? ' (on stdio FORGE_MCP_TIER sets the tier)' : '';
      notices.push(`${others.map((n) => `--${n}`).join(', ')}: read in HTTP mode only; stdio ignores ${others.length > 1 ? 'them' : 'it'}${tierHint}`);
    }
  }

  // ---- instance ----
  const rawForgeUrl = env.FORGE_URL?.trim() ? env.FORGE_URL.trim() : undefined;
  let forgeUrl = DEFAULT_FORGE_URL;
  if (rawForgeUrl !== undefined) {
    const c = canonicalForgeUrl(rawForgeUrl);
    if (!c.ok) refuse(`FORGE_URL=${showUrl(rawForgeUrl)} is not a valid instance address: ${c.error} (for example https://gitlab.example.com)`);
    else forgeUrl = c.value;
  }
  const flagForgeUrls = args.values.get('forge-url') ?? [];
  if (!http && has(args, 'forge-url')) {
    for (const raw of flagForgeUrls.length ? flagForgeUrls : ['']) {
      const c = canonicalForgeUrl(raw);
      if (!c.ok || c.value !== forgeUrl) {
        refuse(`--forge-url ${showUrl(raw)} names an instance this stdio server does not connect to (it connects to ${forgeUrl}, from FORGE_URL or the default); only HTTP mode reads --forge-url: set FORGE_URL in the MCP client's env block instead`);
      }
    }
  }

  // ---- settings read on both transports ----
  const get = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v;
  };
  const envBool = (name: string, def: boolean): boolean => {
    const v = get(name);
    return v === undefined ? def : need(parseBool(v), name, v);
  };
  /** A flag read on this transport wins over its variable. */
  const flagBool = (flag: string, name: string | undefined, def: boolean): boolean => {
    const f = lastValue(args, flag);
    if (f !== undefined) return f === 'true';
    return name ? envBool(name, def) : def;
  };
  const flagOrEnv = (flag: string, name: string | undefined): { raw: string; what: string } | undefined => {
    const f = lastValue(args, flag);
    if (f !== undefined) return { raw: f, what: `--${flag}` };
    const v = name ? get(name) : undefined;
    return v !== undefined && name ? { raw: v, what: name } : undefined;
  };

  const toolSurfaceRaw = get('FORGE_MCP_TOOL_SURFACE');
  const toolSurface = toolSurfaceRaw === undefined ? 'dynamic' : oneOf(toolSurfaceRaw, TOOL_SURFACES, 'FORGE_MCP_TOOL_SURFACE');
  const metaRaw = get('FORGE_MCP_META_PARAM_SCHEMA');
  const metaParamSchema = metaRaw === undefined ? 'open' : oneOf(metaRaw, META_PARAM_SCHEMAS, 'FORGE_MCP_META_PARAM_SCHEMA');
  const capRaw = get('FORGE_MCP_CAPABILITY_SURFACE');
  const capabilitySurface = capRaw === undefined ? 'full' : oneOf(capRaw, CAPABILITY_SURFACES, 'FORGE_MCP_CAPABILITY_SURFACE');
  const logRaw = flagOrEnv('log-level', 'FORGE_MCP_LOG_LEVEL');
  const logLevel = logRaw === undefined ? 'info' : oneOf(logRaw.raw, LOG_LEVELS, logRaw.what);

  const readOnly = http ? flagBool('read-only', 'FORGE_MCP_READ_ONLY', false) : envBool('FORGE_MCP_READ_ONLY', false);
  const safeMode = http ? flagBool('safe-mode', 'FORGE_MCP_SAFE_MODE', false) : envBool('FORGE_MCP_SAFE_MODE', false);
  // Exclusions add up: the variable's and (HTTP) the flag's.
  const excludeTools = [...new Set([
    ...splitList(get('FORGE_MCP_EXCLUDE_TOOLS') ?? ''),
    ...(http ? args.values.get('exclude-tools') ?? [] : []),
  ])];
  const yoloRaw = env.FORGE_MCP_YOLO_MODE;
  const yolo = yoloRaw !== undefined ? isYoloTruthy(yoloRaw) : isYoloTruthy(env.AUTOPILOT);
  const ignoreScopes = flagBool('ignore-scopes', 'FORGE_MCP_IGNORE_SCOPES', false);
  const skipTlsVerify = flagBool('skip-tls-verify', 'FORGE_MCP_SKIP_TLS_VERIFY', false);
  const embeddedResources = flagBool('embedded-resources', 'FORGE_MCP_EMBEDDED_RESOURCES', true);
  const allowPrivateInstances = flagBool('allow-private-instances', 'FORGE_MCP_ALLOW_PRIVATE_INSTANCES', false);
  const clientCompat = envBool('FORGE_MCP_CLIENT_COMPAT', true);

  const timeoutRaw = get('FORGE_MCP_ACTION_TIMEOUT');
  const actionTimeoutMs = timeoutRaw === undefined ? 65 * MINUTE : need(parseDuration(timeoutRaw), 'FORGE_MCP_ACTION_TIMEOUT', timeoutRaw);
  if (actionTimeoutMs <= 0) refuse(`FORGE_MCP_ACTION_TIMEOUT=${show(timeoutRaw ?? '')} is not valid: the per-action deadline must be longer than zero`);

  const sizeRaw = get('FORGE_MCP_UPLOAD_MAX_FILE_SIZE');
  const uploadMaxFileSize = sizeRaw === undefined ? 100 * MIB : need(parseSize(sizeRaw), 'FORGE_MCP_UPLOAD_MAX_FILE_SIZE', sizeRaw);
  if (uploadMaxFileSize <= 0) refuse(`FORGE_MCP_UPLOAD_MAX_FILE_SIZE=${show(sizeRaw ?? '')} is not valid: the limit must be at least one byte`);

  const allowedDirs = readAllowedDirs(env, input);

  const caRaw = get('SSL_CERT_FILE');
  let caFile: string | undefined;
  if (caRaw !== undefined) {
    caFile = resolve(input.cwd, caRaw.trim());
    if (!input.fileExists(caFile)) refuse(`SSL_CERT_FILE=${show(caRaw)} names no readable file; point it at a PEM CA bundle or unset it`);
  }

  const oauthClientUids = [...new Set(http && has(args, 'oauth-client-uid')
    ? args.values.get('oauth-client-uid') ?? []
    : splitList(get('FORGE_MCP_OAUTH_CLIENT_UID') ?? ''))];

  const tierSource = http ? flagOrEnv('tier', 'FORGE_MCP_TIER') : (get('FORGE_MCP_TIER') !== undefined ? { raw: get('FORGE_MCP_TIER') as string, what: 'FORGE_MCP_TIER' } : undefined);
  const tier = tierSource === undefined ? undefined : oneOf(tierSource.raw, TIERS, tierSource.what);

  const rateNumber = (flag: string, name: string, def: number, integer: boolean): number => {
    const src = http ? flagOrEnv(flag, name) : (get(name) !== undefined ? { raw: get(name) as string, what: name } : undefined);
    if (src === undefined) return def;
    return need(integer ? parseNonNegativeInt(src.raw) : parseNonNegativeNumber(src.raw), src.what, src.raw);
  };
  const rateLimit = {
    rps: rateNumber('rate-limit-rps', 'FORGE_MCP_RATE_LIMIT_RPS', http ? 10 : 0, false),
    burst: rateNumber('rate-limit-burst', 'FORGE_MCP_RATE_LIMIT_BURST', http ? 40 : 0, true),
  };

  const connSrc = http ? flagOrEnv('max-platform-connections', 'FORGE_MCP_MAX_PLATFORM_CONNECTIONS') : undefined;
  const maxPlatformConnections = connSrc === undefined ? 64 : need(parseNonNegativeInt(connSrc.raw), connSrc.what, connSrc.raw);
  if (maxPlatformConnections < 1) refuse(`${connSrc?.what}=${show(connSrc?.raw ?? '')} is not valid: expected at least 1`);
  const redisSrc = http ? flagOrEnv('redis-url', 'FORGE_MCP_REDIS_URL') : undefined;
  const redisUrl = redisSrc === undefined ? undefined : redisSrc.raw.trim();
  if (redisSrc && redisUrl !== undefined) {
    // The value may carry a password: a refusal names the scheme only.
    let scheme = '';
    try { scheme = new URL(redisUrl).protocol; } catch { /* not a URL */ }
    if (scheme !== 'redis:' && scheme !== 'rediss:') refuse(`${redisSrc.what} is not valid: expected a redis:// or rediss:// URL (redis://[:password@]host[:port][/db])`);
  }

  if (skipTlsVerify) warnings.push('certificate verification toward the platform is off (FORGE_MCP_SKIP_TLS_VERIFY / --skip-tls-verify)');

  // ---- HTTP block (defaults stay in place on stdio) ----
  const h = httpBlock(args, http, skipTlsVerify, input, warnings, lastValue(args, 'sandbox') === 'true');

  // ---- the credential ----
  const rawToken = env.FORGE_TOKEN?.trim() ? env.FORGE_TOKEN.trim() : undefined;
  // npm start: the user's instance when a token is configured, else the sandbox (a first run needs nothing).
  const sandbox = lastValue(args, 'sandbox') === 'true' || (!http && rawToken === undefined && lastValue(args, 'sandbox-without-token') === 'true');
  let token: string | undefined;
  if (http) {
    if (rawToken !== undefined) notices.push('FORGE_TOKEN is not used in HTTP mode: each request carries its own credential');
  } else {
    token = rawToken;
    if (token === undefined && !sandbox) {
      refuse([
        'FORGE_TOKEN is required: the stdio server acts with this token and none was found.',
        `Set FORGE_TOKEN=<token> in the MCP client's env block, or put it in ~/${HOME_ENV_FILE} (or the file named by FORGE_MCP_ENV_FILE, an absolute path).`,
        'Create a personal access token with the api scope (read_api for read-only). To try the server without a token, run it with --sandbox.',
      ].join('\n'));
    }
  }

  const config: Config = {
    transport,
    sandbox,
    token,
    forgeUrl,
    envFile,
    toolSurface,
    metaParamSchema,
    readOnly,
    safeMode,
    excludeTools,
    yolo,
    ignoreScopes,
    skipTlsVerify,
    logLevel,
    actionTimeoutMs,
    rateLimit,
    embeddedResources,
    allowedDirs,
    uploadMaxFileSize,
    allowPrivateInstances,
    clientCompat,
    oauthClientUids,
    tier,
    capabilitySurface,
    caFile,
    maxPlatformConnections,
    ...h,
    redisUrl,
  };
  return { ok: true, config: deepFreeze(config), warnings, notices };
}

function chooseTransport(args: ParsedArgs, stdinIsPipe: boolean | undefined): Transport {
  const flagHttp = lastValue(args, 'http') === 'true';
  const t = lastValue(args, 'transport');
  let chosen: Transport = 'stdio';
  if (t !== undefined) {
    const v = t.trim().toLowerCase();
    if (v === 'http' || v === 'stdio') chosen = v;
    else if (v === 'auto') chosen = stdinIsPipe === false ? 'http' : 'stdio';
    else refuse(`--transport ${show(t)} is not accepted; accepted values: stdio, http, auto`, 2);
    if (flagHttp && v === 'stdio') refuse('--http and --transport stdio contradict each other; pass one of them', 2);
  }
  return flagHttp ? 'http' : chosen;
}

interface EnvRead {
  env: Record<string, string | undefined>;
  envFile: string | undefined;
  fileKeys: Set<string>;
}

function readEnvironment(input: LoadInput, warnings: string[]): EnvRead {
  const named = input.env.FORGE_MCP_ENV_FILE;
  let path: string | undefined;
  let text: string | undefined;
  if (named !== undefined && named.trim() !== '') {
    const p = named.trim();
    if (!isAbsolute(p)) refuse(`FORGE_MCP_ENV_FILE=${show(p)} must be an absolute path (a relative one would depend on the directory the client starts the server in)`);
    text = input.readFile(p);
    if (text === undefined) refuse(`FORGE_MCP_ENV_FILE=${show(p)} names a file that cannot be read; fix the path or unset FORGE_MCP_ENV_FILE`);
    path = p;
  } else {
    const p = join(input.homeDir, HOME_ENV_FILE);
    if (input.fileExists(p)) {
      text = input.readFile(p);
      if (text === undefined) warnings.push(`${p} exists but cannot be read; its settings are not applied`);
      else path = p;
    }
  }
  const env: Record<string, string | undefined> = { ...input.env };
  const fileKeys = new Set<string>();
  if (text !== undefined && path !== undefined) {
    const { values, badLines } = parseDotenv(text);
    if (badLines.length) warnings.push(`${path}: line${badLines.length > 1 ? 's' : ''} ${badLines.join(', ')} ${badLines.length > 1 ? 'are' : 'is'} not KEY=VALUE and ${badLines.length > 1 ? 'were' : 'was'} skipped`);
    for (const [k, v] of Object.entries(values)) {
      fileKeys.add(k);
      if (k === 'FORGE_MCP_ENV_FILE') continue;
      // An empty variable counts as unset, so the file's value applies.
      if (input.env[k] === undefined || input.env[k] === '') env[k] = v;
    }
  }
  return { env, envFile: path, fileKeys };
}

function readAllowedDirs(env: Record<string, string | undefined>, input: LoadInput): string[] {
  const dirs: string[] = [];
  for (const name of Object.keys(env).filter((k) => ALLOWED_DIRS_VAR.test(k)).sort()) {
    const raw = env[name] ?? '';
    for (const part of raw.split(delimiter).flatMap((p) => p.split(','))) {
      const p = part.trim();
      if (p === '') continue;
      const expanded = p === '~' ? input.homeDir : p.startsWith('~/') ? join(input.homeDir, p.slice(2)) : p;
      dirs.push(resolve(input.cwd, expanded));
    }
  }
  return [...new Set(dirs)];
}

type HttpBlock = Pick<Config,
  | 'forgeUrls' | 'allowAnyForgeUrl' | 'httpAddr' | 'httpListen' | 'httpSocketMode' | 'tlsCert' | 'tlsKey' | 'authMode' | 'publicUrl'
  | 'maxHttpClients' | 'sessionTimeoutMs' | 'stateless' | 'httpIdleTimeoutMs' | 'maxRequestBodyBytes' | 'revalidateIntervalMs'
  | 'trustedProxyHeader' | 'trustedProxies' | 'trustedOrigins' | 'authFailureLimit' | 'authFailureWindowMs' | 'authDistinctTokenLimit'
  | 'authDistinctTokenWindowMs' | 'oauthCacheTtlMs' | 'resourceDocumentation'>;

function httpBlock(args: ParsedArgs, http: boolean, skipTlsVerify: boolean, input: LoadInput, warnings: string[], sandbox = false): HttpBlock {
  // On stdio no HTTP flag is read: every value is its default.
  const flag = (name: string): string | undefined => (http ? lastValue(args, name) : undefined);
  const list = (name: string): string[] => (http ? args.values.get(name) ?? [] : []);
  const duration = (name: string, def: number): number => {
    const v = flag(name);
    return v === undefined ? def : need(parseDuration(v), `--${name}`, v);
  };
  const count = (name: string, def: number, min: number): number => {
    const v = flag(name);
    if (v === undefined) return def;
    const n = need(parseNonNegativeInt(v), `--${name}`, v);
    if (n < min) refuse(`--${name}=${show(v)} is not valid: expected at least ${min}`);
    return n;
  };
  const positive = (name: string, def: number): number => {
    const ms = duration(name, def);
    if (ms <= 0) refuse(`--${name}=${show(flag(name) ?? '')} is not valid: the window must be longer than zero`);
    return ms;
  };

  const httpAddr = flag('http-addr') ?? ':8080';
  const httpListen: HttpListen = need(parseHttpAddr(httpAddr), '--http-addr', httpAddr);
  const modeRaw = flag('http-socket-mode');
  const httpSocketMode = modeRaw === undefined ? 0o660 : need(parseFileMode(modeRaw), '--http-socket-mode', modeRaw);

  const tlsCert = flag('tls-cert');
  const tlsKey = flag('tls-key');
  if ((tlsCert === undefined) !== (tlsKey === undefined)) {
    refuse(`--tls-cert and --tls-key go together: ${tlsCert === undefined ? '--tls-key was given without --tls-cert' : '--tls-cert was given without --tls-key'}; pass both or neither`);
  }
  for (const [name, path] of [['--tls-cert', tlsCert], ['--tls-key', tlsKey]] as const) {
    if (path !== undefined && !input.fileExists(resolve(input.cwd, path))) refuse(`${name}=${show(path)} names no readable file`);
  }

  const authRaw = flag('auth-mode');
  const authMode = authRaw === undefined ? 'legacy' : oneOf(authRaw, AUTH_MODES, '--auth-mode');

  const publicRaw = flag('public-url');
  const publicUrl = publicRaw === undefined ? undefined : needUrl(parseServiceUrl(publicRaw), '--public-url', publicRaw);
  const docRaw = flag('resource-documentation');
  const resourceDocumentation = docRaw === undefined ? undefined : needUrl(parseServiceUrl(docRaw), '--resource-documentation', docRaw);

  const forgeUrls: string[] = [];
  for (const raw of list('forge-url')) {
    const c = canonicalForgeUrl(raw);
    if (!c.ok) refuse(`--forge-url ${showUrl(raw)} is not a valid instance address: ${c.error} (for example https://gitlab.example.com)`);
    else if (!forgeUrls.includes(c.value)) forgeUrls.push(c.value);
  }
  const allowAnyForgeUrl = http && lastValue(args, 'allow-any-forge-url') === 'true';

  if (http && sandbox) {
    // The embedded sandbox becomes the one published instance (its address is known once it listens).
    if (forgeUrls.length || allowAnyForgeUrl) refuse('--sandbox serves the embedded simulated instance; it excludes --forge-url and --allow-any-forge-url');
    if (authMode === 'oauth') refuse('--sandbox is not served with --auth-mode=oauth (the sandbox has no OAuth applications); use the default token mode');
  }
  if (http && !sandbox) {
    if (forgeUrls.length === 0 && !allowAnyForgeUrl) {
      refuse('no instance is published, so the server refuses to start: pass --forge-url <instance> (repeatable or comma-separated), or --allow-any-forge-url with --http-addr on loopback or a unix socket to let the FORGE-URL header name the instance');
    }
    if (allowAnyForgeUrl) {
      if (forgeUrls.length) refuse('--allow-any-forge-url and --forge-url exclude each other: publish instances with --forge-url, or let the FORGE-URL header name any instance with --allow-any-forge-url alone');
      if (authMode === 'oauth') refuse('--allow-any-forge-url is never accepted with --auth-mode=oauth; publish the instances with --forge-url');
      if (httpListen.kind === 'tcp' && !httpListen.loopback) {
        refuse(`--allow-any-forge-url is accepted only when --http-addr binds loopback or a unix socket (it binds ${show(httpAddr)}); bind 127.0.0.1:<port>, [::1]:<port> or a socket path, or publish the instances with --forge-url`);
      }
    }
    if (authMode === 'oauth') {
      for (const u of forgeUrls) {
        const host = new URL(u).hostname;
        if (!u.startsWith('https://') && !isLoopbackHost(host)) refuse(`--auth-mode=oauth refuses the non-https instance ${u}: OAuth tokens travel only over https (loopback aside)`);
        if (skipTlsVerify && !isLoopbackHost(host)) refuse(`--auth-mode=oauth refuses --skip-tls-verify (FORGE_MCP_SKIP_TLS_VERIFY) for the non-loopback instance ${u}; use SSL_CERT_FILE to trust its certificate instead`);
      }
    }
  }

  const trustedProxyHeader = flag('trusted-proxy-header');
  const trustedProxies: string[] = [];
  for (const raw of list('trusted-proxies')) {
    const p = parseAddressOrCidr(raw);
    if (!p.ok) refuse(`--trusted-proxies entry ${show(raw)} is not valid: ${p.error}`);
    else if (!trustedProxies.includes(p.value)) trustedProxies.push(p.value);
  }
  if ((trustedProxyHeader !== undefined) !== (trustedProxies.length > 0)) {
    refuse(`--trusted-proxy-header and --trusted-proxies go together: ${trustedProxyHeader === undefined ? '--trusted-proxies was given without --trusted-proxy-header' : '--trusted-proxy-header was given without --trusted-proxies'}; set both or neither`);
  }
  if (trustedProxyHeader !== undefined && !isHeaderName(trustedProxyHeader.trim())) {
    refuse(`--trusted-proxy-header=${show(trustedProxyHeader)} is not a valid header name`);
  }

  const trustedOrigins: string[] = [];
  for (const raw of list('trusted-origins')) {
    const o = parseTrustedOrigin(raw);
    if (!o.ok) refuse(`--trusted-origins entry ${show(raw)} is malformed: ${o.error}`);
    else if (!trustedOrigins.includes(o.value)) trustedOrigins.push(o.value);
  }
  if (trustedOrigins.includes('*')) warnings.push('--trusted-origins includes *: every origin is trusted and the cross-origin protection is off');
  if (publicUrl !== undefined && !trustedOrigins.includes(originOf(publicUrl))) trustedOrigins.push(originOf(publicUrl));

  const oauthCacheTtlMs = duration('oauth-cache-ttl', 15 * MINUTE);
  if (oauthCacheTtlMs < OAUTH_TTL_MIN || oauthCacheTtlMs > OAUTH_TTL_MAX) {
    refuse(`--oauth-cache-ttl=${show(flag('oauth-cache-ttl') ?? '')} is out of range: the identity cache TTL must be between 1m and 2h`);
  }

  const bodyRaw = flag('max-request-body-bytes');
  const maxRequestBodyBytes = bodyRaw === undefined ? 4 * MIB : need(parseSize(bodyRaw), '--max-request-body-bytes', bodyRaw);
  if (maxRequestBodyBytes <= 0) refuse(`--max-request-body-bytes=${show(bodyRaw ?? '')} is not valid: expected at least one byte`);

  return {
    forgeUrls,
    allowAnyForgeUrl,
    httpAddr,
    httpListen,
    httpSocketMode,
    tlsCert: tlsCert === undefined ? undefined : resolve(input.cwd, tlsCert),
    tlsKey: tlsKey === undefined ? undefined : resolve(input.cwd, tlsKey),
    authMode,
    publicUrl,
    maxHttpClients: count('max-http-clients', 100, 1),
    sessionTimeoutMs: duration('session-timeout', 30 * MINUTE),
    stateless: http ? lastValue(args, 'stateless') !== 'false' : true,
    httpIdleTimeoutMs: duration('http-idle-timeout', 0),
    maxRequestBodyBytes,
    revalidateIntervalMs: duration('revalidate-interval', 15 * MINUTE),
    trustedProxyHeader: trustedProxyHeader?.trim(),
    trustedProxies,
    trustedOrigins,
    // 0 turns the budget off (SPEC "Address blocking").
    authFailureLimit: count('auth-failure-limit', 10, 0),
    authFailureWindowMs: positive('auth-failure-window', MINUTE),
    authDistinctTokenLimit: count('auth-distinct-token-limit', 50, 0),
    authDistinctTokenWindowMs: positive('auth-distinct-token-window', 10 * MINUTE),
    oauthCacheTtlMs,
    resourceDocumentation,
  };
}
