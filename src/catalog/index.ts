// The catalog: every action by canonical ID, by domain and by tool name.
import type { Action, DomainInfo } from './define.js';

export type { DomainInfo } from './define.js';

/**
 * The domains may resolve their actions on first use (the bundle's data file parses an action at a time, data.ts):
 * `get` and `ids` resolve no other action, `actions` every one.
 */
export class Catalog {
  readonly domains: ReadonlyMap<string, DomainInfo>;
  private all: readonly Action[] | undefined;
  private readonly byDomain = new Map<string, Map<string, Action>>();

  constructor(domains: readonly DomainInfo[]) {
    this.domains = new Map(domains.map((d) => [d.name, d]));
  }

  get actions(): readonly Action[] {
    return (this.all ??= [...this.domains.values()].flatMap((d) => d.actions));
  }

  /** Every action's ID, in catalog order; the build's data file lists them without resolving any action. */
  ids(): string[] {
    return [...this.domains.values()].flatMap((d) => d.ids ?? d.actions.map((a) => a.id));
  }

  /** An action by canonical ID (`domain.name`: an ID is its domain's name, a dot, then the action's). */
  get(id: string): Action | undefined {
    const d = this.domains.get(id.slice(0, Math.max(0, id.indexOf('.'))));
    if (!d) return undefined;
    if (d.action) return d.action(id);
    let byId = this.byDomain.get(d.name);
    if (!byId) this.byDomain.set(d.name, (byId = new Map(d.actions.map((a) => [a.id, a]))));
    return byId.get(id);
  }
}

/** Defined (true) by scripts/bundle.mjs: the bundled server reads the build's catalog data file, never the tables. */
declare const __FORGE_BUILD_DATA__: boolean | undefined;

let shared: Catalog | undefined;
let loading: Promise<Catalog> | undefined;

/**
 * Loads the built-in catalog (once per process), on first need: a stdio start lists the dynamic surface's two
 * tools without it. The bundle parses the data file the build wrote from the domain tables (data.ts, issue #31);
 * run from src/ or the unbundled dist/, the tables are evaluated and resolved here (tables.ts). The bundler
 * drops the branch not taken, so the bundle holds no domain table.
 */
export function loadCatalog(): Promise<Catalog> {
  loading ??= (typeof __FORGE_BUILD_DATA__ !== 'undefined'
    ? import('./data.js').then(({ readCatalogData }) => readCatalogData())
    : import('./tables.js').then(({ resolveTables }) => resolveTables())
  ).then((domains) => (shared = new Catalog(domains)));
  return loading;
}

/** The built-in catalog; loadCatalog() must have settled (every request handler awaits it). */
export function catalog(): Catalog {
  if (!shared) throw new Error('catalog not loaded yet');
  return shared;
}

/** Tool names on the individual and meta surfaces. */
export const individualToolName = (a: Action): string => `forge_${a.domain}_${a.name}`;
export const metaToolName = (domain: string): string => `forge_${domain}`;
