// Typed failures of the platform client: a request that got no HTTP answer. Pure; shared by the
// client (which throws them) and the classifier (which describes them).

export type ForgeNetworkErrorKind =
  | 'canceled'
  | 'deadline'
  | 'refused-destination'
  | 'connection-refused'
  | 'dns'
  | 'timeout'
  | 'tls'
  | 'network'
  | 'unexpected';

/** The reason of an AbortSignal that ran past the action deadline. Any other reason is a cancel. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
  constructor(message = 'the action deadline was exceeded') {
    super(message);
  }
}

/** Error code set on the lookup failure when the outbound check refuses every resolved address. */
export const REFUSED_DESTINATION_CODE = 'EFORGEREFUSED';

export interface ForgeNetworkErrorInit {
  kind: ForgeNetworkErrorKind;
  method: string;
  /** scheme://host/path of the request that failed (never the query string). */
  url: string;
  /** Short, secret-free detail (an error code, the refused address). */
  detail?: string;
  code?: string;
  /** True when the failure happened before the request was written (safe to re-send any method). */
  beforeSend?: boolean;
  /** The refused address, for refused-destination. */
  address?: string;
}

export class ForgeNetworkError extends Error {
  override name = 'ForgeNetworkError';
  readonly kind: ForgeNetworkErrorKind;
  readonly method: string;
  readonly url: string;
  readonly detail: string;
  readonly code?: string;
  readonly beforeSend: boolean;
  readonly address?: string;
  constructor(init: ForgeNetworkErrorInit) {
    const detail = init.detail ?? init.code ?? init.kind;
    super(`${init.method.toUpperCase()} ${init.url}: ${detail}`);
    this.kind = init.kind;
    this.method = init.method.toUpperCase();
    this.url = init.url;
    this.detail = detail;
    this.code = init.code;
    this.beforeSend = init.beforeSend ?? false;
    this.address = init.address;
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'EAI_ADDRFAMILY', 'ESERVFAIL', 'ENODATA', 'ENONAME']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const NETWORK_CODES = new Set([
  'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL', 'ECONNABORTED',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'HPE_INVALID_CONSTANT', 'HPE_INVALID_CHUNK_SIZE', 'HPE_UNEXPECTED_CONTENT_LENGTH', 'ERR_SOCKET_CLOSED', 'UND_ERR_INFO',
]);
/** Connection failures that happen before the request is written: re-sent for any method. */
const BEFORE_SEND_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    code === 'EPROTO' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'HOSTNAME_MISMATCH' ||
    code === 'UND_ERR_PRX_TLS'
  );
}

/** The error code carried by an error or its cause chain. */
export function errorCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

const TLS_HANDSHAKE_RESET = /before secure TLS connection was established/i;
/** undici's abort error when the outbound proxy answers CONNECT with anything but 200. */
const PROXY_REFUSED = /Proxy response \((\d+)\) !== 200/;

/** The status an outbound proxy refused the tunnel with, when that is what failed. */
export function proxyRefusal(err: unknown): number | undefined {
  const m = PROXY_REFUSED.exec(errorMessages(err));
  return m ? Number(m[1]) : undefined;
}

/** The messages of an error and its cause chain, joined. */
function errorMessages(err: unknown): string {
  const out: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const m = (cur as { message?: unknown }).message;
    if (typeof m === 'string') out.push(m);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out.join(' ');
}

function errorName(err: unknown): string | undefined {
  return err && typeof err === 'object' && typeof (err as { name?: unknown }).name === 'string' ? (err as { name: string }).name : undefined;
}

/** True when an abort reason (or an error) means the deadline rather than a client cancel. */
export function isDeadlineReason(reason: unknown): boolean {
  return reason instanceof DeadlineError || errorName(reason) === 'DeadlineError';
}

/** Which kind of no-answer failure an arbitrary error is. */
export function networkKindOf(err: unknown): ForgeNetworkErrorKind {
  if (err instanceof ForgeNetworkError) return err.kind;
  if (isDeadlineReason(err)) return 'deadline';
  const name = errorName(err);
  const code = errorCode(err);
  if (code === REFUSED_DESTINATION_CODE) return 'refused-destination';
  // undici reports a proxy refusing the tunnel as an abort: it is a network error reaching the platform.
  if (proxyRefusal(err) !== undefined) return 'network';
  if (name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR' || name === 'RequestAbortedError') return 'canceled';
  if (!code) return 'unexpected';
  if (code === 'ECONNREFUSED') return 'connection-refused';
  // The peer closed the connection during the TLS handshake (for example https:// pointed at a plain
  // HTTP port): Node reports ECONNRESET with this sentence. The handshake failed; nothing was sent.
  if (code === 'ECONNRESET' && TLS_HANDSHAKE_RESET.test(errorMessages(err))) return 'tls';
  if (DNS_CODES.has(code)) return 'dns';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (isTlsCode(code)) return 'tls';
  if (NETWORK_CODES.has(code)) return 'network';
  return 'unexpected';
}

/** True when the failure happened while connecting, before anything was written. */
export function failedBeforeSend(err: unknown): boolean {
  if (err instanceof ForgeNetworkError) return err.beforeSend;
  if (proxyRefusal(err) !== undefined) return true; // the tunnel never opened: nothing reached the platform
  const code = errorCode(err);
  return code !== undefined && BEFORE_SEND_CODES.has(code);
}
