// argv + environment + env file → a frozen Config, or a start-up refusal with its message.
// Pure: everything it reads is injected (no process.env, no process.exit, no direct file access).
// Each setting is read the way its row of the settings table (settings.ts) says; what spans several
// settings (transport, refusals on stdio, pairs of flags, the published instances, the credential) is
// a rule below. SPEC "Configuration".
import { join, resolve } from 'node:path';
import { HOME_ENV_FILE, readAllowedDirs, readEnvironment } from './environment.js';
import { has, lastValue, parseArgv, type ParsedArgs } from './flags.js';
import { HELP_TEXT, VERSION } from './help.js';
import { Refusal, refuse, show, showUrl, type ReadContext } from './readers.js';
import { FLAGS, SETTINGS, type Setting } from './settings.js';
import type { Config, HttpListen, LoadInput, LoadResult, Transport } from './types.js';
import { canonicalForgeUrl, isHeaderName, isLoopbackHost, isYoloTruthy, originOf, parseHttpAddr, splitList } from './values.js';

const DEFAULT_FORGE_URL = 'https://gitlab.com';
/** Where `--http --sandbox` listens when --http-addr is not given (loopback: its printed lines work verbatim). */
const SANDBOX_HTTP_ADDR = '127.0.0.1:8080';

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

type Env = Record<string, string | undefined>;

/** A variable's value; empty or blank counts as unset. */
function get(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
}

/**
 * The one reading rule of the table: in HTTP mode only for an HTTP setting; the flag when it is read
 * on this transport and given, else the variable, else the default.
 */
function readSetting(s: Setting, args: ParsedArgs, env: Env, ctx: ReadContext): unknown {
  const reader = s.read;
  if (!reader) throw new Error(`setting ${s.key ?? s.flag?.name} has no reader`);
  const def = typeof reader.def === 'function' ? (reader.def as (http: boolean) => unknown)(ctx.http) : reader.def;
  if (s.mode === 'http' && !ctx.http) return def;
  const f = s.flag;
  const flagRead = f !== undefined && (f.scope === 'any' || ctx.http);
  if (reader.kind === 'list') {
    if (flagRead && has(args, f.name)) return reader.parse(args.values.get(f.name) ?? [], `--${f.name}`, ctx);
    const v = s.env ? get(env, s.env.name) : undefined;
    return v === undefined || !s.env ? def : reader.parse(splitList(v), s.env.name, ctx);
  }
  const fv = flagRead ? lastValue(args, f.name) : undefined;
  if (fv !== undefined) return reader.parse(fv, `--${f?.name}`, ctx);
  const v = s.env ? get(env, s.env.name) : undefined;
  return v === undefined || !s.env ? def : reader.parse(v, s.env.name, ctx);
}

type TableValues = Omit<Config, 'httpListen'>;

/**
 * The settings the table reads, each read once on first use. `settable` reads every setting a
 * variable can set, then the rules read what they need, then `all` the rest, in table order: the
 * first wrong value or broken rule met is the refusal, so this order is the order of the refusals.
 */
