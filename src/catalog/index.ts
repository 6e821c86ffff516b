// The catalog: every action by canonical ID, by domain and by tool name.
import type { Action, DomainDef } from './define.js';
import { buildDomain } from './build.js';

export interface DomainInfo {
  name: string;
  description: string;
  actions: Action[];
}

export class Catalog {
  readonly actions: readonly Action[];
  readonly domains: ReadonlyMap<string, DomainInfo>;
  private readonly byId: Map<string, Action>;

  constructor(defs: readonly DomainDef[]) {
    const domains = new Map<string, DomainInfo>();
    const all: Action[] = [];
    for (const def of defs) {
      const actions = buildDomain(def);
      domains.set(def.domain, { name: def.domain, description: def.description, actions });
      all.push(...actions);
    }
    this.actions = all;
    this.domains = domains;
    this.byId = new Map(all.map((a) => [a.id, a]));
  }

  get(id: string): Action | undefined {
    return this.byId.get(id);
  }
}

let shared: Catalog | undefined;
let loading: Promise<Catalog> | undefined;

/**
 * Loads the built-in catalog (once per process). The domain tables are imported here, not at start-up:
 * a stdio start lists the dynamic surface's two tools without them.
 */
export function loadCatalog(): Promise<Catalog> {
  loading ??= import('./domains/index.js').then(({ DOMAINS }) => (shared = new Catalog(DOMAINS)));
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
