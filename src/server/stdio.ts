// stdio: one process, one person, one token. JSON-RPC on stdout only; logs on stderr; the process
// ends when the client closes stdin.
import { isIP } from 'node:net';
import type { Transport } from '@modelcontextprotocol/server';
import type { Config } from '../config/index.js';
import { createForgeClient } from '../forge/client.js';
import { defaultResolver, type Resolver } from '../forge/outbound.js';
import type { Logger } from '../observe/log.js';
import { credentialHandle } from '../observe/log.js';
import { flushTelemetry } from '../observe/telemetry.js';
import { detectScopes, newSession, startSessionReads, type Session } from '../session/session.js';
import { sandboxGuide, terminalStarting, terminalStatus } from './guide.js';
import type { StdioConnection } from './stdio-serve.js';
import { startOpening } from './opening.js';
import { stdioWire } from './wire.js';
import { collectWhenIdle, IDLE_COLLECTION, type IdleCollection } from './idle-memory.js';
import { localRoots } from '../pipeline/localpath.js';

const REASK_MS = 15 * 60 * 1000;
/** The log line (INFO) said once the start-up reads are done or their bound has passed. */
const STARTUP_READS_SETTLED = 'start-up reads settled';

export async function startStdio(config: Config, log: Logger): Promise<void> {
  let effective = config;
  let closeSandbox: (() => Promise<void>) | undefined;
  if (config.sandbox) {
    // A newcomer's first run: an embedded simulated instance and its demo token, nothing else needed.
    const { startSandbox, SANDBOX_TOKEN } = await import('../sandbox/index.js');
    const sandbox = await startSandbox();
    closeSandbox = () => sandbox.close();
    effective = Object.freeze({ ...config, token: SANDBOX_TOKEN, forgeUrl: sandbox.url });
    log.info({ instance: sandbox.url }, 'sandbox instance started (simulated GitLab on loopback, demo token)');
    if (process.stdin.isTTY) process.stderr.write(sandboxGuide());
  }
  // A person ran it in a terminal: say what is happening, so it does not look hung.
  const human = process.stdin.isTTY === true;
  if (effective.token && human && !config.sandbox) process.stderr.write(terminalStarting(effective.forgeUrl));
  const core = createStdioCore(effective, log, { cwd: process.cwd(), env: process.env, idle: IDLE_COLLECTION });
  void core.ready.then(() => { if (human) process.stderr.write(terminalStatus(effective.forgeUrl, core.session.user)); });
  const connection = await core.serve();
  let stopping = false;
  const shutdown = async (waitForAnswers: boolean) => {
    if (stopping) return;
    stopping = true;
    // stdin closed: answer what was already asked (bounded), then end.
    if (waitForAnswers) await connection.drained(30_000);
    await connection.close();
    await core.close();
    await closeSandbox?.();
    await flushTelemetry();
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown(true));
  process.stdin.on('close', () => void shutdown(true));
  process.on('SIGINT', () => void shutdown(false));
  process.on('SIGTERM', () => void shutdown(false));
}

export interface StdioCore {
  session: Session;
  /** Settles once the start-up reads are done (or timed out). */
  ready: Promise<void>;
  /** Serves one connection: on the process's stdio, or on `wire` (an in-memory transport in tests). */
  serve(wire?: Transport): Promise<StdioConnection>;
  /** Stops revalidation and closes the platform client. */
  close(): Promise<void>;
}

/**
 * The single-user server without the process around it (no stdin, signals or exit): the platform
 * client, the session and its start-up reads, and a connection factory. `env` carries only the
 * TEST-ONLY variables below; `cwd` anchors local file paths; `idle`, when given, gives memory back
 * once the connection goes quiet (src/server/idle-memory.ts).
 */
