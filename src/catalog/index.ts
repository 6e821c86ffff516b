// The catalog: every action by canonical ID, by domain and by tool name.
import type { Action, DomainDef } from './define.js';
import { buildDomain } from './build.js';
import { DOMAINS } from './domains/index.js';

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
/** The built-in catalog, built once per process. */
export function catalog(): Catalog {
  shared ??= new Catalog(DOMAINS);
  return shared;
}

/** Tool names on the individual and meta surfaces. */
export const individualToolName = (a: Action): string => `forge_${a.domain}_${a.name}`;
export const metaToolName = (domain: string): string => `forge_${domain}`;