function tableReader(args: ParsedArgs, env: Env, ctx: ReadContext) {
  const rows = SETTINGS.filter((s) => s.key && s.read);
  const values = new Map<string, unknown>();
  const value = (s: Setting): unknown => {
    if (!values.has(s.key as string)) values.set(s.key as string, readSetting(s, args, env, ctx));
    return values.get(s.key as string);
  };
  return {
    settable(): void {
      for (const s of rows) if (s.env) value(s);
    },
    get<K extends keyof TableValues>(key: K): TableValues[K] {
      return value(rows.find((s) => s.key === key) as Setting) as TableValues[K];
    },
    all(): TableValues {
      const out: Record<string, unknown> = {};
      for (const s of rows) {
        const [top, sub] = (s.key as string).split('.');
        if (sub === undefined) out[top] = value(s);
        else out[top] = { ...(out[top] as object | undefined), [sub]: value(s) };
      }
      return out as unknown as TableValues;
    },
  };
}
type Table = ReturnType<typeof tableReader>;

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
  if (!http) stdioRefusalsAndNotices(args, env, notices);

  // ---- instance ----
  const rawForgeUrl = env.FORGE_URL?.trim() ? env.FORGE_URL.trim() : undefined;
  let forgeUrl = DEFAULT_FORGE_URL;
  if (rawForgeUrl !== undefined) {
    const c = canonicalForgeUrl(rawForgeUrl);
    if (!c.ok) refuse(`FORGE_URL=${showUrl(rawForgeUrl)} is not a valid instance address: ${c.error} (for example https://gitlab.example.com)`);
    else forgeUrl = c.value;
  }
  if (!http && has(args, 'forge-url')) {
    const flagForgeUrls = args.values.get('forge-url') ?? [];
    for (const raw of flagForgeUrls.length ? flagForgeUrls : ['']) {
      const c = canonicalForgeUrl(raw);
      if (!c.ok || c.value !== forgeUrl) {
        refuse(`--forge-url ${showUrl(raw)} names an instance this stdio server does not connect to (it connects to ${forgeUrl}, from FORGE_URL or the default); only HTTP mode reads --forge-url: set FORGE_URL in the MCP client's env block instead`);
      }
    }
  }

  // ---- the settings a variable can set ----
  const table = tableReader(args, env, { http, cwd: input.cwd, fileExists: input.fileExists });
  table.settable();

  // ---- settings with a rule of their own ----
  // Exclusions add up: the variable's and (HTTP) the flag's.
  const excludeTools = [...new Set([
    ...splitList(get(env, 'FORGE_MCP_EXCLUDE_TOOLS') ?? ''),
    ...(http ? args.values.get('exclude-tools') ?? [] : []),
  ])];
  // Set even to empty, FORGE_MCP_YOLO_MODE decides; AUTOPILOT only when it is unset.
  const yoloRaw = env.FORGE_MCP_YOLO_MODE;
  const yolo = yoloRaw !== undefined ? isYoloTruthy(yoloRaw) : isYoloTruthy(env.AUTOPILOT);
  const allowedDirs = readAllowedDirs(env, input);
  if (table.get('skipTlsVerify')) warnings.push('certificate verification toward the platform is off (FORGE_MCP_SKIP_TLS_VERIFY / --skip-tls-verify)');

  const sandboxFlag = lastValue(args, 'sandbox') === 'true';
  // `--http --sandbox` prints demo tokens and addresses to paste: it listens on loopback, where those
  // lines work as printed, unless --http-addr says otherwise (the container binds :8080 explicitly).
  const httpAddr = http && sandboxFlag && !has(args, 'http-addr') ? SANDBOX_HTTP_ADDR : table.get('httpAddr');
  const httpListen: HttpListen = (parseHttpAddr(httpAddr) as { ok: true; value: HttpListen }).value;
  if (http) httpRules(args, table, httpListen, sandboxFlag, input);
  const t = table.all();
  const trustedOrigins = [...t.trustedOrigins];
  if (trustedOrigins.includes('*')) warnings.push('--trusted-origins includes *: every origin is trusted and the cross-origin protection is off');
  if (t.publicUrl !== undefined && !trustedOrigins.includes(originOf(t.publicUrl))) trustedOrigins.push(originOf(t.publicUrl));

  // ---- the credential ----
  const rawToken = env.FORGE_TOKEN?.trim() ? env.FORGE_TOKEN.trim() : undefined;
  // npm start: the user's instance when a token is configured, else the sandbox (a first run needs nothing).
  const sandbox = sandboxFlag || (!http && rawToken === undefined && lastValue(args, 'sandbox-without-token') === 'true');
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
    ...t,
    httpAddr,
    transport,
    sandbox,
    token,
    forgeUrl,
    envFile,
    excludeTools,
    yolo,
    allowedDirs,
    httpListen,
    trustedOrigins,
  };
  return { ok: true, config: deepFreeze(config), warnings, notices };
}

