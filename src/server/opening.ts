// The opening of a stdio connection, answered before the MCP SDK has loaded (issue #31): the SDK and
// zod take about three bare node starts to load and to answer their first messages, and a client waits
// for `initialize` and the first `tools/list` before anything else. Both answers are plain JSON this
// module writes itself, exactly as the SDK's server would (src/server/about.ts and listing.ts hold what both read):
// - `initialize` (the 2025-era handshake, no 2026-07-28 envelope): the requested version when the SDK
//   supports it, else its latest; the capabilities, server info and instructions of the session.
// - the first `tools/list` after it, once the start-up reads are done (a read-only token never sees
//   writes listed), unless the listing would be refused (scopes, rate): the SDK's server answers that.
// Anything else (and the modern era, which opens with `server/discover` or an enveloped request) is
// queued. The SDK's server then gets the connection: the answered `initialize` is replayed into it and
// its answer compared with the one sent (a difference is logged once) and not sent again, then the
// queue is delivered in order and later messages pass straight through.
import type { Transport } from '@modelcontextprotocol/server';
import type { Logger } from '../observe/log.js';
import type { Session } from '../session/session.js';
import { declaresApps } from '../apps/declares.js';
import { instructionsFor, serverCapabilities, SERVER_INFO } from './about.js';
import type { StdioConnection } from './stdio-serve.js';
import { warmCallPath } from './warm.js';

type Message = Parameters<Transport['send']>[0];
type Id = string | number;
interface Inbound { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown }

/**
 * The versions the SDK's `initialize` negotiates, latest first (its SUPPORTED_PROTOCOL_VERSIONS without
 * the 2026-07-28 era, which has no `initialize`). test/opening.test.ts checks it against the SDK's list.
 */
export const INITIALIZE_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
/** The `_meta` key of a 2026-07-28 request envelope: a message carrying it is not a 2025-era opening. */
const ENVELOPE_CLAIM = 'io.modelcontextprotocol/protocolVersion';
/** How long the replayed `initialize` may take to be answered by the SDK before the queue goes on. */
const REPLAY_WAIT_MS = 5_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const validId = (v: unknown): v is Id => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const keyOf = (id: Id) => `${typeof id}:${id}`;
const claimsEnvelope = (params: unknown) => isObject(params) && isObject(params._meta) && ENVELOPE_CLAIM in params._meta;

/** A 2025-era `initialize` whose parameters the SDK accepts as they are. */
function isOpeningInitialize(m: Inbound): m is Inbound & { id: Id; params: { protocolVersion: string; capabilities: Record<string, unknown> } } {
  if (m.method !== 'initialize' || !validId(m.id) || !isObject(m.params) || claimsEnvelope(m.params)) return false;
  const { protocolVersion, capabilities, clientInfo } = m.params;
  return typeof protocolVersion === 'string' && isObject(capabilities) && isObject(clientInfo)
    && typeof clientInfo.name === 'string' && typeof clientInfo.version === 'string';
}

/** A `tools/list` request the SDK would hand to the listing unchanged: no cursor, no envelope, a plain progress token at most. */
function isPlainListing(m: Inbound): m is Inbound & { id: Id } {
  if (m.method !== 'tools/list' || !validId(m.id)) return false;
  if (m.params === undefined) return true;
  if (!isObject(m.params) || Object.keys(m.params).some((k) => k !== '_meta')) return false;
  const meta = m.params._meta;
  if (meta === undefined) return true;
  return isObject(meta) && !(ENVELOPE_CLAIM in meta) && (meta.progressToken === undefined || validId(meta.progressToken));
}

/**
 * The first listing's code (the tool surfaces, the meter): not needed for `initialize`, so it loads
 * once that is answered, while the client's next message and the start-up reads are on their way.
 */
let listingCode: Promise<[typeof import('./listing.js'), typeof import('../pipeline/meter.js')]> | undefined;
const loadListing = () => listingCode ??= Promise.all([import('./listing.js'), import('../pipeline/meter.js')]);

/** What the SDK answers to `initialize`, for this session and the requested version. */
function initializeAnswer(s: Session, id: Id, requested: string): object {
  const protocolVersion = INITIALIZE_VERSIONS.includes(requested) ? requested : INITIALIZE_VERSIONS[0];
  const result = { protocolVersion, capabilities: serverCapabilities(s), serverInfo: SERVER_INFO, instructions: instructionsFor(s) };
  return { result, jsonrpc: '2.0', id };
}

interface Entry {
  message: Message;
  /** A tools/list taken by the opening: resolves true once answered here, false when the SDK must answer it. */
  answered?: Promise<boolean>;
}

/**
 * Serves one stdio connection on `wire`: the opening here, then the SDK's server, which `loadServer`
 * loads and connects to the transport it is given (called once, when a message needs it or after the
 * first listing).
 */
