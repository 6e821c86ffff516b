// How one setting's raw text becomes its value: the readers the settings table (settings.ts) names,
// and the start-up refusal they raise with the exact message (SPEC "Configuration").
import { resolve } from 'node:path';
import {
  canonicalForgeUrl, parseAddressOrCidr, parseBool, parseDuration, parseFileMode, parseHttpAddr, parseNonNegativeInt,
  parseNonNegativeNumber, parseServiceUrl, parseSize, parseTrustedOrigin, type Parsed,
} from './values.js';

/** A start-up refusal, thrown inside the loader and turned into its result. */
export class Refusal extends Error {
  constructor(readonly exitCode: number, message: string) { super(message); }
}
export function refuse(message: string, exitCode = 1): never {
  throw new Refusal(exitCode, message);
}

/** A value quoted for a message, cut short. Never used for the token. */
export function show(v: string): string {
  return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}...` : v);
}

/** A URL quoted for a message, with any credentials in it replaced. */
export function showUrl(v: string): string {
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

/** What a reader may look at besides the raw text: the transport and the injected file system. */
export interface ReadContext {
  readonly http: boolean;
  readonly cwd: string;
  readonly fileExists: (path: string) => boolean;
}

/**
 * A setting's reader: its default when nothing sets it, and how a raw value (named `what` in
 * messages: `--flag` or the variable) becomes the value. `list` readers get the comma-split items.
 */
export type Reader<T> =
  | { readonly kind: 'value'; readonly def: T | ((http: boolean) => T); readonly parse: (raw: string, what: string, ctx: ReadContext) => T }
  | { readonly kind: 'list'; readonly def: T; readonly parse: (items: readonly string[], what: string, ctx: ReadContext) => T };

const value = <T>(def: T | ((http: boolean) => T), parse: (raw: string, what: string, ctx: ReadContext) => T): Reader<T> => ({ kind: 'value', def, parse });

/** Text kept without surrounding spaces. */
export const trimmed = (): Reader<string | undefined> => value<string | undefined>(undefined, (raw) => raw.trim());
export const bool = (def: boolean): Reader<boolean> => value(def, (raw, what) => need(parseBool(raw), what, raw));
/** One of the accepted words (any case); with no default, unset stays undefined. */
export function choice<T extends string>(accepted: readonly T[], def: T): Reader<T>;
export function choice<T extends string>(accepted: readonly T[], def: undefined): Reader<T | undefined>;
export function choice<T extends string>(accepted: readonly T[], def: T | undefined): Reader<T | undefined> {
  return value<T | undefined>(def, (raw, what) => oneOf(raw, accepted, what));
}

/** A duration in ms; `positive` is the reason a zero is refused. */
export const duration = (def: number, positive?: string): Reader<number> => value(def, (raw, what) => {
  const ms = need(parseDuration(raw), what, raw);
  if (positive !== undefined && ms <= 0) refuse(`${what}=${show(raw)} is not valid: ${positive}`);
  return ms;
});

export const durationBetween = (def: number, min: number, max: number, range: string): Reader<number> => value(def, (raw, what) => {
  const ms = need(parseDuration(raw), what, raw);
  if (ms < min || ms > max) refuse(`${what}=${show(raw)} is out of range: ${range}`);
  return ms;
});

/** A byte count of at least one byte; `reason` says so in the refusal. */
export const size = (def: number, reason: string): Reader<number> => value(def, (raw, what) => {
  const n = need(parseSize(raw), what, raw);
  if (n <= 0) refuse(`${what}=${show(raw)} is not valid: ${reason}`);
  return n;
});

export const count = (def: number | ((http: boolean) => number), min = 0): Reader<number> => value(def, (raw, what) => {
  const n = need(parseNonNegativeInt(raw), what, raw);
  if (n < min) refuse(`${what}=${show(raw)} is not valid: expected at least ${min}`);
  return n;
});

export const rate = (def: (http: boolean) => number): Reader<number> => value(def, (raw, what) => need(parseNonNegativeNumber(raw), what, raw));

export const fileMode = (def: number): Reader<number> => value(def, (raw, what) => need(parseFileMode(raw), what, raw));

/** `--http-addr`: checked here, kept as given (the loader derives the listener from it). */
export const httpAddr = (def: string): Reader<string> => value(def, (raw, what) => {
  need(parseHttpAddr(raw), what, raw);
  return raw;
});

export const serviceUrl = (): Reader<string | undefined> => value<string | undefined>(undefined, (raw, what) => needUrl(parseServiceUrl(raw), what, raw));

/** A path resolved against the working directory (existence is checked by the loader's rules). */
export const path = (): Reader<string | undefined> => value<string | undefined>(undefined, (raw, _what, ctx) => resolve(ctx.cwd, raw));

/** A file that must exist: SSL_CERT_FILE. */
export const caBundle = (): Reader<string | undefined> => value<string | undefined>(undefined, (raw, what, ctx) => {
  const file = resolve(ctx.cwd, raw.trim());
  if (!ctx.fileExists(file)) refuse(`${what}=${show(raw)} names no readable file; point it at a PEM CA bundle or unset it`);
  return file;
});

/** A redis:// or rediss:// URL. It may carry a password, so a refusal names the variable only. */
export const redisUrl = (): Reader<string | undefined> => value<string | undefined>(undefined, (raw, what) => {
  const url = raw.trim();
  let scheme = '';
  try { scheme = new URL(url).protocol; } catch { /* not a URL */ }
  if (scheme !== 'redis:' && scheme !== 'rediss:') refuse(`${what} is not valid: expected a redis:// or rediss:// URL (redis://[:password@]host[:port][/db])`);
  return url;
});

const list = <T>(parse: (items: readonly string[], what: string) => T[]): Reader<readonly T[]> => ({ kind: 'list', def: [], parse });

/** Items as given, each once. */
export const names = (): Reader<readonly string[]> => list((items) => [...new Set(items)]);

/** Items checked one by one, each kept once in its canonical form; `wrong` words the refusal. */
const checked = (check: (raw: string) => Parsed<string>, wrong: (what: string, raw: string, error: string) => string): Reader<readonly string[]> =>
  list((items, what) => {
    const out: string[] = [];
    for (const raw of items) {
      const p = check(raw);
      if (!p.ok) refuse(wrong(what, raw, p.error));
      else if (!out.includes(p.value)) out.push(p.value);
    }
    return out;
  });

export const instances = (): Reader<readonly string[]> =>
  checked(canonicalForgeUrl, (what, raw, error) => `${what} ${showUrl(raw)} is not a valid instance address: ${error} (for example https://gitlab.example.com)`);
export const proxies = (): Reader<readonly string[]> =>
  checked(parseAddressOrCidr, (what, raw, error) => `${what} entry ${show(raw)} is not valid: ${error}`);
export const origins = (): Reader<readonly string[]> =>
  checked(parseTrustedOrigin, (what, raw, error) => `${what} entry ${show(raw)} is malformed: ${error}`);