/** On stdio: HTTP-only flags that would silently not apply are refused; the others are ignored with a notice. */
function stdioRefusalsAndNotices(args: ParsedArgs, env: Env, notices: string[]): void {
  for (const f of FLAGS) {
    if (f.scope !== 'http-refused' || !f.env || !has(args, f.name)) continue;
    const variable = `${f.env}=${f.kind === 'bool' ? 'true' : `<${f.arg}>`}`;
    refuse(`--${f.name} is read in HTTP mode only, so over stdio it would not apply; set ${variable} in the MCP client's env block instead and remove --${f.name} from its arguments`);
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

/** HTTP mode: the flags that go in pairs or exclude each other, and what an instance needs (SPEC "Configuration", "OAuth mode"). */
function httpRules(args: ParsedArgs, t: Table, httpListen: HttpListen, sandbox: boolean, input: LoadInput): void {
  // Read before the pairs and the instance rules, as they always were: the same first refusal.
  t.get('httpSocketMode');
  const tlsCert = lastValue(args, 'tls-cert');
  const tlsKey = lastValue(args, 'tls-key');
  if ((tlsCert === undefined) !== (tlsKey === undefined)) {
    refuse(`--tls-cert and --tls-key go together: ${tlsCert === undefined ? '--tls-key was given without --tls-cert' : '--tls-cert was given without --tls-key'}; pass both or neither`);
  }
  for (const [name, path] of [['--tls-cert', tlsCert], ['--tls-key', tlsKey]] as const) {
    if (path !== undefined && !input.fileExists(resolve(input.cwd, path))) refuse(`${name}=${show(path)} names no readable file`);
  }

  const authMode = t.get('authMode');
  t.get('publicUrl');
  t.get('resourceDocumentation');
  const forgeUrls = t.get('forgeUrls');
  const allowAnyForgeUrl = t.get('allowAnyForgeUrl');
  if (sandbox) {
    // The embedded sandbox becomes the one published instance (its address is known once it listens).
    if (forgeUrls.length || allowAnyForgeUrl) refuse('--sandbox serves the embedded simulated instance; it excludes --forge-url and --allow-any-forge-url');
    if (authMode === 'oauth') refuse('--sandbox is not served with --auth-mode=oauth (the sandbox has no OAuth applications); use the default token mode');
  } else {
    if (forgeUrls.length === 0 && !allowAnyForgeUrl) {
      refuse('no instance is published, so the server refuses to start: pass --forge-url <instance> (repeatable or comma-separated), or --allow-any-forge-url with --http-addr on loopback or a unix socket to let the FORGE-URL header name the instance');
    }
    if (allowAnyForgeUrl) {
      if (forgeUrls.length) refuse('--allow-any-forge-url and --forge-url exclude each other: publish instances with --forge-url, or let the FORGE-URL header name any instance with --allow-any-forge-url alone');
      if (authMode === 'oauth') refuse('--allow-any-forge-url is never accepted with --auth-mode=oauth; publish the instances with --forge-url');
      if (httpListen.kind === 'tcp' && !httpListen.loopback) {
        refuse(`--allow-any-forge-url is accepted only when --http-addr binds loopback or a unix socket (it binds ${show(t.get('httpAddr'))}); bind 127.0.0.1:<port>, [::1]:<port> or a socket path, or publish the instances with --forge-url`);
      }
    }
    if (authMode === 'oauth') {
      for (const u of forgeUrls) {
        const host = new URL(u).hostname;
        if (!u.startsWith('https://') && !isLoopbackHost(host)) refuse(`--auth-mode=oauth refuses the non-https instance ${u}: OAuth tokens travel only over https (loopback aside)`);
        if (t.get('skipTlsVerify') && !isLoopbackHost(host)) refuse(`--auth-mode=oauth refuses --skip-tls-verify (FORGE_MCP_SKIP_TLS_VERIFY) for the non-loopback instance ${u}; use SSL_CERT_FILE to trust its certificate instead`);
      }
    }
  }

  const header = lastValue(args, 'trusted-proxy-header');
  if ((header !== undefined) !== (t.get('trustedProxies').length > 0)) {
    refuse(`--trusted-proxy-header and --trusted-proxies go together: ${header === undefined ? '--trusted-proxies was given without --trusted-proxy-header' : '--trusted-proxy-header was given without --trusted-proxies'}; set both or neither`);
  }
  if (header !== undefined && !isHeaderName(header.trim())) refuse(`--trusted-proxy-header=${show(header)} is not a valid header name`);
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