export function createStdioCore(effective: Config, log: Logger, deps: { cwd: string; env: Record<string, string | undefined>; idle?: IdleCollection }): StdioCore {
  const token = effective.token;
  if (!token) throw new Error('FORGE_TOKEN is required');
  // Which directories local file paths (uploads, downloads) may name, said once at start.
  const local = localRoots(deps.cwd, effective.allowedDirs);
  if (local.cwdRefused) log.warn({ cwd: deps.cwd }, `the working directory is not an allowed directory for local file paths: ${local.cwdRefused}; set FORGE_MCP_ALLOWED_UPLOAD_DIRS or FORGE_MCP_ALLOWED_DOWNLOAD_DIRS to name one`);
  if (local.tmpRefused) log.warn(`the temporary directory (TMPDIR) is not an allowed directory for local file paths: ${local.tmpRefused}`);
  log.info({ roots: local.roots }, 'local file paths allowed under these directories');

  const client = createForgeClient({
    baseUrl: effective.forgeUrl,
    token,
    operatorNamed: true,
    allowPrivate: effective.allowPrivateInstances,
    skipTlsVerify: effective.skipTlsVerify,
    caFile: effective.caFile,
    userAgent: `forge-mcp-server`,
    lookup: testHostsResolver(deps.env.FORGE_MCP_TEST_HOSTS),
    // TEST-ONLY: a short wait for headers, so the "timed out" answer can be tested end to end.
    headersTimeoutMs: Number(deps.env.FORGE_MCP_TEST_HEADERS_TIMEOUT_MS) || undefined,
  });
  const session: Session = newSession(effective, client, log.child({ credential_hash: credentialHandle(token) }));
  // The start-up reads run while the client connects; catalog methods wait for them (bounded), so a
  // read-only token never sees writes listed and the start never waits on the network. The dynamic
  // surface's first listing waits for the scope read alone (src/server/listing.ts).
  const ready = startSessionReads(session, 5_000, [identify(session)]).then(() => {
    // Said once: without Metadata: Read the release is unknown, so the grant cannot be evaluated.
    if (session.auth.kind === 'fine_grained' && session.versionProblem === 'refused') {
      log.warn({ permission: 'Metadata: Read' }, 'the fine-grained token lacks Metadata: Read: the instance release cannot be read, so the grant is not evaluated (only what no fine-grained token reaches is withheld)');
    }
    // What the session learned (or, after the 5 s bound, what it knows so far); test/helpers/harness.ts waits for this line.
    log.info({ token_kind: session.auth.kind, tier: session.tier, release: session.version ?? null }, STARTUP_READS_SETTLED);
  });
  // Revalidation every 15 minutes: the token kind when it is still unknown, and a fine-grained grant
  // (a new release or a readable grant changes what the session is listed).
  const timer = setInterval(() => { if (!session.auth.detected || session.auth.kind === 'fine_grained') void detectScopes(session); }, REASK_MS);
  timer.unref();

  // The opening is answered without the SDK (src/server/opening.ts); the SDK loads after it, or when a
  // message needs it. zod's setting goes first, in a chunk evaluated before the SDK's (a static import would run after it).
  const loadServer = async (transport: Transport) => {
    await import('./zod-jitless.js');
    return (await import('./stdio-serve.js')).serveSession(session, log, transport);
  };
  const serve = async (wire: Transport = stdioWire()): Promise<StdioConnection> => {
    if (!deps.idle) return startOpening(session, wire, log, loadServer);
    const idle = collectWhenIdle(wire, deps.idle);
    const connection = await startOpening(session, idle.transport, log, loadServer);
    // A request that arrived during a collection is handed on when it ends: the drain waits for that first.
    return { ...connection, drained: async (maxMs) => { await idle.settled(); await connection.drained(maxMs); } };
  };
  const close = async () => {
    clearInterval(timer);
    await client.close().catch(() => undefined);
  };
  return { session, ready, serve, close };
}

/**
 * TEST-ONLY: `FORGE_MCP_TEST_HOSTS="name=ip,name2=ip2"` answers those names with the given addresses
 * and leaves every other name to the system resolver, so end-to-end tests can give loopback servers
 * names (an operator-named private instance, a redirect to a name resolving to a metadata address).
 * It is safe to leave in: the outbound checks judge the resolved address, not the name, so a name
 * mapped to a private or metadata address is refused exactly as if DNS had answered it. Unset (the
 * normal case) or without a single valid pair, the client keeps its default resolver.
 */
function testHostsResolver(spec: string | undefined): Resolver | undefined {
  if (!spec) return undefined;
  const hosts = new Map<string, string>();
  for (const pair of spec.split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim().toLowerCase();
    const ip = pair.slice(eq + 1).trim();
    if (name && isIP(ip)) hosts.set(name, ip);
  }
  if (hosts.size === 0) return undefined;
  return (hostname) => {
    const ip = hosts.get(hostname.toLowerCase());
    return ip ? Promise.resolve([{ address: ip, family: isIP(ip) === 6 ? 6 : 4 }]) : defaultResolver(hostname);
  };
}

async function identify(s: Session): Promise<void> {
  try {
    const res = await s.client.send({ method: 'GET', path: '/user', signal: AbortSignal.timeout(15_000) });
    const u = res.body as { id?: unknown; username?: unknown } | null;
    if (res.status === 200 && u && typeof u.id === 'number' && typeof u.username === 'string') s.user = { id: u.id, username: u.username };
  } catch {
    // Starting without knowing the user is allowed; tool calls report the instance state.
  }
}