function serveOpening(s: Session, wire: Transport, log: Logger, loadServer: (transport: Transport) => Promise<StdioConnection>): StdioConnection {
  const queue: Entry[] = [];
  /** The initialize answered here: its answer as sent, for the comparison with the SDK's. */
  let initialize: { id: Id; sent: string } | undefined;
  let listingTaken = false;
  /** Requests taken here and not yet answered or queued for the SDK. */
  let pending = 0;
  let apps = false;
  let served: Promise<StdioConnection | undefined> | undefined;
  let warned = false;
  const replays = new Map<string, { sent: string; done: () => void }>();

  // The transport the SDK's server is given: the wire, minus the answers to replayed requests.
  const sdkSide: Transport = {
    start: async () => undefined,
    send: async (message, options) => {
      const out = message as Inbound;
      const replay = out.method === undefined && validId(out.id) ? replays.get(keyOf(out.id)) : undefined;
      if (!replay) return wire.send(message, options);
      replays.delete(keyOf(out.id as Id));
      if (`${JSON.stringify(message)}\n` !== replay.sent && !warned) {
        warned = true;
        log.warn({ sent: replay.sent.slice(0, 500), sdk: JSON.stringify(message).slice(0, 500) }, 'the initialize answer sent before the MCP SDK loaded differs from the SDK\'s own (please report this)');
      }
      replay.done();
    },
    close: () => wire.close(),
  };
  wire.onclose = () => sdkSide.onclose?.();
  wire.onerror = (e) => sdkSide.onerror?.(e);

  const deliver = (m: Message) => sdkSide.onmessage?.(m);
  const replay = (m: Message, sent: string, id: Id) => new Promise<void>((done) => {
    const timer = setTimeout(done, REPLAY_WAIT_MS);
    replays.set(keyOf(id), { sent, done: () => { clearTimeout(timer); done(); } });
    deliver(m);
  });

  const handOver = (): Promise<StdioConnection | undefined> => served ??= (async () => {
    const connection = await loadServer(sdkSide);
    // Messages arriving meanwhile join the queue; once it is empty, the wire feeds the SDK directly.
    while (queue.length > 0) {
      const entry = queue.shift()!;
      if (entry.answered && await entry.answered) continue;
      const m = entry.message as Inbound;
      if (initialize && m.method === 'initialize' && m.id === initialize.id) await replay(entry.message, initialize.sent, initialize.id);
      else deliver(entry.message);
    }
    wire.onmessage = deliver;
    return connection;
  })().catch((e: unknown) => {
    log.error({ error: (e as Error).message }, 'the MCP server could not be loaded');
    return undefined;
  });

  const refused = () => {
    void handOver();
    return false;
  };
  const listEarly = async (id: Id): Promise<boolean> => {
    try {
      const [{ listedTools, sessionGate }, { meter, meterProcessListing }] = await loadListing();
      // As the SDK's handler (src/server/mcp.ts): the gate, the meter, the tools. A refusal is the SDK's to answer.
      if (!(await sessionGate(s, true)) || (await meter(s, 'tools/list')) !== undefined) return refused();
      const tools = listedTools(s, apps);
      if (meterProcessListing(s, tools.length) !== undefined) return refused();
      await wire.send({ result: { tools }, jsonrpc: '2.0', id } as unknown as Message);
      // The SDK loads once the list is out, then what the first call needs, while the model reads the list.
      setImmediate(() => void handOver().then((c) => c && warmCallPath()));
      return true;
    } catch {
      return refused();
    } finally {
      pending--;
    }
  };

  const opening = (message: Message) => {
    const m = message as Inbound;
    const only = (...methods: string[]) => queue.every((e) => methods.includes((e.message as Inbound).method as string));
    if (served === undefined && !initialize && queue.length === 0 && isOpeningInitialize(m)) {
      const answer = initializeAnswer(s, m.id, m.params.protocolVersion);
      initialize = { id: m.id, sent: `${JSON.stringify(answer)}\n` };
      apps = declaresApps(m.params.capabilities);
      queue.push({ message });
      void wire.send(answer as Message).catch(() => undefined);
      // A failed load is met again by the listing, which then leaves it to the SDK's server.
      loadListing().catch(() => undefined);
      return;
    }
    if (served === undefined && initialize && m.method === 'notifications/initialized' && m.id === undefined) {
      queue.push({ message });
      return;
    }
    if (served === undefined && initialize && !listingTaken && only('initialize', 'notifications/initialized') && isPlainListing(m)) {
      listingTaken = true;
      pending++;
      queue.push({ message, answered: listEarly(m.id) });
      return;
    }
    queue.push({ message });
    void handOver();
  };
  wire.onmessage = opening;

  return {
    drained: async (maxMs) => {
      const until = Date.now() + maxMs;
      while (pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (!served) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const connection = await Promise.race([served, new Promise<undefined>((r) => { timer = setTimeout(() => r(undefined), Math.max(0, until - Date.now())); })]);
      clearTimeout(timer);
      await connection?.drained(Math.max(0, until - Date.now()));
    },
    close: async () => {
      const connection = served ? await served : undefined;
      if (connection) await connection.close();
      else await wire.close();
    },
  };
}

/** Starts the wire, then serves it (see serveOpening). */
export async function startOpening(s: Session, wire: Transport, log: Logger, loadServer: (transport: Transport) => Promise<StdioConnection>): Promise<StdioConnection> {
  const connection = serveOpening(s, wire, log, loadServer);
  await wire.start();
  return connection;
}
